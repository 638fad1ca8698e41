"""The chip race at a colour-up: what to race, and running it onto the wall in one action.

`setup` reads which colour-up the race is for (the break on now, else the last one passed,
else the next), the players at each table (or every player in play when nobody is seated) and
the tables already raced at that break.
`run` is one transaction: it checks every player is in play at that table and that the table
is not raced already at that colour-up (unless its race was misdealt), runs the pure race
(`clockapp.core.chip_race`) with a fresh seed or the real cards the director entered, keeps the
race (seed and cards) and puts it on the wall, recording `Change.WALL`.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from clockapp.core.chip_race import (
    ChipRace,
    ChipRaceError,
    RaceEntry,
    Rounding,
    race_payload,
    run_race,
)
from clockapp.core.chips import ChipSet
from clockapp.core.chips.color_up import ColorUp, break_color_ups
from clockapp.core.clock import ClockState, view
from clockapp.core.structure import Structure
from clockapp.core.wall import CHIP_RACE
from clockapp.i18n import gettext as _
from clockapp.persistence.queries import chips as chip_rows
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.seating.room import load_room
from clockapp.services.setup import load_chips, load_clock, load_structure, lock_row
from clockapp.services.wall import put_moment

#: Seeds are drawn from the OS's randomness and fit a signed 64-bit column.
SEED_BITS = 62


@dataclass(frozen=True)
class RacePlayer:
    """A player who may race: registration id, name, and seat (None when not seated)."""

    registration_id: int
    name: str
    seat: int | None = None


@dataclass(frozen=True)
class RaceTable:
    """One table's players, in seat order (the race is dealt from seat 1)."""

    number: int | None  # None: every player in play (nobody is seated)
    label: str
    players: tuple[RacePlayer, ...]


@dataclass(frozen=True)
class RacedTable:
    """A table already raced at this colour-up: what its players were told (`Ann takes...`)."""

    number: int | None
    told: tuple[str, ...]
    seed: int | None = None


@dataclass(frozen=True)
class RaceSetup:
    """What the chip race dialog offers."""

    color_up: ColorUp | None  # None: no break of the structure removes a chip
    tables: tuple[RaceTable, ...]
    raced: tuple[RacedTable, ...] = ()  # the tables raced at this colour-up, the last race each

    @property
    def removed(self) -> tuple[int, ...]:
        """The values that go."""
        return () if self.color_up is None else tuple(d.value for d in self.color_up.removed)


@dataclass(frozen=True)
class RacePick:
    """One player's odd chips as the director entered them.

    Attributes:
        registration_id: The player.
        chips: How many chips of each removed value he has, smallest first.
        last_chips: True when those are all the chips he has (he must not be raced out).
        cards: The real cards dealt to him, when the director records them.
    """

    registration_id: int
    chips: tuple[int, ...]
    last_chips: bool = False
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class RaceRecord:
    """A race kept: when, at which table, its seed (None: real cards) and what the wall showed."""

    id: int
    table_number: int | None
    created_at: datetime
    rounding: str
    seed: int | None
    payload: dict[str, object]


def race_break(
    structure: Structure, chip_set: ChipSet, state: ClockState, now: datetime
) -> tuple[int, ColorUp] | None:
    """The break a race now is for, and its colour-up: the break on now, else the last
    passed, else the next."""
    ups = break_color_ups(structure.levels, chip_set)
    if not ups:
        return None
    index = view(state, structure, now).index
    passed = [i for i in ups if i <= index]
    at = max(passed) if passed else min(ups)
    return at, ups[at]


def tables_in_play(session: Session, tournament_id: int, now: datetime) -> tuple[RaceTable, ...]:
    """Each table's players in play in seat order; everyone in play when nobody is seated."""
    room = load_room(session, tournament_id, now)
    seating = room.seating
    tables = []
    for table in seating.tables:
        seats = seating.players_at(table.number)
        players = tuple(
            RacePlayer(rid, room.name(rid), seat) for seat, rid in sorted(seats.items())
        )
        if players:
            tables.append(RaceTable(table.number, table.label, players))
    unseated = sorted(rid for rid in room.registrations if seating.seat_of(rid) is None)
    if unseated and not tables:
        players = tuple(RacePlayer(rid, room.name(rid)) for rid in unseated)
        tables.append(RaceTable(None, "Every player in play", players))
    return tuple(tables)


