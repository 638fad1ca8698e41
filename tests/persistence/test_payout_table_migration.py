"""Migration 0008 (the published payout table a tournament follows) both ways.

A tournament made before the published tables keeps the clockapp curve it was paying with, so
no table changes under a tournament in progress; a tournament made after gets the home-game table.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import text

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.persistence.db import alembic_config, current_revision, migrate, open_database
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock

RULES = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))


@pytest.mark.slow
def test_older_tournaments_keep_the_curve_and_new_ones_get_the_home_game_table(
    db_path: Path, fake_clock: FakeClock
) -> None:
    engine = open_database(str(db_path))
    try:
        services = Services(engine, now=fake_clock)
        old = services.tournaments.create("Before").value.id
        services.cashier.set_config(old, CashierConfig(RULES))
        for name in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"):
            pid = services.players.create(PlayerDetails(name)).value.id
            services.cashier.buy_in(old, pid)
        command.downgrade(alembic_config(engine), "0007")
        assert current_revision(engine) == "0007"
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM cashier_config")).scalar() == 1

        migrate(engine)
        services = Services(engine, now=fake_clock)
        before = services.payouts.table(old)
        assert before.structure.table == "clockapp-curve"
        assert before.ladder == ((1, 8000), (2, 4800), (3, 3200))  # as it paid before
        new = services.tournaments.create("After").value.id
        services.cashier.set_config(new, CashierConfig(RULES))
        assert services.payouts.table(new).structure.table == "barge-home"
    finally:
        engine.dispose()
