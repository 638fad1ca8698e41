"""Every SQLModel table, imported here so `SQLModel.metadata` knows them all (for Alembic).

One module a domain; add a new module's import below when you add one.
"""

from clockapp.persistence.models.base import (
    AppRevisionRow,
    AppSetting,
    ChangeRow,
    PinThrottleRow,
    TournamentRow,
)
from clockapp.persistence.models.bounties import (
    BountyRulesRow,
    KnockoutCreditRow,
    MysteryDrawRow,
    PrizeTicketRow,
)
from clockapp.persistence.models.captains import CaptainReportRow, CaptainTableRow
from clockapp.persistence.models.cashier import (
    BustRow,
    CashierConfigRow,
    DealRow,
    DrawerCountRow,
    LedgerRecord,
    PlayerRow,
    RegistrationRow,
)
from clockapp.persistence.models.chips import ChipCountRow, ChipRaceRow
from clockapp.persistence.models.clock import (
    ClockEventClaimRow,
    ClockRow,
    ClockStepRow,
    SetupRow,
    TemplateRow,
)
from clockapp.persistence.models.host_events import HostEventClaimRow, HostEventRow
from clockapp.persistence.models.layouts import ScreenSetRow, WallLayoutRow, WallScreenRow
from clockapp.persistence.models.league import (
    AttendanceRow,
    LeagueRow,
    LeagueTournamentRow,
    StandInRow,
    TeamEventRow,
)
from clockapp.persistence.models.seating import (
    GameTableRow,
    HandForHandRow,
    MoveCountRow,
    SeatActionRow,
    SeatingConfigRow,
    SeatMoveRow,
    SeatRow,
    ShootoutRow,
)
from clockapp.persistence.models.showdown import ShowdownRow
from clockapp.persistence.models.waiting import WaitingRow

__all__ = [
    "AppRevisionRow",
    "AppSetting",
    "AttendanceRow",
    "BountyRulesRow",
    "BustRow",
    "CaptainReportRow",
    "CaptainTableRow",
    "CashierConfigRow",
    "ChangeRow",
    "ChipCountRow",
    "ChipRaceRow",
    "ClockEventClaimRow",
    "ClockRow",
    "ClockStepRow",
    "DealRow",
    "DrawerCountRow",
    "GameTableRow",
    "HandForHandRow",
    "HostEventClaimRow",
    "HostEventRow",
    "KnockoutCreditRow",
    "LeagueRow",
    "LeagueTournamentRow",
    "LedgerRecord",
    "MoveCountRow",
    "MysteryDrawRow",
    "PinThrottleRow",
    "PlayerRow",
    "PrizeTicketRow",
    "RegistrationRow",
    "ScreenSetRow",
    "SeatActionRow",
    "SeatMoveRow",
    "SeatRow",
    "SeatingConfigRow",
    "SetupRow",
    "ShootoutRow",
    "ShowdownRow",
    "StandInRow",
    "TeamEventRow",
    "TemplateRow",
    "TournamentRow",
    "WaitingRow",
    "WallLayoutRow",
    "WallScreenRow",
]
