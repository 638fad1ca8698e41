"""Run by `test_screen_chooser.py` under a two-screen offscreen platform: the host's steps.

Prints one line per check, "name=value", for the test to read.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from clockapp.persistence.db import make_engine, migrate, sqlite_url
from clockapp.services.app import Services
from clockapp.ui.bus import TournamentBus
from clockapp.ui.settings import UiSettings
from clockapp.ui.station.station import ClockStation
from tests.fakes import FakeClock


class QuietSound:
    """No sound: the probe looks at screens only."""

    muted = False

    def set_muted(self, muted: bool) -> None:
        self.muted = muted

    def play(self, _cue: object) -> None:
        pass

    def say(self, _text: str) -> None:
        pass


def main() -> None:
    app = QApplication(sys.argv[:1])
    folder = Path(tempfile.mkdtemp(prefix="clockapp-screens-"))
    engine = make_engine(sqlite_url(folder / "night.db"))
    migrate(engine)
    services = Services(engine, now=FakeClock())
    tid = services.tournaments.create("Friday").value.id
    bus = TournamentBus(services, tid, poll_interval_ms=0)
    settings = UiSettings(folder / "ui.ini")
    station = ClockStation(services, bus, QuietSound(), settings)
    station.show(screen_index=1)  # --screen 2: the projector
    app.processEvents()
    print(f"display={station.display.screen().name()}")
    print(f"chooser={station.director.room_box.screen_combo.currentText()}")
    station.director.room_box.screen_combo.setCurrentIndex(0)
    station.director.room_box.screen_combo.activated.emit(0)  # the host picks the laptop
    app.processEvents()
    print(f"display={station.display.screen().name()}")
    print(f"chooser={station.director.room_box.screen_combo.currentText()}")
    station.show(screen_index=1)  # back on the projector, then the night's next start
    app.processEvents()
    station.close()
    again = ClockStation(services, bus, QuietSound(), settings)
    again.show()  # no --screen: the screen remembered
    app.processEvents()
    print(f"display={again.display.screen().name()}")
    print(f"chooser={again.director.room_box.screen_combo.currentText()}")
    again.close()
    bus.stop()
    engine.dispose()


if __name__ == "__main__":
    main()
