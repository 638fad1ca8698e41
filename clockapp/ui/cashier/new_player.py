"""Adding a player at the cashier: never by accident, never a silent second "Alice Trent".

A new player is created only from a confirmed dialog (the desk's `AddPlayerDialog`, the Players
page's `PlayerDialog`). Before the write, the service is asked for players of the same name (case,
accents and spacing aside); when there are any, a warning offers to use the existing player, to
add the new one with a note that tells them apart ("Alice Trent (blue hat)"), or to cancel. The
create itself refuses a taken name in its own transaction (`create(unique=True)`), so a namesake
added at another station meanwhile is caught too, and nothing is written then.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape

from PySide6.QtWidgets import QDialog, QLabel, QLineEdit, QMessageBox, QWidget

from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.players import PlayerDetails, PlayerInfo, fold
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.dialog_base import CashierDialog

USE_EXISTING = N_("Use existing player")
ADD_WITH_NOTE = N_("Add with a note")

#: What the flow ends with: the player to use (new or existing), or None when nothing was added.
Done = Callable[[PlayerInfo | None], None]
#: How the caller opens a dialog (window-modal, remembered so tests and closing can reach it).
Opener = Callable[[QDialog], None]


def noted_name(name: str, note: str) -> str:
    """'Alice Trent (blue hat)': the name with the note that tells two players apart."""
    return f"{name} ({' '.join(note.split())})"


class NamesakeBox(QMessageBox):
    """The name is taken: use the existing player, add the new one with a note, or cancel."""

    def __init__(
        self, name: str, namesakes: tuple[PlayerInfo, ...], parent: QWidget | None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("namesake_box")
        self.setIcon(QMessageBox.Icon.Warning)
        self.setWindowTitle(_("Name already taken"))
        self.namesakes = namesakes
        first = namesakes[0]
        self.setText(
            _("There is already a player called <b>{name}</b>. Is this the same person?").format(
                name=escape(first.name)
            )
        )
        lines = []
        for player in namesakes[:5]:
            extra = " · ".join(p for p in (player.team, player.phone, player.email) if p)
            lines.append(
                _("#{id} {name} — {details}").format(
                    id=player.id, name=player.display_name, details=extra
                )
                if extra
                else _("#{id} {name}").format(id=player.id, name=player.display_name)
            )
        self.setInformativeText(
            "\n".join(lines)
            + "\n\n"
            + _("A different person of the same name: add a note, e.g. “{example}”.").format(
                example=noted_name(name, _("blue hat"))
            )
        )
        self.use_button = self.addButton(_(USE_EXISTING), QMessageBox.ButtonRole.AcceptRole)
        self.note_button = self.addButton(_(ADD_WITH_NOTE), QMessageBox.ButtonRole.ActionRole)
        self.cancel_button = self.addButton(QMessageBox.StandardButton.Cancel)
        # Enter keeps the player already there: it never adds anyone.
        self.setDefaultButton(self.use_button)
        self.setEscapeButton(self.cancel_button)


class NoteDialog(CashierDialog):
    """The note that tells two players of the same name apart."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(_(ADD_WITH_NOTE), _("Add player"), parent)
        self.setObjectName("note_dialog")
        self.base = name
        about = QLabel(
            _("Another player is called {name}. Add a note that tells them apart:").format(
                name=name
            )
        )
        about.setWordWrap(True)
        self.layout_.insertWidget(0, about)
        self.note_edit = QLineEdit()
        self.note_edit.setObjectName("note")
        self.note_edit.setPlaceholderText(_("for example: blue hat, from Leeds, Jr."))
        self.note_edit.textChanged.connect(self._update)
        self.form.addRow(_("Note:"), self.note_edit)
        self.preview = QLabel()
        self.preview.setObjectName("noted_name")
        self.form.addRow(_("New player:"), self.preview)
        self._update()
        self.note_edit.setFocus()

    def name(self) -> str:
        """The name with the note."""
        return noted_name(self.base, self.note_edit.text())

    def _problem(self) -> str:
        if not hasattr(self, "preview"):
            return ""
        note = self.note_edit.text().strip()
        self.preview.setText(f"<b>{escape(self.name())}</b>" if note else "")
        return "" if note else _("Type the note that tells the two players apart.")


