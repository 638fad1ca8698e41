"""The sound layer: the cue files exist and are sane; speech is silent without an engine."""

from __future__ import annotations

import wave

import pytest

from clockapp.paths import resource_path
from clockapp.ui.sound import TTS_ENGINE_ENV, Cue, Sound, pick_engine


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
AUDIO_BACKEND_NOISE = ("pipewire", "PulseAudio", "va-", "libva", "speech")


@pytest.mark.qt_log_ignore(*AUDIO_BACKEND_NOISE)
def test_mock_engine_speaks_and_mute_stops_it(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtTextToSpeech import QTextToSpeech

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
