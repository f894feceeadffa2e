"""Several app processes behind HAProxy (deploy/serve.py), in headless Chromium at phone size: two phones
land on different processes and each stays on its own, and an entry on one phone reaches the other within
3 s; the processes share one SQLite file, or one PostgreSQL server."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import expect

from browser import CHROMIUM, ROOT, chromium, free_port, phone, tap, wait_healthy
from schichtbuch.store import open_store
from scoring import coal_baron as cb
from test_browser import LIVE, look
from test_browser_table import opened

if not os.environ.get("CI") and not (Path(CHROMIUM).exists() and shutil.which("haproxy")):
    pytest.skip("needs Chromium and HAProxy (apt-get install chromium haproxy)", allow_module_level=True)

COOKIE = "SCHICHTBUCH_PROCESS"


@contextmanager
def proxied(store: str, processes: int = 2) -> Iterator[str]:
    """deploy/serve.py with `processes` app processes on `store`, until the block ends; yields the
    proxy's URL once every process answers through it."""
    port = free_port()
    url = f"http://localhost:{port}"
    env = os.environ | {"SCHICHTBUCH_STORE": store, "SCHICHTBUCH_BASE_URL": url}
    server = subprocess.Popen([sys.executable, "deploy/serve.py", "--processes", str(processes), "--port", str(port),
                               "--address", "127.0.0.1"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_healthy(url)
        wait_for_processes(url, processes)
        yield url
    finally:
        server.terminate()
        server.wait(15)


def wait_for_processes(url: str, processes: int, seconds: float = 30) -> None:
    """Wait until new visitors are handed to every process (HAProxy checks each one's health first)."""
    seen: set[str] = set()
    deadline = time.monotonic() + seconds
    while len(seen) < processes:
        assert time.monotonic() < deadline, f"only {sorted(seen)} of {processes} processes answered"
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=5) as answer:
            seen |= {c.split(";")[0].split("=")[1] for c in answer.headers.get_all("Set-Cookie") or [] if c.startswith(COOKIE)}
        time.sleep(0.2)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_two_phones_on_two_processes_see_each_others_entries(backend: str, tmp_path: Path,
                                                              request: pytest.FixtureRequest) -> None:
    store = request.getfixturevalue("postgres_url") if backend == "postgres" else str(tmp_path / "games.sqlite3")
    game = open_store(store).create(cb.new_record(["Anna", "Ben", "Cleo"], {}, "Anna"), {"key": "change.start"})
    with proxied(store) as url, chromium() as browser:
        host, guest = phone(browser), phone(browser)
        opened(host, url, "coal_baron_shift", game.id)
        opened(guest, url, "coal_baron_shift", game.id)
        processes = [{c["name"]: c["value"] for c in p.context.cookies()}[COOKIE] for p in (host, guest)]
        assert len(set(processes)) == 2, processes

        tap(host, "⚫⚫ · 9 VP")
        expect(guest.get_by_text("Anna: 1 order, 9 VP this shift")).to_be_visible(timeout=LIVE)
        look(guest, f"proxy-{backend}-guest")
        assert [{c["name"]: c["value"] for c in p.context.cookies()}[COOKIE] for p in (host, guest)] == processes
    assert len(cb.read(open_store(store).load(game.id).doc).current_shift["Anna"]) == 1
