"""The cashier's actions around the money: the entry rules, the player database, the list.

Like `operations`, each function makes one service call through `CashierContext.call`, on the
station's worker (a refusal becomes a red message and writes nothing), and says what happened
when it answers. Those that can be
reversed by another service call record it on the undo history: the rules (the previous rules
back), a player's details (the previous details back), a withdrawal (the player back on the
list, and on the waiting list at their place). A merge and an import are not undoable: the
message says what they did.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from clockapp.core.money.amounts import format_cents
from clockapp.core.money.records import CashierConfig, CashierError, RegistrationInfo
from clockapp.core.registration import RegistrationStatus
from clockapp.formats import chips as format_chips
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext
from clockapp.services.cashier.roster import Withdrawal
from clockapp.services.changes import Outcome
from clockapp.services.players import ImportReport, PlayerDetails, PlayerInfo
from clockapp.services.stand_ins import StandInInfo
from clockapp.services.waiting_list import WaitingView
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.operations import Control
from clockapp.ui.userfiles import read_import_file


# ------------------------------------------------------------------------------ rules
def describe_rules(config: CashierConfig) -> str:
    """'Rebuy + add-on: buy-in $25.00 for T10,000' for messages and the window's header."""
    reg = config.rules.registration
    return _("{rules}: buy-in {price} for T{chips}").format(
        rules=config.rules.label, price=format_cents(reg.price.total), chips=format_chips(reg.chips)
    )


def set_rules(
    ctx: CashierContext,
    config: CashierConfig,
    *,
    control: Control | None = None,
    on_done: Callable[[CashierConfig], object] | None = None,
) -> bool:
    """Save the entry rules and opening float in one `set_config` call (undo puts them back),
    on the worker. False while a save of the rules is pending.

    The payout choices are read again just before saving, so a payout table changed meanwhile
    (at another station) is kept.
    """
    cashier, tid = ctx.services.cashier, ctx.tid
    before: list[CashierConfig] = []

    def save(source: CashierConfig) -> Outcome[CashierConfig]:
        new = CashierConfig(source.rules, cashier.config(tid).payouts, source.opening_float)
        return cashier.set_config(tid, new)

    def operation() -> Outcome[CashierConfig]:
        before[:] = [cashier.config(tid)]  # what undo puts back, read in the same turn
        return save(config)

    def saved(value: CashierConfig) -> None:
        ctx.message.show_info(_("Rules saved. {rules}.").format(rules=describe_rules(value)))
        previous = before[0]
        ctx.history.record(_("Rules"), lambda: save(previous), lambda: save(config))
        if on_done is not None:
            on_done(value)

    return ctx.call(
        operation, on_done=saved, key="rules", control=control, busy=_("Saving the rules…")
    )


# ------------------------------------------------------------------------------ players
def update_player(
    ctx: CashierContext,
    player: PlayerInfo,
    details: PlayerDetails,
    *,
    control: Control | None = None,
    on_done: Callable[[PlayerInfo], object] | None = None,
) -> bool:
    """Save a player's details (undo puts the previous ones back), on the worker."""
    players = ctx.services.players
    before = player.details

    def saved(info: PlayerInfo) -> None:
        ctx.history.record(
            _("Edit {name}").format(name=details.name),
            lambda: players.update(player.id, before),
            lambda: players.update(player.id, details),
        )
        if on_done is not None:
            on_done(info)

    return ctx.call(
        lambda: players.update(player.id, details),
        _("{name} saved.").format(name=details.name),
        saved,
        key=("edit player", player.id),
        control=control,
        busy=_("Saving {name}…").format(name=details.name),
    )


