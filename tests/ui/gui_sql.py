"""Which SQL ran on the GUI thread, and from where in the windows' code.

`GuiThreadSql` listens to SQLAlchemy's `before_cursor_execute` on the services' engine and keeps
every statement executed on the main thread with the first `clockapp/ui` frame of its stack (the
window code that asked for it). Statements on the station's worker, or any other thread, are not
kept: the rule is only that the GUI thread never waits on the database.
"""

from __future__ import annotations

import threading
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TypeVar

from sqlalchemy import event
from sqlalchemy.engine import Engine

T = TypeVar("T")

#: How many `clockapp/ui` frames a statement's stack keeps (innermost first).
STACK_FRAMES = 3


@dataclass(frozen=True)
class GuiStatement:
    """One statement run on the GUI thread."""

    sql: str
    #: The innermost `clockapp/ui` frames that led to it, as "module.py:line in function".
    stack: tuple[str, ...]

    @property
    def where(self) -> str:
        """The window code that asked for it (the innermost `clockapp/ui` frame)."""
        return self.stack[0] if self.stack else "(not from clockapp.ui)"


@dataclass
class GuiThreadSql:
    """The statements run on the GUI thread while it listens."""

    engine: Engine
    statements: list[GuiStatement] = field(default_factory=list)
    _on: bool = True

    def start(self) -> None:
        event.listen(self.engine, "before_cursor_execute", self._on_execute)

    def stop(self) -> None:
        if event.contains(self.engine, "before_cursor_execute", self._on_execute):
            event.remove(self.engine, "before_cursor_execute", self._on_execute)

    def clear(self) -> None:
        self.statements.clear()

    @contextmanager
    def watching(self) -> Iterator[list[GuiStatement]]:
        """The statements run on the GUI thread inside the block (and only there: the list
        stops growing when the block ends, so the test's own checks after it are not counted).
        """
        self.clear()
        self._on = True
        try:
            yield self.statements
        finally:
            self._on = False

    def report(self) -> str:
        """Where the statements came from, most first: for an assertion's message."""
        places = Counter(s.where for s in self.statements)
        lines = [f"{count:4d}  {where}" for where, count in places.most_common()]
        first = self.statements[0] if self.statements else None
        if first is not None:
            lines.append("first: " + first.sql[:100] + "\n  " + "\n  ".join(first.stack))
        return "\n".join(lines)

    def _on_execute(self, _conn, _cursor, statement: str, *_args: object) -> None:  # type: ignore[no-untyped-def]
        if not self._on or threading.current_thread() is not threading.main_thread():
            return
        self.statements.append(GuiStatement(" ".join(statement.split())[:200], _ui_stack()))


def at_another_station(call: Callable[[], T]) -> T:
    """Run `call` (a service call another station makes) on a thread of its own and wait for it:
    its SQL is not the GUI thread's."""
    answer: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            answer.append(call())
        except BaseException as error:  # raised again on the test's thread
            errors.append(error)

    thread = threading.Thread(target=run, name="another station")
    thread.start()
    thread.join(30)
    assert not thread.is_alive(), "the other station's call did not return"
    if errors:
        raise errors[0]
    return answer[0]


def _ui_stack() -> tuple[str, ...]:
    frames: list[str] = []
    for frame in reversed(traceback.extract_stack()):
        path = frame.filename.replace("\\", "/")
        if "/clockapp/ui/" in path:
            module = path.rsplit("/clockapp/", 1)[1]
            frames.append(f"{module}:{frame.lineno} in {frame.name}")
            if len(frames) == STACK_FRAMES:
                break
    return tuple(frames)
