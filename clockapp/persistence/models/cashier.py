"""Tables of the cashier: players, registrations, entry prices, the money ledger, counts, deals.

Money is integer cents everywhere, in 64-bit columns (`BigInt`), as are chip counts. The ledger
(`ledger_row`) is append-only: the migration that creates it also installs database triggers that
refuse any UPDATE or DELETE of its rows, so no code path (ours, a future bug, or someone with a
SQL console) can rewrite the money history. A mistake is corrected by a new `void` row pointing
at the row it reverses.

A registration is one player in one tournament (the "participant" seating refers to); a player is
a person in the database reused across tournaments.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import CheckConstraint, Index, UniqueConstraint, text
from sqlmodel import Column, Field, SQLModel, Text

from clockapp.core.payout_tables import DEFAULT_TABLE
from clockapp.core.registration import RegistrationStatus
from clockapp.persistence.types import BigInt, RegistrationStatusType, UTCDateTime

#: Every status, in the order a player goes through them; the database refuses any other value.
STATUSES = tuple(status.value for status in RegistrationStatus)
#: The CHECK that keeps `registration.status` to `STATUSES` (migration 0006).
STATUS_CHECK = "status IN (" + ", ".join(f"'{s}'" for s in STATUSES) + ")"


class PlayerRow(SQLModel, table=True):
    """A person in the player database, reused from one tournament to the next.

    `search_text` holds the name and nickname folded to lower case without accents, so the
    search-as-you-type box finds "Zoé" when "zoe" is typed with one indexed LIKE. A merged
    duplicate keeps its row (the history stays readable) and points at the player it was merged
    into; searches skip it.
    """

    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=200)
    nickname: str = Field(default="", max_length=100)
    phone: str = Field(default="", max_length=50)
    email: str = Field(default="", max_length=200)
    team: str = Field(default="", max_length=100)
    notes: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    search_text: str = Field(default="", max_length=320, index=True)
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    merged_into_id: int | None = Field(default=None, foreign_key="player.id", index=True)


class RegistrationRow(SQLModel, table=True):
    """One player in one tournament: status, entries bought, and how they finished.

    The counters (`entries`, `rebuys`, `add_ons`) follow the standing ledger rows; the bust
    fields describe the current bust (cleared when the player rebuys or re-enters); the
    `bust` table keeps every bust ever recorded. A player has at most one registration per
    tournament that is not withdrawn (a partial unique index).

    `status` is the player's explicit state, one of `STATUSES` (a CHECK constraint; triggers on
    SQLite). The ledger refuses an entry the status does not allow (migration 0006): a buy-in for
    a player already in, a re-entry or rebuy for one not busted (a rebuy in play only when the
    rules sell rebuys at or below a stack), anything for a withdrawn registration.
    """

    __tablename__ = "registration"
    __table_args__ = (
        Index(
            "ux_registration_active",
            "tournament_id",
            "player_id",
            unique=True,
            sqlite_where=text("status != 'withdrawn'"),
            postgresql_where=text("status != 'withdrawn'"),
        ),
        CheckConstraint(STATUS_CHECK, name="ck_registration_status"),
    )

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    status: RegistrationStatus = Field(
        default=RegistrationStatus.PRE_REGISTERED, sa_type=RegistrationStatusType
    )
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    checked_in_at: datetime | None = Field(
        default=None, sa_column=Column(UTCDateTime(), nullable=True)
    )
    entries: int = 0  # buy-in plus re-entries still standing
    rebuys: int = 0
    add_ons: int = 0
    place: int | None = None  # finishing place (best place covered when tied)
    tied: int = 1  # players sharing the places from `place`
    busted_by_id: int | None = Field(default=None, foreign_key="registration.id")
    bust_hand: int | None = None  # busts with the same hand number happened on one hand
    # Chips at the start of the bust hand.
    bust_chips: int | None = Field(default=None, sa_type=BigInt)
    busted_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))


class CashierConfigRow(SQLModel, table=True):
    """A tournament's entry rules and payout choices (one row per tournament).

    Prices are stored split into prize pool, house fee and bounty cents; the starting stack is
    the set-up's `starting_stack`. Which of rebuy, add-on and re-entry are on decides the kind
    (freeze-out when none is).
    """

    __tablename__ = "cashier_config"

    tournament_id: int = Field(foreign_key="tournament.id", primary_key=True, ondelete="CASCADE")
    buy_in_prize: int = Field(default=0, sa_type=BigInt)
    buy_in_fee: int = Field(default=0, sa_type=BigInt)
    buy_in_bounty: int = Field(default=0, sa_type=BigInt)
    late_until_level: int | None = None
    deadline: datetime | None = Field(default=None, sa_column=Column(UTCDateTime(), nullable=True))
    max_entrants: int | None = None

    rebuy_on: bool = False
    rebuy_prize: int = Field(default=0, sa_type=BigInt)
    rebuy_fee: int = Field(default=0, sa_type=BigInt)
    rebuy_bounty: int = Field(default=0, sa_type=BigInt)
    rebuy_chips: int = Field(default=0, sa_type=BigInt)
    rebuy_last_level: int = 1
    rebuy_max: int | None = None
    rebuy_stack_threshold: int = Field(default=0, sa_type=BigInt)

    add_on_on: bool = False
    add_on_prize: int = Field(default=0, sa_type=BigInt)
    add_on_fee: int = Field(default=0, sa_type=BigInt)
    add_on_bounty: int = Field(default=0, sa_type=BigInt)
    add_on_chips: int = Field(default=0, sa_type=BigInt)
    add_on_break_level: int | None = None
    add_on_with_buy_in: bool = False
    add_on_max: int = 1

    re_entry_on: bool = False
    re_entry_prize: int = Field(default=0, sa_type=BigInt)
    re_entry_fee: int = Field(default=0, sa_type=BigInt)
    re_entry_bounty: int = Field(default=0, sa_type=BigInt)
    re_entry_chips: int = Field(default=0, sa_type=BigInt)
    re_entry_last_level: int | None = None
    re_entry_max: int | None = None

    payout_mode: str = Field(default="preset", max_length=20)
    payout_percentages: str = Field(default="", max_length=2000)  # basis points, "5000 3000 2000"
    payout_amounts: str = Field(default="", max_length=2000)  # cents, place 1 first
    rounding_unit: int = Field(default=1, sa_type=BigInt)
    minimum_cash: int = Field(default=0, sa_type=BigInt)
    guarantee: int = Field(default=0, sa_type=BigInt)
    paid_share_bp: int = 1250
    locked_entries: int | None = None
    # The published table the preset follows (clockapp.core.payout_tables); rows made before
    # migration 0008 keep the clockapp curve they were paying with.
    payout_table: str = Field(default=DEFAULT_TABLE, max_length=40)
    opening_float: int = Field(default=0, sa_type=BigInt)


class LedgerRecord(SQLModel, table=True):
    """One movement of money, in cents. Append-only: database triggers refuse UPDATE and DELETE.

    Entry rows carry the price split as it was paid (`prize_part`, `fee_part`, `bounty_part`);
    a void points at the row it reverses with `target_id` and says why in `reason`. A deal row's
    shares are in `shares_json` (registration id and cents per player). A row is voided at most
    once (a partial unique index): two stations undoing the same sale cannot both land.
    """

    __tablename__ = "ledger_row"
    __table_args__ = (
        Index(
            "ux_ledger_row_one_void",
            "target_id",
            unique=True,
            sqlite_where=text("kind = 'void'"),
            postgresql_where=text("kind = 'void'"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    kind: str = Field(max_length=20)
    amount: int = Field(sa_type=BigInt)
    registration_id: int | None = Field(default=None, foreign_key="registration.id", index=True)
    prize_part: int | None = Field(default=None, sa_type=BigInt)
    fee_part: int | None = Field(default=None, sa_type=BigInt)
    bounty_part: int | None = Field(default=None, sa_type=BigInt)
    chips: int | None = Field(default=None, sa_type=BigInt)  # chips handed over with an entry
    target_id: int | None = Field(default=None, foreign_key="ledger_row.id")
    reason: str = Field(default="", max_length=500)
    shares_json: str = Field(default="", sa_column=Column(Text, nullable=False, server_default=""))
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    station: str = Field(default="", max_length=100)


class BustRow(SQLModel, table=True):
    """One bust as it was recorded; undoing it appends a row that points at it (`undoes_id`).

    Kept apart from the registration so a re-entered player's earlier busts (and the bounties they
    earned someone) stay on record.
    """

    __tablename__ = "elimination"
    __table_args__ = (UniqueConstraint("undoes_id"),)

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    registration_id: int = Field(foreign_key="registration.id", index=True)
    hand: int = 0
    chips_at_hand_start: int = Field(default=1, sa_type=BigInt)
    busted_by_id: int | None = Field(default=None, foreign_key="registration.id")
    # Cents on the busted stack when it was recorded (for the history).
    bounty: int = Field(default=0, sa_type=BigInt)
    # Which of the player's stacks was lost: the id of the ledger row (buy-in, re-entry or rebuy)
    # that gave it. Not a foreign key on purpose: the history stays as recorded.
    entry_number: int = 1
    undoes_id: int | None = Field(default=None, foreign_key="elimination.id")
    # Where the player sat when busted (None: not seated), so a rebuy or an undone bust gives the
    # seat back once the bust has freed it.
    table_number: int | None = None
    seat_number: int | None = None
    reason: str = Field(default="", max_length=500)
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    station: str = Field(default="", max_length=100)


class DrawerCountRow(SQLModel, table=True):
    """A count of the cash drawer, with what the ledger expected at that moment."""

    __tablename__ = "drawer_count"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    counted: int = Field(sa_type=BigInt)
    expected: int = Field(sa_type=BigInt)
    note: str = Field(default="", max_length=500)
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
    station: str = Field(default="", max_length=100)


class DealRow(SQLModel, table=True):
    """An agreed final-table deal (ICM, chip chop or even split) and its ledger row."""

    __tablename__ = "deal"

    id: int | None = Field(default=None, primary_key=True)
    tournament_id: int = Field(foreign_key="tournament.id", index=True)
    ledger_row_id: int = Field(foreign_key="ledger_row.id", unique=True)
    method: str = Field(max_length=20)
    description: str = Field(default="", max_length=500)
    registrations_json: str = Field(sa_column=Column(Text, nullable=False))
    stacks_json: str = Field(sa_column=Column(Text, nullable=False))
    amounts_json: str = Field(sa_column=Column(Text, nullable=False))
    prizes_json: str = Field(sa_column=Column(Text, nullable=False))
    reserved: int = Field(default=0, sa_type=BigInt)
    exact: bool = True
    created_at: datetime = Field(sa_column=Column(UTCDateTime(), nullable=False))
