"""The tills already read, per tournament, keyed by the tournament's revision (`LedgerCache`).

`read_till` reads a tournament's till through the persistence queries (only the ledger rows the
cache has not seen); `LedgerCache.till` serves the till kept while the revision has not moved
(a till is never changed, so readers share it), so a money action or a screen's refresh reads
the till once or not at all, and `LedgerCache.derived` keeps what a read makes of it (the
results, the payout view...) for that revision, so a screen's second read of the same thing
costs one statement.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeVar, cast

from clockapp.core.chip_race import chips_the_races_add
from clockapp.core.money.ledger import LedgerRow
from clockapp.core.money.till import Reg, RowMeta, Till, display_name
from clockapp.core.money.view import MoneyView, money_view
from clockapp.persistence.queries import bounties as bounties_q
from clockapp.persistence.queries import busts as busts_q
from clockapp.persistence.queries import cashier_config, ledger
from clockapp.persistence.queries import chips as chip_rows
from clockapp.persistence.queries import deals as deals_q
from clockapp.persistence.queries import registrations as registrations_q
from clockapp.persistence.session import WRITING, Session
from clockapp.services.changes import Changes, Revision
from clockapp.services.context import revision_of
from clockapp.services.setup import get_row, setup_row

T = TypeVar("T")


class LedgerCache:
    """The tills already read, per tournament, so an action reads the till once or not at all.

    One cache serves every money service (`Services` hands the same one to the cashier, payouts
    and results). Two layers:

    - The whole till as last read, keyed by the tournament's revision and the app-wide one:
      every committed action bumps one of them in its own transaction (under the row's lock, so
      in commit order), so while both are the same nothing the till holds has changed, and a
      read costs one indexed statement. Every caller shares the till kept: nothing changes a
      till (a rule returns its change and `applied` makes a new one). Only a read session,
      or a write transaction that has just taken the lock and written nothing yet
      (`snapshot`), uses it: a transaction that has already written reads the database.
    - Below it, when the revision moved, the core ledger rows already read: only the new rows
      are read. Safe because ledger rows are never updated or deleted (database triggers refuse
      it) and a tournament's rows are inserted only under its till lock, so they commit in the
      order of their ids: whatever was read once stays true, and anything new has a larger id. A
      database swapped or restored underneath is noticed (the count of rows up to the last id
      read differs) and the cache starts over.

    Only what was read from the database is kept: rows written by a transaction that then fails
    never enter it. A restored backup cannot bring a revision back either: the restore records a
    change numbered above every revision seen before it (`services.backups`).
    """

    def __init__(self) -> None:
        self._rows: dict[int, tuple[tuple[LedgerRow, ...], dict[int, RowMeta]]] = {}
        self._tills: dict[int, tuple[Revision, Till]] = {}
        self._derived: dict[int, tuple[Revision, dict[Callable[..., object], object]]] = {}

    def derived(self, session: Session, tournament_id: int, compute: Callable[[Till], T]) -> T:
        """What `compute` makes of the till, worked out once per revision.

        A screen's refresh reads the same things several times (the results for the payouts,
        busts and results pages; the registrations for the desk, the players and the
        field): while the revision has not moved, each read after the first costs one indexed
        statement. `compute` is a module-level function of the till alone (it is the memo's key)
        returning a frozen value, which every caller at that revision shares. It only reads: the
        till it gets is the one every read at this revision reads, so it must not change it
        (the till's types say so; `tests/services/cashier/test_read_memo.py` checks the reads
        that use it). A write
        transaction computes afresh (it may have written).
        """
        if session.info.get(WRITING):
            return compute(read_till(session, tournament_id, self))
        revision, memo = self._memo(session, tournament_id)
        if compute not in memo:
            memo[compute] = compute(self._shared_till(session, tournament_id, revision, memo))
        return cast(T, memo[compute])

    def derived_from_view(
        self, session: Session, tournament_id: int, compute: Callable[[Till, MoneyView], T]
    ) -> T:
        """`derived` for a read that starts from the money view (the payout view, the results,
        the deal, the totals): the view, the costliest part, is worked out once per revision for
        all of them. Readers share it: nothing may change it."""
        if session.info.get(WRITING):
            till = read_till(session, tournament_id, self)
            return compute(till, money_view(till))
        revision, memo = self._memo(session, tournament_id)
        if compute not in memo:
            till = self._shared_till(session, tournament_id, revision, memo)
            view = memo.get(money_view)
            if not isinstance(view, MoneyView):
                view = memo[money_view] = money_view(till)
            memo[compute] = compute(till, view)
        return cast(T, memo[compute])

    def _memo(
        self, session: Session, tournament_id: int
    ) -> tuple[Revision, dict[Callable[..., object], object]]:
        """The revision now, and what `derived` has kept for it (emptied when it moved).

        A tournament that does not exist reads as revision 0: the clear error then (every change
        bumps the revision, so one that does exist costs no statement more).
        """
        revision = revision_of(session, tournament_id)
        if revision.tournament == 0:
            get_row(session, tournament_id)
        kept = self._derived.get(tournament_id)
        if kept is None or kept[0] != revision:
            kept = (revision, {})
            self._derived[tournament_id] = kept
        return kept

    def _shared_till(
        self,
        session: Session,
        tournament_id: int,
        revision: Revision,
        memo: dict[Callable[..., object], object],
    ) -> Till:
        """The till the derived reads at `revision` share (they only read it)."""
        till = memo.get(Till)
        if not isinstance(till, Till):
            till = memo[Till] = self._till_at(session, tournament_id, revision)
        return till

    def till(self, session: Session, tournament_id: int) -> Till:
        """The tournament's till: the one kept when the revision has not moved."""
        return self._till_at(session, tournament_id, revision_of(session, tournament_id))

    def snapshot(self, session: Session, tournament_id: int) -> tuple[Revision, Till]:
        """`till`, with the revision it was read at (`keep` takes it back after the action)."""
        revision = revision_of(session, tournament_id)
        return revision, self._till_at(session, tournament_id, revision)

    def _till_at(self, session: Session, tournament_id: int, revision: Revision) -> Till:
        kept = self._tills.get(tournament_id)
        if kept is not None and kept[0] == revision:
            return kept[1]  # nothing changes a till: every reader shares the one kept
        till = read_till(session, tournament_id, self)
        self._tills[tournament_id] = (revision, till)
        return till

    def keep(self, till: Till, read_at: Revision, changes: Changes) -> None:
        """Keep the till an action has just committed, as the state at the action's revision.

        Call it after the commit, as the action's last step, for an action that keeps its till
        in step with every row it writes (entries, voids, refunds, busts); `read_at` is the
        revision `snapshot` read it at. It is kept only when the action's change row directly
        follows that revision: nothing else committed in between (the app-wide revision is the
        one the till was read at, kept beside it).
        """
        kept = self._tills.get(till.tournament_id)
        if (
            kept is None
            or kept[0].tournament != read_at.tournament
            or changes.tournament_id != till.tournament_id
            or changes.revision != read_at.tournament + 1
        ):
            return
        self._tills[till.tournament_id] = (Revision(changes.revision, kept[0].app), till)

    def load(
        self, session: Session, tournament_id: int
    ) -> tuple[list[LedgerRow], dict[int, RowMeta]]:
        """The tournament's ledger rows (core) and their history details, oldest first."""
        rows, meta = self._rows.get(tournament_id, ((), {}))
        if rows:
            last = rows[-1].row_id
            if ledger.count_up_to(session, tournament_id, last) != len(rows):
                rows, meta = (), {}
        fresh = ledger.rows_after(session, tournament_id, rows[-1].row_id if rows else 0)
        if fresh:
            meta = {**meta, **{row.row_id: details for row, details in fresh}}
            rows = (*rows, *(row for row, _details in fresh))
        self._rows[tournament_id] = (rows, meta)
        return list(rows), dict(meta)


def read_till(session: Session, tournament_id: int, cache: LedgerCache | None = None) -> Till:
    """Read the till from the database (only the ledger rows `cache` has not seen)."""
    stack = setup_row(session, tournament_id).starting_stack
    config = cashier_config.config_from_row(
        cashier_config.config_row(session, tournament_id), stack
    )
    rows, meta = (cache if cache is not None else LedgerCache()).load(session, tournament_id)
    registrations: dict[int, Reg] = {}
    names: dict[int, str] = {}
    for reg, name, nickname in registrations_q.listed_with_names(session, tournament_id):
        registrations[reg.id] = reg
        names[reg.id] = display_name(name, nickname)
    busts = busts_q.busts(session, tournament_id)
    deals = deals_q.by_ledger_row(session, tournament_id)
    tournament = get_row(session, tournament_id)
    races = chip_rows.races(session, tournament_id)
    return Till(
        tournament_id,
        config,
        rows,
        meta,
        registrations,
        names,
        busts,
        deals,
        finished_at=tournament.finished_at,
        registration_mode=tournament.registration,
        bounty=bounties_q.load_book(session, tournament_id),
        chips_raced=chips_the_races_add(
            [(row.table_number, json.loads(row.race_json)) for row in races]
        ),
    )
