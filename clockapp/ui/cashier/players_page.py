"""The Players page of the cashier window: the player database shared by every tournament.

Search as you type; add, edit (notes included) and merge duplicates; import and export the
database as CSV; and import tonight's pre-registration list (one name a line), previewed before
anything is saved, whose players are then checked in on the Field page as they arrive. When the
field is full, the selected player (pre-registered or not) joins its waiting list in one press,
and leaves it in another; the Tonight column shows each waiting player's place. The files are
asked for with a file dialog, or given as a path (tests, scripts).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clockapp.core.money.records import RegistrationInfo
from clockapp.core.userfiles import csv_records
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.changes import Change
from clockapp.services.players import PlayerInfo
from clockapp.services.players.importing import ImportPlan
from clockapp.services.waiting_list import WaitingView
from clockapp.ui.accessible import name_clear_button
from clockapp.ui.cashier import setup_operations
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.import_dialog import PreRegistrationDialog
from clockapp.ui.cashier.models import PlayerRow, PlayersModel
from clockapp.ui.cashier.new_player import add_new_player, save_details
from clockapp.ui.cashier.pages import Page, table_view
from clockapp.ui.cashier.player_dialogs import MergeDialog, PlayerDialog
from clockapp.ui.cashier.stand_in_dialog import StandInDialog
from clockapp.ui.userfiles import read_import_file

#: Players listed at most (typing narrows the list).
LIST_LIMIT = 500

#: What the page reads on the worker: tonight's list, the waiting list, the search and its finds.
Read = tuple[tuple[RegistrationInfo, ...], WaitingView, str, tuple[PlayerInfo, ...]]


def waiting_places(view: WaitingView) -> dict[int, str]:
    """Each waiting player's place, as the Tonight column shows it ("waiting, number 2")."""
    offered = {w.player_id for w in view.offered}
    return {
        w.player_id: (
            _("waiting, number {place}: a seat is free")
            if w.player_id in offered
            else _("waiting, number {place}")
        ).format(place=place)
        for place, w in enumerate(view.waiters, 1)
    }


