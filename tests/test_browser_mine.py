"""A whole 6-seat MINE! game with a dummy player in headless Chromium at 390×844, in English, on two phones
that share one game: setup, a looting resolved by the rules, sales and the mine, six rounds, the
tie-breakers entered at the end, a die roll for the players still tied, and the final standings. And at a
real table: what a phone is typing stays when another phone's entry arrives; two phones rolling the die
or adding the same attack at once keep one and tell the other phone why; the part of a round survives a
reload, and a tap on the part shown keeps it shown."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from apptest import tr
from browser import (
    CHROMIUM, LIVE, assert_rows_fit, choose, chromium, look, opened, part, phone, select, served, server, settle,
    standings, tap, to_page,
)
from builders.mine import created, fill, resolve, save, typed
from schichtbuch.store import SQLiteStore
from scoring import mine

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
SEATS = ["Anna", "Ben", "Cleo", "Dirk", "Emil", "Robo"]
SAME_PHONE = 15_000
"""A tap's own rerun, on a machine that may be busy (the live refresh of other phones is checked with LIVE)."""


def counts(page: Page, phase: str, field: str, number: int, values: dict[str, int]) -> None:
    """Show a phase of the resolution and fill its form."""
    part(page, phase)
    fill(page, field, number, values)


def close(page: Page, number: int) -> None:
    """Close the round (answering "close it anyway" where nothing of it was entered), see it confirmed, and
    go on to the next one (or see that the game is over)."""
    tap(page, f"Close round {number}", exact=False)
    anyway = page.get_by_role("button", name=f"Close round {number} with nothing entered", exact=False)
    if anyway.count():
        anyway.click()
        settle(page)
    expect(page.get_by_text(f"Round {number} closed", exact=True)).to_be_visible(timeout=SAME_PHONE)
    if number < 6:
        tap(page, f"Start round {number + 1}", exact=False)
    expect(page.get_by_role("heading", name=f"Round {number + 1} of 6") if number < 6
           else page.get_by_text("The game is over", exact=False)).to_be_visible(timeout=SAME_PHONE)


def test_six_seats_with_a_dummy_two_phones_whole_game(tmp_path: Path) -> None:
    with server(tmp_path / "games.sqlite3") as url, chromium() as browser:
        host, guest = phone(browser), phone(browser)
        host.goto(f"{url}/?lang=en")
        settle(host)
        select(host, "Game", "MINE!")
        choose(host, "Players", "6")
        for seat, name in enumerate(SEATS, start=1):
            box = host.get_by_role("textbox", name=f"Player {seat}", exact=True)
            box.fill(name)
            box.press("Enter")
            settle(host)
        select(host, "Dummy player", "Robo")
        host.get_by_role("radiogroup", name="Start player: who touched coal last?").get_by_text("Anna", exact=True).click()
        settle(host)
        look(host, "mine-home")
        tap(host, "Start game", exact=False)
        expect(host.get_by_text("Setup for 6 seats")).to_be_visible()
        host.get_by_text("Each player takes 2 coal (12 in all).").click()
        settle(host)
        look(host, "mine-setup")
        guest.goto(host.url)
        settle(guest)
        expect(guest.get_by_text("Setup for 6 seats")).to_be_visible()

        to_page(host, "Round")
        settle(host)
        expect(host.get_by_text("Robo's cards this round", exact=False)).to_be_visible()
        host.get_by_text("2–3 · Looting and watchtower", exact=True).click()
        select(host, "Looter", "Ben")
        select(host, "Target (colour card on the stack)", "Anna")
        host.get_by_label("Attack points (helmets on the stack)", exact=True).fill("3")
        tap(host, "Add attack")
        fill(host, "defense", 1, {"Anna": 1})
        expect(host.get_by_text("Ben takes 2 coal from Anna (attack 3 − defence 1)")).to_be_visible()
        host.get_by_text("2–3 · Looting and watchtower", exact=True).click()
        counts(host, "4 · Expedition (sale)", "sold", 1, {"Ben": 1, "Cleo": 1, "Robo": 1})
        counts(host, "5 · Mine", "mined", 1, {"Anna": 3, "Dirk": 2})
        look(host, "mine-round-1")
        close(host, 1)

        to_page(guest, "Round")
        settle(guest)
        part(guest, "4 · Expedition (sale)")
        fill(guest, "sold", 2, {"Ben": 2, "Dirk": 2, "Cleo": 2})
        expect(guest.get_by_text("Not saved — This round › Coal sold › Cleo: 2 coal sold; the player has 1")
               ).to_be_visible()
        fill(guest, "sold", 2, {"Cleo": 0, "Anna": 1})
        look(guest, "mine-round-2-guest")
        close(guest, 2)
        for number in range(3, 7):
            page = guest if number % 2 else host
            if number > 3:  # the other phone closed the last round: this one is told, then goes on
                expect(page.get_by_text(f"Round {number - 1} was closed on another phone")).to_be_visible(timeout=LIVE)
                tap(page, f"Start round {number}", exact=False)
            expect(page.get_by_role("heading", name=f"Round {number} of 6")).to_be_visible(timeout=LIVE)
            close(page, number)

        to_page(host, "End")
        settle(host)
        for who in SEATS:
            page = guest if who in ("Emil", "Robo") else host
            if page is guest and "mine_end" not in guest.url:
                to_page(guest, "End")
                settle(guest)
            choose(page, "Player", who)
            page.get_by_role("spinbutton", name="Profession cards in hand", exact=True).fill("5")
            tap(page, "Save")
        expect(host.get_by_text("Final standings")).to_be_visible(timeout=LIVE)
        expect(host.get_by_text("Still tied: Cleo and Robo", exact=False)).to_be_visible()
        tap(host, "Roll the die for Cleo and Robo", exact=False)
        expect(host.get_by_text("Die rolls:", exact=False)).to_be_visible()
        look(host, "mine-standings")

        table = standings(host)
        expect(guest.get_by_text("Die rolls:", exact=False)).to_be_visible(timeout=LIVE)
        assert table == standings(guest)
        # Ben sold 1 + 2, Dirk 2; Anna, Cleo and Robo 1 each: Anna has 2 coal left (2 looted by Ben, 3 mined,
        # 1 sold), Cleo and Robo 1 each and 5 cards: the die decides between them unless it ties again.
        assert [row[:2] for row in table[1:4]] == [["1. Ben", "3"], ["2. Dirk", "2"], ["3. Anna", "1"]]
        assert table[-1][0] == "6. Emil"
        # every entry of either phone is stored, none lost to the other phone's live refresh
        game_id = parse_qs(urlsplit(host.url).query)["game"][0]
        rounds = SQLiteStore(str(tmp_path / "games.sqlite3")).load(game_id).doc["rounds"]
        none = dict.fromkeys(SEATS, 0)
        assert [r["sold"] for r in rounds[:2]] == [none | {"Ben": 1, "Cleo": 1, "Robo": 1},
                                                   none | {"Ben": 2, "Dirk": 2, "Anna": 1}]
        assert rounds[0]["mined"] == none | {"Anna": 3, "Dirk": 2}


