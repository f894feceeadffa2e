"""Helpers for the real-browser tests: the app served on a free port (`servers.py`), Debian's Chromium at
phone size, and small steps that act as a player would (tap, type, wait for text)."""

from __future__ import annotations

import os
import sys
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Locator, Page, WebSocket, expect, sync_playwright
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from builders import selector
from schichtbuch.store import SQLiteStore
from servers import free_port, running

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("SCHICHTBUCH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic",
                 "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]
"""Headless and quiet; a camera that shows a test picture and needs no permission tapped (the photo test)."""
PHONE = {"width": 390, "height": 844}


@contextmanager
def server(store: Path | str, port: int | None = None, as_readme: bool = False) -> Iterator[str]:
    """Run the app as the README says (`streamlit run app.py`) on `store` (an SQLite file, or a PostgreSQL
    server's URL) until the block ends; yields its URL.
    Usually on this computer only, with the join link at that address; `as_readme` leaves both to
    Streamlit and the app (every interface, the link at the network address), as at a real table."""
    port = port or free_port()
    url = f"http://localhost:{port}"
    env = os.environ | {"SCHICHTBUCH_STORE": str(store), "SCHICHTBUCH_BASE_URL": url}
    where = ["--server.address", "127.0.0.1"]
    if as_readme:
        env.pop("SCHICHTBUCH_BASE_URL")
        where = []
    with running([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port), *where], url,
                 ROOT, env):
        yield url


@contextmanager
def served(folder: Path, doc: dict[str, Any], browser: Browser, page_name: str) -> Iterator[Page]:
    """A game stored in a new store in `folder`, the app serving it, and a phone on one of its pages."""
    path = folder / "games.sqlite3"
    game_id = SQLiteStore(str(path)).create(doc, {"key": "change.start"}).id
    with server(path) as url:
        page = phone(browser)
        opened(page, url, page_name, game_id)
        yield page


@contextmanager
def chromium() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


class Runs:
    """What a page's websocket says about its script runs: whether it has asked for a rerun since the
    last run it saw end (Streamlit's own frames, `BackMsg.rerun_script` and `ForwardMsg.script_finished`)."""

    def __init__(self) -> None:
        self.waiting, self.finished = False, False

    def connected(self, ws: WebSocket) -> None:
        self.waiting, self.finished = False, False
        ws.on("framesent", self._sent)
        ws.on("framereceived", self._received)

    def _sent(self, frame: str | bytes) -> None:
        msg = BackMsg()
        if isinstance(frame, bytes):
            msg.ParseFromString(frame)
        if msg.WhichOneof("type") == "rerun_script":
            self.waiting = True

    def _received(self, frame: str | bytes) -> None:
        msg = ForwardMsg()
        if isinstance(frame, bytes):
            msg.ParseFromString(frame)
        if msg.WhichOneof("type") == "script_finished" and msg.script_finished != EARLY:
            self.waiting, self.finished = False, True

    def settled(self) -> bool:
        return self.finished and not self.waiting


EARLY = ForwardMsg.ScriptFinishedStatus.FINISHED_EARLY_FOR_RERUN
_RUNS: weakref.WeakKeyDictionary[Page, Runs] = weakref.WeakKeyDictionary()


def phone(browser: Browser, scheme: str = "light", locale: str = "en-US") -> Page:
    """A new browser context (its own session and cookies, like another phone) at 390×844, set to the
    light or dark `scheme` and to the language `locale` (what a link that names none opens in)."""
    return followed(browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                        color_scheme=scheme, locale=locale).new_page(), 15_000)


def screen(browser: Browser, width: int, height: int) -> Page:
    """A new browser context of this size with no touch (a TV or a laptop's screen, which nobody taps),
    whose runs `settle` follows like a phone's."""
    return followed(browser.new_context(viewport={"width": width, "height": height}).new_page(), 30_000)


def followed(page: Page, timeout_ms: float) -> Page:
    """The page, its steps waiting `timeout_ms` at most, and its script runs followed for `settle`."""
    page.set_default_timeout(timeout_ms)
    runs = _RUNS[page] = Runs()
    page.on("websocket", runs.connected)
    return page


