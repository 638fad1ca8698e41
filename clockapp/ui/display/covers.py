"""What covers the clock display, or squeezes it, only when the room needs it: built on first use.

The first clock frame shows none of these, so none of them is imported or built before it: the
winner screen (once the tournament is over), the wall's stage (a moment the director put on the
wall, or the break slides) and the seat-move banner (between the clock and the footer, while moves
are pending).

Each is built when it is first shown, or when something asks for it (a test, the screenshot's
demo moment); until then the clock is drawn alone, exactly as it would be with them hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from PySide6.QtWidgets import QBoxLayout, QWidget

if TYPE_CHECKING:
    from clockapp.core.wall import WallMoment
    from clockapp.ui.display.moves import MovesBanner
    from clockapp.ui.display.theme import WallTheme
    from clockapp.ui.display.winner import WinnerScreen
    from clockapp.ui.wall.stage import WallStage


T = TypeVar("T")


class Forwarded(Generic[T]):
    """A read-only attribute that is the same-named attribute of one of the owner's parts.

    The display names its lazily built parts this way (`wall_stage = Forwarded("_covers")` is
    `display._covers.wall_stage`), so reading one builds it, and nothing else does.

    >>> class Part:
    ...     answer = 42
    >>> class Owner:
    ...     answer: Forwarded[int] = Forwarded("part")
    ...     part = Part()
    >>> Owner().answer
    42
    """

    def __init__(self, part: str) -> None:
        self._part = part
        self._name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, instance: None, owner: type) -> Forwarded[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object, owner: type | None = None) -> T | Forwarded[T]:
        if instance is None:
            return self  # read on the class (introspection): the descriptor itself
        result: T = getattr(getattr(instance, self._part), self._name)
        return result


class DisplayCovers:
    """The display's winner screen, wall stage and seat-move banner, each built on first use.

    Args:
        display: The clock display they cover (their parent).
        look: The palette they draw with (the display's).
        now: The display's time source, for the moments that count down.
        root: The display's top-level layout; the banner goes in it, just above `footer`.
        footer: The footer's layout.
    """

    def __init__(
        self,
        display: QWidget,
        look: WallTheme,
        now: Callable[[], datetime],
        root: QBoxLayout,
        footer: QBoxLayout,
    ) -> None:
        self._display = display
        self._look = look
        self._now = now
        self._root = root
        self._footer = footer
        self._winner: WinnerScreen | None = None
        self._stage: WallStage | None = None
        self._banner: MovesBanner | None = None

    # ---------------------------------------------------------------- the winner screen

    @property
    def winner_screen(self) -> WinnerScreen:
        """The winner screen over the whole clock (hidden until the tournament is over)."""
        if self._winner is None:
            from clockapp.ui.display.winner import WinnerScreen

            self._winner = WinnerScreen(self._look, self._display)
            self._winner.setGeometry(self._display.rect())
            if self._stage is not None:
                # The director's moments cover the winner screen too, as they were built after it.
                self._winner.stackUnder(self._stage)
        return self._winner

    def show_final(self, final: Any, name: str, currency: str) -> None:
        """Cover the clock with the final result."""
        screen = self.winner_screen
        screen.setGeometry(self._display.rect())
        screen.show_result(final, name, currency)
        screen.show()
        screen.raise_()

    def hide_final(self) -> None:
        """The tournament is not over (again): the clock shows."""
        if self._winner is not None:
            self._winner.hide()

    # ---------------------------------------------------------------- the wall's moments

    @property
    def wall_stage(self) -> WallStage:
        """The stage that shows the director's moment (or the break slides) over the clock."""
        if self._stage is None:
            from clockapp.ui.wall.stage import WallStage

            self._stage = WallStage(self._look, self._display, self._now)
            self._stage.setGeometry(self._display.rect())
        return self._stage

    def stage_shown(self) -> bool:
        """Whether a moment covers the clock now."""
        return self._stage is not None and self._stage.isVisible()

    def show_moment(self, moment: WallMoment | None) -> None:
        """Show `moment` over the clock; None hides the stage (and builds nothing)."""
        if moment is None and self._stage is None:
            return
        self.wall_stage.show_moment(moment)

    # ---------------------------------------------------------------- the seat moves

    @property
    def moves_banner(self) -> MovesBanner:
        """The seat moves across the room, between the clock and the footer."""
        if self._banner is None:
            from clockapp.ui.display.moves import MovesBanner

            self._banner = MovesBanner(self._look)
            self._root.insertWidget(self._root.indexOf(self._footer), self._banner, 0)
            self._banner.apply_metrics(max(1, self._display.height()))
        return self._banner

    def show_moves(self, moves: Any) -> None:
        """Show the pending seat moves (the clock shrinks to make room); none builds nothing."""
        if not moves and self._banner is None:
            return
        banner = self.moves_banner
        banner.set_moves(moves)
        self._root.setStretch(self._root.indexOf(banner), banner.stretch())

    def raise_covers(self) -> None:
        """Put the winner screen and the director's moments back on top (over a host's layout
        shown after them)."""
        for cover in (self._winner, self._stage):
            if cover is not None:
                cover.raise_()

    # ---------------------------------------------------------------- geometry

    def fit(self) -> None:
        """Follow the display's size (called from its resize and metrics)."""
        rect = self._display.rect()
        for cover in (self._winner, self._stage):
            if cover is not None:
                cover.setGeometry(rect)
        if self._banner is not None:
            self._banner.apply_metrics(max(1, self._display.height()))
