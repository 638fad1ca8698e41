"""Player files are hostile: CSV with quoting and any line ending, a preview, one transaction."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import event
from sqlalchemy.engine import Engine

from clockapp.core.money.records import CashierError
from clockapp.core.registration import RegistrationStatus
from clockapp.core.userfiles import MAX_CELL_CHARS
from clockapp.errors import DomainError
from clockapp.services.app import Services
from clockapp.services.players import PlayerDetails, PlayerError, parse_players_csv
from clockapp.services.players.importing import ImportAction


@pytest.fixture
def tid(services: Services) -> int:
    return services.tournaments.create("Friday").value.id


def add(services: Services, name: str) -> int:
    return services.players.create(PlayerDetails(name)).value.id


@contextmanager
def counted_statements(engine: Engine) -> Iterator[list[str]]:
    seen: list[str] = []

    def count(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
        seen.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", count)


# ------------------------------------------------------------------------------ player CSV
@pytest.mark.parametrize("newline", ["\r", "\n", "\r\n"])
def test_player_csv_with_any_line_ending(services: Services, newline: str) -> None:
    text = newline.join(["name,team,notes", 'Cy,Reds,"two', 'lines"', "Dee,,"]) + newline
    report = services.players.import_csv(text).value
    assert [(p.name, p.team, p.notes) for p in report.players] == [
        ("Cy", "Reds", "two\nlines"),
        ("Dee", "", ""),
    ]


def test_a_cell_over_the_size_limit_is_refused_naming_the_line(services: Services) -> None:
    text = f'name,notes\nAnn,\nBob,"{"x" * (MAX_CELL_CHARS + 1)}"\n'
    with pytest.raises(PlayerError, match="CSV line 3: a cell is longer than"):
        services.players.import_csv(text)
    assert services.players.list() == ()


def test_player_import_runs_a_fixed_number_of_statements(services: Services) -> None:
    # It used to query the database for every row (and flush every new player on its own).
    for name in ("Old 1", "Old 2", "Old 3"):
        add(services, name)
    counts = []
    for size in (20, 400):
        rows = [f"Player {size}-{n}" for n in range(size)] + ["old 1", "Old 2"]
        with counted_statements(services.ctx.engine) as seen:
            report = services.players.import_csv("name\n" + "\n".join(rows) + "\n").value
        assert (report.created, report.already_there) == (size, 2)
        counts.append(len(seen))
    assert counts[1] <= counts[0] + 2


def test_export_neutralises_formulas_and_round_trips(services: Services) -> None:
    hostile = ['=HYPERLINK("http://x","y")', "+cmd", "@SUM(1)", "-2+3", "'=quoted", "Ann"]
    for name in hostile:
        services.players.create(PlayerDetails(name, notes="-20.00", team="=1+1"))
    text = services.players.export_csv()
    for line in text.splitlines()[1:]:
        assert line[:1] not in ("=", "+", "@", "\t", "\r")
        assert ",'=1+1," in line
        assert line.endswith(",-20.00")  # a number stays a number
    back = parse_players_csv(text)
    assert sorted(p.name for p in back) == sorted(hostile)
    assert {(p.team, p.notes) for p in back} == {("=1+1", "-20.00")}
    assert services.players.import_csv(text).value.created == 0


# ------------------------------------------------------------------------------ pre-registrations
def test_quoted_names_with_commas_stay_apart(services: Services, tid: int) -> None:
    regs = services.cashier.import_pre_registrations(tid, '"Lee, Ann"\r"Lee, Bob"\r').value
    assert [r.name for r in regs] == ["Lee, Ann", "Lee, Bob"]
    assert len(services.players.list()) == 2


def test_preview_lists_create_merge_and_skip_and_writes_nothing(
    services: Services, tid: int
) -> None:
    zoe = add(services, "Zoé Durand")
    bob = add(services, "Bob")
    services.cashier.pre_register(tid, [bob])
    text = 'name,phone\n"Lee, Ann",555\nzoe durand,\n\nLEE, ann,\nBob,\n,666\n'
    revision = services.tournaments.revision()
    plan = services.cashier.preview_pre_registrations(tid, text)
    assert [(i.line, i.name, i.action, i.player_id) for i in plan.lines] == [
        (2, "Lee, Ann", ImportAction.CREATE, None),
        (3, "zoe durand", ImportAction.MERGE, zoe),
        (4, "", ImportAction.SKIP, None),
        (5, "LEE", ImportAction.CREATE, None),  # a header: the name is the 'name' column only
        (6, "Bob", ImportAction.SKIP, bob),
        (7, "", ImportAction.SKIP, None),
    ]
    assert plan.lines[4].note == "already on tonight's list"
    assert plan.lines[2].note == "blank line"
    assert plan.summary() == "2 new players, 1 already in the database, 3 lines skipped"
    assert services.tournaments.revision() == revision
    assert len(services.players.list()) == 2
    regs = services.cashier.import_pre_registrations(tid, text).value
    assert [r.name for r in regs] == ["Lee, Ann", "Zoé Durand", "LEE", "Bob"]
    assert {r.status for r in regs} == {RegistrationStatus.PRE_REGISTERED}
    assert len(services.players.list()) == 4


def test_a_semicolon_list_without_header_keeps_the_commas_of_its_names(
    services: Services, tid: int
) -> None:
    # Saved where the list separator is ";": line 1 holds a comma too, the next lines tell.
    text = "Lee, Ann;555-0101\nBob;555-0102\nCy;\n"
    plan = services.cashier.preview_pre_registrations(tid, text)
    assert [i.name for i in plan.lines] == ["Lee, Ann", "Bob", "Cy"]


def test_a_list_without_header_takes_the_first_cell_and_says_so(
    services: Services, tid: int
) -> None:
    plan = services.cashier.preview_pre_registrations(tid, "Lee, Ann\nann lee\nANN LEE\n")
    assert [(i.name, i.action) for i in plan.lines] == [
        ("Lee", ImportAction.CREATE),
        ("ann lee", ImportAction.CREATE),
        ("ANN LEE", ImportAction.SKIP),
    ]
    assert "quote names that hold a comma" in plan.lines[0].note
    assert plan.lines[2].note == "same name as line 2"


@pytest.mark.slow
def test_pre_registration_import_runs_a_fixed_number_of_statements(
    services: Services, tid: int
) -> None:
    # The import used to look through every registration for each name (quadratic) and insert
    # each registration with its own statement.
    services.cashier.import_pre_registrations(tid, "First")  # the tournament's rows created
    counts = []
    for size in (10, 200):
        names = "\n".join(f"P{size}-{n}" for n in range(size))
        with counted_statements(services.ctx.engine) as seen:
            services.cashier.preview_pre_registrations(tid, names)
            regs = services.cashier.import_pre_registrations(tid, names).value
        assert len(regs) == size
        counts.append(len(seen))
    assert counts[1] == counts[0]


# ------------------------------------------------------------------------------ hostile input
def snapshot(services: Services, tid: int) -> object:
    return (
        services.tournaments.revision(),
        services.players.list(),
        services.cashier.registrations(tid),
    )


def result_or_own_error(call: Callable[[], object]) -> object:
    """What `call` returns, or the app's own error it raises (anything else fails the test)."""
    try:
        return call()
    except DomainError as error:
        return error


