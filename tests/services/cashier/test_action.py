"""`money_action`: one transaction per money action, and every money action goes through it.

Behaviour: a refused action writes nothing (not even its change row, nor what it wrote before
refusing) and the cache does not keep its till; a rule returns its change without touching the
till, the action writes it, appends one change row and returns the Outcome with its flags and
that revision, and the cache keeps the snapshot plus the change as the till at that revision.
Architecture: no
money service opens a transaction of its own (they all call `money_action`).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import pytest

import clockapp
from clockapp.core.money.actions import reversal
from clockapp.core.money.change import TillChange
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import CashierConfig
from clockapp.core.money.till import Till
from clockapp.core.registration import RegistrationStatus
from clockapp.errors import DomainError
from clockapp.persistence.session import Session
from clockapp.services.app import Services
from clockapp.services.cashier.action import Done, Ruling, money_action
from clockapp.services.cashier.cache import LedgerCache, read_till
from clockapp.services.changes import Change
from clockapp.services.context import revision_of
from clockapp.services.players import PlayerDetails
from tests.dbdump import dump_database

PACKAGE = Path(clockapp.__file__).parent
#: The modules whose use cases are money actions: each must go through `money_action`.
MONEY_SERVICES = (
    *sorted((PACKAGE / "services" / "cashier").glob("*.py")),
    *sorted((PACKAGE / "services" / "payouts").glob("*.py")),
    *sorted((PACKAGE / "services" / "results").glob("*.py")),
    PACKAGE / "services" / "hard_end.py",
)


@pytest.fixture
def tid(services: Services) -> int:
    tid = services.tournaments.create("Friday").value.id
    rules = EntryRules(RegistrationRule(EntryPrice(2000, house_fee=500), 10_000))
    services.cashier.set_config(tid, CashierConfig(rules))
    for name in ("Ann", "Bob"):
        services.cashier.buy_in(tid, services.players.create(PlayerDetails(name)).value.id)
    return tid


@pytest.mark.slow
def test_a_refused_money_action_writes_nothing(services: Services, tid: int) -> None:
    before = dump_database(services.ctx.engine)
    cache = LedgerCache()

    def refuse(session: Session, till: Till, now: datetime) -> Ruling[None]:
        first = till.rows[0].row_id
        change = reversal(till, RowKind.VOID, first, "wrong player", now, "")

        def finish(
            session: Session, after: Till, written: Sequence[TillChange], now: datetime
        ) -> Done[None]:
            # Written in the transaction, then refused.
            raise DomainError("No: the director said so.")

        return Ruling((change,), finish)

    with pytest.raises(DomainError, match="the director said so"):
        money_action(services.ctx, cache, tid, refuse, keep=True)
    assert dump_database(services.ctx.engine) == before


@pytest.mark.slow
def test_an_applied_money_action_writes_the_change_its_rule_returns(
    services: Services, tid: int
) -> None:
    ann = services.cashier.registrations(tid)[0]
    void_target = services.cashier.ledger(tid)[0].id
    with services.ctx.reading() as session:
        revision = revision_of(session, tid).tournament
    cache = LedgerCache()
    given: list[Till] = []

    def void_ann(session: Session, till: Till, now: datetime) -> Ruling[int]:
        # The rule returns its change (the void's row, Ann back to checked in) without
        # touching the till; the action writes it.
        before = copy.deepcopy(till)
        change = reversal(till, RowKind.VOID, void_target, "wrong player", now, "")
        assert till == before
        given.append(before)
        assert [u.reg.id for u in change.registrations] == [ann.id]
        assert change.registrations[0].fields["status"] is RegistrationStatus.CHECKED_IN

        def finish(
            session: Session, after: Till, written: Sequence[TillChange], now: datetime
        ) -> Done[int]:
            assert after.registration(ann.id).status is RegistrationStatus.CHECKED_IN
            assert written[0].rows[0].row.row_id == after.rows[-1].row_id
            return Done(len(after.rows), Change.LEDGER | Change.ENTRIES, "voided Ann's buy-in")

        return Ruling((change,), finish)

    outcome = money_action(services.ctx, cache, tid, void_ann, keep=True)
    assert outcome.value == 2 + 1
    assert outcome.changes.what == Change.LEDGER | Change.ENTRIES
    assert outcome.changes.revision == revision + 1
    assert services.cashier.registration(tid, ann.id).status is RegistrationStatus.CHECKED_IN
    assert services.cashier.balances(tid).entries == 1
    # The till kept for the new revision is the snapshot plus the change, as a fresh read sees it.
    with services.ctx.reading() as session:
        kept = cache.till(session, tid)
        assert kept == read_till(session, tid)
        assert kept != given[0]


@pytest.mark.parametrize("path", MONEY_SERVICES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_money_action_goes_through_money_action(path: Path) -> None:
    if path.name == "action.py":
        return
    text = path.read_text(encoding="utf-8")
    opened = re.findall(r"\.transaction\(\)", text)
    assert not opened, (
        f"{path.name} opens its own write transaction; a money action goes through "
        "`clockapp.services.cashier.action.money_action` (lock, load once, apply, write, Outcome)."
    )
