"""Templates, presets and files for the structure editor (`StructureEditor.files`).

Loading a preset or a template asks first (it replaces every level) and is undoable; saving a
template under an existing name asks before replacing it; importing a CSV or JSON file replaces the
levels only when the whole file is good, otherwise the banner names the row and the problem.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeVar

from PySide6.QtWidgets import QFileDialog, QInputDialog, QLineEdit, QMessageBox, QPushButton

from clockapp.core.structure import Structure
from clockapp.errors import DomainError
from clockapp.i18n import N_, ngettext
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Outcome
from clockapp.services.structure import TemplateInfo
from clockapp.ui.bus import TournamentBus
from clockapp.ui.errors import report
from clockapp.ui.exports import ask_save_path, write_csv
from clockapp.ui.structure.library import LibraryEntry, preset_title
from clockapp.ui.userfiles import read_import_file

if TYPE_CHECKING:
    from clockapp.ui.structure.window import StructureEditor

T = TypeVar("T")

FILE_FILTER = N_("Structures (*.csv *.json);;CSV (*.csv);;JSON (*.json)")
#: A second save or delete of a template pressed while the first has not answered.
TEMPLATE_STILL_SAVING = N_("The last template change is still being saved. Try again in a moment.")


class StructureFiles:
    """The editor's presets, templates, import and export."""

    def __init__(self, editor: StructureEditor, services: Services, bus: TournamentBus) -> None:
        self._editor = editor
        self._services = services
        self._bus = bus
        self._preset_names: dict[str, str] = {}

    @property
    def tournament_id(self) -> int:
        """The tournament edited: always the bus's."""
        return self._bus.tournament_id

    # ---------------------------------------------------------------- library
    def load_entry(self, entry: LibraryEntry) -> None:
        """The library's Load (or a double click): a preset or a template."""
        if entry.kind == "preset":
            self.load_preset(str(entry.key))
        else:
            self.load_template(int(entry.key), entry.title)

    def delete_entry(self, entry: LibraryEntry) -> None:
        """The library's Delete: templates only (presets ship with the app)."""
        if entry.kind == "template":
            self.delete_template(int(entry.key), entry.title)

    def preset_name(self, key: str) -> str:
        """The preset's own name ("Deep, T10,000"), read once; its file name if it cannot be."""
        cache = self._preset_names
        if key not in cache:
            try:
                cache[key] = self._services.structure.preset(key).name
            except (DomainError, OSError):
                cache[key] = preset_title(key)
        return cache[key]

    def _replaces_text(self) -> str:
        structure = self._editor.structure
        if structure is None:
            return ""
        levels = structure.level_count
        breaks = len(structure.levels) - levels
        return _(
            "This replaces the {levels} and {breaks} of “{name}”. You can undo it with Ctrl+Z."
        ).format(
            levels=ngettext("{count} level", "{count} levels", levels).format(count=levels),
            breaks=ngettext("{count} break", "{count} breaks", breaks).format(count=breaks),
            name=structure.name,
        )

    def load_preset(self, name: str, *, confirm: bool = True) -> bool:
        """Replace the levels with a shipped preset (after the director confirms)."""
        title = self.preset_name(name)
        if confirm and not self._confirm(
            _("Load the preset “{name}”?").format(name=title), self._replaces_text()
        ):
            return False
        tid = self.tournament_id
        return self._editor.saving.save_step(
            lambda: self._services.structure.apply_preset(tid, name),
            _("load preset {name}").format(name=title),
        )

    def load_template(self, template_id: int, title: str = "", *, confirm: bool = True) -> bool:
        """Replace the levels with a saved template (after the director confirms)."""
        title = title or f"#{template_id}"
        if confirm and not self._confirm(
            _("Load the template “{name}”?").format(name=title), self._replaces_text()
        ):
            return False
        tid = self.tournament_id
        return self._editor.saving.save_step(
            lambda: self._services.structure.apply_template(tid, template_id),
            _("load template {name}").format(name=title),
        )

    def save_template(self, name: str | None = None) -> bool:
        """Ctrl+S: keep the current structure as a named template (saved on the worker).

        The names listed in the library say whether it replaces one (a template saved at another
        station since is refused by the service, in words). False when nothing was asked.
        """
        structure = self._editor.structure
        if structure is None:
            return False
        if name is None:
            name = self._ask_template_name(structure.name)
            if name is None:
                return False
        cleaned = " ".join(name.split())
        library = self._editor.library
        existing = {e.title for e in library.entries() if e.kind == "template"}
        overwrite = cleaned in existing
        if overwrite and not self._confirm(
            _("Replace the template “{name}”?").format(name=cleaned),
            _("A template with this name exists. Save this structure in its place?"),
        ):
            return False
        structures, editor = self._services.structure, self._editor

        def saved(info: TemplateInfo) -> None:
            editor.reload_library()
            library.select_when_listed("template", info.id)
            editor.banner.hide_message()
            editor.show_status(_("Saved as template “{name}”.").format(name=info.name))

        return self._submit_template(
            lambda: structures.save_template(cleaned, structure, overwrite=overwrite),
            saved,
            library.save_button,
        )

    def delete_template(self, template_id: int, title: str = "", *, confirm: bool = True) -> bool:
        """Forget a saved template (tournaments that used it keep their levels), on the worker.
        False when nothing was asked."""
        title = title or f"#{template_id}"
        if confirm and not self._confirm(
            _("Delete the template “{name}”?").format(name=title),
            _("Tournaments that used it keep their levels."),
        ):
            return False
        structures, editor = self._services.structure, self._editor

        def deleted(_none: None) -> None:
            editor.reload_library()
            editor.show_status(_("Template “{name}” deleted.").format(name=title))

        return self._submit_template(
            lambda: structures.delete_template(template_id),
            deleted,
            self._editor.library.delete_button,
        )

    def _submit_template(
        self,
        operation: Callable[[], Outcome[T]],
        on_done: Callable[[T], object],
        control: QPushButton,
    ) -> bool:
        """Save or delete a template on the worker; one at a time (a second press is refused,
        the banner says so); a refusal is shown on the banner."""
        editor = self._editor

        def failed(error: Exception) -> None:
            if not isinstance(error, DomainError):
                report(error, editor)
                return
            editor.show_error(str(error))

        if not self._bus.submit(
            operation, on_done, failed, control=control, key=(self, "template"), asker=editor
        ):
            editor.show_error(_(TEMPLATE_STILL_SAVING))
            return False
        return True

    # ---------------------------------------------------------------- files
    def import_file(self, path: str | Path | None = None) -> bool:
        """Ctrl+I: replace the levels with a CSV or JSON file; a bad file changes nothing.

        The file is read, decoded and saved on the worker (a file near the import limit takes a
        while to read), while the editor says it is saving. False when nothing was asked.
        """
        if path is None:
            path = self._ask_open_path()
            if not path:
                return False
        file = Path(path)
        tid, structure = self.tournament_id, self._services.structure

        def read_and_import() -> Outcome[Structure]:
            text = read_import_file(file)
            fmt = _format_of(file, text)
            name = file.stem.replace("_", " ") if fmt == "csv" else None
            return structure.import_text(tid, text, fmt, name=name)

        return self._editor.saving.save_step(
            read_and_import,
            _("import {file}").format(file=file.name),
            refused=lambda why: _("Nothing was imported from {file}. {reason}").format(
                file=file.name, reason=why
            ),
        )

    def export_file(self, path: str | Path | None = None) -> bool:
        """Ctrl+E: save the levels as CSV or JSON (by the file's extension).

        The levels are read and the file written on the worker: the GUI thread never waits on
        the database or the disk. The status line says when it is written, the banner why not.
        False when nothing was asked (cancelled, or an export still on its way).
        """
        if path is None:
            path = self._ask_save_path()
            if not path:
                return False
        file = Path(path)
        if file.suffix.lower() not in (".csv", ".json"):
            file = file.with_suffix(".csv")
        fmt: Literal["csv", "json"] = "json" if file.suffix.lower() == ".json" else "csv"
        tid, structure, editor = self.tournament_id, self._services.structure, self._editor

        def export() -> None:
            text = structure.export_text(tid, fmt)
            if fmt == "csv":
                write_csv(file, text)  # for a spreadsheet: a byte-order mark, its separator
            else:
                file.write_text(text, encoding="utf-8")

        def failed(error: Exception) -> None:
            if not isinstance(error, (OSError, DomainError)):
                report(error, editor)
                return
            editor.show_error(
                _("Could not export to {file}: {error}").format(file=file, error=error)
            )

        return self._bus.worker.submit(
            export,
            lambda _none: editor.show_status(_("Exported to {file}.").format(file=file.name)),
            failed,
            key=(self, "export"),
            asker=editor,
        )

    # ---------------------------------------------------------------- questions (tests replace)
    def _confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(
            self._editor,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Yes,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _ask_template_name(self, default: str) -> str | None:
        name, ok = QInputDialog.getText(
            self._editor,
            _("Save as template"),
            _("Template name:"),
            QLineEdit.EchoMode.Normal,
            default,
        )
        return name if ok and name.strip() else None

    def _ask_open_path(self) -> str | None:
        path, _filter = QFileDialog.getOpenFileName(
            self._editor, _("Import a structure"), "", _(FILE_FILTER)
        )
        return path or None

    def _ask_save_path(self) -> str | None:
        default = self._editor.export_name("structure", "csv")
        path = ask_save_path(
            self._editor, _("Export the structure"), default, _("CSV (*.csv);;JSON (*.json)")
        )
        return path or None


def _format_of(file: Path, text: str) -> Literal["csv", "json"]:
    suffix = file.suffix.lower()
    if suffix == ".csv":
        return "csv"
    if suffix == ".json":
        return "json"
    return "json" if text.lstrip().startswith(("{", "[")) else "csv"
