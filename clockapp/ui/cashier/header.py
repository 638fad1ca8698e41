"""The cashier window's header: the tournament, its rules, the prize pool, registration, undo.

`CashierHeader` lays out and reads one line: the tournament's name, its entry rules, the prize
pool, whether a new player may buy in now, and the Rules, Bounties, Undo and Redo buttons. It
refreshes itself from the bus's flags (`refresh(what)`, read on the station's worker), follows
the undo history (the buttons say what they would undo or redo, and Undo is offered only when
the service would accept it), and asks the window for what is the window's: the rules dialog,
undo and redo, which end with the focus back in the desk's search box.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from clockapp.core.money.amounts import format_cents
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationWindow
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.changes import Change
from clockapp.services.payouts import PayoutView
from clockapp.services.tournaments import TournamentInfo
from clockapp.ui.cashier.bounty_dialog import open_bounty_dialog
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.setup_operations import describe_rules
from clockapp.ui.elided import ElidedLabel
from clockapp.ui.inks import ink_sheet

#: What the header's prize pool line shows: the field, the money and the payout table.
POOL_REFRESH_ON = Change.TOURNAMENT | Change.ENTRIES | Change.LEDGER | Change.PAYOUTS
#: What a sale changes (`services.cashier.ENTRY_CHANGES`); a bust, an undo, the director's
#: choice or the end of the tournament change something else too.
SALE = Change.ENTRIES | Change.LEDGER | Change.PAYOUTS | Change.SEATING


def show_registration(label: QLabel, window: RegistrationWindow) -> None:
    """'Registration open until the first bust' in green, 'Registration closed' in red."""
    label.setText(window.wall)
    label.setToolTip(window.reason)
    label.setStyleSheet(ink_sheet("#1b7f4b" if window.open else "#c0392b", "font-weight: bold;"))


class CashierHeader(QWidget):
    """The line above the cashier's pages: what the tournament is and where the money stands."""

    #: The tournament's name, read again (the window's title follows it).
    name_changed = Signal(str)
    #: The Rules button was pressed (the window owns the rules dialog and its Ctrl+Shift+E).
    rules_requested = Signal()
    #: The Undo or Redo button was pressed (the window's undo and redo end in the search box).
    undo_requested = Signal()
    redo_requested = Signal()

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cashier_header")
        self._ctx = ctx
        self._setup_ui()
        services = ctx.services
        # One read per part, each asked only when its flags changed (on the station's worker).
        self._name_read = ctx.reader(
            lambda tid: (services.tournaments.get(tid), services.cashier.config(tid)),
            self._show_name,
        )
        self._registration_read = ctx.reader(
            lambda tid: services.registration.window(tid),
            lambda window: show_registration(self.registration_label, window),
        )
        self._pool_read = ctx.reader(lambda tid: services.payouts.table(tid), self._show_pool)
        history = ctx.history
        history.undo_changed.connect(self._on_history_undo_changed)
        history.stack.canRedoChanged.connect(self.redo_button.setEnabled)
        history.stack.undoTextChanged.connect(self._on_stack_undo_text_changed)
        history.stack.redoTextChanged.connect(self._on_stack_redo_text_changed)
        self._on_history_undo_changed()

    def _setup_ui(self) -> None:
        self.title_label = ElidedLabel()
        self.title_label.setObjectName("cashier_title")
        font = self.title_label.font()
        font.setPointSize(font.pointSize() + 5)
        font.setBold(True)
        self.title_label.setFont(font)
        # The header's data lines give up width before the window does (a long name or rules line
        # must not push the window past a 1366-pixel laptop screen): elided, whole in the tooltip.
        self.rules_label = ElidedLabel()
        self.rules_label.setObjectName("cashier_rules")
        self.pool_label = ElidedLabel()
        self.pool_label.setObjectName("cashier_pool")
        self.registration_label = QLabel()  # whether a new player may buy in now
        self.registration_label.setObjectName("cashier_registration")
        self.rules_button = QPushButton(_("Rules…"))
        self.rules_button.setObjectName("rules")
        self.rules_button.setToolTip(
            _(
                "Entry rules (Ctrl+Shift+E): kind of tournament, prices, late registration, "
                "rebuys, "
                "add-on, re-entry, opening float"
            )
        )
        self.rules_button.clicked.connect(lambda: self.rules_requested.emit())
        self.bounties_button = QPushButton(_("Bounties…"))
        self.bounties_button.setObjectName("bounties")
        self.bounties_button.setToolTip(
            _("Bounty format (knockout, progressive, mystery envelopes) and ticket prizes")
        )
        self.bounties_button.clicked.connect(
            lambda: open_bounty_dialog(self._ctx, self.window(), self.bounties_button)
        )
        self.undo_button = QPushButton(_("Undo"))
        self.undo_button.setObjectName("undo")
        self.undo_button.clicked.connect(lambda: self.undo_requested.emit())
        self.redo_button = QPushButton(_("Redo"))
        self.redo_button.setObjectName("redo")
        self.redo_button.clicked.connect(lambda: self.redo_requested.emit())
        self.redo_button.setEnabled(False)
        # Two rows: the name, whether registration is open and the buttons, then the rules and
        # the pool across the whole width (in one row they did not fit a 1366-pixel laptop,
        # even in English).
        top = QHBoxLayout()
        top.addWidget(self.title_label, 1)
        top.addWidget(self.registration_label)
        for button in (self.rules_button, self.bounties_button, self.undo_button):
            top.addWidget(button)
        top.addWidget(self.redo_button)
        figures = QHBoxLayout()
        figures.addWidget(self.rules_label)
        figures.addWidget(self.pool_label, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(top)
        layout.addLayout(figures)

    def refresh(self, what: Change = Change.ALL) -> None:
        """Read again the parts of the header whose flags are in `what` (all by default)."""
        if what & Change.TOURNAMENT:  # the name and the entry rules
            self._name_read.ask()
        if not what & POOL_REFRESH_ON:
            return
        if what != SALE:  # a sale that opens or closes registration flags TOURNAMENT too
            self._registration_read.ask()
        self._pool_read.ask()

    def _show_name(self, answer: tuple[TournamentInfo, CashierConfig]) -> None:
        info, config = answer
        self.title_label.setText(info.name)
        self.name_changed.emit(info.name)
        self.rules_label.setText(f"{describe_rules(config)} ·")  # the pool line follows

    def _show_pool(self, view: PayoutView) -> None:
        # One phrase per item of the line, each whole, joined by the line's dots.
        items = [
            _("Prize pool {amount}").format(amount=format_cents(view.prize_pool)),
            ngettext("{count} entry", "{count} entries", view.entries).format(count=view.entries),
            # Those a deal left in are nobody's "left" once it ended the night.
            _("the tournament is over")
            if view.finished
            else ngettext("{count} left", "{count} left", view.players_left).format(
                count=view.players_left
            ),
            ngettext("{count} paid", "{count} paid", view.places_paid).format(
                count=view.places_paid
            ),
        ]
        if view.players_to_money and not view.finished:
            items.append(
                ngettext(
                    "{count} to the money", "{count} to the money", view.players_to_money
                ).format(count=view.players_to_money)
            )
        self.pool_label.setText(" · ".join(items))

    def _on_history_undo_changed(self) -> None:
        """Offer Undo only when the service would accept the reversal now (why not: tooltip)."""
        history = self._ctx.history
        refusal = history.undo_refusal()
        self.undo_button.setEnabled(not refusal and not history.pending)
        self.undo_button.setToolTip(
            _("Cannot be undone: {refusal}").format(refusal=refusal)
            if refusal
            else _("Undo (Ctrl+Z): writes a reversing row")
        )

    def _on_stack_undo_text_changed(self, text: str) -> None:
        self.undo_button.setText(_("Undo {action}").format(action=text) if text else _("Undo"))

    def _on_stack_redo_text_changed(self, text: str) -> None:
        self.redo_button.setText(_("Redo {action}").format(action=text) if text else _("Redo"))


__all__ = ["POOL_REFRESH_ON", "SALE", "CashierHeader", "show_registration"]
