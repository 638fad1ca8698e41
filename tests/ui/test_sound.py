"""The sound layer: the cue files exist and are sane; speech is silent without an engine.

QtMultimedia and QtTextToSpeech are optional (they need libpulse0): tests that use them skip with
the reason when they cannot load; the others prove that `Sound` degrades to silence and one notice.
"""

from __future__ import annotations

import wave

import pytest

from clockapp.paths import resource_path
from clockapp.ui.optional import OptionalParts, Part
from clockapp.ui.sound import TTS_ENGINE_ENV, Cue, Sound, audio_output_exists, pick_engine


def optional_qt(module: str):
    """Import an optional Qt module, or skip the test saying why it is missing."""
    return pytest.importorskip(
        module,
        reason=f"{module} cannot load here (Qt's audio needs libpulse0): sound is optional",
        exc_type=ImportError,
    )


@pytest.mark.parametrize("cue", list(Cue))
def test_every_cue_has_a_short_mono_wav(cue: Cue) -> None:
    path = resource_path("sounds", f"{cue.value}.wav")
    with wave.open(str(path), "rb") as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        seconds = wav.getnframes() / wav.getframerate()
        frames = wav.readframes(wav.getnframes())
    assert 0.3 < seconds < 2.5
    samples = memoryview(frames).cast("h")
    peak = max(abs(s) for s in samples)
    assert 10_000 < peak < 32_000  # audible, and not clipped


@pytest.mark.parametrize(
    ("available", "forced", "expected"),
    [
        ([], None, None),
        (["mock"], None, None),
        (["mock", "speechd"], None, "speechd"),
        (["sapi", "winrt"], None, "sapi"),
        (["mock", "speechd"], "mock", "mock"),
        (["speechd"], "none", None),
        (["speechd"], "flite", None),
    ],
)
def test_pick_engine(available, forced, expected) -> None:
    assert pick_engine(available, forced) == expected


def test_no_engine_means_silence_without_error(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(TTS_ENGINE_ENV, "none")
    sound = Sound()
    sound.say("Blinds are now 100-200, ante 25")
    assert sound.speech() is None


# Loading the speech plugins loads QtMultimedia, which reports the audio back-ends it lacks here.
AUDIO_BACKEND_NOISE = (
    "pipewire",
    "PulseAudio",
    r"\bva\b",
    "libva",
    "speech",
    "not supported on the selected audio device",  # no sound server: a laptop with no card
)


@pytest.mark.qt_log_ignore(*AUDIO_BACKEND_NOISE)
def test_mock_engine_speaks_and_mute_stops_it(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    QTextToSpeech = optional_qt("PySide6.QtTextToSpeech").QTextToSpeech

    if "mock" not in QTextToSpeech.availableEngines():
        pytest.skip("this Qt build has no mock speech engine")
    monkeypatch.setenv(TTS_ENGINE_ENV, "mock")
    sound = Sound()
    sound.say("Blinds are now 100-200, ante 25")
    speech = sound.speech()
    assert speech is not None
    assert speech.state() == QTextToSpeech.State.Speaking
    sound.set_muted(True)
    assert sound.muted
    qtbot.waitUntil(lambda: speech.state() == QTextToSpeech.State.Ready)
    sound.say("nothing while muted")
    assert speech.state() == QTextToSpeech.State.Ready


@pytest.mark.qt_log_ignore(*AUDIO_BACKEND_NOISE)
def test_a_cue_loads_where_qt_multimedia_does(qtbot) -> None:
    optional_qt("PySide6.QtMultimedia")
    parts = OptionalParts()
    sound = Sound(parts=parts, has_output=lambda: True)  # a laptop with its sound server
    sound.preload()
    assert parts.notices() == ()
    assert sound._effect(Cue.LEVEL) is not None


@pytest.mark.slow
@pytest.mark.qt_log_ignore(*AUDIO_BACKEND_NOISE)
def test_with_libpulse_but_no_sound_server_the_director_is_told_once(
    qtbot, services, bus, fake_timer, ui_settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    from clockapp.ui.station.station import ClockStation

    optional_qt("PySide6.QtMultimedia")
    monkeypatch.setenv(TTS_ENGINE_ENV, "none")
    parts = OptionalParts()
    sound = Sound(parts=parts, has_output=lambda: False)  # libpulse loads; no server answers
    station = ClockStation(services, bus, sound, ui_settings, timer=fake_timer, parts=parts)
    qtbot.addWidget(station.display)
    qtbot.addWidget(station.director)
    try:
        sound.preload()
        for cue in Cue:
            sound.play(cue)
        said = [m for m in station.director.notices.messages() if "Sound cues are off" in m]
        assert len(said) == 1
        assert "no sound server" in said[0]
    finally:
        station.close()


@pytest.mark.qt_log_ignore(*AUDIO_BACKEND_NOISE)
def test_the_real_check_finds_no_sound_server(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    optional_qt("PySide6.QtMultimedia")
    if audio_output_exists():
        pytest.skip("this machine has a sound server: the missing one cannot be seen here")
    monkeypatch.setenv(TTS_ENGINE_ENV, "none")
    parts = OptionalParts()
    sound = Sound(parts=parts)  # QtMultimedia's own answer, as at the table
    sound.preload()
    for cue in Cue:
        sound.play(cue)
    assert parts.failed(Part.SOUND)
    (notice,) = parts.notices()
    assert "no sound server" in notice


def test_without_libpulse_sound_is_silent_and_says_so_once(
    qtbot, without_optional_qt, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(TTS_ENGINE_ENV, raising=False)
    parts = OptionalParts()
    sound = Sound(parts=parts)
    with qtbot.waitSignals([parts.unavailable, parts.unavailable], timeout=1000):
        sound.preload()  # at start-up: the failure is found before the first cue
        for cue in Cue:
            sound.play(cue)
        sound.say("Blinds are now 100-200.")
        sound.say("One minute left in this level.")
    assert parts.failed(Part.SOUND)
    assert parts.failed(Part.SPEECH)
    assert len(parts.notices()) == 2
    sound.play(Cue.WARNING)  # nothing is tried again, nothing is said again
    sound.set_muted(True)
    sound.set_muted(False)
    assert len(parts.notices()) == 2