def _raced_at(session: Session, tournament_id: int, break_index: int) -> tuple[RacedTable, ...]:
    """The tables raced at the break `break_index`, each with its last race."""
    last: dict[int | None, RacedTable] = {}
    for row in chip_rows.races(session, tournament_id):
        payload = json.loads(row.race_json)
        if payload.get("break") != break_index:
            continue
        told = tuple(f"{p.get('name', '')} {p.get('tell', '')}." for p in payload["players"])
        last[row.table_number] = RacedTable(row.table_number, told, row.seed)
    return tuple(last.values())


def _setup(session: Session, tournament_id: int, now: datetime) -> tuple[RaceSetup, int | None]:
    """What the dialog offers, and the index of the break raced (None: no colour-up)."""
    structure = load_structure(session, tournament_id)
    at = race_break(
        structure, load_chips(session, tournament_id), load_clock(session, tournament_id), now
    )
    tables = tables_in_play(session, tournament_id, now)
    if at is None:
        return RaceSetup(None, tables), None
    index, up = at
    return RaceSetup(up, tables, _raced_at(session, tournament_id, index)), index


class ChipRaceService:
    """Set up and run the chip race."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def setup(self, tournament_id: int) -> RaceSetup:
        """The colour-up to race and the players at each table."""
        with self._ctx.reading() as session:
            return _setup(session, tournament_id, self._ctx.now())[0]

    def races(self, tournament_id: int) -> tuple[RaceRecord, ...]:
        """Every race run in the tournament, oldest first (to deal a disputed one again)."""
        with self._ctx.reading() as session:
            return tuple(
                RaceRecord(
                    row.id or 0,
                    row.table_number,
                    row.created_at,
                    row.rounding,
                    row.seed,
                    json.loads(row.race_json),
                )
                for row in chip_rows.races(session, tournament_id)
            )

    def run(
        self,
        tournament_id: int,
        table_number: int | None,
        picks: Sequence[RacePick],
        rounding: Rounding,
        *,
        real_cards: bool = False,
        re_race: bool = False,
    ) -> Outcome[ChipRace]:
        """Run the race at `table_number` and show it on the wall (one action).

        With `real_cards` each pick's cards are the ones dealt at the table; otherwise the
        service draws them with a new seed, which is kept with the race. A table already raced
        at this colour-up is refused unless `re_race` says its race was misdealt and is dealt
        again (the new race then replaces the old one in the chips in play).
        """
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            setup, break_index = _setup(session, tournament_id, now)
            up = setup.color_up
            if up is None or up.target is None or break_index is None:
                raise ChipRaceError(
                    _(
                        "No colour-up of this structure removes a chip for a larger one: set one "
                        "on "
                        "a break in the structure editor."
                    )
                )
            table = next((t for t in setup.tables if t.number == table_number), None)
            if table is None:
                where = f"table {table_number}" if table_number is not None else "any table"
                raise ChipRaceError(_("Nobody is in play at {where}.").format(where=where))
            if not re_race and any(done.number == table_number for done in setup.raced):
                # Its players were told what they take and the chips are exchanged: a second
                # race would tell them other results over the first.
                raise ChipRaceError(
                    _(
                        "{label} was already raced at this colour-up: its players keep what they "
                        'were told. If its race was misdealt, tick "Race again after a misdeal" '
                        "and "
                        "run it again: the new race replaces it."
                    ).format(label=table.label)
                )
            there = {p.registration_id: p for p in table.players}
            entries = []
            for pick in picks:
                player = there.get(pick.registration_id)
                if player is None:
                    raise ChipRaceError(
                        _(
                            "Player #{registration_id} is not in play at {label}: race each "
                            "table's own "
                            "players."
                        ).format(registration_id=pick.registration_id, label=table.label)
                    )
                entries.append(
                    RaceEntry(
                        player.name,
                        tuple(pick.chips),
                        rest=0 if pick.last_chips else 1,
                        player_id=player.registration_id,
                    )
                )
            removed, target = tuple(d.value for d in up.removed), up.target.value
            if real_cards:
                cards = [p.cards for p in picks]
                race = run_race(entries, removed, target, rounding, cards=cards)
            else:
                seed = secrets.randbits(SEED_BITS)
                race = run_race(entries, removed, target, rounding, seed=seed)
            payload = race_payload(race, [d.label for d in up.removed], up.target.label)
            payload["table"] = table.label
            payload["break"] = break_index  # a table raced again at this break replaces it
            chip_rows.add_race(
                session,
                tournament_id,
                table_number,
                str(rounding),
                race.seed,
                json.dumps(payload, sort_keys=True),
                now,
            )
            put_moment(session, tournament_id, CHIP_RACE, payload, now)
            changes = record_change(
                session,
                tournament_id,
                Change.WALL,
                f"chip race at {table.label}: {race.raced} × {up.target.label}",
                now,
            )
        return Outcome(race, changes)
