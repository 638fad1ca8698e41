"""What every part of the cashier window shares: the services, the bus, the message bar, undo.

`CashierContext.call` runs one service operation through the bus (so every window refreshes)
and turns a refusal (`DomainError`) into a red message in the window; nothing is written then,
because each service call is one transaction.

Undo (`CashierHistory`) never deletes anything: each command's undo writes a new reversing record
through a service (a void row for money, an undo row for an elimination, the previous payout
table), and its redo records the action again. Undo is offered only when it can be done: a
command may carry a `check` that asks the service whether its reversal would be accepted now (a
row voided by hand meanwhile, at this station or another, cannot be voided again), and the window
disables Undo, saying why, while the answer is no. Should the undo still be refused (a race), the
command stays where it is and the message says why.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

from clockapp.core.chips import ChipSet
from clockapp.core.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.ui.banner import MessageBanner
from clockapp.ui.bus import TournamentBus
from clockapp.ui.errors import report
from clockapp.ui.exports import ask_csv_path, export_file_name, write_csv
from clockapp.ui.ticks import guarded
from clockapp.ui.undo_step import UndoStep

T = TypeVar("T")
D = TypeVar("D")


class CashierContext(QObject):
    """The services, the bus, the message bar and the undo history of one cashier window."""

    def __init__(
        self, services: Services, bus: TournamentBus, message: MessageBanner, parent: QObject
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.bus = bus
        self.message = message
        self.history = CashierHistory(self)
        self._chip_set: ChipSet | None = None
        bus.changed.connect(self._on_bus_changed)
        bus.tournament_switched.connect(self._on_bus_tournament_switched)

    @property
    def tid(self) -> int:
        """The tournament the window shows."""
        return self.bus.tournament_id

    def call(self, operation: Callable[[], Outcome[T]], done: str = "") -> T | None:
        """Run a service operation and publish it; on refusal show why and return None."""
        try:
            value = self.bus.run(operation)
        except DomainError as error:
            self.message.show_error(str(error))
            return None
        except Exception as error:  # unexpected: a dialog on this window, the traceback logged
            report(error, self.message)
            return None
        if done:
            self.message.show_info(done)
        return value

    def submit(
        self,
        operation: Callable[[], Outcome[T]],
        on_done: Callable[[T], object],
        *,
        key: Hashable,
        busy: str,
    ) -> bool:
        """Run a service operation on the station's worker; `on_done(value)` when it answers.

        While it is pending the message bar says `busy`, and a second submission for `key` (the
        same action on the same player, pressed again) does nothing: returns False. A refusal is
        shown in words, as `call` shows it; nothing was written then.
        """
        if self.bus.worker.is_pending(key):
            return False
        submitted = self.bus.submit(operation, on_done, self._failed, key=key, asker=self.message)
        if submitted:
            self.message.show_info(busy)
        return submitted

    def _failed(self, error: Exception) -> None:
        if isinstance(error, DomainError):
            self.message.show_error(str(error))
        else:  # unexpected: a dialog on this window, the traceback logged
            report(error, self.message)

    def read(self, query: Callable[[], T], default: D) -> T | D:
        """Run a read; an error (a tournament deleted by another station) shows as a message.

        `default` has a type of its own (`()` for a tuple of rows, None for one row), so the
        read's type is the query's, not whatever the default happens to be.
        """
        try:
            return query()
        except DomainError as error:
            self.message.show_error(str(error))
            return default
        except Exception as error:
            report(error, self.message)
            return default

    def save_text(
        self,
        parent: QWidget,
        path: str | None,
        title: str,
        what: str,
        produce: Callable[[], str],
    ) -> tuple[str, str] | None:
        """Write what `produce` returns to `path` (asking where when not given), for an export;
        the dialog suggests `export_name(what, "csv")` in the documents folder.

        Returns (path, text), or None when the cashier cancelled, the service refused (said in
        the message bar) or the file cannot be written (said too).
        """
        separator = ""  # the locale's, unless the save dialog's file type chose another
        if not path:
            path, separator = ask_csv_path(parent, title, self.export_name(what, "csv"))
        if not path:
            return None
        text = self.read(produce, None)
        if text is None:
            return None
        try:
            write_csv(path, text, separator)
        except OSError as error:
            self.refuse(f"{path} cannot be written: {error.strerror or error}.")
            return None
        return path, text

    def currency(self) -> str:
        """The tournament's currency ("" when it cannot be read: the amount alone, never "$")."""
        return self.read(lambda: self.services.structure.settings(self.tid).currency, "")

    def export_name(self, what: str, suffix: str) -> str:
        """The file name an export of `what` suggests: the tournament's name and date first."""
        info = self.read(lambda: self.services.tournaments.get(self.tid), None)
        if info is None:
            return export_file_name("", None, what, suffix)
        return export_file_name(info.name, info.created_at.astimezone().date(), what, suffix)

    def chip_set(self) -> ChipSet:
        """The tournament's chip set (the colours of the chips handed over), read once."""
        if self._chip_set is None:
            self._chip_set = self.services.structure.chip_set(self.tid)
        return self._chip_set

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(Change.CHIPS | Change.STRUCTURE | Change.TOURNAMENT):
            self._chip_set = None

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        self._chip_set = None

    def refuse(self, text: str) -> None:
        """Show why an action cannot be done (nothing was written)."""
        self.message.show_error(text)


