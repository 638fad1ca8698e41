"""Table captains: what a table reports from a phone, and the rules that keep strangers out.

A captain reports one of four things (`ReportKind`): a bust (who, and who busted them), the
table's chip counts (seat by seat), a call for the floor, a call for the clock. A `Report` is
checked on its own (`__post_init__`) and against the players seated at the table
(`check_at_table`); every refusal is a whole sentence a director or a captain reads.

The keys: each table's token is `new_token()` (`secrets.token_urlsafe`, 192 bits); only its
`token_hash` is kept, and a presented token is compared with `hmac.compare_digest`
(`token_matches`). Each page the captain loads carries a one-time nonce signed with the token
(`issue_nonce`): a report must bring one that is well signed, young enough (`NONCE_SECONDS`)
and never used before (the store keeps every nonce it took), so a replayed or forged request is
refused. `flood_refusal` caps the reports of one token per minute.

>>> report = Report(ReportKind.BUST, 3, busted=11, busted_by=12)
>>> check_at_table(report, {11: "Ann", 12: "Bob"}, "Table 3") is report
True
>>> check_at_table(Report(ReportKind.BUST, 3, busted=99), {11: "Ann"}, "Table 3")
Traceback (most recent call last):
...
clockapp.core.captains.CaptainError: The busted player is not seated at Table 3.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from clockapp.errors import DomainError
from clockapp.formats import chips as chips_text
from clockapp.i18n import gettext as _
from clockapp.i18n import ngettext

#: Random bytes in a table's token: 192 bits, past the 128 a guess must beat.
TOKEN_BYTES = 24
#: Random bytes in a page's nonce.
NONCE_BYTES = 16
#: How long a page's nonce stays good: a captain who left the page open reloads it.
NONCE_SECONDS = 2 * 60 * 60
#: Reports one token may send in one minute; more are a flood and refused.
REPORTS_PER_MINUTE = 6
#: The window of the flood rule.
FLOOD_WINDOW = timedelta(minutes=1)
#: The most chips one count may name (a typo of a few extra digits is refused, not kept).
MAX_CHIPS = 10**12
#: The most counts one report may carry (a table holds at most a dozen players).
MAX_COUNTS = 12
#: The longest note a captain may add.
NOTE_MAX = 200

_TOKEN_LENGTH = len(base64.urlsafe_b64encode(bytes(TOKEN_BYTES)).rstrip(b"="))
_URLSAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class CaptainError(DomainError):
    """A captain's report, or a token, that cannot be taken."""


class TokenRefused(CaptainError):
    """A token that opens no table here: forged, another tournament's, revoked, or switched off."""


class NonceRefused(CaptainError):
    """A page's nonce that was not issued here, is too old, or was used already (a replay)."""


class FloodRefused(CaptainError):
    """One report too many from the same table in a minute."""


class ReportKind(StrEnum):
    """What a table reports."""

    BUST = "bust"
    CHIP_COUNTS = "chip_counts"
    FLOOR = "floor"
    CLOCK = "clock"


class ReportStatus(StrEnum):
    """Where a report stands: waiting for the director, accepted, or rejected."""

    PENDING = "pending"
    ACCEPTED = "accepted"
    REJECTED = "rejected"


