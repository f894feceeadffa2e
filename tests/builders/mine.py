"""MINE! games for the tests, built with the game's own changes, and its refused-record table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import strategies as st

from builders import (AppEntry, AppForm, Burst, Close, Entries, Entry, OutOfRange, Picked, Quick, Record, Stage, TvCase,
                      Typed, save_of, timed, widget_key)
from fuzzing import Args, Change, change
from schichtbuch.texts.i18n import translate
from scoring import mine
from scoring.registry import PALETTE
from setup import Step
from setup.mine import checklist, placement, recruitment, round_end

SIX = ["Anna", "Ben", "Cleo", "Dirk", "Emil", "Bot"]
THREE = SIX[:3]


def created(names: list[str], variant: bool = False, dummy: str | None = None) -> Record:
    return mine.new_record(names, {n: PALETTE[i % len(PALETTE)] for i, n in enumerate(names)}, names[0], variant, dummy)


def resolve(doc: Record, sold: dict[str, int], **fields: Any) -> Record:
    """Enter one round's fields and sale, and close it."""
    number = len(doc["rounds"]) + 1
    for field, value in fields.items():
        doc = mine.enter_round(doc, number, field, value, None)
    return mine.close_round(mine.enter_round(doc, number, "sold", sold, None), number)


def mid_round(names: list[str]) -> Record:
    doc = resolve(created(names), {p: 1 for p in names}, mined={p: 2 for p in names})
    return mine.enter_round(doc, 2, "attacks", [{"attacker": names[1], "target": names[0], "points": 3}], None)


def played_out(names: list[str]) -> Record:
    """Six rounds in which everybody sells one coal and mines one (so that six seats never empty the
    box's supply): the end counts still to enter."""
    doc = created(names)
    for _ in range(mine.ROUNDS):
        doc = resolve(doc, {p: 1 for p in names}, mined={p: 1 for p in names})
    return doc


def finished(names: list[str]) -> Record:
    """Six rounds in which everybody sells the same: equal points, broken by the end counts."""
    doc = played_out(names)
    for i, who in enumerate(names):
        doc = mine.set_items(doc, who, {"coal": 3, "cards": 5 if i else 6}, None)
    return doc


def dummy_ahead(names: list[str], dummy: str) -> Record:
    """A finished game in which the dummy seat sells one coal more than the others every round."""
    doc = created(names, dummy=dummy)
    for number in range(1, mine.ROUNDS + 1):
        sold = {p: min(number, 1 + (p == dummy)) - (number == 1 and p != dummy) for p in names}
        doc = resolve(doc, sold, mined=dict.fromkeys(names, 2))
    for i, who in enumerate(names):
        doc = mine.set_items(doc, who, {"coal": 1, "cards": i}, None)
    return doc


AT: dict[str, Callable[[list[str]], Record]] = {
    "created": created, "playing": mid_round, "ending": played_out, "finished": finished}
"""The stages `at` builds, for any seat count."""


def at(names: list[str], stage: str) -> Record:
    return AT[stage](names)


STAGES = {
    "mine_created_6p_dummy": Stage(lambda: created(SIX, dummy="Bot"), "round"),
    "mine_round_2_3p": Stage(lambda: mid_round(THREE), "round"),
    "mine_variant_4p": Stage(lambda: created(SIX[:4], variant=True), "round"),
    "mine_finished_3p": Stage(lambda: finished(THREE), "end"),
}
REPRESENTATIVE = "mine_round_2_3p"
PAGE_STAGES = {"setup": STAGES["mine_created_6p_dummy"].build, "round": STAGES["mine_round_2_3p"].build,
               "end": STAGES["mine_finished_3p"].build}
FINISHED = STAGES["mine_finished_3p"].build
BGG_ID: int | None = None
"""No source confirms a BoardGameGeek id: a BG Stats link sends none."""


def _attack(doc: Record, who: str, n: int) -> Record:
    """`who`'s `n`th entry: an attack on the next seat, of `n` + 1 points (so that each is another)."""
    seats = doc["players"]
    target = seats[(seats.index(who) + 1) % len(seats) if who in seats else 0]
    number = len(doc["rounds"]) + 1
    shown = (doc.get("current") or {}).get("attacks", [])
    return mine.add_attack(doc, number, {"attacker": who, "target": target, "points": n + 1}, shown)


