"""Table captains through the services: switches, tokens, reports submitted and decided.

Every refusal leaves the database as it was (compared with a full dump).
"""

from __future__ import annotations

import pytest
from sqlalchemy.engine import Engine

from clockapp.core.busts import BustError
from clockapp.core.captains import (
    REPORTS_PER_MINUTE,
    CaptainError,
    FloodRefused,
    NonceRefused,
    Report,
    ReportKind,
    ReportStatus,
    TokenRefused,
    issue_nonce,
    new_token,
)
from clockapp.core.structure import Level, Structure
from clockapp.core.wall import SHOT_CLOCK
from clockapp.services.app import Services
from clockapp.services.changes import Change
from tests.dbdump import dump_database as dump
from tests.fakes import FakeClock

STRUCTURE = Structure("Captains", (Level(100, 200, minutes=20), Level(200, 400, minutes=20)))


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    services.structure.replace(t, STRUCTURE)
    return t


@pytest.fixture
def seats(services: Services, tid: int) -> dict[tuple[int, int], int]:
    """Bought in (10,000 chips each): three players at table 1, one at table 2."""
    from tests.services.seating.test_seating import buy_ins

    services.seating.add_tables(tid, 2, seat_count=9)
    ids = buy_ins(services, tid, 4)
    where = {}
    for rid, (table, seat) in zip(ids, [(1, 1), (1, 2), (1, 3), (2, 1)], strict=True):
        services.seating.seat_player(tid, rid, table, seat)
        where[(table, seat)] = rid
    return where


def refused_unchanged(engine: Engine, error: type[Exception], match: str, act: object) -> None:
    before = dump(engine)
    with pytest.raises(error, match=match):
        act()  # type: ignore[operator]
    assert dump(engine) == before


