"""What the desk asks before it sells an entry: the service's answer, then the entry dialog.

`read_entry` asks the service, on the station's worker, whether the entry can be sold now;
`entry_dialog` then shows a refusal (nothing is opened) or builds the dialog with what the rules
add to the sale (`core.money.entry_sale`: the add-on sold with the buy-in or re-entry, the stack a
player in play still has, and the note that the bust at the table is recorded with the sale). For
a new entry, or a rebuy after a bust recorded before (its seat may be taken since), it also asks
whether a seat is free: when none is, the sale carries the table that would open, and the desk
asks the cashier first (`no_seat`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import QWidget

from clockapp.core.money.entries import EntryKind, EntryOption
from clockapp.core.money.entry_rules import EntryRules
from clockapp.core.money.entry_sale import sale_extras
from clockapp.core.money.records import RegistrationInfo
from clockapp.core.registration import RegistrationStatus
from clockapp.i18n import gettext as _
from clockapp.services.app import Services
from clockapp.services.seating.sale_seat import TableToOpen
from clockapp.ui.cashier.context import CashierContext
from clockapp.ui.cashier.desk_table import BUY_IN_KEY
from clockapp.ui.cashier.entry_dialog import EntryDialog
from clockapp.ui.cashier.models import DeskRow


@dataclass(frozen=True)
class EntrySale:
    """The dialog of an entry about to be sold, and whether the sale records a bust with it."""

    dialog: EntryDialog
    #: The player is shown in play: the dialog said the bust at the table is recorded with the
    #: rebuy or re-entry, which the service otherwise refuses for a player it has in play.
    at_table: bool
    #: No seat is free for the new entry or the rebuy: the table the sale would open (None: a
    #: seat is free, or seats are not drawn for this sale).
    table: TableToOpen | None = None


@dataclass(frozen=True)
class EntryRead:
    """What a press reads before its entry dialog opens (on the station's worker)."""

    rules: EntryRules
    #: The service's answer for this entry (None: it offers no entry of that kind now).
    option: EntryOption | None
    #: The table the sale would open when no seat is free (None: a seat is free, or none is
    #: drawn for this sale).
    table: TableToOpen | None


def read_entry(
    services: Services,
    tournament_id: int,
    player_id: int,
    reg: RegistrationInfo | None,
    kind: EntryKind,
) -> EntryRead | None:
    """What selling `kind` to the player needs from the database; None when nothing is to be
    read (an entry other than a buy-in for a player who has not bought in: refused as it is).
    On the worker: the GUI thread never waits for it."""
    option: EntryOption | None
    if kind is EntryKind.BUY_IN:
        # The service's own check (late registration, deadline, a full field, already in),
        # so a latecomer is refused before the cashier takes the money, not after.
        option = services.cashier.buy_in_option(tournament_id, player_id)
    elif reg is None or not reg.bought_in:
        return None
    else:
        options = services.cashier.options(tournament_id, reg.id)
        option = next((o for o in options if o.kind == kind), None)
    rules = services.cashier.config(tournament_id).rules
    table = None
    # A rebuy after a bust recorded before gets the seat that bust freed, or a new one when it
    # is taken (one recorded with the rebuy frees a seat that is the player's again).
    rebuy_seat = (
        kind is EntryKind.REBUY and reg is not None and reg.status is RegistrationStatus.BUSTED
    )
    offered = option is not None and option.offer is not None
    if offered and (kind in (EntryKind.BUY_IN, EntryKind.RE_ENTRY) or rebuy_seat):
        # The seat the player held is given up by a re-entry, and freed by a rebuyer's bust:
        # it counts as free.
        leaving = reg.id if kind is not EntryKind.BUY_IN and reg is not None else None
        table = services.seating.table_to_open(tournament_id, leaving)
    return EntryRead(rules, option, table)


def entry_dialog(
    ctx: CashierContext, row: DeskRow, kind: EntryKind, read: EntryRead | None, parent: QWidget
) -> EntrySale | None:
    """The dialog selling `kind` to `row`'s player, from what `read_entry` found, or None (the
    refusal shown, nothing written)."""
    name, reg = row.player.display_name, row.registration
    if kind is not EntryKind.BUY_IN and (reg is None or not reg.bought_in):
        ctx.refuse(
            _("{name} has not bought in yet: press {key} for the buy-in first.").format(
                name=name, key=BUY_IN_KEY
            )
        )
        return None
    option = read.option if read is not None else None
    if read is None or option is None:
        return None  # no entry of that kind is offered now
    if option.offer is None:
        ctx.refuse(option.refusal)  # e.g. a rebuy after the cutoff: nothing is written
        return None
    extras = sale_extras(read.rules, kind, reg)
    ask_stack, at_table = extras.ask_stack, extras.at_table
    note = ""
    if at_table:
        note = _("{name} is still in play: this records the bust at the table first.").format(
            name=name
        )
        if ask_stack:
            note = _("{name} is still in play: give the chips they have now (0 if busted).").format(
                name=name
            )
    dialog = EntryDialog(
        name,
        option.offer,
        ctx.chip_set(),
        add_on=extras.add_on,
        ask_stack=ask_stack,
        note=note,
        stacks=ctx.stacks(),
        parent=parent,
    )
    return EntrySale(dialog, at_table, read.table)
