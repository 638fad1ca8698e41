"""Use cases on the events the host defines: list, save and remove them; claim what fell due.

Saving or removing an event is one transaction that records `Change.WALL`, so every display
reads the new list with its snapshot (`read_events`). A display fires them through
`ClockService.claim_host_events`, beside the clock's own cues.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, tzinfo

from clockapp.core.host_events import (
    BUILT_IN_SOUNDS,
    HostEvent,
    HostEventError,
    Trigger,
)
from clockapp.i18n import SOURCE_LANGUAGE, using_language
from clockapp.i18n import gettext as _
from clockapp.persistence.models import HostEventRow
from clockapp.persistence.queries import host_events as host_rows
from clockapp.persistence.session import Session
from clockapp.services.changes import Change, Outcome
from clockapp.services.context import ServiceContext, record_change
from clockapp.services.setup import lock_row

#: A sound file's path longer than this is refused (no file system needs more).
MAX_PATH_CHARS = 1000


def local_zone() -> tzinfo:
    """The room's time zone: this machine's."""
    zone = datetime.now().astimezone().tzinfo
    assert zone is not None
    return zone


def _event(row: HostEventRow) -> HostEvent:
    assert row.id is not None
    return HostEvent(
        id=row.id,
        trigger=Trigger(row.trigger),
        minutes=row.minutes,
        players=row.players,
        at=row.at,
        sound=row.sound,
        spoken=row.spoken,
        wall_text=row.wall_text,
        seconds=row.seconds,
    )


def read_events(session: Session, tournament_id: int) -> tuple[HostEvent, ...]:
    """The tournament's host events; a row this version cannot read is left out, not fatal."""
    found: list[HostEvent] = []
    for row in host_rows.events(session, tournament_id):
        try:
            found.append(_event(row))
        except (HostEventError, ValueError):
            continue
    return tuple(found)


def check_sound(sound: str) -> str:
    """The sound as kept: "" or a built-in name, or a file's absolute path."""
    sound = sound.strip()
    if not sound or sound in BUILT_IN_SOUNDS:
        return sound
    if len(sound) > MAX_PATH_CHARS or "\x00" in sound:
        raise HostEventError(_("That sound file's path is not one the app can keep."))
    if not (sound.startswith("/") or (len(sound) > 2 and sound[1] == ":")):
        raise HostEventError(
            _(
                '"{sound}" is neither a sound of the app nor a file\'s full path; choose the file.'
            ).format(sound=sound)
        )
    return sound


class HostEventService:
    """The host's events of a tournament, and their firing."""

    def __init__(self, ctx: ServiceContext) -> None:
        self._ctx = ctx

    def events(self, tournament_id: int) -> tuple[HostEvent, ...]:
        """The tournament's host events, oldest first."""
        with self._ctx.reading() as session:
            return read_events(session, tournament_id)

    def save(self, tournament_id: int, event: HostEvent) -> Outcome[HostEvent]:
        """Keep `event`: a new one (id 0), an edit, or one put back by an undo (its old id)."""
        event = replace(event, sound=check_sound(event.sound))
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            row = host_rows.event(session, tournament_id, event.id) if event.id else None
            if row is None:
                row = HostEventRow(tournament_id=tournament_id, trigger=str(event.trigger))
                if event.id:
                    if session.get(HostEventRow, event.id) is not None:
                        raise HostEventError(_("That event belongs to another tournament."))
                    row.id = event.id
            row.trigger = str(event.trigger)
            row.minutes, row.players, row.at = event.minutes, event.players, event.at
            row.sound, row.spoken, row.wall_text = event.sound, event.spoken, event.wall_text
            row.seconds = event.seconds
            session.add(row)
            session.flush()
            saved = _event(row)
            with using_language(SOURCE_LANGUAGE):  # the change log is kept in one language
                summary = f"host event: {saved.when()}"
            changes = record_change(session, tournament_id, Change.WALL, summary, self._ctx.now())
        return Outcome(saved, changes)

    def delete(self, tournament_id: int, event_id: int) -> Outcome[HostEvent]:
        """Remove one event; its value is the removed event (an undo saves it back)."""
        with self._ctx.transaction() as session:
            lock_row(session, tournament_id)
            row = host_rows.event(session, tournament_id, event_id)
            if row is None:
                raise HostEventError(_("That event was removed already (at another station?)."))
            removed = _event(row)
            with using_language(SOURCE_LANGUAGE):
                summary = f"host event removed: {removed.when()}"
            session.delete(row)
            changes = record_change(
                session,
                tournament_id,
                Change.WALL,
                summary,
                self._ctx.now(),
            )
        return Outcome(removed, changes)
