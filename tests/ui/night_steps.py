"""The host's steps of a tournament night, each one small helper that drives the real windows.

`tests/ui/test_whole_night.py` plays a whole small tournament with these. Each helper is one thing a
host does (register and buy in a player at the desk, sell a rebuy, a re-entry or the add-on,
record a bust, break a table, form the final table, put an all in or a chip race on the wall, make
a deal, pay a prize) and acts only through widgets: names typed to whatever has the focus, the
desk's F-key commands, the director's keys, the tables window's actions and dialogs, the cashier's
dialogs. When a flow changes (a confirmation before a new player, the
finished tournament), the one helper here is the place to adapt.

The helpers assert what the host sees right after each action (the dialog that opens, the message
of the cashier window); the test checks the wall and the reports between the steps.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QWidget
from pytestqt.qtbot import QtBot

from clockapp.core.money.records import RegistrationInfo
from clockapp.core.payouts import PayoutMode
from clockapp.core.registration import RegistrationStatus
from clockapp.services.app import Services
from clockapp.services.payouts import DealProposal
from clockapp.services.seating import RoomView
from clockapp.ui.actions import TablesAction
from clockapp.ui.cashier import CashierWindow
from clockapp.ui.cashier.bust_dialog import SOMEONE_ELSE, BustDialog
from clockapp.ui.cashier.desk import Desk
from clockapp.ui.cashier.dialogs import AddPlayerDialog
from clockapp.ui.cashier.entry_dialog import EntryDialog
from clockapp.ui.cashier.no_seat import OPEN_A_TABLE, NoSeatBox
from clockapp.ui.cashier.payout_dialog import PayoutTableDialog
from clockapp.ui.cashier.prize_dialogs import DealDialog
from clockapp.ui.cashier.rules_dialog import EntryRulesDialog
from clockapp.ui.display.window import ClockDisplay
from clockapp.ui.seating import TablesWindow
from clockapp.ui.seating.dialogs import BUTTON_UNKNOWN, BreakChoice, BreakTableDialog
from clockapp.ui.station.station import ClockStation
from clockapp.ui.wall.chip_race import ChipRaceMoment
from clockapp.ui.wall.chip_race_dialog import ChipRaceDialog
from clockapp.ui.wall.showdown import ShowdownMoment
from clockapp.ui.wall.showdown_dialog import ShowdownDialog
from tests.fakes import FakeClock
from tests.ui.cashier.waiting import then_settle
from tests.ui.polling import settle

PageT = TypeVar("PageT", bound=QWidget)
NO_MODIFIER = Qt.KeyboardModifier.NoModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@dataclass(frozen=True)
class DealShown:
    """What the deal dialog showed before Enter recorded the deal."""

    proposal: DealProposal
    ok_text: str
    sum_text: str


@dataclass
class Night:
    """Everything the host has open: the station (the wall and the director window), the cashier
    and tables windows, and the fake clock the whole app reads its time from."""

    qtbot: QtBot
    station: ClockStation
    services: Services
    clock: FakeClock
    cashier: CashierWindow
    tables: TablesWindow
    shots: Path
    saved_as: list[Path]  # the name each save dialog suggested (it saves into `shots`)

    @property
    def tid(self) -> int:
        return self.station.bus.tournament_id

    @property
    def desk(self) -> Desk:
        return self.cashier.desk

    @property
    def wall(self) -> ClockDisplay:
        return self.station.display

    # ------------------------------------------------------------------ reading
    def registration(self, name: str) -> RegistrationInfo:
        """The player's registration as the cashier's records have it."""
        (reg,) = [r for r in self.services.cashier.registrations(self.tid) if r.name == name]
        return reg

    def wall_reads(self) -> dict[str, object]:
        """What the room reads on the wall now, by name."""
        wall = self.wall
        sub = wall.players_block.sub
        return {
            "players": wall.players_block.value.text(),
            "to_money": sub.text() if sub is not None else "",
            "average": wall.average_block.value.text(),
            "chips": wall.chips_block.value.text(),
            "pool": wall.prize_block.value.text(),
            "payouts": [
                (place.text(), amount.text())
                for place, amount in wall.payout_rows
                if place.isVisibleTo(wall)
            ],
            "level": wall.level_label.text(),
            "clock": wall.countdown_label.text(),
            "status": wall.status_label.text(),
            "blinds": wall.blinds_label.text(),
            "next_break": wall.break_block.value.text(),
            "notice": wall.notice_label.text(),
            "sales": wall.sales_label.text() if wall.sales_label.isVisibleTo(wall) else "",
            "moves_title": wall.moves_banner.title.text()
            if wall.moves_banner.isVisibleTo(wall)
            else "",
        }

    def check_wall(self, **expected: object) -> None:
        """The wall shows these texts (only the ones named)."""
        reads = self.wall_reads()
        shown = {key: reads[key] for key in expected}
        assert shown == expected, f"the wall shows {shown}, expected {expected}"

    def drawer(self) -> tuple[str, dict[str, str]]:
        """The drawer page: the cash expected in the drawer and the end-of-night summary."""
        page = self._show_page(self.cashier.drawer)
        return page.expected_label.text(), dict(page.summary_model.rows())

    def results_view(self) -> dict[str, dict[str, str]]:
        """The results page as the host reads it: {name: {column header: cell text}}."""
        model = self._show_page(self.cashier.results).model
        headers = [
            model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())
        ]
        name = headers.index("Name")
        return {
            model.index(r, name).data(): {
                header: model.index(r, c).data() for c, header in enumerate(headers)
            }
            for r in range(model.rowCount())
        }

    def export_results(self) -> tuple[str, list[dict[str, str]]]:
        """The results page's Export CSV…, its save dialog answered with the name it suggested
        (`saved_as` stands in for the dialog). Returns that name and the file's rows."""
        page = self._show_page(self.cashier.results)
        path = then_settle(self.qtbot, page, page.export_csv)  # written on the worker
        assert path is not None, self.message()
        assert self.saved_as, "no save dialog was opened"
        with open(path, newline="", encoding="utf-8-sig") as file:  # the export has a BOM
            return self.saved_as[-1].name, list(csv.DictReader(file))

    def message(self) -> str:
        """The cashier window's message line (what the last action said)."""
        return self.cashier.message.text()

    def snap(self, name: str) -> Path:
        """Render the wall to PNGs at the two projector sizes rooms use; returns the first."""
        first = None
        for width, height in ((1920, 1080), (1366, 768)):
            self.wall.resize(width, height)
            self.qtbot.wait(0)
            path = self.shots / f"{name}-{width}x{height}.png"
            assert self.wall.grab().save(str(path))
            first = first or path
        self.wall.resize(1280, 720)
        assert first is not None
        return first

    # ------------------------------------------------------------------ helpers
    def _enter(self, widget: QWidget, modifier: Qt.KeyboardModifier = NO_MODIFIER) -> None:
        self.qtbot.keyClick(widget, Qt.Key.Key_Return, modifier)
        settle(self.qtbot, self.station.bus)  # a sale or a bust runs on the station's worker

    def _activate(self, window: QWidget) -> None:
        """The host clicks on the window first: keys go to the active window only, and there
        a plain letter may be a shortcut (R restarts the level on the wall)."""
        if not window.isActiveWindow():
            window.activateWindow()
            self.qtbot.waitUntil(window.isActiveWindow)

    def _show_page(self, page: PageT) -> PageT:
        self._activate(self.cashier)
        self.cashier.tabs.setCurrentWidget(page)
        settle(self.qtbot, self.cashier.ctx.bus)  # a page shown is read on the worker
        return page

    def _find(self, name: str) -> None:
        """Type the first name, as a cashier does, to whatever has the focus (after a sale the
        list has it: letters there are the name, never a command), and Enter: the player is
        selected (the first names of the night are all different)."""
        desk = self.desk
        self._show_page(desk)
        first = name.split()[0]
        if self.cashier.focusWidget() is desk.search:
            desk.search.clear()
        for char in first:
            widget = self.cashier.focusWidget()
            assert widget is not None
            self.qtbot.keyClick(widget, char)
        assert desk.search.text() == first, f"typed {first!r}, searched {desk.search.text()!r}"
        assert desk.dialog is None  # no letter ran a command
        self._enter(desk.search)
        assert desk.selected().player.name == name

    def search_box_at(self) -> tuple[QPoint, QPoint]:
        """Where the desk's search box and list are on the screen (a message must not move
        them from under the cashier's pointer)."""
        desk = self._show_page(self.desk)
        QApplication.processEvents()
        return desk.search.mapToGlobal(QPoint(0, 0)), desk.table.mapToGlobal(QPoint(0, 0))

    # ------------------------------------------------------------------ before the doors open
    def set_entry_rules(
        self,
        *,
        price: str,
        fee: str,
        stack: int,
        late_until: int,
        rebuy: str,
        rebuy_last: int,
        add_on: str = "",
        re_entry: str = "",
    ) -> None:
        """The cashier's Rules… dialog: the buy-in and its fee, late registration through a
        level, rebuys through a level (each with the break after it), an add-on (when priced)
        at the break after the last rebuy level, and a re-entry (when priced, with the buy-in's
        fee) as long as late registration."""
        self.qtbot.mouseClick(self.cashier.header.rules_button, Qt.MouseButton.LeftButton)
        settle(self.qtbot, self.cashier.ctx.bus)  # the rules are read first, on the worker
        dialog = self.cashier.dialog
        assert isinstance(dialog, EntryRulesDialog)
        for edit, text in (
            (dialog.buy_in_price.total_edit, price),
            (dialog.buy_in_price.fee_edit, fee),
        ):
            edit.clear()
            self.qtbot.keyClicks(edit, text)
        dialog.stack_spin.setValue(stack)
        dialog.late_box.setChecked(True)
        dialog.late_spin.setValue(late_until)
        dialog.rebuy_group.setChecked(True)
        for edit, text in (
            (dialog.rebuy_price.total_edit, rebuy),
            (dialog.rebuy_price.fee_edit, ""),
            (dialog.rebuy_price.bounty_edit, ""),
        ):
            edit.clear()
            self.qtbot.keyClicks(edit, text)
        dialog.rebuy_chips.setValue(stack)
        dialog.rebuy_last.setValue(rebuy_last)
        dialog.add_on_group.setChecked(bool(add_on))
        if add_on:
            for edit, text in (
                (dialog.add_on_price.total_edit, add_on),
                (dialog.add_on_price.fee_edit, ""),
                (dialog.add_on_price.bounty_edit, ""),
            ):
                edit.clear()
                self.qtbot.keyClicks(edit, text)
            dialog.add_on_chips.setValue(stack)
            dialog.add_on_break_box.setChecked(True)
            dialog.add_on_break.setValue(rebuy_last)
        dialog.re_entry_group.setChecked(bool(re_entry))
        if re_entry:
            for edit, text in (
                (dialog.re_entry_price.total_edit, re_entry),
                (dialog.re_entry_price.fee_edit, fee),
                (dialog.re_entry_price.bounty_edit, ""),
            ):
                edit.clear()
                self.qtbot.keyClicks(edit, text)
            dialog.re_entry_chips.setValue(stack)
            dialog.re_entry_last.setValue(0)  # as late registration
        assert dialog.error_label.text() == "", dialog.error_label.text()
        self._enter(dialog.buy_in_price.total_edit)
        assert self.cashier.dialog is None
        assert "Rules saved" in self.message()

    def set_payouts(self, percentages: str) -> None:
        """The payouts page's Edit payout table…: custom percentages ("50/30/20")."""
        page = self._show_page(self.cashier.payouts)
        page.edit_button.click()
        settle(self.qtbot, self.cashier.ctx.bus)  # the field is read on the worker first
        dialog = page.dialog
        assert isinstance(dialog, PayoutTableDialog)
        dialog.set_mode(PayoutMode.PERCENTAGES)
        self.qtbot.keyClicks(dialog.percent_edit, percentages)
        assert dialog.ok_button.isEnabled(), dialog.error_label.text()
        self._enter(dialog.percent_edit)
        assert page.dialog is None

    def add_tables(self, count: int, seats: int) -> None:
        """The tables window's Add tables…, answering its question."""
        self._activate(self.tables)
        self.tables.seats.ask_tables = lambda: (count, seats)
        self.tables.actions_by_name[TablesAction.ADD_TABLES].trigger()
        settle(self.qtbot, self.station.bus)  # the tables' calls run on the worker

    # ------------------------------------------------------------------ the desk
    def register_and_buy_in(self, name: str, tendered: str = "", room_full: str = "") -> None:
        """A new player at the desk: the name typed, Enter offers to add them, OK adds them, F2
        sells the buy-in, the money typed and Ctrl+Enter. The sale draws the player's seat; in
        a full room the desk first asks (`room_full`, its question) and the host opens a
        table before any money is taken."""
        desk = self.desk
        self._show_page(desk)
        desk.search.clear()
        self.qtbot.keyClicks(desk.search, name)
        settle(self.qtbot, self.station.bus)  # searched on the station's worker
        assert desk.model.rowCount() == 0, f"{name} is already in the player database"
        self._enter(desk.search)  # nobody matches: Enter offers to add the name
        dialog = desk.dialog
        assert isinstance(dialog, AddPlayerDialog)
        assert dialog.name_edit.text() == name
        assert "no buy-in" in dialog.ok_button.text()  # adding him is not selling to him
        # Enter in the name moves on to the next field: creating a player is the explicit click.
        self._enter(dialog.name_edit)
        assert desk.dialog is dialog
        self.qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        settle(self.qtbot, self.station.bus)  # the player is added on the station's worker
        assert desk.selected().player.name == name
        assert "Not registered, no buy-in taken" in self.message()
        assert "not registered" in desk.selected_label.text()
        assert name not in {r.name for r in self.services.cashier.registrations(self.tid)}
        then_settle(self.qtbot, desk.table, lambda: self.qtbot.keyClick(desk.table, Qt.Key.Key_F2))
        if room_full:
            entries = len(self.services.cashier.ledger(self.tid))
            box = desk.dialog
            assert isinstance(box, NoSeatBox), self.message()
            assert box.text() == room_full
            assert len(self.services.cashier.ledger(self.tid)) == entries  # nothing sold yet
            (button,) = [b for b in box.buttons() if b.text() == OPEN_A_TABLE]
            self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
            assert isinstance(desk.dialog, EntryDialog), self.message()
            assert "Opens table" in desk.dialog.note_label.text()
        self._pay(tendered)
        assert self.registration(name).status is RegistrationStatus.PLAYING

    def refused_registration(self, name: str) -> str:
        """A new player asks to buy in after registration closed: added to the player
        database, but B sells nothing. Returns what the desk said."""
        desk = self.desk
        self._show_page(desk)
        desk.search.clear()
        self.qtbot.keyClicks(desk.search, name)
        self._enter(desk.search)
        assert isinstance(desk.dialog, AddPlayerDialog)
        self.qtbot.mouseClick(desk.dialog.ok_button, Qt.MouseButton.LeftButton)
        settle(self.qtbot, self.station.bus)  # the player is added on the station's worker
        then_settle(self.qtbot, desk.table, lambda: self.qtbot.keyClick(desk.table, Qt.Key.Key_F2))
        assert desk.dialog is None
        assert self.cashier.message.kind == "error"
        return self.message()

    def _pay(self, tendered: str) -> tuple[str, str]:
        """Type the money handed over and Enter; returns what the dialog said was due and its
        note (read before OK closes it)."""
        dialog = self.desk.dialog
        assert isinstance(dialog, EntryDialog), self.message()
        said = (dialog.due_label.text(), dialog.note_label.text())
        if tendered:
            self.qtbot.keyClicks(dialog.tendered_edit, tendered)
        # A plain Enter never takes money: the dialog stays and says which key does.
        ledger = len(self.services.cashier.ledger(self.tid))
        self._enter(dialog.tendered_edit)
        assert self.desk.dialog is dialog
        assert len(self.services.cashier.ledger(self.tid)) == ledger
        assert "Ctrl+Enter" in dialog.error_label.text()
        self._enter(dialog.tendered_edit, Qt.KeyboardModifier.ControlModifier)
        assert self.desk.dialog is None
        assert self.cashier.message.kind == "info", self.message()
        return said

    def rebuy(self, name: str, tendered: str = "") -> tuple[str, str]:
        """A player busted pays in again: find, R, the money, Enter. Returns what the dialog
        said was due and its note."""
        self._find(name)
        then_settle(
            self.qtbot, self.desk.table, lambda: self.qtbot.keyClick(self.desk.table, Qt.Key.Key_F3)
        )
        return self._pay(tendered)

    def re_entry(self, name: str, tendered: str = "") -> tuple[str, str]:
        """A busted player buys a new entry: find, F5, the money, Ctrl+Enter. Returns what the
        dialog said was due and its note."""
        self._find(name)
        then_settle(
            self.qtbot, self.desk.table, lambda: self.qtbot.keyClick(self.desk.table, Qt.Key.Key_F5)
        )
        return self._pay(tendered)

    def add_on(self, name: str, tendered: str = "") -> tuple[str, str]:
        """The add-on at its break: find, F4, the money, Ctrl+Enter. Returns what the dialog
        said was due and its note."""
        self._find(name)
        then_settle(
            self.qtbot, self.desk.table, lambda: self.qtbot.keyClick(self.desk.table, Qt.Key.Key_F4)
        )
        return self._pay(tendered)

    def refused_rebuy(self, name: str) -> str:
        """R on a player when rebuys are over: no dialog opens; returns what the desk said."""
        self._find(name)
        then_settle(
            self.qtbot, self.desk.table, lambda: self.qtbot.keyClick(self.desk.table, Qt.Key.Key_F3)
        )
        assert self.desk.dialog is None
        assert self.cashier.message.kind == "error"
        return self.message()

    def bust(self, name: str, by: str | None = None) -> None:
        """A player is out: find, F6, the buster chosen, Enter. The dialog opens on the
        player's table, its players listed."""
        reg = self.registration(name)
        room = self.services.seating.room(self.tid)
        seat = room.seat_of(reg.id)
        assert seat is not None, f"{name} has no seat"
        at_table = {s.name for s in room.table(seat.table).seats if s.registration_id is not None}
        self._find(name)
        self.qtbot.keyClick(self.desk.table, Qt.Key.Key_F6)
        settle(self.qtbot, self.station.bus)  # the dialog opens once the room is read
        dialog = self.desk.dialog
        assert isinstance(dialog, BustDialog), self.message()
        assert dialog.table_box.currentText() == f"Table {seat.table}"
        table = dialog.table
        shown = {
            table.item(r, 0).text() for r in range(table.rowCount()) if not table.isRowHidden(r)
        }
        assert shown == at_table
        # "Busted by" offers the others at his table first, anyone else on request.
        box = dialog.busters_box(reg.id)
        offered = {box.itemText(i) for i in range(box.count()) if box.itemText(i)}
        assert offered == {"—", SOMEONE_ELSE} | (at_table - {name})
        dialog.set_busted(reg.id, busted_by=self.registration(by).id if by else None)
        self._enter(dialog.table)
        assert self.desk.dialog is None
        assert self.registration(name).status is RegistrationStatus.BUSTED

    def undo(self) -> str:
        """The cashier's Undo button (Ctrl+Z): the last action is reversed. Returns what the
        button said it would undo."""
        button = self.cashier.header.undo_button
        self._activate(self.cashier)
        said = button.text()
        assert button.isEnabled(), said
        self.qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        settle(self.qtbot, self.station.bus)  # the undo runs on the station's worker
        return said

    # ------------------------------------------------------------------ the clock
    def press(self, key: Qt.Key, modifier: Qt.KeyboardModifier = NO_MODIFIER) -> None:
        """A key in the director window, the host's screen (the wall is on the projector); the
        host clicks the window first: its shortcuts answer only in the active window."""
        director = self.station.director
        self._activate(director)
        self.qtbot.keyClick(director, key, modifier)
        settle(self.qtbot, self.station.bus)  # the press runs on the station's worker

    def play(self, *, minutes: float) -> None:
        """Time passes on the injected clock; the wall's repaint timer fires once."""
        self.clock.advance(minutes=minutes)
        self.station.session.tick()

    # ------------------------------------------------------------------ the tables
    def break_table(self, buttons: dict[int, int]) -> tuple[list[str], str]:
        """The tables window's Break table: its dialog lists the tables that can break with
        what each costs, the suggested one chosen; the host gives the buttons of the tables
        that receive ({table: seat}) and clicks OK. Returns the dialog's rows and what the
        window's banner said."""
        self._activate(self.tables)
        rows: list[str] = []

        def ask(room: RoomView) -> BreakChoice | None:
            dialog = BreakTableDialog(room, self.tables)
            self.qtbot.addWidget(dialog)
            dialog.show()
            self.qtbot.waitExposed(dialog)
            rows.extend(dialog.tables.item(i).text() for i in range(dialog.tables.count()))
            for number, box in dialog.button_boxes.items():
                if number in buttons and box.isEnabled():
                    assert box.currentText() == BUTTON_UNKNOWN
                    box.setCurrentIndex(box.findData(buttons[number]))
            ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
            self.qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
            assert dialog.result() == QDialog.DialogCode.Accepted
            return dialog.value()

        self.tables.play.ask_break = ask
        self.tables.actions_by_name[TablesAction.BREAK].trigger()
        settle(self.qtbot, self.station.bus)  # the tables' calls run on the worker
        return rows, self.tables.banner.text()

    def form_final_table(self, size: int) -> str:
        """The tables window's Final table…, answering the size; returns its banner."""
        self._activate(self.tables)
        self.tables.play.ask_final_size = lambda: size
        self.tables.actions_by_name[TablesAction.FINAL].trigger()
        settle(self.qtbot, self.station.bus)  # the tables' calls run on the worker
        return self.tables.banner.text()

    def close_by_ctrl_w(self, window: QWidget) -> None:
        """Ctrl+W in a window the host is done with (the tables window, the rulings)."""
        self._activate(window)
        self.qtbot.keyClick(window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
        assert not window.isVisible(), f"{window.windowTitle()} is still open"

    def moves_done(self) -> None:
        """The director says every seat move on the wall is done (Ctrl+Shift+M)."""
        self.press(Qt.Key.Key_M, CTRL_SHIFT)

    # ------------------------------------------------------------------ the wall
    def showdown(self, hands: dict[str, tuple[str, int]]) -> list[str]:
        """The director's all-in showdown (Ctrl+Shift+A): each player's cards and stack, Show
        on the wall. Returns what the wall says each hand risks."""
        self.press(Qt.Key.Key_A, CTRL_SHIFT)
        dialog = self.station.showdown.dialog
        assert isinstance(dialog, ShowdownDialog)
        for row, (name, (cards, stack)) in zip(dialog.rows, hands.items(), strict=True):
            row.name.setCurrentText(name)
            self.qtbot.keyClicks(row.cards, cards)
            row.stack.setValue(stack)
        self.qtbot.mouseClick(dialog.show_button, Qt.MouseButton.LeftButton)
        stage = self.wall.wall_stage
        self.qtbot.waitUntil(lambda: isinstance(stage.current_widget(), ShowdownMoment))
        moment = stage.current_widget()
        assert isinstance(moment, ShowdownMoment)
        assert [p.name_label.text() for p in moment.panels] == list(hands)
        return [p.stake_label.text() for p in moment.panels]

    def chip_race(self, odd_chips: dict[int, tuple[int, ...]]) -> list[str]:
        """The director's chip race (Ctrl+Shift+R) at a colour-up: table after table in one
        opening, each player's odd chips counted, Race. Returns the table list as the dialog
        shows it once every table is raced."""
        self.press(Qt.Key.Key_R, CTRL_SHIFT)
        dialog = self.station.wall.chip_race_dialog
        assert isinstance(dialog, ChipRaceDialog)
        self.qtbot.addWidget(dialog)
        numbers = [t.number for t in dialog.tables]
        for table, counts in odd_chips.items():
            dialog.table_combo.setCurrentIndex(numbers.index(table))
            assert dialog.run_button.isEnabled(), f"table {table} cannot be raced"
            for row, count in zip(dialog.rows, counts, strict=True):
                row.spins[0].setValue(count)
            self.qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
            settle(self.qtbot, self.station.bus)  # raced on the station's worker
            assert dialog.error_label.text() == "", dialog.error_label.text()
            moment = self.wall.wall_stage.current_widget()
            assert isinstance(moment, ChipRaceMoment)
            assert moment.title_label.text() == f"Chip race · Table {table}"
        shown = [dialog.table_combo.itemText(i) for i in range(dialog.table_combo.count())]
        dialog.close()
        return shown

    def deal_board(self, board: str) -> list[str]:
        """The board dealt typed into the showdown, Enter shows it on the wall. Returns the
        lines under the showdown: who takes the pot, who is out."""
        dialog = self.station.showdown.dialog
        assert isinstance(dialog, ShowdownDialog)
        self.qtbot.keyClicks(dialog.board_edit, board)
        self.qtbot.keyClick(dialog.board_edit, Qt.Key.Key_Return)
        dealt = tuple(board.split())
        stage = self.wall.wall_stage

        def shown() -> bool:
            moment = stage.current_widget()
            return isinstance(moment, ShowdownMoment) and moment.board.cards() == dealt

        self.qtbot.waitUntil(shown)
        moment = stage.current_widget()
        assert isinstance(moment, ShowdownMoment)
        return [label.text() for label in moment.result_labels if label.text()]

    def record_showdown_busts(self) -> None:
        """One key (Ctrl+Shift+O) records the busts of the showdown on the wall."""
        self.press(Qt.Key.Key_O, CTRL_SHIFT)

    def clear_wall(self) -> None:
        """Ctrl+Shift+X: the showdown comes off the wall, the clock shows again."""
        self.press(Qt.Key.Key_X, CTRL_SHIFT)
        dialog = self.station.showdown.dialog
        if dialog is not None:
            dialog.close()

    # ------------------------------------------------------------------ the money at the end
    def make_deal(self, stacks: dict[str, int]) -> DealShown:
        """The payouts page's Deal…: the chips counted at the table typed, the shares worked
        out (ICM), Enter records the deal. Returns what the dialog showed before Enter (the
        dialog itself is gone once the deal is recorded)."""
        page = self._show_page(self.cashier.payouts)
        page.deal_button.click()
        settle(self.qtbot, self.cashier.ctx.bus)
        dialog = page.dialog
        assert isinstance(dialog, DealDialog), self.message()
        for name, chips in stacks.items():
            dialog.set_stack(self.registration(name).id, chips)
        dialog.propose_button.click()
        settle(self.qtbot, self.cashier.ctx.bus)  # the shares are worked out on the worker
        assert dialog.ok_button.isEnabled(), dialog.error_label.text()
        assert dialog.proposal is not None
        shown = DealShown(dialog.proposal, dialog.ok_button.text(), dialog.sum_label.text())
        self._enter(dialog.unit_edit)
        assert page.dialog is None
        return shown

    def pay_prize(self, name: str) -> None:
        """The results page's Pay prize…: the amount owed is filled in; Enter pays it."""
        page = self._show_page(self.cashier.results)
        page.select_player(self.registration(name).id)
        page.pay_button.click()
        settle(self.qtbot, self.cashier.ctx.bus)
        dialog = page.dialog
        assert dialog is not None, self.message()
        self._enter(dialog.amount_edit)
        assert page.dialog is None
        assert self.cashier.message.kind == "info", self.message()

    def count_drawer(self, counted: str) -> None:
        """The drawer page's Count the drawer…: the cash counted typed, Enter."""
        page = self._show_page(self.cashier.drawer)
        page.count_button.click()
        settle(self.qtbot, self.cashier.ctx.bus)
        dialog = page.dialog
        assert dialog is not None, self.message()
        self.qtbot.keyClicks(dialog.counted_edit, counted)
        self._enter(dialog.counted_edit)
        assert page.dialog is None
