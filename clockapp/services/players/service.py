"""`PlayerService`: the player database's use cases, one transaction each (create, edit, search,
merge, import and export)."""

from __future__ import annotations

from clockapp.core.registration import RegistrationStatus
from clockapp.i18n import gettext as _
from clockapp.persistence.queries import players as player_rows
from clockapp.persistence.queries import registrations
from clockapp.persistence.queries import tournaments as tournament_rows
from clockapp.services.backups import backup_before_import
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.players.csv_file import players_csv_lines, players_to_csv
from clockapp.services.players.rows import (
    add_player,
    apply_details,
    get_player,
    player_info,
    same_name,
    search_rank,
)
from clockapp.services.players.values import (
    DuplicateNameError,
    ImportReport,
    PlayerDetails,
    PlayerError,
    PlayerInfo,
    fold,
)


class PlayerService:
    """Use cases on the player database."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def create(self, details: PlayerDetails, *, unique: bool = False) -> Outcome[PlayerInfo]:
        """Add a player to the database.

        Two people may share a name, so a duplicate name is allowed (merge fixes real duplicates),
        unless `unique` is set: then a name already taken (`namesakes`) is refused, checked in the
        same transaction as the insert, so a namesake added at another station a moment before
        is caught too.

        Raises:
            DuplicateNameError: `unique` and the name is taken; nothing is written.
        """
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            if unique:
                taken = same_name(session, details.name)
                if taken:
                    raise DuplicateNameError(details.name, tuple(player_info(row) for row in taken))
            info = player_info(add_player(session, details, now))
            changes = record_change(session, None, Change.PLAYERS, f"player {info.name}", now)
        return Outcome(info, changes)

    def update(self, player_id: int, details: PlayerDetails) -> Outcome[PlayerInfo]:
        """Replace a player's details."""
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            row = get_player(session, player_id)
            if row.merged_into_id is not None:
                raise PlayerError(
                    _("{name} was merged into player #{merged_into_id}; edit that player.").format(
                        name=row.name, merged_into_id=row.merged_into_id
                    )
                )
            apply_details(row, details)
            session.add(row)
            info = player_info(row)
            changes = record_change(session, None, Change.PLAYERS, f"edited {info.name}", now)
        return Outcome(info, changes)

    def namesakes(self, name: str) -> tuple[PlayerInfo, ...]:
        """Live players called `name`, ignoring case, accents and spacing; oldest first.

        The cashier warns before adding a second "Alice Trent" (see `create(unique=True)`).
        """
        with self._ctx.reading() as session:
            return tuple(player_info(row) for row in same_name(session, name))

    def get(self, player_id: int) -> PlayerInfo:
        """One player (a merged duplicate too, with `merged_into_id` set)."""
        with self._ctx.reading() as session:
            return player_info(get_player(session, player_id))

    def list(self) -> tuple[PlayerInfo, ...]:
        """Every player not merged away, by name."""
        with self._ctx.reading() as session:
            return tuple(player_info(row) for row in player_rows.live(session))

    def search(self, text: str, limit: int = 20) -> tuple[PlayerInfo, ...]:
        """Players whose name or nickname contains `text`, ignoring case and accents.

        Names starting with the text come first, then names with a word starting with it, then
        the rest; alphabetical within each group. An empty text lists the first players by name.
        """
        term = fold(text)
        limit = max(0, limit)
        with self._ctx.reading() as session:
            if not term:
                rows = player_rows.live_records(session, limit=limit)
                return tuple(player_info(row) for row in rows)
            # Names and nicknames that start with the term first (they are what the cashier is
            # typing), so a common letter cannot push them out of the list; then the rest.
            starts = player_rows.live_starting_with(session, term, limit)
            rows = player_rows.live_containing(session, term, 500)
            found = {row.id: row for row in (*starts, *rows)}
            ranked = sorted(found.values(), key=lambda row: search_rank(row, term))
            return tuple(player_info(row) for row in ranked[:limit])

    def merge(self, keep_id: int, duplicate_id: int) -> Outcome[PlayerInfo]:
        """Merge a duplicate into the player kept: its registrations move over, history stays.

        Empty details of the kept player are filled from the duplicate (notes are joined).

        Raises:
            PlayerError: The same player twice, a player already merged, or both registered in
                the same tournament (withdraw one registration first).
        """
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            if keep_id == duplicate_id:
                raise PlayerError(_("Choose two different players to merge."))
            keep = get_player(session, keep_id)
            dup = get_player(session, duplicate_id)
            for row in (keep, dup):
                if row.merged_into_id is not None:
                    raise PlayerError(
                        _(
                            "{name} (#{id}) was already merged into player #{merged_into_id}."
                        ).format(name=row.name, id=row.id, merged_into_id=row.merged_into_id)
                    )
            regs = registrations.of_player(session, duplicate_id)
            kept_tournaments = {
                r.tournament_id for r in registrations.of_player(session, keep_id, withdrawn=False)
            }
            for reg in regs:
                if (
                    reg.status != RegistrationStatus.WITHDRAWN
                    and reg.tournament_id in kept_tournaments
                ):
                    tournament = tournament_rows.get(session, reg.tournament_id)
                    where = tournament.name if tournament is not None else f"#{reg.tournament_id}"
                    raise PlayerError(
                        _(
                            "{kept} and {merged} are both registered in {where}; withdraw one "
                            "registration before merging."
                        ).format(kept=keep.name, merged=dup.name, where=where)
                    )
            for reg in regs:
                reg.player_id = keep_id
                session.add(reg)
            merged = PlayerDetails(
                keep.name,
                keep.nickname or dup.nickname,
                keep.phone or dup.phone,
                keep.email or dup.email,
                keep.team or dup.team,
                "\n".join(note for note in (keep.notes, dup.notes) if note),
            )
            apply_details(keep, merged)
            dup.merged_into_id = keep_id
            session.add(keep)
            session.add(dup)
            info = player_info(keep)
            changes = record_change(
                session,
                None,
                Change.PLAYERS | Change.ENTRIES,
                f"merged {dup.name} into {keep.name}",
                now,
            )
        return Outcome(info, changes)

    def import_csv(self, text: str) -> Outcome[ImportReport]:
        """Add the players of a CSV file (a header row naming the columns; `name` is required).

        A row whose name matches a player already in the database (ignoring case and accents),
        or a name given earlier in the file, is not added again. Nothing is saved when any row
        is wrong; the error names the row. One query reads the names, one flush adds the new
        players: the time grows with the file, not with the file times the database.
        """
        # Imported here: `importing` builds on this module.
        from clockapp.services.players.importing import (
            ImportAction,
            NamedLine,
            apply_plan,
            plan_import,
        )

        lines = [NamedLine(line, details) for line, details in players_csv_lines(text)]
        backup_before_import(self._ctx, None)
        now = self._ctx.now()
        with self._ctx.transaction() as session:
            plan = plan_import(session, lines)
            rows = apply_plan(session, plan, lines, now)
            players = tuple(player_info(row) for row in rows if row is not None)
            created = plan.count(ImportAction.CREATE)
            report = ImportReport(created, len(players) - created, players)
            changes = record_change(
                session, None, Change.PLAYERS, f"imported {created} players", now
            )
        return Outcome(report, changes)

    def export_csv(self) -> str:
        """Every player not merged away as CSV text (the columns of `CSV_COLUMNS`)."""
        return players_to_csv(self.list())
