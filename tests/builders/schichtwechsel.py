"""Schichtwechsel games for the tests, built with the game's own changes, and its refused-record table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import strategies as st

from builders import (AppEntry, AppForm, Burst, Close, Entries, Entry, OutOfRange, Picked, Quick, Record, Stage, TvCase,
                      Typed, save_of, selector, timed, widget_key)
from fuzzing import Args, Change, change, no_options
from schichtbuch.texts.i18n import translate
from scoring import schichtwechsel as sw
from scoring.registry import PALETTE
from setup import Step
from setup.schichtwechsel import checklist, preparation

FOUR = ["Anna", "Ben", "Cleo", "Dirk"]


def created(names: list[str], start: str | None = None) -> Record:
    return sw.new_record(names, {n: PALETTE[i] for i, n in enumerate(names)}, start or names[0])


def played(names: list[str], rounds: int) -> Record:
    doc = created(names)
    for n in range(1, rounds + 1):
        doc = sw.add_round(doc, n, f"Karte {n}", {p: (i + n) % 4 for i, p in enumerate(names)})
    return doc


def arrived(names: list[str]) -> Record:
    doc = played(names, sw.ROUNDS)
    for place, who in enumerate(reversed(names)):
        doc = sw.arrive(doc, "miner", who, place)
    return sw.arrive(doc, "canal", names[0], 0)


def finished(names: list[str]) -> Record:
    doc = arrived(names)
    for i, who in enumerate(names):
        doc = sw.set_items(doc, who, {item: (i + k) % 5 for k, item in enumerate(sw.PLAYER_ITEMS)}, None)
    assert "end" in doc
    return doc


AT: dict[str, Callable[[list[str]], Record]] = {
    "created": created, "playing": lambda names: played(names, 2), "ending": arrived, "finished": finished}
"""The stages `at` builds, for any player count."""


def at(names: list[str], stage: str) -> Record:
    return AT[stage](names)


STAGES = {
    "sw_created_4p": Stage(lambda: created(FOUR), "round"),
    "sw_round_3_2p": Stage(lambda: played(["Anna", "Ben"], 2), "round"),
    "sw_arrivals_3p": Stage(lambda: arrived(["Anna", "Ben", "Cleo"]), "end"),
    "sw_finished_4p": Stage(lambda: finished(FOUR), "end"),
}
REPRESENTATIVE = "sw_arrivals_3p"
PAGE_STAGES = {"setup": STAGES["sw_created_4p"].build, "round": STAGES["sw_round_3_2p"].build,
               "end": STAGES["sw_finished_4p"].build}
FINISHED = STAGES["sw_finished_4p"].build
BGG_ID: int | None = None
"""No source confirms a BoardGameGeek id: a BG Stats link sends none."""


def _arrival(doc: Record, who: str, n: int) -> Record:
    """`who`'s `n`th entry: arriving at the end of the `n`th race (the day shift, then each track)."""
    race = sw.RACES[n]
    return sw.arrive(doc, race, who, len(doc["finish"][race]))


ENTRIES = Entries(lambda names: played(names, sw.ROUNDS), _arrival,
                  lambda doc, who: [n for n, race in enumerate(sw.RACES) if who in doc["finish"][race]], len(sw.RACES))
"""Each player's arrivals once the five rounds are played."""

FINISHED_EXAMPLE = "schichtwechsel_2p_tie"
"""A finished example game of `tests/games/`."""


def longest(names: list[str]) -> Record:
    """A finished game of these players with its times (the game has no set-up option)."""
    return timed(finished(names))


def over(example: Record) -> bool:
    """Whether an example game (`tests/games/`) is over, as its file was written by hand: its end counts
    are entered (the `end` section), which the scorer must agree with."""
    return "end" in example


def setup_title(lang: str, names: list[str]) -> str:
    return translate(lang, "schichtwechsel.setup.title", players=len(names))


def guides(names: list[str]) -> Iterator[Step]:
    yield from checklist(names, names[0])
    for number in range(1, sw.ROUNDS + 1):
        yield from preparation(number, names, names[1])


# --- closing a stage and picking a choice (`test_taps.py`, `test_picks.py` and the browser tests) -----------

CARDS = ("Koks", "Bahn")
"""The round card each of two phones types (`CLOSE.typed`)."""


