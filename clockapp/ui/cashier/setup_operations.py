"""The cashier's actions around the money: the entry rules, the player database, the list.

Like `operations`, each function makes one service call through `CashierContext.call` (a
refusal becomes a red message and writes nothing) and says what happened. Those that can be
reversed by another service call record it on the undo history: the rules (the previous rules
back), a player's details (the previous details back), a withdrawal (the player back on the
list). A merge and an import are not undoable: the message says what they did.
"""

from __future__ import annotations

from clockapp.core.money.amounts import format_cents
from clockapp.core.money.records import CashierConfig, CashierError, RegistrationInfo
from clockapp.core.registration import RegistrationStatus
from clockapp.services.changes import Outcome
from clockapp.services.players import ImportReport, PlayerDetails, PlayerInfo
from clockapp.ui.cashier.context import CashierContext


# ------------------------------------------------------------------------------ rules
def describe_rules(config: CashierConfig) -> str:
    """'Rebuy + add-on: buy-in $25.00 for T10,000' for messages and the window's header."""
    reg = config.rules.registration
    return f"{config.rules.label}: buy-in {format_cents(reg.price.total)} for T{reg.chips:,}"


def set_rules(ctx: CashierContext, config: CashierConfig) -> CashierConfig | None:
    """Save the entry rules and opening float in one `set_config` call (undo puts them back).

    The payout choices are read again just before saving, so a payout table changed meanwhile
    (at another station) is kept.
    """
    cashier, tid = ctx.services.cashier, ctx.tid
    before = ctx.read(lambda: cashier.config(tid), None)
    if before is None:
        return None

    def save(source: CashierConfig) -> Outcome[CashierConfig]:
        new = CashierConfig(source.rules, cashier.config(tid).payouts, source.opening_float)
        return cashier.set_config(tid, new)

    saved = ctx.call(lambda: save(config))
    if saved is None:
        return None
    ctx.message.show_info(f"Rules saved. {describe_rules(saved)}.")
    ctx.history.record(
        "Rules",
        lambda: ctx.bus.run(lambda: save(before)),
        lambda: ctx.bus.run(lambda: save(config)),
    )
    return saved


# ------------------------------------------------------------------------------ players
def update_player(
    ctx: CashierContext, player: PlayerInfo, details: PlayerDetails
) -> PlayerInfo | None:
    """Save a player's details (undo puts the previous ones back)."""
    players = ctx.services.players
    before = player.details
    info = ctx.call(lambda: players.update(player.id, details), f"{details.name} saved.")
    if info is None:
        return None
    ctx.history.record(
        f"Edit {details.name}",
        lambda: ctx.bus.run(lambda: players.update(player.id, before)),
        lambda: ctx.bus.run(lambda: players.update(player.id, details)),
    )
    return info


def merge_players(
    ctx: CashierContext, duplicate: PlayerInfo, keep: PlayerInfo
) -> PlayerInfo | None:
    """Merge a duplicate into the player kept (registrations move over; not undoable)."""
    players = ctx.services.players
    return ctx.call(
        lambda: players.merge(keep.id, duplicate.id),
        f"{duplicate.display_name} (#{duplicate.id}) merged into {keep.display_name} "
        f"(#{keep.id}): their registrations are now {keep.name}'s.",
    )


def import_players(ctx: CashierContext, text: str, source: str) -> ImportReport | None:
    """Add the players of a CSV text; nothing is saved when any line is wrong."""
    players = ctx.services.players
    report = ctx.call(lambda: players.import_csv(text))
    if report is None:
        return None
    ctx.message.show_info(
        f"Imported {source}: {report.created} new player{'s' if report.created != 1 else ''}, "
        f"{report.already_there} already in the database."
    )
    return report


def import_pre_registrations(
    ctx: CashierContext, text: str, source: str
) -> tuple[RegistrationInfo, ...] | None:
    """Put a list of names on tonight's list (pre-registered; check them in as they arrive)."""
    cashier, tid = ctx.services.cashier, ctx.tid
    regs = ctx.call(lambda: cashier.import_pre_registrations(tid, text))
    if regs is None:
        return None
    waiting = sum(1 for r in regs if r.status is RegistrationStatus.PRE_REGISTERED)
    ctx.message.show_info(
        f"Imported {source}: {len(regs)} name{'s' if len(regs) != 1 else ''} on the list, "
        f"{waiting} waiting to check in (Field page)."
    )
    return regs


# ------------------------------------------------------------------------------ the list
def check_in(ctx: CashierContext, reg: RegistrationInfo) -> RegistrationInfo | None:
    """Mark a pre-registered player as arrived."""
    cashier, tid = ctx.services.cashier, ctx.tid
    if reg.status is not RegistrationStatus.PRE_REGISTERED:
        what = "has bought in" if reg.bought_in else "is already checked in"
        ctx.refuse(f"{reg.name} {what}.")
        return None
    return ctx.call(
        lambda: cashier.check_in(tid, reg.id),
        f"{reg.name} checked in. B at the desk for the buy-in.",
    )


def withdraw(ctx: CashierContext, reg: RegistrationInfo) -> RegistrationInfo | None:
    """Take a player who has not bought in off the list (undo puts them back)."""
    cashier, tid = ctx.services.cashier, ctx.tid
    info = ctx.call(lambda: cashier.withdraw(tid, reg.id), f"{reg.name} withdrawn from the list.")
    if info is None:
        return None
    was_waiting = reg.status is RegistrationStatus.PRE_REGISTERED

    def undo() -> None:
        if was_waiting:
            ctx.bus.run(lambda: cashier.pre_register(tid, [reg.player_id]))
        else:
            ctx.bus.run(lambda: cashier.register(tid, reg.player_id))

    ctx.history.record(
        f"Withdraw {reg.name}",
        undo,
        lambda: ctx.bus.run(lambda: cashier.withdraw(tid, _registration_id(ctx, reg.player_id))),
    )
    return info


def _registration_id(ctx: CashierContext, player_id: int) -> int:
    """The player's registration now (a withdrawal undone gives the player a new one)."""
    found = ctx.services.cashier.registration_of(ctx.tid, player_id)
    if found is None:
        raise CashierError("That player is no longer on the list.")
    return found.id
