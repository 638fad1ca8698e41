"""The player database: details, search as you type, merging duplicates, CSV in and out."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clockapp.core.text import NAME_MAX, TextError, clean_text
from clockapp.errors import DomainError, ValidationError
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.players import (
    PlayerDetails,
    PlayerError,
    PlayerInfo,
    fold,
    parse_players_csv,
    players_to_csv,
)

NOW = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)


def add(services: Services, name: str, nickname: str = "", **more: str) -> int:
    return services.players.create(PlayerDetails(name, nickname, **more)).value.id


def names(found: tuple[object, ...]) -> list[str]:
    return [p.name for p in found]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("details", "message"),
    [
        ({"name": "   "}, "needs a name"),
        ({"name": "A" * 61}, "Player name: at most 60 characters"),
        ({"name": "Ann", "email": "not-an-address"}, "not an e-mail address"),
        ({"name": "Ann", "nickname": "N" * 41}, "Player nickname: at most 40 characters"),
    ],
)
def test_bad_details_are_refused_with_a_clear_message(
    details: dict[str, str], message: str
) -> None:
    with pytest.raises(ValidationError, match=message):
        PlayerDetails(**details)


def test_create_update_and_get(services: Services) -> None:
    outcome = services.players.create(PlayerDetails("  Ann   Lee ", "Ace", team="Reds"))
    assert outcome.changes.touches(Change.PLAYERS)
    ann = outcome.value
    assert (ann.name, ann.nickname, ann.display_name) == ("Ann Lee", "Ace", 'Ann Lee "Ace"')
    edited = services.players.update(ann.id, PlayerDetails("Ann Lee", "Aces", phone="555"))
    assert (edited.value.nickname, edited.value.phone, edited.value.team) == ("Aces", "555", "")
    assert services.players.get(ann.id) == edited.value


def test_unknown_player_is_a_clear_error(services: Services) -> None:
    with pytest.raises(PlayerError, match="Player #99 does not exist"):
        services.players.get(99)


SEARCH_FIELD = ["Anna Smith", "Hannah Berg", "Zoé Durand", "Bob Annan", "Carl Jones", "Dan 50%"]


@pytest.fixture
def field(services: Services) -> Services:
    for name in SEARCH_FIELD:
        add(services, name, "Shark" if name == "Carl Jones" else "")
    return services


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("ann", ["Anna Smith", "Bob Annan", "Hannah Berg"]),  # start, word start, inside
        ("ANN", ["Anna Smith", "Bob Annan", "Hannah Berg"]),  # case does not matter
        ("zoe", ["Zoé Durand"]),  # nor accents
        ("Zoé d", ["Zoé Durand"]),
        ("shark", ["Carl Jones"]),  # the nickname is searched too
        ("50%", ["Dan 50%"]),  # LIKE wildcards are taken literally
        ("%", ["Dan 50%"]),
        ("_", []),
        ("xyz", []),
    ],
)
def test_search_as_you_type(field: Services, typed: str, expected: list[str]) -> None:
    assert names(field.players.search(typed)) == expected


def test_an_empty_search_lists_players_by_name(field: Services) -> None:
    assert names(field.players.search("", limit=3)) == ["Anna Smith", "Bob Annan", "Carl Jones"]


@pytest.mark.slow
def test_prefix_matches_are_not_crowded_out_by_many_substring_matches(services: Services) -> None:
    for number in range(30):
        add(services, f"Player Bo{number:02d}x")
    add(services, "Zbo")  # sorts last alphabetically, but starts with what is typed...
    add(services, "Bo Zed")
    assert names(services.players.search("bo", limit=3))[:1] == ["Bo Zed"]


@pytest.mark.slow
def test_merge_moves_registrations_keeps_history_and_hides_the_duplicate(
    services: Services,
) -> None:
    keep = add(services, "Ann Lee", phone="555")
    dup = add(services, "Anne Lee", "Ace", email="ann@example.org", notes="prefers seat 1")
    tid = services.tournaments.create("Friday").value.id
    reg = services.cashier.buy_in(tid, dup).value.registration
    merged = services.players.merge(keep, dup)
    assert merged.changes.touches(Change.PLAYERS | Change.ENTRIES)
    info = merged.value
    assert (info.nickname, info.phone, info.email, info.notes) == (
        "Ace",
        "555",
        "ann@example.org",
        "prefers seat 1",
    )
    assert services.players.get(dup).merged_into_id == keep
    assert names(services.players.search("lee")) == ["Ann Lee"]
    moved = services.cashier.registration(tid, reg.id)
    assert moved.player_id == keep
    assert moved.name == 'Ann Lee "Ace"'
    # The ledger row still belongs to the same registration: money history is unchanged.
    assert [row.registration_id for row in services.cashier.ledger(tid)] == [reg.id]
    # A merged duplicate used later (say from an old list) means the player it was merged into.
    with pytest.raises(DomainError, match="already registered"):
        services.cashier.buy_in(tid, dup)


def test_merge_refuses_two_players_registered_in_the_same_tournament(services: Services) -> None:
    a, b = add(services, "Ann"), add(services, "Ann B")
    tid = services.tournaments.create("Friday").value.id
    services.cashier.register(tid, a)
    services.cashier.register(tid, b)
    revision = services.tournaments.revision()
    with pytest.raises(PlayerError, match="both registered in Friday"):
        services.players.merge(a, b)
    assert services.tournaments.revision() == revision
    assert services.players.get(b).merged_into_id is None


@pytest.mark.parametrize("same", [True, False])
def test_merge_refuses_nonsense(services: Services, same: bool) -> None:
    a, b, c = add(services, "A"), add(services, "B"), add(services, "C")
    if same:
        with pytest.raises(PlayerError, match="two different players"):
            services.players.merge(a, a)
    else:
        services.players.merge(a, b)
        with pytest.raises(PlayerError, match="already merged"):
            services.players.merge(c, b)


def test_csv_import_adds_new_players_once_and_export_round_trips(services: Services) -> None:
    add(services, "Zoé Durand")
    text = (
        "\ufeffName,Team,E-mail ignored,Nickname\n"
        "Ann Lee,Reds,x,Ace\n"
        "\n"
        "zoe durand,Blues,,\n"
        'Bob "Big" Annan,,,\n'
    )
    report = services.players.import_csv(text).value
    assert (report.created, report.already_there) == (2, 1)
    assert names(report.players) == ["Ann Lee", "Zoé Durand", 'Bob "Big" Annan']
    exported = services.players.export_csv()
    again = parse_players_csv(exported)
    assert [p.name for p in again] == ["Ann Lee", 'Bob "Big" Annan', "Zoé Durand"]
    assert (again[0].team, again[0].nickname) == ("Reds", "Ace")
    # Importing the export again adds nobody.
    assert services.players.import_csv(exported).value.created == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nick,team\nA,B\n", "header row with a 'name' column"),
        ("name,email\nAnn,ann@x.org\n,bob@x.org\n", "CSV line 3: A player needs a name"),
        ("name,email\nAnn,not-mail\n", "CSV line 2: .*not an e-mail address"),
    ],
)
def test_a_bad_csv_saves_nothing_and_names_the_line(
    services: Services, text: str, message: str
) -> None:
    with pytest.raises(PlayerError, match=message):
        services.players.import_csv(text)
    assert services.players.list() == ()


def _storable(text: str) -> bool:
    """Whether a player's name may be `text` (see `clean_text`)."""
    try:
        return bool(clean_text(text, "Player name", NAME_MAX))
    except TextError:
        return False


_NAME = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1
).filter(_storable)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(_NAME, _NAME), min_size=1, max_size=5))
def test_csv_round_trips_any_text(rows: list[tuple[str, str]]) -> None:
    players = []
    for number, (name, notes) in enumerate(rows):
        d = PlayerDetails(name, notes=notes)
        players.append(PlayerInfo(number, d.name, "", "", "", "", d.notes, NOW))
    parsed = parse_players_csv(players_to_csv(tuple(players)))
    assert [(p.name, p.notes) for p in parsed] == [(p.name, p.notes) for p in players]


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=20))
def test_fold_is_idempotent_and_ignores_case_of_ascii(text: str) -> None:
    assert fold(fold(text)) == fold(text)
    if text.isascii():
        assert fold(text.upper()) == fold(text.lower())
