"""`ChipRaceDialog`: the director runs the chip race of a colour-up from the laptop.

The dialog says which chips go and what replaces them (the colour-up notice), lists the players
of the chosen table in seat order, and takes each player's chips of the removed values (all of
them: the dealer's exchange of whole chips is counted for him) and whether they are his last
chips. As the counts are typed it says how many chips of the next colour are raced, by the
house's rounding. "Run the race" is one service call (`services.chip_race.run`, on the station's
worker: the button is busy until it answers, so a second press races nothing more): the cards are
drawn with a recorded seed, or the real cards dealt are typed per player. A refusal (no odd
chips, a card twice, too few cards) shows in red in the dialog and nothing changes, on the wall
either; after the race the dialog tells each player what to take, as the wall shows it. A
colour-up races every table: the director picks the next one and races it in the same opening;
the tables raced say so in the list and keep what their players take. A misdealt race is dealt
again only once the director ticks "Race again after a misdeal"; the new race replaces it.

The race to run and the newest chip counts are read on the station's worker, and the dialog
opens when that answers (`open_chip_race`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from clockapp import formats
from clockapp.core.chip_race import (
    ChipRace,
    Rounding,
    chips_from_count,
    chips_raced,
    odd_chips,
    tell,
)
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.chip_race import RacePick, RaceSetup, RaceTable
from clockapp.ui.bus import TournamentBus
from clockapp.ui.wall.players_dialog import PlayersDialog

#: More chips of one value than a player could hold: a slip of the finger.
MAX_CHIPS = 999


class _PlayerRow:
    """One player's inputs: a count per removed value, last chips, the cards dealt."""

    def __init__(self, registration_id: int, name: str, removed: tuple[int, ...]) -> None:
        self.registration_id = registration_id
        self.name_label = QLabel(name)
        self.spins = []
        for value in removed:
            spin = QSpinBox()
            spin.setObjectName(f"odd_{registration_id}_{value}")
            spin.setRange(0, MAX_CHIPS)
            spin.setToolTip(
                _("How many T{value} chips {name} has").format(
                    value=formats.chips(value), name=name
                )
            )
            self.spins.append(spin)
        self.last_box = QCheckBox(_("last chips"))
        self.last_box.setToolTip(
            _("{name} has no other chips: they must not be raced out of the tournament").format(
                name=name
            )
        )
        self.cards_edit = QLineEdit()
        self.cards_edit.setObjectName(f"cards_{registration_id}")
        self.cards_edit.setPlaceholderText(_("e.g. As Td 9c"))

    def chips(self) -> tuple[int, ...]:
        return tuple(spin.value() for spin in self.spins)

    def pick(self, real_cards: bool) -> RacePick:
        cards = tuple(self.cards_edit.text().replace(",", " ").split()) if real_cards else ()
        return RacePick(self.registration_id, self.chips(), self.last_box.isChecked(), cards)


def _how(seed: int | None) -> str:
    """How a race's cards came: `a draw with seed 42`, or the cards entered."""
    return (
        _("the cards entered") if seed is None else _("a draw with seed {seed}").format(seed=seed)
    )


@dataclass(frozen=True)
class ChipRaceRead:
    """What the dialog opens with: the race to run, and the newest chip counts
    (registration id -> chips) its odd chips can be taken from."""

    setup: RaceSetup
    counts: dict[int, int]


def read_chip_race(services: Services, tournament_id: int) -> ChipRaceRead:
    """Everything the dialog opens with, in one read (on the station's worker)."""
    with services.ctx.shared_reads():
        return ChipRaceRead(
            services.chip_race.setup(tournament_id), services.chip_counts.counts(tournament_id)
        )