class CashierHistory(QObject):
    """The cashier window's QUndoStack, moving only when the reversing service call succeeds."""

    #: Whether the last action can be undone now may have changed (see `undo_refusal`).
    undo_changed = Signal()

    def __init__(self, ctx: CashierContext) -> None:
        super().__init__(ctx)
        self._ctx = ctx
        self.stack = QUndoStack(self)
        # The last revision the bus told of, with its scope: a tournament's revisions and the
        # app-wide ones are numbered apart, so the number alone could repeat.
        self._revision: tuple[int | None, int] | None = None
        # A change coming in asks the service again once the event loop turns: an action of this
        # window both publishes and pushes its command, and only the new command is asked about
        # (for nothing: it was just done at that revision). Another station's change is asked
        # about once, however many changes the poll brought.
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.setInterval(0)
        self._later.timeout.connect(guarded("the undo check", self.undo_changed.emit))
        ctx.bus.tournament_switched.connect(self._on_bus_tournament_switched)
        ctx.bus.changed.connect(self._on_bus_changed)
        self.stack.indexChanged.connect(self._on_stack_index_changed)

    def _on_stack_index_changed(self, _index: int) -> None:
        self.undo_changed.emit()

    def _on_bus_changed(self, changes: Changes) -> None:
        self._revision = (changes.tournament_id, changes.revision)
        self._later.start()

    def record(
        self,
        text: str,
        undo: Callable[[], Any],
        redo: Callable[[], Any],
        check: Callable[[], str] | None = None,
    ) -> None:
        """Remember an action that was just done; `check` says why its undo would be refused."""
        command = UndoStep(text, redo, undo, check=check)
        command.known = (self._revision, "")  # just done, at the revision it published
        self.stack.push(command)

    def undo_refusal(self, *, fresh: bool = False) -> str:
        """Why the last action cannot be undone now ('' when it can), asked of the service.

        The answer is kept until the bus reports another revision; `fresh` asks again anyway.
        """
        command = self.stack.command(self.stack.index() - 1)
        if not isinstance(command, UndoStep):
            return "Nothing to undo at the cashier."
        if command.check is None:
            return ""
        if not fresh and command.known is not None and command.known[0] == self._revision:
            return command.known[1]
        try:
            refusal = command.check()
        except Exception as error:  # a read that failed: say so rather than offer the undo
            refusal = str(error) or type(error).__name__
        command.known = (self._revision, refusal)
        return refusal

    def undo(self) -> bool:
        """Reverse the last action with a new record; False (and a message) when refused."""
        command = self.stack.command(self.stack.index() - 1)
        if not isinstance(command, UndoStep):
            self._ctx.refuse("Nothing to undo at the cashier.")
            return False
        refusal = self.undo_refusal(fresh=True)
        if refusal:
            self._ctx.refuse(f"{command.text()} cannot be undone: {refusal}")
            return False
        if not self._run(command.undo_work):
            return False
        command.skip = True
        self.stack.undo()
        self._ctx.message.show_info(f"Undone: {command.text()} (a reversing row keeps both).")
        return True

    def redo(self) -> bool:
        """Record the last undone action again; False (and a message) when refused."""
        command = self.stack.command(self.stack.index())
        if not isinstance(command, UndoStep):
            self._ctx.refuse("Nothing to redo at the cashier.")
            return False
        if not self._run(command.redo_work):
            return False
        command.skip = True
        self.stack.redo()
        self._ctx.message.show_info(f"Redone: {command.text()}.")
        return True

    def _run(self, work: Callable[[], Any]) -> bool:
        try:
            work()
        except DomainError as error:
            self._ctx.refuse(str(error))
            return False
        except Exception as error:
            report(error, self._ctx.message)
            return False
        return True

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        self.stack.clear()
