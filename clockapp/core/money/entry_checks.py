"""Who may buy in, rebuy, add on or re-enter now: a `check_*` function per entry kind.

Pure: the caller says where the clock is (`EntryContext`, with `now` injected) and what a player
has bought so far (`PlayerEntries`); a check answers with what the player may buy (`EntryOffer`:
the kind, the price and its split, the chips) or raises `EntryRefused` with a sentence a
tournament director can read out to the player.
"""

from __future__ import annotations

from dataclasses import replace

from clockapp import formats
from clockapp.core.money.entries import (
    EntryContext,
    EntryKind,
    EntryOffer,
    EntryOption,
    EntryRefused,
    PlayerEntries,
    PlayerState,
    at_or_before,
)
from clockapp.core.money.entry_rules import EntryRules, RegistrationRule
from clockapp.core.registration import (
    RegistrationFacts,
    check_not_finished,
    registration_window,
)
from clockapp.errors import DomainError
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext


def _still_in(player: PlayerEntries, *, rebuy: bool) -> str:
    """Why a player in play may not rebuy or re-enter, as only a busted player may."""
    if player.stack and rebuy:
        text = _("{name} still has {chips} chips; only a busted player may rebuy.")
    elif player.stack:
        text = _("{name} still has {chips} chips; only a busted player may re-enter.")
    elif rebuy:
        text = _("{name} is still in play (no bust is recorded); only a busted player may rebuy.")
    else:
        text = _(
            "{name} is still in play (no bust is recorded); only a busted player may re-enter."
        )
    return text.format(name=player.name, chips=formats.number(player.stack or 0))


def _registration_window(
    rule: RegistrationRule,
    ctx: EntryContext,
    what: str,
    last_level: int | None,
    *,
    first_bust_closes: bool = True,
) -> None:
    """Refuse when registration (or a window that follows it) is closed (see
    `clockapp.core.registration`)."""
    facts = RegistrationFacts(
        ctx.position,
        ctx.now,
        late_until_level=rule.late_until_level,
        deadline=rule.deadline,
        anyone_busted=ctx.anyone_busted,
        mode=ctx.registration,
        finished=ctx.finished,
    )
    window = registration_window(
        facts, what=what, last_level=last_level, first_bust_closes=first_bust_closes
    )
    if not window.open:
        raise EntryRefused(window.reason)


def _check_finished(ctx: EntryContext) -> None:
    try:
        check_not_finished(ctx.finished)
    except DomainError as error:
        raise EntryRefused(str(error)) from None


def check_buy_in(rules: EntryRules, player: PlayerEntries, ctx: EntryContext) -> EntryOffer:
    """May this player register (make the first buy-in) now?

    Raises:
        EntryRefused: Already registered, late registration or the deadline passed, or the
            field is full.

    >>> from clockapp.core.money.entries import ClockPosition, EntryPrice
    >>> from datetime import UTC, datetime
    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), 5000, max_entrants=2))
    >>> ctx = EntryContext(ClockPosition(0), datetime(2025, 1, 1, 19, tzinfo=UTC), entrants=2)
    >>> check_buy_in(rules, PlayerEntries("Ann"), ctx)
    Traceback (most recent call last):
    ...
    clockapp.core.money.entries.EntryRefused: The field is full: 2 of 2 entrants are registered.
    """
    if ctx.finished:
        _registration_window(rules.registration, ctx, "Registration", None)
    if player.registered:
        if rules.re_entry is not None:
            text = _("{name} is already registered. A busted player may re-enter instead.")
        else:
            text = _("{name} is already registered.")
        raise EntryRefused(text.format(name=player.name))
    reg = rules.registration
    _registration_window(reg, ctx, "Registration", reg.late_until_level)
    if reg.max_entrants is not None and ctx.entrants >= reg.max_entrants:
        raise EntryRefused(
            _("The field is full: {entrants} of {max_entrants} entrants are registered.").format(
                entrants=ctx.entrants, max_entrants=reg.max_entrants
            )
        )
    return EntryOffer(EntryKind.BUY_IN, reg.price, reg.chips)


