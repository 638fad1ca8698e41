"""The desk: find a player as you type, then a function key for each thing they pay for.

The search box has the focus when the window opens. Typing filters the players (search as you
type), Up/Down move through them, Enter selects one and moves the focus to the list, where Enter
(or F2) opens the buy-in. F2 buy-in, F3 rebuy, F4 add-on, F5 re-entry and F6 bust act on the
player highlighted, from the search box or the list (`DeskKey`). Letters are never commands: a
letter typed on the list goes to the search box, so a name stays a name wherever the click that
was meant for the search box landed.

Focus has one home: after every action, refusal or dialog (sold, refused, cancelled) the search
box has the focus with its text selected, so whatever the cashier types next is a new name, never
a command on the player left highlighted nor letters added to the old name. When nobody matches,
Enter (or Ctrl+N) offers to add the name typed as a new player; only the dialog's own
confirmation adds one, with a warning when the name is taken (`new_player`). Adding a player
registers nobody and takes no money: the message says so and names the buy-in as the next step,
which is its own confirmation (`EntryDialog`, taken only by Ctrl+Enter or its button).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.money.entries import EntryKind
from clockapp.core.money.records import RegistrationInfo
from clockapp.core.registration import RegistrationStatus
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.services.cashier.sales import EntryReceipt
from clockapp.services.changes import Change
from clockapp.services.players import PlayerInfo
from clockapp.services.seating.sale_seat import IfFull
from clockapp.ui.accessible import name_clear_button
from clockapp.ui.cashier import operations
from clockapp.ui.cashier.bust_dialog import BustDialog, BustRead, bust_dialog, read_bust
from clockapp.ui.cashier.context import CashierContext, TournamentLook
from clockapp.ui.cashier.desk_sale import EntryRead, EntrySale, entry_dialog, read_entry
from clockapp.ui.cashier.desk_table import (
    BUST_KEY,
    BUY_IN_KEY,
    ENTRY_KEYS,
    PlayerTable,
    SearchBox,
)
from clockapp.ui.cashier.dialogs import AddPlayerDialog
from clockapp.ui.cashier.entry_dialog import KIND_TITLE
from clockapp.ui.cashier.last_sale import LastSale
from clockapp.ui.cashier.models import DeskModel, DeskRow, place_text
from clockapp.ui.cashier.new_player import add_new_player
from clockapp.ui.cashier.no_seat import NoSeatBox

SEARCH_LIMIT = 50
#: What the desk says after adding a player: the buy-in is the next step, and a separate one.
ADDED_NEXT_STEP = N_(
    "Not registered, no buy-in taken. Next, on its own: the buy-in ({key}, or Enter on the list)."
)
REFRESH_ON = Change.PLAYERS | Change.ENTRIES | Change.LEDGER | Change.SEATING | Change.TOURNAMENT


#: The add button's text before anything is typed (it is hidden then, but a screen reader
#: walking the window still names it).
ADD_PLAYER = N_("Add as a new player (Enter)")


@dataclass(frozen=True)
class _DeskRead:
    """What one read of the desk found (on the worker, shown on the GUI thread)."""

    number: int  # the refresh that asked it
    registrations: tuple[RegistrationInfo, ...]
    text: str  # what was searched for
    found: tuple[PlayerInfo, ...] | None  # None: not searched again (the players did not change)


@dataclass(frozen=True)
class _WaitingKey:
    """A key pressed while the list was for other text: it acts once `text`'s search answers."""

    text: str
    press: Callable[[], object]
    control: QPushButton | None  # shown busy meanwhile (re-enabled before the press)


@dataclass(frozen=True)
class _PressRead:
    """What a desk key's press read before acting (on the worker, acted on on the GUI thread)."""

    registrations: tuple[RegistrationInfo, ...]
    entry: EntryRead | None  # what an entry's dialog needs (None: a bust, or nothing to sell)
    #: The tournament's chips and stacks, when the window held none yet (its first read has
    #: not answered, or failed): the dialog shows them, and must not read them itself.
    look: TournamentLook | None = None


