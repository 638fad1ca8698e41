"""Printing the move list: an HTML table laid out by `QTextDocument` on a paged device.

The same document goes to a real printer (a `QPrinter`, through the print dialog) or to a PDF file
(`save_moves_pdf`, a `QPdfWriter` from QtGui), so a saved sheet is what the printer would give the
floor staff. Only the print dialog needs QtPrintSupport, and it is imported when used.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from PySide6.QtGui import QPagedPaintDevice, QPageLayout, QPageSize, QPdfWriter, QTextDocument

from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.seating import MoveInfo
from clockapp.ui.seating.model import status_text


def moves_html(title: str, moves: Sequence[MoveInfo], printed_at: datetime) -> str:
    """The move sheet as HTML: who goes where, and why."""
    rows = "".join(
        "<tr>"
        f"<td><b>{html.escape(m.name)}</b></td>"
        f"<td>{html.escape(str(m.from_seat))}</td>"
        f"<td><b>{html.escape(str(m.to_seat))}</b></td>"
        f"<td>{html.escape(m.reason)}</td>"
        f"<td>{html.escape(status_text(m))}</td>"
        "</tr>"
        for m in moves
    )
    if not rows:
        rows = f"<tr><td colspan='5'>{html.escape(_('No moves.'))}</td></tr>"
    stamp = printed_at.astimezone().strftime("%Y-%m-%d %H:%M")
    return (
        "<html><body style='font-family: sans-serif;'>"
        + "<h2>"
        + html.escape(_("{tournament}: seat moves").format(tournament=title))
        + "</h2><p>"
        + html.escape(
            ngettext(
                "Printed {when}. {count} move.", "Printed {when}. {count} moves.", len(moves)
            ).format(when=stamp, count=len(moves))
        )
        + "</p><table border='1' cellspacing='0' cellpadding='5' width='100%'><tr>"
        + "".join(
            f"<th align='left'>{html.escape(header)}</th>"
            for header in (_("Player"), _("From"), _("To"), _("Why"), _("Status"))
        )
        + "</tr>"
        + f"{rows}</table></body></html>"
    )


def print_moves(
    printer: QPagedPaintDevice, title: str, moves: Sequence[MoveInfo], printed_at: datetime
) -> None:
    """Lay the move sheet out on `printer` (a real printer or a PDF file)."""
    document = QTextDocument()
    document.setHtml(moves_html(title, moves, printed_at))
    document.print_(printer)


def save_moves_pdf(path: Path, title: str, moves: Sequence[MoveInfo], printed_at: datetime) -> None:
    """Print the move sheet to a PDF file (A4, landscape: the reasons are long)."""
    writer = QPdfWriter(str(path))
    writer.setCreator("clockapp")
    writer.setResolution(300)
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageOrientation(QPageLayout.Orientation.Landscape)
    print_moves(writer, title, moves, printed_at)
