"""A league's standings, the season chart and the results as an A4 PDF (laid out like the
results report)."""

from __future__ import annotations

from datetime import datetime
from html import escape
from pathlib import Path

from clockapp.core.money.amounts import format_cents
from clockapp.core.points import format_points
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext, pgettext
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
    breaks = ", ".join(b.value for b in league.tie_breaks) or _("none (level players share)")
    columns = (
        (_("Rank"), ""),
        (_("Player"), ""),
        (_("Points"), " class='num'"),
        (_("Events"), " class='num'"),
        (_("Cashes"), " class='num'"),
        (_("Wins"), " class='num'"),
        (_("Best"), " class='num'"),
        (pgettext("average finish, short", "Avg"), " class='num'"),
        (_("Paid in"), " class='num'"),
        (_("Won"), " class='num'"),
        (_("Profit"), " class='num'"),
        (_("Tickets"), ""),
    )
    head = "<tr>" + "".join(f"<th{cls}>{escape(text)}</th>" for text, cls in columns) + "</tr>"
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
        f"<p class='head'>{escape(_('Points through the season'))}</p><p><img src='{SEASON_CHART}' "
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
            f"<td>{r.place if r.place is not None else escape(_('in play'))}</td>"
            f"<td>{escape(r.name)}</td><td class='num'>{format_points(r.points)}</td>"
            f"<td class='num'>{format_cents(r.won)}</td></tr>"
            for index, r in enumerate(rows)
        )
        events.append(
            f"<p class='head'>{escape(name)}</p>"
            "<table width='70%' cellspacing='0' cellpadding='2'>"
            f"<tr><th>{escape(_('Place'))}</th><th>{escape(_('Player'))}</th>"
            f"<th class='num'>{escape(_('Points'))}</th>"
            f"<th class='num'>{escape(_('Won'))}</th></tr>"
            f"{cells}</table>"
        )
    return (
        _("<h1>{league}: standings</h1>").format(league=escape(league.name))
        + ngettext(
            "<p class='muted'>{count} tournament · points: {formula} · tie-breaks: {breaks} · "
            "printed {printed}</p>",
            "<p class='muted'>{count} tournaments · points: {formula} · tie-breaks: {breaks} · "
            "printed {printed}</p>",
            len(league.tournaments),
        ).format(
            count=len(league.tournaments),
            formula=escape(league.formula),
            breaks=escape(breaks),
            printed=escape(printed_at.astimezone().strftime("%Y-%m-%d %H:%M")),
        )
        + f"<table width='100%' cellspacing='0' cellpadding='3'>{head}{''.join(body)}</table>"
        f"{chart}{''.join(events)}"
    )


def write_league_pdf(path: Path | str, view: LeagueView, printed_at: datetime) -> Path:
    """The league report as an A4 PDF at `path`."""
    race = view.race()
    html = league_html(view, printed_at, with_chart=bool(race))
    images = {SEASON_CHART: season_chart_image(view)} if race else {}
    return write_pdf(path, html, A4_PAGE, f"{view.league.name} standings", images)
