"""Points formulas: small arithmetic a host types, checked and evaluated safely.

A formula is one Python-like expression over the names of `PointsInput` (`place`, `entrants`,
`buy_in` in cents, `bounties`, `minutes`, ...) and a few functions (`sqrt`, `min`, `max`, ...).
It is checked against a whitelist of syntax before anything runs (no attribute access, no
subscripts, no strings, no comprehensions, no keywords), then evaluated by simpleeval, never by
Python's `eval`. The work is bounded: the text is at most `MAX_LENGTH` characters and
`MAX_NODES` syntax nodes, constants stay below `MAX_CONSTANT`, a power's exponent stays within
`MAX_EXPONENT` and its base within `MAX_CONSTANT`, and a result must be a finite number of at most
`MAX_POINTS` points. Points are kept as integer hundredths, so adding them up never drifts.

>>> formula = Formula.parse("10 * (entrants - place + 1) / entrants")
>>> formula.points(PointsInput(name="Ann", place=1, entrants=4))
1000
>>> evaluate_all("100 / (place - 3)", [PointsInput(name="Bo", place=3, entrants=4)])
Traceback (most recent call last):
...
clockapp.core.points.formula.FormulaError: Place 3 (Bo): division by zero.
"""

from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any

from simpleeval import SimpleEval

from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _

MAX_LENGTH = 500
MAX_NODES = 400
MAX_CONSTANT = 10**9
MAX_EXPONENT = 10
MAX_POINTS = 10**6


class FormulaError(ValidationError):
    """A formula that does not parse, uses something not allowed, or fails on an input."""


class Role(StrEnum):
    """What a person did at the event."""

    PLAYER = "player"
    HELPER = "helper"
    SPECTATOR = "spectator"


@dataclass(frozen=True)
class PointsInput:
    """What a formula knows about one person at one event (numbers only).

    Attributes:
        name: Shown in messages only.
        place: Finishing place (0 for one who did not play or is still in).
        entrants: Players in the event.
        buy_in: The buy-in price, in cents.
        entries: Buy-ins, re-entries and rebuys the person paid for.
        bounties: Knockouts won.
        minutes: Minutes present (check in to check out).
        away: The longest time away from the table, in minutes.
        role: Player, helper or spectator.
        team_size: Players in the person's team (0 without a team).
        table_rank: Finish among the players of their first-round table (1 best; 0 unknown).
        final_out: At the final table, 1 for the first busted, 2 for the next... the
            winner counts as the last (0 for one who did not reach it).
        worst_beat: Whether the director gave them the worst beat of the event.
        helps: A player who also helps run the event (`helper` is 1 for them too: the team
            event's helpers earn their 3 points "instead", not on top of a player's 2).
    """

    name: str
    place: int = 0
    entrants: int = 0
    buy_in: int = 0
    entries: int = 1
    bounties: int = 0
    minutes: int = 0
    away: int = 0
    role: Role = Role.PLAYER
    team_size: int = 0
    table_rank: int = 0
    final_out: int = 0
    worst_beat: bool = False
    helps: bool = False

    def names(self) -> dict[str, int]:
        """The values a formula sees, by name (roles as 0/1 flags)."""
        values = {
            f.name: int(getattr(self, f.name))
            for f in fields(self)
            if f.name not in ("name", "role", "helps")
        }
        for role in Role:
            values[role.value] = int(self.role is role)
        if self.helps:
            values[Role.HELPER.value] = 1
        return values

    def where(self) -> str:
        """How a message names this person: 'Place 3 (Ann)' or 'Ann (spectator)'."""
        if self.place:
            return f"Place {self.place} ({self.name})"
        return f"{self.name} ({self.role.value})"


#: The names a formula may use, with what each means (for the editor's help text).
NAMES: dict[str, str] = {
    "place": "finishing place (0 when not placed)",
    "entrants": "players in the event",
    "buy_in": "buy-in price in cents",
    "entries": "entries paid (buy-in, re-entries, rebuys)",
    "bounties": "knockouts won",
    "minutes": "minutes present",
    "away": "longest time away, in minutes",
    "player": "1 for a player, else 0",
    "helper": "1 for a helper, else 0",
    "spectator": "1 for a spectator, else 0",
    "team_size": "players in the person's team",
    "table_rank": "finish at their first-round table (1 best, 0 unknown)",
    "final_out": "n for the n-th out at the final table (winner last)",
    "worst_beat": "1 for the worst beat of the event",
}


def _log(x: float) -> float:
    if x <= 0:
        raise ValueError(_("log of a number that is not positive"))
    return math.log(x)


def _sqrt(x: float) -> float:
    if x < 0:
        raise ValueError(_("square root of a negative number"))
    return math.sqrt(x)


def _power(base: float, exponent: float) -> float:
    if abs(exponent) > MAX_EXPONENT or abs(base) > MAX_CONSTANT:
        raise ValueError(
            _("power too large (exponents up to {MAX_EXPONENT})").format(MAX_EXPONENT=MAX_EXPONENT)
        )
    if base == 0 and exponent < 0:
        raise ZeroDivisionError("division by zero")
    result: float = base**exponent
    if isinstance(result, complex):
        raise ValueError(_("power of a negative number to a fraction"))
    return result


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "sqrt": _sqrt,
    "log": _log,
    "min": min,
    "max": max,
    "abs": abs,
    "round": round,
    "floor": math.floor,
    "ceil": math.ceil,
}

