"""Every kind of wall moment, imported so each registers its widget with the stage.

One line per kind's module; importing this is what `registered_kinds` does.
"""

from __future__ import annotations

from clockapp.ui.wall import (
    bounty_board,  # noqa: F401
    chip_leaders,  # noqa: F401
    chip_race,  # noqa: F401
    estimate,  # noqa: F401
    message,  # noqa: F401
    rules,  # noqa: F401
    ruling,  # noqa: F401
    shot_clock,  # noqa: F401
    showdown,  # noqa: F401
    slides,  # noqa: F401
)
