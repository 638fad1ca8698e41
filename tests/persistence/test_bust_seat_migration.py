"""Migration 0007 (the seat a busted player left, kept on the bust) both ways, with data."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import text

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.registration import RegistrationStatus
from clockapp.persistence.db import alembic_config, current_revision, migrate, open_database
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails
from tests.fakes import FakeClock


@pytest.mark.slow
def test_the_bust_seat_columns_go_and_come_back_keeping_every_bust(
    db_path: Path, fake_clock: FakeClock
) -> None:
    engine = open_database(str(db_path))
    try:
        services = Services(engine, now=fake_clock)
        tid = services.tournaments.create("Friday").value.id
        rules = EntryRules(RegistrationRule(EntryPrice(2000), 10_000))
        services.cashier.set_config(tid, CashierConfig(rules))
        services.seating.add_tables(tid, 1)
        regs = [
            services.cashier.buy_in(
                tid, services.players.create(PlayerDetails(name)).value.id
            ).value.registration.id
            for name in ("Ann", "Bob", "Cy")
        ]
        services.seating.draw_seats(tid)
        services.results.bust(tid, regs[0], follow_seating=True)
        services.results.undo_bust(tid, regs[0])
        services.results.bust(tid, regs[1], follow_seating=True)
        query = text("SELECT id, registration_id, hand, undoes_id FROM elimination ORDER BY id")
        with engine.connect() as conn:
            before = conn.execute(query).all()
        assert len(before) == 3

        command.downgrade(alembic_config(engine), "0006")
        assert current_revision(engine) == "0006"
        with engine.connect() as conn:
            assert conn.execute(query).all() == before
            assert conn.execute(text("SELECT count(*) FROM seat")).scalar() == 2

        migrate(engine)
        statuses = [r.status for r in Services(engine, now=fake_clock).cashier.registrations(tid)]
        assert statuses == [
            RegistrationStatus.PLAYING,
            RegistrationStatus.BUSTED,
            RegistrationStatus.PLAYING,
        ]
    finally:
        engine.dispose()
