"""The items of a blind structure: a play `Level` and a `Break`, validated when made.

Both read the same way (`small_blind`, `big_blind`, `ante`, `big_blind_ante`, `minutes`, `game`,
`label`, `color_up`, `is_break`), so a table or a clock can show any item without asking what it
is; a `Break` simply has no blinds. `StructureError` is the error of the whole structure package.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from clockapp import formats
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _


class StructureError(ValidationError):
    """A level, a break, a structure or an import file that cannot be accepted."""


# Raised, logged and shown (and named in doctests) under its public home, where callers import it.
StructureError.__module__ = "clockapp.core.structure"


#: Upper bounds that catch typos (an extra zero) without limiting any real tournament.
MAX_MINUTES = 24 * 60
MAX_AMOUNT = 10**12
#: The most levels and breaks a structure read from a file or saved may have: a night of
#: one-minute levels stays far below it, and every station reads the whole structure on its
#: first load.
MAX_ITEMS = 500


def check_int(value: object, what: str, *, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StructureError(
            _("{what} must be a whole number (got {value!r}).").format(what=what, value=value)
        )
    if value < minimum:
        above = "above 0" if minimum == 1 else f"{minimum} or more"
        raise StructureError(
            _("{what} must be {above} (got {value}).").format(
                what=what, above=above, value=formats.number(value)
            )
        )


@dataclass(frozen=True)
class Level:
    """A play level.

    Attributes:
        small_blind: The small blind.
        big_blind: The big blind.
        ante: The ante (0 when none). With `big_blind_ante` it is what the big blind pays for
            the whole table; otherwise every player pays it.
        big_blind_ante: The big blind pays the ante for the table instead of everyone.
        minutes: How long the level lasts.
        game: The game played ("NLHE", "PLO", "HORSE", ...).
        label: An optional note shown with the level ("Last level before dinner").

    >>> Level(100, 200, ante=200, big_blind_ante=True, minutes=20).describe()
    '100/200, big blind ante 200'
    >>> Level(200, 100, minutes=20)
    Traceback (most recent call last):
    ...
    clockapp.core.structure.StructureError: Level 200/100: the small blind (200) is above the big blind (100).
    """  # noqa: E501

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False
    minutes: int = 20
    game: str = "NLHE"
    label: str = ""
    color_up: tuple[int, ...] = field(default=(), init=False)
    is_break: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        name = f"Level {self.small_blind}/{self.big_blind}"
        check_int(self.small_blind, f"{name}: the small blind", minimum=1)
        check_int(self.big_blind, f"{name}: the big blind", minimum=1)
        check_int(self.ante, f"{name}: the ante", minimum=0)
        check_int(self.minutes, f"{name}: the duration in minutes", minimum=1)
        if self.small_blind > self.big_blind:
            raise StructureError(
                _(
                    "{name}: the small blind ({small_blind}) is above the big blind ({big_blind})."
                ).format(
                    name=name,
                    small_blind=formats.number(self.small_blind),
                    big_blind=formats.number(self.big_blind),
                )
            )
        if max(self.big_blind, self.ante) > MAX_AMOUNT:
            raise StructureError(
                _("{name}: the amounts are too large to be real.").format(name=name)
            )
        if self.minutes > MAX_MINUTES:
            raise StructureError(
                _("{name}: {minutes} minutes is longer than a day.").format(
                    name=name, minutes=formats.number(self.minutes)
                )
            )
        if not isinstance(self.big_blind_ante, bool):
            raise StructureError(_("{name}: big blind ante must be yes or no.").format(name=name))
        if self.big_blind_ante and self.ante == 0:
            raise StructureError(
                _("{name}: a big blind ante needs an ante amount above 0.").format(name=name)
            )
        if not self.game.strip():
            raise StructureError(_("{name}: give the game (NLHE, PLO, ...).").format(name=name))

    @property
    def amounts(self) -> tuple[int, ...]:
        """The amounts players must be able to pay: small blind, big blind and ante (if any)."""
        return (
            (self.small_blind, self.big_blind, self.ante)
            if self.ante
            else (
                self.small_blind,
                self.big_blind,
            )
        )

    def describe(self) -> str:
        """`100/200, ante 25` as announced to the room."""
        text = f"{formats.number(self.small_blind)}/{formats.number(self.big_blind)}"
        if self.ante:
            kind = "big blind ante" if self.big_blind_ante else "ante"
            text += f", {kind} {formats.number(self.ante)}"
        return text


@dataclass(frozen=True)
class Break:
    """A break between levels, possibly with a color-up.

    Attributes:
        minutes: How long the break lasts.
        label: What the screen calls it ("Break", "Dinner").
        color_up: The chip values removed from play at this break.

    >>> Break(15, color_up=(5,)).describe()
    'Break 15 min, color up T5'
    """

    minutes: int
    label: str = "Break"
    color_up: tuple[int, ...] = ()
    small_blind: int = field(default=0, init=False)
    big_blind: int = field(default=0, init=False)
    ante: int = field(default=0, init=False)
    big_blind_ante: bool = field(default=False, init=False)
    game: str = field(default="", init=False)
    is_break: bool = field(default=True, init=False)

    def __post_init__(self) -> None:
        check_int(self.minutes, f"Break {self.label!r}: the duration in minutes", minimum=1)
        if self.minutes > MAX_MINUTES:
            raise StructureError(
                _("Break {label!r}: {minutes} minutes is too long.").format(
                    label=self.label, minutes=formats.number(self.minutes)
                )
            )
        if not isinstance(self.color_up, tuple):
            object.__setattr__(self, "color_up", tuple(self.color_up))
        for value in self.color_up:
            check_int(value, f"Break {self.label!r}: the colored-up chip", minimum=1)
        if len(set(self.color_up)) != len(self.color_up):
            raise StructureError(
                _("Break {label!r}: a chip is colored up twice.").format(label=self.label)
            )

    @property
    def amounts(self) -> tuple[int, ...]:
        """Nothing is paid during a break."""
        return ()

    def describe(self) -> str:
        """`Break 15 min, color up T5`."""
        text = f"{self.label} {self.minutes} min"
        if self.color_up:
            text += ", color up " + ", ".join(f"T{formats.number(v)}" for v in self.color_up)
        return text


Item = Level | Break
