"""`TournamentDialog`: pick the tournament every window shows (Ctrl+O on the clock).

Several tournaments live in one database; the list shows them newest first with the one on show
marked, and Enter or a double-click opens the selected one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from clockapp import formats
from clockapp.i18n import gettext as _

if TYPE_CHECKING:
    from clockapp.services.tournaments import TournamentInfo


def tournament_line(info: TournamentInfo, current_id: int) -> str:
    """One line of the list: the name, the day it was created, and whether it is on show.

    >>> from datetime import datetime
    >>> from types import SimpleNamespace as NS
    >>> t = NS(id=2, name="Friday", created_at=datetime(2026, 11, 20, 18, 30))
    >>> tournament_line(t, 2), tournament_line(t, 1)
    ('Friday  ·  Nov 20, 2026  (on show)', 'Friday  ·  Nov 20, 2026')
    """
    fields = {"name": info.name, "day": formats.short_date(info.created_at.astimezone())}
    if info.id == current_id:
        return _("{name}  ·  {day}  (on show)").format(**fields)
    return _("{name}  ·  {day}").format(**fields)


class TournamentDialog(QDialog):
    """The list of tournaments to choose from."""

    def __init__(
        self, tournaments: Sequence[TournamentInfo], current_id: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Open tournament"))
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("Show this tournament in every window:")))
        self.list = QListWidget()
        self.list.setObjectName("tournament_list")
        for info in tournaments:
            item = QListWidgetItem(tournament_line(info, current_id))
            item.setData(Qt.ItemDataRole.UserRole, info.id)
            self.list.addItem(item)
            if info.id == current_id:
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None and self.list.count():
            self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        layout.addWidget(self.list)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(460, 360)

    def chosen(self) -> int | None:
        """The selected tournament's id."""
        item = self.list.currentItem()
        return None if item is None else int(item.data(Qt.ItemDataRole.UserRole))
