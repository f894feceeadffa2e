"""Several app processes behind HAProxy (deploy/serve.py), in headless Chromium at phone size: two phones
land on different processes and each stays on its own, and an entry on one phone reaches the other within
3 s; the processes share one SQLite file, or one PostgreSQL server. A process killed mid-game is started
again, and its phone's next tap is stored on the other process."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser import CHROMIUM, LIVE, ROOT, chromium, look, opened, phone
from schichtbuch.store import open_store
from builders import BY_GAME, EXAMPLE
from servers import free_port, running

if not os.environ.get("CI") and not (Path(CHROMIUM).exists() and shutil.which("haproxy")):
    pytest.skip("needs Chromium and HAProxy (apt-get install chromium haproxy)", allow_module_level=True)

pytestmark = pytest.mark.browser
COOKIE = "SCHICHTBUCH_PROCESS"
THREE = ["Anna", "Ben", "Cleo"]
ENTRY, ENTRIES = BY_GAME[EXAMPLE].ENTRY, BY_GAME[EXAMPLE].ENTRIES
"""The example game's entries, tapped on a phone (tests/builders/)."""


@dataclass
class Proxy:
    """deploy/serve.py running: the proxy's URL and the app processes it started, as it printed them."""

    url: str
    starts: list[str] = field(default_factory=list)

    def pid(self, cookie: str) -> int:
        """The process of the app a phone's cookie names (`app1`), its latest start."""
        return int([line for line in self.starts if line.startswith(f"{cookie} ")][-1].rsplit(" ", 1)[1])


@contextmanager
def proxied(store: str, processes: int = 2) -> Iterator[Proxy]:
    """deploy/serve.py with `processes` app processes on `store`, until the block ends, once every process
    answers through the proxy."""
    port = free_port()
    proxy = Proxy(f"http://localhost:{port}")
    env = os.environ | {"SCHICHTBUCH_STORE": store, "SCHICHTBUCH_BASE_URL": proxy.url}
    command = [sys.executable, "deploy/serve.py", "--processes", str(processes), "--port", str(port),
               "--address", "127.0.0.1"]
    with running(command, proxy.url, ROOT, env, text=True, stdout=subprocess.PIPE) as server:
        assert server.stdout is not None
        threading.Thread(target=lambda: proxy.starts.extend(line.strip() for line in server.stdout), daemon=True).start()
        wait_for_processes(proxy.url, processes)
        yield proxy


def wait_for_processes(url: str, processes: int, seconds: float = 30) -> None:
    """Wait until new visitors are handed to every process (HAProxy checks each one's health first, and
    answers 503 while it has found none up, as when a starting process misses its first checks)."""
    seen: set[str] = set()
    deadline = time.monotonic() + seconds
    while len(seen) < processes:
        assert time.monotonic() < deadline, f"only {sorted(seen)} of {processes} processes answered"
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=5) as answer:
                seen |= {c.split(";")[0].split("=")[1] for c in answer.headers.get_all("Set-Cookie") or [] if c.startswith(COOKIE)}
        except urllib.error.HTTPError as error:
            if error.code != 503:
                raise
        time.sleep(0.2)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_two_phones_on_two_processes_see_each_others_entries(backend: str, tmp_path: Path,
                                                              request: pytest.FixtureRequest) -> None:
    store = request.getfixturevalue("postgres_url") if backend == "postgres" else str(tmp_path / "games.sqlite3")
    game = open_store(store).create(ENTRIES.start(THREE), {"key": "change.start"})
    with proxied(store) as proxy, chromium() as browser:
        host, guest = phone(browser), phone(browser)
        for page in (host, guest):
            opened(page, proxy.url, f"{EXAMPLE}_{ENTRY.page}", game.id)
            ENTRY.show(page, "en")
        processes = [{c["name"]: c["value"] for c in p.context.cookies()}[COOKIE] for p in (host, guest)]
        assert len(set(processes)) == 2, processes

        ENTRY.tap(host, THREE, "Anna", 0, "en")
        expect(host.get_by_text(ENTRY.saved("en", THREE, "Anna", 0))).to_be_visible(timeout=LIVE)
        doc = open_store(store).load(game.id).doc
        expect(guest.get_by_text(ENTRY.shown("en", doc, "Anna", 0))).to_be_visible(timeout=LIVE)
        look(guest, f"proxy-{backend}-guest")
        assert [{c["name"]: c["value"] for c in p.context.cookies()}[COOKIE] for p in (host, guest)] == processes
    assert ENTRIES.made(open_store(store).load(game.id).doc, "Anna") == [0]


def test_a_dead_process_is_started_again_and_its_phones_next_tap_is_stored(postgres_url: str) -> None:
    """One app process killed mid-game (PostgreSQL, two processes): serve.py starts it again, and the
    phone it carried, reconnected to the other process, stores its next tap and shows it."""
    game = open_store(postgres_url).create(ENTRIES.start(THREE), {"key": "change.start"})
    with proxied(postgres_url) as proxy, chromium() as browser:
        host = phone(browser)
        opened(host, proxy.url, f"{EXAMPLE}_{ENTRY.page}", game.id)
        cookie = {c["name"]: c["value"] for c in host.context.cookies()}[COOKIE]
        dead = proxy.pid(cookie)
        os.kill(dead, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while proxy.pid(cookie) == dead:
            assert time.monotonic() < deadline, f"serve.py did not start {cookie} again"
            time.sleep(0.2)
        ENTRY.tap(host, THREE, "Anna", 0, "en")  # its controls wait, greyed out, while the phone reconnects
        expect(host.get_by_text(ENTRY.saved("en", THREE, "Anna", 0))).to_be_visible(timeout=LIVE * 3)
        look(host, "proxy-after-a-dead-process")
    assert ENTRIES.made(open_store(postgres_url).load(game.id).doc, "Anna") == [0]