@dataclass(frozen=True)
class Report:
    """One report of a table: its kind and what it names.

    Attributes:
        kind: What is reported.
        table_number: The table that reports.
        busted: The registration id of the player out (a bust).
        busted_by: Who busted them (a bust; None when the captain did not say).
        counts: (registration id, chips) for each player counted (chip counts).
        player: The player the clock is called on (a call for the clock; optional).
        note: A few words for the floor (a call for the floor or the clock; optional).

    >>> Report(ReportKind.CHIP_COUNTS, 2, counts=((5, 12000), (6, 0)))
    Traceback (most recent call last):
    ...
    clockapp.core.captains.CaptainError: A chip count is a whole number of chips above zero.
    """

    kind: ReportKind
    table_number: int
    busted: int | None = None
    busted_by: int | None = None
    counts: tuple[tuple[int, int], ...] = ()
    player: int | None = None
    note: str = ""

    def __post_init__(self) -> None:
        if not 0 < self.table_number < 10_000:
            raise CaptainError(_("That table number is not one of the room's tables."))
        if len(self.note) > NOTE_MAX or any(ord(c) < 32 for c in self.note):
            raise CaptainError(_("The note is too long, or holds characters it cannot keep."))
        if self.kind is ReportKind.BUST:
            if self.busted is None:
                raise CaptainError(_("Say which player is out."))
            if self.busted_by == self.busted:
                raise CaptainError(_("A player cannot bust himself: pick who won the hand."))
        elif self.busted is not None or self.busted_by is not None:
            raise CaptainError(_("Only a bust names a player out."))
        if self.kind is ReportKind.CHIP_COUNTS:
            if not self.counts:
                raise CaptainError(_("Count at least one player's chips."))
            if len(self.counts) > MAX_COUNTS:
                raise CaptainError(_("A table's counts name a dozen players at most."))
            ids = [rid for rid, _chips in self.counts]
            if len(set(ids)) != len(ids):
                raise CaptainError(_("A player is counted twice: count each player once."))
            if any(not 0 < chips <= MAX_CHIPS for _rid, chips in self.counts):
                raise CaptainError(_("A chip count is a whole number of chips above zero."))
        elif self.counts:
            raise CaptainError(_("Only a chip count names chips."))
        if self.player is not None and self.kind is not ReportKind.CLOCK:
            raise CaptainError(_("Only a call for the clock names the player to act."))

    def names(self) -> tuple[int, ...]:
        """Every registration id the report names.

        >>> Report(ReportKind.BUST, 1, busted=4, busted_by=5).names()
        (4, 5)
        """
        found = [self.busted, self.busted_by, self.player]
        found.extend(rid for rid, _chips in self.counts)
        return tuple(rid for rid in found if rid is not None)


def check_at_table(report: Report, seated: Mapping[int, str], label: str) -> Report:
    """`report` when every player it names is seated at its table (`seated`: id -> name).

    A table that reports a bust names the player out and the winner from its own seats; a
    count is of the players at that table.

    >>> check_at_table(Report(ReportKind.FLOOR, 1), {}, "Table 1").kind
    <ReportKind.FLOOR: 'floor'>
    """
    if report.busted is not None and report.busted not in seated:
        raise CaptainError(_("The busted player is not seated at {table}.").format(table=label))
    if report.busted_by is not None and report.busted_by not in seated:
        raise CaptainError(
            _("The player who won the hand is not seated at {table}.").format(table=label)
        )
    if report.player is not None and report.player not in seated:
        raise CaptainError(
            _("The player the clock is called on is not seated at {table}.").format(table=label)
        )
    if any(rid not in seated for rid, _chips in report.counts):
        raise CaptainError(
            _("A counted player is not seated at {table}: count again.").format(table=label)
        )
    return report


def describe(report: Report, names: Mapping[int, str]) -> str:
    """The report in a sentence for the director's list (`names`: id -> name).

    >>> describe(Report(ReportKind.BUST, 2, busted=1, busted_by=2), {1: "Ann", 2: "Bob"})
    'Ann is out, busted by Bob.'
    >>> describe(Report(ReportKind.CHIP_COUNTS, 2, counts=((1, 5000),)), {1: "Ann"})
    'Chip counts of 1 player: 5,000 chips in all.'
    """

    def name(rid: int | None) -> str:
        return names.get(rid, _("player #{id}").format(id=rid)) if rid is not None else ""

    if report.kind is ReportKind.BUST:
        if report.busted_by is None:
            return _("{player} is out.").format(player=name(report.busted))
        return _("{player} is out, busted by {winner}.").format(
            player=name(report.busted), winner=name(report.busted_by)
        )
    if report.kind is ReportKind.CHIP_COUNTS:
        total = sum(chips for _rid, chips in report.counts)
        return ngettext(
            "Chip counts of {count} player: {chips} chips in all.",
            "Chip counts of {count} players: {chips} chips in all.",
            len(report.counts),
        ).format(count=len(report.counts), chips=chips_text(total))
    if report.kind is ReportKind.CLOCK:
        text = (
            _("The table calls the clock on {player}.").format(player=name(report.player))
            if report.player is not None
            else _("The table calls the clock.")
        )
    else:
        text = _("The table asks for the floor.")
    return f"{text} {report.note}".strip() if report.note else text