def check_rebuy(rules: EntryRules, player: PlayerEntries, ctx: EntryContext) -> EntryOffer:
    """May this player rebuy now?

    Raises:
        EntryRefused: No rebuys in this tournament, not registered, the clock has not started,
            the rebuy period is over, the player has too many chips, or has used every rebuy.

    >>> from clockapp.core.money.entries import ClockPosition, EntryPrice
    >>> from clockapp.core.money.entry_rules import RebuyRule
    >>> from datetime import UTC, datetime
    >>> buy_in = RegistrationRule(EntryPrice(2000), 5000)
    >>> rules = EntryRules(buy_in, rebuy=RebuyRule(EntryPrice(2000), 5000, last_level=4,
    ...                                              max_per_player=2))
    >>> ctx = EntryContext(ClockPosition(3), datetime(2025, 1, 1, 20, tzinfo=UTC))
    >>> check_rebuy(rules, PlayerEntries("Ann", registered=True, stack=0), ctx).chips
    5000
    >>> check_rebuy(rules, PlayerEntries("Ann", registered=True, stack=0, rebuys=2), ctx)
    Traceback (most recent call last):
    ...
    clockapp.core.money.entries.EntryRefused: Ann has used all 2 rebuys allowed per player.
    """
    rule = rules.rebuy
    if rule is None:
        raise EntryRefused(_("This tournament ({label}) has no rebuys.").format(label=rules.label))
    if not player.registered:
        raise EntryRefused(
            _("{name} is not registered; a first entry is a buy-in.").format(name=player.name)
        )
    if ctx.position.level == 0:
        raise EntryRefused(_("Rebuys start when the clock starts; this is still before the start."))
    if not at_or_before(ctx.position, rule.last_level):
        raise EntryRefused(
            _("Rebuys ended after level {last_level} (now {now}).").format(
                last_level=rule.last_level, now=ctx.position.describe()
            )
        )
    if player.status is PlayerState.PLAYING:
        if rule.stack_at_or_below == 0:
            raise EntryRefused(_still_in(player, rebuy=True))
        if player.stack is None:
            raise EntryRefused(
                _(
                    "{name} is still in play: give the chips they have now (a rebuy is "
                    "allowed at or below {stack_at_or_below} chips)."
                ).format(name=player.name, stack_at_or_below=formats.number(rule.stack_at_or_below))
            )
        if player.stack > rule.stack_at_or_below:
            raise EntryRefused(
                _(
                    "{name} has {stack} chips; a rebuy is allowed only at or below "
                    "{stack_at_or_below} chips."
                ).format(
                    name=player.name,
                    stack=formats.number(player.stack),
                    stack_at_or_below=formats.number(rule.stack_at_or_below),
                )
            )
    if rule.max_per_player is not None and player.rebuys >= rule.max_per_player:
        raise EntryRefused(
            ngettext(
                "{name} has used all {count} rebuy allowed per player.",
                "{name} has used all {count} rebuys allowed per player.",
                rule.max_per_player,
            ).format(name=player.name, count=rule.max_per_player)
        )
    _check_finished(ctx)  # last: a closed window or a limit says more
    return EntryOffer(EntryKind.REBUY, rule.price, rule.chips)


def check_add_on(
    rules: EntryRules,
    player: PlayerEntries,
    ctx: EntryContext,
    *,
    with_buy_in: bool = False,
) -> EntryOffer:
    """May this player buy the add-on now?

    Args:
        rules: The tournament's entry rules.
        player: The player asking.
        ctx: The moment.
        with_buy_in: The add-on is sold in the same payment as a buy-in or re-entry (which the
            caller checks separately with `check_buy_in` / `check_re_entry`).

    Raises:
        EntryRefused: No add-on in this tournament, outside its window, the player is busted or
            not registered (at a break), or has already bought the add-ons allowed.

    >>> from clockapp.core.money.entries import ClockPosition, EntryPrice
    >>> from clockapp.core.money.entry_rules import AddOnRule
    >>> from datetime import UTC, datetime
    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), 5000),
    ...                    add_on=AddOnRule(EntryPrice(1000), 5000, at_break_after_level=4))
    >>> ctx = EntryContext(ClockPosition(4), datetime(2025, 1, 1, 21, tzinfo=UTC))
    >>> check_add_on(rules, PlayerEntries("Ann", registered=True, stack=900), ctx)
    Traceback (most recent call last):
    ...
    clockapp.core.money.entries.EntryRefused: The add-on is sold at the break after level 4 (now level 4).
    """  # noqa: E501 - a doctest's expected output cannot be wrapped
    rule = rules.add_on
    if rule is None:
        raise EntryRefused(_("This tournament ({label}) has no add-on.").format(label=rules.label))
    if player.add_ons >= rule.max_per_player:
        if rule.max_per_player == 1:
            raise EntryRefused(_("{name} already bought the add-on.").format(name=player.name))
        raise EntryRefused(
            ngettext(
                "{name} has bought all {count} add-on allowed per player.",
                "{name} has bought all {count} add-ons allowed per player.",
                rule.max_per_player,
            ).format(name=player.name, count=rule.max_per_player)
        )
    if with_buy_in:
        if not rule.with_buy_in:
            raise EntryRefused(
                _(
                    "The add-on is sold at the break after level {at_break_after_level}, not "
                    "with the buy-in."
                ).format(at_break_after_level=rule.at_break_after_level)
            )
        _check_finished(ctx)
        return EntryOffer(EntryKind.ADD_ON, rule.price, rule.chips)
    if rule.at_break_after_level is None:
        raise EntryRefused(_("The add-on is sold only with the buy-in, in the same payment."))
    at_break = ctx.position.on_break and ctx.position.level == rule.at_break_after_level
    if not at_break:
        raise EntryRefused(
            _(
                "The add-on is sold at the break after level {at_break_after_level} (now {now})."
            ).format(at_break_after_level=rule.at_break_after_level, now=ctx.position.describe())
        )
    if not player.registered:
        raise EntryRefused(
            _("{name} is not registered; only players in may add on.").format(name=player.name)
        )
    if player.status is PlayerState.BUSTED:
        if rules.rebuy is not None:
            text = _("{name} has no chips; only a player still in may add on (rebuy first).")
        else:
            text = _("{name} has no chips; only a player still in may add on.")
        raise EntryRefused(text.format(name=player.name))
    _check_finished(ctx)
    return EntryOffer(EntryKind.ADD_ON, rule.price, rule.chips)


