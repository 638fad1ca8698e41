"""A web server on 127.0.0.1 publishing the latest version, for the update check's tests."""

from __future__ import annotations

import http.server
import json
import threading


class Server:
    """A web server on 127.0.0.1 answering `body` with `status`; it counts the requests."""

    def __init__(self) -> None:
        self.status = 200
        self.body = b""
        self.requests: list[str] = []
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                owner.requests.append(self.headers.get("User-Agent", ""))
                self.send_response(owner.status)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(owner.body)

            def log_message(self, *_args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/latest.json"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def answer(self, document: object, status: int = 200) -> None:
        self.body = document if isinstance(document, bytes) else json.dumps(document).encode()
        self.status = status

    def __enter__(self) -> Server:
        self.thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
