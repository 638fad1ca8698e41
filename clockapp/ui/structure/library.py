"""The editor's library panel: the shipped presets and the director's saved templates.

A list in two sections. Enter or a double click loads the selected entry (after a confirmation in
the editor); Delete removes a saved template. The panel only shows and asks; the editor does the
work through the structure service.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from clockapp.formats import chips as format_chips
from clockapp.i18n import gettext as _

_ENTRY_ROLE = Qt.ItemDataRole.UserRole + 10


def preset_title(name: str) -> str:
    """A preset file name as a director reads it: `deep_t10000` -> `Deep T10,000`.

    >>> preset_title("home_classic_t300"), preset_title("turbo-t1000")
    ('Home classic T300', 'Turbo T1,000')
    """
    words = name.replace("-", "_").split("_")
    shown = []
    for word in words:
        if len(word) > 1 and word[0] in "tT" and word[1:].isdigit():
            shown.append(_("T{chips}").format(chips=format_chips(int(word[1:]))))
        else:
            shown.append(word)
    text = " ".join(w for w in shown if w)
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class LibraryEntry:
    """A preset (by name) or a saved template (by id)."""

    kind: str  # "preset" or "template"
    key: str | int
    title: str


class LibraryList(QListWidget):
    """The list itself: Enter loads, Delete removes a template."""

    load_requested = Signal(object)  # LibraryEntry
    delete_requested = Signal(object)  # LibraryEntry

    def keyPressEvent(self, event: QKeyEvent) -> None:
        entry = self.current_entry()
        if entry is not None and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.load_requested.emit(entry)
            return
        if entry is not None and event.key() == Qt.Key.Key_Delete:
            if entry.kind == "template":
                self.delete_requested.emit(entry)
            return
        super().keyPressEvent(event)

    def current_entry(self) -> LibraryEntry | None:
        """The selected preset or template."""
        item = self.currentItem()
        entry = item.data(_ENTRY_ROLE) if item is not None else None
        return entry if isinstance(entry, LibraryEntry) else None


class LibraryPanel(QWidget):
    """Presets and templates, with Load, Save and Delete buttons."""

    load_requested = Signal(object)  # LibraryEntry
    delete_requested = Signal(object)  # LibraryEntry
    save_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._wanted: tuple[str, str | int] | None = None
        self._setup_ui()

    def _setup_ui(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel(_("Library"))
        font = title.font()
        font.setBold(True)
        title.setFont(font)
        layout.addWidget(title)
        self.list = LibraryList(self)
        self.list.setAccessibleName(_("Presets and saved templates"))
        self.list.itemDoubleClicked.connect(self._on_list_double_clicked)
        self.list.currentItemChanged.connect(self._on_list_current_item_changed)
        self.list.load_requested.connect(self.load_requested)
        self.list.delete_requested.connect(self.delete_requested)
        layout.addWidget(self.list, 1)
        self.load_button = QPushButton(_("&Load"))
        self.load_button.setToolTip(_("Replace the levels with the selected structure (Enter)"))
        self.load_button.clicked.connect(self._on_load_clicked)
        self.delete_button = QPushButton(_("Delete"))
        self.delete_button.setToolTip(_("Delete the selected saved template"))
        self.delete_button.clicked.connect(self._on_delete_clicked)
        self.save_button = QPushButton(_("&Save current as template…"))
        self.save_button.setToolTip(_("Keep this structure for later tournaments (Ctrl+S)"))
        self.save_button.clicked.connect(self.save_requested)
        for button in (self.load_button, self.delete_button, self.save_button):
            button.setAutoDefault(False)
        row = QHBoxLayout()
        row.addWidget(self.load_button, 1)
        row.addWidget(self.delete_button)
        layout.addLayout(row)
        layout.addWidget(self.save_button)
        self._update_buttons()

    def set_entries(
        self,
        presets: tuple[tuple[str, str], ...],
        templates: tuple[tuple[int, str], ...],
    ) -> None:
        """Show these presets ((key, title) pairs) and templates ((id, name) pairs)."""
        selected = self.list.current_entry()
        wanted = self._wanted
        self.list.clear()
        self._add_heading(_("Presets"))
        for key, title in presets:
            self._add_entry(LibraryEntry("preset", key, title))
        self._add_heading(_("My templates"))
        if not templates:
            hint = QListWidgetItem(_("  (none saved yet)"))
            hint.setFlags(Qt.ItemFlag.NoItemFlags)
            self.list.addItem(hint)
        for template_id, name in templates:
            self._add_entry(LibraryEntry("template", template_id, name))
        if wanted is not None and self.select(*wanted):
            self._wanted = None
        elif selected is not None:
            self.select(selected.kind, selected.key)
        self._update_buttons()

    def entries(self) -> list[LibraryEntry]:
        """Every preset and template listed, in order."""
        found = []
        for i in range(self.list.count()):
            entry = self.list.item(i).data(_ENTRY_ROLE)
            if isinstance(entry, LibraryEntry):
                found.append(entry)
        return found

    def select(self, kind: str, key: str | int) -> bool:
        """Select an entry; False when it is not listed."""
        for i in range(self.list.count()):
            entry = self.list.item(i).data(_ENTRY_ROLE)
            if isinstance(entry, LibraryEntry) and entry.kind == kind and entry.key == key:
                self.list.setCurrentRow(i)
                return True
        return False

    def select_when_listed(self, kind: str, key: str | int) -> None:
        """Select an entry now, or when a later list holds it (a template just saved is listed
        by the read that follows)."""
        self._wanted = None if self.select(kind, key) else (kind, key)

    def _add_heading(self, text: str) -> None:
        item = QListWidgetItem(text.upper())
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        font = QFont(self.list.font())
        font.setBold(True)
        font.setPointSizeF(max(6.0, font.pointSizeF() * 0.85))
        item.setFont(font)
        item.setForeground(self.palette().color(self.palette().ColorRole.Mid).darker(150))
        self.list.addItem(item)

    def _add_entry(self, entry: LibraryEntry) -> None:
        item = QListWidgetItem("  " + entry.title)
        item.setData(_ENTRY_ROLE, entry)
        item.setToolTip(
            _("A preset shipped with clockapp")
            if entry.kind == "preset"
            else _("A structure you saved; Enter loads it, Delete removes it")
        )
        self.list.addItem(item)

    def _on_list_current_item_changed(self, *_args: object) -> None:
        self._update_buttons()

    def _update_buttons(self) -> None:
        entry = self.list.current_entry()
        self.load_button.setEnabled(entry is not None)
        self.delete_button.setEnabled(entry is not None and entry.kind == "template")

    def _on_list_double_clicked(self, item: QListWidgetItem) -> None:
        entry = item.data(_ENTRY_ROLE)
        if isinstance(entry, LibraryEntry):
            self.load_requested.emit(entry)

    def _on_load_clicked(self) -> None:
        entry = self.list.current_entry()
        if entry is not None:
            self.load_requested.emit(entry)

    def _on_delete_clicked(self) -> None:
        entry = self.list.current_entry()
        if entry is not None and entry.kind == "template":
            self.delete_requested.emit(entry)
