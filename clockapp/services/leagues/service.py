"""`LeagueService`: leagues made and edited, tournaments counted in them, formulas previewed,
standings and each player's season read back.

A formula is saved only once it works on every tournament of the league (the message names
the tournament and the place where it fails). A tournament's points come from one formula: a
tournament counted in two leagues must have the same formula in both, so adding it to a second
league with another formula, or changing the formula of a league that shares a tournament with
another, is refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from clockapp.core.points import (
    EventResult,
    Formula,
    FormulaError,
    league_standings,
    parse_tie_breaks,
)
from clockapp.core.text import NAME_MAX, clean_text
from clockapp.errors import ValidationError
from clockapp.i18n import gettext as _
from clockapp.persistence.models import LeagueRow
from clockapp.persistence.queries import leagues as league_rows
from clockapp.persistence.queries import tournaments as tournament_rows
from clockapp.persistence.session import Session
from clockapp.services.cashier.cache import LedgerCache
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.leagues.inputs import EventPeople, event_people
from clockapp.services.leagues.team_event import TeamEventService
from clockapp.services.leagues.views import LeagueError, LeagueInfo, LeagueView, PreviewLine
from clockapp.services.leagues.wall import WallBoard, league_board, team_board
from clockapp.services.setup import get_row, lock_row

LEAGUE_CHANGES = Change.TOURNAMENT


def _same(a: str, b: str) -> bool:
    return "".join(a.split()) == "".join(b.split())


def _info(session: Session, row: LeagueRow) -> LeagueInfo:
    assert row.id is not None
    tournaments = []
    for tid in league_rows.tournament_ids(session, row.id):
        tournament = tournament_rows.get(session, tid)
        tournaments.append((tid, tournament.name if tournament is not None else f"#{tid}"))
    return LeagueInfo(
        row.id, row.name, row.formula, parse_tie_breaks(row.tie_breaks), tuple(tournaments)
    )


def _league(session: Session, league_id: int) -> LeagueRow:
    row = league_rows.get(session, league_id)
    if row is None:
        raise LeagueError(_("League #{league_id} does not exist.").format(league_id=league_id))
    return row


def _scored(formula: Formula, event: EventPeople) -> tuple[int, ...]:
    try:
        return tuple(formula.points(person.points_input) for person in event.people)
    except FormulaError as error:
        raise FormulaError(f"{event.name}: {error}") from None


class LeagueService:
    """Use cases on leagues."""

    def __init__(self, ctx: ServiceContext, cache: LedgerCache | None = None) -> None:
        self._ctx = ctx
        self._cache = cache if cache is not None else LedgerCache()

    # ------------------------------------------------------------------ reads
    def leagues(self) -> tuple[LeagueInfo, ...]:
        """Every league, by name."""
        with self._ctx.reading() as session:
            return tuple(_info(session, row) for row in league_rows.all_leagues(session))

    def leagues_of(self, tournament_id: int) -> tuple[LeagueInfo, ...]:
        """The leagues a tournament counts in."""
        with self._ctx.reading() as session:
            return tuple(
                _info(session, row) for row in league_rows.leagues_of(session, tournament_id)
            )

    def preview(self, formula: str, tournament_id: int) -> tuple[PreviewLine, ...]:
        """Each person's points under `formula` at one tournament (nothing is saved).

        Raises:
            FormulaError: The formula does not parse, or fails for someone (named by place).
        """
        checked = Formula.parse(formula)
        with self._ctx.reading() as session:
            event = event_people(session, tournament_id, self._cache, self._ctx.now())
        points = _scored(checked, event)
        return tuple(
            PreviewLine(p.points_input.place, p.points_input.name, p.points_input.role, p.team, v)
            for p, v in zip(event.people, points, strict=True)
        )

    def standings(self, league_id: int) -> LeagueView:
        """The league's standings and every result behind them.

        A tournament the formula fails on (results moved on since it was saved) is left out,
        and `LeagueView.problem` says where it fails.
        """
        problems: list[str] = []
        with self._ctx.reading() as session:
            row = _league(session, league_id)
            info = _info(session, row)
            formula = Formula.parse(row.formula)
            results: list[EventResult] = []
            for tid, _name in info.tournaments:
                event = event_people(session, tid, self._cache, self._ctx.now())
                try:
                    points = _scored(formula, event)
                except FormulaError as error:
                    problems.append(str(error))
                    continue
                entrants = sum(1 for p in event.people if p.result is not None)
                for person, value in zip(event.people, points, strict=True):
                    r = person.result
                    if r is not None:
                        results.append(
                            EventResult(
                                tid,
                                r.player_id,
                                r.name,
                                r.place,
                                entrants,
                                r.paid_in,
                                r.prize,
                                r.bounties,
                                value,
                                r.entries + r.rebuys,
                                r.ticket,
                                r.ticket_value,
                            )
                        )
        problem = " ".join(problems)
        if problem:
            problem += _(" Left out of the standings until the formula is fixed.")
        return LeagueView(info, league_standings(results, info.tie_breaks), tuple(results), problem)

    def wall_board(self, tournament_id: int) -> WallBoard | None:
        """The standings the wall shows for this tournament: its team standings when it is a
        team event; else those of the first league it counts in; else None."""
        team = TeamEventService(self._ctx, self._cache).view(tournament_id)
        if team is not None:
            return team_board(team)
        with self._ctx.reading() as session:
            get_row(session, tournament_id)
            found = league_rows.leagues_of(session, tournament_id)
            league_id = found[0].id if found else None
        if league_id is None:
            return None
        return league_board(self.standings(league_id))

    # ------------------------------------------------------------------ actions
    def create(self, name: str, formula: str, tie_breaks: str = "") -> Outcome[LeagueInfo]:
        """Make a league (a unique name, a formula that parses, known tie-breaks)."""
        name = clean_text(name, "League name", NAME_MAX)
        if not name:
            raise ValidationError(_("Give the league a name."))
        Formula.parse(formula)
        breaks = parse_tie_breaks(tie_breaks)
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            row = LeagueRow(
                name=name,
                formula=formula.strip(),
                tie_breaks=", ".join(b.value for b in breaks),
                created_at=now,
            )
            stored, inserted = league_rows.add(session, row)
            if not inserted:
                raise LeagueError(_("There is already a league called {name}.").format(name=name))
            info = _info(session, stored)
            changes = record_change(session, None, LEAGUE_CHANGES, f"league {name} made", now)
        return Outcome(info, changes)

    def update(
        self, league_id: int, *, formula: str | None = None, tie_breaks: str | None = None
    ) -> Outcome[LeagueInfo]:
        """Change a league's formula or tie-breaks; a new formula must work on every one of its
        tournaments and agree with any other league that counts one of them."""
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            row = _league(session, league_id)
            if tie_breaks is not None:
                row.tie_breaks = ", ".join(b.value for b in parse_tie_breaks(tie_breaks))
            if formula is not None:
                checked = Formula.parse(formula)
                tids = league_rows.tournament_ids(session, league_id)
                for tid in tids:  # in id order, as every action locks them
                    lock_row(session, tid)
                self._check_formula(session, league_id, checked, tids)
                row.formula = checked.text
            session.add(row)
            info = _info(session, row)
            changes = record_change(
                session, None, LEAGUE_CHANGES, f"league {row.name} changed", now
            )
        return Outcome(info, changes)

    def add_tournament(self, league_id: int, tournament_id: int) -> Outcome[LeagueInfo]:
        """Count a tournament in a league (its formula must work on it)."""
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            # The tournament's row is locked: two stations counting it in two leagues with
            # different formulas at once cannot both pass the check (PostgreSQL; SQLite's
            # BEGIN IMMEDIATE already serialises them).
            tournament = lock_row(session, tournament_id)
            row = _league(session, league_id)
            if tournament_id in league_rows.tournament_ids(session, league_id):
                raise LeagueError(
                    _("{tournament} already counts in {league}.").format(
                        tournament=tournament.name, league=row.name
                    )
                )
            self._check_formula(session, league_id, Formula.parse(row.formula), [tournament_id])
            league_rows.link(session, league_id, tournament_id)
            info = _info(session, row)
            changes = record_change(
                session, None, LEAGUE_CHANGES, f"{tournament.name} added to {row.name}", now
            )
        return Outcome(info, changes)

    def remove_tournament(self, league_id: int, tournament_id: int) -> Outcome[LeagueInfo]:
        """Stop counting a tournament in a league (its results stay with the tournament)."""
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            row = _league(session, league_id)
            tournament = get_row(session, tournament_id)
            if not league_rows.unlink(session, league_id, tournament_id):
                raise LeagueError(
                    _("{tournament} does not count in {league}.").format(
                        tournament=tournament.name, league=row.name
                    )
                )
            info = _info(session, row)
            changes = record_change(
                session, None, LEAGUE_CHANGES, f"{tournament.name} taken out of {row.name}", now
            )
        return Outcome(info, changes)

    def _check_formula(
        self, session: Session, league_id: int, formula: Formula, tids: Sequence[int]
    ) -> None:
        for tid in tids:
            for other in league_rows.leagues_of(session, tid):
                if other.id != league_id and not _same(other.formula, formula.text):
                    name = get_row(session, tid).name
                    raise LeagueError(
                        _(
                            "{tournament} also counts in {league}, whose formula is different "
                            "({formula}). A tournament's points come from one formula: use the "
                            "same formula, or take {tournament} out of {league} first."
                        ).format(tournament=name, league=other.name, formula=other.formula)
                    )
            _scored(formula, event_people(session, tid, self._cache, self._ctx.now()))
