"""What the real start-up imports before its first clock frame, so the weight does not creep back.

`clockapp --db X --first-frame` paints the clock from the start-up cache and exits right after
that frame; `python -X importtime` lists every module the process imported on the way. None of
the heavy or not-yet-needed parts may be among them: the database layer and any of the services,
numpy and the poker tables, the charts, sound and speech, the wall's kinds, the web view, the
leagues, the QR codes, the points formulas, the structure's CSV format and OpenSSL's hashing,
nor the display's parts the first frame does not show (the winner screen, the wall's stage, the
logo, the seat-move banner: `clockapp.ui.clock.covers` builds them on first use), nor the sound
module and the optional parts' guard (the start-up clock never sounds).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