# --- at a real table -------------------------------------------------------------------------------------

def test_what_a_phone_is_typing_stays_when_another_phones_entry_arrives(tmp_path: Path) -> None:
    """Phone A is typing the sales when phone B saves the mine: B's entry reaches A (Cleo's coal now, in
    the table above the part A shows) while A's numbers are not saved yet, and A's Save then stores what
    A typed."""
    path = tmp_path / "games.sqlite3"
    game = SQLiteStore(str(path)).create(mine.new_record(["Anna", "Ben", "Cleo"], {}, "Anna"), {"key": "change.start"})
    with server(path) as url, chromium() as browser:
        a, b = phone(browser), phone(browser)
        for page, phase in ((a, "4 · Expedition (sale)"), (b, "5 · Mine")):
            opened(page, url, "mine_round", game.id)
            part(page, phase)
        typed(a, "sold", 1, {"Anna": 1, "Ben": 1})  # Ben's 1 still in its field, not even committed
        fill(b, "mined", 1, {"Cleo": 3})
        now = mine.read(SQLiteStore(str(path)).load(game.id).doc).current.coal["Cleo"]
        expect(a.locator("tr").filter(has_text="Cleo").locator("td").nth(2)).to_have_text(str(now), timeout=LIVE)
        settle(a)
        assert a.locator("[class*='st-key-mine_sold_1_Ben_'] input").input_value() == "1"
        save(a, "sold", 1)
        look(a, "typing-kept")
    current = SQLiteStore(str(path)).load(game.id).doc["current"]
    assert current["sold"] == {"Anna": 1, "Ben": 1, "Cleo": 0} and current["mined"] == {"Anna": 0, "Ben": 0, "Cleo": 3}


