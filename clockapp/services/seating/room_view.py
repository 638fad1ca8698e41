"""The frozen values the seating service hands to the UI: tables, seats, moves, results."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from clockapp import formats
from clockapp.core.event_templates import ShootoutPlan
from clockapp.core.seating import DealIn, MoveKind, Seat, SeatingError
from clockapp.core.seating.balancing import BalancePolicy, NeedButton
from clockapp.core.seating.hand_for_hand import HandForHand
from clockapp.core.seating.shootout_state import ExitCause, Place, Shootout
from clockapp.core.seating.table_breaks import TableBreakRules
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext


@dataclass(frozen=True)
class SeatInfo:
    """One seat at a table, as the tables window draws it.

    Attributes:
        number: The seat number.
        registration_id: Who sits there (None: empty).
        name: The player's name ("" when empty).
        closed: Nobody may sit there.
        fixed: The director fixed this player's seat; balancing never picks the player.
        moves: How many times the player has been moved to balance or break tables.
    """

    number: int
    registration_id: int | None = None
    name: str = ""
    closed: bool = False
    fixed: bool = False
    moves: int = 0

    @property
    def empty(self) -> bool:
        """Whether an open seat has nobody in it.

        >>> SeatInfo(3).empty, SeatInfo(4, closed=True).empty, SeatInfo(5, 12, "Ann").empty
        (True, False, False)
        """
        return self.registration_id is None and not self.closed


@dataclass(frozen=True)
class TableInfo:
    """One table in play, with every seat.

    Attributes:
        number: The table number.
        name: Its name ("" when it has none).
        label: "Table 3" or "Table 3 (Feature)".
        seat_count: How many seats it has.
        button: The button's seat for the next hand as the director said it (None: unknown).
        seats: Every seat, 1 to `seat_count`.
        gives: How many players it has given to balance other tables.
        last_button: The director's last answer about the button (the same as `button`).
        button_set_at: When that answer was given (None: never).
    """

    number: int
    name: str
    label: str
    seat_count: int
    button: int | None
    seats: tuple[SeatInfo, ...]
    gives: int = 0
    last_button: int | None = None
    button_set_at: datetime | None = None

    @property
    def count(self) -> int:
        """How many players sit at the table.

        >>> seats = (SeatInfo(1, 7, "Ann"), SeatInfo(2), SeatInfo(3, closed=True))
        >>> table = TableInfo(4, "", "Table 4", 3, None, seats)
        >>> table.count, table.open_seat_count, table.seat(1).name
        (1, 2, 'Ann')
        """
        return sum(1 for s in self.seats if s.registration_id is not None)

    @property
    def open_seat_count(self) -> int:
        """How many players the table can hold."""
        return sum(1 for s in self.seats if not s.closed)

    def seat(self, number: int) -> SeatInfo:
        """The seat with this number."""
        return self.seats[number - 1]


@dataclass(frozen=True)
class WaitingPlayer:
    """A player in play who has no seat yet (bought in before the draw, or re-entered)."""

    registration_id: int
    name: str


@dataclass(frozen=True)
class SeatingConfig:
    """A tournament's balancing policy and break rules.

    A table's button, once the director says where it is, is kept until the director changes
    it or an event moves it (the table breaks, a redraw, hand-for-hand's next hand): the app
    never forgets it on a timer.
    """

    policy: BalancePolicy
    rules: TableBreakRules


@dataclass(frozen=True)
class RoomView:
    """The whole room for the tables window, read in one transaction.

    Attributes:
        tournament_id: The tournament.
        tables: The tables in play, by number.
        waiting: Players in play without a seat.
        config: The balance policy and break rules.
        status: One sentence on the balance ("Balanced within 1", "Table 3 is short ...").
        out_of_balance: Whether the tables differ by more than the policy allows.
        busts_until_table_break: How many more players must go out before the next table breaks (or
            the final table forms); None with one table.
        hand_for_hand: Hand-for-hand play, when on.
        shootout: Whether a shootout is under way.
        final_table: Where the final table will play, and how many players it seats: the size
            the director chose, else the host table's open seats (None: not known, e.g. the
            chosen host has broken).
        table_break_costs: The tables that can break now and the moves each would cost, the one
            "Break table" breaks first.
        shootout_plan: How the shootout will play, as the tournament's template set it (the
            tables window starts a shootout from it; None: the director chooses).
    """

    tournament_id: int
    tables: tuple[TableInfo, ...]
    waiting: tuple[WaitingPlayer, ...]
    config: SeatingConfig
    status: str
    out_of_balance: bool
    busts_until_table_break: int | None
    hand_for_hand: HandForHand | None
    shootout: bool
    final_table: tuple[int, int] | None = None
    table_break_costs: tuple[tuple[int, int], ...] = ()
    shootout_plan: ShootoutPlan | None = None

    @property
    def player_count(self) -> int:
        """Players seated."""
        return sum(t.count for t in self.tables)

    @property
    def capacity(self) -> int:
        """The seats open for play in the room, taken or free (closed seats left out)."""
        return sum(t.open_seat_count for t in self.tables)

    @property
    def free_seats(self) -> int:
        """The open seats nobody sits in: where players can still be seated."""
        return max(0, self.capacity - self.player_count)

    def table(self, number: int) -> TableInfo:
        """The table with this number; a SeatingError when it is not in play."""
        for table in self.tables:
            if table.number == number:
                return table
        raise SeatingError(_("Table {number} is not in play.").format(number=number))

    def seat_of(self, registration_id: int) -> Seat | None:
        """Where a player sits, or None."""
        for table in self.tables:
            for seat in table.seats:
                if seat.registration_id == registration_id:
                    return Seat(table.number, seat.number)
        return None


@dataclass(frozen=True)
class NewSeat:
    """A seat drawn (or chosen) for a player who had none.

    Attributes:
        registration_id: The player.
        name: The player's name.
        seat: The seat.
        deal_in: Whether the player is dealt the next hand there.
        reason: A sentence for the seat card ("Drew Table 2, seat 5: dealt in now").
    """

    registration_id: int
    name: str
    seat: Seat
    deal_in: DealIn
    reason: str


@dataclass(frozen=True)
class MoveInfo:
    """One move from the log.

    Attributes:
        id: The move's id (to acknowledge or undo it).
        registration_id: Who moved.
        name: The player's name.
        from_seat: The seat left.
        to_seat: The seat taken.
        kind: Balancing, a table breaking, the final-table redraw or the director's hand.
        reason: Why, in a director's words.
        deal_in: Whether the player is dealt in at once at the new seat.
        acknowledged: The display no longer shows it.
        undone: The director took the (hand) move back.
        created_at: When it was decided.
        action: The revision of the action that made it (moves of one balancing share it).
    """

    id: int
    registration_id: int
    name: str
    from_seat: Seat
    to_seat: Seat
    kind: MoveKind
    reason: str
    deal_in: DealIn
    acknowledged: bool
    undone: bool
    created_at: datetime
    action: int

    @property
    def announcement(self) -> str:
        """The line for the clock display.

        >>> from datetime import UTC, datetime
        >>> move = MoveInfo(1, 7, "Ann", Seat(3, 7), Seat(1, 2), MoveKind.BALANCE, "short",
        ...                 DealIn.NOW, False, False, datetime(2026, 1, 1, tzinfo=UTC), 1)
        >>> move.announcement, move.pending
        ('Table 3, seat 7 -> Table 1, seat 2', True)
        """
        return f"{self.from_seat} -> {self.to_seat}"

    @property
    def pending(self) -> bool:
        """Whether the display still shows it."""
        return not self.acknowledged and not self.undone


@dataclass(frozen=True)
class BalanceResult:
    """What a balancing, a break or the final table did.

    Attributes:
        moves: The moves made and logged (announce them).
        need_button: When set, balancing stopped to ask the director for a table's button: set
            it (`set_button`) and balance again. Moves of tables that broke first are kept.
        broken: The tables that broke.
        final_table: The final table's number when it formed now (its button is to be drawn).
        warnings: Why the tables are still out of balance, if they are.
        action: The number that undoes it (`undo_actions`); None when nothing changed.
        held: The tables that would have broken (or given way to the final table) but stay
            up because registration is open: late entries need their seats.
    """

    moves: tuple[MoveInfo, ...] = ()
    need_button: NeedButton | None = None
    broken: tuple[int, ...] = ()
    final_table: int | None = None
    warnings: tuple[str, ...] = ()
    action: int | None = None
    held: tuple[int, ...] = ()

    @property
    def summary(self) -> str:
        """One line for the status bar.

        >>> BalanceResult(broken=(5,)).summary
        'Broke table 5.'
        >>> BalanceResult().summary
        'The tables are balanced: nobody moves.'
        >>> print(BalanceResult(held=(3, 4)).summary)
        Registration is open: 2 tables that would break stay up for late entries (Break tables
        breaks them now). The tables are balanced: nobody moves.
        """
        parts = []
        if self.final_table is not None:
            parts.append(
                _("The final table forms at table {table}: redraw for seats.").format(
                    table=self.final_table
                )
            )
        elif self.broken:
            parts.append(
                ngettext(
                    "Broke table {tables}.", "Broke tables {tables}.", len(self.broken)
                ).format(tables=formats.listing([str(n) for n in self.broken]))
            )
        balance_moves = sum(1 for m in self.moves if m.kind is MoveKind.BALANCE)
        if balance_moves:
            parts.append(
                ngettext(
                    "{count} balancing move.", "{count} balancing moves.", balance_moves
                ).format(count=balance_moves)
            )
        if self.need_button is not None:
            parts.append(self.need_button.reason)
        parts.extend(self.warnings)
        done = " ".join(parts) or _("The tables are balanced: nobody moves.")
        return f"{self.held_note} {done}" if self.held else done

    @property
    def held_note(self) -> str:
        """Why tables that would break are still up ("" when none are).

        >>> print(BalanceResult(held=(7,)).held_note)
        Registration is open: table 7 would break but stays up for late entries (Break tables
        breaks it now).
        """
        if not self.held:
            return ""
        if len(self.held) == 1:
            return _(
                "Registration is open: table {table} would break but stays up for late entries "
                "(Break tables breaks it now)."
            ).format(table=self.held[0])
        return _(
            "Registration is open: {count} tables that would break stay up for late entries "
            "(Break tables breaks them now)."
        ).format(count=len(self.held))


@dataclass(frozen=True)
class ShootoutStanding:
    """One player's line in the shootout standings.

    Attributes:
        registration_id: The player.
        name: The player's name.
        place: The finishing place (None while the player is still in).
        round: The round the player is playing or went out in.
        table: The table the player plays (or played) at in that round.
        status: What the line says: "champion", "won table 2", "playing at table 3",
            "busted", "out at the time limit".
    """

    registration_id: int
    name: str
    place: int | None
    round: int
    table: int | None
    status: str


@dataclass(frozen=True)
class ShootoutView:
    """A shootout for the window: the core state, places so far, names, and its clock.

    Attributes:
        shootout: The core state.
        places: Finishing places so far, best first.
        names: Every entrant's name.
        round_started_at: When the current round was drawn (its time limit runs from there).
        notes: What the shootout could not follow from the cashier (see `follow_cashier`).
    """

    shootout: Shootout
    places: tuple[Place, ...]
    names: Mapping[int, str]
    round_started_at: datetime | None = None
    notes: tuple[str, ...] = ()

    @property
    def deadline(self) -> datetime | None:
        """When the current round's tables reach their time limit (None: no limit)."""
        limit = self.shootout.limit_of()
        if limit is None or self.round_started_at is None:
            return None
        return self.round_started_at + timedelta(minutes=limit)

    def time_left(self, now: datetime) -> dict[int, timedelta]:
        """The time left at each table of the round still playing (none without a time limit).

        Each round has its own limit (`Shootout.limit_of`; a final table after the first round
        plays to the end). The time is wall-clock time from the draw: a break in
        the tournament does not stop it.
        """
        deadline = self.deadline
        if deadline is None:
            return {}
        current = self.shootout.current
        left = max(deadline - now, timedelta(0))
        return {t.number: left for t in current.seating.tables if not current.is_done(t.number)}

    def standings(self) -> tuple[ShootoutStanding, ...]:
        """Every entrant: players still in first (by table), then by finishing place.

        >>> import random
        >>> from clockapp.core.seating import Table
        >>> from clockapp.core.seating.shootout import (
        ...     shootout_bust, shootout_places, start_shootout)
        >>> s = start_shootout([1, 2, 3], [Table(1, seat_count=3)], random.Random(1))
        >>> s = shootout_bust(s, 2)
        >>> view = ShootoutView(s, shootout_places(s), {1: "Ann", 2: "Bob", 3: "Cy"})
        >>> [(r.name, r.place) for r in view.standings()]
        [('Ann', None), ('Cy', None), ('Bob', 3)]
        >>> view.standings()[-1].status
        'busted'
        """
        shootout = self.shootout
        current = shootout.current
        champion = shootout.champion
        rows: list[ShootoutStanding] = []
        for player, seat in sorted(current.seating.seats.items(), key=lambda i: (i[1], i[0])):
            if player == champion:
                continue
            won = current.winners.get(seat.table) == player
            through = player in current.through.get(seat.table, ())
            status = (
                _("won table {table}").format(table=seat.table)
                if won
                else _("playing at table {table}").format(table=seat.table)
            )
            if through:
                status = _("through from table {table}").format(table=seat.table)
            rows.append(
                ShootoutStanding(
                    player, self._name(player), None, current.number, seat.table, status
                )
            )
        tables = {p: e.table for e in shootout.exits for p in e.players}
        for place in self.places:
            if place.cause is None:
                status = "champion"
            elif place.cause is ExitCause.TIME_LIMIT:
                status = _("out at the time limit")
            else:
                status = "busted"
            rows.append(
                ShootoutStanding(
                    place.player,
                    self._name(place.player),
                    place.place,
                    place.round,
                    tables.get(place.player),
                    status,
                )
            )
        return tuple(rows)

    def _name(self, player: int) -> str:
        return self.names.get(player, f"Registration #{player}")
