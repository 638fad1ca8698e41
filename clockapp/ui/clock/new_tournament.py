"""`NewTournamentDialog`: a new tournament set up in one place (Ctrl+Shift+N, the first start).

The host picks what the event is (a regular tournament, or a ready template such as the
two-round team event: its shootout and team scoring set up with it) and fills in what they know
of the night: name and date, the buy-in (pool and fee), rebuys
(how many, price, chips, until which level), the add-on (price, chips, at which break), the
starting stack, the chips owned, the level length and how long the night should last. The dialog
previews the structure suggested from that, with the starting stack in chips and the chips short;
"Create" hands the plan to `TournamentService.create_planned`, which writes the tournament, its
structure, chips, entry rules and preset payouts in one transaction. The fields start from the
last tournament (`TournamentService.next_plan`). Everything stays editable later, where it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date

from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
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
from clockapp.core.chips import ChipSet
from clockapp.core.event_templates import TEMPLATES, EventTemplate
from clockapp.core.night_plan import NightPlan, PlannedNight
from clockapp.errors import DomainError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.tournaments import TournamentService
from clockapp.ui.banner import MessageBanner
from clockapp.ui.cashier.rules_fields import money_text
from clockapp.ui.cashier.widgets import amount_edit, read_amount
from clockapp.ui.errors import message_for, report
from clockapp.ui.structure import generator_text as texts
from clockapp.ui.structure.model import StructureTableModel
from clockapp.ui.structure.table import StructureTableView

#: Creates the planned tournament from the template: hands the new tournament's id to `created`,
#: or the error that refused it to `refused`; False when nothing was asked (one still on its way).
Create = Callable[
    [NightPlan, EventTemplate, Callable[[int], object], Callable[[Exception], object]], bool
]


#: Cancel or the x pressed while the tournament is being created.
CREATING = N_("Creating the tournament: a moment.")


def create_here(tournaments: TournamentService) -> Create:
    """Create on this thread: for the first start, before any station (and its worker) runs."""

    def create(
        plan: NightPlan,
        template: EventTemplate,
        created: Callable[[int], object],
        refused: Callable[[Exception], object],
    ) -> bool:
        try:
            tournament_id = tournaments.create_planned(plan, template).value.id
        except DomainError as error:
            refused(error)
            return False
        created(tournament_id)
        return True

    return create


def _spin(low: int, high: int, value: int, *, step: int = 1, special: str = "") -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setSingleStep(step)
    spin.setGroupSeparatorShown(True)
    spin.setAlignment(Qt.AlignmentFlag.AlignRight)
    spin.setValue(max(low, min(high, value)))
    if special:
        spin.setSpecialValueText(special)
    return spin


def dated_name(name: str, day: date) -> str:
    """The tournament's name with its date, unless the host already typed it.

    >>> dated_name("Friday night", date(2026, 12, 4))
    'Friday night 2026-12-04'
    >>> dated_name("Friday night 2026-12-04", date(2026, 12, 4))
    'Friday night 2026-12-04'
    """
    stamp = day.isoformat()
    name = name.strip()
    return name if stamp in name else f"{name} {stamp}"


class NewTournamentDialog(QDialog):
    """The plan of a new tournament, with its suggested structure previewed."""

    def __init__(
        self,
        tournaments: TournamentService,
        today: date,
        parent: QWidget | None = None,
        *,
        create: Create | None = None,
        defaults: NightPlan | None = None,
    ) -> None:
        super().__init__(parent)
        self._tournaments = tournaments
        # Writes the plan from the template (the station submits it to its worker).
        self._create = create or create_here(tournaments)
        self.plan_: NightPlan | None = None
        self.planned: PlannedNight | None = None
        self.created_id: int | None = None
        self._creating = False  # Create asked, not answered yet
        # Read on the worker by the station; read here only for the first start (no station).
        self._defaults = defaults if defaults is not None else tournaments.next_plan()
        self._today = today
        self.setWindowTitle(_("New tournament"))
        self.preview = StructureTableModel(self, editable=False)
        self._setup_ui()
        self.recompute()

    # ---------------------------------------------------------------- layout
    def _setup_ui(self) -> None:
        d = self._defaults
        layout = QHBoxLayout(self)
        form_box = QGroupBox(_("Your night"))
        form = QFormLayout(form_box)
        self.template_box = QComboBox()
        self.template_box.setObjectName("event_template")
        for template in TEMPLATES:
            self.template_box.addItem(template.name, template.key)
        self.template_label = QLabel()
        self.template_label.setObjectName("event_template_description")
        self.template_label.setWordWrap(True)
        self.template_box.currentIndexChanged.connect(self._on_template_box_current_index_changed)
        self._on_template_box_current_index_changed(0)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(_("Friday night"))
        self.date_edit = QDateEdit(QDate(self._today.year, self._today.month, self._today.day))
        self.date_edit.setCalendarPopup(True)
        self.pool_edit = amount_edit(_("to the pool"), money_text(d.buy_in_pool))
        self.fee_edit = amount_edit(_("house fee"), money_text(d.buy_in_fee))
        self.stack = _spin(1, 100_000_000, d.starting_stack, step=500)
        self.players = _spin(2, 2000, d.players)
        self.rebuys = _spin(0, 2000, d.rebuys, special=_("No rebuys"))
        self.rebuy_price = amount_edit(
            _("price"), money_text(d.rebuy_price) if d.rebuy_price else ""
        )
        self.rebuy_chips = _spin(0, 100_000_000, d.rebuy_chips or d.starting_stack, step=500)
        self.rebuy_until = _spin(0, 999, d.rebuy_until_level or 0, special=_("First break"))
        self.add_on_price = amount_edit(
            _("no add-on"), money_text(d.add_on_price) if d.add_on_price else ""
        )
        self.add_on_chips = _spin(0, 100_000_000, d.add_on_chips or d.starting_stack, step=500)
        self.add_on_after = _spin(0, 999, d.add_on_after_level or 0, special=_("When rebuys end"))
        self.level_minutes = _spin(1, 240, d.level_minutes)
        self.level_minutes.setSuffix(_(" min"))
        self.night_minutes = _spin(30, 48 * 60, d.night_minutes, step=30)
        self.night_minutes.setSuffix(_(" min"))
        self.owned = [
            _spin(0, 100_000, count, special=_("not counted"))
            for count in (d.chips.owned or (0,) * len(d.chips.denominations))
        ]
        owned_row = QWidget()
        owned_grid = QFormLayout(owned_row)
        owned_grid.setContentsMargins(0, 0, 0, 0)
        for denomination, spin in zip(d.chips.denominations, self.owned, strict=True):
            owned_grid.addRow(_("T{value}").format(value=formats.chips(denomination.value)), spin)
        price_row = QWidget()
        prices = QHBoxLayout(price_row)
        prices.setContentsMargins(0, 0, 0, 0)
        self.pool_edit.setAccessibleName(_("Buy-in to the pool"))
        self.fee_edit.setAccessibleName(_("House fee"))
        prices.addWidget(self.pool_edit)
        prices.addWidget(QLabel(_("+ fee")))
        prices.addWidget(self.fee_edit)
        rows: list[tuple[str, QWidget]] = [
            (_("&Event"), self.template_box),
            ("", self.template_label),
            (_("&Name"), self.name_edit),
            (_("&Date"), self.date_edit),
            (_("&Buy-in (pool + fee)"), price_row),
            (_("Starting &stack"), self.stack),
            (_("&Players expected"), self.players),
            (_("&Rebuys expected"), self.rebuys),
            (_("Rebuy price"), self.rebuy_price),
            (_("Rebuy chips"), self.rebuy_chips),
            (_("Rebuys until level"), self.rebuy_until),
            (_("&Add-on price"), self.add_on_price),
            (_("Add-on chips"), self.add_on_chips),
            (_("Add-on at the break after level"), self.add_on_after),
            (_("&Level length"), self.level_minutes),
            (_("Night &length"), self.night_minutes),
            (_("Chips &owned"), owned_row),
        ]
        for label, widget in rows:
            form.addRow(label, widget)
        layout.addWidget(form_box)

        right = QVBoxLayout()
        self.headline = QLabel()
        self.headline.setWordWrap(True)
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        right.addWidget(self.headline)
        self.banner = MessageBanner(self)
        right.addWidget(self.banner)
        self.table = StructureTableView(self)
        self.table.setModel(self.preview)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.make_compact()
        right.addWidget(self.table, 1)
        self.stack_label = QLabel()
        self.stack_label.setWordWrap(True)
        self.stack_label.setTextFormat(Qt.TextFormat.RichText)
        right.addWidget(self.stack_label)
        self.rules_label = QLabel()
        self.rules_label.setWordWrap(True)
        right.addWidget(self.rules_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.create_button = QPushButton(_("&Create"))
        self.create_button.setDefault(True)
        self.buttons.addButton(self.create_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.create_button.clicked.connect(self.create_tournament)
        self.buttons.rejected.connect(self.reject)
        right.addWidget(self.buttons)
        layout.addLayout(right, 1)

        edits = (self.pool_edit, self.fee_edit, self.rebuy_price, self.add_on_price)
        for edit in edits:
            edit.textChanged.connect(self.recompute)
        spins = (
            self.stack, self.players, self.rebuys, self.rebuy_chips, self.rebuy_until,
            self.add_on_chips, self.add_on_after, self.level_minutes, self.night_minutes,
            *self.owned,
        )  # fmt: skip
        for spin in spins:
            spin.valueChanged.connect(self.recompute)

    # ---------------------------------------------------------------- the plan
    def template(self) -> EventTemplate:
        """The event template chosen."""
        return TEMPLATES[max(0, self.template_box.currentIndex())]

    def _on_template_box_current_index_changed(self, _index: int) -> None:
        self.template_label.setText(self.template().description)

    def plan(self) -> NightPlan:
        """The plan as filled in. Raises a domain error for an amount that cannot be read."""
        d = self._defaults
        counts = tuple(spin.value() for spin in self.owned)
        chips: ChipSet = d.chips.with_owned(counts if any(counts) else None)
        day = self.date_edit.date().toPython()
        assert isinstance(day, date)
        name = self.name_edit.text().strip()
        return replace(
            d,
            name=dated_name(name, day) if name else "",
            buy_in_pool=read_amount(self.pool_edit, "Buy-in") or 0,
            buy_in_fee=read_amount(self.fee_edit, "Fee") or 0,
            starting_stack=self.stack.value(),
            chips=chips,
            players=self.players.value(),
            rebuys=self.rebuys.value(),
            rebuy_price=read_amount(self.rebuy_price, "Rebuy price") or 0,
            rebuy_chips=self.rebuy_chips.value(),
            rebuy_until_level=self.rebuy_until.value() or None,
            add_on_price=read_amount(self.add_on_price, "Add-on price") or 0,
            add_on_chips=self.add_on_chips.value(),
            add_on_after_level=self.add_on_after.value() or None,
            level_minutes=self.level_minutes.value(),
            night_minutes=self.night_minutes.value(),
        )

    def recompute(self) -> PlannedNight | None:
        """Suggest the structure for the plan now and preview it."""
        try:
            plan = self.plan()
            planned = self._tournaments.preview(plan)
        except DomainError as error:
            self.plan_, self.planned = None, None
            self.banner.show_message(message_for(error), "error")
            self.headline.setText(_("<b>No structure for these inputs.</b>"))
            self.preview.set_structure(None)
            self.stack_label.clear()
            self.rules_label.clear()
            self.create_button.setEnabled(False)
            return None
        self.plan_, self.planned = plan, planned
        suggested = planned.suggested
        chips = plan.chips
        self.preview.set_structure(suggested.structure, chips)
        self.headline.setText(texts.headline(suggested))
        self.stack_label.setText(texts.stack_text(suggested, chips, False))
        short = suggested.chips_needed.short
        if short:
            self.banner.show_message(texts.shortfall_text(short, chips), "warning")
        elif chips.owned is None:
            self.banner.show_message(
                _("Count your chips (Chips owned) to check you have enough."), "info"
            )
        else:
            self.banner.show_message(_("You own enough chips for the night."), "info")
        self.rules_label.setText(self._rules_text(planned))
        self.create_button.setEnabled(True)
        return planned

    @staticmethod
    def _rules_text(planned: PlannedNight) -> str:
        rules = planned.config.rules
        parts = [rules.label]
        late = rules.registration.late_until_level
        parts.append(_("registration open through level {level}").format(level=late))
        if rules.rebuy is not None:
            parts.append(_("rebuys until level {level}").format(level=rules.rebuy.last_level))
        add_on = rules.add_on
        if add_on is not None and add_on.at_break_after_level is not None:
            parts.append(
                _("add-on at the break after level {level}").format(
                    level=add_on.at_break_after_level
                )
            )
        elif add_on is not None:
            parts.append(_("add-on with the buy-in"))
        parts.append(_("payouts by field size"))
        return _("{rules}.").format(rules=", ".join(parts))

    def create_tournament(self) -> bool:
        """Create the tournament (one transaction); a refusal is shown and nothing is written.

        The dialog closes once the tournament is created (at a station, when its worker
        answers). False when nothing was asked."""
        planned = self.recompute()
        plan = self.plan_
        if planned is None or plan is None:
            return False
        if not plan.name:
            self.banner.show_message(_("A tournament needs a name."), "error")
            self.name_edit.setFocus()
            return False
        self._creating = True  # until its answer (at once when created on this thread)
        asked = self._create(plan, self.template(), self._on_created, self._on_create_refused)
        if not asked:
            self._creating = False
        return asked

    def reject(self) -> None:
        # Closed while the tournament is being created, the station would never show it.
        if self._creating:
            self.banner.show_message(_(CREATING), "info")
            return
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._creating:
            self.banner.show_message(_(CREATING), "info")
            event.ignore()
            return
        super().closeEvent(event)

    def _on_created(self, tournament_id: int) -> None:
        self._creating = False
        self.created_id = tournament_id
        self.accept()

    def _on_create_refused(self, error: Exception) -> None:
        self._creating = False
        if not isinstance(error, DomainError):
            report(error, self)
            return
        self.banner.show_message(message_for(error), "error")