def test_two_phones_rolling_the_die_at_once_keep_one_roll(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    names = ["Anna", "Ben", "Cleo"]
    doc = mine.new_record(names, {}, "Anna") | {"rounds": [{"sold": dict.fromkeys(names, 1)}] * mine.ROUNDS}
    doc["end"] = {p: {"coal": 1, "cards": 4} for p in names}
    game = SQLiteStore(str(path)).create(doc, {"key": "change.start"})
    with server(path) as url, chromium() as browser:
        host, guest = phone(browser), phone(browser)
        for page in (host, guest):
            opened(page, url, "mine_end", game.id)
        name = "Roll the die for Anna, Ben, and Cleo"
        buttons = [p.get_by_role("button", name=name, exact=False).element_handle() for p in (host, guest)]
        for button in buttons:  # both taps within milliseconds, before either phone's live refresh can rerun
            button.evaluate("b => b.click()")
        for page in (host, guest):
            settle(page)
        refused = "Not saved — Die roll: another phone rolled the die first; its roll stands"
        for _ in range(LIVE // 250):
            if sum(p.get_by_text(refused).count() for p in (host, guest)) == 1:
                break
            host.wait_for_timeout(250)
        assert [p.get_by_text(refused).count() for p in (host, guest)] in ([1, 0], [0, 1])
        look(host, "die-host")
        look(guest, "die-guest")
    rolls = SQLiteStore(str(path)).load(game.id)
    assert set(rolls.doc["die_roll"]) == set(names) and rolls.version == 2


def test_two_phones_adding_the_same_attack_at_once_store_it_once(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    game = SQLiteStore(str(path)).create(mine.new_record(["Anna", "Ben", "Cleo"], {}, "Anna"), {"key": "change.start"})
    with server(path) as url, chromium() as browser:
        host, guest = phone(browser), phone(browser)
        for page in (host, guest):
            opened(page, url, "mine_round", game.id)
            part(page, "2–3 · Looting and watchtower")
            select(page, "Looter", "Ben")
            select(page, "Target (colour card on the stack)", "Anna")
            page.get_by_role("spinbutton", name="Attack points (helmets on the stack)", exact=True).fill("3")
        forms = [p.get_by_test_id("stForm").filter(has=p.get_by_role("button", name="Add attack")) for p in (host, guest)]
        buttons = [form.get_by_role("button", name="Add attack").element_handle() for form in forms]
        for button in buttons:  # both taps within milliseconds, before either phone's live refresh can rerun
            button.evaluate("b => b.click()")
        for page in (host, guest):
            settle(page)
        refused = ("Not saved — This round › Attack: this attack was just entered, on another phone or by a tap "
                   "before; if there are two, add it again")
        saved = "Saved: round 1 · Attack"
        for _ in range(LIVE // 250):
            if [sum(f.get_by_text(text).count() for f in forms) for text in (refused, saved)] == [1, 1]:
                break
            host.wait_for_timeout(250)
        lost = tr("en", "error.tap_lost")  # the late phone's page was drawn anew before its tap was handled
        said = [(f.get_by_text(refused).count() + p.get_by_text(lost).count(), f.get_by_text(saved).count())
                for f, p in zip(forms, (host, guest))]
        assert said in ([(1, 0), (0, 1)], [(0, 1), (1, 0)]), said
        look(host, "same-attack-host")
        look(guest, "same-attack-guest")
    assert SQLiteStore(str(path)).load(game.id).doc["current"]["attacks"] == [{"attacker": "Ben", "target": "Anna", "points": 3}]


def test_the_part_of_a_round_survives_a_reload(tmp_path: Path, browser) -> None:
    with served(tmp_path, created(["Anna", "Ben"]), browser, "mine_round") as page:
        part(page, tr("en", "mine.phase.looting"))
        page.reload()
        settle(page)
        expect(page.get_by_role("radio", name=tr("en", "mine.phase.looting"), exact=True)).to_have_attribute(
            "aria-checked", "true")


def test_a_tap_on_the_part_shown_keeps_it_shown(tmp_path: Path, browser) -> None:
    """Pills let a tap on the one picked take it back; the round's parts do not, so the page never shows none."""
    with served(tmp_path, created(["Anna", "Ben"]), browser, "mine_round") as page:
        part(page, tr("en", "mine.phase.looting"))
        looting = page.get_by_role("radio", name=tr("en", "mine.phase.looting"), exact=True)
        looting.click()
        settle(page)
        expect(looting).to_have_attribute("aria-checked", "true")
        expect(page.get_by_role("button", name=tr("en", "mine.loot.add"), exact=True)).to_be_visible()


def test_six_seats_round_page_shows_every_total_and_every_stock(tmp_path: Path, browser) -> None:
    """Six seats, two of the names long and the last one the dummy's, in round 3: the standings and the
    coal table show every seat's name and numbers inside the visible table."""
    seats = ["Anna-Lena Schmidt-Weber", "Benedikt", "Cleo", "Dirk Oberhausen", "Emilia", "Robo"]
    doc = created(seats, dummy="Robo")
    for number in (1, 2):
        doc = resolve(doc, {p: (i + number) % 2 for i, p in enumerate(seats)}, mined=dict.fromkeys(seats, 2))
    with served(tmp_path, doc, browser, "mine_round") as page:
        totals = page.locator(".st-key-standings").get_by_test_id("stMarkdownContainer")
        assert_rows_fit(totals.locator("table"), totals, seats, columns=2)
        coal = page.get_by_test_id("stMarkdownContainer").filter(has=page.locator("table")).first
        assert_rows_fit(coal.locator("table"), coal, seats, columns=4)
        look(page, "layout-mine-6-round")
