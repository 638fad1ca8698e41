"""A league's standings and results as CSV text (cells neutralised by `core.userfiles`)."""

from __future__ import annotations

from clockapp.core.money.amounts import typed_amount
from clockapp.core.points import format_points
from clockapp.core.userfiles import csv_text
from clockapp.services.leagues.views import LeagueView

STANDINGS_COLUMNS = (
    "rank",
    "name",
    "points",
    "events",
    "entries",
    "cashes",
    "wins",
    "best_finish",
    "average_finish",
    "paid_in",
    "won",
    "profit",
    "tickets",
    "ticket_value",
)
RESULTS_COLUMNS = (
    "tournament",
    "place",
    "name",
    "points",
    "paid_in",
    "prize",
    "bounties",
    "ticket",
    "ticket_value",
)


def _money(cents: int) -> str:
    return typed_amount(cents).replace(",", "")


def league_standings_csv(view: LeagueView) -> str:
    """The standings, one line per player, with each player's season (the tickets won: what
    they are seats in, separated by semicolons, and their value together)."""
    return csv_text(
        STANDINGS_COLUMNS,
        (
            [
                line.rank,
                s.name,
                format_points(s.points),
                s.events,
                s.entries,
                s.cashes,
                s.wins,
                s.best_finish if s.best_finish is not None else "",
                s.average_finish if s.average_finish is not None else "",
                _money(s.paid_in),
                _money(s.won),
                _money(s.profit),
                "; ".join(s.tickets),
                _money(s.ticket_value) if s.tickets else "",
            ]
            for line in view.standings
            for s in (line.season,)
        ),
    )


def league_results_csv(view: LeagueView) -> str:
    """Every player's result in every tournament of the league, tournament by tournament."""
    names = dict(view.league.tournaments)
    return csv_text(
        RESULTS_COLUMNS,
        (
            [
                names.get(r.tournament_id, r.tournament_id),
                r.place if r.place is not None else "",
                r.name,
                format_points(r.points),
                _money(r.paid_in),
                _money(r.prize),
                _money(r.bounties),
                r.ticket,
                _money(r.ticket_value) if r.ticket else "",
            ]
            for r in view.results
        ),
    )