def _round_typed(page: Any, n: int) -> None:
    """The `n`th phone's round card and Anna's VP typed into the new round's form, not saved yet."""
    from browser import keyed

    page.get_by_role("textbox", name="Round card", exact=True).fill(CARDS[n])
    keyed(page, widget_key("round_points", "new", 1, "Anna")).locator("input").fill("3")


def _entered_once(doc: Record, by: int | None) -> bool:
    cards = [r["card"] for r in doc["rounds"]]
    return len(cards) == 1 if by is None else cards == [CARDS[by]]


CLOSE = Close(created, "round", lambda lang: translate(lang, "schichtwechsel.round.save_new", round=1),
              lambda doc: sw.add_round(doc, 1, "Koks", {p: i for i, p in enumerate(doc["players"])}),
              lambda lang: translate(lang, "schichtwechsel.round.done_elsewhere", round=1), _round_typed, _entered_once)
"""Round 1 entered."""


def _two_rounds() -> Record:
    doc = created(["Anna", "Ben"])
    for number in (1, 2):
        doc = sw.add_round(doc, number, f"Karte {number}", {"Anna": number, "Ben": 0})
    return doc


def _correction_after_round_one_picked(at: Any) -> None:
    """Ben's VP of round 2 typed, round 1 picked, and round 2's Save, drawn before, tapped: in one run."""
    save = next(b for b in at.button if b.label == translate("en", "schichtwechsel.round.save_fix", round=2))
    at.number_input(key=widget_key("round_points", "fix", 2, "Ben")).set_value(5)
    at.button_group(key="round_fix").set_value(1)
    save.click().run()


def _correcting(page: Any) -> None:
    """The corrections opened, at the last round."""
    from browser import settle

    page.get_by_text(translate("en", "schichtwechsel.round.correct"), exact=True).click()
    settle(page)


def _correction_after_round_one_picked_offline(page: Any) -> None:
    from browser import keyed, radio

    keyed(page, widget_key("round_points", "fix", 2, "Ben")).locator("input").fill("5")
    radio(page, translate("en", "schichtwechsel.round.which"), "1")
    page.get_by_role("button", name=translate("en", "schichtwechsel.round.save_fix", round=2), exact=True).click()


def _correction_offline(page: Any) -> None:
    """Ben's VP of round 2 typed and its Save tapped, nothing picked."""
    from browser import keyed

    keyed(page, widget_key("round_points", "fix", 2, "Ben")).locator("input").fill("5")
    page.get_by_role("button", name=translate("en", "schichtwechsel.round.save_fix", round=2), exact=True).click()


PICKED = Picked(_two_rounds, "round", _correction_after_round_one_picked, _correcting,
                _correction_after_round_one_picked_offline, f"{translate('en', 'schichtwechsel.round.which')}: 2",
                lambda doc: [r["points"]["Ben"] for r in doc["rounds"]] == [0, 0], _correction_offline,
                translate("en", "undo.saved", change=translate("en", "change.round", round=2)),
                lambda doc: [r["points"]["Ben"] for r in doc["rounds"]] == [0, 5])
"""Round 2's correction saved once round 1 was picked (refused), or with nothing picked (stored)."""


def _arrivals_as_they_open(at: Any) -> None:
    """The arrivals show as the end page opens."""


def _first_arrival(at: Any) -> None:
    at.button(key=widget_key("end_arrive", "miner", "Anna")).click().run()


APP_ENTRY = AppEntry("end", _arrivals_as_they_open, _first_arrival, "end_undo", lambda lang: translate(
    lang, "change.arrive", player="Anna", end_field=translate(lang, "schichtwechsel.end_field.miner")))
"""Anna at the end of the day shift."""


def _round_saved(at: Any) -> None:
    at.text_input(key="round_card_new_1").input("Koks")
    at.number_input(key=widget_key("round_points", "new", 1, "Anna")).set_value(3)
    save_of(at, "round_new_1").click().run()


APP_FORM = AppForm(created, "round", _round_saved)
"""Round 1's card and Anna's VP."""


# --- in the browser (`tests/test_browser_*.py`) -------------------------------------------------------------

def enter_round(page: Any, number: int, card: str, points: dict[str, int]) -> None:
    """In German: type the round card's name, each player's VP, and save."""
    from browser import keyed, tap

    page.get_by_role("textbox", name="Wertungskarte", exact=True).fill(card)
    for who, vp in points.items():
        keyed(page, f"round_points_new_{number}_{who}").locator("input").fill(str(vp))
    tap(page, f"Runde {number} speichern")


