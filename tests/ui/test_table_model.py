"""`RowTableModel._update_rows`: a refresh tells the views only what changed, so the cashier's
selection and current row stay on the player they were on (and Qt's model checks hold)."""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass

import pytest
from PySide6.QtCore import QPersistentModelIndex
from PySide6.QtWidgets import QAbstractItemView, QTableView

from clockapp.ui.cashier.rows_model import Column, RowsModel
from clockapp.ui.table_model import steady_keys


@dataclass(frozen=True)
class Line:
    name: str
    chips: int = 0


class LinesModel(RowsModel[Line]):
    COLUMNS = (Column("Name", lambda r: r.name), Column("Chips", lambda r: str(r.chips), True))

    def row_key(self, row: Line) -> Hashable:
        return row.name


def lines(names: str, **chips: int) -> list[Line]:
    return [Line(n, chips.get(n, 0)) for n in names]


@pytest.fixture
def view(qtbot):
    model = LinesModel()
    table = QTableView()
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setModel(model)
    qtbot.addWidget(table)
    return table


def select(view: QTableView, row: int) -> None:
    view.selectRow(row)
    view.setCurrentIndex(view.model().index(row, 0))


def selected_names(view: QTableView) -> tuple[list[str], str]:
    model = view.model()
    rows = sorted(i.row() for i in view.selectionModel().selectedRows())
    return [model.rows()[r].name for r in rows], model.rows()[view.currentIndex().row()].name


@pytest.mark.parametrize(
    ("before", "after", "signal"),
    [
        ("abcde", "xabcde", "rowsInserted"),  # a new player above
        ("abcde", "bcde", "rowsRemoved"),  # a player above withdrawn
        ("abcde", "bcdea", "rowsMoved"),  # a bust moves a result row down
        ("abcde", "edcba", "rowsMoved"),  # the order turned round
        ("abcde", "zcb", "rowsRemoved"),  # a narrower search
    ],
)
def test_the_selection_and_current_row_stay_on_their_player(
    qtbot, qtmodeltester, view, before, after, signal
):
    model = view.model()
    model.set_rows(lines(before))
    select(view, before.index("c"))
    with (
        qtbot.assertNotEmitted(model.modelReset),
        qtbot.assertNotEmitted(model.layoutChanged),
        qtbot.waitSignal(getattr(model, signal), timeout=0),
    ):
        assert model.set_rows(lines(after, c=5))  # and c's chips changed
    assert [r.name for r in model.rows()] == list(after)
    assert selected_names(view) == (["c"], "c")
    assert model.text(after.index("c"), "Chips") == "5"
    qtmodeltester.check(model)


def test_a_changed_row_alone_is_told_changed(qtbot, view):
    model = view.model()
    model.set_rows(lines("abcde"))
    select(view, 3)
    changed: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda top, bottom, *_: changed.append((top.row(), bottom.row())))
    with qtbot.assertNotEmitted(model.rowsInserted), qtbot.assertNotEmitted(model.rowsRemoved):
        assert model.set_rows(lines("abcde", b=1, c=2, e=3))
    assert changed == [(1, 2), (4, 4)]
    assert selected_names(view) == (["d"], "d")
    with qtbot.assertNotEmitted(model.dataChanged):
        assert not model.set_rows(lines("abcde", b=1, c=2, e=3))


def test_nothing_in_common_or_repeated_keys_reset_the_model(qtbot, view):
    model = view.model()
    model.set_rows(lines("abc"))
    with qtbot.waitSignal(model.modelReset, timeout=0):
        model.set_rows(lines("xyz"))
    with qtbot.waitSignal(model.modelReset, timeout=0):
        model.set_rows(lines("xxy"))
    assert [r.name for r in model.rows()] == ["x", "x", "y"]


def test_random_refreshes_keep_every_row_that_stays_where_the_view_holds_it(qtmodeltester):
    """Any change of rows: the model ends with the new rows, and every persistent index (what a
    view's selection and current row are made of) follows its row."""
    rng = random.Random(10)
    model = LinesModel()
    pool = "abcdefghijklmnopqrstuvwxyz"
    for _ in range(300):
        before = rng.sample(pool, rng.randint(0, 12))
        after = rng.sample(pool, rng.randint(0, 12))
        if rng.random() < 0.5:  # mostly the same rows, a few changed
            after = [k for k in before if rng.random() < 0.8] + after[:2]
            after = list(dict.fromkeys(after))
            if rng.random() < 0.3:
                rng.shuffle(after)
        model.set_rows(lines("".join(before)))
        held = {k: QPersistentModelIndex(model.index(i, 1)) for i, k in enumerate(before)}
        model.set_rows(lines("".join(after), **{k: 1 for k in after[:3]}))
        assert [r.name for r in model.rows()] == after
        if set(before) & set(after):  # else a reset: nothing to follow
            for k, index in held.items():
                if k in after:
                    assert (index.row(), index.column()) == (after.index(k), 1), (before, after)
                else:
                    assert not index.isValid()
    qtmodeltester.check(model)


def test_steady_keys_are_a_longest_run_in_the_same_order():
    assert steady_keys("abcde", "bcdea") == set("bcde")
    assert len(steady_keys("abcde", "edcba")) == 1
    assert steady_keys("", "abc") == set()
    assert steady_keys("abc", "abc") == set("abc")
