"""Break table: the director confirms which table breaks, seeing what each costs, and gives
the buttons of the tables that receive its players, so they are seated by the button.

The host's part is played through the real dialog: its list of tables that can break (the next
in the break order chosen already), its button boxes, its OK.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QWidget

from clockapp.core.seating import DealIn, MoveKind
from clockapp.services.app import Services
from clockapp.services.seating import RoomView, SeatingService
from clockapp.ui.actions import TablesAction
from clockapp.ui.bus import TournamentBus
from clockapp.ui.seating import TablesWindow
from clockapp.ui.seating.dialogs import BUTTON_UNKNOWN, BreakChoice, BreakTableDialog
from tests.services.seating.test_seating import field
from tests.ui.polling import settle


@pytest.fixture
def db_path(tmp_path: Path) -> Iterator[Path]:
    shm = Path("/dev/shm")
    if not shm.is_dir():
        yield tmp_path / "tables.db"
        return
    with tempfile.TemporaryDirectory(dir=shm, prefix="clockapp-break-") as folder:
        yield Path(folder) / "tables.db"


@pytest.fixture(autouse=True)
def _no_modal_dialogs(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: QDialog, *_args: object) -> int:
        pytest.fail(f"a modal dialog opened: {self.windowTitle()!r}")

    monkeypatch.setattr(QDialog, "exec", refuse)


@pytest.fixture
def window(
    qtbot,
    services: Services,
    bus: TournamentBus,
    tournament_id: int,
    window_factory: Callable[[QWidget], QWidget],
) -> TablesWindow:
    """Twelve players drawn at three tables of six: either table but the host can break."""
    services.seating = SeatingService(services.ctx, rng=random.Random(77))
    services.seating.add_tables(tournament_id, 3, seat_count=6)
    field(services, tid := tournament_id, 12)
    services.seating.draw_seats(tid)
    tables = window_factory(TablesWindow(services, bus))
    tables.resize(1366, 768)
    tables.show()
    qtbot.waitExposed(tables)
    settle(qtbot, bus)
    return tables  # type: ignore[return-value]


def answer_with(qtbot, opened: list[BreakTableDialog], pick: Callable[[BreakTableDialog], None]):
    """The window's question answered through the real dialog: shown, `pick` clicks what the
    director clicks, then OK."""

    def ask(room: RoomView) -> BreakChoice | None:
        dialog = BreakTableDialog(room)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        opened.append(dialog)
        pick(dialog)
        assert not dialog.grab().isNull()
        box = dialog.findChild(QDialogButtonBox)
        ok = box.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
        assert dialog.result() == QDialog.DialogCode.Accepted
        return dialog.value()

    return ask


def rows(dialog: BreakTableDialog) -> list[str]:
    return [dialog.tables.item(i).text() for i in range(dialog.tables.count())]


@pytest.mark.slow
def test_break_table_offers_each_table_with_its_cost_and_breaks_the_one_chosen(
    qtbot, window: TablesWindow, services: Services, tournament_id: int, bus: TournamentBus
) -> None:
    room = services.seating.room(tournament_id)
    seated = {t.number: [s for s in t.seats if s.registration_id is not None] for t in room.tables}
    opened: list[BreakTableDialog] = []

    def pick(dialog: BreakTableDialog) -> None:
        assert rows(dialog) == [
            "Table 3: 4 players to move  (suggested: next in the break order)",
            "Table 2: 4 players to move",
        ]
        assert dialog.chosen_table() == 3  # the suggested one, chosen already
        item = dialog.tables.item(1)
        qtbot.mouseClick(
            dialog.tables.viewport(),
            Qt.MouseButton.LeftButton,
            pos=dialog.tables.visualItemRect(item).center(),
        )
        assert dialog.chosen_table() == 2
        # Nobody said where the buttons are: the receiving tables are asked, the broken one not.
        assert sorted(dialog.button_boxes) == [1, 2, 3]
        assert not dialog.button_boxes[2].isEnabled()
        for number in (1, 3):
            box = dialog.button_boxes[number]
            assert box.currentText() == BUTTON_UNKNOWN
            box.setCurrentIndex(box.findData(seated[number][0].number))

    window.play.ask_break = answer_with(qtbot, opened, pick)
    window.actions_by_name[TablesAction.BREAK].trigger()
    settle(qtbot, bus)
    assert len(opened) == 1
    after = services.seating.room(tournament_id)
    assert [t.number for t in after.tables] == [1, 3]
    assert after.table(1).button == seated[1][0].number
    assert after.table(3).button == seated[3][0].number
    moves = services.seating.pending_moves(tournament_id)
    assert len(moves) == 4
    assert {m.kind for m in moves} == {MoveKind.BREAK}
    assert {m.from_seat.table for m in moves} == {2}
    # The buttons known, each newcomer is dealt in by the button, not left to the dealer.
    assert DealIn.DEALER_CHECKS not in {m.deal_in for m in moves}
    assert "button unknown" not in " ".join(m.reason for m in moves)

    # Undo (another helper's work) still puts table 2 back.
    window.actions_by_name[TablesAction.UNDO].trigger()
    settle(qtbot, bus)
    assert [t.number for t in services.seating.room(tournament_id).tables] == [1, 2, 3]


def test_cancelling_break_table_breaks_nothing(
    qtbot, window: TablesWindow, services: Services, tournament_id: int, bus: TournamentBus
) -> None:
    revision = services.tournaments.revision()
    asked: list[RoomView] = []

    def cancel(room: RoomView) -> BreakChoice | None:
        asked.append(room)
        return None

    window.play.ask_break = cancel
    window.actions_by_name[TablesAction.BREAK].trigger()
    settle(qtbot, bus)
    assert len(asked) == 1
    assert services.tournaments.revision() == revision
    assert [t.number for t in services.seating.room(tournament_id).tables] == [1, 2, 3]


@pytest.mark.slow
def test_a_known_button_is_kept_and_not_asked(
    qtbot, window: TablesWindow, services: Services, tournament_id: int, bus: TournamentBus
) -> None:
    room = services.seating.room(tournament_id)
    first = next(s.number for s in room.table(1).seats if s.registration_id is not None)
    services.seating.set_button(tournament_id, 1, first)
    window.reload()
    settle(qtbot, bus)
    opened: list[BreakTableDialog] = []

    def pick(dialog: BreakTableDialog) -> None:
        assert 1 not in dialog.button_boxes

    window.play.ask_break = answer_with(qtbot, opened, pick)
    window.actions_by_name[TablesAction.BREAK].trigger()
    settle(qtbot, bus)
    after = services.seating.room(tournament_id)
    assert [t.number for t in after.tables] == [1, 2]
    assert after.table(1).button == first  # the break kept the button where it was


@pytest.mark.slow
def test_a_table_that_cannot_break_is_refused_and_nothing_changes(
    services: Services, tournament_id: int, window: TablesWindow
) -> None:
    revision = services.tournaments.revision()
    with pytest.raises(Exception, match="Table 1 cannot break now"):
        services.seating.break_tables(tournament_id, 1)
    assert services.tournaments.revision() == revision
