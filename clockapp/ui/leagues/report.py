"""A league's standings, the season chart and the results as an A4 PDF (laid out like the
results report)."""

from __future__ import annotations

from datetime import datetime
from html import escape
from pathlib import Path

from clockapp.core.money.amounts import format_cents
from clockapp.core.points import format_points
from clockapp.services.leagues import LeagueView
from clockapp.ui.cashier.reports import A4_PAGE, CHART_WIDTH, write_pdf
from clockapp.ui.leagues.chart import season_chart_image

SHADE = " style='background:#f5f5f5'"
#: The season chart's image name in the report.
SEASON_CHART = "league-points.png"


def league_html(view: LeagueView, printed_at: datetime, with_chart: bool = False) -> str:
    """The standings with each player's season, the season chart (`with_chart`: the image
    named `SEASON_CHART`), then each tournament's points."""
    league = view.league
    breaks = ", ".join(b.value for b in league.tie_breaks) or "none (level players share)"
    head = (
        "<tr><th>Rank</th><th>Player</th><th class='num'>Points</th><th class='num'>Events</th>"
        "<th class='num'>Cashes</th><th class='num'>Wins</th><th class='num'>Best</th>"
        "<th class='num'>Avg</th><th class='num'>Paid in</th><th class='num'>Won</th>"
        "<th class='num'>Profit</th><th>Tickets</th></tr>"
    )
    body = []
    for index, line in enumerate(view.standings):
        s = line.season
        shade = " style='background:#f5f5f5'" if index % 2 else ""
        average = f"{s.average_finish:.1f}" if s.average_finish is not None else ""
        body.append(
            f"<tr{shade}><td>{line.rank}</td><td>{escape(s.name)}</td>"
            f"<td class='num'>{format_points(s.points)}</td><td class='num'>{s.events}</td>"
            f"<td class='num'>{s.cashes}</td><td class='num'>{s.wins}</td>"
            f"<td class='num'>{s.best_finish or ''}</td><td class='num'>{average}</td>"
            f"<td class='num'>{format_cents(s.paid_in)}</td>"
            f"<td class='num'>{format_cents(s.won)}</td>"
            f"<td class='num'>{format_cents(s.profit)}</td>"
            f"<td>{escape('; '.join(s.tickets))}</td></tr>"
        )
    chart = (
        f"<p class='head'>Points through the season</p><p><img src='{SEASON_CHART}' "
        f"width='{CHART_WIDTH}'></p>"
        if with_chart
        else ""
    )
    events = []
    for tid, name in league.tournaments:
        rows = sorted(
            (r for r in view.results if r.tournament_id == tid),
            key=lambda r: (r.place is None, r.place or 0),
        )
        cells = "".join(
            f"<tr{SHADE if index % 2 else ''}>"
            f"<td>{r.place if r.place is not None else 'in play'}</td>"
            f"<td>{escape(r.name)}</td><td class='num'>{format_points(r.points)}</td>"
            f"<td class='num'>{format_cents(r.won)}</td></tr>"
            for index, r in enumerate(rows)
        )
        events.append(
            f"<p class='head'>{escape(name)}</p>"
            "<table width='70%' cellspacing='0' cellpadding='2'><tr><th>Place</th>"
            "<th>Player</th><th class='num'>Points</th><th class='num'>Won</th></tr>"
            f"{cells}</table>"
        )
    return (
        f"<h1>{escape(league.name)}: standings</h1>"
        f"<p class='muted'>{len(league.tournaments)} tournaments · points: "
        f"{escape(league.formula)} · tie-breaks: {escape(breaks)} · printed "
        f"{escape(printed_at.astimezone().strftime('%Y-%m-%d %H:%M'))}</p>"
        f"<table width='100%' cellspacing='0' cellpadding='3'>{head}{''.join(body)}</table>"
        f"{chart}{''.join(events)}"
    )


def write_league_pdf(path: Path | str, view: LeagueView, printed_at: datetime) -> Path:
    """The league report as an A4 PDF at `path`."""
    race = view.race()
    html = league_html(view, printed_at, with_chart=bool(race))
    images = {SEASON_CHART: season_chart_image(view)} if race else {}
    return write_pdf(path, html, A4_PAGE, f"{view.league.name} standings", images)
