"""Points formulas: whitelisted syntax, bounded work, and messages that name the place."""

from __future__ import annotations

import pytest

from clockapp.core.points import Formula, FormulaError, PointsInput, Role, evaluate_all
from clockapp.core.points.formula import format_points


def person(place: int, **kw: object) -> PointsInput:
    return PointsInput(name=f"P{place}", place=place, entrants=10, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("entrants - place + 1", 800),
        ("sqrt(entrants * buy_in / 100) / place", 527),
        ("10 if place <= 3 else 1", 1000),
        ("max(0, 5 - place) + bounties * 2", 400),
        ("2 ** 3 + helper", 800),
        ("100 / 3", 3333),
        ("-1.25", -125),
    ],
)
def test_formulas_evaluate_in_hundredths(text: str, expected: int) -> None:
    assert Formula.parse(text).points(person(3, buy_in=2500, bounties=1)) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("place +", "does not parse"),
        ("place.real", "attribute"),
        ("__import__('os')", "Only these functions"),
        ("(lambda: 1)()", "Only these functions"),
        ("[p for p in (1, 2)]", "listcomp"),
        ("open", "Unknown name 'open'"),
        ("mystery + 1", "Unknown name 'mystery'"),
        ("round(place, ndigits=1)", "named arguments"),
        ("place[0]", "subscript"),
        ("'a' * 9", "numbers only"),
        ("(x := 1)", "namedexpr"),
        ("10000000000", "too large"),
        ("place + " * 300 + "1", "too long"),
        ("", "Type a formula"),
        ("entrants\ud800", r"character 9 is broken \(U\+D800\)"),
        ("entrants # \udfff", "character 12 is broken"),
        ("entrants\x00", "null bytes"),
    ],
)
def test_unsafe_or_broken_formulas_are_refused_before_running(text: str, message: str) -> None:
    with pytest.raises(FormulaError, match=message):
        Formula.parse(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("100 / (place - 3)", "Place 3 (P3): division by zero."),
        ("place % (place - 3)", "Place 3 (P3): division by zero."),
        ("place ** 1000", "power too large"),
        ("999999 ** 10", "result out of range"),
        ("entrants * 1000000", "result out of range"),
        ("sqrt(2 - place)", "square root of a negative number"),
        ("log(place - 3)", "log of a number that is not positive"),
        ("(place - 3) ** -1", "division by zero"),
        ("(1 - place) ** 0.5", "power of a negative number"),
    ],
)
def test_a_formula_failing_on_one_input_names_the_place(text: str, message: str) -> None:
    people = [person(1), person(2), person(3)]
    with pytest.raises(FormulaError) as caught:
        evaluate_all(text, people)
    assert str(caught.value).startswith("Place ")
    assert message in str(caught.value)


def test_people_without_a_place_are_named_by_role() -> None:
    spectator = PointsInput(name="Zoe", role=Role.SPECTATOR, minutes=40)
    with pytest.raises(FormulaError, match=r"^Zoe \(spectator\): division by zero"):
        evaluate_all("1 / place", [spectator])
    assert evaluate_all("2 if spectator and minutes >= 30 else 0", [spectator]) == (200,)


def test_format_points() -> None:
    assert [format_points(v) for v in (0, 100, 150, 1234, -250)] == [
        "0",
        "1",
        "1.5",
        "12.34",
        "-2.5",
    ]


def test_the_work_of_the_longest_formula_is_bounded() -> None:
    """A formula at the length limit, for a field of 500, stays well under a second's work: a
    host's typo cannot freeze the app. The work is this process's CPU time, which other
    programs (a parallel test run) do not inflate as they do the wall clock's."""
    import time

    text = "+".join(["max(place, entrants) * sqrt(buy_in) / (place + 1)"] * 9)
    people = [PointsInput(f"P{i}", place=i, entrants=500, buy_in=2500) for i in range(1, 501)]
    start = time.process_time()
    evaluate_all(text, people)
    assert time.process_time() - start < 3.0
    with pytest.raises(FormulaError, match="too long"):
        Formula.parse(text + "+" + text)
