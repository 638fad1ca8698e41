"""Balancing tables the TDA way; the room's planners start here.

Breaking and the final table are in `clockapp.core.seating.table_breaks`, hand-for-hand in
`clockapp.core.seating.hand_for_hand`, keeping teams spread in `clockapp.core.seating.teams`;
their names are importable from here too.

After every bust the service asks two questions, in this order:

1. `plan_table_breaks`: does a table break (the players fit at one table fewer), or does the
   final table form (everyone fits at the final table)? Breaking is a random draw of table, then
   seat, and never needs a button.
2. `plan_balance`: is a table short under the `BalancePolicy`? Then the player who will be big
   blind next at the fullest table moves to the worst position at the short table. That needs both
   tables' buttons; when one is unknown the answer is a `NeedButton` request, not an exception, so
   the screen can ask the director and plan again.

Both return the new `Seating`, the moves to announce, and the updated `MoveStats` (how often each
player has moved, how many players each table has given), which the next call takes back in. Both
take the players' `teams`: among moves that cost the same, the one that keeps each team's spread
over the tables smallest.

>>> from clockapp.core.seating import Table
>>> room = Seating((Table(1, seat_count=4, button=1), Table(2, seat_count=4, button=1)),
...                {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(1, 3), 4: Seat(1, 4), 5: Seat(2, 1),
...                 6: Seat(2, 2)})
>>> plan = plan_balance(room, BalancePolicy.within_one())
>>> [m.announcement for m in plan.moves]
['Table 1, seat 3 -> Table 2, seat 3']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from clockapp.core.seating import (
    Move,
    MoveKind,
    PlayerId,
    Seat,
    Seating,
    SeatingError,
)
from clockapp.core.seating.planning import MoveStats, WorkingRoom, tables_text
from clockapp.core.seating.positions import clockwise, table_next_big_blind
from clockapp.core.seating.room import is_int
from clockapp.core.seating.teams import TeamSpreads
from clockapp.i18n import gettext as _

# ------------------------------------------------------------------ policy and history


@dataclass(frozen=True)
class BalancePolicy:
    """When tables are out of balance: the largest allowed difference in players between tables.

    Attributes:
        within: The allowed difference between the fullest and the shortest table.
        wide_within: A larger allowed difference while many tables are in play, or None.
        wide_from_tables: How many tables make "many" (3 means "3 or more tables").

    >>> str(BalancePolicy.within_two_from(3))
    'within 2 while there are 3 or more tables, else within 1'
    >>> BalancePolicy.within_two_from(3).allowed_difference(2)
    1
    """

    within: int = 1
    wide_within: int | None = None
    wide_from_tables: int = 3

    def __post_init__(self) -> None:
        if not is_int(self.within) or self.within < 1:
            raise SeatingError(
                _(
                    "Balance policy: tables must be balanced within 1 or more players (got "
                    "{within!r})."
                ).format(within=self.within)
            )
        if self.wide_within is not None and (not is_int(self.wide_within) or self.wide_within < 1):
            raise SeatingError(
                _(
                    "Balance policy: the wider limit must be 1 or more players (got "
                    "{wide_within!r})."
                ).format(wide_within=self.wide_within)
            )
        if not is_int(self.wide_from_tables) or self.wide_from_tables < 2:
            raise SeatingError(
                _(
                    "Balance policy: the wider limit must start at 2 or more tables (got "
                    "{wide_from_tables!r})."
                ).format(wide_from_tables=self.wide_from_tables)
            )

    @classmethod
    def within_one(cls) -> BalancePolicy:
        """Tables never differ by more than one player (TDA, flop games)."""
        return cls(1)

    @classmethod
    def within_two_from(cls, tables: int = 3) -> BalancePolicy:
        """Within two players while `tables` or more tables play, within one after that."""
        return cls(1, 2, tables)

    def allowed_difference(self, table_count: int) -> int:
        """The allowed difference with this many tables in play."""
        if self.wide_within is not None and table_count >= self.wide_from_tables:
            return self.wide_within
        return self.within

    def __str__(self) -> str:
        if self.wide_within is None:
            return f"within {self.within}"
        return (
            f"within {self.wide_within} while there are {self.wide_from_tables} or more tables, "
            f"else within {self.within}"
        )


@dataclass(frozen=True)
class NeedButton:
    """The planner needs to know where a table's button is before it can say who moves.

    Attributes:
        table: The table number.
        reason: The question for the director, with why it is asked.
    """

    table: int
    reason: str


# ------------------------------------------------------------------ balancing


@dataclass(frozen=True)
class BalancePlan:
    """The room after balancing, the moves to announce, and the updated move counts.

    Attributes:
        seating: The room after the moves.
        moves: The moves, in the order they were decided.
        stats: The move counts after the moves.
        warnings: Why the tables are still out of balance, if they are (a short table with no
            free open seat, fuller tables holding only fixed seats).
    """

    seating: Seating
    moves: tuple[Move, ...]
    stats: MoveStats
    warnings: tuple[str, ...] = ()


def _mover_seat(room: WorkingRoom, table: int) -> int | None:
    """The seat of the player who moves from a giving table: the big blind next, unless fixed."""
    movers = _movers(room, table)
    return movers[0] if movers else None


def _movers(room: WorkingRoom, table: int) -> list[int]:
    """The seats whose players could move from a giving table, the big blind next first."""
    info = room.tables[table]
    occupied = room.occupied[table]
    big_blind = table_next_big_blind(info, occupied)
    order = [big_blind, *list(clockwise(big_blind, info.seat_count))[:-1]]
    return [s for s in order if s in occupied and occupied[s] not in room.fixed]


def _team_move(
    room: WorkingRoom, giver: int, shorts: list[int], spreads: TeamSpreads | None
) -> tuple[int, int, int]:
    """(team delta, mover seat, receiver) of the move from `giver` that keeps teams most spread.

    Every such move costs one move: the big blind next moves to the first short table unless
    another player, or another equally short table, keeps a team's spread smaller.
    """
    movers = _movers(room, giver)
    assert movers  # givers have a player without a fixed seat
    if spreads is None:
        return 0, movers[0], shorts[0]
    best: tuple[int, int, int, int] | None = None
    for index, seat in enumerate(movers):
        team = room.teams.get(room.occupied[giver][seat])
        receiver = spreads.fewest(team, shorts)
        key = (spreads.delta(team, giver, receiver), index, receiver, seat)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[0], best[3], best[2]


def plan_balance(
    seating: Seating,
    policy: BalancePolicy | None = None,
    stats: MoveStats | None = None,
    *,
    teams: Mapping[PlayerId, str] | None = None,
) -> BalancePlan | NeedButton:
    """The balancing moves that bring the tables within the policy, or a request for a button.

    While the fullest and the shortest table differ by more than the policy allows, one player
    moves, following TDA rules:

    * The short table is the table with the fewest players that has a free open seat; ties go to
      a table that needs no button question, then to the lowest number.
    * The giving table is chosen by this fixed procedure: (1) only the tables with the most
      players (and at least two more than the short table) give; (2) of those, the table that
      has given the fewest players so far; (3) then a table whose button is known, so the
      director is not interrupted; (4) then the table whose player to move has been moved the
      fewest times, so moves are spread over players; (5) then the lowest table number.
    * The player who moves is the one who will be big blind next at the giving table (a player
      with a fixed seat is skipped: the next player after moves instead). He goes to the worst
      position at the short table, see `clockapp.core.seating.worst_seat`: the seat that posts
      the big blind soonest, never the small blind. A table that had fewer than two players
      when planning started has no hand under way: it needs no button, and newcomers fill in
      clockwise after the last player who sat down there.
    * With `teams` (player -> team name), every move still costs one move, but among the moves
      the rules leave open (which of the equally short tables receives; the big blind next or,
      when his move would widen his team's spread, the next player clockwise whose move does
      not) the one that keeps each team's spread smallest is taken (`clockapp.core.seating.teams`).

    Moves only go from a fuller to a shorter table (by two or more players), so the planner always
    ends. The plan is all or nothing: when a button is missing nothing is planned, and since the
    planner is deterministic, asking again after `set_button` gives the same moves.

    Args:
        seating: The room.
        policy: When the tables count as balanced; within one player by default.
        stats: The move counts so far.

    Returns:
        A `BalancePlan`, or `NeedButton` for the first table whose button the plan needs.

    >>> from clockapp.core.seating import Table
    >>> room = Seating((Table(1, seat_count=6, button=1), Table(2, seat_count=6)),
    ...                {1: Seat(1, 1), 2: Seat(1, 2), 3: Seat(1, 3), 4: Seat(1, 4),
    ...                 5: Seat(2, 1), 6: Seat(2, 2)})
    >>> plan_balance(room)  # doctest: +ELLIPSIS
    NeedButton(table=2, reason='Which seat has the button for the next hand at Table 2? ...')
    """
    policy = policy or BalancePolicy()
    room = WorkingRoom(seating, stats or MoveStats(), teams)
    allowed = policy.allowed_difference(len(room.tables))
    warnings: list[str] = []
    while len(room.tables) >= 2:
        counts = {n: room.count(n) for n in room.tables}
        most, least = max(counts.values()), min(counts.values())
        if most - least <= allowed:
            break
        receivers = [n for n in room.tables if room.has_room(n)]
        if not receivers:
            warnings.append(_why_unbalanced(room, counts, None, allowed))
            break
        receiver = min(receivers, key=lambda n: (counts[n], room.needs_button(n), n))
        shorts = [
            n
            for n in sorted(receivers)
            if (counts[n], room.needs_button(n)) == (counts[receiver], room.needs_button(receiver))
        ]
        spreads = TeamSpreads(room.occupied, room.teams, tuple(room.tables)) if room.teams else None

        givers = [
            n
            for n in room.tables
            if counts[n] >= counts[receiver] + 2
            and any(p not in room.fixed for p in room.occupied[n].values())
        ]
        if not givers:
            warnings.append(_why_unbalanced(room, counts, receiver, allowed))
            break
        top = max(counts[n] for n in givers)

        def giver_key(
            n: int, shorts: list[int] = shorts, spreads: TeamSpreads | None = spreads
        ) -> tuple[int, bool, int, int, int]:
            known = room.tables[n].button is not None
            mover = _mover_seat(room, n) if known else None
            moved = 0 if mover is None else room.player_moves.get(room.occupied[n][mover], 0)
            delta = _team_move(room, n, shorts, spreads)[0] if known and spreads else 0
            return (room.table_gives.get(n, 0), not known, delta, moved, n)

        giver = min((n for n in givers if counts[n] == top), key=giver_key)
        known = room.tables[giver].button is not None
        team_choice = _team_move(room, giver, shorts, spreads) if known else None
        if team_choice is not None:
            receiver = team_choice[2]
        short, full = room.tables[receiver], room.tables[giver]
        shortfall = f"{short.label} is short ({counts[receiver]} vs {counts[giver]})"
        if full.button is None:
            return NeedButton(
                giver,
                _(
                    "Which seat has the button for the next hand at {label}? {shortfall}: "
                    "{label} gives the player who will be big blind next."
                ).format(label=full.label, shortfall=shortfall),
            )
        if room.needs_button(receiver):
            return NeedButton(
                receiver,
                _(
                    "Which seat has the button for the next hand at {label}? {shortfall}: "
                    "the player from {full} takes the worst position there."
                ).format(label=short.label, shortfall=shortfall, full=full.label),
            )
        big_blind = _mover_seat(room, giver)
        assert team_choice is not None  # the giver's button is known here
        mover_seat = team_choice[1]
        skipped = mover_seat != table_next_big_blind(full, room.occupied[giver])
        worst = room.worst_seat(receiver)
        who = (
            "the player after the big blind next (that seat is fixed)"
            if skipped and mover_seat == big_blind
            else "a player after the big blind next (so his team stays spread)"
            if skipped
            else "the big blind next"
        )
        room.move(
            Move(
                room.occupied[giver][mover_seat],
                Seat(giver, mover_seat),
                Seat(receiver, worst.seat),
                MoveKind.BALANCE,
                f"{shortfall}: {who} at {full.label} moves to the worst position, "
                f"{worst.description}",
                worst.deal_in,
            )
        )
    return BalancePlan(room.seating(), tuple(room.moves), room.stats(), tuple(warnings))


def _why_unbalanced(
    room: WorkingRoom, counts: Mapping[int, int], receiver: int | None, allowed: int
) -> str:
    least = min(counts.values())
    most = max(counts.values())
    full_short = [n for n in room.tables if counts[n] == least and not room.has_room(n)]
    if full_short:
        return _(
            "The tables cannot be balanced within {allowed}: {tables} ({least} "
            "players) has no free open seat; open a seat there to balance."
        ).format(allowed=allowed, tables=tables_text(full_short), least=least)
    assert receiver is not None  # with no free seat anywhere, the short tables are full
    return _(
        "The tables cannot be balanced within {allowed}: every player at the "
        "fuller tables has a fixed seat (most {most}, {label} {counts}); move a "
        "player by hand."
    ).format(allowed=allowed, most=most, label=room.tables[receiver].label, counts=counts[receiver])
