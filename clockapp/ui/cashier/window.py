"""The cashier window: the desk, the field, the ledger, the drawer, payouts, busts, results.

`CashierWindow(services, bus, parent=None)` is opened from the clock (Ctrl+K). It listens to the
bus and refreshes only the pages whose part of the tournament changed, so an entry sold at
another station shows here within the bus's poll. Keys (`CashierAction` and the desk's `DeskKey`
in `clockapp.ui.actions`): the desk's function keys (F2 buy-in … F6 bust), plus Ctrl+F find,
Ctrl+N new player, Ctrl+Z / Ctrl+Shift+Z undo and redo (by reversing records), Ctrl+Shift+D
count the drawer, Ctrl+P receipt, Ctrl+Shift+E the entry rules, Ctrl+1..8 the pages.

The window composes parts that each own one job: the header (`header.CashierHeader`: the name,
rules, pool, registration and the undo buttons, refreshed from the bus's flags), the desk, and
one widget per page. It keeps what spans them: the actions and keys, the rules dialog, and which
page is read now and which when it is shown.
"""

from __future__ import annotations

from PySide6.QtGui import QCloseEvent, QShowEvent
from PySide6.QtWidgets import QDialog, QMainWindow, QTabWidget, QVBoxLayout, QWidget

from clockapp.core.money.records import CashierConfig
from clockapp.core.structure import Structure
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes
from clockapp.ui.actions import CashierAction, bind_keys, install_actions
from clockapp.ui.banner import MessageBanner
from clockapp.ui.bus import TournamentBus
from clockapp.ui.cashier.busts_page import BustsPage
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.desk import REFRESH_ON as DESK_REFRESH_ON
from clockapp.ui.cashier.desk import Desk
from clockapp.ui.cashier.drawer_page import DrawerPage
from clockapp.ui.cashier.header import CashierHeader
from clockapp.ui.cashier.ledger_page import LedgerPage
from clockapp.ui.cashier.pages import FieldPage, Page
from clockapp.ui.cashier.payouts_page import PayoutsPage
from clockapp.ui.cashier.players_page import PlayersPage
from clockapp.ui.cashier.results_page import ResultsPage
from clockapp.ui.cashier.rules_dialog import EntryRulesDialog
from clockapp.ui.cashier.setup_operations import set_rules


