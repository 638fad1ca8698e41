"""Demo payloads of the wall's moments, for `clockapp --screenshot out.png --wall KIND`.

Each kind's module registers a function that builds a self-contained payload from demo data
(`register_demo`); the screenshot shows it over the demo clock, writing nothing anywhere, so the
README's pictures stay true as the widgets change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from clockapp.core.wall import WallError
from clockapp.i18n import gettext as _

#: Builds a kind's demo payload for the time `now` (a countdown counts from it).
DemoPayload = Callable[[datetime], Mapping[str, Any]]
_DEMOS: dict[str, DemoPayload] = {}


def register_demo(kind: str, payload: DemoPayload) -> None:
    """Let `--wall kind` show the payload `payload(now)` builds."""
    _DEMOS[kind] = payload


def demo_kinds() -> tuple[str, ...]:
    """The kinds with a demo."""
    from clockapp.ui.wall import kinds  # noqa: F401  (each kind registers its demo)

    return tuple(sorted(_DEMOS))


def demo_payload(kind: str, now: datetime) -> Mapping[str, Any]:
    """The demo payload of `kind` at `now`; a `WallError` naming the kinds that have one."""
    known = demo_kinds()
    if kind not in _DEMOS:
        raise WallError(
            _("The wall has no demo of {kind!r}: try one of {known}.").format(
                kind=kind, known=", ".join(known)
            )
        )
    return _DEMOS[kind](now)
