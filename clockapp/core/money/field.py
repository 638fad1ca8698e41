"""The field as the ledger and the busts make it: stacks, bounties, standings, settling.

Pure rules over a `Till`: `settle` works out every registration's counters, status and finishing
place from the records, so they never drift from them, and returns the registrations it changes
(`Settlement`); `check_busts` refuses busts that cannot be recorded. The services write the
change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from clockapp import formats
from clockapp.core.bounties.rules import BountyFormat
from clockapp.core.busts import BustError, BustEvent, Finish, Standings, standings
from clockapp.core.money.ledger import LedgerError, LedgerRow, RowKind, voided_rows
from clockapp.core.money.till import Bust, Reg, Till
from clockapp.core.payouts import ordinal
from clockapp.core.registration import RegistrationStatus
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _


def standing_entry_rows(till: Till) -> list[LedgerRow]:
    """Entry rows neither voided nor fully refunded, in order."""
    voided = set(voided_rows(till.rows))
    refunded: dict[int, int] = {}
    for row in till.rows:
        if row.kind is RowKind.REFUND and row.row_id not in voided and row.target is not None:
            refunded[row.target] = refunded.get(row.target, 0) + row.amount
    return [
        row
        for row in till.rows
        if row.kind.is_entry
        and row.row_id not in voided
        and refunded.get(row.row_id, 0) < row.amount
    ]


def chips_in_play(till: Till) -> int:
    """Chips handed over with every standing entry (buy-ins, re-entries, rebuys, add-ons)."""
    return sum(till.meta[row.row_id].chips or 0 for row in standing_entry_rows(till))


def count_gap_refusal(counted: int, in_play: int, accepted: int | None) -> str | None:
    """Why chips counted cannot be used: they differ from the chips in play, unconfirmed.

    `accepted` is the difference (counted minus in play) the director saw and confirmed; None
    when he confirmed none. Nothing is refused when the chips in play are unknown (0).

    >>> count_gap_refusal(100_000, 100_000, None) is None
    True
    >>> count_gap_refusal(300_000, 120_000, None)
    'The counts add up to 300,000 chips, but 120,000 are in play: 180,000 too many. Count again, or confirm the difference.'
    >>> count_gap_refusal(99_000, 100_000, -1_000) is None
    True
    """  # noqa: E501
    gap = counted - in_play
    if in_play <= 0 or gap == 0 or gap == accepted:
        return None
    if gap > 0:
        text = _(
            "The counts add up to {counted} chips, but {in_play} are in play: {gap} too many. "
            "Count again, or confirm the difference."
        )
    else:
        text = _(
            "The counts add up to {counted} chips, but {in_play} are in play: {gap} missing. "
            "Count again, or confirm the difference."
        )
    return text.format(
        counted=formats.number(counted),
        in_play=formats.number(in_play),
        gap=formats.number(abs(gap)),
    )


def standing_busts(till: Till) -> list[Bust]:
    """Busts not undone, in the order they were recorded."""
    undone = {e.undoes_id for e in till.busts if e.undoes_id is not None}
    return [e for e in till.busts if e.undoes_id is None and e.id not in undone]


def lives(till: Till) -> dict[int, dict[int, int]]:
    """Each player's stacks still standing: for every registration, the ledger row that gave a
    stack (buy-in, re-entry or rebuy; not voided or refunded) mapped to the bounty on that stack
    (its own bounty part plus that of the add-ons bought while it lasted), oldest first.

    A bust names the row of the stack that was lost (`Bust.entry_number`), so voiding any entry
    later cannot make a bust point at another stack or credit one bounty twice.
    """
    result: dict[int, dict[int, int]] = {}
    current: dict[int, int] = {}
    for row in standing_entry_rows(till):
        if row.player_id is None:
            continue
        assert row.split is not None
        stacks = result.setdefault(row.player_id, {})
        if row.kind is RowKind.ADD_ON:
            if row.player_id in current:
                stacks[current[row.player_id]] += row.split.bounty
            continue
        current[row.player_id] = row.row_id
        stacks[row.row_id] = row.split.bounty
    return result


def busts_out(till: Till) -> list[Bust]:
    """The standing busts that put a player out: those of the stack the player still holds on
    the ledger, in the order they were recorded. A bust followed by a rebuy or a re-entry gave a
    newer stack, so it took nobody out of the field.

    The one rule of who is out: the statuses `settle` gives, the standings (`final_busts`), the
    charts' series and the estimate's pace all read it.
    """
    stacks = lives(till)
    return [
        bust
        for bust in standing_busts(till)
        if bust.entry_number == current_stack(stacks.get(bust.registration_id, {}))
    ]


def current_stack(stacks: dict[int, int]) -> int | None:
    """The ledger row of the stack a player plays with now (the newest), None without one."""
    return next(reversed(stacks), None)


def bounty_on(till: Till, registration_id: int) -> int:
    """The bounty on a player now: that of the stack they play with (see `lives`)."""
    stacks = lives(till).get(registration_id, {})
    row = current_stack(stacks)
    return stacks[row] if row is not None else 0


def field_ids(till: Till) -> list[int]:
    """Registrations that bought in (the field standings rank), in registration order."""
    return [rid for rid, reg in till.registrations.items() if reg.entries > 0]


def final_busts(till: Till) -> list[Bust]:
    """The bust that put each busted player out for good (`busts_out`), ordered by hand and
    recording."""
    field = set(field_ids(till))
    result = [bust for bust in busts_out(till) if bust.registration_id in field]
    return sorted(result, key=lambda b: (b.hand, b.id or 0))


def compute_standings(till: Till, prizes: Sequence[int] = ()) -> Standings:
    """Finishing places from the final busts (core TDA rules); raises BustError."""
    field = field_ids(till)
    players = set(field)
    events = [
        BustEvent(
            b.registration_id,
            hand=b.hand,
            chips_at_hand_start=b.chips_at_hand_start,
            # A buster whose own entry was voided since is no longer in the field: the knockout
            # stays on record but is credited to nobody.
            busted_by=b.busted_by_id if b.busted_by_id in players else None,
        )
        for b in final_busts(till)
    ]
    return standings(field, events, prizes, names=till.names)


@dataclass(frozen=True)
class RegistrationUpdate:
    """One registration as a rule leaves it: the new value and the fields that changed.

    Attributes:
        reg: The registration with the new values.
        fields: The fields that changed, with their new values (what the services write).
    """

    reg: Reg
    fields: Mapping[str, object]


@dataclass(frozen=True)
class Settlement:
    """What `settle` makes of a till: the standings, and the registrations it changes.

    Attributes:
        standings: The finishing order the records make.
        updates: The registrations whose counters, status or finish differ from the till's, in
            registration order (nothing for a registration already in step).
    """

    standings: Standings
    updates: tuple[RegistrationUpdate, ...]


def settle(till: Till) -> Settlement:
    """Every registration's counters, status and finish as the records make them.

    The till is not changed: the registrations that differ come back as updates, which the
    services write (`clockapp.core.money.change.settled` makes them a change).

    Raises:
        BustError: The busts no longer make a valid finishing order.
    """
    counts: dict[int, list[int]] = {rid: [0, 0, 0] for rid in till.registrations}
    for row in standing_entry_rows(till):
        if row.player_id not in counts:
            continue
        slot = {RowKind.BUY_IN: 0, RowKind.RE_ENTRY: 0, RowKind.REBUY: 1, RowKind.ADD_ON: 2}
        counts[row.player_id][slot[row.kind]] += 1
    # Out with the stack they still hold on the ledger; a rebuy or re-entry since gave a newer
    # stack and puts them back in.
    out = {bust.registration_id: bust for bust in busts_out(till)}
    statuses: dict[int, RegistrationStatus] = {}
    for rid, reg in till.registrations.items():
        entries = counts[rid][0]
        if entries == 0:
            statuses[rid] = (
                RegistrationStatus.CHECKED_IN
                if reg.checked_in_at
                else RegistrationStatus.PRE_REGISTERED
            )
        elif rid in out:
            statuses[rid] = RegistrationStatus.BUSTED
        else:
            statuses[rid] = RegistrationStatus.PLAYING
    # The standings rank the field as these counts and statuses make it (`field_ids` and
    # `final_busts` read them).
    result = compute_standings(_in_step(till, counts, statuses))
    finishes = {f.player_id: f for f in result.finishes}
    someone_out = RegistrationStatus.BUSTED in statuses.values()
    updates: list[RegistrationUpdate] = []
    for rid, reg in till.registrations.items():
        entries, rebuys, add_ons = counts[rid]
        status = statuses[rid]
        finish: Finish | None = finishes.get(rid)
        if finish is not None and finish.hand is None and not someone_out:
            finish = None  # a lone entrant has not won anything yet
        bust = out.get(rid) if status == RegistrationStatus.BUSTED else None
        values: dict[str, object] = {
            "entries": entries,
            "rebuys": rebuys,
            "add_ons": add_ons,
            "status": status,
            "place": finish.place if finish is not None else None,
            "tied": finish.tied if finish is not None else 1,
            "busted_by_id": bust.busted_by_id if bust is not None else None,
            "bust_hand": bust.hand if bust is not None else None,
            "bust_chips": bust.chips_at_hand_start if bust is not None else None,
            "busted_at": bust.created_at if bust is not None else None,
        }
        changed = {name: value for name, value in values.items() if getattr(reg, name) != value}
        if changed:
            updates.append(RegistrationUpdate(replace(reg, **changed), changed))  # type: ignore[arg-type]
    return Settlement(result, tuple(updates))


def _in_step(
    till: Till, counts: Mapping[int, list[int]], statuses: Mapping[int, RegistrationStatus]
) -> Till:
    """The till with these entry counts and statuses (only the registrations that differ are
    new values; the till itself is not changed)."""
    changed = {
        rid: replace(reg, entries=counts[rid][0], status=statuses[rid])
        for rid, reg in till.registrations.items()
        if reg.status != statuses[rid] or reg.entries != counts[rid][0]
    }
    if not changed:
        return till
    return replace(till, registrations={**till.registrations, **changed})


@dataclass(frozen=True)
class BustInput:
    """One player busted on a hand, as the director records it.

    Attributes:
        registration_id: Who busted.
        chips_at_hand_start: Their chips when the hand began (ranks busts on the same hand;
            equal stacks share the places). None for a bust alone on its hand.
        busted_by: The registration credited with the knockout (None: not recorded).
        co_busters: Players sharing the knockout with `busted_by` (a split pot), in position
            order after them: the bounty's odd cents go to the earliest position.
    """

    registration_id: int
    chips_at_hand_start: int | None = None
    busted_by: int | None = None
    co_busters: tuple[int, ...] = ()

    @property
    def busters(self) -> tuple[int, ...]:
        """Everyone credited, earliest position first."""
        return (self.busted_by, *self.co_busters) if self.busted_by is not None else ()


#: What `broken_busts` keys each break by: what broke ("lost", "credit", "stack") and its id.
Break = tuple[str, int]


def broken_busts(till: Till) -> dict[Break, str]:
    """Standing busts the ledger no longer backs, each with why.

    A bust names the stack the player lost (`Bust.entry_number`) and its credits name the
    players who won it, with the stack each played (`BountyBook.credits`; `busted_by_id` when
    none is recorded). Once an entry is voided or refunded, a bust on its stack, or a knockout
    credited to a player left with no stack, no longer fits the field: the player would show as
    in play without a seat, or a player not in the tournament would keep a knockout and its
    bounty. A refund voided brings a stack back: one older than a stack the player has lost
    since was never lost, yet the player would be out. `reversal_refusal` refuses the void or
    refund that would do any of these.
    """
    stacks = lives(till)
    standing = standing_busts(till)
    last = {bust.registration_id: bust for bust in standing}
    broken: dict[Break, str] = {}
    for bust in standing:
        rid, name = bust.registration_id, till.name(bust.registration_id)
        after = (
            "."
            if last[rid] is bust
            else (
                f"; {name} busted again later (hand {last[rid].hand}), so undo from the newest "
                "back: each bust, then the rebuy or re-entry before it."
            )
        )
        if bust.entry_number not in stacks.get(rid, {}):
            broken["lost", bust.id] = (
                f"{name} busted playing the chips of this entry (hand {bust.hand}): "
                f"undo that bust first{after}"
            )
            continue
        credits = till.bounty.credits.get(bust.id)
        busters = credits or (((bust.busted_by_id, None),) if bust.busted_by_id is not None else ())
        for buster, stack in busters:
            own = stacks.get(buster, {})
            if not own or (stack is not None and stack not in own):
                broken["credit", bust.id] = (
                    f"{till.name(buster)} is credited with knocking out {name} "
                    f"(hand {bust.hand}) with the chips of this entry: undo that bust first{after}"
                )
    lost = {bust.entry_number for bust in standing}
    for rid, own in stacks.items():
        for row_id in own:
            later = [b for b in standing if b.registration_id == rid and b.entry_number > row_id]
            if row_id not in lost and later:
                broken["stack", row_id] = (
                    f"{till.name(rid)} has busted since on later chips (hand {later[0].hand}): "
                    "undo that bust first."
                )
    return broken


def reversal_refusal(till: Till, reversing: Sequence[LedgerRow]) -> str:
    """Why appending the `reversing` rows (voids, refunds) would break a standing bust; '' if not.

    Only what the reversal itself would break counts (`broken_busts` before and after), so an
    older record never blocks an unrelated correction.
    """
    return _newly_broken(broken_busts(till), replace(till, rows=[*till.rows, *reversing]))


def guard_busts(till: Till, before: dict[Break, str]) -> None:
    """Refuse a reversal already appended to `till` that broke a standing bust `before` (the
    till's `broken_busts` before it) did not; the services call it before they commit.

    Raises:
        LedgerError: The reason, as `reversal_refusal` gives it.
    """
    why = _newly_broken(before, till)
    if why:
        raise LedgerError(why)


def _newly_broken(before: dict[Break, str], till: Till) -> str:
    return next((why for key, why in broken_busts(till).items() if key not in before), "")


def last_bust_seat(till: Till, registration_id: int) -> tuple[int, int] | None:
    """Where the player sat when last busted (the newest bust recorded, undone or not)."""
    for bust in reversed(till.busts):
        if bust.registration_id == registration_id and bust.undoes_id is None:
            if bust.table_number is None or bust.seat_number is None:
                return None
            return bust.table_number, bust.seat_number
    return None


def check_busts(till: Till, busts: Sequence[BustInput]) -> int:
    """Refuse busts that cannot be recorded on one hand; return the number of that hand.

    Raises:
        ValidationError: No bust, or several without the chips each started the hand with.
        BustError: A player twice, not bought in or already out, or a knockout credited
            to a player not in play.
    """
    if not busts:
        raise ValidationError(_("Say which player busted."))
    if len(busts) > 1 and any(b.chips_at_hand_start is None for b in busts):
        raise ValidationError(
            _(
                "Several players busted on one hand: give the chips each started the "
                "hand with (more chips, better place; equal stacks share the places)."
            )
        )
    seen: set[int] = set()
    for bust in busts:
        reg = till.registration(bust.registration_id)
        who = till.name(bust.registration_id)
        if bust.registration_id in seen:
            raise BustError(_("{who} is recorded twice as busted on this hand.").format(who=who))
        seen.add(bust.registration_id)
        if reg.entries == 0:
            raise BustError(_("{who} has not bought in, so cannot be busted.").format(who=who))
        if reg.status == RegistrationStatus.BUSTED:
            place = f", {ordinal(reg.place)}" if reg.place else ""
            raise BustError(
                _("{who} is already out (hand {bust_hand}{place}).").format(
                    who=who, bust_hand=reg.bust_hand, place=place
                )
            )
        if bust.co_busters and bust.busted_by is None:
            raise BustError(
                _(
                    "{who}: name the first player credited with the knockout before those "
                    "sharing it."
                ).format(who=who)
            )
        if len(set(bust.busters)) != len(bust.busters):
            raise BustError(
                _("{who}: a player is credited twice with the same knockout.").format(who=who)
            )
        if not bust.busters and till.bounty.rules.format is BountyFormat.PROGRESSIVE:
            raise BustError(
                _(
                    "Progressive knockouts: say who busted {who} (half the bounty goes to "
                    "them in cash, half onto their own head)."
                ).format(who=who)
            )
        for buster_id in bust.busters:
            if buster_id == bust.registration_id:
                raise BustError(
                    _("{who} cannot bust himself: name the player who won the hand.").format(
                        who=who
                    )
                )
            buster = till.registrations.get(buster_id)
            if buster is None:
                raise BustError(
                    _(
                        "Registration #{buster_id}, credited with busting {who}, is not in this "
                        "tournament."
                    ).format(buster_id=buster_id, who=who)
                )
            if buster.status != RegistrationStatus.PLAYING or buster_id in seen:
                raise BustError(
                    _(
                        "{name}, credited with busting {who}, is not in play; the knockout goes "
                        "to a player still in."
                    ).format(name=till.name(buster_id), who=who)
                )
        chips = bust.chips_at_hand_start if bust.chips_at_hand_start is not None else 1
        if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
            raise ValidationError(
                _(
                    "{who}: the chips at the start of the hand must be a whole number above "
                    "0, not {chips!r}."
                ).format(who=who, chips=chips)
            )
    return max((e.hand for e in till.busts), default=0) + 1
