"""The bounty format a host chooses, and when mystery envelopes start to be drawn."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from clockapp.core.money.amounts import check_cents, format_cents
from clockapp.errors import DomainError
from clockapp.i18n import N_
from clockapp.i18n import gettext as _


class BountyError(DomainError):
    """A bounty rule the director's input breaks (the message says which and what to do)."""


class BountyFormat(StrEnum):
    """How the bounty part of each entry is won."""

    KNOCKOUT = "knockout"  # the whole bounty on the busted head goes to the buster in cash
    PROGRESSIVE = "progressive"  # half in cash to the buster, half onto the buster's own head
    MYSTERY = "mystery"  # from a stage on, each knockout draws one of the prize envelopes


class LateEntryRule(StrEnum):
    """Mystery: what the bounty share of an entry sold after the first envelope was drawn does."""

    ENVELOPES = "envelopes"  # it goes into the box as one more envelope of that amount
    POOL = "pool"  # it is added to the prize pool (the envelopes stay as they are)

    @property
    def label(self) -> str:
        """The rule in words, as the bounty dialog offers it."""
        if self is LateEntryRule.ENVELOPES:
            return "adds an envelope of its bounty share"
        return "puts its bounty share in the prize pool"


@dataclass(frozen=True)
class MysteryStage:
    """When the envelopes start to be drawn: from a level, or from a number of players left.

    >>> MysteryStage(from_level=8).reached(level=8, players_left=30)
    True
    >>> MysteryStage(from_players_left=9).reached(level=20, players_left=10)
    False
    """

    from_level: int | None = None
    from_players_left: int | None = None

    def __post_init__(self) -> None:
        if (self.from_level is None) == (self.from_players_left is None):
            raise BountyError(
                _(
                    "Mystery bounties start either from a level or from a number of players "
                    "left: choose one."
                )
            )
        for value, not_whole, too_small in (
            (
                self.from_level,
                N_("The mystery stage's level must be a whole number."),
                N_("The mystery stage's level must be 1 or more, not {value}."),
            ),
            (
                self.from_players_left,
                N_("The mystery stage's players must be a whole number."),
                N_("The mystery stage's players must be 1 or more, not {value}."),
            ),
        ):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise BountyError(_(not_whole))
            if value is not None and value < 1:
                raise BountyError(_(too_small).format(value=value))

    def reached(self, *, level: int, players_left: int) -> bool:
        """Whether a knockout now (at `level`, `players_left` before the bust) draws."""
        if self.from_level is not None:
            return level >= self.from_level
        assert self.from_players_left is not None
        return players_left <= self.from_players_left

    @property
    def label(self) -> str:
        """The stage in words."""
        if self.from_level is not None:
            return f"from level {self.from_level}"
        return f"from the last {self.from_players_left} players"


@dataclass(frozen=True)
class BountyRules:
    """A tournament's bounty format.

    Attributes:
        format: Plain knockout (the default), progressive or mystery.
        stage: Mystery only: when knockouts start to draw envelopes.
        seed: Mystery only: the seed of the draw, announced before it starts (see `mystery`).
        envelopes: Mystery only: the envelopes' amounts in cents; they add up to the bounty
            money collected when the first is drawn.
        late_entries: Mystery only: what an entry sold after the first envelope was drawn does
            with its bounty share (one more envelope, or the prize pool).

    >>> BountyRules(BountyFormat.MYSTERY, MysteryStage(from_level=6), 42, (5000, 2000)).format
    <BountyFormat.MYSTERY: 'mystery'>
    """

    format: BountyFormat = BountyFormat.KNOCKOUT
    stage: MysteryStage | None = None
    seed: int = 0
    envelopes: tuple[int, ...] = ()
    late_entries: LateEntryRule = LateEntryRule.ENVELOPES

    def __post_init__(self) -> None:
        if self.format is BountyFormat.MYSTERY:
            if self.stage is None:
                raise BountyError(_("Mystery bounties need a stage: from which level or players."))
            if not self.envelopes:
                raise BountyError(_("Mystery bounties need envelopes: enter their amounts."))
            for number, amount in enumerate(self.envelopes, start=1):
                check_cents(amount, f"Envelope {number}", minimum=1)
        elif self.envelopes or self.stage is not None:
            raise BountyError(
                _("Envelopes and a stage belong to mystery bounties, not {value} ones.").format(
                    value=self.format.value
                )
            )

    @property
    def envelope_total(self) -> int:
        """What the envelopes hold together, in cents."""
        return sum(self.envelopes)

    def check_envelopes(self, bounty_pool: int) -> None:
        """Refuse envelopes that do not add up to the bounty money collected.

        >>> rules = BountyRules(BountyFormat.MYSTERY, MysteryStage(from_level=1), 1, (600, 400))
        >>> try:
        ...     rules.check_envelopes(1100)
        ... except BountyError as error:
        ...     print(str(error)[-19:])
        cent ($1.00 short).
        """
        if self.format is not BountyFormat.MYSTERY or self.envelope_total == bounty_pool:
            return
        gap = bounty_pool - self.envelope_total
        side = f"{format_cents(gap)} short" if gap > 0 else f"{format_cents(-gap)} over"
        raise BountyError(
            _(
                "The envelopes hold {amount} but the bounty money collected is "
                "{amount2}: they must add up to the cent ({side})."
            ).format(
                amount=format_cents(self.envelope_total),
                amount2=format_cents(bounty_pool),
                side=side,
            )
        )
