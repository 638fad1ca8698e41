"""The director's commands on the host's event: the Look… dialog, the rules and slides dialog,
and the house rules on the wall.

Each OK is one service call (`HouseService`), whose Outcome goes on the bus: the display takes the
new palette, name, logo or slides with the refresh, on every station.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QWidget

from clockapp.core.house import Look, SlideShow
from clockapp.services.app import Services
from clockapp.services.house import rules_template
from clockapp.ui.bus import TournamentBus
from clockapp.ui.wall.house_dialog import HouseDialog
from clockapp.ui.wall.look_dialog import LookDialog


class HouseControls:
    """The look, rules and slides of the bus's tournament."""

    def __init__(self, services: Services, bus: TournamentBus, parent: QWidget) -> None:
        self._services = services
        self._bus = bus
        self._parent = parent
        # Dialog hooks: run the dialog, True for OK (tests replace them to act on the dialog).
        self.run_look_dialog: Callable[[LookDialog], bool] = _run
        self.run_house_dialog: Callable[[HouseDialog], bool] = _run

    def edit_look(self) -> Look | None:
        """The Look… dialog; on OK the look is kept and every wall takes it."""
        tid = self._bus.tournament_id
        current = self._services.house.house(tid).look
        name = self._services.clock.snapshot(tid).tournament.name
        dialog = LookDialog(current, name, self._parent)
        try:
            if not self.run_look_dialog(dialog):
                return None
            look = dialog.look()
        finally:
            dialog.deleteLater()
        if look == current:
            return look
        outcome = self._services.house.set_look(tid, look)
        self._bus.publish(outcome.changes)
        return outcome.value

    def edit_house(self) -> tuple[str, SlideShow] | None:
        """The rules and slides dialog; on OK what changed is kept (one service call)."""
        tid = self._bus.tournament_id
        rules = self._services.house.rules(tid)
        slides = self._services.house.slides(tid)
        dialog = HouseDialog(rules, slides, rules_template(), self._parent)
        try:
            if not self.run_house_dialog(dialog):
                return None
            new_rules, new_slides = dialog.rules(), dialog.slides()
        finally:
            dialog.deleteLater()
        if (new_rules, new_slides) == (rules, slides):
            return new_rules, new_slides
        outcome = self._services.house.set_house(
            tid,
            None if new_rules == rules else new_rules,
            None if new_slides == slides else new_slides,
        )
        self._bus.publish(outcome.changes)
        return new_rules, new_slides

    def show_rules(self) -> None:
        """The rules sheet on the wall, a page at a time, until the director clears it."""
        outcome = self._services.house.show_rules(self._bus.tournament_id)
        self._bus.publish(outcome.changes)


def _run(dialog: QDialog) -> bool:
    return dialog.exec() == QDialog.DialogCode.Accepted
