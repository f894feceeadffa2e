"""A PostgreSQL server restarted or stopped mid-game, in headless Chromium at 390×844: every card tapped
ends stored (and said "Saved") or with the app's own "Not saved" line, never Streamlit's exception box.
The test starts a throwaway cluster of its own (Debian's `postgresql`, as .ci/postgres does), so that it
can stop and start it."""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from apptest import tr
from browser import CHROMIUM, free_port, look, opened, phone, server, settle
from builders import BY_GAME, EXAMPLE
from schichtbuch.store.postgres import WAIT_SECONDS, PostgresStore

BINARIES = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
if not (Path(CHROMIUM).exists() and BINARIES) and not os.environ.get("CI"):
    pytest.skip("needs Chromium and PostgreSQL (apt-get install chromium postgresql)", allow_module_level=True)

pytestmark = pytest.mark.browser
FOUR = ["Anna", "Ben", "Cleo", "Dirk"]
ENTRY, ENTRIES = BY_GAME[EXAMPLE].ENTRY, BY_GAME[EXAMPLE].ENTRIES
"""The example game's entries, tapped on a phone (tests/builders/)."""
NOT_SAVED = tr("en", "error.store_down")
ANSWERED_MS = (2 * WAIT_SECONDS + 10) * 1000
"""A tap on a server that is down is answered once the write and the page's read have each waited."""


class Cluster:
    """A throwaway PostgreSQL cluster on a loopback port, in a folder of its own, that a test can stop and
    start again; run as the `postgres` user when the tests run as root (PostgreSQL refuses root)."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self._as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self._as:
            os.chown(folder, *_postgres_ids())
        self._run("initdb", "-D", str(folder / "data"), "-A", "trust", "-U", "postgres")

    def _run(self, program: str, *args: str) -> None:
        subprocess.run([*self._as, str(BINARIES[-1] / program), *args], check=True, capture_output=True, timeout=120)

    def _ctl(self, action: str, *args: str) -> None:
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-l", str(self.folder / "log"), "-w", *args, action)

    def start(self) -> None:
        self._ctl("start", "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off")

    def stop(self, mode: str = "fast") -> None:
        self._ctl("stop", "-m", mode)

    def restart(self, mode: str) -> None:
        self._ctl("restart", "-m", mode)


def _postgres_ids() -> tuple[int, int]:
    import pwd

    user = pwd.getpwnam("postgres")
    return user.pw_uid, user.pw_gid


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    with tempfile.TemporaryDirectory() as folder:
        made = Cluster(Path(folder))
        made.start()
        try:
            yield made
        finally:
            made.stop("immediate")


@pytest.fixture
def game(cluster: Cluster) -> Iterator[str]:
    """A game of the example game in which the players make their entries, stored in the cluster."""
    store = PostgresStore(cluster.url)
    try:
        yield store.create(ENTRIES.start(FOUR), {"key": "change.start"}).id
    finally:
        store.close()



def tapped(page: Page, n: int) -> bool:
    """Tap Anna's `n`th entry and wait for what the phone says: whether it was saved (else it said "Not
    saved"). Streamlit's exception box never shows."""
    ENTRY.tap(page, FOUR, "Anna", n, "en")
    saved = ENTRY.saved("en", FOUR, "Anna", n)
    said = page.get_by_text(saved).or_(page.get_by_text(NOT_SAVED))
    expect(said.first).to_be_visible(timeout=ANSWERED_MS)
    settle(page, seconds=ANSWERED_MS / 1000)
    assert page.get_by_test_id("stException").count() == 0, page.get_by_test_id("stException").first.inner_text()
    return page.get_by_text(saved).count() > 0


def made(cluster: Cluster, game_id: str) -> list[int]:
    """Anna's entries the store holds."""
    store = PostgresStore(cluster.url)
    try:
        return ENTRIES.made(store.load(game_id).doc, "Anna")
    finally:
        store.close()


@pytest.mark.parametrize("mode", ["fast", "immediate"])
def test_a_tap_right_after_postgresql_restarted_is_stored_or_said_not_saved(
        browser: Browser, cluster: Cluster, game: str, mode: str) -> None:
    page = phone(browser)
    with server(cluster.url) as url:
        opened(page, url, f"{EXAMPLE}_{ENTRY.page}", game)
        ENTRY.show(page, "en")
        assert tapped(page, 0)
        cluster.restart(mode)
        saved = [tapped(page, n) for n in (1, 2)]
        look(page, f"postgres-restarted-{mode}")
    assert made(cluster, game) == [n for n, s in enumerate([True, *saved]) if s]
    assert saved == [True, True], "the pool hands out a working connection once the server is back"


def test_a_tap_while_postgresql_is_down_says_not_saved_and_the_next_one_is_stored(
        browser: Browser, cluster: Cluster, game: str) -> None:
    page = phone(browser)
    with server(cluster.url) as url:
        opened(page, url, f"{EXAMPLE}_{ENTRY.page}", game)
        ENTRY.show(page, "en")
        cluster.stop()
        try:
            assert not tapped(page, 0)
            expect(page.get_by_text(tr("en", "error.store_down_page"))).to_be_visible()
            look(page, "postgres-down")
        finally:
            cluster.start()
        page.reload()
        settle(page)
        ENTRY.show(page, "en")
        assert tapped(page, 1)
    assert made(cluster, game) == [1]
