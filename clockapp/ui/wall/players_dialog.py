"""`PlayersDialog`: what the chip counts and chip race dialogs share, one table's players at a time.

The director picks a table (`table_combo`, each table with its number of players); the dialog
lists that table's players in seat order, a row of inputs each, in a scroll area; under them a
line says where things stand (`note_label`) and a refusal stays in red (`error_label`) while
nothing is recorded; Close and the dialog's own buttons end it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLayout,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.app import Services
from clockapp.services.chip_race import RaceTable
from clockapp.ui.bus import TournamentBus

ERROR_STYLE = "color: #ff5a4e; font-weight: bold;"
LayoutT = TypeVar("LayoutT", bound=QLayout)


class PlayersDialog(QDialog):
    """A dialog over the players of one of `tables` (subclasses lay out their inputs)."""

    def __init__(
        self,
        services: Services,
        bus: TournamentBus,
        tables: Sequence[RaceTable],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._bus = bus
        self.tables = tuple(tables)
        self._layout = QVBoxLayout(self)
        self.table_combo = QComboBox()
        self.table_combo.setAccessibleName(_("Table"))
        for table in self.tables:
            self.table_combo.addItem(
                ngettext(
                    "{table} · {count} player", "{table} · {count} players", len(table.players)
                ).format(table=table.label, count=len(table.players))
            )
        self.table_combo.currentIndexChanged.connect(self._on_table_combo_changed)

    def table(self) -> RaceTable | None:
        """The table chosen."""
        index = self.table_combo.currentIndex()
        return self.tables[index] if 0 <= index < len(self.tables) else None

    def _add_rows(self, layout_type: Callable[[QWidget], LayoutT]) -> LayoutT:
        """The players' rows: a `layout_type` layout in a scroll area that takes the room left."""
        rows = QWidget()
        layout = layout_type(rows)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(rows)
        self._layout.addWidget(scroll, 1)
        return layout

    def _add_footer(self, note_name: str) -> QLabel:
        """The note (named `note_name`), the red error line and the buttons (Close); the note."""
        note = QLabel("")
        note.setObjectName(note_name)
        note.setWordWrap(True)
        self._layout.addWidget(note)
        self.error_label = QLabel("")
        self.error_label.setObjectName("error_label")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(ERROR_STYLE)
        self._layout.addWidget(self.error_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        self._layout.addWidget(self.buttons)
        return note

    def _add_button(self, text: str, action: Callable[[], object]) -> QPushButton:
        """One of the dialog's own buttons, doing `action` when clicked."""
        button = self.buttons.addButton(text, QDialogButtonBox.ButtonRole.ActionRole)
        button.clicked.connect(lambda _=False: action())
        return button

    def _on_table_combo_changed(self, _index: int = 0) -> None:
        raise NotImplementedError
