"""Every CSV export is safe to open in a spreadsheet and reads back through clockapp's reader."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.records import CashierConfig
from clockapp.core.structure import Break, Level, Structure
from clockapp.core.userfiles import FORMULA_STARTS, csv_records
from clockapp.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails

HOSTILE = ['=HYPERLINK("http://x","click")', "+cmd", "@SUM(1)", "-2+3"]
STRUCTURE = Structure("Test", (Level(25, 50, minutes=20), Break(10), Level(50, 100, minutes=20)))


@pytest.fixture
def tid(services: Services) -> int:
    t = services.tournaments.create("Friday").value.id
    services.structure.replace(t, STRUCTURE)
    rules = EntryRules(RegistrationRule(EntryPrice(2000, 500), 10_000))
    services.cashier.set_config(t, CashierConfig(rules))
    return t


def seat(services: Services, tid: int, name: str) -> int:
    player = services.players.create(PlayerDetails(name)).value.id
    return services.cashier.buy_in(tid, player).value.registration.id


def assert_safe(text: str) -> list[tuple[str, ...]]:
    """No cell a spreadsheet would run; the rows as clockapp's reader gives them back."""
    raw = [record.cells for record in csv_records(text.replace("'", "\x00"))]
    for cells in raw:
        for cell in cells:
            if cell[:1] in FORMULA_STARTS:
                assert cell.lstrip("-").replace(".", "").isdigit(), cell  # a number
    return [record.cells for record in csv_records(text)]


def test_results_export(services: Services, tid: int) -> None:
    regs = [seat(services, tid, name) for name in HOSTILE]
    services.results.bust(tid, regs[3], busted_by=regs[0])
    rows = assert_safe(services.results.results_csv(tid))
    header = rows[0]
    by_name = {row[header.index("name")]: row for row in rows[1:]}
    assert set(by_name) == set(HOSTILE)
    assert by_name["-2+3"][header.index("busted_by")] == HOSTILE[0]
    assert by_name["-2+3"][header.index("paid_in")] == "25.00"


def test_ledger_export_keeps_negative_amounts_numeric(services: Services, tid: int) -> None:
    reg = seat(services, tid, HOSTILE[0])
    entry = services.cashier.ledger(tid)[-1]
    services.cashier.refund(tid, entry.id, "=cmd|' /C calc'!A0")
    text = services.cashier.ledger_csv(tid)
    rows = assert_safe(text)
    header = rows[0]
    refund = rows[-1]
    assert refund[header.index("kind")] == "refund"
    assert refund[header.index("drawer")] == "-25.00"
    assert refund[header.index("amount")] == "-25.00"  # a reversal shows its sign
    assert refund[header.index("reason")] == "=cmd|' /C calc'!A0"
    assert rows[1][header.index("player")] == HOSTILE[0]
    assert rows[1][header.index("drawer")] == "25.00"
    assert ",-25.00," in text  # written as a plain number, not quoted
    assert reg


def test_structure_export_round_trips_through_the_import(services: Services, tid: int) -> None:
    hostile = STRUCTURE.with_levels(
        (Level(25, 50, game="=1+1", label="@SUM(1)"), Break(10, label="+cmd"))
    )
    services.structure.replace(tid, hostile)
    text = services.structure.export_text(tid, "csv")
    assert_safe(text)
    other = services.tournaments.create("Other").value.id
    services.structure.import_text(other, text, "csv")
    assert services.structure.get(other).levels == hostile.levels


def test_player_export_round_trips_through_the_import(services: Services) -> None:
    for name in HOSTILE:
        services.players.create(PlayerDetails(name, notes="\t=tab", team="\r=cr"))
    text = services.players.export_csv()
    assert_safe(text)
    assert services.players.import_csv(text).value.created == 0
    assert sorted(p.name for p in services.players.list()) == sorted(HOSTILE)


# ------------------------------------------------------------------------------ hostile input
def result_or_own_error(call: Callable[[], object]) -> object:
    """What `call` returns, or the app's own error it raises (anything else fails the test)."""
    try:
        return call()
    except DomainError as error:
        return error


structure_text = st.one_of(
    st.text(),
    st.lists(
        st.sampled_from(
            [
                "small_blind,big_blind,minutes",
                "type,minutes,label",
                "\r",
                "\n",
                "\r\n",
                "25,50,20",
                ",,10",
                "10,20,20",
                '"',
                "'",
                "=",
                "{",
                "}",
                "[",
                "]",
                '"levels"',
                ":",
                "1e999",
                ",",
            ]
        ),
        max_size=30,
    ).map("".join),
)


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_hostile_structure_files_change_nothing(services: Services, tid: int, fmt: str) -> None:
    @settings(
        max_examples=150,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(structure_text)
    def check(text: str) -> None:
        before = (services.tournaments.revision(), services.structure.get(tid))
        outcome = result_or_own_error(lambda: services.structure.import_text(tid, text, fmt))
        if isinstance(outcome, DomainError):
            assert str(outcome)
            assert (services.tournaments.revision(), services.structure.get(tid)) == before

    check()
