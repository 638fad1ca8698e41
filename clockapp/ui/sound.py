"""Sound cues and spoken announcements, behind one small interface that tests replace.

`Sound` plays the WAV cues shipped with the app (`sounds/`) with QSoundEffect and speaks through
QtTextToSpeech when the system has an engine; with no audio device or no speech engine it stays
silent without an error. QtMultimedia and QtTextToSpeech are imported on first use, not at start-up,
so the first clock frame does not wait for them, and inside the `OptionalParts` guard: where they
cannot load (no libpulse0), or where they load but nothing can play (no sound server, no sound
card), sound is off, the director is told once, and the clock carries on.
"""

from __future__ import annotations

import enum
import logging
import os
import wave
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QLocale, QObject, QUrl

from clockapp.i18n import current_language
from clockapp.i18n import gettext as _
from clockapp.paths import resource_path
from clockapp.ui.optional import OptionalParts, Part

# Qt ships a "mock" engine for its own tests; it says nothing, so it does not count as a voice.
_NOT_A_VOICE = frozenset({"mock"})
log = logging.getLogger(__name__)

TTS_ENGINE_ENV = "CLOCKAPP_TTS_ENGINE"  # force an engine (tests use "mock"); "none" disables speech


class Cue(enum.StrEnum):
    """The sound cues; each value is the WAV file's stem."""

    LEVEL = "level"
    WARNING = "warning"
    BREAK_START = "break_start"
    BREAK_END = "break_end"


#: A host's own sound longer than this is refused: a cue, not a song.
MAX_FILE_SECONDS = 30
#: A host's sound file larger than this is refused before it is read.
MAX_FILE_BYTES = 20 * 1024 * 1024


def sound_file_problem(path: Path) -> str | None:
    """Why the host's sound file cannot be played, in words a director reads (None: it can).

    QSoundEffect, which plays every cue, plays uncompressed PCM WAV only, so the file's WAV
    header says whether it can play: the same answer with or without QtMultimedia installed.
    """
    name = path.name
    if not path.is_file():
        return _("{name} is not there (moved, or on a drive that is not plugged in).").format(
            name=name
        )
    if path.stat().st_size > MAX_FILE_BYTES:
        return _("{name} is larger than {megabytes} MB; use a short cue.").format(
            name=name, megabytes=MAX_FILE_BYTES // (1024 * 1024)
        )
    try:
        with wave.open(str(path), "rb") as wav:
            channels, width = wav.getnchannels(), wav.getsampwidth()
            frames, rate = wav.getnframes(), wav.getframerate()
    except (wave.Error, EOFError, OSError) as error:
        return _(
            "{name} cannot be played: it is not an uncompressed WAV file ({error}). "
            "Save it as WAV (PCM) in a sound editor."
        ).format(name=name, error=error)
    if channels not in (1, 2) or width not in (1, 2, 3, 4):
        return _("{name} cannot be played: {channels} channels of {bits}-bit samples.").format(
            name=name, channels=channels, bits=8 * width
        )
    if frames == 0 or rate <= 0:
        return _("{name} holds no sound.").format(name=name)
    if frames / rate > MAX_FILE_SECONDS:
        return _("{name} lasts {seconds} s; a cue may last {most} s at most.").format(
            name=name, seconds=f"{frames / rate:.0f}", most=MAX_FILE_SECONDS
        )
    return None


class SoundPlayer(Protocol):
    """What the clock needs from a sound device (`Sound` in the app, a fake in tests)."""

    @property
    def muted(self) -> bool: ...

    def set_muted(self, muted: bool) -> None: ...

    def play(self, cue: Cue | Path) -> None: ...

    def say(self, text: str) -> None: ...


def pick_engine(available: list[str], forced: str | None = None) -> str | None:
    """The speech engine to use: the forced one if given, else the first real voice, else None.

    >>> pick_engine(["mock", "speechd"])
    'speechd'
    >>> pick_engine(["mock"]) is None
    True
    >>> pick_engine(["speechd"], forced="none") is None
    True
    """
    if forced:
        if forced == "none":
            return None
        return forced if forced in available else None
    for name in available:
        if name not in _NOT_A_VOICE:
            return name
    return None