class CashierWindow(QMainWindow):
    """The cashier station for the bus's tournament."""

    def __init__(
        self, services: Services, bus: TournamentBus, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("cashier_window")
        self.setWindowTitle(_("Cashier"))
        self._services = services
        self._bus = bus
        self.dialog: QDialog | None = None  # the rules dialog while it is open
        # Its room is kept while hidden: a message never moves the search box under the pointer.
        self.message = MessageBanner(name="cashier_message", reserve=True)
        self.ctx = CashierContext(services, bus, self.message, self)
        self._setup_ui()
        self._install_actions()
        bus.changed.connect(self._on_bus_changed)
        bus.tournament_switched.connect(self._on_bus_tournament_switched)
        self.resize(1180, 760)
        self.refresh_all()

    # ------------------------------------------------------------------ layout
    def _setup_ui(self) -> None:
        ctx = self.ctx
        self.header = CashierHeader(ctx)
        self.header.name_changed.connect(self._on_header_name_changed)
        self.header.rules_requested.connect(self.start_rules)
        self.header.undo_requested.connect(self.undo)
        self.header.redo_requested.connect(self.redo)
        self.desk = Desk(ctx)
        self.players = PlayersPage(ctx)
        self.field = FieldPage(ctx)
        self.ledger = LedgerPage(ctx)
        self.drawer = DrawerPage(ctx)
        self.payouts = PayoutsPage(ctx)
        self.busts = BustsPage(ctx)
        self.results = ResultsPage(ctx)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("cashier_tabs")
        self._stale: set[Page] = set()
        for widget, title in (
            (self.desk, _("Desk")),
            (self.players, _("Players")),
            (self.field, _("Field")),
            (self.ledger, _("Ledger")),
            (self.drawer, _("Drawer")),
            (self.payouts, _("Payouts")),
            (self.busts, _("Busts")),
            (self.results, _("Results")),
        ):
            self.tabs.addTab(widget, title)
        self.tabs.currentChanged.connect(self._on_tabs_current_changed)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addWidget(self.header)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)

    def pages(self) -> tuple[Page, ...]:
        """The window's pages, in tab order."""
        return (
            self.players,
            self.field,
            self.ledger,
            self.drawer,
            self.payouts,
            self.busts,
            self.results,
        )

    def _install_actions(self) -> None:
        self.actions_by_name = install_actions(
            self,
            {
                CashierAction.FIND: self.focus_search,
                CashierAction.NEW_PLAYER: lambda: self._desk_do("add"),
                CashierAction.UNDO: self.undo,
                CashierAction.REDO: self.redo,
                CashierAction.COUNT: self._count_drawer,
                CashierAction.RECEIPT: self.save_receipt,
                CashierAction.RULES: self.start_rules,
                CashierAction.CLOSE: self.close,
            },
        )
        # Ctrl+1 … Ctrl+8: one key per page, in the tabs' order.
        self.page_actions = bind_keys(self, CashierAction.PAGE, self._show_page)
        self.ctx.history.undo_changed.connect(self._on_history_undo_changed)
        self._on_history_undo_changed()

    def _show_page(self, index: int) -> None:
        if index < self.tabs.count():
            self.tabs.setCurrentIndex(index)

    def _on_history_undo_changed(self) -> None:
        """Ctrl+Z is offered when the header's Undo is (the service's answer, kept per revision)."""
        history = self.ctx.history
        self.actions_by_name[CashierAction.UNDO].setEnabled(
            not history.pending and not history.undo_refusal()
        )

    # ------------------------------------------------------------------ commands
    def focus_search(self) -> None:
        """Show the desk with the search box focused."""
        self.tabs.setCurrentWidget(self.desk)
        self.desk.focus_search()

    def _desk_do(self, what: str) -> None:
        self.tabs.setCurrentWidget(self.desk)
        if what == "add":
            self.desk.add_player()

    def _count_drawer(self) -> None:
        self.tabs.setCurrentWidget(self.drawer)
        self.drawer.start_count()

    def start_rules(self) -> None:
        """Open the entry rules editor once the rules, the entries sold and the structure have
        been read on the worker (the Rules button is busy meanwhile; a second press does
        nothing); OK saves them in one call."""
        if self.dialog is not None:
            self.dialog.raise_()
            return
        ctx, tid = self.ctx, self.ctx.tid
        cashier, structure = ctx.services.cashier, ctx.services.structure
        ctx.query(
            lambda: (cashier.config(tid), cashier.balances(tid).entries, structure.get(tid)),
            lambda answer: self._open_rules(*answer),
            key=("rules", id(self)),
            control=self.header.rules_button,
        )

    def _open_rules(self, current: CashierConfig, sold: int, structure: Structure) -> None:
        if self.dialog is not None:
            self.dialog.raise_()
            return
        ctx = self.ctx
        dialog = EntryRulesDialog(
            ctx.services, ctx.tid, current, structure, entries_sold=sold, parent=self
        )
        dialog.accepted.connect(
            lambda: set_rules(ctx, dialog.config(), control=self.header.rules_button)
        )
        self.dialog = dialog
        dialog.finished.connect(lambda _r: self._on_rules_finished(dialog))
        dialog.open()

    def _on_rules_finished(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    def undo(self) -> bool:
        """Undo the last cashier action with a reversing record (on the worker, after the actions
        pressed before). False when an undo or redo is still pending."""
        asked = self.ctx.history.undo(self.header.undo_button)
        self._back_to_desk_search()
        return asked

    def redo(self) -> bool:
        """Do the last undone action again (as `undo`)."""
        asked = self.ctx.history.redo(self.header.redo_button)
        self._back_to_desk_search()
        return asked

    def save_receipt(self) -> None:
        """The receipt of the last sale as a PDF (Ctrl+P)."""
        self.desk.save_receipt()
        self._back_to_desk_search()

    def _back_to_desk_search(self) -> None:
        """On the desk, an action done, refused or cancelled ends in the search box."""
        if self.tabs.currentWidget() is self.desk and self.desk.dialog is None:
            self.desk.focus_search()

    # ------------------------------------------------------------------ refreshing
    def refresh_all(self) -> None:
        """Read everything again (on opening, and when the tournament changes).

        Only the page on show is read now; the others are read when they are shown.
        """
        self.header.refresh()
        self.desk.refresh()
        self._stale = set(self.pages())
        self._refresh_current()

    def _refresh_current(self) -> None:
        page = self.tabs.currentWidget()
        if page in self._stale:
            self._stale.discard(page)
            page.refresh()

    def _on_tabs_current_changed(self, _index: int) -> None:
        self._refresh_current()

    def _on_header_name_changed(self, name: str) -> None:
        self.setWindowTitle(_("Cashier — {tournament}").format(tournament=name))

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.tournament_id not in (None, self.ctx.tid):
            return
        self.header.refresh(changes.what)
        if changes.touches(DESK_REFRESH_ON):
            self.desk.refresh(players=changes.touches(Change.PLAYERS | Change.TOURNAMENT))
        # A busy desk sells an entry every few seconds: read again only the page on show, and
        # mark the others to be read when the cashier looks at them.
        for page in self.pages():
            if changes.touches(page.REFRESH_ON):
                self._stale.add(page)
        self._refresh_current()

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        self.message.hide_message()
        self.refresh_all()

    # ------------------------------------------------------------------ Qt events
    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.focus_search()

    def closeEvent(self, event: QCloseEvent) -> None:
        for dialog in (self.dialog, self.desk.dialog, *(p.dialog for p in self.pages())):
            if dialog is not None:
                dialog.reject()
        super().closeEvent(event)


__all__ = ["CashierWindow"]