_OPERATORS: dict[type[ast.AST], Callable[..., Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: _power,
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
    ast.Not: operator.not_,
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
_ALLOWED = (
    ast.Expression,
    ast.BinOp,
    ast.UnaryOp,
    ast.BoolOp,
    ast.Compare,
    ast.IfExp,
    ast.Call,
    ast.Name,
    ast.Load,
    ast.Constant,
    ast.And,
    ast.Or,
    *_OPERATORS,
)


def _check_tree(tree: ast.AST) -> None:
    nodes = list(ast.walk(tree))
    if len(nodes) > MAX_NODES:
        raise FormulaError(
            _("The formula is too long (at most {MAX_NODES} terms).").format(MAX_NODES=MAX_NODES)
        )
    for node in nodes:
        if not isinstance(node, _ALLOWED):
            raise FormulaError(
                _("The formula may not use {syntax} here.").format(
                    syntax=type(node).__name__.lower()
                )
            )
        if isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise FormulaError(_("The formula may use numbers only (no text)."))
            if abs(value) > MAX_CONSTANT:
                raise FormulaError(_("The number {value} is too large.").format(value=value))
        elif isinstance(node, ast.Call):
            func = node.func
            if not isinstance(func, ast.Name) or func.id not in FUNCTIONS:
                raise FormulaError(
                    _("Only these functions may be called: {names}.").format(
                        names=", ".join(sorted(FUNCTIONS))
                    )
                )
            if node.keywords:
                raise FormulaError(_("{name}() takes no named arguments.").format(name=func.id))
        elif isinstance(node, ast.Name) and node.id not in NAMES and node.id not in FUNCTIONS:
            raise FormulaError(
                _("Unknown name '{name}': use {names}.").format(
                    name=node.id, names=", ".join(NAMES)
                )
            )


def _reason(error: BaseException) -> str:
    if isinstance(error, ZeroDivisionError):
        return _("division by zero")
    text = str(error).strip().rstrip(".") or type(error).__name__
    return text[:1].lower() + text[1:]


@dataclass(frozen=True)
class Formula:
    """A checked formula; `points` evaluates it for one person, in hundredths of a point.

    The text is parsed once (`parse`) and the tree reused for every person.
    """

    text: str
    tree: ast.AST | None = field(default=None, compare=False, repr=False)

    @classmethod
    def parse(cls, text: str) -> Formula:
        """Check `text` (syntax, names, limits) without evaluating it.

        >>> Formula.parse("place.real")
        Traceback (most recent call last):
        ...
        clockapp.core.points.formula.FormulaError: The formula may not use attribute here.
        """
        text = text.strip()
        if not text:
            raise FormulaError(_("Type a formula, for example: entrants - place + 1"))
        if len(text) > MAX_LENGTH:
            raise FormulaError(
                _("The formula is too long (at most {MAX_LENGTH} characters).").format(
                    MAX_LENGTH=MAX_LENGTH
                )
            )
        try:
            tree = ast.parse(text, mode="eval")
        except UnicodeEncodeError as error:  # a lone surrogate: Python's parser reads UTF-8
            raise FormulaError(
                _("The formula: character {value} is broken (U+{code:04X}); type it again.").format(
                    value=error.start + 1, code=ord(text[error.start])
                )
            ) from None
        except SyntaxError as error:
            column = f" at character {error.offset}" if error.offset else ""
            raise FormulaError(
                _("The formula does not parse{column}: {msg}.").format(column=column, msg=error.msg)
            ) from None
        _check_tree(tree)
        return cls(text, tree.body)

    def points(self, person: PointsInput) -> int:
        """The person's points in hundredths (rounded half away from zero).

        Raises:
            FormulaError: The formula fails on this input (the message names the place).
        """
        evaluator = SimpleEval(operators=_OPERATORS, functions=FUNCTIONS, names=person.names())
        try:
            value = evaluator.eval(self.text, previously_parsed=self.tree)
            number = float(value)
            if not math.isfinite(number) or abs(number) > MAX_POINTS:
                raise ValueError(_("result out of range ({number:g})").format(number=number))
        except Exception as error:  # every failure of the host's formula is a message
            raise FormulaError(
                _("{where}: {reason}.").format(where=person.where(), reason=_reason(error))
            ) from None
        return int(math.copysign(math.floor(abs(number) * 100 + 0.5), number))


def evaluate_all(text: str, people: Iterable[PointsInput]) -> tuple[int, ...]:
    """Each person's points (hundredths); the first failure raises, naming the place.

    >>> evaluate_all("max(0, 11 - place)", [PointsInput("A", place=1), PointsInput("B", place=12)])
    (1000, 0)
    """
    formula = Formula.parse(text)
    return tuple(formula.points(person) for person in people)


def format_points(hundredths: int) -> str:
    """Points as text: whole points without decimals, others with what they need.

    >>> format_points(1200), format_points(1250), format_points(-5)
    ('12', '12.5', '-0.05')
    """
    sign = "-" if hundredths < 0 else ""
    whole, part = divmod(abs(hundredths), 100)
    if not part:
        return f"{sign}{whole}"
    return f"{sign}{whole}.{part:02d}".rstrip("0")