def settle(page: Page, seconds: float = 15) -> None:
    """Wait until Streamlit has finished the run the last action asked for, and the page shows it all.

    Its websocket tells: a tap, a choice or an Enter sends a rerun request, and the run it starts ends
    with `script_finished`. The page's own state (`data-test-script-state` on the app) turns to
    "running" only once the server's first message of the run arrives, so on a busy machine it can
    still say "notRunning" well after the tap; a step taken then, such as typing into a form while the
    run that draws it is still streaming in, can be undone by that run."""
    runs, deadline = _RUNS[page], time.monotonic() + seconds
    page.wait_for_timeout(100)
    while not runs.settled():
        assert time.monotonic() < deadline, f"no run finished within {seconds} s of the last step"
        page.wait_for_timeout(50)
    expect(page.get_by_test_id("stApp")).to_have_attribute("data-test-script-state", "notRunning",
                                                           timeout=seconds * 1000)
    page.wait_for_timeout(200)


def sideways_overflow(page: Page) -> int:
    """How many pixels the page is wider than the screen (0 when nothing scrolls sideways)."""
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def tap(page: Page, name: str, exact: bool = True) -> None:
    page.get_by_role("button", name=name, exact=exact).first.click()
    settle(page)


def type_into(page: Page, label: str, text: str) -> None:
    box = page.get_by_label(label, exact=True)
    box.fill(text)
    box.press("Enter")
    settle(page)


def choose(page: Page, group: str, option: str, exact: bool = True) -> None:
    """Pick an option of a segmented control or pills group (with `exact` False, the option whose label
    starts with `option`, such as a transport with the number of its cards left)."""
    page.get_by_role("radiogroup", name=group, exact=True).get_by_role("radio", name=option, exact=exact).click()
    settle(page)


def by_name(page: Page, label: str) -> Callable[[], None]:
    """A tap on the button of this name, found at the tap."""
    return lambda: page.get_by_role("button", name=label, exact=True).click()


