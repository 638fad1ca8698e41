"""The cashier's table models: Qt's model checks on real rows, and what each cell says."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from PySide6.QtCore import Qt

from clockapp.core.money.entries import EntryPrice
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.money.field import BustInput
from clockapp.core.money.ledger import RowKind
from clockapp.core.money.records import CashierConfig
from clockapp.services.players import PlayerDetails
from clockapp.ui.cashier.models import (
    DeskModel,
    DeskRow,
    LedgerModel,
    LinesModel,
    RegistrationsModel,
    entries_text,
    place_text,
)
from clockapp.ui.cashier.payout_dialog import ladder_lines
from clockapp.ui.cashier.prize_models import (
    BustLine,
    BustsModel,
    PayoutLine,
    PayoutsModel,
    ResultsModel,
)
from tests.ui.accessibility import DESKTOPS, desktop, unreadable_cells

AT = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)


@pytest.fixture
def played(services, tournament_id):
    """Six players bought in; one voided, two busted on one hand, one paid."""
    services.cashier.set_config(
        tournament_id,
        CashierConfig(EntryRules(RegistrationRule(EntryPrice(2000, 500, 500), 10_000))),
    )
    regs = []
    for name in ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay"):
        player = services.players.create(
            PlayerDetails(name, nickname="Ace" if name == "Ann" else "")
        )
        regs.append(services.cashier.buy_in(tournament_id, player.value.id).value.registration.id)
    services.cashier.void(tournament_id, services.cashier.ledger(tournament_id)[-1].id, "typo")
    services.results.bust_players(
        tournament_id,
        [BustInput(regs[3], 2_000, regs[0]), BustInput(regs[4], 2_000, regs[0])],
    )
    services.results.bust(tournament_id, regs[2], busted_by=regs[1])
    services.payouts.pay_bounties(tournament_id, regs[0])
    return regs


def all_models(services, tid):
    regs = services.cashier.registrations(tid)
    by_player = {r.player_id: r for r in regs}
    desk = DeskModel()
    desk.set_rows([DeskRow(p, by_player.get(p.id)) for p in services.players.list()])
    field = RegistrationsModel()
    field.set_rows(regs)
    ledger = LedgerModel()
    ledger.set_rows(services.cashier.ledger(tid))
    payouts = PayoutsModel()
    payouts.set_rows(ladder_lines(services.payouts.table(tid)))
    results = ResultsModel()
    results.set_rows(services.results.results(tid))
    busts = BustsModel()
    busts.set_rows([BustLine(e) for e in services.results.busts(tid)])
    lines = LinesModel()
    lines.set_rows(services.cashier.summary(tid).lines())
    return desk, field, ledger, payouts, results, busts, lines


@pytest.mark.slow
def test_every_model_passes_qts_model_checks(qtmodeltester, services, tournament_id, played):
    for model in all_models(services, tournament_id):
        assert model.rowCount() > 0
        qtmodeltester.check(model, force_py=True)
        model.set_rows(())
        qtmodeltester.check(model, force_py=True)


@pytest.mark.slow
def test_cells_read_as_the_cashier_says_them(services, tournament_id, played):
    desk, field, ledger, payouts, results, busts, lines = all_models(services, tournament_id)
    assert desk.text(0, "Name") == 'Ann "Ace"'
    assert desk.text(0, "Status") == "playing"
    assert desk.text(desk.row_of_player(services.players.list()[-1].id), "Status") in {
        "checked in",
        "playing",
        "busted",
    }
    assert field.text(0, "Status") == "playing"
    assert [ledger.text(i, "Kind") for i in range(ledger.rowCount())].count("void") == 1
    assert ledger.text(0, "Amount") == "$30.00"
    assert payouts.total() == 10_000  # 5 standing entries x $20
    # Fay's entry was voided; Dee and Eve busted on one hand with equal stacks share 4th-5th.
    assert [results.text(i, "Place") for i in range(results.rowCount())] == [
        "in play",
        "in play",
        "3rd",
        "4th-5th (tied)",
        "4th-5th (tied)",
    ]
    assert results.text(0, "KOs") == "2"
    assert busts.text(0, "Hand") == busts.text(1, "Hand")
    assert dict(lines.rows())["Voided rows"] == "1"
    assert ledger.headerData(0, Qt.Orientation.Horizontal) == "#"
    assert ledger.headerData(0, Qt.Orientation.Vertical) is None


@pytest.mark.slow
def test_a_voided_row_is_struck_through_and_its_void_says_why(services, tournament_id, played):
    ledger = LedgerModel()
    ledger.set_rows(services.cashier.ledger(tournament_id))
    voided = next(i for i, e in enumerate(ledger.rows()) if e.voided)
    void = next(i for i, e in enumerate(ledger.rows()) if e.kind is RowKind.VOID)
    assert ledger.data(ledger.index(voided, 3), Qt.ItemDataRole.FontRole).strikeOut()
    assert "voided by" in ledger.text(voided, "Reason")
    assert ledger.text(void, "Reason").endswith(": typo")
    assert ledger.cash(void) == -ledger.cash(voided)


@pytest.mark.slow
def test_short_texts(services, tournament_id, played):
    regs = {r.id: r for r in services.cashier.registrations(tournament_id)}
    assert entries_text(regs[played[0]]) == "1"
    assert entries_text(None) == ""
    assert place_text(None) == ""
    assert place_text(3) == "3rd"
    assert place_text(5, 2) == "5th-6th"
    assert PayoutLine(1, 5_000, 16_000).share == "31.25%"
    assert PayoutLine(1, 0, 0).share == ""


@pytest.mark.slow
def test_the_same_rows_again_leave_the_model_alone(qtbot, services, tournament_id, played):
    """A refresh that reads the same rows resets nothing (the view keeps its column widths,
    selection and scroll position); changed rows are told as such (never a reset) and show the
    new texts."""
    ledger = LedgerModel()
    rows = services.cashier.ledger(tournament_id)
    assert ledger.set_rows(rows)
    before = ledger.data(ledger.index(0, 0))
    with qtbot.assertNotEmitted(ledger.modelReset):
        assert not ledger.set_rows(services.cashier.ledger(tournament_id))
    assert ledger.data(ledger.index(0, 0)) == before
    # The bounty payment (the last row): every buy-in here is lost in a bust or wins a knockout,
    # and a void that would break a bust is refused.
    paid = len(rows) - 1
    assert rows[paid].kind is RowKind.BOUNTY
    services.cashier.void(tournament_id, rows[paid].id, "wrong player")
    changed: list[tuple[int, int]] = []
    ledger.dataChanged.connect(lambda top, bottom, *_: changed.append((top.row(), bottom.row())))
    count = ledger.rowCount()
    with (
        qtbot.assertNotEmitted(ledger.modelReset),
        qtbot.waitSignal(ledger.rowsInserted, timeout=0) as inserted,
    ):
        assert ledger.set_rows(services.cashier.ledger(tournament_id))
    assert inserted.args[1:] == [count, count]  # the void, at the end
    assert changed == [(paid, paid)]  # the row voided, alone
    assert ledger.data(ledger.index(paid, 3), Qt.ItemDataRole.FontRole).strikeOut()
    assert ledger.data(ledger.index(0, 4), Qt.ItemDataRole.TextAlignmentRole) == int(
        (Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value
    )
    assert ledger.data(ledger.index(0, 0), Qt.ItemDataRole.DecorationRole) is None
    assert ledger.data(ledger.index(ledger.rowCount(), 0)) is None


@pytest.mark.slow
def test_columns_measured_again_only_where_they_changed_fit_as_a_full_fit(
    qtbot, services, tournament_id, played
):
    """After a bust, the page measures again only the rows that changed, and the columns come
    out exactly as wide as sizing every column of a fresh view makes them."""
    from clockapp.ui.cashier.pages import table_view

    def shown(model, rows):
        view = table_view(model, "results", "Results")
        qtbot.addWidget(view)
        view.resize(900, 400)
        view.show()
        model.set_rows(rows)
        return view

    before = services.results.results(tournament_id)
    results = ResultsModel()
    view = shown(results, before)
    view.fit_columns()
    services.results.bust(tournament_id, played[0])  # Ann: the chip leader, with 2 KOs
    after = services.results.results(tournament_id)
    asked: list[int] = []
    measure = view.sizeHintForIndex
    view.sizeHintForIndex = lambda index: (asked.append(index.row()), measure(index))[1]
    assert results.set_rows(after)
    view.fit_columns()
    changed = {i for i, row in enumerate(after) if row not in before}
    assert set(asked) == changed
    assert 0 < len(changed) < len(after)
    full = shown(ResultsModel(), after)
    full.resizeColumnsToContents()
    last = len(ResultsModel.COLUMNS) - 1  # the last column takes the rest of the width
    assert [view.columnWidth(c) for c in range(last)] == [full.columnWidth(c) for c in range(last)]


@pytest.mark.slow
@pytest.mark.parametrize("kind", DESKTOPS)
def test_every_cell_reads_on_a_light_and_a_dark_desktop(kind, services, tournament_id, played):
    with desktop(kind):
        found = [
            c for model in all_models(services, tournament_id) for c in unreadable_cells(model)
        ]
    assert not found, "\n".join(found)
