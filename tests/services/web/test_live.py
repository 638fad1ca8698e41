"""The shared poller: one build per change for every client, stale but alive when the DB fails."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from clockapp.services.web.live import LiveState
from clockapp.services.web.state import Built
from tests.fakes import FakeClock


class Source:
    """A revision and a state the test moves by hand."""

    def __init__(self) -> None:
        self.revision = 1
        self.builds = 0
        self.fail = False
        self.deadline: datetime | None = None

    def read_revision(self) -> int:
        if self.fail:
            raise OSError("the database went away")
        return self.revision

    def build(self, now: datetime) -> Built:
        self.builds += 1
        return Built({"n": self.builds}, self.deadline)


def test_the_state_is_built_once_per_change_whatever_the_number_of_looks() -> None:
    source, clock = Source(), FakeClock()
    live = LiveState(source.build, source.read_revision, clock)
    live.refresh()
    for _ in range(50):
        live.refresh()
    assert source.builds == 1
    source.revision = 2
    assert live.refresh() is True
    assert source.builds == 2
    assert live.current.version == 2
    assert live.current.body == b'{"n":2,"stale":false}'


def test_a_level_ending_by_itself_builds_a_new_state_without_a_change() -> None:
    source, clock = Source(), FakeClock()
    source.deadline = clock() + timedelta(minutes=5)
    live = LiveState(source.build, source.read_revision, clock)
    live.refresh()
    clock.advance(minutes=4)
    assert live.refresh() is False
    clock.advance(minutes=1)
    assert live.refresh() is True


def test_a_failing_database_marks_the_state_stale_once_and_recovers(caplog) -> None:
    source, clock = Source(), FakeClock()
    live = LiveState(source.build, source.read_revision, clock)
    live.refresh()
    source.fail = True
    live.refresh()
    live.refresh()
    assert live.current.body == b'{"n":1,"stale":true}'
    assert live.current.version == 2  # one stale notice, not one per look
    assert len([r for r in caplog.records if "cannot read" in r.getMessage()]) == 1
    source.fail = False
    live.refresh()
    assert live.current.body == b'{"n":2,"stale":false}'


def test_waiting_clients_wake_on_a_new_state_and_time_out_otherwise() -> None:
    source = Source()
    live = LiveState(source.build, source.read_revision, lambda: datetime(2026, 1, 1, tzinfo=UTC))
    live.refresh()
    assert live.wait_newer(live.current.version, 0.01) is None
    source.revision = 5
    live.refresh()
    newer = live.wait_newer(1, 0.01)
    assert newer is not None
    assert newer.version == 2