def saved_arrival(lang: str, who: str, race: str) -> str:
    """What the end page says once an arrival is stored."""
    return translate(lang, "undo.saved", change=translate(lang, "change.arrive", player=who,
                                                          end_field=translate(lang, f"schichtwechsel.end_field.{race}")))


def _arrivals_shown(page: Any, lang: str) -> None:
    """The arrivals show as the end page opens."""


def _tap_arrival(page: Any, names: list[str], who: str, n: int, lang: str) -> None:
    from browser import keyed

    keyed(page, widget_key("end_arrive", sw.RACES[n], who)).locator("button").click()


def _arrival_line(lang: str, doc: Record, who: str, n: int) -> str:
    """The button of `who` at the `n`th race once they arrived: their place and VP, as the page draws it."""
    order = doc["finish"][sw.RACES[n]]
    return translate(lang, "schichtwechsel.end.arrived", place=order.index(who) + 1, player=who,
                     vp=sw.race(order)[who]).replace("**", "")


ENTRY = Entry("end", _arrivals_shown, _tap_arrival, lambda lang, names, who, n: saved_arrival(lang, who, sw.RACES[n]),
              _arrival_line)
"""Arrivals at the end of the day shift and of each track, once the five rounds are played."""
ORDER = ["Cleo", "Anna", "Dirk", "Ben"]
"""The order of the quick arrivals at the end of the day shift."""


def _arrivals_quickly(page: Any, quickly: Callable[[list[Callable[[], None]]], None]) -> list[str]:
    """Every player's arrival at the end of the day shift, tapped where it is."""
    from browser import by_position, keyed

    quickly(by_position(page, [keyed(page, widget_key("end_arrive", "miner", who)).locator("button") for who in ORDER]))
    return ORDER


QUICK = {"arrivals by position": Quick(lambda: played(FOUR, sw.ROUNDS), "end", _arrivals_quickly,
                                       lambda doc, tapped: doc["finish"]["miner"] == tapped,
                                       lambda tapped: saved_arrival("en", tapped[-1], "miner"))}
"""Arrivals on the end page."""


def _every_arrival(game: int) -> list[dict[str, Any]]:
    """Every player at the end of every race: what a script taps."""
    return [{"picks": [], "taps": [f"{selector(widget_key('end_arrive', race, who))} button" for race in sw.RACES for who in FOUR]}]


BURST = Burst(lambda: played(FOUR, sw.ROUNDS), "end", _every_arrival, 2, lambda doc: sum(map(len, doc["finish"].values())))
"""Sixteen arrivals, in two games."""


def _negative_vp(page: Any) -> tuple[Any, dict[Any, str]]:
    from browser import keyed

    card = page.get_by_role("textbox", name="Round card", exact=True)
    points = keyed(page, widget_key("round_points", "new", 1, "Anna")).locator("input")
    fields = {card: "Koks", points: "-1"}
    for field, value in fields.items():
        field.fill(value)
    return page.get_by_test_id("stForm").filter(has=points), fields


OUT_OF_RANGE = OutOfRange(lambda: created(["Anna", "Ben"]), "round", _negative_vp, translate(
    "en", "error.refused", field=" › ".join([translate("en", "field.rounds"), "1", translate("en", "field.points"), "Anna"]),
    problem=translate("en", "problem.negative", value=-1)), lambda doc: doc["rounds"] == [])
"""A negative VP in round 1."""


def _vp(page: Any, lang: str) -> Any:
    from browser import keyed

    field = keyed(page, widget_key("round_points", "new", 1, "Anna")).locator("input")
    field.fill("3")
    return field


TYPED = Typed(lambda: created(["Anna", "Ben", "Cleo"]), "round", _vp,
              lambda lang: translate(lang, "schichtwechsel.round.title", round=1, rounds=sw.ROUNDS), lambda doc: doc["rounds"] == [])
"""Anna's VP of round 1."""
TV = {"finished": TvCase(lambda: finished(FOUR), lambda lang: []), "arrivals": TvCase(lambda: arrived(FOUR), lambda lang: [])}
"""A finished game, and the arrivals being entered."""


def playing_title(lang: str) -> str:
    return translate(lang, "schichtwechsel.round.title", round=1, rounds=sw.ROUNDS)