def by_position(page: Page, locators: list[Locator]) -> list[Callable[[], None]]:
    """Taps at where each control is now, as a finger that has learnt the page taps: the highest is
    scrolled to the top, then every position is taken before the first tap."""
    min(locators, key=lambda loc: box(loc)["y"]).evaluate("e => e.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    boxes = [box(loc) for loc in locators]
    return [lambda b=b: page.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in boxes]


def radio(page: Page, group: str, option: str) -> None:
    """Tap an option of a row of buttons without waiting for the run it asks for (there is none offline)."""
    page.get_by_role("radiogroup", name=group, exact=True).get_by_role("radio", name=option, exact=False).click()


def select(page: Page, label: str, option: str) -> None:
    """Pick an option of a selectbox, typed to filter the list (a long one shows only its first options)."""
    box = page.get_by_role("combobox", name=label, exact=True)
    box.click()
    box.fill(option)
    page.get_by_role("option", name=option, exact=True).click()
    settle(page)


def opened(page: Page, url: str, page_name: str, game_id: str, lang: str = "en") -> None:
    """Open a page of a game as a phone following a link to it would."""
    page.goto(f"{url}/{page_name}?game={game_id}&lang={lang}")
    settle(page)


def keyed(page: Page, key: str) -> Locator:
    """The widget with this key (`builders.selector`)."""
    return page.locator(selector(key))


# --- what every browser test does: look at the page, follow a link, read the standings ------------------

SHOTS = ROOT / "artifacts"
"""Where the screenshots of the pages visited land."""
LIVE = 3_000
"""A joined phone sees the others' entries within 3 s, without reloading."""


def box(locator: Locator) -> dict[str, float]:
    found = locator.bounding_box()
    assert found is not None, locator
    return found


def assert_inside(cell: Locator, container: Locator) -> None:
    """The cell lies wholly within its table's visible box and within the screen's width."""
    c, outer = box(cell), box(container)
    text = cell.inner_text().strip()
    assert outer["x"] >= 0 and outer["x"] + outer["width"] <= PHONE["width"], f"table of {text!r} leaves the screen"
    assert c["x"] >= outer["x"] - 0.5 and c["x"] + c["width"] <= outer["x"] + outer["width"] + 0.5, \
        f"{text!r} is cut off: {c} outside {outer}"


SMALL = """() => [...document.querySelectorAll(
    '.stMain :is(button, a, summary, input, textarea, [role=radio], [role=tab], [role=switch], [role=checkbox])')]
  .filter(e => !e.closest('[data-testid=stElementToolbar]') && e.type !== 'file')
  .map(e => [e.matches('[type=radio], [type=checkbox], [role=radio], [role=switch], [role=checkbox]')
             && e.closest('label') || e, e])
  .filter(([hit]) => hit.getClientRects().length && getComputedStyle(hit).visibility !== 'hidden')
  .map(([hit, e]) => [Math.round(Math.min(hit.getBoundingClientRect().width, hit.getBoundingClientRect().height)),
                      (hit.innerText || e.getAttribute('aria-label') || e.placeholder || e.dataset.testid || '').trim().slice(0, 40)])
  .filter(([side]) => side < 44)"""
"""The controls a player taps on the page (buttons, links, expanders, fields, choices, tabs, switches and
ticks; not Streamlit's own toolbar over a table) whose hit box is less than 44 px wide or tall, with its
shorter side and label. A choice or tick inside a label is tapped anywhere on the label: that is its box."""


def small(page: Page) -> list[list[object]]:
    """The controls of the page a player taps whose hit box is less than 44 px wide or tall (`SMALL`)."""
    return page.evaluate(SMALL)  # type: ignore[no-any-return]
def assert_rows_fit(table: Locator, container: Locator, players: list[str], columns: int) -> None:
    """Every player has a row whose first `columns` cells (name, total…) are visible in the table."""
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(len(players))
    names = [rows.nth(i).locator("th, td").first.inner_text() for i in range(rows.count())]
    shown = (n.split(". ", 1)[-1].replace("🎲", "").replace("🤖", "").replace("(dummy)", "").strip() for n in names)
    assert sorted(shown) == sorted(players)
    for i in range(rows.count()):
        for cell in rows.nth(i).locator("th, td").all()[:columns]:
            assert_inside(cell, container)


def look(page: Page, name: str) -> None:
    """A screenshot of the whole page (`artifacts/<name>.png`), which must not scroll sideways."""
    SHOTS.mkdir(exist_ok=True)
    height = page.get_by_test_id("stMainBlockContainer").evaluate("e => e.scrollHeight")
    page.set_viewport_size({"width": PHONE["width"], "height": max(PHONE["height"], height + 100)})
    page.wait_for_timeout(300)
    page.screenshot(path=SHOTS / f"{name}.png")
    page.set_viewport_size(PHONE)
    assert sideways_overflow(page) == 0, f"{name} scrolls sideways"


def to_page(page: Page, title: str) -> None:
    """Tap a page of the page bar (the header's pills) by its short title. A pill shows a leading emoji as
    an icon that screen readers skip, so its name is the rest."""
    spoken = title.split(" ", 1)[1] if not title[0].isalnum() else title
    page.locator("[class*='st-key-app_pages']").get_by_role("radio", name=spoken, exact=True).click()


def part(page: Page, title: str) -> None:
    """Show a part of a page that shows one at a time (MINE!'s round: a row of pills) unless it is shown."""
    pill = page.get_by_role("radio", name=title, exact=True)
    if pill.get_attribute("aria-checked") != "true":
        pill.click()
        settle(page)


def visit(page: Page, title: str, name: str) -> None:
    """Go to a page of the page bar (a game's) or follow a link (a group's pages), and check the page fits
    the phone's width."""
    if page.locator("[class*='st-key-app_pages']").count():
        to_page(page, title)
    else:
        page.get_by_role("link", name=title, exact=True).first.click()
    settle(page)
    look(page, name)


def standings(page: Page) -> list[list[str]]:
    """The standings table as rows of cells: the header (total, each category), then each player's row
    (rank and name, total, each category's points) in rank order."""
    rows = page.locator(".st-key-standings table tr")
    return [[c.strip() for c in row.split("\t")] for row in rows.all_inner_texts()]
