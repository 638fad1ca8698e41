"""`clockapp --demo`: a ready sample tournament to try everything with."""

from __future__ import annotations

from datetime import timedelta

from clockapp.core import clock as engine
from clockapp.core.clock import ClockState
from clockapp.persistence.models import TournamentRow
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.setup import create_setup, load_structure, save_clock, setup_row
from clockapp.services.tournaments import TournamentInfo, set_last_opened

DEMO_NAME = "Demo: Friday Night Deepstack"


class DemoService:
    """Creates the sample tournament."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def create_demo(self) -> Outcome[TournamentInfo]:
        """A tournament in full swing: 24 entries, 17 left, level 3 running with 12:34 to go."""
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            row = TournamentRow(name=DEMO_NAME, created_at=now)
            session.add(row)
            session.flush()
            assert row.id is not None
            create_setup(session, row.id)
            session.flush()
            setup = setup_row(session, row.id)
            setup.entries, setup.players_left = 24, 17
            session.add(setup)
            structure = load_structure(session, row.id)
            state = engine.start(ClockState(), structure, now - timedelta(minutes=47))
            third = structure.index_of_level(3)
            state = engine.jump(state, structure, now - timedelta(minutes=7, seconds=26), third)
            save_clock(session, row.id, state)
            set_last_opened(session, row.id)
            changes = record_change(session, row.id, Change.ALL, "demo created", now)
            info = TournamentInfo(row.id, row.name, row.created_at)
        return Outcome(info, changes)
