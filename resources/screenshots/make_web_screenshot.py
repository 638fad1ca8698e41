"""Render the README's screenshots of the web view on a phone (390x844, at twice the density):
the players' page (`web-phone.png`) and a table captain's page (`captain-phone.png`).

Run `python resources/screenshots/make_web_screenshot.py [OUT]` from the repository's root: it
serves the demo tournament from a fresh database and photographs the pages in headless Chromium
(Debian's `chromium`), driven through `tests/browser/cdp.py`. The captain's page is the first
seated table's, with a code made for it, just after its captain sent a report.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main(argv: list[str]) -> int:
    """Write web-phone.png into the folder given (default: this folder)."""
    out = Path(argv[0]) if argv else Path(__file__).parent
    from clockapp.core.captains import Report, ReportKind
    from clockapp.services.app import open_services
    from clockapp.services.web.server import serve_services
    from tests.browser.cdp import Browser, find_chromium

    program = find_chromium()
    if program is None:
        print("chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CLOCKAPP_DATA_DIR"] = folder
        services = open_services(str(Path(folder) / "demo.db"))
        tid = services.demo.create_demo().value.id
        server = serve_services(services, lambda: tid, "127.0.0.1", 0)
        server.start()
        browser = Browser(program)
        try:
            browser.open(f"http://127.0.0.1:{server.port}/")
            deadline = time.monotonic() + 10
            while browser.evaluate("document.getElementById('level').textContent") != "Level 3":
                if time.monotonic() > deadline:
                    raise TimeoutError("the page did not show the demo")
                time.sleep(0.05)
            browser.evaluate(
                "(() => { const s = document.getElementById('seek'); s.value = 'ann';"
                " s.dispatchEvent(new Event('input')); })()"
            )
            path = out / "web-phone.png"
            browser.screenshot(str(path), 390, 844)
            print(f"wrote {path}")
            table = next(t for t in services.chip_counts.tables(tid) if t.number is not None)
            assert table.number is not None
            token = services.captains.issue_token(tid, table.number).value.token
            nonce = services.captains.page(tid, token).nonce
            call = Report(ReportKind.FLOOR, table.number, note="Misdeal at seat 4")
            services.captains.submit(tid, token, nonce, call)
            browser.open(f"http://127.0.0.1:{server.port}/captain/{token}?sent=1")
            path = out / "captain-phone.png"
            # The whole page, as a captain scrolls it: the four reports, down to the calls.
            browser.screenshot(str(path), 390, 844)
            tall = int(browser.evaluate("document.documentElement.scrollHeight"))
            browser.screenshot(str(path), 390, max(844, min(tall, 1600)))
            print(f"wrote {path}")
        finally:
            browser.close()
            server.stop()
            services.ctx.engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