def add_new_player(
    ctx: CashierContext,
    details: PlayerDetails,
    *,
    parent: QWidget,
    open_dialog: Opener,
    done: Done,
    next_step: str = "",
) -> None:
    """Add `details` as a new player, warning first when the name is already taken.

    `done` is called once, with the player to use (the new one, or the existing one chosen in
    the warning) or None (cancelled, or refused: the message bar says why). `next_step` is said
    after "added" (the desk names the buy-in, which adding never is).
    """
    players = ctx.services.players

    def read() -> tuple[PlayerInfo, ...]:  # on the worker
        return players.namesakes(details.name)

    def answered(namesakes: tuple[PlayerInfo, ...]) -> None:
        _create_or_warn(ctx, details, namesakes, parent, open_dialog, done, next_step)

    asked = ctx.query(
        read,
        answered,
        key=("namesakes", fold(details.name)),
        on_refused=lambda _words: done(None),
    )
    if not asked:
        done(None)  # the same name is still being checked: this press adds nothing


def _create_or_warn(
    ctx: CashierContext,
    details: PlayerDetails,
    namesakes: tuple[PlayerInfo, ...],
    parent: QWidget,
    open_dialog: Opener,
    done: Done,
    next_step: str,
) -> None:
    """Create the player when nobody has the name; otherwise warn, with the namesakes read."""
    players = ctx.services.players
    if not namesakes:
        # Created on the worker; `done` hears the answer (None for a refusal, said in words).
        asked = ctx.call(
            lambda: players.create(details, unique=True),
            _("{name} added as a new player.").format(name=details.name)
            + (f" {next_step}" if next_step else ""),
            done,
            key=("new player", fold(details.name)),
            busy=_("Adding {name}…").format(name=details.name),
            on_refused=lambda _words: done(None),
        )
        if not asked:
            done(None)  # the same name is still being added: this press adds nothing
        return
    box = NamesakeBox(details.name, namesakes, parent)

    def on_finished(_result: int) -> None:
        clicked = box.clickedButton()
        if clicked is box.use_button:
            existing = namesakes[0]
            ctx.message.show_info(
                _("{name} (#{id}) is already in the database: no new player added.").format(
                    name=existing.display_name, id=existing.id
                )
            )
            done(existing)
        elif clicked is box.note_button:
            note = NoteDialog(details.name, parent)
            note.accepted.connect(
                lambda: add_new_player(
                    ctx,
                    replace(details, name=note.name()),
                    parent=parent,
                    open_dialog=open_dialog,
                    done=done,
                    next_step=next_step,
                )
            )
            note.rejected.connect(lambda: done(None))
            open_dialog(note)
        else:
            done(None)

    box.finished.connect(on_finished)
    open_dialog(box)


def save_details(
    ctx: CashierContext,
    player: PlayerInfo,
    details: PlayerDetails,
    *,
    parent: QWidget,
    open_dialog: Opener,
    save: Callable[[], object],
) -> None:
    """Save a player's edited details (`save`), asking first when the new name is taken.

    The same person twice is a merge (Merge into…); two people may share a name, so the
    director can still save it, explicitly.
    """
    if fold(details.name) == fold(player.name):  # the name kept: nothing new to warn about
        save()
        return
    players = ctx.services.players

    def read() -> tuple[PlayerInfo, ...]:  # on the worker
        return players.namesakes(details.name)

    ctx.query(
        read,
        lambda found: _save_or_warn(player, details, found, parent, open_dialog, save),
        key=("namesakes", fold(details.name)),
    )


def _save_or_warn(
    player: PlayerInfo,
    details: PlayerDetails,
    found: tuple[PlayerInfo, ...],
    parent: QWidget,
    open_dialog: Opener,
    save: Callable[[], object],
) -> None:
    """Save when nobody else has the new name; otherwise ask first."""
    others = tuple(p for p in found if p.id != player.id)
    if not others:
        save()
        return
    first = others[0]
    box = QMessageBox(parent)
    box.setObjectName("rename_box")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(_("Name already taken"))
    box.setText(
        _(
            "There is already a player called <b>{name}</b> (#{id}). Give {player} the same name?"
        ).format(name=escape(first.name), id=first.id, player=escape(player.name))
    )
    box.setInformativeText(
        _(
            "The same person twice: cancel, then merge them (Merge into…). Two people of one "
            "name: add a note to the name, e.g. “{example}”."
        ).format(example=noted_name(details.name, _("blue hat")))
    )
    save_button = box.addButton(_("Save anyway"), QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)  # Enter saves nothing
    box.setEscapeButton(cancel)
    box.finished.connect(lambda _r: save() if box.clickedButton() is save_button else None)
    open_dialog(box)
