"""`clockapp web`: serve the live web view headless (no display, no Qt), e.g. on a Raspberry Pi.

    clockapp web [--db URL] [--host H] [--port P] [--tournament ID]

It shows the tournament the app opened last (following the director when another is opened), or
the one given. It only reads the database: it opens it read-only and never creates or upgrades
it, so it refuses a file that is not a clockapp database. Ctrl+C stops it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from clockapp.errors import DomainError
from clockapp.i18n import gettext as _


class _NoTournamentError(DomainError):
    pass


def main(argv: Sequence[str]) -> int:
    """Serve until interrupted; returns the exit code."""
    from clockapp.services.web.addresses import LOCAL, page_url
    from clockapp.services.web.server import DEFAULT_PORT

    parser = argparse.ArgumentParser(
        prog="clockapp web",
        description=_("Serve the live web view of a tournament for phones and TVs (read-only)."),
    )
    parser.add_argument("--db", metavar="URL", help=_("database URL or SQLite file path"))
    parser.add_argument(
        "--host",
        default=LOCAL,
        help=_(
            "address to listen on (default {local}: this machine only; 0.0.0.0: the network)"
        ).format(local=LOCAL),
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=_("port (default {default_port}; 0: any)").format(default_port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--tournament", type=int, metavar="ID", help=_("tournament id (default: the one open last)")
    )
    args = parser.parse_args(list(argv))
    if not 0 <= args.port <= 65535:
        parser.error("--port must be 0 to 65535")

    from clockapp.services.app import open_services_read_only
    from clockapp.services.web.server import serve_services

    services = open_services_read_only(args.db)
    if args.tournament is not None:
        name = services.tournaments.get(args.tournament).name  # refuses an unknown id

        def tournament_id() -> int | None:
            return args.tournament  # type: ignore[no-any-return]

    else:
        last = services.tournaments.last_opened()
        if last is None:
            raise _NoTournamentError(_("The database has no tournament to show yet."))
        name = last.name

        def tournament_id() -> int | None:
            shown = services.tournaments.last_opened()
            return None if shown is None else shown.id

    # The database is opened read-only: the table captains report through the director's own
    # web view (View > Web view for phones…), which can write their reports.
    server = serve_services(services, tournament_id, args.host, args.port, captains=False)
    print(
        _("clockapp web: showing {name!r} at {page_url} (read-only; Ctrl+C stops it)").format(
            name=name, page_url=page_url(server.host, server.port)
        ),
        flush=True,
    )
    try:
        server.serve_forever()
    finally:
        server.stop()
    return 0
