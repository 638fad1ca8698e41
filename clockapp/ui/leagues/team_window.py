"""The team event window: run the tournament as a team event (the rules sheet's template, or
an edited formula), check helpers and spectators in and out, record a player's time away, give
the worst beat, and watch the team standings share their 100 points.

The worst beat's player comes from the director (the worst-beat ranking proposes one; the
`worst_beat_combo` is the one input for it). Every action is one service call on the station's
worker (its button busy until it answers), and what the window shows is read there too.
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.lists import format_list
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from clockapp import formats
from clockapp.core.points import TEAM_EVENT_FORMULA, Role
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.leagues import TeamEventView
from clockapp.services.results import ResultRow
from clockapp.services.showdown import BeatView
from clockapp.ui.bus import LatestRead, TournamentBus
from clockapp.ui.errors import guard, report
from clockapp.ui.leagues.formula_dialog import FormulaDialog
from clockapp.ui.leagues.models import AttendanceModel, TeamStandingsModel
from clockapp.ui.leagues.points_window import PointsWindow, problem_label, rows_table

REFRESH = Change.ENTRIES | Change.PLAYERS | Change.TOURNAMENT | Change.SEATING


@dataclass(frozen=True)
class _TeamRead:
    """What the window shows, read on the worker."""

    view: TeamEventView | None
    results: tuple[ResultRow, ...]
    worst_beat: BeatView | None


class TeamEventWindow(PointsWindow):
    """The current tournament as a team event."""

    REFRESH = REFRESH
    view: TeamEventView | None = None
    _reads: LatestRead[_TeamRead] | None = None

    def __init__(
        self, services: Services, bus: TournamentBus, parent: QWidget | None = None
    ) -> None:
        super().__init__(services, bus, _("clockapp — team event"), parent)

    def _setup_ui(self) -> None:
        central = QWidget()
        root = QVBoxLayout(central)
        top = QHBoxLayout()
        self.status_label = QLabel("")
        self.status_label.setWordWrap(True)
        top.addWidget(self.status_label, 1)
        self.set_up_button = QPushButton(_("Run as a team event"))
        self.set_up_button.clicked.connect(guard(self, self.set_up))
        self.formula_button = QPushButton(_("Formula…"))
        self.formula_button.clicked.connect(guard(self, self.edit_formula))
        top.addWidget(self.set_up_button)
        top.addWidget(self.formula_button)
        root.addLayout(top)
        self.problem_label = problem_label()
        root.addWidget(self.problem_label)

        body = QHBoxLayout()
        standings = QGroupBox(_("Team standings (100 points shared)"))
        standings_layout = QVBoxLayout(standings)
        self.standings_model = TeamStandingsModel(self)
        self.standings_table = rows_table(self.standings_model, 1)
        standings_layout.addWidget(self.standings_table)
        body.addWidget(standings, 1)

        people = QGroupBox(_("Helpers and spectators"))
        people_layout = QVBoxLayout(people)
        self.attendance_model = AttendanceModel(self)
        self.attendance_table = rows_table(self.attendance_model, 1)
        people_layout.addWidget(self.attendance_table, 1)
        form = QFormLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(_("Name"))
        self.team_combo = QComboBox()
        self.team_combo.setEditable(True)
        self.role_combo = QComboBox()
        for role in (Role.HELPER, Role.SPECTATOR):
            self.role_combo.addItem(role.value, role)
        form.addRow(_("Name"), self.name_edit)
        form.addRow(_("Team"), self.team_combo)
        form.addRow(_("Role"), self.role_combo)
        people_layout.addLayout(form)
        buttons = QHBoxLayout()
        self.check_in_button = QPushButton(_("Check in"))
        self.check_in_button.clicked.connect(guard(self, self.check_in))
        self.check_out_button = QPushButton(_("Check out selected"))
        self.check_out_button.clicked.connect(guard(self, self.check_out))
        buttons.addWidget(self.check_in_button)
        buttons.addWidget(self.check_out_button)
        people_layout.addLayout(buttons)
        body.addWidget(people, 1)
        root.addLayout(body, 1)

        players = QGroupBox(_("Players"))
        players_form = QFormLayout(players)
        self.player_combo = QComboBox()
        away_row = QHBoxLayout()
        self.away_spin = QSpinBox()
        self.away_spin.setRange(0, 24 * 60)
        self.away_spin.setSuffix(_(" min"))
        self.away_button = QPushButton(_("Set time away"))
        self.away_button.clicked.connect(guard(self, self.set_away))
        away_row.addWidget(self.player_combo, 1)
        away_row.addWidget(self.away_spin)
        away_row.addWidget(self.away_button)
        players_form.addRow(_("Longest time away"), away_row)
        worst_row = QHBoxLayout()
        self.worst_beat_combo = QComboBox()
        self.worst_beat_button = QPushButton(_("Give the worst beat"))
        self.worst_beat_button.clicked.connect(guard(self, self.give_worst_beat))
        worst_row.addWidget(self.worst_beat_combo, 1)
        worst_row.addWidget(self.worst_beat_button)
        players_form.addRow(_("Worst beat (5 points)"), worst_row)
        root.addWidget(players)
        self.setCentralWidget(central)
        self.resize(1000, 640)

    # ------------------------------------------------------------------ reading
    def refresh(self) -> None:
        """Read the team event again (on the worker; shown when the read answers)."""
        if self._reads is None:
            self._reads = LatestRead(self._bus, self._read, self._show, self._on_read_failed)
        self._reads.ask()

    def _read(self) -> _TeamRead:
        tid = self._bus.tournament_id
        return _TeamRead(
            self._services.team_event.view(tid),
            tuple(self._services.results.results(tid)),
            self._services.showdown.worst_beat(tid),
        )

    def _on_read_failed(self, error: Exception) -> None:
        report(error, self)

    def _show(self, read: _TeamRead) -> None:
        self.view = read.view
        on = self.view is not None
        for widget in (
            self.formula_button,
            self.check_in_button,
            self.check_out_button,
            self.away_button,
            self.worst_beat_button,
        ):
            widget.setEnabled(on)
        self.set_up_button.setEnabled(not on)
        results = read.results
        for combo, blank in ((self.player_combo, None), (self.worst_beat_combo, "(nobody)")):
            keep = combo.currentData()
            combo.clear()
            if blank is not None:
                combo.addItem(blank, None)
            for r in results:
                combo.addItem(r.name, r.registration_id)
            index = combo.findData(keep)
            combo.setCurrentIndex(max(0, index))
        if self.view is None:
            self.status_label.setText(
                _(
                    "This tournament is not a team event. Players' teams come from the player "
                    "database; run it as a team event to score them."
                )
            )
            self.problem_label.setText("")
            self.standings_model.set_standings(())
            self.attendance_model.set_attendance(())
            return
        view = self.view
        template = "".join(view.formula.split()) == "".join(TEAM_EVENT_FORMULA.split())
        formula = _("the rules sheet's template") if template else view.formula
        self.status_label.setText(
            (
                _("Team event · worst beat: {beat} · points: {formula}")
                if view.worst_beat
                else _("Team event · worst beat: not given yet · points: {formula}")
            ).format(beat=view.worst_beat, formula=formula)
        )
        self.status_label.setToolTip(view.formula)
        self.problem_label.setText(view.problem)
        self.standings_model.set_standings(view.standings)
        self.attendance_model.set_attendance(
            a for a in view.attendance if a.registration_id is None
        )
        teams = sorted({s.team for s in view.standings})
        text = self.team_combo.currentText()
        self.team_combo.clear()
        self.team_combo.addItems(teams)
        self.team_combo.setEditText(text or (teams[0] if teams else ""))
        worst = self.worst_beat_combo.findData(view.worst_beat_id)
        self.worst_beat_combo.setCurrentIndex(max(0, worst))
        self._suggest_worst_beat(read.worst_beat, view.worst_beat_id is None)

    def _suggest_worst_beat(self, beat: BeatView | None, choose: bool) -> None:
        """The night's worst beat, ranked by its exact chance (the showdowns kept): named in the
        tooltip, and chosen in the list while none is given (the director still gives it)."""
        combo = self.worst_beat_combo
        if beat is None:
            combo.setToolTip(_("No bad beat recorded yet (Wall > Keep as a bad beat)."))
            return
        beaten = format_list(list(beat.beaten), locale=formats.current_locale())
        combo.setToolTip(
            _(
                "The night's worst beat: {beaten}, beaten by {winner} ({odds} on the {street})."
            ).format(beaten=beaten, winner=beat.winner, odds=beat.odds, street=beat.street)
        )
        found = [i for i in (combo.findText(name) for name in beat.beaten) if i >= 0]
        if choose and len(found) == 1:
            combo.setCurrentIndex(found[0])

    # ------------------------------------------------------------------ actions
    def set_up(self) -> None:
        """Run the tournament as a team event with the rules sheet's template."""
        tid = self._bus.tournament_id
        self._bus.submit(
            lambda: self._services.team_event.set_up(tid, TEAM_EVENT_FORMULA),
            control=self.set_up_button,
        )

    def edit_formula(self) -> FormulaDialog | None:
        """Edit each person's formula, with the preview on this tournament."""
        if self.view is None:
            return None
        tid = self._bus.tournament_id
        return self._open_formula(
            self.view.formula,
            _("Team event points"),
            lambda formula: self._services.team_event.set_up(tid, formula),
        )

    def check_in(self) -> None:
        """Check in the helper or spectator typed in the form."""
        tid, name = self._bus.tournament_id, self.name_edit.text()
        team, role = self.team_combo.currentText(), self.role_combo.currentData()
        self._bus.submit(
            lambda: self._services.team_event.check_in(tid, name, team, role),
            lambda _value: self.name_edit.clear(),
            control=self.check_in_button,
        )

    def check_out(self) -> None:
        """Check out the selected helper or spectator."""
        rows = self.attendance_table.selectionModel().selectedRows()
        person = self.attendance_model.row_at(rows[0]) if rows else None
        if person is None:
            raise ValidationError(_("Select who is leaving first."))
        tid = self._bus.tournament_id
        self._bus.submit(
            lambda: self._services.team_event.check_out(tid, person.id),
            control=self.check_out_button,
        )

    def set_away(self) -> None:
        """Record the chosen player's longest time away."""
        tid, rid = self._bus.tournament_id, self.player_combo.currentData()
        minutes = self.away_spin.value()
        if rid is None:
            raise ValidationError(_("Choose a player first."))
        self._bus.submit(
            lambda: self._services.team_event.set_away(tid, rid, minutes),
            control=self.away_button,
        )

    def give_worst_beat(self) -> None:
        """Give the worst beat to the chosen player ('(nobody)' takes it back)."""
        tid, rid = self._bus.tournament_id, self.worst_beat_combo.currentData()
        self._bus.submit(
            lambda: self._services.team_event.set_worst_beat(tid, rid),
            control=self.worst_beat_button,
        )