# --- random changes for the fuzz tests (`test_fuzz.py`) ------------------------------------------------

def options(names: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """The start options a fuzzed game is created with: none."""
    return no_options(names)


def changes(a: Args) -> st.SearchStrategy[Change]:
    """Schichtwechsel's changes as a phone sends them, or with hostile arguments."""
    doc = a.doc
    rounds = doc.get("rounds", [])
    card = a(st.sampled_from(["Koks", "Kohle", "Häuser", " Koks "]))
    race = a(st.sampled_from(list(sw.RACES)))
    items = (doc.get("end") or {}).get("players") or doc.get("end_items") or {}
    return st.one_of(
        *[change("add_round", sw.add_round, a(st.just(len(rounds) + 1), st.integers(0, 7)), card,
                 a.counts(a.names, 30))] * 3,
        change("edit_round", sw.edit_round, a.number(1, 5), card, a.counts(a.names, 30),
               a(st.sampled_from(rounds or [None]))),
        change("arrive", sw.arrive, race, a.player(), a.number(0, 4)),
        change("withdraw", sw.withdraw, race, a.player()),
        change("pass_marker", sw.pass_marker, a.player(), a.seen(doc.get("start_player"))),
        *[change("set_items", sw.set_items, a.player(), a.counts(list(sw.PLAYER_ITEMS), 40),
                 a(st.none() | st.sampled_from(list(items.values()) or [None])))] * 2,
    )


# --- a finished record by hand, and the refusals of records that break a rule (field named) -------------

ZERO = dict.fromkeys(sw.PLAYER_ITEMS, 0)


def record(**end: object) -> Record:
    """A finished 4-player record, its end section's fields replaced by `end`."""
    base = {"miner_finish": [], "track_finish": {"rail": [], "road": [], "canal": []}, "start_player": "Anna",
            "players": {n: dict(ZERO) for n in FOUR}}
    rounds = [{"card": "Koks", "points": dict.fromkeys(FOUR, 0)}] * sw.ROUNDS
    return {"game": "schichtwechsel", "players": FOUR, "rounds": rounds, "end": base | end}


def complete() -> Record:
    return record()


REFUSED = [
    ("player listed twice in a finish order", lambda r: r["end"].update(miner_finish=["Ben", "Ben"]), "end.miner_finish"),
    ("unknown player in a track order", lambda r: r["end"]["track_finish"].update(rail=["Zoe"]), "end.track_finish.rail.0"),
    ("unknown track", lambda r: r["end"]["track_finish"].update(river=[]), "end.track_finish.river"),
    ("negative count", lambda r: r["end"]["players"]["Cleo"].update(houses=-1), "end.players.Cleo.houses"),
    ("sixth round", lambda r: r.update(rounds=[{"card": "Koks", "points": dict.fromkeys(FOUR, 0)}] * 6), "rounds"),
    ("start player not in the game", lambda r: r["end"].update(start_player="Zoe"), "end.start_player"),
    ("round card without a name", lambda r: r.update(rounds=[{"card": " ", "points": dict.fromkeys(FOUR, 0)}]),
     "rounds.0.card"),
    ("negative round points", lambda r: r.update(rounds=[{"card": "Koks", "points": dict(dict.fromkeys(FOUR, 0), Ben=-1)}]),
     "rounds.0.points.Ben"),
    ("five players", lambda r: r.update(players=FOUR + ["Emil"]), "players"),
]
"""Records that break a rule: what is changed in a `complete` record, and the field the refusal names."""


# --- its texts (`test_catalog.py`) ------------------------------------------------------------------------

COUNTED = [
    ("en", "schichtwechsel.line.tools", {"tools": 1}, "1 tool tile"),
    ("en", "schichtwechsel.line.tools", {"tools": 0}, "0 tool tiles"),
    ("fr", "schichtwechsel.line.tools", {"tools": 0}, "0 tuile outil"),
    ("fr", "schichtwechsel.line.tools", {"tools": 2}, "2 tuiles outil"),
    ("ja", "schichtwechsel.line.tools", {"tools": 1}, "道具タイル1枚"),
]
"""Its texts that count, as the table reads them: (language, key, params, what the text says)."""
LINES = {"schichtwechsel.line.round", "schichtwechsel.line.miner", "schichtwechsel.line.tools"}
"""Breakdown lines its finished games write."""