class PlayersPage(Page):
    """The player database: search, add, edit, merge, CSV import and export, pre-registrations."""

    REFRESH_ON = Change.PLAYERS | Change.ENTRIES

    def __init__(self, ctx: CashierContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        self.search = QLineEdit()
        self.search.setObjectName("player_search")
        self.search.setPlaceholderText(_("Search the player database (name or nickname)…"))
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName(_("Search the player database"))
        name_clear_button(self.search)
        self.search.textChanged.connect(self._on_search_text_changed)
        self.model = PlayersModel(self)
        self._registrations: dict[int, RegistrationInfo] = {}
        self._waiting: dict[int, str] = {}  # player id -> their place on the waiting list
        self._found: tuple[PlayerInfo, ...] = ()  # what the search found last
        self._query = ""  # what the read on the worker searches for (set on this thread)
        self._reading = ctx.reader(self._read, self._on_read)
        # Search as you type, on the worker: the text the next search reads (set here, read
        # there), and the player to select once the search for the text typed answers (None:
        # the first found).
        self._search_for = ""
        self._shown: str | None = None  # the text of the last search shown
        self._select_found: int | None = None
        self._searching = ctx.reader(self._read_search, self._on_search_read)
        self.view = table_view(self.model, "player_database", _("Player database"))
        # Fixed widths: sizing columns to their contents on every key typed costs more than the
        # search itself (as on the desk); the notes take the rest.
        for header, width in (
            ("#", 50),
            ("Name", 200),
            ("Nickname", 110),
            ("Team", 110),
            ("Phone", 120),
            ("E-mail", 190),
            ("Tonight", 110),
        ):
            self.view.setColumnWidth(self.model.column_of(header), width)
        self.view.doubleClicked.connect(lambda _i: self.start_edit())
        self.count_label = QLabel()
        self.count_label.setObjectName("player_count")
        self.new_button = QPushButton(_("New player…"))
        self.new_button.clicked.connect(lambda: self.start_new())
        self.edit_button = QPushButton(_("Edit…"))
        self.edit_button.setObjectName("edit_player")
        self.edit_button.clicked.connect(lambda: self.start_edit())
        self.merge_button = QPushButton(_("Merge into…"))
        self.merge_button.setObjectName("merge_player")
        self.merge_button.setToolTip(
            _("The selected player is a duplicate of another: merge them.")
        )
        self.merge_button.clicked.connect(lambda: self.start_merge())
        self.waiting_button = QPushButton(_("Waiting list"))
        self.waiting_button.setObjectName("join_waiting_list")
        self.waiting_button.setToolTip(
            _("The field is full: the selected player waits for a seat.")
        )
        self.waiting_button.clicked.connect(lambda: self.join_waiting_list())
        self.leave_waiting_button = QPushButton(_("Off the waiting list"))
        self.leave_waiting_button.setObjectName("leave_waiting_list")
        self.leave_waiting_button.setToolTip(
            _(
                "The selected player no longer waits for a seat "
                "(undo puts them back at their place)."
            )
        )
        self.leave_waiting_button.clicked.connect(lambda: self.leave_waiting_list())
        self.stand_in_button = QPushButton(_("Stands in for…"))
        self.stand_in_button.setObjectName("stand_in")
        self.stand_in_button.setToolTip(
            _(
                "The selected player, a teammate out of the tournament, plays the chips of a "
                "teammate who leaves."
            )
        )
        self.stand_in_button.clicked.connect(lambda: self.start_stand_in())
        self.import_button = QPushButton(_("Import CSV…"))
        self.import_button.clicked.connect(lambda: self.import_csv())
        self.export_button = QPushButton(_("Export CSV…"))
        self.export_button.clicked.connect(lambda: self.export_csv())
        self.pre_button = QPushButton(_("Import pre-registrations…"))
        self.pre_button.setObjectName("import_pre_registrations")
        self.pre_button.setToolTip(
            _(
                "A list of names, one a line (quote a name that holds a comma), or a CSV with a "
                "'name' column: a preview shows what will be created, used or skipped; confirmed, "
                "the names go on tonight's list, to check in on the Field page as they arrive."
            )
        )
        self.pre_button.clicked.connect(lambda: self.import_pre_registrations())
        buttons = QHBoxLayout()
        for button in (
            self.new_button,
            self.edit_button,
            self.merge_button,
            self.waiting_button,
            self.leave_waiting_button,
            self.stand_in_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        for button in (self.import_button, self.export_button, self.pre_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.count_label)
        layout.addWidget(self.view, 1)
        # An import runs on the worker: this line runs meanwhile, the window stays usable.
        self.progress = QProgressBar()
        self.progress.setObjectName("import_progress")
        self.progress.setRange(0, 0)
        self.progress.setTextVisible(True)
        self.progress.hide()
        layout.addWidget(self.progress)
        layout.addLayout(buttons)

    # ------------------------------------------------------------------ reading
    def refresh(self) -> None:
        """Read tonight's list and search again, on the station's worker."""
        self._query = self.search.text()
        self._reading.ask()

    def _read(self, tid: int) -> Read:
        """Tonight's list, its waiting list and the players the search finds (on the worker)."""
        services, text = self._ctx.services, self._query
        return (
            services.cashier.registrations(tid),
            services.waiting.view(tid),
            text,
            services.players.search(text, LIST_LIMIT + 1),
        )

    def _on_read(self, answer: Read) -> None:
        regs, waiting, text, found = answer
        self._registrations = {r.player_id: r for r in regs}
        self._waiting = waiting_places(waiting)
        if text == self.search.text():
            self._show_found(text, found)
        else:  # typed meanwhile: what was typed is shown, with tonight's list as read now
            self._show_found(self.search.text(), self._found)

    def _read_search(self, _tid: int) -> tuple[str, tuple[PlayerInfo, ...]]:
        """The players the search finds (on the worker). Each key typed runs only the player
        search; tonight's list is read again when the bus says entries changed (`refresh`)."""
        text = self._search_for
        return text, self._ctx.services.players.search(text, LIST_LIMIT + 1)

    def _on_search_read(self, answer: tuple[str, tuple[PlayerInfo, ...]]) -> None:
        text, found = answer
        if text != self.search.text():
            return  # typed meanwhile: the search for the text typed now is on its way
        again = text == self._shown  # the same text searched again: the selection stays
        self._show_found(text, found)
        self._shown = text
        select, self._select_found = self._select_found, None
        row = self.model.row_of_player(select) if select is not None else None
        if row is not None:
            self.select_row(row)
        elif self.model.rowCount() and not (again and self.selected() is not None):
            self.select_row(0)

    def _show_found(self, text: str, found: tuple[PlayerInfo, ...]) -> None:
        keep = self.selected()
        self._found = found
        shown = found[:LIST_LIMIT]
        self.model.set_rows(
            [
                PlayerRow(p, self._registrations.get(p.id), self._waiting.get(p.id, ""))
                for p in shown
            ]
        )
        count, tonight = len(shown), len(self._registrations)
        if len(found) > LIST_LIMIT:
            counted = (
                ngettext(
                    "{count} player found (the first {limit}: type to narrow)",
                    "{count} players found (the first {limit}: type to narrow)",
                    count,
                )
                if text.strip()
                else ngettext(
                    "{count} player in the database (the first {limit}: type to narrow)",
                    "{count} players in the database (the first {limit}: type to narrow)",
                    count,
                )
            )
        else:
            counted = (
                ngettext("{count} player found", "{count} players found", count)
                if text.strip()
                else ngettext(
                    "{count} player in the database", "{count} players in the database", count
                )
            )
        self.count_label.setText(
            counted.format(count=count, limit=LIST_LIMIT)
            + " · "
            + ngettext("{count} on tonight's list", "{count} on tonight's list", tonight).format(
                count=tonight
            )
        )
        row = self.model.row_of_player(keep.id) if keep is not None else None
        if row is not None:
            self.select_row(row)

    def _on_search_text_changed(self, text: str) -> None:
        self._search_for = text
        self._searching.ask()

    def select_row(self, row: int) -> None:
        """Select the player at `row`."""
        self.view.selectRow(row)
        self.view.setCurrentIndex(self.model.index(row, 0))

    def select_player(self, player_id: int) -> None:
        """Select a player by id (the whole list searched for them when not listed: they are
        selected when that search answers)."""
        row = self.model.row_of_player(player_id)
        if row is not None:
            self.select_row(row)
            return
        self._select_found = player_id
        if self.search.text():
            self.search.clear()
        else:  # listed once the read asked by the change that made them answers
            self._search_for = ""
            self._searching.ask()

    def selected(self) -> PlayerInfo | None:
        """The player selected."""
        row = self.selected_row(self.view)
        found = self.model.row_at(row) if row is not None else None
        return found.player if found is not None else None

    def _selected_or_refuse(self) -> PlayerInfo | None:
        player = self.selected()
        if player is None:
            self._ctx.refuse(_("Select a player first."))
        return player

    # ------------------------------------------------------------------ editing
    def join_waiting_list(self) -> None:
        """Put the selected player on the waiting list."""
        player = self._selected_or_refuse()
        if player is not None:
            setup_operations.join_waiting_list(self._ctx, player, control=self.waiting_button)

    def leave_waiting_list(self) -> None:
        """Take the selected player off the waiting list."""
        player = self._selected_or_refuse()
        if player is not None:
            setup_operations.leave_waiting_list(
                self._ctx, player, control=self.leave_waiting_button
            )

    def start_stand_in(self) -> bool:
        """Ask whose chips the selected player (a teammate) plays from now: the dialog opens
        once the players in play are read on the worker (the button is busy meanwhile; a
        second press does nothing: False)."""
        ctx = self._ctx
        teammate = self._selected_or_refuse()
        if teammate is None:
            return False
        cashier, tid = ctx.services.cashier, ctx.tid
        return ctx.query(
            lambda: cashier.registrations(tid),
            lambda regs: self._open_stand_in(teammate, regs),
            key=("stand in", id(self)),
            control=self.stand_in_button,
        )

    def _open_stand_in(self, teammate: PlayerInfo, regs: tuple[RegistrationInfo, ...]) -> None:
        ctx = self._ctx
        in_play = [r for r in regs if r.in_play and r.player_id != teammate.id]
        dialog = StandInDialog(teammate.display_name, in_play, self)

        def accepted() -> None:
            setup_operations.stand_in(
                ctx, dialog.registration_id(), teammate, control=self.stand_in_button
            )

        dialog.accepted.connect(accepted)
        self._open(dialog)

    def start_new(self) -> None:
        """Add a player to the database."""
        dialog = PlayerDialog(None, parent=self)
        if self.search.text().strip():
            dialog.name_edit.setText(self.search.text().strip())

        def accepted() -> None:  # a name already taken is warned about first
            add_new_player(
                self._ctx,
                dialog.details(),
                parent=self,
                open_dialog=self._open,
                done=lambda info: self.select_player(info.id) if info is not None else None,
            )

        dialog.accepted.connect(accepted)
        self._open(dialog)

    def start_edit(self) -> None:
        """Edit the selected player's details and notes."""
        player = self._selected_or_refuse()
        if player is None:
            return
        dialog = PlayerDialog(
            player.details, _("Edit {name}").format(name=player.display_name), self
        )

        def accepted() -> None:  # a new name already taken is warned about first
            details = dialog.details()
            save_details(
                self._ctx,
                player,
                details,
                parent=self,
                open_dialog=self._open,
                save=lambda: setup_operations.update_player(
                    self._ctx, player, details, control=self.edit_button
                ),
            )

        dialog.accepted.connect(accepted)
        self._open(dialog)

    def start_merge(self) -> None:
        """Merge the selected player (a duplicate) into the player chosen in the dialog."""
        duplicate = self._selected_or_refuse()
        if duplicate is None:
            return
        dialog = MergeDialog(self._ctx, duplicate, self)

        def accepted() -> None:
            keep = dialog.keep()
            if keep is not None:
                setup_operations.merge_players(
                    self._ctx,
                    duplicate,
                    keep,
                    control=self.merge_button,
                    on_done=lambda kept: self.select_player(kept.id),
                )

        dialog.accepted.connect(accepted)
        self._open(dialog)

    # ------------------------------------------------------------------ files
    def _path(self, path: str | None, title: str) -> str | None:
        """The file to import: `path`, or the one asked for when not given."""
        if not path:
            path, _filter = QFileDialog.getOpenFileName(
                self, title, "", _("CSV or text (*.csv *.txt);;All files (*)")
            )
        return path or None

    def _show_progress(self, text: str) -> None:
        """The import's progress line: a running bar while the worker reads and saves."""
        self.progress.setFormat(text)
        self.progress.setToolTip(text)
        self.progress.show()

    def _hide_progress(self) -> None:
        self.progress.hide()

    def import_csv(self, path: str | None = None) -> bool:
        """Import players from a CSV file (header row with a 'name' column): the file is read
        and saved on the worker while the progress line runs. False when nothing was asked
        (cancelled, or an import is still on its way)."""
        chosen = self._path(path, _("Import players"))
        if chosen is None:
            return False
        asked = setup_operations.import_players(
            self._ctx, chosen, control=self.import_button, on_answer=self._hide_progress
        )
        if asked:
            self._show_progress(_("Importing {file}…").format(file=Path(chosen).name))
        return asked

    def import_pre_registrations(self, path: str | None = None) -> bool:
        """Read a list of names and show the preview; it goes on tonight's list once confirmed.

        The file is read and planned on the worker (the progress line runs meanwhile); the
        preview (`self.dialog`) opens when it answers, or the message says why it cannot. False
        when nothing was asked (cancelled, or a read is still on its way).
        """
        chosen = self._path(path, _("Import pre-registrations"))
        if chosen is None:
            return False
        ctx, source = self._ctx, Path(chosen).name

        def plan() -> tuple[str, ImportPlan]:
            text = read_import_file(chosen)
            return text, ctx.services.cashier.preview_pre_registrations(ctx.tid, text)

        def planned(answer: tuple[str, ImportPlan]) -> None:
            self._hide_progress()
            text, found = answer
            dialog = PreRegistrationDialog(found, source, self)

            def accepted() -> None:
                if setup_operations.import_pre_registrations(
                    ctx, text, source, control=self.pre_button, on_answer=self._hide_progress
                ):
                    self._show_progress(_("Importing {file}…").format(file=source))

            dialog.accepted.connect(accepted)
            self._open(dialog)

        asked = ctx.query(
            plan,
            planned,
            key="import",
            control=self.pre_button,
            on_refused=lambda _words: self._hide_progress(),
        )
        if asked:
            self._show_progress(_("Reading {file}…").format(file=source))
        return asked

    def export_csv(self, path: str | None = None) -> str | None:
        """Write every player to a CSV file (asks where when not given), on the worker: the
        message says when it is written, or why not. Returns the path asked for (None:
        cancelled)."""
        ctx = self._ctx

        def saved(written: str, text: str) -> None:
            count = sum(1 for _record in csv_records(text)) - 1  # notes may span lines
            ctx.message.show_info(
                ngettext(
                    "{count} player exported: {path}", "{count} players exported: {path}", count
                ).format(count=count, path=written)
            )

        return ctx.save_text(
            self,
            path,
            _("Export players"),
            "players",
            ctx.services.players.export_csv,
            saved,
            control=self.export_button,
        )