hostile_text = st.one_of(
    st.text(),
    st.binary().map(lambda b: b.decode("utf-8", "replace")),
    st.lists(
        st.sampled_from(
            [
                "name",
                "Ann",
                "Lee, Bob",
                ",",
                '"',
                "\r",
                "\n",
                "\r\n",
                "'",
                "=",
                "@",
                "\ufeff",
                "\x00",
                " ",
                "email",
                "x@y",
                "not mail",
                "Zoé",
            ]
        ),
        max_size=40,
    ).map("".join),
)


@pytest.mark.slow
@pytest.mark.parametrize("entry", ["players", "preview", "pre_registrations"])
def test_hostile_files_give_a_result_or_a_clear_error_and_change_nothing(
    services: Services, tid: int, entry: str
) -> None:
    add(services, "Ann")
    calls = {
        "players": lambda text: services.players.import_csv(text),
        "preview": lambda text: services.cashier.preview_pre_registrations(tid, text),
        "pre_registrations": lambda text: services.cashier.import_pre_registrations(tid, text),
    }

    @settings(
        max_examples=120,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(hostile_text)
    def check(text: str) -> None:
        before = snapshot(services, tid)
        outcome = result_or_own_error(lambda: calls[entry](text))
        if isinstance(outcome, DomainError):
            assert str(outcome)
            assert snapshot(services, tid) == before
        if entry == "preview":
            assert snapshot(services, tid) == before

    check()


def test_an_empty_list_is_refused(services: Services, tid: int) -> None:
    with pytest.raises(CashierError, match="no names"):
        services.cashier.preview_pre_registrations(tid, "\r\n\r\n")


@pytest.mark.parametrize(
    "title", ["Player", "Full name", "Nom", "Spieler", "JUGADOR", "Naam", "Nome"]
)
def test_a_name_column_titled_in_common_words_is_the_header(
    services: Services, tid: int, title: str
) -> None:
    text = f"{title},Phone,Email\nAnn Lee,555,ann@x.org\nBob,,\n"
    plan = services.cashier.preview_pre_registrations(tid, text)
    assert [(i.line, i.name, i.action) for i in plan.lines] == [
        (2, "Ann Lee", ImportAction.CREATE),
        (3, "Bob", ImportAction.CREATE),
    ]
    regs = services.cashier.import_pre_registrations(tid, text).value
    assert [r.name for r in regs] == ["Ann Lee", "Bob"]
    ann = next(p for p in services.players.list() if p.name == "Ann Lee")
    assert (ann.phone, ann.email) == ("555", "ann@x.org")


@pytest.mark.parametrize("entry", ["preview", "pre_registrations"])
def test_a_header_without_a_name_column_is_refused_naming_its_columns(
    services: Services, tid: int, entry: str
) -> None:
    add(services, "Ann")
    text = "Phone,E-mail,Seat\n555,ann@x.org,3\n"
    calls = {
        "preview": lambda: services.cashier.preview_pre_registrations(tid, text),
        "pre_registrations": lambda: services.cashier.import_pre_registrations(tid, text),
    }
    before = snapshot(services, tid)
    with pytest.raises(CashierError) as refused:
        calls[entry]()
    message = str(refused.value)
    assert "Phone, E-mail, Seat" in message
    assert "rename the column that holds the names to 'name'" in message
    assert snapshot(services, tid) == before


def test_a_player_csv_with_a_player_column_imports(services: Services) -> None:
    report = services.players.import_csv("Player,Team\nAnn,Reds\n").value
    assert [(p.name, p.team) for p in report.players] == [("Ann", "Reds")]


def test_a_player_csv_without_a_name_column_names_what_it_has(services: Services) -> None:
    with pytest.raises(PlayerError, match=r"first line has Phone, Email: rename") as refused:
        services.players.import_csv("Phone,Email\n555,ann@x.org\n")
    assert "'name'" in str(refused.value)
    assert services.players.list() == ()


def test_a_list_of_one_name_a_line_may_start_with_a_column_word(
    services: Services, tid: int
) -> None:
    regs = services.cashier.import_pre_registrations(tid, "Nick\nAnn\n").value
    assert [r.name for r in regs] == ["Nick", "Ann"]