def merge_players(
    ctx: CashierContext,
    duplicate: PlayerInfo,
    keep: PlayerInfo,
    *,
    control: Control | None = None,
    on_done: Callable[[PlayerInfo], object] | None = None,
) -> bool:
    """Merge a duplicate into the player kept (registrations move over; not undoable), on the
    worker."""
    players = ctx.services.players
    return ctx.call(
        lambda: players.merge(keep.id, duplicate.id),
        _(
            "{duplicate} (#{duplicate_id}) merged into {keep} (#{keep_id}): their "
            "registrations are now {name}'s."
        ).format(
            duplicate=duplicate.display_name,
            duplicate_id=duplicate.id,
            keep=keep.display_name,
            keep_id=keep.id,
            name=keep.name,
        ),
        on_done,
        key=("merge", duplicate.id),
        control=control,
        busy=_("Merging {duplicate} into {keep}…").format(
            duplicate=duplicate.display_name, keep=keep.display_name
        ),
    )


def join_waiting_list(
    ctx: CashierContext, player: PlayerInfo, *, control: Control | None = None
) -> bool:
    """Put the player at the end of the waiting list of a full field (undo takes them off),
    on the worker."""
    waiting, tid = ctx.services.waiting, ctx.tid

    def done(view: WaitingView) -> None:
        ctx.history.record(
            _("Waiting list: {name}").format(name=player.display_name),
            lambda: waiting.leave(tid, player.id),
            lambda: waiting.join(tid, player.id),
        )
        place = len(view.waiters)
        ctx.message.show_info(
            _("{name} is number {place} on the waiting list.").format(
                name=player.display_name, place=place
            )
        )

    return ctx.call(
        lambda: waiting.join(tid, player.id),
        "",
        done,
        key=("waiting", player.id),
        control=control,
        busy=_("Putting {name} on the waiting list…").format(name=player.display_name),
    )


def leave_waiting_list(
    ctx: CashierContext, player: PlayerInfo, *, control: Control | None = None
) -> bool:
    """Take the player off the waiting list (undo puts them back at their place), on the
    worker."""
    waiting, tid = ctx.services.waiting, ctx.tid

    def done(_view: WaitingView) -> None:
        ctx.history.record(
            _("Off the waiting list: {name}").format(name=player.display_name),
            lambda: waiting.rejoin(tid, player.id),
            lambda: waiting.leave(tid, player.id),
        )

    return ctx.call(
        lambda: waiting.leave(tid, player.id),
        _("{name} is off the waiting list.").format(name=player.display_name),
        done,
        key=("waiting", player.id),
        control=control,
        busy=_("Taking {name} off the waiting list…").format(name=player.display_name),
    )


def stand_in(
    ctx: CashierContext,
    registration_id: int,
    teammate: PlayerInfo,
    *,
    control: Control | None = None,
) -> bool:
    """The teammate plays the chips of `registration_id` from now, on the worker (recorded
    with the time; a refusal says why: not on the team, or still in play)."""
    stand_ins, tid = ctx.services.stand_ins, ctx.tid

    def done(info: StandInInfo) -> None:
        ctx.message.show_info(
            _("{teammate} stands in for {leaving}.").format(
                teammate=info.teammate, leaving=info.leaving
            )
        )

    return ctx.call(
        lambda: stand_ins.stand_in(tid, registration_id, teammate.id),
        "",
        done,
        key=("stand in", registration_id),
        control=control,
        busy=_("Recording {name} standing in…").format(name=teammate.display_name),
    )


def import_players(
    ctx: CashierContext,
    path: str,
    *,
    control: Control | None = None,
    on_answer: Callable[[], object] | None = None,
) -> bool:
    """Add the players of the CSV file at `path`, read and saved on the worker; nothing is saved
    when any line is wrong. `on_answer()` when it has answered either way. False while an
    import is pending."""
    players, source = ctx.services.players, Path(path).name

    def imported(report: ImportReport) -> None:
        ctx.message.show_info(
            ngettext(
                "Imported {file}: {count} new player, {existing} already in the database.",
                "Imported {file}: {count} new players, {existing} already in the database.",
                report.created,
            ).format(file=source, count=report.created, existing=report.already_there)
        )
        if on_answer is not None:
            on_answer()

    return ctx.call(
        lambda: players.import_csv(read_import_file(path)),
        on_done=imported,
        key="import",
        control=control,
        busy=_("Importing {file}…").format(file=source),
        on_refused=(lambda _words: on_answer()) if on_answer is not None else None,
    )


