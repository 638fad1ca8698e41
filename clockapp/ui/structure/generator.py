"""The "suggest a structure" dialog, over `clockapp.core.structure.suggest_structure`.

The director fills in what they know (players, starting stack, rebuys and add-ons, hours, level
length, breaks, antes); the dialog shows the suggested levels with breaks and color-ups, the planned
last level, one starting stack in chips, and the chips needed for the night against the chips the
host owns, with a clear warning when some are short. "Use this structure" hands the structure and
starting stack to the editor, which saves them as one undoable step.

"Edit chips…" edits the chips of the structure being made: the chip editor checks them against
that structure, not against the tournament's saved one (which may need a chip the new one does
not), and nothing is stored until "Use this structure" saves the chips with the structure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import (
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QCloseEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.chips import ChipSet
from clockapp.core.generator import AnteStyle, SuggestedStructure
from clockapp.core.money.entry_rules import EntryRules
from clockapp.core.money.handout import PlannedStacks
from clockapp.core.night_plan import planned_stacks
from clockapp.core.structure import Structure, suggest_structure
from clockapp.core.structure.cells import Column
from clockapp.errors import DomainError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Changes, Outcome
from clockapp.ui.actions import StructureAction, create_action
from clockapp.ui.banner import MessageBanner
from clockapp.ui.bus import TournamentBus
from clockapp.ui.errors import message_for, report
from clockapp.ui.structure import generator_text as texts
from clockapp.ui.structure.delegates import GAMES
from clockapp.ui.structure.generator_chips import OwnChips
from clockapp.ui.structure.model import StructureTableModel
from clockapp.ui.structure.needs import ChipsNeededModel
from clockapp.ui.structure.table import StructureTableView

AnyIndex = QModelIndex | QPersistentModelIndex

#: After the last keystroke, wait this long before computing (large fields take a moment).
RECOMPUTE_DELAY_MS = 250
#: The use button, and what it says while the structure is being saved.
USE_TEXT = N_("&Use this structure")
SAVING_TEXT = N_("Saving…")

ANTE_STYLES = (
    (N_("Big blind ante"), AnteStyle.BIG_BLIND),
    (N_("Ante per player"), AnteStyle.PER_PLAYER),
    (N_("No antes"), AnteStyle.NONE),
)


def _spin(minimum: int, maximum: int, value: int, suffix: str = "", step: int = 1) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(minimum, maximum)
    spin.setValue(value)
    spin.setSingleStep(step)
    spin.setSuffix(suffix)
    spin.setGroupSeparatorShown(True)
    spin.setAlignment(Qt.AlignmentFlag.AlignRight)
    spin.setKeyboardTracking(True)
    return spin


@dataclass(frozen=True)
class GeneratorStart:
    """What the dialog starts from: the tournament's chips, starting stack and entries so far,
    and the cashier's rules (what a rebuy and an add-on give)."""

    chip_set: ChipSet
    stack: int
    entries: int
    rules: EntryRules


def read_generator_start(services: Services, tournament_id: int) -> GeneratorStart:
    """Everything the dialog starts from, in one read (on the station's worker)."""
    with services.ctx.shared_reads():
        snapshot = services.clock.snapshot(tournament_id)
        rules = services.cashier.config(tournament_id).rules
    return GeneratorStart(
        snapshot.chip_set, snapshot.settings.starting_stack, snapshot.stats.entries, rules
    )


