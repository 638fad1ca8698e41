"""The update check against a local HTTP server: a newer release, the same one, and failures."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from clockapp.services.updates import UpdateCheckError, check_for_update
from tests.version_server import Server


@pytest.fixture
def server() -> Iterator[Server]:
    with Server() as served:
        yield served


@pytest.mark.slow
def test_a_newer_release_is_found(server: Server) -> None:
    server.answer({"version": "0.2.0", "url": "https://example.org/0.2.0"})
    info = check_for_update(server.url, current="0.1.0")
    assert (info.latest, info.url, info.newer) == ("0.2.0", "https://example.org/0.2.0", True)
    assert server.requests == ["clockapp/0.1.0"]  # nothing else about the machine is sent


@pytest.mark.slow
def test_the_same_release_is_not_newer(server: Server) -> None:
    server.answer({"version": "0.1.0"})
    assert not check_for_update(server.url, current="0.1.0").newer


@pytest.mark.slow
@pytest.mark.parametrize(
    ("document", "status", "message"),
    [
        (b"<html>not found</html>", 404, "answered 404"),
        (b"<html>portal login</html>", 200, "did not answer with the version file"),
        ({"version": 2}, 200, "did not answer with the version file"),
        ({"version": "soon"}, 200, "did not answer with the version file"),
        (b"x" * 100_000, 200, "did not answer with the version file"),
    ],
)
def test_a_bad_answer_is_the_apps_error(
    server: Server, document: object, status: int, message: str
) -> None:
    server.answer(document, status)
    with pytest.raises(UpdateCheckError, match=message):
        check_for_update(server.url, current="0.1.0")


def test_a_server_that_never_answers_times_out() -> None:
    with socket.socket() as silent:  # accepts the connection, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        url = f"http://127.0.0.1:{silent.getsockname()[1]}/latest.json"
        with pytest.raises(UpdateCheckError, match="could not be reached"):
            check_for_update(url, timeout=0.2, current="0.1.0")


def test_nothing_answering_is_the_apps_error() -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # bound, not listening: the connection is refused
    with pytest.raises(UpdateCheckError, match="could not be reached"):
        check_for_update(f"http://127.0.0.1:{port}/latest.json", current="0.1.0")


def test_only_web_addresses_are_asked() -> None:
    with pytest.raises(UpdateCheckError, match="not a web address"):
        check_for_update("file:///etc/passwd")
