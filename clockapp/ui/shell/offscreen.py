"""The clock drawn without a screen: `--screenshot out.png` and `--self-test`.

`render_screenshot` draws the clock display of a tournament offscreen to a PNG; `screenshot`
picks the tournament (or builds the demo in a throwaway database, writing nothing to the
user's); `self_test` checks what a packaged app needs (resources, a database, drawing).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from clockapp.ui.shell.launcher import open_station_services

if TYPE_CHECKING:
    from clockapp.services.app import Services


def screenshot(
    db: str | None,
    path: Path,
    size: tuple[int, int],
    demo: bool = False,
    wall: str | None = None,
    theme: str | None = None,
) -> int:
    """`--screenshot`: the current tournament (or the demo already there) drawn to a PNG.

    With `wall`, the demo of that wall moment (`clockapp.ui.wall.demos`) is drawn over the
    clock; `theme` (`--theme`) draws it in that built-in theme instead of the tournament's own
    look. Nothing is written to the database: with no tournament to draw (an empty database, or
    `--demo` where there is no demo yet) the demo is built in a throwaway database instead.
    """
    if wall is not None:
        from clockapp.ui.wall.demos import demo_kinds

        if wall not in demo_kinds():
            known = ", ".join(demo_kinds())
            print(
                f"clockapp: the wall has no demo of {wall!r}: try one of {known}", file=sys.stderr
            )
            return 2
    services = open_station_services(db)
    if services is None:
        return 2
    found = services.demo.find_demo() if demo else services.tournaments.last_opened()
    if found is not None:
        return render_screenshot(services, found.id, path, size, wall, theme)
    services.ctx.engine.dispose()
    return _screenshot_of_a_fresh_demo(path, size, wall, theme)


def _screenshot_of_a_fresh_demo(
    path: Path, size: tuple[int, int], wall: str | None, theme: str | None
) -> int:
    import tempfile

    with tempfile.TemporaryDirectory(prefix="clockapp-demo-") as folder:
        services = open_station_services(str(Path(folder) / "demo.db"))
        if services is None:
            return 2
        try:
            tournament_id = services.demo.create_demo().value.id
            return render_screenshot(services, tournament_id, path, size, wall, theme)
        finally:
            services.ctx.engine.dispose()


def render_screenshot(
    services: Services,
    tournament_id: int,
    path: Path,
    size: tuple[int, int],
    wall: str | None = None,
    theme: str | None = None,
) -> int:
    """Draw the clock display at `size` and save it as a PNG: with `wall`'s demo moment over
    it, in the built-in `theme` when one is given."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtWidgets import QApplication

    from clockapp.ui.bus import TournamentBus
    from clockapp.ui.clock.session import ClockSession
    from clockapp.ui.display.theme import WallTheme
    from clockapp.ui.display.window import ClockDisplay

    bus = TournamentBus(services, tournament_id, poll_interval_ms=0)
    session = ClockSession(services, bus, _SilentSound(), claim_sounds=False)
    display = ClockDisplay(session, WallTheme())
    try:
        display.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
        display.resize(*size)
        display.show()
        display.resize(*size)
        session.tick()
        if wall is not None:  # drawn, not stored: the screenshot writes nothing
            from clockapp.core.wall import WallMoment
            from clockapp.ui.wall.demos import demo_payload

            now = services.now()
            session.preview_moment(WallMoment(wall, demo_payload(wall, now), now))
        # Let the proportional margins set in resizeEvent take effect before drawing.
        QApplication.processEvents()
        layout = display.layout()
        if layout is not None:
            layout.activate()
        if theme is not None:
            from clockapp.core.look import theme_named

            # After the first snapshot, which sets the tournament's own look on the wall.
            display.look.set_palette(theme_named(theme))
        image = display.grab().toImage()
    finally:
        # Stopped and deleted here, on the GUI thread: left to Python's garbage collector, they
        # may be freed on a later worker's thread, and a Qt object with timers freed off its
        # own thread crashes the process (a caller that goes on drawing other windows).
        display.close()
        session.stop()
        bus.stop()
        for gone in (display, session, bus):
            gone.deleteLater()
        QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    path.parent.mkdir(parents=True, exist_ok=True)
    # PySide6 wants the format as str here (bytes raise), whatever its stubs say.
    if not image.save(str(path), "PNG"):  # type: ignore[call-overload]
        print(f"clockapp: cannot write {path}", file=sys.stderr)
        return 1
    print(f"wrote {path} ({image.width()}x{image.height()})")
    return 0