class Desk(QWidget):
    """Search, select, sell: the page the cashier lives on."""

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ctx = ctx
        self.dialog: QDialog | None = None  # the dialog open now (tests drive it)
        self._registrations: dict[int, RegistrationInfo] = {}
        # What the read on the worker searches for, and the number of the refresh that asked
        # (set on this thread, read there).
        # What the next read searches for, its number, and whether it must search again.
        self._query: tuple[str, int, bool] = ("", 0, True)
        self._found: tuple[str, tuple[PlayerInfo, ...]] | None = None  # the last search
        # The player to select once a read asked by refresh number N (or later) answers.
        self._select_after: tuple[int, int] | None = None
        self._reading = ctx.reader(self._read, self._on_read)
        # Search as you type, on the worker: the text the next search reads (set here, read
        # there), the text the list shows the players of, and the keys pressed while the list
        # was for other text, each with the text it was pressed on: they act when that text's
        # search answers, never on a list the cashier did not see.
        self._search_for = ""
        self._shown: str | None = None
        self._waiting_keys: list[_WaitingKey] = []
        self._searching = ctx.reader(self._read_search, self._on_search_read)
        self._setup_ui()

    # ------------------------------------------------------------------ layout
    def _setup_ui(self) -> None:
        self.search = SearchBox()
        self.search.setObjectName("search")
        self.search.setPlaceholderText(_("Type a name… (Up/Down, Enter)"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(_("Player search"))
        name_clear_button(self.search)
        font = QFont(self.search.font())
        font.setPointSize(font.pointSize() + 4)
        self.search.setFont(font)
        self.search.textChanged.connect(self._on_search_text_changed)
        self.search.stepped.connect(self._on_search_stepped)
        self.search.entered.connect(self._on_search_entered)
        self.search.command.connect(self._on_search_command)
        self.add_button = QPushButton(_(ADD_PLAYER))
        self.add_button.setObjectName("add_player")
        self.add_button.clicked.connect(lambda: self.add_player())
        self.model = DeskModel(self)
        self.table = PlayerTable()
        self.table.setObjectName("players")
        self.table.setAccessibleName(_("Players found"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # Fixed widths: sizing columns to their contents on every key typed costs more than the
        # search itself.
        for column, width in enumerate((0, 110, 110, 80, 70)):
            if column:
                self.table.setColumnWidth(column, width)
        self.table.command.connect(self._on_table_command)
        self.table.typed.connect(self._on_table_typed)
        self.table.doubleClicked.connect(lambda _i: self.start(BUY_IN_KEY))
        self.table.selectionModel().currentRowChanged.connect(self._on_selection_changed)
        left = QVBoxLayout()
        left.addWidget(self.search)
        left.addWidget(self.add_button)
        left.addWidget(self.table, 1)
        self.selected_label = QLabel()
        self.selected_label.setObjectName("selected")
        self.selected_label.setWordWrap(True)
        big = QFont(self.selected_label.font())
        big.setPointSize(big.pointSize() + 3)
        big.setBold(True)
        self.selected_label.setFont(big)
        grid = QGridLayout()
        self.buttons: dict[str, QPushButton] = {}
        for n, (key, kind) in enumerate(ENTRY_KEYS.items()):
            title = _(KIND_TITLE[kind]) if kind is not None else _("Bust")
            button = QPushButton(_("{action}  ({key})").format(action=title, key=key))
            button.setObjectName(f"button_{key}")
            button.setMinimumHeight(36)
            button.clicked.connect(lambda _c=False, k=key: self.press(k))
            grid.addWidget(button, n // 2, n % 2)
            self.buttons[key] = button
        self.last = LastSale(self._ctx)
        # Short names for what the cashier looks at most.
        self.last_label = self.last.label
        self.handout = self.last.handout
        self.save_receipt = self.last.save_receipt
        self.save_seat_card = self.last.save_seat_card
        right = QVBoxLayout()
        right.addWidget(self.selected_label)
        right.addLayout(grid)
        right.addWidget(self.last, 1)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 3)
        layout.addLayout(right, 2)

    # ------------------------------------------------------------------ searching
    def refresh(self, select: int | None = None, *, players: bool = True) -> None:
        """Read the registrations again and search again, on the station's worker, keeping the
        selected player (or selecting player `select`) when the read answers.

        Without `players` (a change that left the player database as it was: a sale, a bust)
        the players found for the text typed stay as they were found, with their new entries.
        """
        number = self._query[1] + 1
        if select is not None:
            self._select_after = (select, number)
        text = self.search.text()
        again = players or self._query[2] or self._found is None or self._found[0] != text
        self._query = (text, number, again)
        self._reading.ask()

    def _read(self, tid: int) -> _DeskRead:
        """Tonight's list and the players the search finds (on the worker)."""
        services, (text, number, again) = self._ctx.services, self._query
        found = services.players.search(text, SEARCH_LIMIT) if again else None
        return _DeskRead(number, services.cashier.registrations(tid), text, found)

    def _on_read(self, answer: _DeskRead) -> None:
        self._registrations = {r.player_id: r for r in answer.registrations}
        if answer.found is not None:
            self._found = (answer.text, answer.found)
            self._query = (*self._query[:2], False)
        found = answer.found if answer.found is not None else self._found_now(answer.text)
        select = None
        if self._select_after is not None and answer.number >= self._select_after[1]:
            select, self._select_after = self._select_after[0], None
        shown: str | None = answer.text
        if answer.text != self.search.text():  # typed meanwhile: the list typed, as read now
            found, shown = tuple(row.player for row in self.model.rows()), None
        self._show_found(found, keep=select, keep_selection=select is None, text=shown)

    def _found_now(self, text: str) -> tuple[PlayerInfo, ...]:
        """The last search's players, when it was for `text` (else what the list shows)."""
        if self._found is not None and self._found[0] == text:
            return self._found[1]
        return tuple(row.player for row in self.model.rows())

    def _read_search(self, _tid: int) -> tuple[str, tuple[PlayerInfo, ...]]:
        """The players the search finds (on the worker). Each key typed runs only the player
        search: the registrations are read again when the bus says entries changed, so typing
        stays fast with hundreds of players."""
        text = self._search_for
        return text, self._ctx.services.players.search(text, SEARCH_LIMIT)

    def _ask_search(self) -> None:
        # A key waiting for its text's list pins the search to that text until it answers.
        self._search_for = self._waiting_keys[0].text if self._waiting_keys else self.search.text()
        self._searching.ask()

    def _on_search_read(self, answer: tuple[str, tuple[PlayerInfo, ...]]) -> None:
        text, found = answer
        waited = bool(self._waiting_keys) and self._waiting_keys[0].text == text
        if text != self.search.text() and not waited:
            return  # typed meanwhile: the search for the text typed now is on its way
        self._found = answer
        # The same text searched again (letters typed and rubbed out, a key that waited): the
        # highlight the cashier moved stays where it is.
        again = text == self._shown
        self._show_found(found, keep=None, keep_selection=again, text=text)
        while self._waiting_keys and self._waiting_keys[0].text == text:
            waiting = self._waiting_keys.pop(0)
            if waiting.control is not None:
                waiting.control.setEnabled(True)
            waiting.press()
        if self._waiting_keys or self._shown != self.search.text():
            self._ask_search()

    def _when_shown(self, press: Callable[[], object], control: QPushButton | None = None) -> None:
        """Make `press` on the list for the text typed: now when the list shows it, else when
        its search answers (a key pressed while the search was on its way; `control`, the
        key's button, shows busy meanwhile)."""
        text = self.search.text()
        if not self._waiting_keys and self._shown == text:
            press()
            return
        if control is not None and not control.isEnabled():
            return  # pressed again while it waits, or while its read is on its way
        if control is not None:
            control.setEnabled(False)
        self._waiting_keys.append(_WaitingKey(text, press, control))
        self._ask_search()

    def _show_found(
        self,
        found: tuple[PlayerInfo, ...],
        *,
        keep: int | None,
        keep_selection: bool,
        text: str | None = None,
    ) -> None:
        """Show the players `found` for `text` (the list's own text when not given)."""
        current = self.selected() if keep_selection else None
        if current is not None:
            keep = current.player.id
        self.model.set_rows([DeskRow(p, self._registrations.get(p.id)) for p in found])
        if text is not None:
            self._shown = text
        text = (self._shown or "").strip()
        self.add_button.setText(
            _("Add “{name}” as a new player (Enter)").format(name=text) if text else _(ADD_PLAYER)
        )
        self.add_button.setVisible(bool(text) and not found)
        row = self.model.row_of_player(keep) if keep is not None else None
        self.select_row(row if row is not None else 0)

    def select_row(self, row: int) -> None:
        """Highlight the player at `row` (clamped to the list)."""
        count = self.model.rowCount()
        if count == 0:
            self.table.clearSelection()
            self._on_selection_changed()
            return
        row = max(0, min(row, count - 1))
        self.table.selectRow(row)
        self.table.setCurrentIndex(self.model.index(row, 0))
        self._on_selection_changed()

    def selected(self) -> DeskRow | None:
        """The player highlighted."""
        index = self.table.currentIndex()
        return self.model.row_at(index.row()) if index.isValid() else None

    def focus_search(self) -> None:
        """Back to the search box, its text selected, ready for the next name."""
        self.search.setFocus()
        self.search.selectAll()

    def _on_search_stepped(self, step: int) -> None:
        self._when_shown(lambda: self._step(step))

    def _step(self, step: int) -> None:
        current = self.table.currentIndex().row()
        self.select_row(current + step if current >= 0 else 0)

    def _on_search_text_changed(self, _text: str) -> None:
        # The list is for the text before until the search answers: offering to add the name
        # typed now would be a guess.
        self.add_button.setVisible(False)
        self._ask_search()

    def _on_search_entered(self) -> None:
        self._when_shown(self._enter)

    def _enter(self) -> None:
        if self.model.rowCount() == 0:
            if self.search.text().strip():
                self.add_player()
            return
        self.table.setFocus()
        self._on_selection_changed()

    def _on_table_typed(self, text: str) -> None:
        self.search.setFocus()
        if text == "":
            self.search.selectAll()
        elif text == "\b":
            self.search.backspace()
        else:  # a letter on the list begins the next name: it replaces the old one
            self.search.selectAll()
            self.search.insert(text)

    def _on_table_command(self, key: str) -> None:
        self.press(key)

    def _on_search_command(self, key: str) -> None:
        self.press(key)

    def press(self, key: str) -> None:
        """Key `key` (or its button) pressed: `start` on the player highlighted in the list for
        the text typed, once its search has answered."""
        self._when_shown(lambda: self.start(key), self.buttons[key])

    def _on_selection_changed(self, *_args: object) -> None:
        row = self.selected()
        if row is None:
            self.selected_label.setText(_("No player selected"))
            return
        reg = row.registration
        detail = row.status
        if reg is not None and reg.bought_in:
            detail += _(" · entries {entries}, rebuys {rebuys}, add-ons {add_ons}").format(
                entries=reg.entries, rebuys=reg.rebuys, add_ons=reg.add_ons
            )
            if reg.place is not None:
                detail += f" · {place_text(reg.place, reg.tied)}"
        self.selected_label.setText(f"{row.player.display_name}\n{detail}")

    # ------------------------------------------------------------------ adding players
    def add_player(self, name: str | None = None) -> None:
        """Offer to add a player (the name typed in the search box by default)."""
        dialog = AddPlayerDialog(self.search.text().strip() if name is None else name, self)
        dialog.accepted.connect(lambda: self._on_add_accepted(dialog))
        self._open(dialog)

    def _on_add_accepted(self, dialog: AddPlayerDialog) -> None:
        add_new_player(
            self._ctx,
            dialog.details(),
            parent=self,
            open_dialog=self._open,
            done=self._on_player_chosen,
            next_step=_(ADDED_NEXT_STEP).format(key=BUY_IN_KEY),
        )

    def _on_player_chosen(self, info: PlayerInfo | None) -> None:
        """The player added (or the namesake used): shown, selected, the name in the search."""
        if info is not None:
            self.search.blockSignals(True)
            self.search.setText(info.name)
            self.search.blockSignals(False)
            self.refresh(select=info.id)
        self._after_action()

    # ------------------------------------------------------------------ selling
    def start(self, key: str) -> bool:
        """The command on key `key` on the selected player (F2 buy-in … F6 bust).

        The field is read again first, on the station's worker (another station may have sold
        or busted since the last poll, and the refusal should come before the money is taken,
        not after), with what an entry's dialog needs; the dialog opens when it answers. The
        key's button is busy meanwhile, and another press does nothing: False.
        """
        row = self.selected()
        if row is None:
            self._ctx.refuse(
                _("Select a player first: type a few letters of the name, then Enter.")
            )
            self._after_action()
            return False
        ctx, kind, player = self._ctx, ENTRY_KEYS[key], row.player
        services, tid = ctx.services, ctx.tid
        need_look = not ctx.look_held

        def work() -> _PressRead:
            # One read session: one transaction, the revision read once.
            with services.ctx.shared_reads():
                regs = services.cashier.registrations(tid)
                reg = next((r for r in regs if r.player_id == player.id), None)
                entry = None
                if kind is not None:
                    entry = read_entry(services, tid, player.id, reg, kind)
                look = ctx.read_look(tid) if need_look else None
                return _PressRead(regs, entry, look)

        def answered(read: _PressRead) -> None:
            if read.look is not None:
                ctx.hold_look(tid, read.look)
            self._on_press_read(read, player, kind)

        asked = ctx.query(
            work,
            answered,
            key=("desk press", id(self)),
            control=self.buttons[key],
        )
        if not asked:
            self._after_action()
        return asked

    def _after_action(self) -> None:
        """Where every desk action ends: the search box, its text selected."""
        if self.dialog is None:
            self.focus_search()

    def _on_press_read(self, read: _PressRead, player: PlayerInfo, kind: EntryKind | None) -> None:
        try:
            self._registrations = {r.player_id: r for r in read.registrations}
            self._show_found(
                tuple(row.player for row in self.model.rows()), keep=None, keep_selection=True
            )
            if self.dialog is not None:  # another dialog was opened while the field was read
                self._ctx.refuse(
                    _("Close the open dialog first, then press the key for {name} again.").format(
                        name=player.display_name
                    )
                )
                return
            # The player pressed on, as read now (the highlight may have moved meanwhile).
            row = DeskRow(player, self._registrations.get(player.id))
            if kind is None:
                self._start_bust(row)
            else:
                self._start_entry(row, kind, read.entry)
        finally:  # refused: back to the search now; a dialog: when it closes
            self._after_action()

    def _start_entry(self, row: DeskRow, kind: EntryKind, read: EntryRead | None) -> None:
        sale = entry_dialog(self._ctx, row, kind, read, self)
        if sale is None:
            return  # refused, and the message says why
        if sale.table is None:
            # A seat was free: should another station take the last one meanwhile, the sale
            # is refused with nothing written, and the next press asks.
            self._open_entry(sale, row, kind, IfFull.ASK)
            return
        box = NoSeatBox(row.player.display_name, sale.table, self)
        box.finished.connect(lambda _r: self._on_no_seat_answered(box, sale, row, kind))
        self._open(box)

    def _on_no_seat_answered(
        self, box: NoSeatBox, sale: EntrySale, row: DeskRow, kind: EntryKind
    ) -> None:
        choice, table, name = box.choice(), box.table, row.player.display_name
        if choice is None:
            sale.dialog.deleteLater()  # cancelled before the money: nothing is sold
            return
        if choice is IfFull.OPEN_TABLE:
            sale.dialog.add_note(
                ngettext(
                    "Opens table {table} ({count} seat): {name} sits there.",
                    "Opens table {table} ({count} seats): {name} sits there.",
                    table.seat_count,
                ).format(table=table.number, count=table.seat_count, name=name)
            )
        else:
            sale.dialog.add_note(_("No seat is free: {name} waits for one.").format(name=name))
        self._open_entry(sale, row, kind, choice)

    def _open_entry(self, sale: EntrySale, row: DeskRow, kind: EntryKind, if_full: IfFull) -> None:
        sale.dialog.accepted.connect(lambda: self._on_entry_accepted(sale, row, kind, if_full))
        self._open(sale.dialog)

    def _on_entry_accepted(
        self, sale: EntrySale, row: DeskRow, kind: EntryKind, if_full: IfFull
    ) -> None:
        dialog, at_table = sale.dialog, sale.at_table
        stack = dialog.stack()
        operations.sell(
            self._ctx,
            kind,
            player_id=row.player.id,
            registration_id=row.registration.id if row.registration is not None else None,
            name=row.player.display_name,
            tendered=dialog.tendered(),
            with_add_on=dialog.with_add_on(),
            stack=stack,
            busted_at_table=at_table and stack is None,
            if_full=if_full,
            on_sold=self._on_sold,
        )

    def _on_sold(self, receipt: EntryReceipt) -> None:
        note = receipt.seat  # drawn or given back in the sale's own transaction
        seat = str(note.seat.seat) if note is not None and note.seat is not None else ""
        self.last.show_sale(receipt, seat)

    def _start_bust(self, row: DeskRow) -> None:
        ctx, name, reg = self._ctx, row.player.display_name, row.registration
        if reg is None or not reg.bought_in:
            ctx.refuse(_("{name} has not bought in, so cannot be busted.").format(name=name))
            return
        if reg.status is RegistrationStatus.BUSTED:
            where = place_text(reg.place, reg.tied)
            ctx.refuse(
                _("{name} is already out ({place}).").format(name=name, place=where)
                if where
                else _("{name} is already out.").format(name=name)
            )
            return
        # The dialog opens when the room has been read on the worker (F6's button is busy).
        services, tid, rid = ctx.services, ctx.tid, reg.id
        ctx.query(
            lambda: read_bust(services, tid),
            lambda read: self._open_bust(read, rid, name),
            key=("bust", id(self)),
            control=self.buttons[BUST_KEY],
        )

    def _open_bust(self, read: BustRead, registration_id: int, name: str) -> None:
        if self.dialog is not None:  # another dialog was opened while the room was read
            self._ctx.refuse(
                _("Close the open dialog first, then bust {name} again.").format(name=name)
            )
            return
        if all(r.id != registration_id for r in read.in_play):  # out since (another station)
            self._ctx.refuse(
                _("{name} is no longer in play, so cannot be busted.").format(name=name)
            )
            self._after_action()
            return
        dialog = bust_dialog(read, registration_id, self)
        dialog.accepted.connect(lambda: self._on_bust_accepted(dialog))
        self._open(dialog)

    def _on_bust_accepted(self, dialog: BustDialog) -> None:
        operations.record_busts(self._ctx, dialog.busts())

    def _open(self, dialog: QDialog) -> None:
        self.dialog = dialog
        dialog.finished.connect(lambda _r: self._on_dialog_finished(dialog))
        dialog.open()

    def _on_dialog_finished(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()
        self._after_action()  # confirmed, refused or cancelled: the same place

    @property
    def last_receipt(self) -> EntryReceipt | None:
        """The last entry sold here."""
        return self.last.receipt

    @property
    def last_seat(self) -> str:
        """The seat drawn with the last entry ("" when none)."""
        return self.last.seat