def import_pre_registrations(
    ctx: CashierContext,
    text: str,
    source: str,
    *,
    control: Control | None = None,
    on_answer: Callable[[], object] | None = None,
) -> bool:
    """Put a list of names on tonight's list (pre-registered; check them in as they arrive), on
    the worker; `on_answer()` when it has answered either way. False while an import is
    pending."""
    cashier, tid = ctx.services.cashier, ctx.tid

    def imported(regs: tuple[RegistrationInfo, ...]) -> None:
        waiting = sum(1 for r in regs if r.status is RegistrationStatus.PRE_REGISTERED)
        ctx.message.show_info(
            ngettext(
                "Imported {file}: {count} name on the list, {waiting} waiting to check in "
                "(Field page).",
                "Imported {file}: {count} names on the list, {waiting} waiting to check in "
                "(Field page).",
                len(regs),
            ).format(file=source, count=len(regs), waiting=waiting)
        )
        if on_answer is not None:
            on_answer()

    return ctx.call(
        lambda: cashier.import_pre_registrations(tid, text),
        on_done=imported,
        key="import",
        control=control,
        busy=_("Importing {file}…").format(file=source),
        on_refused=(lambda _words: on_answer()) if on_answer is not None else None,
    )


# ------------------------------------------------------------------------------ the list
def check_in(ctx: CashierContext, reg: RegistrationInfo, *, control: Control | None = None) -> bool:
    """Mark a pre-registered player as arrived, on the worker."""
    cashier, tid = ctx.services.cashier, ctx.tid
    if reg.status is not RegistrationStatus.PRE_REGISTERED:
        ctx.refuse(
            _("{name} has bought in.").format(name=reg.name)
            if reg.bought_in
            else _("{name} is already checked in.").format(name=reg.name)
        )
        return False
    return ctx.call(
        lambda: cashier.check_in(tid, reg.id),
        _("{name} checked in. B at the desk for the buy-in.").format(name=reg.name),
        key=("check in", reg.id),
        control=control,
        busy=_("Checking {name} in…").format(name=reg.name),
    )


def withdraw(ctx: CashierContext, reg: RegistrationInfo, *, control: Control | None = None) -> bool:
    """Take a player who has not bought in off the list, and off the waiting list with it (undo
    puts them back on both, at their place in line), on the worker."""
    cashier, tid = ctx.services.cashier, ctx.tid
    # What undo puts back: the last withdrawal's record (a redo withdraws again).
    last: list[Withdrawal] = []

    def undo() -> Outcome[RegistrationInfo]:
        return cashier.reinstate(tid, last[0])

    def redo() -> Outcome[Withdrawal]:
        outcome = cashier.withdraw(tid, _registration_id(ctx, reg.player_id))
        last[:] = [outcome.value]
        return outcome

    def withdrawn(withdrawal: Withdrawal) -> None:
        last[:] = [withdrawal]
        ctx.history.record(_("Withdraw {name}").format(name=reg.name), undo, redo)
        ctx.message.show_info(
            _("{name} withdrawn from the list and the waiting list (was number {place}).").format(
                name=reg.name, place=withdrawal.waiting_place
            )
            if withdrawal.waiting_place is not None
            else _("{name} withdrawn from the list.").format(name=reg.name)
        )

    return ctx.call(
        lambda: cashier.withdraw(tid, reg.id),
        "",
        withdrawn,
        key=("withdraw", reg.id),
        control=control,
        busy=_("Withdrawing {name}…").format(name=reg.name),
    )


def _registration_id(ctx: CashierContext, player_id: int) -> int:
    """The player's registration now (a withdrawal undone gives the player a new one). On the
    worker."""
    found = ctx.services.cashier.registration_of(ctx.tid, player_id)
    if found is None:
        raise CashierError(_("That player is no longer on the list."))
    return found.id
