"""The league window: leagues, the tournaments they count, standings and each player's season.

The director picks a league (or makes one: a name, then its formula in the formula editor with
the preview on the current tournament), counts the current tournament in it or takes it out,
edits the formula and the tie-breaks, and exports the standings as CSV or PDF. Selecting a
player shows their season tournament by tournament (tickets won too); a second tab charts the
top players' points through the season. Every action is one service call on the station's
worker (its button busy until it answers), and what the window shows is read there too; a
refusal is a message and nothing changes.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import QItemSelection
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.money.amounts import format_cents
from clockapp.core.points import Season, TieBreak
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.leagues import (
    LeagueInfo,
    LeagueView,
    league_results_csv,
    league_standings_csv,
)
from clockapp.ui.bus import TournamentBus
from clockapp.ui.charts.figures import chart_view
from clockapp.ui.errors import guard, report
from clockapp.ui.exports import ask_csv_path, ask_save_path, export_file_name, write_csv
from clockapp.ui.leagues.chart import season_chart
from clockapp.ui.leagues.formula_dialog import FormulaDialog
from clockapp.ui.leagues.models import EventsModel, StandingsModel
from clockapp.ui.leagues.points_window import PointsWindow, problem_label, rows_table
from clockapp.ui.leagues.report import write_league_pdf

#: A new league's formula: one point per player beaten, plus one for taking part.
DEFAULT_FORMULA = "entrants - place + 1 if place else 0"
DEFAULT_TIE_BREAKS = "wins, cashes, best finish, head-to-head"
REFRESH = Change.TOURNAMENT | Change.ENTRIES | Change.PLAYERS | Change.PAYOUTS | Change.LEDGER


def _tickets(season: Season) -> str:
    if not season.tickets:
        return _("no ticket won")
    seats = escape("; ".join(season.tickets))
    worth = format_cents(season.ticket_value)
    return ngettext(
        "{count} ticket won ({seats}, worth {worth})",
        "{count} tickets won ({seats}, worth {worth})",
        len(season.tickets),
    ).format(count=len(season.tickets), seats=seats, worth=worth)


class LeagueWindow(PointsWindow):
    """Leagues and their standings."""

    REFRESH = REFRESH
    view: LeagueView | None = None

    def __init__(
        self, services: Services, bus: TournamentBus, parent: QWidget | None = None
    ) -> None:
        self._reads = 0  # reads asked; only the last one's answer is shown
        super().__init__(services, bus, "clockapp — leagues", parent)

    def _setup_ui(self) -> None:
        central = QWidget()
        root = QVBoxLayout(central)
        top = QHBoxLayout()
        top.addWidget(QLabel(_("League:")))
        self.league_combo = QComboBox()
        self.league_combo.setMinimumWidth(220)
        self.league_combo.currentIndexChanged.connect(self._on_league_combo_changed)
        top.addWidget(self.league_combo, 1)
        self.new_name = QLineEdit()
        self.new_name.setPlaceholderText(_("New league name"))
        top.addWidget(self.new_name)
        self.new_button = QPushButton(_("New league…"))
        self.new_button.clicked.connect(guard(self, self.start_new_league))
        top.addWidget(self.new_button)
        root.addLayout(top)

        self.formula_label = QLabel("")
        self.formula_label.setWordWrap(True)
        root.addWidget(self.formula_label)
        self.problem_label = problem_label()
        self.problem_label.setObjectName("league_problem")
        root.addWidget(self.problem_label)
        self.tournaments_label = QLabel("")
        self.tournaments_label.setWordWrap(True)
        root.addWidget(self.tournaments_label)

        row = QHBoxLayout()
        self.formula_button = QPushButton(_("Formula…"))
        self.formula_button.clicked.connect(guard(self, self.edit_formula))
        self.add_button = QPushButton(_("Count this tournament"))
        self.add_button.clicked.connect(guard(self, self.add_current))
        self.remove_button = QPushButton(_("Take this tournament out"))
        self.remove_button.clicked.connect(guard(self, self.remove_current))
        for button in (self.formula_button, self.add_button, self.remove_button):
            row.addWidget(button)
        row.addStretch(1)
        row.addWidget(QLabel(_("Tie-breaks:")))
        self.tie_breaks_edit = QLineEdit()
        self.tie_breaks_edit.setToolTip(
            _("In order, separated by commas: {choices}").format(
                choices=", ".join(t.value for t in TieBreak)
            )
        )
        self.tie_breaks_edit.setMinimumWidth(300)
        row.addWidget(self.tie_breaks_edit)
        self.tie_breaks_button = QPushButton(_("Save tie-breaks"))
        self.tie_breaks_button.clicked.connect(guard(self, self.save_tie_breaks))
        row.addWidget(self.tie_breaks_button)
        root.addLayout(row)

        splitter = QSplitter()
        self.standings_model = StandingsModel(self)
        self.standings_table = rows_table(self.standings_model, 1, fit=True)
        self.standings_table.selectionModel().selectionChanged.connect(
            self._on_standings_selection_changed
        )
        splitter.addWidget(self.standings_table)
        season = QWidget()
        season_layout = QVBoxLayout(season)
        season_layout.setContentsMargins(0, 0, 0, 0)
        self.season_label = QLabel(_("Select a player to see their season."))
        self.season_label.setWordWrap(True)
        season_layout.addWidget(self.season_label)
        self.events_model = EventsModel(self)
        # The figures as wide as they need; the tournament's name takes the rest.
        self.events_table = rows_table(self.events_model, 0, fit=True)
        season_layout.addWidget(self.events_table)
        splitter.addWidget(season)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        self.tabs = QTabWidget()
        self.tabs.addTab(splitter, _("Standings"))
        self.season_chart_view = chart_view(season_chart(None))
        self.tabs.addTab(self.season_chart_view, _("Points through the season"))
        root.addWidget(self.tabs, 1)

        bottom = QHBoxLayout()
        bottom.addStretch(1)
        self.csv_button = QPushButton(_("Export CSV…"))
        self.csv_button.clicked.connect(guard(self, self.export_csv))
        self.pdf_button = QPushButton(_("Export PDF…"))
        self.pdf_button.clicked.connect(guard(self, self.export_pdf))
        bottom.addWidget(self.csv_button)
        bottom.addWidget(self.pdf_button)
        root.addLayout(bottom)
        self.setCentralWidget(central)
        self.resize(1100, 680)

    # ------------------------------------------------------------------ reading
    @property
    def league(self) -> LeagueInfo | None:
        """The league shown."""
        return self.view.league if self.view is not None else None

    def refresh(self, select: int | None = None) -> None:
        """Read the leagues again, on the station's worker; keep the one shown (or show
        `select`)."""
        keep = select if select is not None else self.league_combo.currentData()
        self._read(keep, with_leagues=True)

    def _read(self, league_id: int | None, *, with_leagues: bool) -> None:
        leagues_service = self._services.leagues

        def read() -> tuple[tuple[LeagueInfo, ...] | None, LeagueView | None]:
            leagues = tuple(leagues_service.leagues()) if with_leagues else None
            shown = league_id
            if leagues is not None and all(info.id != shown for info in leagues):
                shown = leagues[0].id if leagues else None
            return leagues, leagues_service.standings(shown) if shown else None

        self._reads += 1
        number = self._reads

        def answered(answer: tuple[tuple[LeagueInfo, ...] | None, LeagueView | None]) -> None:
            if number == self._reads:  # else a newer read is on its way, or was shown
                self._show(*answer)

        self._bus.refresh(read, answered, lambda error: report(error, self))

    def _show(self, leagues: tuple[LeagueInfo, ...] | None, view: LeagueView | None) -> None:
        if leagues is not None:
            self.league_combo.blockSignals(True)
            self.league_combo.clear()
            for info in leagues:
                self.league_combo.addItem(info.name, info.id)
            index = self.league_combo.findData(view.league.id if view is not None else None)
            self.league_combo.setCurrentIndex(index if index >= 0 else (0 if leagues else -1))
            self.league_combo.blockSignals(False)
        self.view = view
        self._show_league()

    def _show_league(self) -> None:
        has = self.view is not None
        for button in (
            self.formula_button,
            self.add_button,
            self.remove_button,
            self.tie_breaks_button,
            self.csv_button,
            self.pdf_button,
        ):
            button.setEnabled(has)
        self.problem_label.setText(self.view.problem if self.view is not None else "")
        if self.view is None:
            self.formula_label.setText(_("No league yet: type a name and press New league."))
            self.tournaments_label.setText("")
            self.standings_model.set_standings(())
            self.events_model.set_events(())
            self._draw_season_chart()
            return
        league = self.view.league
        self.formula_label.setText(
            _("Points: <code>{formula}</code>").format(formula=league.formula)
        )
        if league.tournaments:
            names = ", ".join(name for _tid, name in league.tournaments)
            self.tournaments_label.setText(
                ngettext(
                    "{count} tournament: {names}",
                    "{count} tournaments: {names}",
                    len(league.tournaments),
                ).format(count=len(league.tournaments), names=names)
            )
        else:
            self.tournaments_label.setText(_("No tournament counted yet."))
        counted = any(tid == self._bus.tournament_id for tid, _name in league.tournaments)
        self.add_button.setEnabled(not counted)
        self.remove_button.setEnabled(counted)
        self.tie_breaks_edit.setText(", ".join(b.value for b in league.tie_breaks))
        self.standings_model.set_standings(self.view.standings)
        self._draw_season_chart()
        self.events_model.set_events(())
        self.season_label.setText(_("Select a player to see their season."))

    def _draw_season_chart(self) -> None:
        old = self.season_chart_view.chart()
        self.season_chart_view.setChart(season_chart(self.view))
        old.deleteLater()

    def show_season(self, row: int) -> None:
        """Show the season of the player on standings line `row`."""
        if self.view is None or not 0 <= row < len(self.view.standings):
            return
        season = self.view.standings[row].season
        names = dict(self.view.league.tournaments)
        self.events_model.set_events(
            (names.get(r.tournament_id, ""), r) for r in self.view.events_of(season.player_id)
        )
        average = f"{season.average_finish:.1f}" if season.average_finish is not None else "—"
        self.season_label.setText(
            _(
                "<b>{name}</b>: {tournaments}, {entries}, {cashes}, {wins}, "
                "average finish {average}, {tickets}"
            ).format(
                name=escape(season.name),
                tournaments=ngettext(
                    "{count} tournament", "{count} tournaments", season.events
                ).format(count=season.events),
                entries=ngettext("{count} entry", "{count} entries", season.entries).format(
                    count=season.entries
                ),
                cashes=ngettext("{count} cash", "{count} cashes", season.cashes).format(
                    count=season.cashes
                ),
                wins=ngettext("{count} win", "{count} wins", season.wins).format(count=season.wins),
                average=average,
                tickets=_tickets(season),
            )
        )

    # ------------------------------------------------------------------ actions
    def start_new_league(self) -> FormulaDialog | None:
        """New league: its name from the box, then its formula in the editor (opened)."""
        name = self.new_name.text().strip()
        if not name:
            self.new_name.setFocus()
            raise ValidationError(_("Type the new league's name first."))
        dialog = FormulaDialog(
            self._services,
            self._bus,
            DEFAULT_FORMULA,
            _("{league}: points").format(league=name),
            self,
        )

        def accepted() -> None:
            formula = dialog.formula()

            def created(info: LeagueInfo) -> None:
                self.new_name.clear()
                self.refresh(select=info.id)

            self._bus.submit(
                lambda: self._services.leagues.create(name, formula, DEFAULT_TIE_BREAKS),
                created,
                control=self.new_button,
            )

        dialog.accepted.connect(guard(self, accepted))
        self.dialog = dialog
        dialog.open()
        return dialog

    def edit_formula(self) -> FormulaDialog | None:
        """Edit the league's formula (saved only once it works on every tournament)."""
        league = self.league
        if league is None:
            return None
        return self._open_formula(
            league.formula,
            f"{league.name}: points",
            lambda formula: self._services.leagues.update(league.id, formula=formula),
        )

    def add_current(self) -> None:
        """Count the tournament shown in every window in this league."""
        if self.league is not None:
            league_id, tid = self.league.id, self._bus.tournament_id
            self._bus.submit(
                lambda: self._services.leagues.add_tournament(league_id, tid),
                control=self.add_button,
            )

    def remove_current(self) -> None:
        """Stop counting the current tournament in this league."""
        if self.league is not None:
            league_id, tid = self.league.id, self._bus.tournament_id
            self._bus.submit(
                lambda: self._services.leagues.remove_tournament(league_id, tid),
                control=self.remove_button,
            )

    def save_tie_breaks(self) -> None:
        """Save the tie-breaks as typed (in order)."""
        if self.league is not None:
            league_id, text = self.league.id, self.tie_breaks_edit.text()
            self._bus.submit(
                lambda: self._services.leagues.update(league_id, tie_breaks=text),
                control=self.tie_breaks_button,
            )

    def _ask_path(self, title: str, what: str, kind: str) -> str:
        league = self.view.league.name if self.view is not None else ""
        suffix = "pdf" if "pdf" in kind else "csv"
        day = self._services.now().astimezone().date()
        return ask_save_path(self, title, export_file_name(league, day, what, suffix), kind)

    def export_csv(self, path: str | None = None) -> str | None:
        """Write the standings CSV, and the results beside it (`…-results.csv`)."""
        if self.view is None:
            return None
        separator = ""  # the locale's, unless the save dialog's file type chose another
        if not path:
            day = self._services.now().astimezone().date()
            name = export_file_name(self.view.league.name, day, "standings", "csv")
            path, separator = ask_csv_path(self, _("Export standings"), name)
        if not path:
            return None
        target = Path(path)
        write_csv(target, league_standings_csv(self.view), separator)
        results = target.with_name(f"{target.stem}-results{target.suffix or '.csv'}")
        write_csv(results, league_results_csv(self.view), separator)
        return str(target)

    def export_pdf(self, path: str | None = None) -> str | None:
        """Write the standings and results as a PDF."""
        if self.view is None:
            return None
        path = path or self._ask_path(_("League report"), "standings", _("PDF (*.pdf)"))
        if not path:
            return None
        return str(write_league_pdf(path, self.view, self._services.now()))

    # ------------------------------------------------------------------ slots
    def _on_league_combo_changed(self, _index: int) -> None:
        self._read(self.league_combo.currentData(), with_leagues=False)

    def _on_standings_selection_changed(self, selected: QItemSelection, _old: object) -> None:
        rows = [index.row() for index in selected.indexes()]
        if rows:
            self.show_season(rows[0])