def audio_output_exists() -> bool:
    """Whether QtMultimedia finds an audio output (False with libpulse but no sound server)."""
    from PySide6.QtMultimedia import QMediaDevices

    return not QMediaDevices.defaultAudioOutput().isNull()


class Sound(QObject):
    """Plays cues and speaks announcements; muting silences both.

    Args:
        parent: The Qt parent.
        volume: The cues' volume, 0 to 1.
        parts: Where a part that cannot load is reported (one of its own if not given).
        has_output: Whether the system offers an audio output (default: asks QtMultimedia).
    """

    def __init__(
        self,
        parent: QObject | None = None,
        volume: float = 0.8,
        parts: OptionalParts | None = None,
        has_output: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(parent)
        self.parts = parts if parts is not None else OptionalParts(self)
        self._has_output = has_output or audio_output_exists
        self._muted = False
        self._volume = volume
        self._effects: dict[Cue | Path, Any] = {}
        self._speech: Any = None
        self._speech_tried = False

    @property
    def muted(self) -> bool:
        """True while the director has the sound off."""
        return self._muted

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute; muting also stops a sentence being spoken."""
        self._muted = muted
        if muted and self._speech is not None:
            self._speech.stop()

    def play(self, cue: Cue | Path) -> None:
        """Play one cue, or the host's own WAV file (nothing while muted)."""
        if self._muted:
            return
        effect = self._effect(cue)
        if effect is not None:
            effect.play()

    def say(self, text: str) -> None:
        """Speak `text` if a speech engine exists (nothing while muted or without one)."""
        if self._muted or not text:
            return
        speech = self.speech()
        if speech is not None:
            speech.say(text)

    def preload(self) -> None:
        """Load the cues now (after start-up), so the first one plays without a delay."""
        for cue in Cue:
            self._effect(cue)

    def speech(self) -> Any:
        """The QTextToSpeech object, created on first use; None when no engine is available."""
        if self._speech_tried:
            return self._speech
        self._speech_tried = True
        if os.environ.get(TTS_ENGINE_ENV) == "none":
            return None
        self._speech = self.parts.load(Part.SPEECH, self._make_speech)
        return self._speech

    def _make_speech(self) -> Any:
        from PySide6.QtTextToSpeech import QTextToSpeech

        engine = pick_engine(QTextToSpeech.availableEngines(), os.environ.get(TTS_ENGINE_ENV))
        if engine is None:  # no voice installed: silence, not a fault
            return None
        speech = QTextToSpeech(engine, self)
        if speech.state() == QTextToSpeech.State.Error:
            # e.g. speech-dispatcher installed but its daemon is not running
            speech.deleteLater()
            return None
        # The announcements are in the station's language: a voice of that language reads them.
        wanted = QLocale(current_language())
        if any(locale.language() == wanted.language() for locale in speech.availableLocales()):
            speech.setLocale(wanted)
        return speech

    def _effect(self, cue: Cue | Path) -> Any:
        if cue not in self._effects:
            path = cue if isinstance(cue, Path) else resource_path("sounds", f"{cue.value}.wav")
            if path.is_file():
                self._effects[cue] = self.parts.load(Part.SOUND, lambda: self._make_effect(path))
            else:  # a damaged installation (`clockapp --self-test` says so): this cue is silent
                log.warning("the sound file %s is missing", path)
                self._effects[cue] = None
        return self._effects[cue]

    def _make_effect(self, path: Path) -> Any:
        from PySide6.QtMultimedia import QSoundEffect

        if not self._has_output():
            # libpulse loads, but no server answers (or there is no card): every cue would fail
            # in Qt's log only. Reported once, as a missing library is.
            raise RuntimeError("no audio output: no sound server is running, or no sound card")

        effect = QSoundEffect(self)
        effect.setSource(QUrl.fromLocalFile(str(path)))
        effect.setVolume(self._volume)
        return effect
