"""`TeamEventService`: a tournament run as a team event: its formula (the rules sheet's
template by default), helpers and spectators checking in and out, a player's time away, the
worst beat's winner, and the team standings (exactly 100 points shared).

Every action is one transaction with the tournament locked; a refused one changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from clockapp import formats
from clockapp.core.points import (
    TEAM_EVENT_FORMULA,
    Contribution,
    Formula,
    FormulaError,
    Role,
    TeamStanding,
    team_standings,
)
from clockapp.core.text import NAME_MAX, clean_text
from clockapp.i18n import gettext as _
from clockapp.persistence.models import AttendanceRow, TeamEventRow
from clockapp.persistence.queries import leagues as league_rows
from clockapp.persistence.session import Session
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.leagues.inputs import EventPeople, event_people
from clockapp.services.leagues.views import AttendanceInfo, LeagueError, TeamEventView
from clockapp.services.setup import lock_row

TEAM_CHANGES = Change.ENTRIES


def _attendance(row: AttendanceRow) -> AttendanceInfo:
    assert row.id is not None
    return AttendanceInfo(
        row.id,
        row.registration_id,
        row.name,
        row.team,
        Role(row.role),
        row.checked_in_at,
        row.checked_out_at,
        row.away_minutes,
    )


def _standings(formula: Formula, event: EventPeople) -> TeamEventView:
    people = [p for p in event.people if p.team]
    contributions = [
        Contribution(p.team, p.points_input.role, formula.points(p.points_input)) for p in people
    ]
    standings = team_standings(contributions)
    return TeamEventView(event.tournament_id, formula.text, None, "", (), standings)


class TeamEventService:
    """Use cases on a team event."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._cache = cache if cache is not None else LedgerCache()

    def view(self, tournament_id: int) -> TeamEventView | None:
        """The team event with its standings (None when the tournament is not a team event).

        A formula failing or a team without players leaves the standings empty and says why
        in `problem`: the wall and the window still show.
        """
        with self._ctx.reading() as session:
            return self._view(session, tournament_id)

    def _view(self, session: Session, tournament_id: int) -> TeamEventView | None:
        event_row = league_rows.team_event(session, tournament_id)
        if event_row is None:
            return None
        event = event_people(session, tournament_id, self._cache, self._ctx.now())
        worst = next(
            (
                p.points_input.name
                for p in event.people
                if p.result is not None and p.result.registration_id == event_row.worst_beat_id
            ),
            "",
        )
        attendance = tuple(_attendance(a) for a in league_rows.attendance(session, tournament_id))
        problem = ""
        standings: tuple[TeamStanding, ...] = ()
        try:
            standings = _standings(Formula.parse(event_row.formula), event).standings
        except FormulaError as error:
            problem = str(error)
        return TeamEventView(
            tournament_id,
            event_row.formula,
            event_row.worst_beat_id,
            worst,
            attendance,
            standings,
            problem,
        )

    def _act(
        self,
        tournament_id: int,
        apply: Callable[[Session, datetime], str],
    ) -> Outcome[TeamEventView]:
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            now = self._ctx.now()
            summary = apply(session, now)
            session.flush()
            view = self._view(session, tournament_id)
            assert view is not None
            changes = record_change(session, tournament_id, TEAM_CHANGES, summary, now)
        return Outcome(view, changes)

    def _event(self, session: Session, tournament_id: int) -> TeamEventRow:
        row = league_rows.team_event(session, tournament_id)
        if row is None:
            raise LeagueError(_("This tournament is not a team event: set it up as one first."))
        return row

    def set_up(
        self, tournament_id: int, formula: str = TEAM_EVENT_FORMULA
    ) -> Outcome[TeamEventView]:
        """Run the tournament as a team event with `formula` (saved only once it works on
        everyone at the event, teams included)."""
        checked = Formula.parse(formula)

        def apply(session: Session, now: datetime) -> str:
            event = event_people(session, tournament_id, self._cache, now)
            _standings(checked, event)  # raises, naming the place, before anything is written
            row = league_rows.team_event(session, tournament_id)
            if row is None:
                row = TeamEventRow(tournament_id=tournament_id, formula=checked.text)
            row.formula = checked.text
            session.add(row)
            return "team event formula set"

        return self._act(tournament_id, apply)

    def check_in(
        self, tournament_id: int, name: str, team: str, role: Role | str
    ) -> Outcome[TeamEventView]:
        """A helper or spectator arrives, for a team that has players at this event."""
        name = clean_text(name, "Name", NAME_MAX)
        team = clean_text(team, "Team name", NAME_MAX)
        try:
            role = Role(role)
        except ValueError:
            raise LeagueError(
                _("Check in a helper or a spectator, not '{role}'.").format(role=role)
            ) from None
        if not name:
            raise LeagueError(_("Type the name of who is checking in."))
        if role is Role.PLAYER:
            raise LeagueError(
                _("Players come in through the cashier; check in helpers and spectators here.")
            )

        def apply(session: Session, now: datetime) -> str:
            self._event(session, tournament_id)
            event = event_people(session, tournament_id, self._cache, now)
            teams = {p.team for p in event.people if p.result is not None and p.team}
            if team not in teams:
                known = formats.listing(sorted(teams)) or _("none yet")
                raise LeagueError(
                    _(
                        "Team {team} has no players in this event (teams: {known}). Register its "
                        "players first, or choose one of these teams."
                    ).format(team=team or _("(none)"), known=known)
                )
            session.add(
                AttendanceRow(
                    tournament_id=tournament_id,
                    name=name,
                    team=team,
                    role=role.value,
                    checked_in_at=now,
                )
            )
            return f"{name} checked in ({role.value}, {team})"

        return self._act(tournament_id, apply)

    def check_out(
        self, tournament_id: int, attendance_id: int, at: datetime | None = None
    ) -> Outcome[TeamEventView]:
        """A helper or spectator leaves (now, or at the time given)."""

        def apply(session: Session, now: datetime) -> str:
            row = league_rows.attendance_row(session, attendance_id)
            if row is None or row.tournament_id != tournament_id or row.registration_id:
                raise LeagueError(_("That helper or spectator is not on this event's list."))
            when = at if at is not None else now
            if row.checked_in_at is None or when < row.checked_in_at:
                raise LeagueError(
                    _("{name} cannot check out before checking in (checked in at {time}).").format(
                        name=row.name, time=formats.time_of_day(row.checked_in_at.astimezone())
                    )
                    if row.checked_in_at is not None
                    else _("{name} cannot check out before checking in.").format(name=row.name)
                )
            if row.checked_out_at is not None:
                raise LeagueError(_("{name} has already checked out.").format(name=row.name))
            row.checked_out_at = when
            session.add(row)
            return f"{row.name} checked out"

        return self._act(tournament_id, apply)

    def set_away(
        self, tournament_id: int, registration_id: int, minutes: int
    ) -> Outcome[TeamEventView]:
        """Record a player's longest time away from the table, in minutes."""
        if not 0 <= minutes <= 24 * 60:
            raise LeagueError(_("Time away is between 0 and 1440 minutes."))

        def apply(session: Session, now: datetime) -> str:
            self._event(session, tournament_id)
            event = event_people(session, tournament_id, self._cache, now)
            person = next(
                (
                    p
                    for p in event.people
                    if p.result and p.result.registration_id == registration_id
                ),
                None,
            )
            if person is None:
                raise LeagueError(_("That player has not bought in to this event."))
            row = next(
                (
                    a
                    for a in league_rows.attendance(session, tournament_id)
                    if a.registration_id == registration_id
                ),
                None,
            )
            if row is None:
                row = AttendanceRow(
                    tournament_id=tournament_id,
                    registration_id=registration_id,
                    name=person.points_input.name,
                    team=person.team,
                    role=Role.PLAYER.value,
                )
            row.away_minutes = minutes
            session.add(row)
            return f"{person.points_input.name} away {minutes} min"

        return self._act(tournament_id, apply)

    def set_worst_beat(
        self, tournament_id: int, registration_id: int | None
    ) -> Outcome[TeamEventView]:
        """Give the worst beat of the event to a player (None takes it back).

        The worst-beat ranking proposes the player; the director confirms here.
        """

        def apply(session: Session, now: datetime) -> str:
            row = self._event(session, tournament_id)
            if registration_id is not None:
                event = event_people(session, tournament_id, self._cache, now)
                ids = {p.result.registration_id for p in event.people if p.result is not None}
                if registration_id not in ids:
                    raise LeagueError(_("That player has not bought in to this event."))
            row.worst_beat_id = registration_id
            session.add(row)
            return "worst beat given" if registration_id is not None else "worst beat taken back"

        return self._act(tournament_id, apply)