#: The Qt modules the app imports only when a window first needs them (the league chart,
#: printing): a packaged app without one would fail there, long after it started, so the
#: self-test imports each.
LATER_QT_MODULES = ("PySide6.QtCharts", "PySide6.QtPrintSupport")
#: The ones for sound and speech need system libraries (libpulse) a machine may lack, and the
#: app then runs silent: only their absence from the installation is a failure, so they are
#: looked for, not loaded (the sound loads them after start-up, under its own guard).
OPTIONAL_QT_MODULES = ("PySide6.QtMultimedia", "PySide6.QtTextToSpeech")


def _missing_qt_parts() -> list[str]:
    """What the self-test finds missing of the Qt parts loaded later."""
    import importlib.util

    from PySide6.QtGui import QImageReader

    failures = []
    for name in LATER_QT_MODULES:
        try:
            importlib.import_module(name)
        except ImportError as error:
            failures.append(f"cannot load {name}: {error}")
    for name in OPTIONAL_QT_MODULES:
        try:
            found = importlib.util.find_spec(name) is not None
        except ImportError:  # there, but the system lacks what it links: the app runs silent
            found = True
        if not found:
            failures.append(f"{name} is not installed")
    formats = {bytes(name.data()) for name in QImageReader.supportedImageFormats()}
    if b"svg" not in formats:  # the app's icon is an SVG, read by Qt's svg image plugin
        failures.append("Qt cannot read SVG images: its svg image plugin is missing")
    return failures


def _missing_translations() -> list[str]:
    """What the self-test finds missing of the translations beside the app's own catalogs: Qt's
    for its standard dialogs, and Babel's CLDR data (without it a language falls back to US
    English numbers and dates, silently)."""
    from clockapp.formats import locale_for
    from clockapp.i18n import available_languages
    from clockapp.ui.language import missing_qt_translations

    failures = [
        f"Qt's translation of its standard dialogs (qtbase_{code}.qm) is missing"
        for code in missing_qt_translations()
    ]
    for lang in available_languages():
        locale = locale_for(lang.code)  # en_US where Babel has no file for the language
        try:
            locale.currency_formats.get("standard")  # reads its file and its parents' files
            found = locale.language == lang.code.split("_")[0]
        except OSError:
            found = False
        if not found:
            failures.append(f"Babel's CLDR data for {lang.code} is missing")
    return failures


def self_test(db: str | None = None) -> int:
    """Check what a packaged app needs: resources, a database, drawing the clock, the Qt parts.

    With `db` (`--db`), that database must open and its current tournament is drawn (nothing
    is written to it); without, a throwaway database with the demo is used.
    """
    import tempfile

    from clockapp.paths import resource_path
    from clockapp.ui.display import theme
    from clockapp.ui.sound import Cue

    failures: list[str] = []
    needed = [resource_path("icons", "clockapp.svg")]
    needed += [resource_path("sounds", f"{cue.value}.wav") for cue in Cue]
    needed += [resource_path("fonts", name) for name in theme.FONT_FILES]
    needed += [resource_path("rules", "holdem.md")]  # the house rules' template
    failures += [f"missing resource {path}" for path in needed if not path.exists()]
    if theme.font_family() == theme.FALLBACK_FAMILY:
        failures.append("the bundled font did not load")
    failures += _missing_qt_parts()
    failures += _missing_translations()
    with tempfile.TemporaryDirectory() as folder:
        image = Path(folder) / "clock.png"
        if db is not None:
            failures += _self_test_database(db, image)
        else:
            services = open_station_services(str(Path(folder) / "self-test.db"))
            if services is None:
                failures.append("cannot open a database")
            else:
                tournament_id = services.demo.create_demo().value.id
                if render_screenshot(services, tournament_id, image, (1280, 720)) != 0:
                    failures.append("cannot draw the clock")
                services.ctx.engine.dispose()
    for failure in failures:
        print(f"self-test: {failure}", file=sys.stderr)
    print("self-test: ok" if not failures else "self-test: FAILED")
    return 0 if not failures else 1


def _self_test_database(db: str, image: Path) -> list[str]:
    """`--self-test --db`: the given database opens and its tournament (or the demo) draws."""
    code = screenshot(db, image, (1280, 720))
    if code == 2:
        return [f"cannot open the database {db}"]
    return [] if code == 0 else ["cannot draw the clock"]


class _SilentSound:
    """A screenshot makes no noise and claims no sound events."""

    muted = True

    def set_muted(self, muted: bool) -> None:
        """Ignored."""

    def play(self, cue: object) -> None:
        """Ignored."""

    def say(self, text: str) -> None:
        """Ignored."""
