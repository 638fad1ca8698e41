"""The director's commands on the host's event: the Look… dialog, the rules and slides dialog,
and the house rules on the wall.

What a dialog starts from is read on the station's worker, and the dialog opens when that read
answers; each OK is one service call (`HouseService`) submitted on the bus, whose Outcome the
display takes with the refresh (the new palette, name, logo or slides), on every station.
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

    def edit_look(self) -> bool:
        """The Look… dialog, opened when the look and the name are read; on OK the look is kept
        and every wall takes it. False when nothing was asked (the dialog is on its way)."""
        tid = self._bus.tournament_id
        house, clock = self._services.house, self._services.clock

        def read() -> tuple[Look, str]:
            return house.house(tid).look, clock.snapshot(tid).tournament.name

        def opened(answer: tuple[Look, str]) -> None:
            current, name = answer
            dialog = LookDialog(current, name, self._parent)
            try:
                if not self.run_look_dialog(dialog):
                    return
                look = dialog.look()
            finally:
                dialog.deleteLater()
            if look != current:
                self._bus.submit(
                    lambda: house.set_look(tid, look), key=(self, "look"), asker=self._parent
                )

        return self._bus.worker.submit(read, opened, key=(self, "look"), asker=self._parent)

    def edit_house(self) -> bool:
        """The rules and slides dialog, opened when they are read; on OK what changed is kept
        (one service call). False when nothing was asked (the dialog is on its way)."""
        tid = self._bus.tournament_id
        house = self._services.house

        def read() -> tuple[str, SlideShow]:
            return house.rules(tid), house.slides(tid)

        def opened(answer: tuple[str, SlideShow]) -> None:
            rules, slides = answer
            dialog = HouseDialog(rules, slides, rules_template(), self._parent)
            try:
                if not self.run_house_dialog(dialog):
                    return
                new_rules, new_slides = dialog.rules(), dialog.slides()
            finally:
                dialog.deleteLater()
            if (new_rules, new_slides) == (rules, slides):
                return
            kept_rules = None if new_rules == rules else new_rules
            kept_slides = None if new_slides == slides else new_slides
            self._bus.submit(
                lambda: house.set_house(tid, kept_rules, kept_slides),
                key=(self, "house"),
                asker=self._parent,
            )

        return self._bus.worker.submit(read, opened, key=(self, "house"), asker=self._parent)

    def show_rules(self) -> bool:
        """The rules sheet on the wall, a page at a time, until the director clears it."""
        tid, house = self._bus.tournament_id, self._services.house
        return self._bus.submit(
            lambda: house.show_rules(tid), key=(self, "rules"), asker=self._parent
        )


def _run(dialog: QDialog) -> bool:
    return dialog.exec() == QDialog.DialogCode.Accepted