ENTRIES = Entries(created, _attack, lambda doc, who: [a["points"] - 1 for a in (doc.get("current") or {}).get("attacks", [])
                                                      if a["attacker"] == who], 12)
"""Each player's attacks in round 1's looting."""

FINISHED_EXAMPLE = "mine_3p_all_tied"
"""A finished example game of `tests/games/`."""


def longest(names: list[str]) -> Record:
    """A finished game with its times, the last seat the dummy's, everybody selling one coal a round."""
    doc = mine.new_record(names, {}, names[0], dummy=names[-1]) | {"rounds": [{"sold": dict.fromkeys(names, 1)}] * mine.ROUNDS}
    return timed(doc | {"end": {p: {"coal": 1, "cards": i} for i, p in enumerate(names)}})


def over(example: Record) -> bool:
    """Whether an example game (`tests/games/`) is over, as its file was written by hand: its end counts
    are entered (the `end` section), which the scorer must agree with."""
    return "end" in example


def setup_title(lang: str, names: list[str]) -> str:
    return translate(lang, "mine.setup.title", seats=len(names))


def guides(names: list[str]) -> Iterator[Step]:
    for variant, dummy in ((False, None), (True, names[-1])):
        yield from checklist(names, names[0], variant, dummy)
    yield from (placement(names[0]), recruitment(), round_end(names, names[-1]))


# --- closing a stage and picking a choice (`test_taps.py`, `test_picks.py` and the browser tests) -----------

def _with_a_sale(names: list[str]) -> Record:
    """Round 1 being resolved, every other seat's sale entered."""
    return mine.enter_round(created(names), 1, "sold", {p: (i + 1) % 2 for i, p in enumerate(names)}, None)


def _nothing_to_type(page: Any, n: int) -> None:
    """Closing a round takes what the table entered: nothing is typed first."""


CLOSE = Close(_with_a_sale, "round", lambda lang: translate(lang, "mine.round.close", round=1),
              lambda doc: mine.close_round(doc, 1), lambda lang: translate(lang, "mine.round.done_elsewhere", round=1),
              _nothing_to_type, lambda doc, by: len(doc["rounds"]) == 1 and not doc.get("current"))
"""Round 1 closed."""


def _events_after_expedition_picked(at: Any) -> None:
    """Anna's event typed, the expedition picked, and the events' Save, drawn before, tapped: in one run."""
    save = save_of(at, "mine_events_1")
    at.number_input(key=widget_key("mine_events_1", "Anna", 0)).set_value(1)
    at.button_group(key="mine_phase_1").set_value("expedition")
    save.click().run()


def _the_round_page_as_it_opens(page: Any) -> None:
    """The events' form shows as the page opens: nothing to open first."""


def _events_after_expedition_picked_offline(page: Any) -> None:
    from browser import radio

    page.locator("[class*='st-key-mine_events_1_Anna_'] input").fill("1")
    radio(page, translate("en", "mine.round.phase"), translate("en", "mine.phase.expedition"))
    page.get_by_test_id("stForm").filter(has=page.locator("[class*='st-key-mine_events_1_']")).get_by_role(
        "button", name="Save").click()


def _events_saved_offline(page: Any) -> None:
    """Anna's event typed and the events' Save tapped, nothing picked."""
    typed(page, "events", 1, {"Anna": 1})
    page.get_by_test_id("stForm").filter(has=page.locator("[class*='st-key-mine_events_1_']")).get_by_role(
        "button", name="Save").click()


def saved_entry(lang: str, field: str) -> str:
    """What the round page says next to a form of round 1 once it is stored."""
    return translate(lang, "undo.saved", change=translate(lang, "change.mine_entry", round=1, field=translate(lang, f"field.{field}")))


PICKED = Picked(lambda: created(["Anna", "Ben"]), "round", _events_after_expedition_picked, _the_round_page_as_it_opens,
                _events_after_expedition_picked_offline,
                f"{translate('en', 'mine.round.phase')}: {translate('en', 'mine.phase.events')}",
                lambda doc: "events" not in (doc.get("current") or {}), _events_saved_offline, saved_entry("en", "events"),
                lambda doc: (doc.get("current") or {}).get("events", {}).get("Anna") == 1)
