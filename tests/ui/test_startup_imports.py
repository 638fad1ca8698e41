"""What the real start-up imports before its first clock frame, so the weight does not creep back.

`clockapp --db X --first-frame` paints the clock from the start-up cache and exits right after
that frame; `python -X importtime` lists every module the process imported on the way. None of
the heavy or not-yet-needed parts may be among them: the database layer and any of the services,
numpy and the poker tables, the charts, sound and speech, the wall's kinds, the web view, the
leagues, the QR codes, the points formulas, the structure's CSV format and OpenSSL's hashing,
nor the display's parts the first frame does not show (the winner screen, the wall's stage, the
logo, the seat-move banner: `clockapp.ui.clock.covers` builds them on first use), nor the sound
module and the optional parts' guard (the start-up clock never sounds).

Nor may the first frame build PySide's `Qt` namespace: its first use builds ~95 Python enums at
once, about 40 ms (clockapp/ui/clock/paint.py says how the display paints without it).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

#: Modules (and packages, with everything under them) the first frame must not import.
NOT_BEFORE_THE_FIRST_FRAME = (
    "sqlalchemy",
    "sqlmodel",
    "alembic",
    "numpy",
    "segno",
    "simpleeval",
    "clockapp.persistence",
    "clockapp.services",
    "clockapp.poker",
    "clockapp.core.generator",
    "clockapp.core.seating",
    "clockapp.core.money",
    "clockapp.core.points",
    "clockapp.core.wall",
    "clockapp.core.house",
    "clockapp.core.structure.csv_format",
    "clockapp.core.chips.needs",
    "clockapp.core.chips.stacks",
    "clockapp.ui.bus",
    "clockapp.ui.charts",
    "clockapp.ui.cashier",
    "clockapp.ui.seating",
    "clockapp.ui.leagues",
    "clockapp.ui.rulings",
    "clockapp.ui.structure",
    "clockapp.ui.wall.kinds",
    "clockapp.ui.wall.stage",
    "clockapp.ui.wall.images",
    "clockapp.ui.wall.picture",
    "clockapp.ui.clock.winner",
    "clockapp.ui.clock.moves",
    "clockapp.ui.clock.station",
    "clockapp.ui.sound",
    "clockapp.ui.optional",
    "clockapp.ui.clock.web_view",
    "clockapp.commands.poker",
    "clockapp.commands.structure",
    "PySide6.QtCharts",
    "PySide6.QtMultimedia",
    "PySide6.QtTextToSpeech",
    "PySide6.QtSvg",
    "PySide6.QtNetwork",
    "PySide6.QtPrintSupport",
    "csv",
    "hashlib",
    "hmac",
    "importlib.resources",
)


def _run(
    args: list[str], data: Path, *python_flags: str, program: tuple[str, ...] = ("-m", "clockapp")
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CLOCKAPP_DATA_DIR=str(data))
    return subprocess.run(
        [sys.executable, *python_flags, *program, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def import_order(importtime_output: str) -> list[str]:
    """The module names in `python -X importtime`'s report, in the order their imports ended.

    >>> import_order("import time: self [us] | cumulative | imported package\\n"
    ...              "import time:       120 |        340 |   json.decoder\\n"
    ...              "import time:        80 |        420 | json\\n")
    ['json.decoder', 'json']
    """
    names = []
    for line in importtime_output.splitlines():
        if line.startswith("import time:") and "|" in line:
            name = line.rsplit("|", 1)[1].strip()
            if name and name != "imported package":
                names.append(name)
    return names


def _first_frame_imports(tmp_path: Path) -> str:
    """`python -X importtime`'s report of a real start painting its first frame from the cache."""
    db = str(tmp_path / "app.db")
    # The demo opens the database and writes the start-up cache of the clock it shows.
    first = _run(["--db", db, "--demo", "--first-frame", "--windowed"], tmp_path)
    assert first.returncode == 0, first.stderr
    assert list(tmp_path.glob("last-clock-*.json")), "no start-up cache was written"

    start = _run(["--db", db, "--first-frame", "--windowed"], tmp_path, "-X", "importtime")
    assert start.returncode == 0, start.stderr
    assert "first-frame" in start.stdout
    return start.stderr


def test_the_first_frame_from_the_cache_imports_nothing_heavy(tmp_path: Path) -> None:
    order = import_order(_first_frame_imports(tmp_path))
    # From the app's own package on: what the interpreter's start-up imported before it (a
    # sitecustomize, such as the one that hides the optional Qt modules) is not the app's doing.
    modules = set(order[order.index("clockapp") :])
    assert "clockapp.ui.clock.display" in modules  # the report is there and is the real path
    assert "clockapp.core.clock" in modules  # the one clock engine paints the first frame
    heavy = sorted(
        name
        for name in modules
        for banned in NOT_BEFORE_THE_FIRST_FRAME
        if name == banned or name.startswith(banned + ".")
    )
    assert heavy == []


#: Runs the real start and says, at its first frame, whether PySide's `Qt` namespace was built
#: (PySide6 puts it in QtCore's module dictionary on its first use, and then builds its enums).
QT_NAMESPACE_AT_FIRST_FRAME = """
import sys
from clockapp.ui.shell import launcher

painted = launcher.Launcher._on_first_frame

def on_first_frame(self):
    from PySide6 import QtCore
    print("Qt namespace built:", "Qt" in vars(QtCore), flush=True)
    painted(self)

launcher.Launcher._on_first_frame = on_first_frame
from clockapp.__main__ import main
sys.exit(main(sys.argv[1:]))
"""


def _first_frame_builds_qt(db: str, data: Path, how: list[str]) -> bool:
    """Whether the start from the cache built the `Qt` namespace before its first frame."""
    start = _run(
        ["--db", db, "--first-frame", *how], data, program=("-c", QT_NAMESPACE_AT_FIRST_FRAME)
    )
    assert start.returncode == 0, start.stderr
    lines = start.stdout.splitlines()
    assert "first-frame" in lines  # the frame was painted from the cache
    return "Qt namespace built: False" not in lines


@pytest.mark.parametrize(
    "how", [["--windowed"], [], ["--station", "display"]], ids=["windowed", "default", "wall"]
)
def test_the_first_frame_does_not_build_the_qt_namespace(tmp_path: Path, how: list[str]) -> None:
    # In a window, as the settings say (fullscreen for the way out), and as the room's display.
    db = str(tmp_path / "app.db")
    first = _run(["--db", db, "--demo", "--first-frame", "--windowed"], tmp_path)
    assert first.returncode == 0, first.stderr
    assert not _first_frame_builds_qt(db, tmp_path, how)


def test_nor_does_the_first_frame_of_a_paused_clock(tmp_path: Path) -> None:
    # Paused, the clock says so in a banner: a label with a background colour.
    from clockapp.services.app import open_services

    db = str(tmp_path / "app.db")
    first = _run(["--db", db, "--demo", "--first-frame", "--windowed"], tmp_path)
    assert first.returncode == 0, first.stderr
    services = open_services(db)
    (tournament,) = services.tournaments.list()
    services.clock.pause(tournament.id)
    services.ctx.engine.dispose()
    # Without its cache, a start reads the paused clock from the database and caches it.
    for cache in tmp_path.glob("last-clock-*.json"):
        cache.unlink()
    again = _run(["--db", db, "--first-frame", "--windowed"], tmp_path)
    assert again.returncode == 0, again.stderr
    assert list(tmp_path.glob("last-clock-*.json"))
    assert not _first_frame_builds_qt(db, tmp_path, ["--windowed"])
