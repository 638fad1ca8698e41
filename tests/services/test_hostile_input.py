"""Every service entry point, fed hostile values: a result or the app's own error, nothing else.

Each public method of the `Services` facade whose parameters are plain values (ints, strings,
booleans, optionally None) is called with huge, negative and zero numbers and empty, huge and
odd strings. The only acceptable outcomes are a result or a `DomainError`; after an error, every
table of the database is exactly as it was.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clockapp.errors import DomainError
from clockapp.services.app import Services
from tests.dbdump import dump_database

pytestmark = pytest.mark.slow

SERVICES = (
    "tournaments", "structure", "clock", "demo", "players", "cashier", "payouts", "results",
    "rulings", "seating", "hard_end", "bounties", "registration", "corrections", "leagues",
    "team_event", "stand_ins", "waiting", "wall", "showdown", "chip_race", "shot_clock",
    "chip_counts", "estimate", "house",
)  # fmt: skip

HOSTILE_INTS = st.one_of(
    st.sampled_from([0, -1, 1, 2, 2**31, 2**53 + 1, 2**63, -(2**63) - 1, 10**30, -(10**30)]),
    st.integers(-5, 5),
)
HOSTILE_TEXT = st.one_of(
    st.sampled_from(
        ["", " ", "x" * 5000, "\x00", "=HYPERLINK(1)", "Lee, Ann", "\r\n", "😀", "Ann\ud800"]
    ),
    st.text(max_size=12),
)


def _strategy(annotation: Any, name: str, valid_id: int) -> st.SearchStrategy[Any] | None:
    """Values for one parameter, or None when it is not a plain value."""
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1:
            return None
        base = _strategy(inner[0], name, valid_id)
        return None if base is None else st.one_of(st.none(), base)
    if annotation is bool:
        return st.booleans()
    if annotation is int:
        if name == "tournament_id":
            return st.one_of(st.just(valid_id), HOSTILE_INTS)
        return HOSTILE_INTS
    if annotation is str:
        return HOSTILE_TEXT
    return None


def _entry_points() -> list[tuple[str, str]]:
    """(service, method) for every public method of the facade's services."""
    from sqlalchemy import create_engine

    engine = create_engine("sqlite://")
    facade = Services(engine)
    found = []
    for service in SERVICES:
        cls = type(getattr(facade, service))
        for name, member in inspect.getmembers(cls, inspect.isfunction):
            # Methods taking values the app builds (dataclasses, datetimes) are left out: those
            # values are validated where they are built, and covered by their own tests.
            if not name.startswith("_") and _plain_parameters(member, 1) is not None:
                found.append((service, name))
    engine.dispose()
    return found


def _plain_parameters(
    method: Callable[..., Any], valid_id: int
) -> dict[str, st.SearchStrategy[Any]] | None:
    """A strategy per parameter, or None when a parameter is not a plain value."""
    hints = typing.get_type_hints(method)
    strategies = {}
    for name, parameter in inspect.signature(method).parameters.items():
        if name == "self":
            continue
        strategy = _strategy(hints.get(name), name, valid_id)
        if strategy is None:
            if parameter.default is inspect.Parameter.empty:
                return None
            continue  # leave a non-plain optional parameter at its default
        strategies[name] = strategy
    return strategies


ENTRY_POINTS = _entry_points()


@pytest.fixture
def tournament(services: Services) -> int:
    """A tournament with a structure, players bought in and tables: something to break."""
    return services.demo.create_demo().value.id


@pytest.mark.parametrize(("service", "method"), ENTRY_POINTS, ids=lambda v: v)
def test_hostile_values_give_a_result_or_the_apps_own_error(
    services: Services, tournament: int, service: str, method: str
) -> None:
    function = getattr(getattr(services, service), method)
    strategies = _plain_parameters(getattr(type(getattr(services, service)), method), tournament)
    assert strategies is not None

    @settings(
        max_examples=8,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(st.fixed_dictionaries(strategies))
    def check(kwargs: dict[str, Any]) -> None:
        before = dump_database(services.ctx.engine)
        try:
            function(**kwargs)
        except DomainError:
            assert dump_database(services.ctx.engine) == before, kwargs

    check()


@pytest.mark.parametrize("name", ["x" * 5000, "../presets/turbo", "/etc/passwd", "\x00"])
def test_a_preset_name_is_never_a_path(services: Services, name: str) -> None:
    with pytest.raises(DomainError, match="There is no preset called"):
        services.structure.preset_info(name)