"""The events' Save tapped once the expedition was picked (refused), or with nothing picked (stored)."""


def _looting(at: Any) -> None:
    at.button_group(key="mine_phase_1").set_value("looting").run()


def _first_attack(at: Any) -> None:
    """The attack form's Add tapped as it opens: the first seat on the second, 1 point."""
    at.button(key="mine_attack_add_1_0").click().run()


APP_ENTRY = AppEntry("round", _looting, _first_attack, "mine_undo", lambda lang: translate(
    lang, "change.mine_entry", round=1, field=translate(lang, "field.attacks")))
"""Anna's attack on Ben."""


def _events_saved(at: Any) -> None:
    at.number_input(key=widget_key("mine_events_1", "Anna", 0)).set_value(1)
    save_of(at, "mine_events_1").click().run()


APP_FORM = AppForm(created, "round", _events_saved)
"""Anna's event in round 1."""


# --- in the browser (`tests/test_browser_*.py`) -------------------------------------------------------------

FOUR = SIX[:4]


def fill(page: Any, field: str, number: int, values: dict[str, int]) -> None:
    """Type a number per player into a form of the round's sheet and save it."""
    typed(page, field, number, values)
    save(page, field, number)


def typed(page: Any, field: str, number: int, values: dict[str, int]) -> None:
    """Type a number per player into a form of the round's sheet, not saved yet."""
    for who, value in values.items():
        page.locator(f"[class*='st-key-mine_{field}_{number}_{who}_'] input").fill(str(value))


def save(page: Any, field: str, number: int) -> None:
    """Tap the Save of a form of the round's sheet."""
    from browser import settle

    page.get_by_test_id("stForm").filter(has=page.locator(f"[class*='st-key-mine_{field}_{number}_']")).get_by_role(
        "button", name="Save").click()
    settle(page)


def _looting(page: Any, lang: str) -> None:
    from browser import part

    part(page, translate(lang, "mine.phase.looting"))


def _selected(page: Any, label: str, option: str) -> None:
    """Pick an option of the attack form's selectbox unless it shows it (a list does not offer the option
    it shows when that is typed in)."""
    from browser import select

    if page.get_by_role("combobox", name=label, exact=True).input_value() != option:
        select(page, label, option)


def _tap_attack(page: Any, names: list[str], who: str, n: int, lang: str) -> None:
    _looting(page, lang)
    _selected(page, translate(lang, "mine.loot.attacker"), who)
    _selected(page, translate(lang, "mine.loot.target"), names[(names.index(who) + 1) % len(names)])
    page.get_by_role("spinbutton", name=translate(lang, "mine.loot.points"), exact=True).fill(str(n + 1))
    page.get_by_role("button", name=translate(lang, "mine.loot.add"), exact=True).click()


def _attack_line(lang: str, doc: Record, who: str, n: int) -> str:
    """The line of the looting that says what `who`'s attack of `n` + 1 points took, as the page draws it."""
    take = next(t for t in mine.read(doc).current.looting.takes if (t.attack.attacker, t.attack.points) == (who, n + 1))
    a = take.attack
    return translate(lang, f"mine.loot.{take.reason}", attacker=a.attacker, target=a.target, points=a.points,
                     defense=take.defense, coal=take.coal).replace("**", "")


ENTRY = Entry("round", _looting, _tap_attack, lambda lang, names, who, n: saved_entry(lang, "attacks"), _attack_line)
"""Attacks added at the looting; every phone showing it says what each took."""