class ChipRaceDialog(PlayersDialog):
    """Odd chips per player at a table; "Run the race" races them onto the wall."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        held: ChipRaceRead,
        parent: QWidget | None = None,
    ):
        setup = held.setup
        super().__init__(services, bus, setup.tables, parent)
        self._counts = held.counts  # the newest chip counts, for `take_from_counts`
        self.setObjectName("chip_race_dialog")
        self.setWindowTitle(_("Chip race"))
        self.setup = setup
        self.race: ChipRace | None = None
        # What each table raced at this colour-up was told (table number -> the summary), in
        # this opening or an earlier one.
        self.raced: dict[int | None, str] = {
            done.number: _("Raced already ({how}):\n{told}").format(
                how=_how(done.seed), told="\n".join(done.told)
            )
            for done in setup.raced
        }
        layout = self._layout
        up = self.setup.color_up
        self.notice_label = QLabel(
            up.describe() if up is not None else _("No break of this structure colours up a chip.")
        )
        self.notice_label.setWordWrap(True)
        self.notice_label.setStyleSheet("font-weight: bold;")
        layout.addWidget(self.notice_label)

        layout.addWidget(self.table_combo)
        self.rounding_combo = QComboBox()
        self.rounding_combo.setAccessibleName(_("Rounding"))
        for rounding in Rounding:
            self.rounding_combo.addItem(
                _("Round the chips raced {rounding}").format(rounding=rounding.label), rounding
            )
        self.rounding_combo.currentIndexChanged.connect(self._on_input_changed)
        layout.addWidget(self.rounding_combo)
        self.from_counts_button = QPushButton(_("Take the odd chips from the chip counts"))
        self.from_counts_button.setToolTip(
            _("Each counted stack's odd part (what is not a whole chip of the next colour)")
        )
        self.from_counts_button.clicked.connect(lambda _=False: self.take_from_counts())
        layout.addWidget(self.from_counts_button)
        self.draw_radio = QRadioButton(_("Deal the cards here (a seeded draw, kept with the race)"))
        self.real_radio = QRadioButton(_("Enter the cards dealt at the table"))
        self.draw_radio.setChecked(True)
        self.draw_radio.toggled.connect(self._on_input_changed)
        layout.addWidget(self.draw_radio)
        layout.addWidget(self.real_radio)

        self._grid = self._add_rows(QGridLayout)
        self.rows: list[_PlayerRow] = []

        # A table raced is done; only a misdealt race is dealt again, and the director says so.
        self.misdeal_box = QCheckBox(
            _("Race again after a misdeal (this table's race replaces it)")
        )
        self.misdeal_box.toggled.connect(self._on_input_changed)
        layout.addWidget(self.misdeal_box)

        self.summary_label = self._add_footer("summary_label")
        self.run_button = self._add_button(_("Run the race"), self.run_race)
        self.run_button.setDefault(True)
        for index, table in enumerate(self.tables):
            if table.number in self.raced:
                self._mark_raced(index)
        waiting = [i for i, t in enumerate(self.tables) if t.number not in self.raced]
        if waiting and waiting[0] != self.table_combo.currentIndex():
            self.table_combo.setCurrentIndex(waiting[0])  # builds its rows
        else:
            self._on_table_combo_changed()
        self.resize(640, 560)

    # ---------------------------------------------------------------- reading the inputs
    def rounding(self) -> Rounding:
        """The house's rounding chosen."""
        return Rounding(self.rounding_combo.currentData())

    def row(self, name: str) -> _PlayerRow:
        """The inputs of the player called `name` (tests use it)."""
        return next(r for r in self.rows if r.name_label.text() == name)

    def raced_text(self) -> str:
        """`Odd chips T175: 2 × T100 black raced (up at half or more)`, or why not."""
        up = self.setup.color_up
        if up is None or up.target is None:
            return _("Nothing to race: no colour-up removes a chip for a larger one.")
        removed, target = self.setup.removed, up.target.value
        odd_value = sum(odd_chips(r.chips(), removed, target)[2] for r in self.rows)
        if odd_value == 0:
            return _("No odd chips yet: type each player's chips of the colour that goes.")
        raced = chips_raced(odd_value, target, self.rounding())
        return _("Odd chips worth T{value}: {raced} × {chip} raced (rounded {rounding}).").format(
            value=formats.chips(odd_value),
            raced=raced,
            chip=up.target.label,
            rounding=self.rounding().label,
        )

    # ---------------------------------------------------------------- acting
    def take_from_counts(self) -> int:
        """Fill each counted player's odd chips and last chips from his newest count."""
        up = self.setup.color_up
        if up is None or up.target is None:
            return 0
        counts = self._counts
        filled = 0
        for row in self.rows:
            stack = counts.get(row.registration_id)
            if stack is None:
                continue
            chips, last = chips_from_count(stack, self.setup.removed, up.target.value)
            for spin, count in zip(row.spins, chips, strict=True):
                spin.setValue(count)
            row.last_box.setChecked(last)
            filled += 1
        if not filled:
            self.error_label.setText(_("No chip counts at this table yet (Wall > Chip counts…)."))
        return filled

    def run_race(self) -> bool:
        """Run the race (one service call, on the station's worker: Run is busy until it
        answers, and `race` is set then); a refusal stays in the dialog in red. False when
        nothing was asked."""
        table = self.table()
        if table is None:
            self.error_label.setText(_("Nobody is in play: there is no one to race."))
            return False
        real = self.real_radio.isChecked()
        picks = [r.pick(real) for r in self.rows]
        again = table.number in self.raced and self.misdeal_box.isChecked()
        tid, chip_race, rounding = (
            self._bus.tournament_id,
            self._services.chip_race,
            self.rounding(),
        )
        index = self.table_combo.currentIndex()
        return self._bus.submit(
            lambda: chip_race.run(
                tid, table.number, picks, rounding, real_cards=real, re_race=again
            ),
            lambda race: self._on_raced(race, table, index, again),
            self._on_refused,
            control=self.run_button,
        )

    def _on_refused(self, error: Exception) -> None:
        if not isinstance(error, DomainError):
            raise error  # the worker's net shows it
        self.error_label.setText(str(error))

    def _on_raced(self, race: ChipRace, table: RaceTable, index: int, again: bool) -> None:
        self.race = race
        self.error_label.setText("")
        up = self.setup.color_up
        label = up.target.label if up is not None and up.target is not None else ""
        lines = [f"{r.name} {tell(r, label)}." for r in race.results]
        waiting = [
            t.label for t in self.tables if t.number not in self.raced and t.number != table.number
        ]
        told = _("The race is on the wall ({how}, kept with the race):\n{lines}").format(
            how=_how(race.seed), lines="\n".join(lines)
        )
        if waiting:
            told += "\n" + _("Next: pick {table} above and race it.").format(table=waiting[0])
        self.raced[table.number] = told
        if not again:
            self._mark_raced(index)
        self.misdeal_box.setChecked(False)  # dealt again once: done until told otherwise
        self._on_input_changed()

    def _mark_raced(self, index: int) -> None:
        self.table_combo.setItemText(
            index, _("{table} · raced ✓").format(table=self.table_combo.itemText(index))
        )

    # ---------------------------------------------------------------- slots
    def _on_table_combo_changed(self, _index: int = 0) -> None:
        self.misdeal_box.setChecked(False)  # a misdeal is said of one table, not the next
        while self._grid.count():
            item = self._grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                # Hidden now: deleted only once back in the event loop, it would show under
                # the next table's rows until then.
                widget.hide()
                widget.deleteLater()
        self.rows = []
        table = self.table()
        removed = self.setup.removed
        headers = [
            _("Player"),
            *(_("T{value} chips").format(value=formats.chips(v)) for v in removed),
            "",
            _("Cards dealt"),
        ]
        for column, text in enumerate(headers):
            self._grid.addWidget(QLabel(f"<b>{text}</b>"), 0, column)
        for line, player in enumerate(table.players if table is not None else (), start=1):
            row = _PlayerRow(player.registration_id, player.name, removed)
            self._grid.addWidget(row.name_label, line, 0)
            for column, spin in enumerate(row.spins, start=1):
                spin.valueChanged.connect(self._on_input_changed)
                self._grid.addWidget(spin, line, column)
            self._grid.addWidget(row.last_box, line, len(removed) + 1)
            self._grid.addWidget(row.cards_edit, line, len(removed) + 2)
            self.rows.append(row)
        self._grid.setRowStretch(len(self.rows) + 1, 1)
        self._on_input_changed()

    def _on_input_changed(self, *_args: object) -> None:
        real = self.real_radio.isChecked()
        table = self.table()
        told = self.raced.get(table.number) if table is not None else None
        self.misdeal_box.setEnabled(told is not None)
        if told is None and self.misdeal_box.isChecked():
            self.misdeal_box.setChecked(False)  # toggling calls this again
            return
        if told is not None and self.misdeal_box.isChecked():
            told = None  # dealt again: the inputs are open for the new race
        done = told is not None
        # A table raced keeps its result: its inputs are only for a table still to race.
        for row in self.rows:
            row.cards_edit.setEnabled(real and not done)
            row.last_box.setEnabled(not done)
            for spin in row.spins:
                spin.setEnabled(not done)
        self.summary_label.setText(told if told is not None else self.raced_text())
        self.error_label.setText("")
        has_race = self.setup.color_up is not None and bool(self.rows)
        self.run_button.setEnabled(has_race and not done)


def open_chip_race(
    services: Services,
    bus: TournamentBus,
    parent: QWidget,
    on_opened: Callable[[ChipRaceDialog], object],
) -> bool:
    """Read the race to run on the station's worker, then open the chip race dialog
    (window-modal) and hand it to `on_opened`. False when nothing was asked (a read is still
    on its way)."""
    tid = bus.tournament_id

    def opened(held: ChipRaceRead) -> None:
        dialog = ChipRaceDialog(services, bus, held, parent)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.open()
        on_opened(dialog)

    return bus.worker.submit(
        lambda: read_chip_race(services, tid),
        opened,
        key=(open_chip_race, parent),
        asker=parent,
    )
