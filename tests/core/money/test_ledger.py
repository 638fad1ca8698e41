"""Tests for clockapp.core.money.ledger: row rules, voids, refunds, balances, drawer and summary."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clockapp.core.money.balances import LedgerBalances, balances, check_append
from clockapp.core.money.drawer import DrawerCount, drawer_count, night_summary
from clockapp.core.money.entries import EntryKind, EntryPrice
from clockapp.core.money.ledger import DealShare, LedgerError, LedgerRow, RowKind, voided_rows
from clockapp.errors import DomainError, ValidationError

SPLIT = EntryPrice(prize_pool=2000, house_fee=500, bounty=500)  # a $30 entry


def entry(
    row_id: int, player: int = 1, kind: RowKind = RowKind.BUY_IN, split: EntryPrice = SPLIT
) -> LedgerRow:
    return LedgerRow(row_id, kind, split.total, player_id=player, split=split)


def void(row_id: int, target: int, amount: int) -> LedgerRow:
    return LedgerRow(row_id, RowKind.VOID, amount, target=target, reason="cashier mistake")


def test_entry_kinds_map_to_row_kinds() -> None:
    for kind in EntryKind:
        assert RowKind.for_entry(kind).value == kind.value
        assert RowKind.for_entry(kind).is_entry
    assert not RowKind.PAYOUT.is_entry


# ------------------------------------------------------------------ row validation


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda: LedgerRow(1, RowKind.FEE, -100), "is negative"),
        (lambda: LedgerRow(1, RowKind.FEE, 10.5), "whole cents"),  # type: ignore[arg-type]
        (lambda: LedgerRow(1, RowKind.BUY_IN, 3000, split=SPLIT), "say which player"),
        (lambda: LedgerRow(1, RowKind.BUY_IN, 3000, player_id=1), "record how the amount splits"),
        (
            lambda: LedgerRow(1, RowKind.BUY_IN, 2500, player_id=1, split=SPLIT),
            "split adds up to \\$30.00, not the amount \\$25.00",
        ),
        (
            lambda: LedgerRow(1, RowKind.PAYOUT, 100, player_id=1, split=SPLIT),
            "only entries and refunds",
        ),
        (lambda: LedgerRow(1, RowKind.VOID, 100, reason="x"), "say which row it reverses"),
        (lambda: LedgerRow(2, RowKind.VOID, 100, target=1, reason="  "), "give a reason"),
        (
            lambda: LedgerRow(2, RowKind.REFUND, 3000, player_id=1, split=SPLIT, reason="left"),
            "say which row it refunds",
        ),
        (lambda: LedgerRow(2, RowKind.FEE, 100, target=1), "only voids and refunds point"),
        (lambda: LedgerRow(2, RowKind.PAYOUT, 0, player_id=1), "paying out nothing"),
        (lambda: LedgerRow(2, RowKind.DEAL, 0), "needs each player's share"),
        (
            lambda: LedgerRow(2, RowKind.DEAL, 100, shares=(DealShare(1, 50), DealShare(1, 50))),
            "appears twice",
        ),
        (
            lambda: LedgerRow(2, RowKind.DEAL, 100, shares=(DealShare(1, 50), DealShare(2, 40))),
            "shares add up to \\$0.90",
        ),
        (lambda: LedgerRow(2, RowKind.FEE, 100, shares=(DealShare(1, 100),)), "only a deal"),
        (lambda: DealShare(1, -5), "0 or more cents"),
    ],
)
def test_rows_refuse_nonsense_naming_the_row(build: object, words: str) -> None:
    with pytest.raises(ValidationError, match=words) as refused:
        build()  # type: ignore[operator]
    assert "Ledger row" in str(refused.value) or "Deal share" in str(refused.value)


# ------------------------------------------------------------------ balances


def test_a_night_in_rows() -> None:
    rows = [
        entry(1, player=1),
        entry(2, player=2),
        entry(3, player=3),
        entry(4, player=1, kind=RowKind.REBUY, split=EntryPrice(2000)),
        entry(5, player=2, kind=RowKind.ADD_ON, split=EntryPrice(1500, 500)),
        entry(6, player=4, kind=RowKind.RE_ENTRY),
        LedgerRow(7, RowKind.FEE, 1000, reason="dealer appreciation"),
        LedgerRow(8, RowKind.OVERLAY, 2500, reason="guarantee"),
        LedgerRow(9, RowKind.BOUNTY, 500, player_id=1),
        LedgerRow(10, RowKind.PAYOUT, 6000, player_id=3),
    ]
    b = balances(rows)
    assert (b.buy_ins, b.rebuys, b.add_ons, b.re_entries, b.entries) == (3, 1, 1, 1, 4)
    assert b.prize_pool == 4 * 2000 + 2000 + 1500 + 2500
    assert b.overlay == 2500
    assert b.house_fees == 4 * 500 + 500 + 1000
    assert b.bounty_pool == 4 * 500
    assert (b.paid_out, b.bounties_paid) == (6000, 500)
    assert b.prize_owed == b.prize_pool - 6000
    assert b.bounties_owed == 1500
    assert b.still_owed == b.prize_owed + 1500
    assert b.cash_in == 4 * 3000 + 2000 + 2000 + 1000 + 2500
    assert b.cash_out == 6500
    assert b.expected_cash == b.cash_in - 6500


def test_empty_ledger() -> None:
    assert balances([]) == LedgerBalances()


def test_void_reverses_exactly_one_row_and_both_stay_in_the_history() -> None:
    rows = [entry(1, 1), entry(2, 2), void(3, 2, 3000)]
    assert balances(rows) == LedgerBalances(
        buy_ins=1, voids=1, prize_pool=2000, house_fees=500, bounty_pool=500, cash_in=3000
    )
    assert voided_rows(rows) == {2: 3}


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (
            [entry(1), void(2, 1, 3000), void(3, 1, 3000)],
            "Ledger row 3 (void): row 1 was already voided by row 2.",
        ),
        (
            [entry(1), void(2, 1, 3000), void(3, 2, 3000)],
            "Ledger row 3 (void): row 2 is itself a void and cannot be voided; record the "
            "original row again instead.",
        ),
        ([entry(1), void(2, 5, 3000)], "Ledger row 2 (void): there is no earlier row 5 to void."),
        (
            [entry(2), void(1, 2, 3000)],
            "Ledger row 1 (void): rows are appended in order; row 1 comes after row 2.",
        ),
        (
            [entry(1), entry(1)],
            "Ledger row 1 (buy-in): rows are appended in order; row 1 comes after row 1.",
        ),
        (
            [entry(1), void(2, 1, 2000)],
            "Ledger row 2 (void): a void repeats the amount of the row it reverses ($30.00), "
            "not $20.00.",
        ),
        (
            [entry(1), LedgerRow(2, RowKind.PAYOUT, 2001, player_id=1)],
            "Ledger row 2 (payout): prizes paid ($20.01) would be more than the prize pool "
            "($20.00); that is more than is owed.",
        ),
        (
            [entry(1), LedgerRow(2, RowKind.BOUNTY, 501, player_id=2)],
            "Ledger row 2 (bounty): bounties paid ($5.01) would be more than the bounty money "
            "collected ($5.00).",
        ),
        (
            [
                entry(1),
                entry(2, 2),
                LedgerRow(3, RowKind.PAYOUT, 3000, player_id=1),
                void(4, 2, 3000),
            ],
            "Ledger row 4 (void): prizes paid ($30.00) would be more than the prize pool "
            "($20.00); that is more than is owed.",
        ),
        (
            [entry(1), LedgerRow(2, RowKind.DEAL, 2500, shares=(DealShare(1, 2500),))],
            "Ledger row 2 (deal): the deal shares $25.00 but only $20.00 of prize money is unpaid.",
        ),
    ],
)
def test_ledger_rules(rows: list[LedgerRow], message: str) -> None:
    with pytest.raises(LedgerError) as refused:
        balances(rows)
    assert str(refused.value) == message


def test_check_append_leaves_the_ledger_alone_when_refused() -> None:
    rows = [entry(1), LedgerRow(2, RowKind.PAYOUT, 2000, player_id=1)]
    before = list(rows)
    with pytest.raises(LedgerError, match="more than is owed"):
        check_append(rows, LedgerRow(3, RowKind.PAYOUT, 1, player_id=1))
    assert rows == before
    assert check_append(rows, LedgerRow(3, RowKind.BOUNTY, 500, player_id=1)).bounties_owed == 0


# ------------------------------------------------------------------ refunds


def refund(row_id: int, target: int, split: EntryPrice, player: int = 1) -> LedgerRow:
    return LedgerRow(
        row_id,
        RowKind.REFUND,
        split.total,
        player_id=player,
        split=split,
        target=target,
        reason="left before the start",
    )


def test_full_refund_removes_the_entry_from_the_field() -> None:
    b = balances([entry(1), entry(2, 2), refund(3, 1, SPLIT)])
    assert (b.buy_ins, b.refunds, b.refunded) == (1, 1, 3000)
    assert (b.prize_pool, b.house_fees, b.bounty_pool) == (2000, 500, 500)
    assert b.expected_cash == 3000


def test_partial_refund_keeps_the_fee_and_the_entry() -> None:
    b = balances([entry(1), refund(2, 1, EntryPrice(2000, 0, 500))])
    assert (b.buy_ins, b.prize_pool, b.house_fees, b.bounty_pool) == (1, 0, 500, 0)
    # The rest of the refund completes it.
    b = balances(
        [entry(1), refund(2, 1, EntryPrice(2000, 0, 500)), refund(3, 1, EntryPrice(0, 500))]
    )
    assert (b.buy_ins, b.refunds, b.house_fees) == (0, 2, 0)


def test_voiding_a_full_refund_counts_the_entry_again() -> None:
    b = balances([entry(1), refund(2, 1, SPLIT), void(3, 2, 3000)])
    assert (b.buy_ins, b.refunds, b.prize_pool, b.expected_cash) == (1, 0, 2000, 3000)


@pytest.mark.parametrize(
    ("rows", "words"),
    [
        (
            [entry(1), refund(2, 1, EntryPrice(2001, 500, 500))],
            "hand back \\$20.01 of its prize-pool part, but only \\$20.00 was paid",
        ),
        ([entry(1), refund(2, 1, SPLIT), refund(3, 1, EntryPrice(0, 1))], "of its house fee"),
        (
            [LedgerRow(1, RowKind.FEE, 3000), refund(2, 1, SPLIT)],
            "row 1 is not an earlier entry to refund",
        ),
        ([entry(1), void(2, 1, 3000), refund(3, 1, SPLIT)], "entry row 1 was voided by row 2"),
        ([entry(1), refund(2, 1, SPLIT, player=9)], "paid by player 1, not player 9"),
        (
            [entry(1), refund(2, 1, SPLIT), void(3, 1, 3000)],
            "row 1 was refunded by row 2; void the refund first",
        ),
    ],
)
def test_refund_rules(rows: list[LedgerRow], words: str) -> None:
    with pytest.raises(LedgerError, match=words):
        balances(rows)


# ------------------------------------------------------------------ deals, drawer, summary


def test_the_last_standing_deal_is_reported() -> None:
    first = LedgerRow(3, RowKind.DEAL, 4000, shares=(DealShare(1, 2500), DealShare(2, 1500)))
    second = LedgerRow(5, RowKind.DEAL, 4000, shares=(DealShare(1, 2000), DealShare(2, 2000)))
    rows = [entry(1, 1), entry(2, 2), first]
    assert balances(rows).deal == first.shares
    assert balances([*rows, void(4, 3, 4000), second]).deal == second.shares
    assert balances([*rows, void(4, 3, 4000)]).deal == ()
    assert balances(rows).expected_cash == 6000  # a deal moves no cash


@pytest.mark.parametrize(
    ("expected", "counted", "difference", "status"),
    [
        (10000, 10000, 0, "balanced"),
        (10000, 10500, 500, "over by $5.00"),
        (10000, 9000, -1000, "short by $10.00"),
    ],
)
def test_drawer(expected: int, counted: int, difference: int, status: str) -> None:
    count = DrawerCount(expected, counted)
    assert (count.difference, count.status) == (difference, status)


def test_drawer_count_adds_the_opening_float() -> None:
    b = balances([entry(1), LedgerRow(2, RowKind.PAYOUT, 1500, player_id=1)])
    count = drawer_count(b, 6000, opening_float=5000)
    assert (count.expected, count.difference) == (6500, -500)
    with pytest.raises(ValidationError, match="The count must be 0 or more cents"):
        drawer_count(b, -1)
    with pytest.raises(ValidationError, match="The opening float"):
        drawer_count(b, 1, opening_float=-5)


def test_night_summary_lines() -> None:
    rows = [
        entry(1, 1),
        entry(2, 2),
        entry(3, 1, RowKind.REBUY, EntryPrice(2000)),
        LedgerRow(4, RowKind.PAYOUT, 4000, player_id=2),
        LedgerRow(5, RowKind.BOUNTY, 500, player_id=2),
    ]
    lines = dict(night_summary(rows, opening_float=10000, counted=20500).lines())
    assert lines == {
        "Entries": "2",
        "Re-entries": "0",
        "Rebuys": "1",
        "Add-ons": "0",
        "Refunds": "0",
        "Voided rows": "0",
        "Collected": "$80.00",
        "House fees": "$10.00",
        "Overlay": "$0.00",
        "Prize pool": "$60.00",
        "Paid out": "$40.00",
        "Bounties": "$10.00",
        "Bounties paid": "$5.00",
        "Refunded": "$0.00",
        "Still owed": "$25.00",
        "Opening float": "$100.00",
        "Expected cash": "$135.00",
        "Counted cash": "$205.00",
        "Drawer": "over by $70.00",
    }
    assert "Drawer" not in dict(night_summary(rows).lines())
    assert dict(night_summary(rows).lines(symbol="€"))["Prize pool"] == "€60.00"
    with pytest.raises(ValidationError, match="opening float"):
        night_summary(rows, opening_float=-1)


def test_ledger_error_is_a_domain_error() -> None:
    assert issubclass(LedgerError, DomainError)


# ------------------------------------------------------------ property: an independent recount


@dataclass(frozen=True)
class Recount:
    """Balances recomputed from scratch: sums over the rows still standing, nothing incremental."""

    rows: tuple[LedgerRow, ...]

    @property
    def voided(self) -> set[int]:
        return {
            row.target for row in self.rows if row.kind is RowKind.VOID and row.target is not None
        }

    @property
    def standing(self) -> list[LedgerRow]:
        return [
            row
            for row in self.rows
            if row.kind is not RowKind.VOID and row.row_id not in self.voided
        ]

    def of(self, *kinds: RowKind) -> list[LedgerRow]:
        return [row for row in self.standing if row.kind in kinds]

    def part(self, rows: list[LedgerRow], name: str) -> int:
        return sum(getattr(row.split, name) for row in rows)

    def balances(self) -> LedgerBalances:
        entries = self.of(RowKind.BUY_IN, RowKind.RE_ENTRY, RowKind.REBUY, RowKind.ADD_ON)
        refunds = self.of(RowKind.REFUND)
        overlay = sum(row.amount for row in self.of(RowKind.OVERLAY))

        def counted(kind: RowKind) -> int:
            alive = 0
            for row in self.of(kind):
                back = [r for r in refunds if r.target == row.row_id]
                full = bool(back) and (
                    self.part(back, "prize_pool"),
                    self.part(back, "house_fee"),
                    self.part(back, "bounty"),
                ) == (row.split.prize_pool, row.split.house_fee, row.split.bounty)  # type: ignore[union-attr]
                alive += not full
            return alive

        deals = self.of(RowKind.DEAL)
        return LedgerBalances(
            buy_ins=counted(RowKind.BUY_IN),
            re_entries=counted(RowKind.RE_ENTRY),
            rebuys=counted(RowKind.REBUY),
            add_ons=counted(RowKind.ADD_ON),
            refunds=len(refunds),
            voids=sum(1 for row in self.rows if row.kind is RowKind.VOID),
            prize_pool=self.part(entries, "prize_pool")
            + overlay
            - self.part(refunds, "prize_pool"),
            overlay=overlay,
            house_fees=self.part(entries, "house_fee")
            + sum(row.amount for row in self.of(RowKind.FEE))
            - self.part(refunds, "house_fee"),
            bounty_pool=self.part(entries, "bounty") - self.part(refunds, "bounty"),
            paid_out=sum(row.amount for row in self.of(RowKind.PAYOUT)),
            bounties_paid=sum(row.amount for row in self.of(RowKind.BOUNTY)),
            refunded=sum(row.amount for row in refunds),
            cash_in=sum(row.amount for row in [*entries, *self.of(RowKind.FEE, RowKind.OVERLAY)]),
            cash_out=sum(
                row.amount for row in self.of(RowKind.PAYOUT, RowKind.BOUNTY, RowKind.REFUND)
            ),
            deal=deals[-1].shares if deals else (),
        )


splits = st.builds(
    EntryPrice,
    st.integers(min_value=0, max_value=5000),
    st.integers(min_value=0, max_value=1000),
    st.integers(min_value=0, max_value=1000),
)
actions = st.lists(
    st.tuples(
        st.sampled_from(list(RowKind)),
        st.integers(min_value=1, max_value=8000),
        st.integers(min_value=0, max_value=40),  # which earlier row, for voids and refunds
        splits,
        st.integers(min_value=1, max_value=4),  # player
    ),
    min_size=1,
    max_size=40,
)


def build_row(
    row_id: int, rows: list[LedgerRow], action: tuple[RowKind, int, int, EntryPrice, int]
) -> LedgerRow:
    kind, amount, pick, split, player = action
    if kind.is_entry:
        return LedgerRow(row_id, kind, split.total, player_id=player, split=split)
    if kind is RowKind.VOID:
        target = rows[pick % len(rows)] if rows else None
        return LedgerRow(
            row_id,
            kind,
            target.amount if target else amount,
            target=target.row_id if target else 999,
            reason="mistake",
        )
    if kind is RowKind.REFUND:
        target = rows[pick % len(rows)] if rows else None
        back = split
        if target is not None and target.split is not None:
            # Mostly refund part of what the entry paid (sometimes all of it, sometimes too much).
            paid = target.split
            back = EntryPrice(
                min(split.prize_pool, paid.prize_pool) if amount % 3 else paid.prize_pool,
                min(split.house_fee, paid.house_fee) if amount % 3 else paid.house_fee,
                split.bounty if amount % 5 == 0 else min(split.bounty, paid.bounty),
            )
        if back.total == 0:
            back = EntryPrice(1)
        return LedgerRow(
            row_id,
            kind,
            back.total,
            player_id=target.player_id if target and target.player_id else player,
            split=back,
            target=target.row_id if target else 999,
            reason="went home",
        )
    if kind is RowKind.DEAL:
        return LedgerRow(row_id, kind, amount, shares=(DealShare(player, amount),))
    player_id = None if kind in (RowKind.FEE, RowKind.OVERLAY) else player
    return LedgerRow(row_id, kind, amount, player_id=player_id)


@pytest.mark.slow
@settings(deadline=None, max_examples=150)
@given(actions)
def test_balances_match_an_independent_recount(
    script: list[tuple[RowKind, int, int, EntryPrice, int]],
) -> None:
    rows: list[LedgerRow] = []
    for row_id, action in enumerate(script, start=1):
        row = build_row(row_id, rows, action)
        try:
            result = check_append(rows, row)
        except LedgerError:
            continue  # refused: the ledger stays as it was
        rows.append(row)
        assert result == Recount(tuple(rows)).balances()
        # What the rules promise about every accepted ledger:
        assert result.prize_owed >= 0
        assert result.bounties_owed >= 0
        assert result.house_fees >= 0
        assert result.expected_cash == result.cash_in - result.cash_out
        # The drawer holds exactly what players are still owed plus the house's fees.
        assert result.expected_cash == result.still_owed + result.house_fees


@pytest.mark.slow
@settings(deadline=None, max_examples=100)
@given(actions, st.integers(min_value=0, max_value=40))
def test_a_void_is_the_same_as_never_having_written_the_row(
    script: list[tuple[RowKind, int, int, EntryPrice, int]], pick: int
) -> None:
    rows: list[LedgerRow] = []
    for row_id, action in enumerate(script, start=1):
        row = build_row(row_id, rows, action)
        try:
            check_append(rows, row)
        except LedgerError:
            continue
        rows.append(row)
    if not rows:
        return
    target = rows[pick % len(rows)]
    reversal = void(len(script) + 1, target.row_id, target.amount)
    try:
        with_void = check_append(rows, reversal)
    except LedgerError:
        return  # not voidable here (already voided, a void, refunded, or would overpay)
    without = [row for row in rows if row.row_id != target.row_id]
    # Voids of the removed row would be dangling in `without`; only compare when there are none.
    if any(r.kind is RowKind.VOID and r.target == target.row_id for r in without):
        return
    try:
        expected = balances(without)
    except LedgerError:
        return  # the row was needed by a later one (e.g. its payout); the void is still exact
    assert with_void == LedgerBalances(**{**expected.__dict__, "voids": expected.voids + 1})


def test_a_refused_new_row_is_named_by_what_it_does_not_by_an_id() -> None:
    # The new row's id is provisional (the database gives the real one, shared by every
    # tournament), so a refusal naming "Ledger row 15" named a row that never existed.
    rows = [entry(1), LedgerRow(2, RowKind.PAYOUT, 2000, player_id=1), void(3, 2, 2000)]
    with pytest.raises(LedgerError) as refused:
        check_append(rows, void(15, 2, 2000))
    assert str(refused.value) == "Voiding row 2: row 2 was already voided by row 3."
    with pytest.raises(LedgerError) as refused:
        check_append(rows[:2], LedgerRow(15, RowKind.PAYOUT, 1, player_id=1))
    assert str(refused.value).startswith("This payout: prizes paid")