def _looting_quickly(page: Any, quickly: Callable[[list[Callable[[], None]]], None]) -> None:
    """The looting part, which holds two forms: two attacks added (the points typed anew in between, once
    the page shows the first) and the defence saved, tapped 60 ms apart. (The same attack tapped twice
    before the page shows the first is stored once: `test_browser_mine.py`.)"""
    from browser import select, settle

    _looting(page, "en")
    select(page, "Looter", "Ben")
    select(page, "Target (colour card on the stack)", "Anna")
    points = page.get_by_role("spinbutton", name="Attack points (helmets on the stack)", exact=True)
    points.fill("2")
    typed(page, "defense", 1, {"Anna": 1, "Dirk": 2})
    add = page.get_by_role("button", name="Add attack", exact=True)
    defence = page.get_by_test_id("stForm").filter(has=page.locator("[class*='st-key-mine_defense_1_']"))
    retyped = lambda: (settle(page), points.fill("3"))  # noqa: E731 - a number typed while its form is drawn anew is lost
    quickly([add.click, retyped, add.click, defence.get_by_role("button", name="Save").click])


def _looted(doc: Record, tapped: Any) -> bool:
    current = doc["current"]
    return (current["attacks"] == [{"attacker": "Ben", "target": "Anna", "points": n} for n in (2, 3)]
            and {p: v for p, v in current["defense"].items() if v} == {"Anna": 1, "Dirk": 2})


QUICK = {"looting": Quick(lambda: created(FOUR), "round", _looting_quickly, _looted, lambda tapped: saved_entry("en", "defense"))}
"""Round 1's looting."""


def _nine_attacks() -> Record:
    """Round 1's looting with nine attacks of Anna's on Ben, of 1 to 9 points."""
    doc = created(FOUR)
    for n in range(9):
        doc = ENTRIES.make(doc, "Anna", n)
    return doc


def _every_attack_taken_back(game: int) -> list[dict[str, Any]]:
    """Each attack's ✕, found by the attack it takes back wherever it now is in the list: what a script taps."""
    return [{"picks": [[".st-key-mine_phase_1", 1]],
             "taps": [f"[class*='st-key-mine_attack_remove_1_'][class*='_Anna_Ben_{n + 1}'] button" for n in range(9)]}]


BURST = Burst(_nine_attacks, "round", _every_attack_taken_back, 2,
              lambda doc: 9 - len((doc.get("current") or {}).get("attacks", [])))
"""Nine attacks taken back, in two games."""


def _sale_over_the_cap(page: Any) -> tuple[Any, dict[Any, str]]:
    from browser import part

    part(page, translate("en", "mine.phase.expedition"))
    fields = {page.locator(f"[class*='st-key-mine_sold_1_{who}_'] input"): value for who, value in (("Anna", "1"), ("Evangelina", "2"))}
    for field, value in fields.items():
        field.fill(value)
    return page.get_by_test_id("stForm").filter(has=next(iter(fields))), fields


OUT_OF_RANGE = OutOfRange(lambda: created(["Anna", "Ben", "Evangelina"]), "round", _sale_over_the_cap,
                          "Not saved — This round › Coal sold › Evangelina: 2 coal sold; at most 1 this round",
                          lambda doc: "sold" not in (doc.get("current") or {}))
"""A sale over the cap of round 1."""


def _sale(page: Any, lang: str) -> Any:
    from browser import part

    part(page, translate(lang, "mine.phase.expedition"))
    field = page.locator("[class*='st-key-mine_sold_1_Anna_'] input")
    field.fill("1")
    return field


TYPED = Typed(lambda: created(THREE), "round", _sale, lambda lang: translate(lang, "mine.round.title", round=1, rounds=mine.ROUNDS),
              lambda doc: "sold" not in (doc.get("current") or {}))
"""Anna's sale in round 1."""
TV = {"finished_6_seats": TvCase(lambda: finished(SIX), lambda lang: []),
      "round_6_seats": TvCase(lambda: mid_round(SIX), lambda lang: [])}
"""Six seats: a finished game, and round 2 being resolved."""


def playing_title(lang: str) -> str:
    return translate(lang, "mine.round.title", round=1, rounds=mine.ROUNDS)


# --- random changes for the fuzz tests (`test_fuzz.py`) ------------------------------------------------

