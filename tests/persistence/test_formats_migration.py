"""Migration 0018 (mystery entries after the first draw, each draw's box, the ticket-tie rule,
teammates standing in) both ways, on a database with a mystery draw made: the draw and the rules
are kept, an old draw without its box still audits, and the defaults are the behaviour from
before."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import inspect

from clockapp.core.bounties import BountyFormat, BountyRules, LateEntryRule, MysteryStage
from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.persistence.db import alembic_config, current_revision, migrate, open_database
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock

MYSTERY = BountyRules(BountyFormat.MYSTERY, MysteryStage(from_players_left=3), 7, (2000, 1003))


@pytest.mark.slow
def test_a_draw_made_before_survives_both_ways(db_path: Path, fake_clock: FakeClock) -> None:
    _check(str(db_path), fake_clock)


@pytest.mark.slow
@pytest.mark.postgres
def test_the_same_on_postgresql(pg_url: str, fake_clock: FakeClock) -> None:
    _check(pg_url, fake_clock)


def _check(db: str, fake_clock: FakeClock) -> None:
    engine = open_database(db)
    try:
        services = Services(engine, now=fake_clock)
        tid = services.tournaments.create("Mystery night").value.id
        price = EntryPrice(2000, bounty=1001)
        services.cashier.set_config(tid, CashierConfig(EntryRules(RegistrationRule(price, 100))))
        services.bounties.set_rules(tid, MYSTERY)
        a, b, c = (
            services.cashier.buy_in(
                tid, services.players.create(PlayerDetails(n)).value.id
            ).value.registration.id
            for n in ("Ann", "Bo", "Cy")
        )
        services.results.bust(tid, c, busted_by=a)
        command.downgrade(alembic_config(engine), "0017")
        assert current_revision(engine) == "0017"
        columns = {c["name"] for c in inspect(engine).get_columns("bounty_rules")}
        assert {"late_entries", "sealed_row", "ticket_tie", "ticket_seed"}.isdisjoint(columns)
        assert "stand_in" not in inspect(engine).get_table_names()

        migrate(engine)
        assert "stand_in" in inspect(engine).get_table_names()
        services = Services(engine, now=fake_clock)
        view = services.bounties.view(tid)
        assert view.rules.late_entries is LateEntryRule.ENVELOPES
        assert len(view.draws) == 1
        assert view.audit == ()  # the draw lost its box going back; the audit works it out
        services.results.bust(tid, b, busted_by=a)
        assert services.payouts.owed(tid, a).bounties == 2 * 1001 + 1001
    finally:
        engine.dispose()
