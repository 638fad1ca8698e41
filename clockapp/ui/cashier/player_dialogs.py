"""Dialogs of the player database: a player's details (notes included), and merging a duplicate.

Like the other cashier dialogs they only collect and check what is typed; the page calls the
service when one is accepted.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QWidget,
)

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.services.players import PlayerDetails, PlayerInfo
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialog_base import CashierDialog

#: Players listed by the merge dialog's search at most.
MERGE_LIMIT = 50


class PlayerDialog(CashierDialog):
    """A player's details: name, nickname, phone, e-mail, team and notes (only the name needed)."""

    def __init__(
        self,
        details: PlayerDetails | None = None,
        title: str = "",
        parent: QWidget | None = None,
    ) -> None:
        editing = details is not None
        super().__init__(
            title or (_("Edit player") if editing else _("New player")),
            _("Save") if editing else _("Add player"),
            parent,
        )
        self.setObjectName("player_dialog")
        self.setMinimumWidth(420)
        d = details or PlayerDetails("?")
        self.name_edit = QLineEdit(d.name if editing else "")
        self.nickname_edit = QLineEdit(d.nickname)
        self.phone_edit = QLineEdit(d.phone)
        self.email_edit = QLineEdit(d.email)
        self.team_edit = QLineEdit(d.team)
        for label, edit in (
            (_("Name:"), self.name_edit),
            (_("Nickname:"), self.nickname_edit),
            (_("Phone:"), self.phone_edit),
            (_("E-mail:"), self.email_edit),
            (_("Team:"), self.team_edit),
        ):
            self.form.addRow(label, edit)
            edit.textChanged.connect(self._update)
        self.notes_edit = QPlainTextEdit(d.notes)
        self.notes_edit.setObjectName("notes")
        self.notes_edit.setPlaceholderText(_("for the director: a ban, a nickname at the table…"))
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.setFixedHeight(90)
        self.notes_edit.textChanged.connect(self._update)
        self.form.addRow(_("Notes:"), self.notes_edit)
        self._update()
        self.name_edit.setFocus()

    def details(self) -> PlayerDetails:
        """What was typed. Raises ValidationError."""
        return PlayerDetails(
            self.name_edit.text(),
            self.nickname_edit.text(),
            self.phone_edit.text(),
            self.email_edit.text(),
            self.team_edit.text(),
            self.notes_edit.toPlainText(),
        )

    def _problem(self) -> str:
        if not hasattr(self, "notes_edit"):
            return ""
        try:
            self.details()
        except DomainError as error:
            return str(error)
        return ""


class MergeDialog(CashierDialog):
    """Choose the player a duplicate is merged into (the duplicate's registrations move there)."""

    def __init__(
        self, ctx: CashierContext, duplicate: PlayerInfo, parent: QWidget | None = None
    ) -> None:
        super().__init__(_("Merge {name}").format(name=duplicate.display_name), _("Merge"), parent)
        self.setObjectName("merge_dialog")
        self.setMinimumWidth(480)
        self._ctx = ctx
        # The search runs on the station's worker: the text it reads (set here), and only the
        # answer for the text typed now is shown.
        self._search_for = duplicate.name
        self._searching = ctx.reader(self._read_search, self._on_search_read)
        self.duplicate = duplicate
        about = QLabel(
            _(
                "<b>{display}</b> (#{id}) is a duplicate of the player you choose below. Their "
                "registrations move to that player, empty details are filled in from {name}'s "
                "and the notes are joined; {name} is no longer listed. A merge cannot be undone."
            ).format(display=duplicate.display_name, id=duplicate.id, name=duplicate.name)
        )
        about.setWordWrap(True)
        self.layout_.insertWidget(0, about)
        self.search_edit = QLineEdit(duplicate.name)
        self.search_edit.setObjectName("merge_search")
        self.search_edit.setPlaceholderText(_("Type a name…"))
        self.search_edit.textChanged.connect(self._on_search_text_changed)
        self.form.addRow(_("Find:"), self.search_edit)
        self.candidates = QListWidget()
        self.candidates.setObjectName("merge_candidates")
        self.candidates.setMinimumHeight(200)
        self.candidates.currentRowChanged.connect(self._update)
        self.layout_.insertWidget(2, self.candidates)
        self._players: dict[int, PlayerInfo] = {}
        self._on_search_text_changed(self.search_edit.text())
        self.search_edit.setFocus()
        self.search_edit.selectAll()

    def _on_search_text_changed(self, text: str) -> None:
        self._search_for = text
        self._searching.ask()

    def _read_search(self, _tid: int) -> tuple[str, tuple[PlayerInfo, ...]]:
        """On the worker."""
        text = self._search_for
        return text, self._ctx.services.players.search(text, MERGE_LIMIT + 1)

    def _on_search_read(self, answer: tuple[str, tuple[PlayerInfo, ...]]) -> None:
        text, found = answer
        if text != self.search_edit.text():
            return  # typed meanwhile: the search for the text typed now is on its way
        self.candidates.clear()
        self._players = {}
        for player in found:
            if player.id == self.duplicate.id:
                continue
            extra = " · ".join(part for part in (player.team, player.phone, player.email) if part)
            item = QListWidgetItem(
                _("{name} (#{id}) — {details}").format(
                    name=player.display_name, id=player.id, details=extra
                )
                if extra
                else _("{name} (#{id})").format(name=player.display_name, id=player.id)
            )
            item.setData(Qt.ItemDataRole.UserRole, player.id)
            self.candidates.addItem(item)
            self._players[player.id] = player
        if self.candidates.count():
            self.candidates.setCurrentRow(0)
        self._update()

    def choose(self, player_id: int) -> None:
        """Select the player to keep (tests, and a click)."""
        for row in range(self.candidates.count()):
            item = self.candidates.item(row)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == player_id:
                self.candidates.setCurrentRow(row)
                return
        raise KeyError(player_id)

    def keep(self) -> PlayerInfo | None:
        """The player chosen to keep."""
        item = self.candidates.currentItem()
        if item is None:
            return None
        return self._players.get(item.data(Qt.ItemDataRole.UserRole))

    def _problem(self) -> str:
        if not hasattr(self, "_players"):
            return ""
        keep = self.keep()
        if keep is None:
            return _("Find and choose the player to keep.")
        self.ok_button.setText(_("Merge into {name}").format(name=keep.display_name))
        return ""