def check_re_entry(rules: EntryRules, player: PlayerEntries, ctx: EntryContext) -> EntryOffer:
    """May this busted player re-enter now?

    Raises:
        EntryRefused: No re-entry in this tournament, not registered, still has chips, the
            re-entry window or the deadline passed, or every re-entry is used.

    >>> from clockapp.core.money.entries import ClockPosition, EntryPrice
    >>> from clockapp.core.money.entry_rules import ReEntryRule
    >>> from datetime import UTC, datetime
    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), 5000, late_until_level=6),
    ...                    re_entry=ReEntryRule(EntryPrice(2000), 5000))
    >>> ctx = EntryContext(ClockPosition(7), datetime(2025, 1, 1, 22, tzinfo=UTC))
    >>> check_re_entry(rules, PlayerEntries("Ann", registered=True), ctx)
    Traceback (most recent call last):
    ...
    clockapp.core.money.entries.EntryRefused: Re-entry closed after level 6 (now level 7).
    """
    rule = rules.re_entry
    if rule is None:
        raise EntryRefused(
            _("This tournament ({label}) has no re-entry.").format(label=rules.label)
        )
    if not player.registered:
        raise EntryRefused(
            _("{name} is not registered; a first entry is a buy-in.").format(name=player.name)
        )
    if player.status is PlayerState.PLAYING:
        raise EntryRefused(_still_in(player, rebuy=False))
    # A re-entry follows a bust by its nature: the first bust does not close it (its level, the
    # deadline, the director or the end of the tournament do).
    # The end of the tournament is said last: a closed window or a limit says more.
    _registration_window(
        rules.registration,
        replace(ctx, finished=False),
        "Re-entry",
        rule.last_level,
        first_bust_closes=False,
    )
    if rule.max_per_player is not None and player.re_entries >= rule.max_per_player:
        raise EntryRefused(
            ngettext(
                "{name} has used all {count} re-entry allowed per player.",
                "{name} has used all {count} re-entries allowed per player.",
                rule.max_per_player,
            ).format(name=player.name, count=rule.max_per_player)
        )
    _check_finished(ctx)
    return EntryOffer(EntryKind.RE_ENTRY, rule.price, rule.chips)


def check_entry(
    kind: EntryKind, rules: EntryRules, player: PlayerEntries, ctx: EntryContext
) -> EntryOffer:
    """Dispatch to the check for `kind` (an add-on here is the one sold at a break).

    >>> from clockapp.core.money.entries import ClockPosition, EntryPrice
    >>> from datetime import UTC, datetime
    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), 5000))
    >>> ctx = EntryContext(ClockPosition(0), datetime(2025, 1, 1, 19, tzinfo=UTC))
    >>> check_entry(EntryKind.BUY_IN, rules, PlayerEntries("Ann"), ctx).price.total
    2000
    """
    if kind is EntryKind.BUY_IN:
        return check_buy_in(rules, player, ctx)
    if kind is EntryKind.REBUY:
        return check_rebuy(rules, player, ctx)
    if kind is EntryKind.ADD_ON:
        return check_add_on(rules, player, ctx)
    return check_re_entry(rules, player, ctx)


def entry_options(
    rules: EntryRules, player: PlayerEntries, ctx: EntryContext
) -> tuple[EntryOption, ...]:
    """Every entry kind, each with its offer or the reason it is refused (for the cashier buttons).

    >>> from clockapp.core.money.entries import ClockPosition, EntryPrice
    >>> from datetime import UTC, datetime
    >>> rules = EntryRules(RegistrationRule(EntryPrice(2000), 5000))
    >>> ctx = EntryContext(ClockPosition(0), datetime(2025, 1, 1, 19, tzinfo=UTC))
    >>> [(o.kind.value, o.allowed) for o in entry_options(rules, PlayerEntries("Ann"), ctx)]
    [('buy-in', True), ('rebuy', False), ('add-on', False), ('re-entry', False)]
    """
    options = []
    for kind in EntryKind:
        try:
            options.append(EntryOption(kind, check_entry(kind, rules, player, ctx)))
        except EntryRefused as refused:
            options.append(EntryOption(kind, None, str(refused)))
    return tuple(options)
