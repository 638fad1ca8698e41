"""Generate the clock's sound cues as short WAV files with the standard library only.

Run `python resources/make_sounds.py` (optionally with an output folder) to rebuild
`clockapp/resources/sounds/*.wav`, which ship inside the package. The cues are soft bell tones (a
few decaying harmonics, a gentle attack, no clipping) so they carry across a card room without
startling anyone:

- `level.wav`: a rising major triad, "the blinds went up";
- `warning.wav`: two quiet taps on one note, "one minute left";
- `break_start.wav`: a falling triad, "relax";
- `break_end.wav`: a rising triad that resolves to the octave, "back to the tables".

The output is deterministic (no randomness), so regenerating gives the same files.
"""

from __future__ import annotations

import math
import struct
import sys
import wave
from pathlib import Path

RATE = 44_100
PEAK = 0.7  # of full scale: loud enough for a room, far from clipping

# Equal-tempered frequencies (Hz) of the notes used.
C5, E5, G5, A5, C6 = 523.25, 659.26, 783.99, 880.00, 1046.50

# (relative frequency, relative amplitude, decay rate per second): a warm bell, not a pure beep.
PARTIALS = ((1.0, 1.0, 3.0), (2.0, 0.35, 5.0), (3.0, 0.12, 7.0), (4.2, 0.05, 9.0))

Note = tuple[float, float, float]  # (start seconds, frequency Hz, loudness 0..1)

CUES: dict[str, tuple[float, tuple[Note, ...]]] = {
    "level": (1.6, ((0.0, C5, 0.8), (0.16, E5, 0.8), (0.32, G5, 1.0))),
    "warning": (1.0, ((0.0, A5, 0.7), (0.28, A5, 0.7))),
    "break_start": (1.7, ((0.0, G5, 0.9), (0.2, E5, 0.85), (0.4, C5, 0.9))),
    "break_end": (1.8, ((0.0, C5, 0.8), (0.14, E5, 0.8), (0.28, G5, 0.85), (0.46, C6, 1.0))),
}


def _bell(t: float, freq: float) -> float:
    """One bell strike `t` seconds after it starts (0 before)."""
    if t < 0:
        return 0.0
    attack = min(1.0, t / 0.008)  # 8 ms fade-in: no click
    total = 0.0
    for ratio, amplitude, decay in PARTIALS:
        total += amplitude * math.exp(-decay * t) * math.sin(2 * math.pi * freq * ratio * t)
    return attack * total


def render(seconds: float, notes: tuple[Note, ...]) -> list[int]:
    """The cue as 16-bit samples, normalised to `PEAK` with a short fade-out at the end.

    >>> samples = render(0.1, ((0.0, 440.0, 1.0),))
    >>> len(samples), max(abs(s) for s in samples) <= 32767
    (4410, True)
    """
    count = int(seconds * RATE)
    raw = []
    for i in range(count):
        t = i / RATE
        raw.append(sum(loud * _bell(t - start, freq) for start, freq, loud in notes))
    peak = max(abs(v) for v in raw) or 1.0
    fade = int(0.05 * RATE)
    samples = []
    for i, value in enumerate(raw):
        tail = min(1.0, (count - i) / fade)
        samples.append(round(value / peak * PEAK * tail * 32767))
    return samples


def write_wav(path: Path, samples: list[int]) -> None:
    """Write mono 16-bit PCM."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))


def main(argv: list[str]) -> int:
    """Write every cue into the folder given (default: `clockapp/resources/sounds`)."""
    default = Path(__file__).resolve().parent.parent / "clockapp" / "resources" / "sounds"
    folder = Path(argv[0]) if argv else default
    folder.mkdir(parents=True, exist_ok=True)
    for name, (seconds, notes) in CUES.items():
        path = folder / f"{name}.wav"
        write_wav(path, render(seconds, notes))
        print(f"wrote {path} ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
