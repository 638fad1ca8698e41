"""A whole small tournament, played through the windows as a host plays it.

Twelve players (eleven at the doors, one late), three tables of six (one breaks), a structure with
a break after level 2, late registration and $20 rebuys through that break, three places paid
50/30/20. The host registers and sells at the desk, runs the clock from the director's keyboard,
breaks a table and forms the final table in the tables window, puts the bubble's all in on the
wall, records a three-way deal and pays it; after each step the test reads the wall as the room
sees it and the cashier's figures and reports as the host does. Time moves only on the injected
fake clock, and the seat draws are seeded.

On the way the host meets the desk's rules (adding a player is not selling him a buy-in; money
only on Ctrl+Enter; letters are names, the commands F-keys; no message moves the search box), the
balance notice after a bust, Break table's own dialog, the wall's rebuy and add-on line, the
estimate and the charts counting no rebuy as a bust, the showdown's stakes, the export's name,
and Ctrl+W.

The host's steps live in `tests/ui/night_steps.py`, one helper each.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCharts import QLineSeries
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from sqlalchemy.engine import Engine

from clockapp.core.chips import ChipSet
from clockapp.core.money.amounts import format_cents as money
from clockapp.core.money.ledger import RowKind
from clockapp.core.registration import RegistrationStatus
from clockapp.core.seating import DealIn
from clockapp.core.structure import Break, Level, Structure
from clockapp.services.app import Services
from clockapp.services.seating import SeatingService, cashier_seats
from clockapp.ui.actions import Action
from clockapp.ui.bus import TournamentBus
from clockapp.ui.cashier import CashierWindow
from clockapp.ui.charts import ChartsWindow
from clockapp.ui.clock import texts
from clockapp.ui.director.closing import in_play_now
from clockapp.ui.display.widgets import FitLabel
from clockapp.ui.seating import TablesWindow
from clockapp.ui.settings import UiSettings
from clockapp.ui.station.station import ClockStation
from tests.fakes import FakeClock
from tests.ui.conftest import FakeSound, FakeTimer
from tests.ui.night_steps import Night
from tests.ui.polling import settle, submit_and_wait

STRUCTURE = Structure(
    "Friday night",
    (
        Level(25, 50, minutes=20),
        Level(50, 100, minutes=20),
        Break(10),
        Level(75, 150, ante=150, big_blind_ante=True, minutes=20),
        Level(100, 200, ante=200, big_blind_ante=True, minutes=20),
        Level(150, 300, ante=300, big_blind_ante=True, minutes=20),
    ),
)
AT_THE_DOORS = [
    "Ada Byron",
    "Ben Cole",
    "Cyd Dunn",
    "Dee Ellis",
    "Eve Frost",
    "Fay Gold",
    "Gus Hale",
    "Hal Irwin",
    "Ivy Jones",
    "Jay Kerr",
    "Kim Lowe",
]
LATE = "Lou Moss"
POOL = 12 * 2_000 + 2 * 2_000  # twelve buy-ins and two rebuys, $20 each to the prize pool
CHIPS = 14 * 10_000
FEES = 12 * 500
SEED = 6  # Jay and Ivy, the first two out, sit at the same table


@pytest.fixture
def db_path(tmp_path: Path) -> Iterator[Path]:
    """The database in RAM when the system has a RAM disk (every host action commits)."""
    shm = Path("/dev/shm")
    if not shm.is_dir():
        yield tmp_path / "night.db"
        return
    with tempfile.TemporaryDirectory(dir=shm, prefix="clockapp-night-") as folder:
        yield Path(folder) / "night.db"


@pytest.fixture
def night(
    qtbot,
    station: ClockStation,
    services: Services,
    fake_clock: FakeClock,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Night:
    """The host's windows open: the wall and the director (the station), cashier, tables.
    The seat draws are seeded (the sales' and the tables window's), so the night's players
    sit at the same tables every run."""
    rng = random.Random(SEED)
    monkeypatch.setattr(cashier_seats, "fresh_rng", lambda: rng)
    services.seating = SeatingService(services.ctx, rng=rng)
    station.director.show()  # the host's screen; the fixture shows only the wall
    qtbot.waitExposed(station.director)
    cashier = station.windows.open_cashier()
    tables = station.windows.open_tables()
    assert isinstance(cashier, CashierWindow)
    assert isinstance(tables, TablesWindow)
    saved_as: list[Path] = []

    def save_dialog(_parent: object, _title: str, start: str, _kind: str) -> tuple[str, str]:
        saved_as.append(Path(start))  # the host keeps the name the dialog suggests
        return str(tmp_path / Path(start).name), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_dialog))
    return Night(qtbot, station, services, fake_clock, cashier, tables, tmp_path, saved_as)


def seated(n: Night) -> dict[int, set[str]]:
    """Who sits at each table, as the ovals of the tables window show it: {table: {name}}."""
    shown = {
        number: {s.name for s in item.info.seats if s.registration_id is not None}
        for number, item in n.tables.room_view.items_by_table.items()
    }
    stored = {
        t.number: {s.name for s in t.seats if s.registration_id is not None}
        for t in n.services.seating.room(n.tid).tables
    }
    assert shown == stored  # the window follows the database
    return shown


def set_up(n: Night, services: Services, add_on: str = "") -> None:
    """Before the doors open: the structure, the entry rules, three tables of six."""
    # The structure editor has its own tests; here the director's saved structure is loaded.
    submit_and_wait(n.qtbot, n.station.bus, lambda: services.structure.replace(n.tid, STRUCTURE))
    n.set_entry_rules(
        price="25", fee="5", stack=10_000, late_until=2, rebuy="20", rebuy_last=2, add_on=add_on
    )
    n.add_tables(3, seats=6)


@pytest.mark.slow
def test_a_whole_night(night: Night, services: Services) -> None:
    n = night
    tid = n.tid
    # ------------------------------------------------------------------ before the doors open
    set_up(n, services, add_on="20")  # on sale at the break; nobody takes it tonight
    n.check_wall(level="LEVEL 1  ·  NLHE", status="STARTING SOON", blinds="25 / 50")
    desk_at = n.search_box_at()  # where the cashier's pointer goes all night
    for name in AT_THE_DOORS:
        n.register_and_buy_in(name)
    tables = seated(n)
    assert sorted(len(names) for names in tables.values()) == [3, 4, 4]  # the sale drew seats
    assert set().union(*tables.values()) == set(AT_THE_DOORS)
    n.set_payouts("50/30/20")
    n.check_wall(
        players="11 / 11",
        to_money="8 TO THE MONEY",
        average="10,000",
        chips="110,000",
        pool="$220",
        payouts=[("1st", "$110"), ("2nd", "$66"), ("3rd", "$44")],
        next_break="40:00",
        sales="Rebuys until level 2",
    )
    assert n.cashier.header.pool_label.text() == (
        "Prize pool $220.00 · 11 entries · 11 left · 3 paid · 8 to the money"
    )
    assert n.drawer()[0] == "$275.00"
    n.snap("1-doors")
    assert n.search_box_at() == desk_at  # eleven sales' messages came and went

    # ------------------------------------------------------------ level 1: a late entry, a rebuy
    n.press(Qt.Key.Key_Space)
    assert services.clock.state(tid).running
    n.check_wall(level="LEVEL 1  ·  NLHE", status="", clock="20:00", blinds="25 / 50")
    n.play(minutes=5)
    n.check_wall(clock="15:00", next_break="35:00")
    n.register_and_buy_in(LATE, tendered="30")
    assert "change $5.00" in n.message()
    assert n.registration(LATE).status is RegistrationStatus.PLAYING
    assert sum(len(names) for names in seated(n).values()) == 12
    n.check_wall(players="12 / 12", pool="$240", to_money="9 TO THE MONEY")
    # Kim busts at the table and buys back in: R records the bust with the rebuy.
    due, note = n.rebuy("Kim Lowe", tendered="20")
    assert due == "$20.00"
    assert note == "Kim Lowe is still in play: this records the bust at the table first."
    kim = n.registration("Kim Lowe")
    assert (kim.status, kim.entries, kim.rebuys) == (RegistrationStatus.PLAYING, 1, 1)
    assert services.cashier.ledger(tid)[-1].kind is RowKind.REBUY
    n.check_wall(
        players="12 / 12",
        average=f"{130_000 // 12:,}",
        chips="130,000",
        pool="$260",
        payouts=[("1st", "$130"), ("2nd", "$78"), ("3rd", "$52")],
    )

    # ------------------------------------------------------------------ level 2: the first busts
    n.play(minutes=15)
    n.check_wall(level="LEVEL 2  ·  NLHE", clock="20:00", blinds="50 / 100", next_break="20:00")
    n.check_wall(sales="Last level for rebuys")
    # Kim's bust came with his rebuy: nobody is out yet, and the estimate knows it.
    assert "0 busts so far" in n.station.estimate_line.text()
    # The wrong player busted at the desk: Undo puts him back, in his seat, and on the wall.
    before = seated(n)
    n.bust("Fay Gold", by="Ada Byron")
    n.check_wall(players="11 / 12")
    assert n.undo() == "Undo Bust Fay Gold"
    assert n.registration("Fay Gold").status is RegistrationStatus.PLAYING
    assert seated(n) == before
    n.check_wall(players="12 / 12", to_money="9 TO THE MONEY")
    n.bust("Jay Kerr", by="Ada Byron")
    assert "finished 12th" in n.message()
    assert n.cashier.message.kind == "info"  # the room is still in balance
    director = n.station.director
    assert not director.balance_label.isVisibleTo(director)
    n.bust("Ivy Jones", by="Ben Cole")
    # Their table is down to two: the cashier and the director are told the move to make.
    unbalanced = "Tables out of balance: move a player from table 1 (4) to table 3 (2)."
    assert n.cashier.message.kind == "warning"
    assert n.message() == f"Ivy Jones finished 11th. 10 left, 7 to the money. {unbalanced}"
    assert n.search_box_at() == desk_at  # the warning did not move the desk
    assert director.balance_label.isVisibleTo(director)
    assert director.balance_label.text() == unbalanced
    assert "2 busts so far" in n.station.estimate_line.text()
    n.check_wall(players="10 / 12", to_money="7 TO THE MONEY", average="13,000", pool="$260")
    assert n.cashier.header.pool_label.text() == (
        "Prize pool $260.00 · 12 entries · 10 left · 3 paid · 7 to the money"
    )

    # ------------------------------------------------------------------ the break: a table breaks
    n.play(minutes=20)
    n.check_wall(level="BREAK", clock="10:00", blinds="75 / 150", notice="Play resumes at 19:50")
    assert n.wall.blinds_caption.text() == "AFTER THE BREAK"
    n.check_wall(sales="Last rebuys this break  ·  Add-ons on sale now")
    # Jay, out in level 2, takes the last rebuy: back in play, at a seat, on the wall.
    assert n.rebuy("Jay Kerr") == ("$20.00", "")
    jay = n.registration("Jay Kerr")
    assert (jay.status, jay.place, jay.rebuys) == (RegistrationStatus.PLAYING, None, 1)
    assert "Jay Kerr" in set().union(*seated(n).values())
    assert "1 bust so far" in n.station.estimate_line.text()  # Jay is back: only Ivy is out
    n.check_wall(players="11 / 12", average=f"{CHIPS // 11:,}", chips="140,000", pool="$280")
    n.check_wall(payouts=[("1st", "$140"), ("2nd", "$84"), ("3rd", "$56")])
    assert "Can break now" in n.tables.status_label.text()
    before = seated(n)
    buttons = {
        t.number: next(s.number for s in t.seats if s.registration_id is not None)
        for t in services.seating.room(tid).tables
    }
    rows, said = n.break_table(buttons)
    assert rows == [
        "Table 3: 3 players to move  (suggested: next in the break order)",
        "Table 2: 4 players to move",
    ]
    assert said.startswith("Broke table ")
    broken = int(said.removeprefix("Broke table ").rstrip("."))
    after = seated(n)
    assert broken not in after
    assert sorted(len(names) for names in after.values()) == [5, 6]
    moves = n.station.session.moves
    assert {m.name for m in moves} == before[broken]
    # The buttons given, each newcomer is dealt in by the button, not left to the dealer.
    assert DealIn.DEALER_CHECKS not in {m.deal_in for m in moves}
    assert not director.balance_label.isVisibleTo(director)  # the break balanced the room
    n.check_wall(moves_title=f"TABLE {broken} IS BROKEN  ·  NEW SEATS")
    assert n.station.director.moves_box.model.rowCount() == len(moves)
    first_page = [name for name, _where in n.wall.moves_banner.shown() if name]
    assert first_page == [m.name for m in moves][:3]
    n.snap("2-break")
    n.moves_done()
    assert services.seating.pending_moves(tid) == ()
    n.check_wall(moves_title="")
    assert not n.station.director.moves_box.isVisibleTo(n.station.director)

    # ------------------------------------------------------------------ level 3: the doors close
    n.play(minutes=10)
    n.check_wall(level="LEVEL 3  ·  NLHE", status="", clock="20:00", blinds="75 / 150")
    ledger = services.cashier.ledger(tid)
    assert "Rebuys ended after level 2" in n.refused_rebuy("Kim Lowe")
    assert n.refused_registration("Max Late") == "Registration closed after level 2 (now level 3)."
    assert services.cashier.ledger(tid) == ledger  # refused: nothing was written
    assert services.cashier.registration_of(tid, n.desk.selected().player.id) is None
    for name, by in (
        ("Hal Irwin", "Ada Byron"),
        ("Gus Hale", "Ada Byron"),
        ("Fay Gold", "Ben Cole"),
        ("Eve Frost", "Cyd Dunn"),
        ("Jay Kerr", "Ben Cole"),
    ):
        n.bust(name, by=by)
    n.check_wall(players="6 / 12", to_money="3 TO THE MONEY", average=f"{CHIPS // 6:,}")
    said = n.form_final_table(6)
    assert said.startswith("The final table forms at table ")
    (final,) = seated(n).values()
    assert final == {"Ada Byron", "Ben Cole", "Cyd Dunn", "Dee Ellis", "Kim Lowe", LATE}
    n.check_wall(moves_title="FINAL TABLE  ·  REDRAW FOR SEATS")
    n.snap("3-final")
    n.moves_done()

    # ------------------------------------------------------------ level 4: the bubble, the money
    n.play(minutes=20)
    n.check_wall(level="LEVEL 4  ·  NLHE", blinds="100 / 200")
    n.bust("Dee Ellis", by="Ada Byron")
    n.bust(LATE, by="Ada Byron")
    n.check_wall(players="4 / 12", to_money="1 TO THE MONEY")
    # The bubble: Kim all in, Cyd covers him. The wall shows what each risks, not Cyd's stack.
    stakes = n.showdown({"Kim Lowe": ("As Ad", 20_000), "Cyd Dunn": ("Kh Qh", 45_000)})
    assert stakes == ["ALL IN 20,000", "COVERS · 20,000 AT RISK"]
    said = n.deal_board("2s Ah Ac Th Jh")
    assert said[:3] == [
        "Main pot 40,000 → Cyd Dunn",
        "25,000 uncalled back to Cyd Dunn",  # what Cyd had beyond Kim's stack was never at risk
        "OUT: Kim Lowe (by Cyd Dunn)",
    ]
    n.record_showdown_busts()
    assert n.registration("Kim Lowe").status is RegistrationStatus.BUSTED
    n.clear_wall()
    n.qtbot.waitUntil(lambda: not n.wall.wall_stage.isVisible())
    n.check_wall(players="3 / 12", to_money="IN THE MONEY", average=f"{CHIPS // 3:,}")
    places = {r.name: r.place for r in services.results.results(tid) if r.place is not None}
    assert places == {
        "Kim Lowe": 4,
        LATE: 5,
        "Dee Ellis": 6,
        "Jay Kerr": 7,  # out twice: his last bust counts
        "Eve Frost": 8,
        "Fay Gold": 9,
        "Gus Hale": 10,
        "Hal Irwin": 11,
        "Ivy Jones": 12,
    }

    # ------------------------------------------------------------------ the deal ends the night
    n.play(minutes=7)
    n.press(Qt.Key.Key_Space)  # the clock waits while the three talk
    n.check_wall(status="PAUSED", clock="13:00")
    assert not services.clock.state(tid).running
    stacks = {"Ada Byron": 70_000, "Ben Cole": 45_000, "Cyd Dunn": 25_000}
    shown = n.make_deal(stacks)
    deal = services.payouts.deal(tid)
    assert deal is not None
    assert deal.stacks == tuple(stacks.values())
    assert deal.amounts == shown.proposal.result.amounts
    assert sum(deal.amounts) == POOL  # to the cent
    assert deal.amounts[0] > deal.amounts[1] > deal.amounts[2] >= 5_600  # nobody below 3rd
    assert "Deal recorded" in n.cashier.payouts.deal_label.text()
    # The dialog said, before Enter recorded it, that this deal ends the tournament.
    assert shown.ok_text == "Record the deal and end the tournament"
    assert "recording this deal ends the tournament" in shown.sum_text
    # The payouts page lists the deal's shares, not the table's prizes it replaced.
    model = n.cashier.payouts.model
    shown = [
        (model.index(row, 1).data(), model.index(row, 3).data()) for row in range(model.rowCount())
    ]
    assert shown == [
        (money(amount), f"{name} (deal)")
        for name, amount in sorted(
            zip(stacks, deal.amounts, strict=True), key=lambda pair: -pair[1]
        )
    ]
    agreed = dict(zip(stacks, deal.amounts, strict=True))
    for name in stacks:
        n.pay_prize(name)
    results = {r.name: r for r in services.results.results(tid)}
    for name, row in results.items():
        assert (row.prize, row.paid_out, row.still_owed) == (
            agreed.get(name, 0),
            agreed.get(name, 0),
            0,
        ), name
    assert results["Kim Lowe"].paid_in == 4_500  # the buy-in and the rebuy
    assert sum(r.paid_out for r in results.values()) == POOL
    # The results page says the same to the host.
    view = n.results_view()
    assert len(view) == 12
    for name, amount in agreed.items():
        assert (view[name]["Prize"], view[name]["Paid out"]) == (money(amount), money(amount))
    assert {row["Owed"] for row in view.values()} == {"$0.00"}
    assert (view["Kim Lowe"]["Place"], view["Kim Lowe"]["Paid in"]) == ("4th", "$45.00")
    assert (view["Kim Lowe"]["Prize"], view["Kim Lowe"]["Busted by"]) == ("$0.00", "Cyd Dunn")
    # The results file a spreadsheet adds up: the prize pool to the cent, the deal's amounts.
    day = services.tournaments.get(tid).created_at.astimezone().date().isoformat()
    file_name, rows = n.export_results()
    assert file_name == f"Friday-Night-Hold-em-{day}-results.csv"  # the night's, by its date
    exported = {row["name"]: row for row in rows}
    assert len(exported) == 12
    assert sum(Decimal(row["paid_out"]) for row in exported.values()) == Decimal(POOL) / 100
    assert {name: exported[name]["paid_out"] for name in agreed} == {
        name: money(cents, symbol="") for name, cents in agreed.items()
    }
    assert (exported["Kim Lowe"]["place"], exported["Kim Lowe"]["paid_in"]) == ("4th", "45.00")
    # The cashier's end-of-night figures: every prize paid, the house fees left in the drawer.
    expected, summary = n.drawer()
    assert expected == money(FEES) == "$60.00"
    assert (summary["Entries"], summary["Rebuys"]) == ("12", "2")
    assert summary["Prize pool"] == summary["Paid out"] == "$280.00"
    assert (summary["House fees"], summary["Still owed"]) == ("$60.00", "$0.00")
    n.count_drawer("60")
    assert n.drawer()[1]["Drawer"] == "balanced"
    n.snap("4-deal")

    # A deal that shares the whole prize pool ends the event: stored, the clock stopped, and the
    # wall shows the winner with what each player was actually paid (the deal's amounts).
    ending = services.clock.snapshot(tid).ending
    assert ending.final is not None
    assert ending.final.by_deal
    assert not services.clock.state(tid).running
    n.play(minutes=0)
    n.qtbot.waitUntil(lambda: n.wall.winner_screen.isVisibleTo(n.wall))
    screen = " ".join(label.text() for label in n.wall.winner_screen.findChildren(FitLabel))
    assert ending.final.winner in screen
    for cents in agreed.values():
        assert texts.money(cents, "$") in screen
    assert "$140" not in screen  # not the ladder the deal replaced
    view = n.results_view()  # the reports: each dealer placed, with the amount actually paid
    assert {name: view[name]["Paid out"] for name in agreed} == {
        name: money(cents) for name, cents in agreed.items()
    }
    assert all(view[name]["Place"] != "in play" for name in agreed)
    # The director's window knows it too: nobody left to count, no Resume, no estimated end,
    # and quitting asks nothing.
    director = n.station.director
    n.qtbot.waitUntil(lambda: director.field_box.players_left_spin.text() == "—")
    assert "The tournament is over" in director.field_box.field_note.text()
    toggle = director.buttons[Action.TOGGLE_PAUSE]
    assert (toggle.text(), toggle.isEnabled()) == ("Finished", False)
    assert n.station.estimate_line.text() == "The tournament is over"
    assert not in_play_now(n.station.session)
    n.snap("5-winner")
    # The charts window draws the night's field: the rebuys (Kim's, Jay's) took nobody out,
    # so it climbs to twelve and steps down one bust at a time, to the three who dealt.
    charts = n.station.windows.open_window("charts")
    assert isinstance(charts, ChartsWindow)
    n.qtbot.waitExposed(charts)
    settle(n.qtbot, n.station.bus)
    players, _average = charts.field_view.chart().series()
    assert isinstance(players, QLineSeries)
    counts = [int(players.at(i).y()) for i in range(players.count())]
    steps = [count for i, count in enumerate(counts) if i == 0 or count != counts[i - 1]]
    assert steps == [*range(1, 13), *range(11, 2, -1)]
    # The host puts the tables and rulings windows away by key.
    n.close_by_ctrl_w(n.tables)
    n.close_by_ctrl_w(n.station.windows.open_window("rulings"))


@pytest.mark.slow
def test_undo_of_a_rebuy_that_recorded_the_bust_puts_the_player_back(
    night: Night, services: Services
) -> None:
    n = night
    set_up(n, services)
    for name in AT_THE_DOORS[:4]:
        n.register_and_buy_in(name)
    n.press(Qt.Key.Key_Space)
    before = seated(n)
    # R on Ada, who is in play: the dialog says the bust is recorded with the rebuy...
    assert n.rebuy("Ada Byron")[1].endswith("this records the bust at the table first.")
    n.check_wall(players="4 / 4", pool="$100")
    # ...but it was the wrong player. Undo should leave the night as it was before R.
    assert n.undo() == "Undo Rebuy Ada Byron"
    ada = n.registration("Ada Byron")
    n.check_wall(players="4 / 4", pool="$80")
    assert (ada.status, ada.rebuys, ada.place) == (RegistrationStatus.PLAYING, 0, None)
    assert seated(n) == before


SHORT = Structure(
    "Short night",
    (
        Level(25, 50, minutes=20),
        Level(50, 100, minutes=20),
        Break(10, color_up=(25,)),  # the green chips go at the break: raced off at each table
        Level(100, 200, minutes=20),
        Level(200, 400, minutes=20),
    ),
)


@pytest.mark.slow
def test_a_short_night_in_a_small_room_through_a_restart(
    night: Night,
    services: Services,
    engine: Engine,
    fake_clock: FakeClock,
    fake_sound: FakeSound,
    ui_settings: UiSettings,
    fake_timer: FakeTimer,
) -> None:
    """One table of two to start: the third player's sale opens a table first. A bust and a
    re-entry in level 1, the add-on and a chip race at each table at the break, then the
    laptop restarts and the director's Undo is still there."""
    n = night
    tid = n.tid
    submit_and_wait(n.qtbot, n.station.bus, lambda: services.structure.replace(tid, SHORT))
    submit_and_wait(
        n.qtbot,
        n.station.bus,
        lambda: services.structure.set_chip_set(tid, ChipSet.standard((25, 100, 500))),
    )
    n.set_entry_rules(
        price="25",
        fee="5",
        stack=10_000,
        late_until=2,
        rebuy="20",
        rebuy_last=2,
        add_on="20",
        re_entry="25",
    )
    n.add_tables(1, seats=2)
    ada, ben, cyd, dee = AT_THE_DOORS[:4]
    n.register_and_buy_in(ada)
    n.register_and_buy_in(ben)
    # The room is full: the desk asks before any money is taken, and the host opens a table.
    n.register_and_buy_in(
        cyd, room_full="No seat is free: open table 2 (2 seats) and seat the player there?"
    )
    assert "Table 2 opened" in n.message()
    n.register_and_buy_in(dee)  # the new table has his seat: nothing to ask
    assert seated(n) == {1: {ada, ben}, 2: {cyd, dee}}
    n.check_wall(players="4 / 4", chips="40,000", sales="Rebuys until level 2")

    # ------------------------------------------------------------ level 1: a bust, a re-entry
    n.press(Qt.Key.Key_Space)
    n.play(minutes=10)
    n.bust(ben, by=ada)
    n.check_wall(players="3 / 4")
    assert n.re_entry(ben) == ("$25.00", "")
    assert "re-entry $25.00 paid" in n.message()
    assert "Drew Table 1, seat " in n.message()  # the seat his bust freed, the only one free
    ben_now = n.registration(ben)
    assert (ben_now.status, ben_now.entries) == (RegistrationStatus.PLAYING, 2)
    assert ben in set().union(*seated(n).values())  # a new entry draws a new seat
    n.check_wall(players="4 / 5", chips="50,000", pool="$100")

    # ------------------------------------------------------------ the break: add-on, chip race
    n.play(minutes=30)
    n.check_wall(level="BREAK", sales="Last rebuys this break  ·  Add-ons on sale now")
    assert n.add_on(ada) == ("$20.00", "")
    n.check_wall(chips="60,000", pool="$120")
    # The green chips raced off table after table in one opening of the dialog: table 1's
    # four make a black chip exactly, table 2's six round up to two: fifty more in play.
    tables = n.chip_race({1: (3, 1), 2: (3, 3)})
    assert all("raced" in text for text in tables), tables
    assert [r.table_number for r in services.chip_race.races(tid)] == [1, 2]
    n.qtbot.waitUntil(lambda: n.wall_reads()["chips"] == "60,050")
    n.check_wall(average=f"{60_050 // 4:,}")
    n.press(Qt.Key.Key_Space)  # the host pauses the clock while the chips are changed
    assert n.station.director.buttons[Action.UNDO].text() == "Undo Pause"
    paused = services.clock.state(tid)
    assert not paused.running

    # ------------------------------------------------------------ the laptop restarts
    n.station.close()
    again_services = Services(engine, now=fake_clock)
    bus = TournamentBus(again_services, tid, poll_interval_ms=0)
    again = ClockStation(again_services, bus, fake_sound, ui_settings, timer=fake_timer)
    try:
        n.qtbot.addWidget(again.display)
        n.qtbot.addWidget(again.director)
        again.director.show()
        n.qtbot.waitExposed(again.director)
        settle(n.qtbot, bus)  # the history is read on the station's worker
        undo = again.director.buttons[Action.UNDO]
        assert (undo.text(), undo.isEnabled()) == ("Undo Pause", True)
        assert again_services.clock.state(tid) == paused  # nothing is redone on opening
        n.qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)
        settle(n.qtbot, bus)
        assert again_services.clock.state(tid).running
    finally:
        again.close()
        bus.stop()
        bus.deleteLater()
