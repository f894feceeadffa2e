"""Coal Baron's race in headless Chromium at 390×844: with 4, 3 and 2 players, a card tapped on one phone
moves the race on another phone without a reload, every cell of the race stays inside the screen, and
the switch that hides it hides it on the other phone too. Screenshots land in artifacts/."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from apptest import put, tr
from browser import CHROMIUM, LIVE, assert_inside, choose, look, opened, phone, server, settle, tap
from builders.coal_baron import card_text, created
from scoring import coal_baron as cb
from scoring.coal_baron import Kind, Transport

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
FOUR = ["Anna-Lena", "Benedikt", "Cleopatra", "Dirk"]


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[int, str]]]:
    store = tmp_path_factory.mktemp("store") / "games.sqlite3"
    four = cb.close_shift(created(FOUR), 1, factory={"Anna-Lena": 2, "Benedikt": 0, "Cleopatra": 1, "Dirk": 0})
    ids = {4: put(store, four), 3: put(store, created(FOUR[:3])), 2: put(store, created(["Anna", "Ben"]))}
    with server(store) as url:
        yield url, ids


def race(page: Page, shift: str) -> Locator:
    """The race's table."""
    title = tr("en", "coal_baron.race.title", shift=shift)
    return page.get_by_test_id("stMarkdownContainer").filter(has_text=title).locator("table")


def cell(table: Locator, element: str, column: int) -> Locator:
    """One player's cell (`column` in seating order) of one element's row."""
    element_cell = table.page.get_by_role("cell", name=element, exact=True)
    return table.locator("tr").filter(has=element_cell).locator("td").nth(column + 1)


def assert_fits(table: Locator) -> None:
    for cell in table.locator("th, td").all():
        assert_inside(cell, table)


def deliver(page: Page, player: str, transport: Transport, order: cb.Order) -> None:
    choose(page, tr("en", "coal_baron.shift.player"), player)
    choose(page, tr("en", "coal_baron.shift.transport"), tr("en", f"transport.{transport}"), exact=False)
    tap(page, card_text(order))


@pytest.mark.parametrize("players", [4, 3, 2])
def test_a_card_on_one_phone_moves_the_race_on_another(games: tuple[str, dict[int, str]], browser, players: int) -> None:
    url, ids = games
    shift = "II" if players == 4 else "I"
    tapping, watching = phone(browser), phone(browser)
    for page in (tapping, watching):
        opened(page, url, "coal_baron_shift", ids[players])
    table = race(watching, shift)
    expect(table).to_be_visible()
    assert_fits(table)
    who = FOUR[2] if players > 2 else "Ben"
    train = cb.cards(Transport.TRAIN)[0]
    deliver(tapping, who, Transport.TRAIN, train)
    colour = train.coal[0]
    first = next(e.first for e in cb.ELEMENTS if e.kind is Kind.COAL and e.name == colour)
    seat = FOUR.index(who) if players > 2 else 1
    expect(cell(race(watching, shift), cb.symbols((colour,)), seat)).to_have_text(
        f"{train.coal.count(colour)} 🥇{first}", timeout=LIVE)
    assert_fits(race(watching, shift))
    look(watching, f"race-{players}p")


def test_hiding_the_race_hides_it_on_the_other_phone(games: tuple[str, dict[int, str]], browser) -> None:
    url, ids = games
    hiding, other = phone(browser), phone(browser)
    for page in (hiding, other):
        opened(page, url, "coal_baron_shift", ids[2])
    hiding.get_by_text(tr("en", "coal_baron.race.hide"), exact=True).click()
    settle(hiding)
    expect(other.get_by_text(tr("en", "coal_baron.race.hidden"))).to_be_visible(timeout=LIVE)
    expect(race(other, "I")).to_have_count(0)
    other.get_by_text(tr("en", "coal_baron.race.hide"), exact=True).click()
    settle(other)
    expect(race(hiding, "I")).to_be_visible(timeout=LIVE)
