"""Every SQLModel table, imported here so `SQLModel.metadata` knows them all (for Alembic).

One module a domain; add a new module's import below when you add one.
"""

from clockapp.persistence.models.base import (
    AppRevisionRow,
    AppSetting,
    ChangeRow,
    TournamentRow,
)
from clockapp.persistence.models.cashier import (
    CashierConfigRow,
    DealRow,
    DrawerCountRow,
    EliminationRow,
    LedgerRecord,
    PlayerRow,
    RegistrationRow,
)
from clockapp.persistence.models.clock import ClockEventClaimRow, ClockRow, SetupRow, TemplateRow
from clockapp.persistence.models.seating import (
    GameTableRow,
    HandForHandRow,
    MoveCountRow,
    SeatingConfigRow,
    SeatMoveRow,
    SeatRow,
    ShootoutRow,
)

__all__ = [
    "AppRevisionRow",
    "AppSetting",
    "CashierConfigRow",
    "ChangeRow",
    "ClockEventClaimRow",
    "ClockRow",
    "DealRow",
    "DrawerCountRow",
    "EliminationRow",
    "GameTableRow",
    "HandForHandRow",
    "LedgerRecord",
    "MoveCountRow",
    "PlayerRow",
    "RegistrationRow",
    "SeatMoveRow",
    "SeatRow",
    "SeatingConfigRow",
    "SetupRow",
    "ShootoutRow",
    "TemplateRow",
    "TournamentRow",
]