class GeneratorDialog(QDialog):
    """Suggest a structure for the night; "Use this structure" applies it."""

    structure_chosen = Signal(object, int, object)  # Structure, starting stack, ChipSet

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        start: GeneratorStart,
        parent: QWidget | None = None,
        *,
        on_use: Callable[
            [Structure, int, ChipSet, PlannedStacks, Callable[[str | None], object]], bool
        ]
        | None = None,
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._bus = bus
        self._on_use = on_use
        #: "Use this structure" is on the station's worker (the dialog waits for its answer).
        self.saving = False
        self.result_: SuggestedStructure | None = None
        self.chips = OwnChips(self, services, bus, start.chip_set)
        self._stack = start.stack
        # What a rebuy and an add-on give, as the cashier's rules say (the stack when unset).
        rules = start.rules
        self._rebuy_stack = rules.rebuy.chips if rules.rebuy is not None else self._stack
        self._addon_stack = rules.add_on.chips if rules.add_on is not None else self._stack
        self._players = max(2, start.entries or 20)
        self.setWindowTitle(_("Suggest a structure"))
        self.setWindowFlags(
            Qt.WindowType.Window
            | Qt.WindowType.WindowMaximizeButtonHint
            | Qt.WindowType.WindowCloseButtonHint
        )
        self.preview = StructureTableModel(self, editable=False)
        self.needs = ChipsNeededModel(self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RECOMPUTE_DELAY_MS)
        self._timer.timeout.connect(self.recompute)
        self._setup_ui()
        # A bound method of the dialog: Qt drops it when the dialog is deleted.
        bus.changed.connect(self._on_bus_changed)
        self.recompute()
        self.resize(1200, 760)

    # ---------------------------------------------------------------- layout
    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        layout.setSpacing(10)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self._inputs())
        splitter.addWidget(self._results())
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([340, 860])
        layout.addWidget(splitter, 1)
        self.button_box = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.use_button = QPushButton(_(USE_TEXT))
        self.use_button.setDefault(True)
        self.use_button.setToolTip(_("Replace the tournament's levels with these (Ctrl+Enter)"))
        self.button_box.addButton(self.use_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.use_button.clicked.connect(self.use)
        self.button_box.rejected.connect(self.reject)
        layout.addWidget(self.button_box)
        self.addAction(create_action(StructureAction.USE_SUGGESTION, self, self.use))

    def _inputs(self) -> QWidget:
        box = QGroupBox(_("Your tournament"))
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.players = _spin(2, 2000, self._players)
        self.stack = _spin(1, 100_000_000, self._stack, step=500)
        self.stack.setPrefix("T")
        self.rebuys = _spin(0, 2000, 0)
        self.addons = _spin(0, 2000, 0)
        self.rebuy_stack = _spin(1, 100_000_000, self._rebuy_stack, step=500)
        self.rebuy_stack.setPrefix("T")
        self.addon_stack = _spin(1, 100_000_000, self._addon_stack, step=500)
        self.addon_stack.setPrefix("T")
        self.hours = QDoubleSpinBox()
        self.hours.setRange(0.25, 48.0)
        self.hours.setSingleStep(0.25)
        self.hours.setDecimals(2)
        self.hours.setValue(5.0)
        self.hours.setSuffix(_(" h"))
        self.hours.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.level_minutes = _spin(1, 240, 20, _(" min"))
        self.break_every = _spin(0, 600, 90, _(" min"), step=15)
        self.break_every.setSpecialValueText(_("No breaks"))
        self.break_minutes = _spin(1, 120, 15, _(" min"), step=5)
        self.antes_from = _spin(0, 200, 0)
        self.antes_from.setSpecialValueText(_("After the first break"))
        self.antes_from.setPrefix(_("Level "))
        self.ante_style = QComboBox()
        for text, style in ANTE_STYLES:
            self.ante_style.addItem(_(text), style)
        self.extra_levels = _spin(3, 5, 4)
        self.game = QComboBox()
        self.game.setEditable(True)
        self.game.addItems(GAMES)
        rows: list[tuple[str, QWidget, str]] = [
            (_("&Players expected"), self.players, _("How many players you expect")),
            (_("Starting &stack"), self.stack, _("Chips each player starts with")),
            (_("&Rebuys expected"), self.rebuys, _("Rebuys in total")),
            (_("Rebu&y chips"), self.rebuy_stack, _("The chips one rebuy gives")),
            (_("&Add-ons expected"), self.addons, _("Add-ons in total")),
            (_("A&dd-on chips"), self.addon_stack, _("The chips one add-on gives")),
            (
                _("&Time budget"),
                self.hours,
                _("How long the tournament should last, breaks included"),
            ),
            (_("&Level length"), self.level_minutes, _("Minutes per level")),
            (_("&Break every"), self.break_every, _("Minutes of play between breaks")),
            (_("Break le&ngth"), self.break_minutes, _("Minutes per break")),
            (_("Antes &from"), self.antes_from, _("The first level with an ante")),
            (_("Ant&e style"), self.ante_style, _("Who pays the ante")),
            (
                _("E&xtra levels"),
                self.extra_levels,
                _("Levels after the planned last one (3 to 5)"),
            ),
            (_("&Game"), self.game, _("The game of every level")),
        ]
        for label, widget, tip in rows:
            widget.setToolTip(tip)
            form.addRow(label, widget)
        for spin in (
            self.players, self.stack, self.rebuys, self.addons, self.rebuy_stack,
            self.addon_stack, self.level_minutes,
            self.break_every, self.break_minutes, self.antes_from, self.extra_levels,
        ):  # fmt: skip
            spin.valueChanged.connect(self._schedule)
        self.hours.valueChanged.connect(self._schedule)
        self.ante_style.currentIndexChanged.connect(self._schedule)
        self.game.currentTextChanged.connect(self._schedule)

        self.chips_label = QLabel()
        self.chips_label.setWordWrap(True)
        self.chips_label.setTextFormat(Qt.TextFormat.RichText)
        chips_button = QPushButton(_("Edit &chips…"))
        chips_button.setAutoDefault(False)
        chips_button.clicked.connect(lambda _checked=False: self.chips.open_editor())
        chips_row = QVBoxLayout()
        chips_row.addWidget(self.chips_label)
        chips_row.addWidget(chips_button, 0, Qt.AlignmentFlag.AlignLeft)
        form.addRow(_("Chips"), chips_row)
        self._show_chips()
        rules = QLabel(
            _(
                "How it works: the first big blind is 1-2% of the starting stack; the planned last "
                "level (when the time runs out) has a big blind near 5% of all the chips in play; "
                "blinds grow evenly, never more than double, and can always be paid with the chips "
                "on the table; small chips are colored up at the break after they are no longer "
                "needed; 3 to 5 extra levels follow in case the game runs long."
            )
        )
        rules.setWordWrap(True)
        rules.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        form.addRow(rules)
        return box

    def _results(self) -> QWidget:
        panel = QWidget()
        layout = QVBoxLayout(panel)
        layout.setContentsMargins(0, 0, 0, 0)
        self.headline = QLabel()
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        self.headline.setWordWrap(True)
        layout.addWidget(self.headline)
        self.banner = MessageBanner(panel)
        layout.addWidget(self.banner)
        self.table = StructureTableView(panel)
        self.table.setModel(self.preview)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.make_compact()
        layout.addWidget(self.table, 3)
        self.stack_label = QLabel()
        self.stack_label.setTextFormat(Qt.TextFormat.RichText)
        self.stack_label.setWordWrap(True)
        layout.addWidget(self.stack_label)
        self.need_table = QTableView(panel)
        self.need_table.setModel(self.needs)
        self.need_table.verticalHeader().setVisible(False)
        self.need_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.need_table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        # Read only: Tab reaches it to read it, a click leaves the focus in the settings.
        self.need_table.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        header = self.need_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.need_table.verticalHeader().setDefaultSectionSize(
            self.need_table.fontMetrics().height() + 10
        )
        self.need_table.setAccessibleName(_("Chips needed"))
        layout.addWidget(self.need_table, 2)
        self.shortfall_banner = MessageBanner(panel)
        layout.addWidget(self.shortfall_banner)
        return panel

    # ---------------------------------------------------------------- computing
    def _schedule(self) -> None:
        self._timer.start()

    def inputs(self) -> dict[str, Any]:
        """The keyword arguments for `suggest_structure`, as filled in."""
        return {
            "players": self.players.value(),
            "starting_stack": self.stack.value(),
            "level_minutes": self.level_minutes.value(),
            "duration_minutes": round(self.hours.value() * 60),
            "chips": self.chips.chip_set,
            "rebuys": self.rebuys.value(),
            "addons": self.addons.value(),
            "rebuy_stack": self.rebuy_stack.value(),
            "addon_stack": self.addon_stack.value(),
            "break_every_minutes": self.break_every.value(),
            "break_minutes": self.break_minutes.value(),
            "antes_from_level": self.antes_from.value() or None,
            "ante_style": self.ante_style.currentData(),
            "extra_levels": self.extra_levels.value(),
            "game": self.game.currentText().strip() or "NLHE",
        }

    def recompute(self) -> SuggestedStructure | None:
        """Suggest a structure for the inputs now and show it."""
        self._timer.stop()
        try:
            result = suggest_structure(**self.inputs())
        except Exception as error:  # a refusal, or a fault on odd inputs: never the old result
            self.result_ = None
            self.banner.show_message(message_for(error), "error")
            self.use_button.setEnabled(False)
            self.headline.setText(_("<b>No structure for these inputs.</b>"))
            self.preview.set_structure(None)
            self.needs.set_needs((), self.chips.chip_set)
            self.stack_label.clear()
            self.shortfall_banner.hide_message()
            return None
        self.result_ = result
        self.use_button.setEnabled(not self.saving)
        self._show(result)
        return result

    def _show(self, result: SuggestedStructure) -> None:
        structure = result.structure
        chips = self.chips.chip_set
        self.preview.set_structure(structure, chips)
        self.headline.setText(texts.headline(result))
        needed = result.chips_needed
        # Chip shortfalls have their own banner under the chip table.
        others = [w for w in result.warnings if w not in needed.warnings]
        if others:
            self.banner.show_message("\n".join(others), "warning")
        else:
            self.banner.hide_message()
        rebuys = bool(self.rebuys.value() or self.addons.value())
        self.stack_label.setText(texts.stack_text(result, chips, rebuys))
        self.needs.set_needs(needed.needs, chips)
        # As tall as its rows, so the levels get the rest of the height.
        rows = self.need_table.verticalHeader().length()
        header = self.need_table.horizontalHeader().height()
        self.need_table.setFixedHeight(rows + header + 2 * self.need_table.frameWidth() + 2)
        games = {item.game for item in structure.play_levels()}
        self.table.setColumnHidden(Column.GAME, len(games) == 1)
        if needed.short:
            self.shortfall_banner.show_message(texts.shortfall_text(needed.short, chips), "error")
        elif chips.owned is None:
            self.shortfall_banner.show_message(
                _("Count your chips (Edit chips…, Owned) to check you have enough."), "info"
            )
        else:
            self.shortfall_banner.show_message(_("You own enough chips for the night."), "info")

    def _show_chips(self) -> None:
        self.chips_label.setText(self.chips.describe())

    def chips_changed(self) -> None:
        """The chips of the structure being made changed: show them and suggest again."""
        self._show_chips()
        self.recompute()

    @property
    def chip_set(self) -> ChipSet:
        """The chips of the structure being made (saved with it by "Use this structure")."""
        return self.chips.chip_set

    def open_chip_editor(self) -> QDialog:
        """Edit the chips of the structure being made."""
        return self.chips.open_editor()

    def _on_bus_changed(self, changes: Changes) -> None:
        self.chips.follow(changes)

    # ---------------------------------------------------------------- choosing
    def use(self) -> bool:
        """Apply the suggestion (the editor saves it as one undoable step), on the station's
        worker: the dialog says "Saving…" until it answers, then closes, or shows the refusal.
        False when nothing was asked."""
        if self._timer.isActive():
            self.recompute()
        result = self.result_
        if result is None or self.saving:
            return False
        stack = self.stack.value()
        chips = self.chips.chip_set
        structure = result.structure
        # The stacks checked against the chips owned are the ones the cashier hands out.
        stacks = planned_stacks(result)

        def answered(problem: str | None) -> None:
            if not shiboken6.isValid(self):
                return  # closed while it was saved: the editor shows how it went
            self.saving = False
            self.use_button.setEnabled(self.result_ is not None)
            self.use_button.setText(_(USE_TEXT))
            if problem:
                self.banner.show_message(problem, "error")
                return
            self.structure_chosen.emit(structure, stack, chips)
            self.accept()

        if self._on_use is not None:
            asked = self._on_use(structure, stack, chips, stacks, answered)
        else:
            asked = self._save(structure, stack, chips, stacks, answered)
        if asked:
            self.saving = True
            self.use_button.setEnabled(False)
            self.use_button.setText(_(SAVING_TEXT))
        return asked

    def _save(
        self,
        structure: Structure,
        stack: int,
        chips: ChipSet,
        stacks: PlannedStacks,
        answered: Callable[[str | None], object],
    ) -> bool:
        tid = self._bus.tournament_id
        new_chips = None if chips == self.chips.saved else chips
        structures = self._services.structure

        def work() -> Outcome[None]:
            # Two saves, one after the other on the worker: what both changed is published.
            first = structures.replace(tid, structure, chips=new_chips, stacks=stacks)
            second = structures.update_settings(tid, starting_stack=stack)
            what = first.changes.what | second.changes.what
            return Outcome(None, Changes(tid, what, second.changes.revision))

        def failed(error: Exception) -> None:
            if not isinstance(error, DomainError):
                report(error, self)
                answered(_("It was not saved."))
                return
            answered(str(error))

        return self._bus.submit(
            work, lambda _none: answered(None), failed, control=self.use_button, key=self
        )

    # ---------------------------------------------------------------- leaving
    def reject(self) -> None:
        """Close and Esc; the title bar's x comes here through closeEvent."""
        if self.chips.asking or self.chips.may_leave():
            super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        """The title bar's x (a spontaneous event) asks; the app closing the dialog does not."""
        chips = self.chips
        if event.spontaneous() and self.isVisible() and not chips.asking and not chips.may_leave():
            event.ignore()
            return
        chips.asking = True  # QDialog.closeEvent calls reject(): nothing more to ask
        try:
            super().closeEvent(event)
        finally:
            chips.asking = False
