"""Printed paper from the cashier: a receipt, a seat card, and the results report, as PDF.

Each report is HTML laid out by a `QTextDocument` and printed through Qt's printing support
(`QPdfWriter`), so what the cashier saves is what a printer would print. The receipt is sized for
an 80 mm receipt roll, the seat card for an A6 card, the results for A4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from html import escape
from pathlib import Path

from PySide6.QtCore import QMarginsF, QSizeF, QUrl
from PySide6.QtGui import QImage, QPageLayout, QPageSize, QPdfWriter, QTextDocument

from clockapp import formats
from clockapp.core.chips import ChipSet
from clockapp.core.money.amounts import format_money
from clockapp.core.money.drawer import NightSummary
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.cashier.sales import EntryReceipt
from clockapp.services.payouts import PayoutView
from clockapp.services.results import ResultRow
from clockapp.ui.cashier.entry_dialog import KIND_TITLE
from clockapp.ui.clock import texts

#: Page sizes, in millimetres: (width, height, margin).
RECEIPT_PAGE = (80.0, 160.0, 4.0)
SEAT_CARD_PAGE = (105.0, 148.0, 8.0)
A4_PAGE = (210.0, 297.0, 14.0)
#: A chart's width on the A4 report: the page's printable width (182 mm) in the 96-dpi pixels
#: Qt's text layout measures images in (it scales them up to the printer's resolution).
CHART_WIDTH = 680

_CSS = """
body { font-family: 'Inter', 'DejaVu Sans', sans-serif; color: #111; }
h1 { font-size: 15pt; margin: 0 0 2pt 0; }
.head { font-size: 11pt; font-weight: bold; margin-top: 8pt; margin-bottom: 2pt; }
.muted { color: #555; }
table { border-collapse: collapse; }
th { text-align: left; background: #e8eaf6; }
td.num, th.num { text-align: right; }
.big { font-size: 22pt; font-weight: bold; }
.total td { font-weight: bold; border-top: 1pt solid #333; }
"""


def write_pdf(
    path: Path | str,
    html: str,
    page: tuple[float, float, float],
    title: str,
    images: Mapping[str, QImage] | None = None,
) -> Path:
    """Lay out `html` and print it to a PDF file at `path`; returns the path.

    `images` are the pictures the HTML names in `<img src=...>` (charts drawn for the report).
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    width, height, margin = page
    writer = QPdfWriter(str(path))
    writer.setTitle(title)
    writer.setCreator("clockapp")
    writer.setResolution(300)
    writer.setPageSize(QPageSize(QSizeF(width, height), QPageSize.Unit.Millimeter, title))
    writer.setPageMargins(QMarginsF(margin, margin, margin, margin), QPageLayout.Unit.Millimeter)
    document = QTextDocument()
    # Lay out for the printer itself: its resolution turns points into dots, and a page size
    # set here stops print_() from adding its own 2 cm margins to a receipt 8 cm wide.
    document.documentLayout().setPaintDevice(writer)
    document.setDefaultStyleSheet(_CSS)
    for name, image in (images or {}).items():
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
    document.setHtml(f"<html><body>{html}</body></html>")
    paint = writer.pageLayout().paintRectPixels(writer.resolution())
    document.setPageSize(QSizeF(paint.width(), paint.height()))
    document.setDocumentMargin(0)
    document.print_(writer)
    return path


def _rows(pairs: Sequence[tuple[str, str]], bold: frozenset[str] = frozenset()) -> str:
    """(label, value) lines as a two-column table, values right-aligned; `bold` labels in bold."""
    lines = []
    for label, value in pairs:
        style = " style='font-weight:bold'" if label in bold else ""
        lines.append(
            f"<tr{style}><td>{escape(label)}</td><td class='num'>{escape(value)}</td></tr>"
        )
    return f"<table width='100%' cellspacing='0' cellpadding='1'>{''.join(lines)}</table>"


# ------------------------------------------------------------------------------ receipt
def receipt_html(
    tournament: str,
    receipt: EntryReceipt,
    chip_set: ChipSet,
    printed_at: datetime,
    seat: str = "",
    *,
    currency: str,
) -> str:
    """The receipt for one payment: what was bought, paid, given back, and the chips; the
    amounts in the tournament's `currency`."""

    def money(cents: int) -> str:
        return format_money(cents, currency)

    reg = receipt.registration
    lines: list[tuple[str, str]] = []
    for row in receipt.rows:
        title = _(row.kind.value.capitalize())  # the kinds' titles: "Buy-in", "Rebuy", ...
        lines.append(
            (_("{kind} (ledger #{row})").format(kind=title, row=row.id), money(row.amount))
        )
    total, change = _("Total"), _("Change")
    lines.append((total, money(receipt.total)))
    if receipt.tendered is not None:
        lines.append((_("Tendered"), money(receipt.tendered)))
        lines.append((change, money(receipt.change_due or 0)))
    split = [row.split for row in receipt.rows if row.split is not None]
    parts = [
        (_("of which prize pool"), money(sum(s.prize_pool for s in split))),
        (_("house fee"), money(sum(s.house_fee for s in split))),
    ]
    if any(s.bounty for s in split):
        parts.append((_("bounty"), money(sum(s.bounty for s in split))))
    chips = []
    for handout in receipt.handouts:
        kind = escape(_(KIND_TITLE[handout.kind]))
        chips.append(f"<b>{kind}: T{formats.chips(handout.chips)}</b>")
        if handout.breakdown is not None:
            for value, count in handout.breakdown.parts:
                color = _color(chip_set, value)
                chips.append(f"&nbsp;&nbsp;{count} × T{formats.chips(value)} {escape(color)}")
        elif handout.note:
            chips.append(f"&nbsp;&nbsp;{escape(handout.note)}")
    seat_html = f"<p class='big'>{escape(seat)}</p>" if seat else ""
    when = f"{formats.short_date(printed_at.astimezone())} {texts.time_of_day(printed_at)}"
    return (
        f"<h1>{escape(tournament)}</h1>"
        f"<p class='muted'>{escape(_('Receipt · {when}').format(when=when))}"
        f"</p><p><b>{escape(reg.name)}</b> · {escape(_(KIND_TITLE[receipt.kind]))}</p>"
        f"{_rows(lines, frozenset({total, change}))}<p class='muted'>{_rows(parts)}</p>"
        f"<p class='head'>{escape(_('Chips handed over'))}</p><p>{'<br>'.join(chips)}</p>"
        f"{seat_html}"
        f"<p class='muted'>{escape(_('Keep this receipt until the tournament ends.'))}</p>"
    )


def _color(chip_set: ChipSet, value: int) -> str:
    try:
        return chip_set.denomination(value).color
    except ValueError:
        return ""


def write_receipt(
    path: Path | str,
    tournament: str,
    receipt: EntryReceipt,
    chip_set: ChipSet,
    printed_at: datetime,
    seat: str = "",
    *,
    currency: str,
) -> Path:
    """The receipt as a PDF for an 80 mm receipt printer, in the tournament's `currency`."""
    html = receipt_html(tournament, receipt, chip_set, printed_at, seat, currency=currency)
    title = _("Receipt {name}").format(name=receipt.registration.name)
    return write_pdf(path, html, RECEIPT_PAGE, title)


# ------------------------------------------------------------------------------ seat card
def seat_card_html(tournament: str, name: str, seat: str, chips: int) -> str:
    """A card the player takes to the table: name, seat (blank lines when not drawn), stack."""
    if seat:
        seat_html = f"<p class='big' style='font-size:30pt'>{escape(seat)}</p>"
    else:
        seat_html = (
            f"<p style='font-size:20pt'>{escape(_('Table ______'))}</p>"
            f"<p style='font-size:20pt'>{escape(_('Seat ______'))}</p>"
        )
    return (
        f"<p class='muted'>{escape(tournament)}</p>"
        f"<h1 style='font-size:24pt'>{escape(name)}</h1>"
        f"{seat_html}"
        + "<p>"
        + _("Starting chips: <b>T{chips}</b>").format(chips=formats.chips(chips))
        + "</p><p class='muted'>"
        + escape(_("Show this card to the dealer when you sit down."))
        + "</p>"
    )


def write_seat_card(path: Path | str, tournament: str, name: str, seat: str, chips: int) -> Path:
    """The seat card as an A6 PDF."""
    html = seat_card_html(tournament, name, seat, chips)
    return write_pdf(path, html, SEAT_CARD_PAGE, _("Seat card {name}").format(name=name))


# ------------------------------------------------------------------------------ results
def results_html(
    tournament: str,
    results: Sequence[ResultRow],
    payouts: PayoutView,
    summary: NightSummary | None,
    printed_at: datetime,
    charts: Sequence[str] = (),
    *,
    currency: str,
) -> str:
    """The results report: finishing places with prizes and bounties, the payouts, the money,
    and the charts of the night (`charts`: the names of their images) on a page of their own;
    the amounts in the tournament's `currency`."""

    def money(cents: int) -> str:
        return format_money(cents, currency)

    titles = (
        (_("Place"), ""),
        (_("Player"), ""),
        (_("Entries"), " class='num'"),
        (_("Rebuys"), " class='num'"),
        (_("Add-ons"), " class='num'"),
        (_("Prize"), " class='num'"),
        (_("Bounties"), " class='num'"),
        (_("Paid"), " class='num'"),
        (_("Owed"), " class='num'"),
        (_("Busted by"), ""),
    )
    head = "<tr>" + "".join(f"<th{cls}>{escape(title)}</th>" for title, cls in titles) + "</tr>"
    body = []
    for index, r in enumerate(results):
        shade = " style='background:#f5f5f5'" if index % 2 else ""
        body.append(
            f"<tr{shade}><td>{escape(r.label)}</td><td>{escape(r.name)}</td>"
            f"<td class='num'>{r.entries}</td><td class='num'>{r.rebuys}</td>"
            f"<td class='num'>{r.add_ons}</td><td class='num'>{money(r.prize)}</td>"
            f"<td class='num'>{money(r.bounties)}</td>"
            f"<td class='num'>{money(r.paid_out)}</td>"
            f"<td class='num'>{money(r.still_owed)}</td>"
            f"<td>{escape(r.busted_by)}</td></tr>"
        )
    totals = (
        f"<tr class='total'><td></td><td>{escape(_('Total'))}</td>"
        f"<td class='num'>{sum(r.entries for r in results)}</td>"
        f"<td class='num'>{sum(r.rebuys for r in results)}</td>"
        f"<td class='num'>{sum(r.add_ons for r in results)}</td>"
        f"<td class='num'>{money(sum(r.prize for r in results))}</td>"
        f"<td class='num'>{money(sum(r.bounties for r in results))}</td>"
        f"<td class='num'>{money(sum(r.paid_out for r in results))}</td>"
        f"<td class='num'>{money(sum(r.still_owed for r in results))}</td><td></td></tr>"
    )
    ladder = (
        _rows(payouts.labelled(symbol=currency))
        if payouts.ladder
        else f"<p>{escape(payouts.problem)}</p>"
    )
    if any(r.in_deal for r in results):
        # After a deal the places are not what is paid: list what each player was paid.
        paid = [r for r in results if r.prize]
        ladder = _rows(
            [(f"{r.label} · {r.name}", money(r.prize)) for r in paid]
            + [(_("of which by the deal"), money(sum(r.prize for r in paid if r.in_deal)))]
        )
    till = _rows(summary.lines(symbol=currency)) if summary is not None else ""
    return (
        "<h1>"
        + escape(_("{tournament}: results").format(tournament=tournament))
        + "</h1><p class='muted'>"
        + escape(
            ngettext(
                "{count} entry · prize pool {pool} · printed {when}",
                "{count} entries · prize pool {pool} · printed {when}",
                payouts.entries,
            ).format(
                count=payouts.entries,
                pool=money(payouts.prize_pool),
                when=printed_at.astimezone().strftime("%Y-%m-%d %H:%M"),
            )
        )
        + "</p>"
        f"<table width='100%' cellspacing='0' cellpadding='3'>{head}{''.join(body)}{totals}"
        "</table><br><table width='100%'><tr>"
        f"<td width='45%' valign='top'><p class='head'>{escape(_('Payouts'))}</p>{ladder}</td>"
        "<td width='10%'></td>"
        f"<td width='45%' valign='top'><p class='head'>{escape(_('Money'))}</p>{till}</td>"
        "</tr></table>" + _charts_html(charts)
    )


def _charts_html(charts: Sequence[str]) -> str:
    if not charts:
        return ""
    pictures = "".join(
        f"<p><img src='{escape(name)}' width='{CHART_WIDTH}'></p>" for name in charts
    )
    title = escape(_("The night in charts"))
    return f"<p style='page-break-before: always' class='head'>{title}</p>{pictures}"


def write_results(
    path: Path | str,
    tournament: str,
    results: Sequence[ResultRow],
    payouts: PayoutView,
    summary: NightSummary | None,
    printed_at: datetime,
    charts: Mapping[str, QImage] | None = None,
    *,
    currency: str,
) -> Path:
    """The results report as an A4 PDF, with the charts given (name -> image) at the end."""
    names = tuple(charts or {})
    html = results_html(tournament, results, payouts, summary, printed_at, names, currency=currency)
    return write_pdf(
        path, html, A4_PAGE, _("{tournament} results").format(tournament=tournament), charts
    )