# ---------------------------------------------------------------- tokens and nonces


def new_token() -> str:
    """A table's new secret token, for its QR code (URL-safe, `TOKEN_BYTES` random bytes).

    >>> len(new_token()) == 32 and new_token() != new_token()
    True
    """
    return secrets.token_urlsafe(TOKEN_BYTES)


def looks_like_token(text: str) -> bool:
    """Whether `text` has a token's shape (checked before anything is looked up).

    >>> looks_like_token(new_token()), looks_like_token("../../etc"), looks_like_token("")
    (True, False, False)
    """
    return len(text) == _TOKEN_LENGTH and set(text) <= _URLSAFE


def token_hash(token: str) -> str:
    """What is kept of a token: its SHA-256, in hex (the token itself is never stored).

    >>> len(token_hash("abc"))
    64
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Whether `token` is the one whose hash was kept, compared in constant time.

    >>> t = new_token()
    >>> token_matches(t, token_hash(t)), token_matches(t + "x", token_hash(t))
    (True, False)
    >>> token_matches(t, None)
    False
    """
    if stored_hash is None:
        return False
    return hmac.compare_digest(token_hash(token).encode(), stored_hash.encode())


def _signature(token: str, body: str) -> str:
    digest = hmac.new(token.encode("utf-8"), body.encode("ascii"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode("ascii")


def issue_nonce(token: str, now: datetime) -> str:
    """A one-time nonce for one page of the table `token` opens, signed with the token.

    >>> from datetime import UTC
    >>> at = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
    >>> nonce = issue_nonce("secret", at)
    >>> check_nonce(nonce, "secret", at + timedelta(minutes=5)) == nonce
    True
    """
    body = f"{secrets.token_urlsafe(NONCE_BYTES)}.{int(now.timestamp())}"
    return f"{body}.{_signature(token, body)}"


def check_nonce(nonce: str, token: str, now: datetime) -> str:
    """`nonce` when this server issued it for `token` and it is still young; else refused.

    Whether it was used before is the store's question (it keeps every nonce it took).

    >>> from datetime import UTC
    >>> at = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
    >>> check_nonce(issue_nonce("other", at), "secret", at)
    Traceback (most recent call last):
    ...
    clockapp.core.captains.NonceRefused: This page is not one the clock gave out: reload it.
    >>> check_nonce(issue_nonce("secret", at), "secret", at + timedelta(hours=3))
    Traceback (most recent call last):
    ...
    clockapp.core.captains.NonceRefused: This page is too old: reload it and report again.
    """
    forged = NonceRefused(_("This page is not one the clock gave out: reload it."))
    if len(nonce) > 100:
        raise forged
    random_part, dot, rest = nonce.partition(".")
    issued, dot2, signature = rest.partition(".")
    if not (dot and dot2 and random_part and issued.isdigit() and len(issued) < 12):
        raise forged
    expected = _signature(token, f"{random_part}.{issued}")
    if not hmac.compare_digest(expected.encode(), signature.encode("utf-8", "replace")):
        raise forged
    age = now.timestamp() - int(issued)
    if not -60 <= age <= NONCE_SECONDS:
        raise NonceRefused(_("This page is too old: reload it and report again."))
    return nonce


def flood_refusal(recent: Sequence[datetime], now: datetime) -> str | None:
    """Why one more report of a token is refused (None: it may send it).

    `recent`: when that token's reports (taken or refused) came in.

    >>> from datetime import UTC
    >>> at = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
    >>> flood_refusal([at] * (REPORTS_PER_MINUTE - 1), at) is None
    True
    >>> flood_refusal([at] * REPORTS_PER_MINUTE, at)
    'This table sent too many reports in a minute: wait a moment and send it again.'
    >>> flood_refusal([at] * REPORTS_PER_MINUTE, at + FLOOD_WINDOW) is None
    True
    """
    within = [t for t in recent if now - FLOOD_WINDOW < t <= now]
    if len(within) >= REPORTS_PER_MINUTE:
        return _("This table sent too many reports in a minute: wait a moment and send it again.")
    return None
