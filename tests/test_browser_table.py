"""The edge of a real table, in headless Chromium at 390×844: fast taps are all stored, in order; the
keyboard's Enter never saves a half-filled form; two phones rolling the MINE! die at once keep one roll and
tell the other phone why, and so do two phones adding the same MINE! attack at once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from apptest import tr
from browser import (
    CHROMIUM, LIVE, choose, chromium, fill, keyed, look, opened, part, phone, save, select, server, settle, typed,
)
from schichtbuch.session.page import widget_key
from schichtbuch.store import SQLiteStore
from scoring import coal_baron as cb, mine, schichtwechsel as sw

if not Path(CHROMIUM).exists() and not os.environ.get("CI"):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)

pytestmark = pytest.mark.browser
TAPS = 30
TAP_MS = 100
"""A person tapping cards quickly: 30 taps 100 ms apart."""


def test_thirty_fast_taps_are_all_stored_in_order(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    game = SQLiteStore(str(path)).create(cb.new_record(["Anna", "Ben"], {}, "Anna"), {"key": "change.start"})
    transports = list(cb.Transport)[:3]
    tapped = [o for t in transports for o in cb.cards(t)][:TAPS]
    with server(path) as url, chromium() as browser:
        page = phone(browser)
        opened(page, url, "coal_baron_shift", game.id)
        for transport in transports:
            choose(page, "Transport", f"{transport_name(transport)}", exact=False)
            for order in (o for o in tapped if o.transport == transport):
                keyed(page, widget_key("shift_card", "play", 1, transport, *order.coal)).locator("button").first.click()
                page.wait_for_timeout(TAP_MS)
            settle(page)
        page.wait_for_timeout(1_000)
        settle(page)
        look(page, "fast-taps")
    stored = cb.read(SQLiteStore(str(path)).load(game.id).doc).current_shift["Anna"]
    assert list(stored) == tapped


def transport_name(transport: cb.Transport) -> str:
    return {"wheelbarrow": "Wheelbarrow", "horse_cart": "Horse cart", "truck": "Truck", "train": "Train"}[transport]


def test_enter_in_a_form_saves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    store = SQLiteStore(str(path))
    round_game = store.create(sw.new_record(["Anna", "Ben", "Cleo"], {}, "Anna"), {"key": "change.start"})
    mine_game = store.create(mine.new_record(["Anna", "Ben", "Cleo"], {}, "Anna"), {"key": "change.start"})
    with server(path) as url, chromium() as browser:
        page = phone(browser)
        opened(page, url, "schichtwechsel_round", round_game.id, "de")
        field = keyed(page, widget_key("round_points", "new", 1, "Anna")).locator("input")
        field.fill("3")
        field.press("Enter")
        page.wait_for_timeout(1_000)
        settle(page)
        expect(page.get_by_role("heading", name="Runde 1 von 5")).to_be_visible()
        assert field.input_value() == "3"
        look(page, "enter-round-form")

        opened(page, url, "mine_round", mine_game.id)
        part(page, "4 · Expedition (sale)")
        field = page.locator("[class*='st-key-mine_sold_1_Anna_'] input")
        field.fill("1")
        field.press("Enter")
        page.wait_for_timeout(1_000)
        settle(page)
        assert field.input_value() == "1"
    assert SQLiteStore(str(path)).load(round_game.id).doc["rounds"] == []
    assert "sold" not in (SQLiteStore(str(path)).load(mine_game.id).doc.get("current") or {})


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
        name = "Roll the die for Anna, Ben, Cleo"
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
