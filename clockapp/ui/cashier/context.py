"""What every part of the cashier window shares: the services, the bus, the message bar, undo.

`CashierContext.call` runs one service operation on the station's worker (so the window never
waits on the database, and every window refreshes when it answers) and turns a refusal
(`DomainError`) into a red message in the window; nothing is written then, because each service
call is one transaction. While it is pending, the control that asked shows busy and a second
press of the same thing does nothing.

Undo (`CashierHistory`) never deletes anything: each command's undo writes a new reversing record
through a service (a void row for money, an undo row for a bust, the previous payout
table), and its redo records the action again. Undo is offered only when it can be done: a
command may carry a `check` that asks the service whether its reversal would be accepted now (a
row voided by hand meanwhile, at this station or another, cannot be voided again), and the window
disables Undo, saying why, while the answer is no (asked on the worker). Should the undo still
be refused (a race), the command stays where it is and the message says why. An undo waits on
the worker behind the actions pressed before it, so it undoes the last of them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import date
from typing import Any, TypeVar

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

from clockapp.core.chips import ChipSet
from clockapp.core.money.handout import PlannedStacks
from clockapp.errors import DomainError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.changes import Change, Changes, Outcome
from clockapp.ui.banner import MessageBanner
from clockapp.ui.bus import LatestRead, TournamentBus
from clockapp.ui.errors import report
from clockapp.ui.exports import ask_csv_path, export_file_name, write_csv
from clockapp.ui.operations import Control
from clockapp.ui.ticks import guarded
from clockapp.ui.undo_step import UndoStep

T = TypeVar("T")

#: A press that needs the tournament's chips before any read of them has answered.
LOOK_UNREAD = N_("The tournament's chips are still being read. Try again in a moment.")


@dataclass(frozen=True)
class TournamentLook:
    """What receipts and handouts show of the tournament: its chips, planned stacks, currency."""

    chip_set: ChipSet
    stacks: PlannedStacks | None
    currency: str
    #: What an export's file name starts with: the tournament's name and the day it was made.
    name: str
    day: date


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
        # What receipts and handouts show of the tournament, read on the worker when the window
        # opens and again after a change to it; until the new read answers, the last one holds.
        self._look: TournamentLook | None = None
        self._look_reads = self.reader(self.read_look, self._on_look_read)
        bus.changed.connect(self._on_bus_changed)
        bus.tournament_switched.connect(self._on_bus_tournament_switched)
        self._look_reads.ask()

    @property
    def tid(self) -> int:
        """The tournament the window shows."""
        return self.bus.tournament_id

    def call(
        self,
        operation: Callable[[], Outcome[T]],
        done: str = "",
        on_done: Callable[[T], object] | None = None,
        *,
        key: Hashable,
        control: Control | None = None,
        busy: str = "",
        on_refused: Callable[[str], object] | None = None,
    ) -> bool:
        """Run a service operation on the station's worker and publish it; on its answer show
        `done` and call `on_done(value)`; on a refusal show why (nothing was written then).

        `control` (the button that asked) is busy until the answer, and a second submission for
        `key` while the first is pending does nothing: returns False. `on_refused(words)` hears
        a refusal too (a dialog kept open says it in its own error line).
        """

        def answered(value: T) -> None:
            if done:
                self.message.show_info(done)
            if on_done is not None:
                on_done(value)

        return self.submit(
            operation,
            answered,
            key=key,
            busy=busy,
            control=control,
            on_refused=on_refused,
        )

    def submit(
        self,
        operation: Callable[[], Outcome[T]],
        on_done: Callable[[T], object],
        *,
        key: Hashable,
        busy: str = "",
        control: Control | None = None,
        on_refused: Callable[[str], object] | None = None,
    ) -> bool:
        """Run a service operation on the station's worker; `on_done(value)` when it answers.

        While it is pending the message bar says `busy` (when given), `control` shows busy, and
        a second submission for `key` (the same action on the same thing, pressed again) does
        nothing: returns False. A refusal is shown in words; nothing was written then.
        """
        if self.bus.worker.is_pending(key):
            return False

        def failed(error: Exception) -> None:
            words = self._failed(error)
            if on_refused is not None:
                on_refused(words)

        submitted = self.bus.submit(
            operation, on_done, failed, key=key, control=control, asker=self.message
        )
        if submitted and busy:
            self.message.show_info(busy)
        return submitted

    def query(
        self,
        query: Callable[[], T],
        on_read: Callable[[T], object],
        *,
        key: Hashable,
        control: Control | None = None,
        on_refused: Callable[[str], object] | None = None,
    ) -> bool:
        """Read on the station's worker (after every action asked before it); `on_read(value)`
        on this thread when it answers. A failure is shown in words, as `read` shows it, and
        told to `on_refused`. False (nothing asked) while a read for `key` is pending, or while
        `control` is busy or disabled (as a click on it would be: the action it opens is on its
        way)."""
        if self.bus.worker.is_pending(key) or (control is not None and not control.isEnabled()):
            return False

        def failed(error: Exception) -> None:
            words = self._failed(error)
            if on_refused is not None:
                on_refused(words)

        return self.bus.worker.submit(
            query, on_read, failed, key=key, control=control, asker=self.message
        )

    def _failed(self, error: Exception) -> str:
        """Show a refusal in words (an unexpected error: the net's dialog); returns the words."""
        if isinstance(error, DomainError):
            self.message.show_error(str(error))
            return str(error)
        report(error, self.message)  # unexpected: a dialog on this window, the traceback logged
        return _("Not saved: an unexpected error (see the message).")

    def reader(
        self, read: Callable[[int], T], on_read: Callable[[T], object]
    ) -> LatestRead[tuple[int, T]]:
        """A part's read of what it shows, off the GUI thread (`LatestRead`): `read(tid)` runs on
        the station's worker, `on_read(value)` here when it answers, and a failure is shown in
        words, as `read` shows it. An answer for a tournament no longer shown is dropped (the
        switch reads everything again)."""

        def work() -> tuple[int, T]:
            tid = self.tid
            return tid, read(tid)

        def answered(answer: tuple[int, T]) -> None:
            tid, value = answer
            if tid == self.tid:
                on_read(value)

        return LatestRead(self.bus, work, answered, self._failed)

    def save_text(
        self,
        parent: QWidget,
        path: str | None,
        title: str,
        what: str,
        produce: Callable[[], str],
        on_saved: Callable[[str, str], object],
        *,
        control: Control | None = None,
    ) -> str | None:
        """Write what `produce` returns to `path` (asking where when not given), for an export;
        the dialog suggests `export_name(what, "csv")` in the documents folder.

        The path is asked here; the read and the write run on the station's worker (`control`
        busy meanwhile), and `on_saved(path, text)` hears that the file is written. Returns the
        path asked for, or None when the cashier cancelled or the same export is on its way. A
        refusal, or a file that cannot be written, is said in the message bar.
        """
        separator = ""  # the locale's, unless the save dialog's file type chose another
        if not path:
            path, separator = ask_csv_path(parent, title, self.export_name(what, "csv"))
        if not path:
            return None
        chosen = path

        def work() -> str:  # on the worker
            text = produce()
            try:
                write_csv(chosen, text, separator)
            except OSError as error:
                raise DomainError(
                    _("{path} cannot be written: {reason}.").format(
                        path=chosen, reason=error.strerror or error
                    )
                ) from error
            return text

        asked = self.query(
            work, lambda text: on_saved(chosen, text), key=("export", what), control=control
        )
        return chosen if asked else None

    def currency(self) -> str:
        """The tournament's currency ("" while it is unread: the amount alone, never "$")."""
        look = self._look
        return look.currency if look is not None else ""

    def export_name(self, what: str, suffix: str) -> str:
        """The file name an export of `what` suggests: the tournament's name and date first
        (as last read on the worker; only `what` while none has answered)."""
        look = self._look
        if look is None:
            return export_file_name("", None, what, suffix)
        return export_file_name(look.name, look.day, what, suffix)

    def chip_set(self) -> ChipSet:
        """The tournament's chip set (the colours of the chips handed over), as last read."""
        return self._held_look().chip_set

    def stacks(self) -> PlannedStacks | None:
        """The stacks planned with the structure (what the cashier hands out), as last read."""
        return self._held_look().stacks

    def tournament_name(self) -> str:
        """The tournament's name, as last read (what a printed receipt is headed with)."""
        return self._held_look().name

    @property
    def look_held(self) -> bool:
        """Whether a read of the look has answered (a press reads it with the field if not)."""
        return self._look is not None

    def read_look(self, tid: int) -> TournamentLook:
        """What receipts and handouts show of tournament `tid`, read now: on the worker."""
        structure = self.services.structure
        info = self.services.tournaments.get(tid)
        return TournamentLook(
            structure.chip_set(tid),
            structure.planned_stacks(tid),
            structure.settings(tid).currency,
            info.name,
            info.created_at.astimezone().date(),
        )

    def hold_look(self, tid: int, look: TournamentLook) -> None:
        """Keep a look read on the worker with another read (a press), unless the window has
        moved on to another tournament or a read of its own answered first."""
        if tid == self.tid and self._look is None:
            self._look = look

    def _held_look(self) -> TournamentLook:
        """The last look read. Never read here: the GUI thread does not wait on the database.
        Every press reads it first when none has answered, so none held is only a press
        made meanwhile: said in words."""
        if self._look is None:
            raise DomainError(_(LOOK_UNREAD))
        return self._look

    def _on_look_read(self, look: TournamentLook) -> None:
        self._look = look

    def _on_bus_changed(self, changes: Changes) -> None:
        if changes.touches(Change.CHIPS | Change.STRUCTURE | Change.TOURNAMENT):
            self._look_reads.ask()

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        self._look = None  # another tournament's chips must never be shown for this one
        self._look_reads.ask()

    def refuse(self, text: str) -> None:
        """Show why an action cannot be done (nothing was written)."""
        self.message.show_error(text)


class CashierHistory(QObject):
    """The cashier window's QUndoStack, moving only when the reversing service call succeeds.

    An undo or a redo runs on the station's worker, like the action it reverses, and waits for
    every action pressed before it: pressed while a sale is still on its way, it undoes that
    sale once it has landed, never the action before. While one is pending a second press of
    the same does nothing; Redo pressed after Undo waits for the undo, then redoes it. Whether
    Undo is offered is asked on the worker too, and answered by `undo_changed`.
    """

    #: Whether the last action can be undone now may have changed (see `undo_refusal`).
    undo_changed = Signal()

    def __init__(self, ctx: CashierContext) -> None:
        super().__init__(ctx)
        self._ctx = ctx
        self.stack = QUndoStack(self)
        #: What a pending undo and a pending redo are submitted under (one of each at a time:
        #: Undo pressed twice undoes once, Redo pressed after Undo waits for it).
        self.keys: dict[bool, Hashable] = {
            True: ("cashier undo", id(self)),
            False: ("cashier redo", id(self)),
        }
        self._check_key: Hashable = ("cashier undo check", id(self))
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
        self._later.timeout.connect(guarded("the undo check", self._ask))
        self._ask_again = False
        ctx.bus.tournament_switched.connect(self._on_bus_tournament_switched)
        ctx.bus.changed.connect(self._on_bus_changed)
        self.stack.indexChanged.connect(self._on_stack_index_changed)

    def _on_stack_index_changed(self, _index: int) -> None:
        self.undo_changed.emit()
        self._later.start()

    def _on_bus_changed(self, changes: Changes) -> None:
        was, self._revision = self._revision, (changes.tournament_id, changes.revision)
        command = self.stack.command(self.stack.index() - 1)
        if (
            not changes.what & ~Change.CLOCK
            and isinstance(command, UndoStep)
            and command.known is not None
            and command.known[0] == was
        ):
            # A clock press changes nothing a cashier's undo depends on: the answer holds.
            command.known = (self._revision, command.known[1])
            return
        self._later.start()

    def record(
        self,
        text: str,
        undo: Callable[[], Outcome[Any]],
        redo: Callable[[], Outcome[Any]],
        check: Callable[[], str] | None = None,
    ) -> None:
        """Remember an action that was just done: `undo` reverses it and `redo` does it again,
        each one service call run on the worker; `check` (on the worker too) says why its undo
        would be refused."""
        command = UndoStep(text, redo, undo, check=check)
        command.known = (self._revision, "")  # just done, at the revision it published
        self.stack.push(command)

    @property
    def pending(self) -> bool:
        """Whether an undo or a redo is on its way (its button stays busy)."""
        worker = self._ctx.bus.worker
        return any(worker.is_pending(key) for key in self.keys.values())

    def _top(self) -> UndoStep | None:
        command = self.stack.command(self.stack.index() - 1)
        return command if isinstance(command, UndoStep) else None

    def undo_refusal(self) -> str:
        """Why the last action cannot be undone now ('' when it can, or while the service has
        not answered yet: the undo asks again before it writes), as last answered."""
        command = self._top()
        if command is None:
            return _("Nothing to undo at the cashier.")
        if command.check is None or command.known is None:
            return ""
        return command.known[1]

    def _ask(self) -> None:
        """Ask the service, on the worker, whether the last action can be undone now."""
        command = self._top()
        if command is None or command.check is None:
            self.undo_changed.emit()
            return
        if command.known is not None and command.known[0] == self._revision:
            self.undo_changed.emit()
            return
        revision, check = self._revision, command.check

        def read() -> str:
            try:
                return check()
            except Exception as error:  # a read that failed: say so rather than offer the undo
                return str(error) or type(error).__name__

        def answered(refusal: str) -> None:
            if self._top() is command:
                command.known = (revision, refusal)
                self.undo_changed.emit()
            if self._ask_again:
                self._ask_again = False
                self._later.start()

        if not self._ctx.bus.worker.submit(read, answered, key=self._check_key):
            self._ask_again = True  # asked again when the read on its way answers

    def undo(self, control: Control | None = None) -> bool:
        """Reverse the last action with a new record, on the worker after every action pressed
        before it; a refusal is shown in words. False when an undo or redo is still pending."""
        return self._move(undo=True, control=control)

    def redo(self, control: Control | None = None) -> bool:
        """Record the last undone action again (as `undo`)."""
        return self._move(undo=False, control=control)

    def _move(self, *, undo: bool, control: Control | None) -> bool:
        worker, key = self._ctx.bus.worker, self.keys[undo]
        if worker.is_pending(key):
            return False
        command = self._top()
        if undo and not worker.busy and command is not None and command.known is not None:
            # Already answered for where the stations stand now: refused without asking again.
            revision, refusal = command.known
            if refusal and revision == self._revision:
                self._ctx.refuse(
                    _("{action} cannot be undone: {refusal}").format(
                        action=command.text(), refusal=refusal
                    )
                )
                return False
        if worker.busy:
            # An action pressed before is still on its way: its command is on the stack once
            # its answer has come, and the answers come in the order they were asked.
            return worker.submit(
                _nothing,
                lambda _none: self._move_now(undo=undo, control=control),
                key=key,
                control=control,
                asker=self._ctx.message,
            )
        self._move_now(undo=undo, control=control)
        return True

    def _move_now(self, *, undo: bool, control: Control | None) -> None:
        stack = self.stack
        command = stack.command(stack.index() - 1 if undo else stack.index())
        if not isinstance(command, UndoStep):
            self._ctx.refuse(
                _("Nothing to undo at the cashier.")
                if undo
                else _("Nothing to redo at the cashier.")
            )
            return
        text = command.text()
        check = command.check if undo else None
        reverse = command.undo_work if undo else command.redo_work

        def work() -> Outcome[Any]:
            if check is not None:
                refusal = check()
                if refusal:
                    raise DomainError(
                        _("{action} cannot be undone: {refusal}").format(
                            action=text, refusal=refusal
                        )
                    )
            outcome = reverse()
            assert isinstance(outcome, Outcome)
            return outcome

        def done(_value: object) -> None:
            now = stack.command(stack.index() - 1 if undo else stack.index())
            if now is not command:  # the stack was cleared meanwhile (another tournament)
                return
            command.skip = True
            if undo:
                stack.undo()
                self._ctx.message.show_info(
                    _("Undone: {action} (a reversing row keeps both).").format(action=text)
                )
            else:
                stack.redo()
                self._ctx.message.show_info(_("Redone: {action}.").format(action=text))

        self._ctx.submit(
            work,
            done,
            key=self.keys[undo],
            control=control,
            busy=(_("Undoing {action}…") if undo else _("Redoing {action}…")).format(action=text),
        )

    def _on_bus_tournament_switched(self, _tournament_id: int) -> None:
        self.stack.clear()


def _nothing() -> None:
    """A job that only waits its turn on the worker."""
    return None
