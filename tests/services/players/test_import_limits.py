"""Player files and pre-registration lists under the 64 MB import limit but longer than any real
night: refused at the first line past the limit (the rest never read), in words, with the
database unchanged; memory stays bounded by the limit, not by the file."""

from __future__ import annotations

import tracemalloc

import pytest

from clockapp.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.players import csv_file, importing
from tests.dbdump import dump_database


@pytest.fixture
def tid(services: Services) -> int:
    return services.tournaments.create("Friday").value.id


def refused(services: Services, action: object, message: str) -> None:
    before = dump_database(services.ctx.engine)
    with pytest.raises(DomainError, match=message):
        action()  # type: ignore[operator]
    assert dump_database(services.ctx.engine) == before


def test_a_player_file_of_the_limit_is_imported_and_one_more_refused(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(csv_file, "MAX_PLAYER_ROWS", 3)
    # The line after the limit is broken CSV: never read, so the limit is what is said.
    text = 'name\nAnn\n\nBo\nCy\nDee\n"Eve\n'
    refused(
        services,
        lambda: services.players.import_csv(text),
        r"^CSV line 6: a player file holds at most 3 players; split the file",
    )
    assert services.players.import_csv("name\nAnn\n\nBo\nCy\n").value.created == 3


def test_a_pre_registration_list_past_the_limit_is_refused(
    services: Services, tid: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importing, "MAX_PRE_REGISTRATIONS", 3)
    text = 'Ann\n\nBo\nCy\n"Eve\n'
    message = r"^Line 4: a pre-registration list holds at most 3 lines; split the list"
    refused(services, lambda: services.cashier.preview_pre_registrations(tid, text), message)
    refused(services, lambda: services.cashier.import_pre_registrations(tid, text), message)
    plan = services.cashier.preview_pre_registrations(tid, "Ann\n\nBo\n")
    assert len(plan.lines) == 3


def test_the_real_limits() -> None:
    assert csv_file.MAX_PLAYER_ROWS == 20_000
    assert importing.MAX_PRE_REGISTRATIONS == 10_000


@pytest.mark.slow
def test_a_million_rows_are_refused_with_memory_bounded(services: Services, tid: int) -> None:
    players = "name,team\n" + "".join(f"Player {i},Reds\n" for i in range(1_000_000))
    names = "".join(f"Player {i}\n" for i in range(1_000_000))
    for action, message in (
        (lambda: services.players.import_csv(players), "CSV line 20002: a player file holds"),
        (
            lambda: services.cashier.import_pre_registrations(tid, names),
            "Line 10001: a pre-registration list holds",
        ),
    ):
        tracemalloc.start()
        try:
            refused(services, action, message)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        assert peak < 50 * 1024 * 1024  # the rows up to the limit, not a copy of the file
