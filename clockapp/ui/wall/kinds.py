"""Every kind of wall moment, imported so each registers its widget with the stage.

One line per kind's module; importing this is what `registered_kinds` does.
"""

from __future__ import annotations

from clockapp.ui.wall import (
    message,  # noqa: F401
    rules,  # noqa: F401
    slides,  # noqa: F401
)
