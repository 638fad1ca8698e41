"""The stand-in dialog: the selected player, a teammate no longer in the tournament, takes over
the chips of a teammate who leaves (`services.stand_ins.stand_in` says who may)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QComboBox, QLabel, QWidget

from clockapp.core.money.records import RegistrationInfo
from clockapp.i18n import gettext as _
from clockapp.ui.cashier.dialog_base import CashierDialog


class StandInDialog(CashierDialog):
    """Choose the player in play the teammate stands in for."""

    def __init__(
        self, teammate: str, in_play: Sequence[RegistrationInfo], parent: QWidget | None = None
    ) -> None:
        super().__init__(_("Stand in"), _("Stand in"), parent)
        self.setObjectName("stand_in_dialog")
        self.form.addRow(_("Teammate:"), QLabel(teammate))
        self.leaving_combo = QComboBox()
        self.leaving_combo.setObjectName("stand_in_for")
        for reg in in_play:
            self.leaving_combo.addItem(reg.name, reg.id)
        self.form.addRow(_("Stands in for:"), self.leaving_combo)
        self.setMinimumWidth(380)
        self._update()

    def registration_id(self) -> int:
        """The registration whose chips the teammate plays from now."""
        return int(self.leaving_combo.currentData())

    def _problem(self) -> str:
        return "" if self.leaving_combo.count() else _("Nobody is in play to stand in for.")
