"""The host's look, rules sheet and break slides through the services."""

from __future__ import annotations

import pytest

from clockapp.core.house import Look, Slide, SlideShow
from clockapp.core.look import LookError
from clockapp.core.wall import HOUSE_RULES
from clockapp.services.app import Services
from clockapp.services.changes import Change
from clockapp.services.house import rules_template
from tests.dbdump import dump_database as dump


def test_a_look_is_kept_per_tournament_and_read_in_the_snapshot(services: Services) -> None:
    first = services.tournaments.create("One").value.id
    second = services.tournaments.create("Two").value.id
    look = Look(title="Friday Night Poker", theme="day", colours={"BLINDS": "#5a3000"})
    outcome = services.house.set_look(first, look)
    assert outcome.changes.touches(Change.WALL)
    assert services.clock.snapshot(first).house.look == look
    assert services.clock.snapshot(second).house.look == Look()


def test_the_rules_start_as_the_holdem_template_and_go_on_the_wall(services: Services) -> None:
    tid = services.tournaments.create("Friday").value.id
    assert services.house.rules(tid) == rules_template()
    assert "Hold'em" in rules_template()
    services.house.set_rules(tid, "# Phones\n- Away from the table\n- Calls outside")
    outcome = services.house.show_rules(tid)
    assert outcome.changes.touches(Change.WALL)
    moment = services.clock.snapshot(tid).wall
    assert moment is not None
    assert moment.kind == HOUSE_RULES
    assert moment.payload["pages"] == [["Phones", ["Away from the table", "Calls outside"]]]


@pytest.mark.slow
@pytest.mark.parametrize("text", ["", "   \n", "x" * 60_000])
def test_an_empty_or_huge_rules_sheet_is_refused_and_nothing_changes(
    services: Services, text: str
) -> None:
    tid = services.tournaments.create("Friday").value.id
    before = dump(services.ctx.engine)
    with pytest.raises(LookError):
        services.house.set_rules(tid, text)
    assert dump(services.ctx.engine) == before


def test_slides_are_kept_and_none_removes_them(services: Services) -> None:
    tid = services.tournaments.create("Friday").value.id
    show = SlideShow((Slide("Thanks to", "Joe's Bar"), Slide(image="iVBORw0KGgo=")), seconds=8)
    services.house.set_slides(tid, show)
    assert services.clock.snapshot(tid).house.slides == show
    services.house.set_slides(tid, SlideShow())
    assert services.clock.snapshot(tid).house.slides == SlideShow()


def test_a_damaged_stored_look_leaves_the_default_look(services: Services) -> None:
    from clockapp.persistence.queries import house as rows

    tid = services.tournaments.create("Friday").value.id
    with services.ctx.transaction() as session:
        rows.put(session, rows.LOOK, tid, '{"theme": "neon"}')
    assert services.clock.snapshot(tid).house.look == Look()


def test_the_rules_sheet_can_turn_with_the_break_slides(services: Services) -> None:
    tid = services.tournaments.create("Friday").value.id
    services.house.set_house(tid, "# Phones\n- Away\n# Drinks\n- Off the felt", None)
    kept = SlideShow((Slide("Thanks to", "Joe's Bar"),), seconds=8, with_rules=True)
    services.house.set_slides(tid, kept)
    assert services.house.slides(tid) == kept
    shown = services.clock.snapshot(tid).house.slides
    assert [(s.title, s.text) for s in shown.slides] == [
        ("Thanks to", "Joe's Bar"),
        ("Phones", "Away"),
        ("Drinks", "Off the felt"),
    ]
    assert shown.seconds == 8
