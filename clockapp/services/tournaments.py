"""Tournaments: create, list, rename, open (the app reopens the last one), and change polling."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from clockapp.core.event_templates import REGULAR, EventTemplate
from clockapp.core.night_plan import NightPlan, PlannedNight, plan_from, plan_night
from clockapp.core.points import Formula
from clockapp.core.text import NAME_MAX, clean_text
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.persistence.codec import chips_to_json, stacks_to_json, structure_dump
from clockapp.persistence.models import ClockRow, SetupRow, TournamentRow
from clockapp.persistence.queries import cashier_config, leagues, settings
from clockapp.persistence.queries import seating as seating_q
from clockapp.persistence.queries import tournaments as rows
from clockapp.persistence.session import Session
from clockapp.persistence.watch import Watcher, watch
from clockapp.services.changes import Change, Feed, Outcome, Revision
from clockapp.services.context import (
    ServiceContext,
    changes_since,
    latest_revision,
    record_change,
    revision_of,
)
from clockapp.services.setup import (
    TournamentNotFoundError,
    create_setup,
    default_setup,
    get_row,
    load_chips,
    load_structure,
    setup_row,
)

LAST_OPENED_KEY = "last_tournament_id"

__all__ = [
    "TournamentInfo",
    "TournamentNotFoundError",
    "TournamentService",
    "Watcher",
    "get_row",
    "set_last_opened",
]


@dataclass(frozen=True)
class TournamentInfo:
    """A tournament as the UI sees it."""

    id: int
    name: str
    created_at: datetime


def _info(row: TournamentRow) -> TournamentInfo:
    assert row.id is not None
    return TournamentInfo(id=row.id, name=row.name, created_at=row.created_at)


def _clean_name(name: str) -> str:
    cleaned = clean_text(name, "Tournament name", NAME_MAX)
    if not cleaned:
        raise ValidationError(_("A tournament needs a name."))
    return cleaned


def set_last_opened(session: Session, tournament_id: int) -> None:
    # Race-free: two stations opening tournaments at once must not both insert the setting.
    settings.put(session, LAST_OPENED_KEY, str(tournament_id))


class TournamentService:
    """Use cases on tournaments as a whole."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def create(self, name: str) -> Outcome[TournamentInfo]:
        """Create a tournament and make it the one the app reopens."""
        cleaned = _clean_name(name)
        with self._ctx.transaction() as session:
            info = _info(rows.add(session, TournamentRow(name=cleaned, created_at=self._ctx.now())))
            create_setup(session, info.id)
            set_last_opened(session, info.id)
            changes = record_change(
                session, info.id, Change.TOURNAMENT, f"created {cleaned}", self._ctx.now()
            )
        return Outcome(info, changes)

    def create_planned(
        self, plan: NightPlan, template: EventTemplate = REGULAR
    ) -> Outcome[TournamentInfo]:
        """Create a tournament from the host's plan, in one transaction: its suggested
        structure, chips and starting stack, its entry rules and preset payouts, and a clock that
        has not started; it becomes the one the app reopens.

        The template adds what the event plays beyond that: the shootout it will draw (its time
        limits and who each table sends on: the tables window starts from them) and the team
        scoring it is scored by.

        Raises:
            ValidationError: No name, or inputs the generator or the cashier's rules refuse (then
                nothing is written).
        """
        cleaned = _clean_name(plan.name)
        planned = plan_night(plan)  # refused before anything is written
        formula = None if template.team_formula is None else Formula.parse(template.team_formula)
        with self._ctx.transaction() as session:
            info = _info(rows.add(session, TournamentRow(name=cleaned, created_at=self._ctx.now())))
            session.add(
                SetupRow(
                    tournament_id=info.id,
                    structure_json=structure_dump(planned.suggested.structure),
                    chips_json=chips_to_json(plan.chips),
                    starting_stack=plan.starting_stack,
                    stacks_json=stacks_to_json(planned.stacks),
                )
            )
            session.add(ClockRow(tournament_id=info.id))
            session.flush()
            row = cashier_config.ensure_config_row(session, info.id, plan.starting_stack)
            cashier_config.save_config(session, row, planned.config)
            if template.shootout is not None:
                seating_q.save_shootout_plan(session, info.id, template.shootout)
            if formula is not None:
                leagues.add_team_event(session, info.id, formula.text)
            set_last_opened(session, info.id)
            what = "" if template is REGULAR else f" ({template.name})"
            changes = record_change(
                session, info.id, Change.TOURNAMENT, f"created {cleaned}{what}", self._ctx.now()
            )
        return Outcome(info, changes)

    def preview(self, plan: NightPlan) -> PlannedNight:
        """What `create_planned` would make of `plan` (nothing is written).

        Raises:
            ValidationError: Inputs the generator or the cashier's rules refuse.
        """
        return plan_night(plan)

    def next_plan(self, name: str = "") -> NightPlan:
        """The defaults of a new tournament: the last tournament's rules, chips and pace, or the
        app's defaults in an empty database."""
        with self._ctx.reading() as session:
            last = settings.get(session, LAST_OPENED_KEY)
            row = rows.get(session, int(last)) if last is not None and last.isdigit() else None
            if row is None:
                row = rows.newest_active(session)
            if row is None or row.id is None:
                structure, chips, stack = default_setup()
                level = structure.play_levels()[0].minutes
                return NightPlan(name, 2000, 500, stack, chips, level_minutes=level)
            structure = load_structure(session, row.id)
            chips = load_chips(session, row.id)
            stack = setup_row(session, row.id).starting_stack
            config = cashier_config.config_from_row(
                cashier_config.config_row(session, row.id), stack
            )
        level = structure.play_levels()[0].minutes
        last_level = structure.planned_last_level or structure.level_count
        minutes, seen = 0, 0
        for item in structure.levels:
            if seen >= last_level:
                break
            minutes += item.minutes
            seen += 0 if item.is_break else 1
        return plan_from(name, config.rules, chips, level, max(level, minutes))

    def rename(self, tournament_id: int, name: str) -> Outcome[TournamentInfo]:
        """Rename a tournament."""
        cleaned = _clean_name(name)
        with self._ctx.transaction() as session:
            row = get_row(session, tournament_id)
            row.name = cleaned
            session.add(row)
            changes = record_change(
                session, tournament_id, Change.TOURNAMENT, f"renamed to {cleaned}", self._ctx.now()
            )
            info = _info(row)
        return Outcome(info, changes)

    def open(self, tournament_id: int) -> Outcome[TournamentInfo]:
        """Make `tournament_id` the one the app shows and reopens next time."""
        with self._ctx.transaction() as session:
            info = _info(get_row(session, tournament_id))
            set_last_opened(session, tournament_id)
            changes = record_change(
                session, tournament_id, Change.TOURNAMENT, "opened", self._ctx.now()
            )
        return Outcome(info, changes)

    def get(self, tournament_id: int) -> TournamentInfo:
        """One tournament."""
        with self._ctx.reading() as session:
            return _info(get_row(session, tournament_id))

    def list(self) -> tuple[TournamentInfo, ...]:
        """Every tournament that is not archived, newest first."""
        with self._ctx.reading() as session:
            return tuple(_info(r) for r in rows.active(session))

    def last_opened(self) -> TournamentInfo | None:
        """The tournament the app showed last, or the newest one, or None in an empty database."""
        with self._ctx.reading() as session:
            last = settings.get(session, LAST_OPENED_KEY)
            if last is not None and last.isdigit():
                row = rows.get(session, int(last))
                if row is not None and not row.archived:
                    return _info(row)
            newest = rows.newest_active(session)
            return _info(newest) if newest is not None else None

    def revision(self) -> int:
        """A number that moves whenever anything is committed (to check that nothing was)."""
        with self._ctx.reading() as session:
            return latest_revision(session)

    def revision_of(self, tournament_id: int | None) -> Revision:
        """Where the change feed of one tournament (and of app-wide changes) stands now."""
        with self._ctx.reading() as session:
            return revision_of(session, tournament_id)

    def watch(self) -> Watcher:
        """A cheap sign of other stations' commits (`persistence.watch`): ask it every ~50 ms and
        read `changes_since` when it says something may have changed."""
        return watch(self._ctx.engine)

    def changes_since(self, since: Revision, tournament_id: int | None) -> Feed | None:
        """What other stations (or this one) committed after `since`, merged; None if nothing."""
        with self._ctx.reading() as session:
            return changes_since(session, since, tournament_id)