def options(names: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """The start options a fuzzed game is created with: the variant or not, the last seat the dummy's."""
    return st.fixed_dictionaries({"variant": st.booleans(), "dummy": st.just(names[-1])})


def changes(a: Args) -> st.SearchStrategy[Change]:
    """MINE!'s changes as a phone sends them, or with hostile arguments."""
    doc = a.doc
    now = len(doc.get("rounds", [])) + 1
    sheet = doc.get("current") or {}
    values = {
        "start": a.counts(a.names, mine.COAL_CUBES // len(a.names)), "supply": a.number(0, mine.COAL_CUBES),
        "events": a(st.fixed_dictionaries({p: st.integers(-3, 3) for p in a.names})),
        "attacks": a(st.lists(st.fixed_dictionaries({"attacker": st.sampled_from(a.names),
                                                     "target": st.sampled_from(a.names), "points": st.integers(0, 9)}),
                              max_size=3)),
        "defense": a.counts(a.names, 9), "sold": a.counts(a.names, min(now, 6)), "mined": a.counts(a.names, 9),
        "recruited": a.counts(a.names, 9), "cap": a.number(0, mine.COAL_CUBES),
    }
    number = a(st.just(now), st.integers(0, 7))
    items = doc.get("end_items") or doc.get("end") or {}
    return st.one_of(
        *[st.sampled_from(list(mine.ENTRY_FIELDS)).flatmap(lambda f: change(
            "enter_round", mine.enter_round, number, a(st.just(f)), values[f], a.seen(sheet.get(f))))] * 4,
        *[change("close_round", mine.close_round, number)] * 2,
        change("set_items", mine.set_items, a.player(), a.counts(["coal", "cards"], mine.HAND_LIMIT),
               a(st.none() | st.sampled_from(list(items.values()) or [None]))),
        change("roll_die", mine.roll_die, a.counts(a.names, mine.DIE_FACES), a.seen(doc.get("die_roll", {}))),
    )


def complete() -> Record:
    return finished(THREE)


REFUSED = [
    ("a sale over the cap", lambda r: r["rounds"][0]["sold"].update(Anna=2), "rounds.0.sold.Anna"),
    ("end coal past the box", lambda r: r["end"]["Ben"].update(coal=20), "end.Ben.coal"),
    ("an attack on oneself", lambda r: r["rounds"][1].update(attacks=[{"attacker": "Ben", "target": "Ben", "points": 1}]),
     "rounds.1.attacks.0.target"),
    ("seven seats", lambda r: r.update(players=SIX + ["Finn"]), "players"),
]
"""Records that break a rule: what is changed in a `complete` record, and the field the refusal names."""


# --- its texts (`test_catalog.py`) ------------------------------------------------------------------------

COUNTED = [
    ("fr", "mine.round.die", {"player": "Anna", "cap": 1}, "plafonnée à **1** charbon"),
    ("fr", "mine.round.die", {"player": "Anna", "cap": 2}, "plafonnée à **2** charbons"),
    ("fr", "mine.loot.took", {"attacker": "Ben", "target": "Anna", "points": 3, "defense": 1, "coal": 2},
     "Ben prend **2** charbons à Anna"),
    ("fr", "mine.loot.stock", {"attacker": "Ben", "target": "Anna", "points": 3, "defense": 1, "coal": 1},
     "Ben prend **1** charbon à Anna"),
    ("fr", "mine.loot.shared", {"attacker": "Ben", "target": "Anna", "points": 3, "defense": 1, "coal": 0},
     "Ben prend **0** charbon à Anna"),
    ("fr", "mine.line.sold", {"round": 2, "coal": 1}, "Manche 2 : 1 charbon vendu"),
    ("fr", "mine.line.sold", {"round": 2, "coal": 3}, "Manche 2 : 3 charbons vendus"),
    ("fr", "problem.over_cap", {"value": 1, "cap": 0}, "1 charbon vendu ; au plus 0 cette manche"),
    ("fr", "problem.over_stock", {"value": 2, "stock": 1}, "2 charbons vendus ; la réserve en compte 1"),
    ("fr", "mine.setup.die", {"player": "Anna"}, "Anna a touché du charbon en dernier, commence donc la partie"),
    ("de", "mine.setup.die", {"player": "Anna"}, "Anna hat zuletzt Kohle angefasst, beginnt und"),
    ("en", "mine.round.die", {"player": "Anna", "cap": 1}, "sale cap **1** coal"),
]
"""Its texts that count or name a player, as the table reads them: (language, key, params, what the text says)."""
LINES = {"mine.line.sold"}
"""Breakdown lines its finished games write."""