def test_a_captain_reports_a_bust_and_the_director_accepts_it_with_its_undo(
    services: Services, engine: Engine, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    token = services.captains.issue_token(tid, 1).value.token
    page = services.captains.page(tid, token)
    assert page.label == "Table 1"
    assert [p.seat for p in page.players] == [1, 2, 3]
    ann, bob = seats[(1, 1)], seats[(1, 2)]
    sent = services.captains.submit(
        tid, token, page.nonce, Report(ReportKind.BUST, 1, busted=ann, busted_by=bob)
    )
    assert sent.changes.touches(Change.REPORTS)
    assert sent.value.text == "S01 is out, busted by S02."
    (waiting,) = services.captains.reports(tid)
    assert waiting.status is ReportStatus.PENDING
    assert services.results.busts(tid) == ()  # nothing happens before the director accepts

    accepted = services.captains.accept(tid, waiting.id)
    assert accepted.changes.touches(Change.REPORTS | Change.ENTRIES)
    bust = accepted.value.bust
    assert bust is not None
    assert [b.registration_id for b in services.results.busts(tid)] == [ann]
    assert services.captains.reports(tid) == ()
    (done,) = services.captains.reports(tid, ReportStatus.ACCEPTED)
    assert done.text == "S01 is out, busted by S02."
    # The usual undo of a bust undoes it.
    services.results.undo_bust(tid, ann, bust_id=bust.bust_ids[0])
    first, undo = services.results.busts(tid)
    assert (first.undone_by, undo.undoes_id) == (undo.id, first.id)
    refused_unchanged(
        engine, CaptainError, "decided already", lambda: services.captains.accept(tid, waiting.id)
    )


def test_chip_counts_accepted_edited_go_through_the_chip_counts(
    services: Services, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    token = services.captains.issue_token(tid, 1).value.token
    ann, bob = seats[(1, 1)], seats[(1, 2)]
    nonce = services.captains.page(tid, token).nonce
    counts = Report(ReportKind.CHIP_COUNTS, 1, counts=((ann, 12_000), (bob, 8_000)))
    report = services.captains.submit(tid, token, nonce, counts).value
    edited = Report(ReportKind.CHIP_COUNTS, 1, counts=((ann, 12_500), (bob, 7_500)))
    accepted = services.captains.accept(tid, report.id, edited)
    assert accepted.value.board is not None
    assert services.chip_counts.counts(tid) == {ann: 12_500, bob: 7_500}
    (done,) = services.captains.reports(tid, ReportStatus.ACCEPTED)
    assert done.report == edited


def test_calls_for_the_floor_and_the_clock_wait_and_are_answered_or_rejected(
    services: Services, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    token = services.captains.issue_token(tid, 1).value.token
    floor = Report(ReportKind.FLOOR, 1, note="Misdeal at seat 4")
    clock = Report(ReportKind.CLOCK, 1, player=seats[(1, 3)])
    first = services.captains.submit(tid, token, services.captains.page(tid, token).nonce, floor)
    second = services.captains.submit(tid, token, services.captains.page(tid, token).nonce, clock)
    assert [r.text for r in services.captains.reports(tid)] == [
        "The table asks for the floor. Misdeal at seat 4",
        "The table calls the clock on S03.",
    ]
    services.captains.accept(tid, first.value.id)
    rejected = services.captains.reject(tid, second.value.id, "Not needed")
    assert services.wall.current(tid) is None  # rejected: no clock on the wall
    assert rejected.value.status is ReportStatus.REJECTED
    assert services.captains.reports(tid) == ()
    assert len(services.captains.reports(tid, None)) == 2


def test_forged_foreign_revoked_and_switched_off_tokens_change_nothing(
    services: Services, engine: Engine, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    other = services.tournaments.create("Saturday").value.id
    services.seating.add_tables(other, 1, seat_count=9)
    foreign = services.captains.issue_token(other, 1).value.token
    token = services.captains.issue_token(tid, 1).value.token
    report = Report(ReportKind.FLOOR, 1)
    nonce = services.captains.page(tid, token).nonce
    for bad in (new_token(), foreign, token[:-1], "", "../../x", token + "A"):
        refused_unchanged(
            engine,
            TokenRefused,
            "opens no table",
            lambda bad=bad: services.captains.submit(
                tid, bad, issue_nonce(bad, services.now()), report
            ),
        )
        with pytest.raises(TokenRefused):
            services.captains.page(tid, bad)
    services.captains.enable(tid, 1, on=False)
    refused_unchanged(
        engine,
        TokenRefused,
        "switched off",
        lambda: services.captains.submit(tid, token, nonce, report),
    )
    services.captains.enable(tid, 1)
    services.captains.submit(tid, token, nonce, report)  # on again, the same token works
    services.captains.revoke(tid, 1)
    fresh = issue_nonce(token, services.now())
    refused_unchanged(
        engine,
        TokenRefused,
        "opens no table",
        lambda: services.captains.submit(tid, token, fresh, report),
    )
    # A new token replaces the old one: the old one stays dead.
    new = services.captains.issue_token(tid, 1).value.token
    assert new != token
    refused_unchanged(
        engine, TokenRefused, "opens no table", lambda: services.captains.page(tid, token)
    )
    (table_1, table_2) = services.captains.tables(tid)
    assert (table_1.enabled, table_1.has_token, table_2.enabled) == (True, True, False)


def test_replayed_forged_and_old_nonces_change_nothing(
    services: Services,
    engine: Engine,
    tid: int,
    seats: dict[tuple[int, int], int],
    fake_clock: FakeClock,
) -> None:
    token = services.captains.issue_token(tid, 1).value.token
    report = Report(ReportKind.FLOOR, 1)
    nonce = services.captains.page(tid, token).nonce
    services.captains.submit(tid, token, nonce, report)
    refused_unchanged(
        engine,
        NonceRefused,
        "sent already",
        lambda: services.captains.submit(tid, token, nonce, report),
    )
    other = services.captains.issue_token(tid, 2).value.token
    refused_unchanged(
        engine,
        NonceRefused,
        "not one the clock gave out",
        lambda: services.captains.submit(tid, token, issue_nonce(other, services.now()), report),
    )
    old = services.captains.page(tid, token).nonce
    fake_clock.advance(minutes=181)
    refused_unchanged(
        engine, NonceRefused, "too old", lambda: services.captains.submit(tid, token, old, report)
    )


def test_a_report_for_another_table_or_players_elsewhere_changes_nothing(
    services: Services, engine: Engine, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    token = services.captains.issue_token(tid, 1).value.token
    nonce = services.captains.page(tid, token).nonce
    elsewhere = seats[(2, 1)]
    refused_unchanged(
        engine,
        TokenRefused,
        "another table",
        lambda: services.captains.submit(tid, token, nonce, Report(ReportKind.FLOOR, 2)),
    )
    refused_unchanged(
        engine,
        CaptainError,
        "not seated at Table 1",
        lambda: services.captains.submit(
            tid, token, nonce, Report(ReportKind.BUST, 1, busted=elsewhere)
        ),
    )


def test_a_flood_from_one_table_is_refused_and_changes_nothing(
    services: Services,
    engine: Engine,
    tid: int,
    seats: dict[tuple[int, int], int],
    fake_clock: FakeClock,
) -> None:
    token = services.captains.issue_token(tid, 1).value.token
    report = Report(ReportKind.FLOOR, 1)
    for _ in range(REPORTS_PER_MINUTE):
        services.captains.submit(tid, token, services.captains.page(tid, token).nonce, report)
    nonce = services.captains.page(tid, token).nonce
    refused_unchanged(
        engine,
        FloodRefused,
        "too many",
        lambda: services.captains.submit(tid, token, nonce, report),
    )
    fake_clock.advance(seconds=61)
    services.captains.submit(tid, token, nonce, report)
    assert len(services.captains.reports(tid)) == REPORTS_PER_MINUTE + 1


def test_a_bust_the_results_refuse_leaves_the_report_waiting(
    services: Services, engine: Engine, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    token = services.captains.issue_token(tid, 1).value.token
    ann = seats[(1, 1)]
    bust = Report(ReportKind.BUST, 1, busted=ann)
    first = services.captains.submit(tid, token, services.captains.page(tid, token).nonce, bust)
    second = services.captains.submit(tid, token, services.captains.page(tid, token).nonce, bust)
    services.captains.accept(tid, first.value.id)
    # Ann is out now: she is no longer at the table, so the second report names nobody there.
    refused_unchanged(
        engine,
        (CaptainError, BustError),  # type: ignore[arg-type]
        "not seated|already out",
        lambda: services.captains.accept(tid, second.value.id),
    )
    assert [r.id for r in services.captains.reports(tid)] == [second.value.id]
    assert services.captains.reports(tid)[0].text == "S01 is out."


def test_the_director_switches_only_tables_of_the_room(
    services: Services, engine: Engine, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    refused_unchanged(
        engine, CaptainError, "Table 7 is not in the room", lambda: services.captains.enable(tid, 7)
    )
    assert services.captains.enable(tid, 2).changes.touches(Change.REPORTS)


@pytest.mark.slow
@pytest.mark.postgres
def test_reports_tokens_and_replays_on_postgresql(pg_url: str) -> None:
    """The same tables, unique nonces and token hashes on PostgreSQL."""
    from clockapp.persistence.db import open_database
    from tests.services.seating.test_seating import buy_ins

    services = Services(open_database(pg_url), now=FakeClock())
    try:
        tid = services.tournaments.create("Friday").value.id
        services.structure.replace(tid, STRUCTURE)
        services.seating.add_tables(tid, 1, seat_count=9)
        ann, bob = buy_ins(services, tid, 2)
        services.seating.seat_player(tid, ann, 1, 1)
        services.seating.seat_player(tid, bob, 1, 2)
        token = services.captains.issue_token(tid, 1).value.token
        nonce = services.captains.page(tid, token).nonce
        bust = Report(ReportKind.BUST, 1, busted=ann, busted_by=bob)
        sent = services.captains.submit(tid, token, nonce, bust).value
        with pytest.raises(NonceRefused):
            services.captains.submit(tid, token, nonce, bust)
        with pytest.raises(TokenRefused):
            services.captains.page(tid, new_token())
        assert services.captains.accept(tid, sent.id).value.bust is not None
        assert [b.registration_id for b in services.results.busts(tid)] == [ann]
    finally:
        services.ctx.engine.dispose()


def test_a_call_for_the_clock_on_a_player_accepted_puts_the_shot_clock_on_the_wall(
    services: Services, tid: int, seats: dict[tuple[int, int], int]
) -> None:
    token = services.captains.issue_token(tid, 1).value.token
    call = Report(ReportKind.CLOCK, 1, player=seats[(1, 3)])
    sent = services.captains.submit(tid, token, services.captains.page(tid, token).nonce, call)
    accepted = services.captains.accept(tid, sent.value.id)
    assert accepted.changes.touches(Change.WALL)
    assert accepted.value.shot is not None
    assert accepted.value.shot.player == "S03"
    moment = services.wall.current(tid)
    assert moment is not None
    assert moment.kind == SHOT_CLOCK
