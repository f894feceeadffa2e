"""Coal Baron games for the tests, built with the game's own changes, and its refused-record table."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import cycle
from typing import Any

from hypothesis import strategies as st

from builders import (AppEntry, AppForm, Burst, Close, Entries, Entry, OutOfRange, Picked, Quick, Record, Stage, TvCase,
                      Typed, selector, timed, widget_key)
from fuzzing import Args, Change, change, no_options
from schichtbuch.texts.i18n import translate
from scoring import coal_baron as cb
from scoring.app_fields import tick
from scoring.coal_baron import COLOURS, END_FIELDS, SHIFTS, Transport
from scoring.registry import PALETTE
from setup import Step
from setup.coal_baron import checklist


def created(names: list[str]) -> Record:
    return cb.new_record(names, {n: PALETTE[i] for i, n in enumerate(names)}, names[0])


def deliveries(doc: Record, shift: int) -> Record:
    """Each player delivers two or three cards nobody has delivered yet, on different transports."""
    transports = list(Transport)
    for i, name in enumerate(doc["players"]):
        for k in range(2 + (i + shift) % 2):
            left = cb.read(doc).cards_left(transports[(i + shift + k) % len(transports)])
            doc = cb.deliver(doc, shift, name, left[(i + k) % len(left)])
    return doc


def in_shift_one(names: list[str]) -> Record:
    return deliveries(created(names), 1)


def in_shift(names: list[str], shift: int) -> Record:
    """Shift `shift` being played: the shifts before it scored, cards delivered in each (`deliveries`)."""
    doc = in_shift_one(names)
    if shift > 1:
        doc = deliveries(cb.close_shift(doc, 1, factory={n: i for i, n in enumerate(names)}), 2)
    if shift > 2:
        doc = deliveries(cb.close_shift(doc, 2, factory=dict.fromkeys(names, 0), next_start=names[-1]), 3)
    return doc


def shift_three_scored(names: list[str]) -> Record:
    doc = in_shift(names, SHIFTS)
    carts = {n: {c: (i + k) % 3 for k, c in enumerate(COLOURS)} for i, n in enumerate(names)}
    return cb.close_shift(doc, SHIFTS, empty_carts=carts)


def finished(names: list[str]) -> Record:
    doc = shift_three_scored(names)
    for i, name in enumerate(names):
        doc = cb.set_end(doc, name, {f: (i * 3 + k) % 7 for k, f in enumerate(END_FIELDS)}, None)
    assert "end" in doc
    return doc


def half_entered_end(names: list[str]) -> Record:
    doc = shift_three_scored(names)
    return cb.set_end(doc, names[0], dict.fromkeys(END_FIELDS, 4), None)


AT: dict[str, Callable[[list[str]], Record]] = {
    "created": created, "playing": in_shift_one, "ending": half_entered_end, "finished": finished}
"""The stages `at` builds, for any player count."""


def at(names: list[str], stage: str) -> Record:
    return AT[stage](names)


STAGES = {
    "created_2p": Stage(lambda: created(["Anna", "Ben"]), "shift"),
    "shift_I_deliveries_3p": Stage(lambda: in_shift_one(["Anna", "Ben", "Cleo"]), "shift"),
    "shift_III_scored_4p": Stage(lambda: shift_three_scored(["Anna", "Ben", "Cleo", "Dora"]), "end"),
    "end_half_entered_3p": Stage(lambda: half_entered_end(["Anna", "Ben", "Cleo"]), "end"),
    "finished_3p": Stage(lambda: finished(["Anna", "Ben", "Cleo"]), "end"),
}
REPRESENTATIVE = "end_half_entered_3p"
PAGE_STAGES = {"setup": STAGES["created_2p"].build, "shift": STAGES["shift_I_deliveries_3p"].build,
               "scoring": STAGES["shift_I_deliveries_3p"].build, "end": STAGES["finished_3p"].build}
FINISHED = STAGES["finished_3p"].build
BGG_ID: int | None = 143515
"""Its BoardGameGeek id, typed here by hand from a source that confirms it (the one a BG Stats link sends)."""


def _entry_card(doc: Record, who: str, n: int) -> cb.Order:
    """`who`'s `n`th entry: every card dealt round the seats in turn, so that no two players share one (a
    name not at the table gets the first seat's, for the game's own change to refuse)."""
    seats = doc["players"]
    return ORDERS[(seats.index(who) if who in seats else 0) + n * len(seats)]


def _made(doc: Record, who: str) -> list[int]:
    seats = doc["players"]
    return [(ORDERS.index(o) - seats.index(who)) // len(seats) for o in cb.read(doc).current_shift[who]]


ENTRIES = Entries(created, lambda doc, who, n: cb.deliver(doc, len(doc["shifts"]) + 1, who, _entry_card(doc, who, n)),
                  _made, 44 // cb.PLAYERS[-1])
"""Each player's order cards delivered in shift I."""

FINISHED_EXAMPLE = "coal_baron_2p"
"""A finished example game of `tests/games/`."""


def longest(names: list[str]) -> Record:
    """A finished game of these players with its times (the game has no set-up option)."""
    return timed(finished(names))


def over(example: Record) -> bool:
    """Whether an example game (`tests/games/`) is over, as its file was written by hand: its end counts
    are entered (the `end` section), which the scorer must agree with."""
    return "end" in example


def setup_title(lang: str, names: list[str]) -> str:
    return translate(lang, "coal_baron.setup.title", players=len(names))


def guides(names: list[str]) -> Iterator[Step]:
    yield from checklist(names, names[-1])


# --- closing a stage and picking a choice (`test_taps.py`, `test_picks.py` and the browser tests) -----------

FOUR = ["Anna", "Ben", "Cleo", "Dirk"]


def pick(page: Any, lang: str, player: str, transport: str) -> None:
    """Pick the player and the transport on the shift page (each waits for its run)."""
    from browser import choose

    choose(page, translate(lang, "coal_baron.shift.player"), player)
    choose(page, translate(lang, "coal_baron.shift.transport"), translate(lang, f"transport.{transport}"), exact=False)


def saved_card(lang: str, who: str, order: cb.Order) -> str:
    """What the shift page says under the cards once a card is stored."""
    return translate(lang, "undo.saved", change=translate(lang, "change.deliver", player=who, vp=order.vp,
                                                          transport=translate(lang, f"transport.{order.transport}"),
                                                          coal=cb.symbols(order.coal)))


def _in_shift_one(names: list[str]) -> Record:
    """Shift I being played, the first player's first card delivered."""
    return ENTRIES.make(created(names), names[0], 0)


def _nothing_to_type(page: Any, n: int) -> None:
    """Scoring a shift takes what the table entered: nothing is typed first."""


CLOSE = Close(_in_shift_one, "scoring", lambda lang: translate(lang, "coal_baron.scoring.close", shift="I"),
              lambda doc: cb.close_shift(doc, 1, factory=dict.fromkeys(doc["players"], 0)),
              lambda lang: translate(lang, "coal_baron.scoring.scored_elsewhere", shift="I"), _nothing_to_type,
              lambda doc, by: len(doc["shifts"]) == 1 and not any(doc["current_shift"].values()))
"""Shift I scored."""
WHEELBARROW = cb.cards(cb.Transport.WHEELBARROW)[0]


def _card_after_train_picked(at: Any) -> None:
    """Ben and the train picked, and the wheelbarrow's first card, drawn before, tapped: in one run."""
    drawn = next(b for b in at.button if b.label == card_text(WHEELBARROW))
    at.button_group(key="shift_player").set_value("Ben")
    at.button_group(key="shift_transport").set_value(cb.Transport.TRAIN)
    drawn.click().run()


def _the_shift_page_as_it_opens(page: Any) -> None:
    """The cards show as the page opens: nothing to open first."""


def _card_after_train_picked_offline(page: Any) -> None:
    from browser import radio

    radio(page, "Player", "Ben")
    radio(page, "Transport", "Train")
    page.get_by_role("button", name=card_text(WHEELBARROW), exact=True).click()


def _card_after_ben_picked_offline(page: Any) -> None:
    """Ben picked, which leaves the cards as they are, and a card tapped."""
    from browser import radio

    radio(page, "Player", "Ben")
    page.get_by_role("button", name=card_text(WHEELBARROW), exact=True).click()


PICKED = Picked(lambda: created(["Anna", "Ben"]), "shift", _card_after_train_picked, _the_shift_page_as_it_opens,
                _card_after_train_picked_offline, "Transport: Wheelbarrow", lambda doc: not any(doc["current_shift"].values()),
                _card_after_ben_picked_offline, saved_card("en", "Ben", WHEELBARROW),
                lambda doc: cb.read(doc).current_shift == {"Anna": (), "Ben": (WHEELBARROW,)})
"""A wheelbarrow's card tapped once the train was picked (refused), or once only Ben was (his)."""


def _cards_as_they_open(at: Any) -> None:
    """The cards show as the page opens, Anna's and the wheelbarrow's picked."""


def _first_card(at: Any) -> None:
    at.button(key=widget_key("shift_card", "play", 1, WHEELBARROW.transport, *WHEELBARROW.coal)).click().run()


APP_ENTRY = AppEntry("shift", _cards_as_they_open, _first_card, "shift_undo", lambda lang: translate(
    lang, "change.deliver", player="Anna", transport=translate(lang, "transport.wheelbarrow"),
    coal=cb.symbols(WHEELBARROW.coal), vp=WHEELBARROW.vp))
"""Anna's first card, the wheelbarrow's first."""


def _end_values_saved(at: Any) -> None:
    at.number_input(key="end_Anna_money").set_value(5)
    next(b for b in at.button if b.key and b.key.startswith("FormSubmitter:end_form")).click().run()


APP_FORM = AppForm(half_entered_end, "end", _end_values_saved)
"""Anna's end values."""


# --- in the browser (`tests/test_browser_*.py`) -------------------------------------------------------------

def _cards_shown(page: Any, lang: str) -> None:
    """The cards show as the page opens."""


def _tap_card(page: Any, names: list[str], who: str, n: int, lang: str) -> None:
    order = _entry_card({"players": names}, who, n)
    pick(page, lang, who, order.transport)
    page.get_by_role("button", name=card_text(order, lang), exact=True).click()


def _orders_of(lang: str, doc: Record, who: str, n: int) -> str:
    orders = cb.read(doc).current_shift[who]
    return translate(lang, "coal_baron.shift.player_orders", player=who, cards=len(orders), vp=sum(o.vp for o in orders))


ENTRY = Entry("shift", _cards_shown, _tap_card,
              lambda lang, names, who, n: saved_card(lang, who, _entry_card({"players": names}, who, n)), _orders_of)
"""Cards delivered on the shift page; every phone there says how many each player delivered."""


def _by_name(page: Any, quickly: Callable[[list[Callable[[], None]]], None]) -> list[cb.Order]:
    """Twenty different cards, all of the wheelbarrow and nine of the horse cart, tapped by name."""
    from browser import by_name

    tapped = []
    for transport, count in ((cb.Transport.WHEELBARROW, 11), (cb.Transport.HORSE_CART, 9)):
        pick(page, "en", "Anna", transport)
        cards = list(cb.cards(transport))[:count]
        quickly([by_name(page, card_text(o)) for o in cards])
        tapped += cards
    return tapped


def _by_position(page: Any, quickly: Callable[[list[Callable[[], None]]], None]) -> list[cb.Order]:
    """Twenty different cards, all of the truck and nine of the train, tapped where they are."""
    from browser import by_position, keyed

    tapped = []
    for transport, count in ((cb.Transport.TRUCK, 11), (cb.Transport.TRAIN, 9)):
        pick(page, "en", "Anna", transport)
        cards = list(cb.cards(transport))[:count]
        quickly(by_position(page, [keyed(page, widget_key("shift_card", "play", 1, transport, *o.coal)).locator("button")
                                   for o in cards]))
        tapped += cards
    return tapped


def _by_key(page: Any, quickly: Callable[[list[Callable[[], None]]], None]) -> list[cb.Order]:
    """Thirty cards of three transports, each button found by its key at the tap."""
    from browser import keyed

    transports = list(cb.Transport)[:3]
    tapped = [o for t in transports for o in cb.cards(t)][:30]
    for transport in transports:
        pick(page, "en", "Anna", transport)
        quickly([lambda o=o: keyed(page, widget_key("shift_card", "play", 1, o.transport, *o.coal)).locator("button").first.click()
                 for o in tapped if o.transport == transport])
    return tapped


QUICK = {name: Quick(lambda: created(FOUR), "shift", tap, lambda doc, tapped: cb.read(doc).current_shift["Anna"] == tuple(tapped),
                     lambda tapped: saved_card("en", "Anna", tapped[-1]))
         for name, tap in (("cards by name", _by_name), ("cards by position", _by_position), ("cards by key", _by_key))}
"""Anna's cards tapped on the shift page."""


def _every_card(game: int) -> list[dict[str, Any]]:
    """Every card of shift I, by transport, for one player (each game the next): what a script taps."""
    player = game % len(FOUR)
    return [{"picks": [[".st-key-shift_player", player], [".st-key-shift_transport", list(cb.Transport).index(t)]],
             "taps": [f"{selector(widget_key('shift_card', 'play', 1, t, *o.coal))} button" for o in cb.cards(t)]}
            for t in cb.Transport]


BURST = Burst(lambda: created(FOUR), "shift", _every_card, 7,
              lambda doc: sum(len(cards) for cards in cb.read(doc).current_shift.values()))
"""All 44 cards of shift I, in seven games: more than three hundred taps."""


def _money_typed(page: Any) -> tuple[Any, dict[Any, str]]:
    from browser import keyed

    fields = {keyed(page, f"end_Anna_{field}").locator("input"): value for field, value in (("money", "-5"), ("cubes", "4"))}
    for field, value in fields.items():
        field.fill(value)
    return page.get_by_test_id("stForm").filter(has=next(iter(fields))), fields


OUT_OF_RANGE = OutOfRange(lambda: shift_three_scored(["Anna", "Ben"]), "end", _money_typed, translate(
    "en", "error.refused", field=" › ".join([translate("en", "field.end"), "Anna", translate("en", "field.money")]),
    problem=translate("en", "problem.negative", value=-5)), lambda doc: "end_draft" not in doc)
"""A negative sum of money among the end values."""


def _money(page: Any, lang: str) -> Any:
    from browser import keyed

    field = keyed(page, "end_Anna_money").locator("input")
    field.fill("7")
    return field


TYPED = Typed(lambda: shift_three_scored(NAMES3), "end", _money, lambda lang: translate(lang, "coal_baron.end.title"),
              lambda doc: "end_draft" not in doc)
"""Anna's money among the end values."""
TV = {"finished": TvCase(lambda: finished(FOUR), lambda lang: []),
      "shift_II": TvCase(lambda: in_shift(FOUR, 2), lambda lang: [translate(lang, "coal_baron.race.title", shift="II")]),
      "shift_III": TvCase(lambda: in_shift(FOUR, 3), lambda lang: [translate(lang, "coal_baron.race.title", shift="III")])}
"""A finished game, and shifts II and III being played (the race of each shown)."""


def playing_title(lang: str) -> str:
    return translate(lang, "coal_baron.shift.title", shift="I")


# --- random changes for the fuzz tests (`test_fuzz.py`) ------------------------------------------------

ORDERS = [o for t in cb.Transport for o in cb.cards(t)]
"""Every order card in the box."""


def options(names: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """The start options a fuzzed game is created with: none."""
    return no_options(names)


def changes(a: Args) -> st.SearchStrategy[Change]:
    """Coal Baron's changes as a phone sends them, or with hostile arguments."""
    doc = a.doc
    record = cb.read(doc)
    now = len(record.shifts) + 1
    left = [o for t in cb.Transport for o in record.cards_left(t)] or list(ORDERS)
    card = a(st.sampled_from(left), st.one_of(st.sampled_from(ORDERS), st.builds(
        cb.Order, st.sampled_from(list(cb.Transport)), st.lists(st.sampled_from(cb.COLOURS), max_size=4).map(tuple))))
    shift = a(st.just(now), st.integers(0, 4))
    entries = doc.get("end") or doc.get("end_draft") or {}
    return st.one_of(
        *[change("deliver", cb.deliver, shift, a.player(), card)] * 4,
        change("add_forgotten", cb.add_forgotten, a.number(1, 3), a.player(), card),
        change("remove_order", cb.remove_order, shift, a.player(), a.number(0, 3), a(st.none() | st.sampled_from(ORDERS))),
        *[change("close_shift", cb.close_shift, shift, a.counts(a.names, cb.WORKERS[len(a.names)]),
                 st.none() | st.fixed_dictionaries({p: a.counts(list(cb.COLOURS), cb.CARTS_PER_LEVEL) for p in a.names}),
                 a(st.none() | st.sampled_from(a.names)))] * 3,
        change("set_carts", cb.set_carts, a.player(), a.counts(list(cb.COLOURS), cb.CARTS_PER_LEVEL),
               a(st.none() | st.sampled_from(list((doc.get("empty_carts") or doc.get("carts_draft") or {None: None}).values())))),
        *[change("set_end", cb.set_end, a.player(), a.counts(list(cb.END_FIELDS), 12),
                 a(st.none() | st.sampled_from(list(entries.values()) or [None])))] * 2,
        change("set_start_player", cb.set_start_player, shift, a.player()),
        change("hide_race", cb.hide_race, a(st.booleans())),
        change("tick", tick, a(st.sampled_from(["board", "locks", "pits"])), a(st.booleans())),
    )


def long_game(store: Any) -> tuple[str, list[Record]]:
    """A 4-player game of 72 revisions in `store`: all 44 order cards delivered over three shifts, eight
    of them taken back and entered again, the shifts closed, empty minecarts and end items entered. Its
    id and every revision's document."""
    names = ["Anna", "Ben", "Cleo", "Dirk"]
    game = store.create(cb.new_record(names, {}, "Anna"), {"key": "change.start"})
    docs = [game.doc]

    def change(edit: Callable[[Record], Record]) -> None:
        docs.append(store.change(game.id, edit, {"key": "change.add"}).doc)

    orders = [o for t in cb.Transport for o in cb.cards(t)]
    players = cycle(names)
    for shift, part in enumerate((orders[:15], orders[15:30], orders[30:]), start=1):
        for order in part:
            who = next(players)
            change(lambda d: cb.deliver(d, shift, who, order))
            if order in orders[:40:5]:
                change(lambda d: cb.remove_order(d, shift, who, len(d["current_shift"][who]) - 1, order))
                change(lambda d: cb.deliver(d, shift, who, order))
        if shift < 3:
            change(lambda d: cb.close_shift(d, shift, dict(zip(names, (3, 2, 1, 0)))))
    for who in names:
        change(lambda d: cb.set_carts(d, who, {"yellow": 1, "brown": 0, "grey": 2, "black": 0}, None))
    change(lambda d: cb.close_shift(d, 3))
    for who in names:
        change(lambda d: cb.set_end(d, who, {"money": 12, "cubes": 1, "open_orders": 0, "light_tiles": 2, "dark_tiles": 1}, None))
    return game.id, docs


# --- records by hand, and the refusals of records that break a rule (field named) -----------------------

Y, BR, G, BL = "yellow", "brown", "grey", "black"
WB = "wheelbarrow"
NAMES3 = ["Anna", "Ben", "Cleo"]


def card(transport: str, *coal: str) -> dict[str, Any]:
    return {"transport": transport, "coal": list(coal)}


def record(names: list[str] = NAMES3, shifts: Any = (), carts: Any = None, end: Any = None) -> Record:
    """A record with the given deliveries per shift ({name: [cards]}; missing names deliver nothing)."""
    data: Record = {"game": "coal_baron", "players": list(names),
                    "shifts": [{n: list(s.get(n, [])) for n in names} for s in shifts]}
    if len(shifts) == 3 or carts is not None:
        data["empty_carts"] = {n: dict.fromkeys((Y, BR, G, BL), 0) | (carts or {}).get(n, {}) for n in names}
    if end is not None:
        data["end"] = {n: {"money": 0, "cubes": 0, "open_orders": 0, "light_tiles": 0, "dark_tiles": 0}
                       | end.get(n, {}) for n in names}
    return data


def complete():
    return record(shifts=[{"Anna": [card(WB, Y)]}, {}, {}], end={})


def drop(path, key):
    def change(r):
        target = r
        for k in path:
            target = target[k]
        del target[key]
    return change


def put(path, value):
    def change(r):
        target = r
        for k in path[:-1]:
            target = target[k]
        target[path[-1]] = value
    return change


REFUSED = [
    ("negative money", put(["end", "Anna", "money"], -1), "end.Anna.money"),
    ("negative cubes", put(["end", "Ben", "cubes"], -3), "end.Ben.cubes"),
    ("negative empty carts", put(["empty_carts", "Cleo", "grey"], -1), "empty_carts.Cleo.grey"),
    ("count as text", put(["end", "Anna", "open_orders"], "2"), "end.Anna.open_orders"),
    ("count as bool", put(["end", "Anna", "light_tiles"], True), "end.Anna.light_tiles"),
    ("count as float", put(["end", "Anna", "dark_tiles"], 1.5), "end.Anna.dark_tiles"),
    ("unknown mine level", put(["empty_carts", "Anna", "pink"], 1), "empty_carts.Anna.pink"),
    ("unknown player in end", put(["end", "Zoe"], {}), "end.Zoe"),
    ("unknown player in empty_carts", put(["empty_carts", "Zoe"], {}), "empty_carts.Zoe"),
    ("unknown player in a shift", put(["shifts", 1, "Zoe"], []), "shifts.1.Zoe"),
    ("missing player in end", drop(["end"], "Cleo"), "end.Cleo"),
    ("missing player in a shift", drop(["shifts", 2], "Ben"), "shifts.2.Ben"),
    ("missing player in empty_carts", drop(["empty_carts"], "Anna"), "empty_carts.Anna"),
    ("duplicate names", put(["players"], ["Anna", "Ben", "Anna"]), "players"),
    ("empty name", put(["players"], ["Anna", "Ben", ""]), "players.2"),
    ("1 player", put(["players"], ["Anna"]), "players"),
    ("5 players", put(["players"], ["Anna", "Ben", "Cleo", "Dirk", "Emil"]), "players"),
    ("4 shifts", lambda r: r["shifts"].append({n: [] for n in NAMES3}), "shifts"),
    ("end before shift III", lambda r: r["shifts"].pop(), "end"),
    ("missing empty_carts once 3 shifts", drop([], "empty_carts"), "empty_carts"),
    ("card no one prints", put(["shifts", 0, "Anna", 0], card(WB, Y, Y, Y)), "shifts.0.Anna.0"),
    ("unknown transport", put(["shifts", 0, "Anna", 0], card("rocket", Y)), "shifts.0.Anna.0.transport"),
    ("unknown colour", put(["shifts", 0, "Anna", 0], card(WB, "red")), "shifts.0.Anna.0.coal"),
    ("shifts not a list", put(["shifts"], {}), "shifts"),
    ("setup ticks not a list", put(["setup_ticks"], 5), "setup_ticks"),
    ("setup tick not a text", put(["setup_ticks"], [1]), "setup_ticks.0"),
    ("unknown player in end_draft", put(["end_draft"], {"Zoe": {}}), "end_draft"),
    ("negative carts in carts_draft", put(["carts_draft"], {"Anna": {"grey": -1}}), "carts_draft.Anna.grey"),
    ("unknown start player", put(["start_players"], ["Zoe"]), "start_players.0"),
    ("factory workers over the workers of 3 players", put(["factory_workers"], [{"Anna": 16, "Ben": 0, "Cleo": 0}]),
     "factory_workers.0.Anna"),
]


def card_text(order: cb.Order, lang: str = "en") -> str:
    """An order card's face on the shift page: its transport, coal and VP (`Train · 🟡 · 2 VP`)."""
    return translate(lang, "coal_baron.card", transport=translate(lang, f"transport.{order.transport}"),
                     coal=cb.card_symbols(order.coal), vp=order.vp)


# --- its texts (`test_catalog.py`) ------------------------------------------------------------------------

COUNTED = [
    ("en", "coal_baron.line.cubes", {"cubes": 1}, "1 coal cube"),
    ("en", "coal_baron.line.cubes", {"cubes": 0}, "0 coal cubes"),
    ("fr", "coal_baron.line.cubes", {"cubes": 0}, "0 cube de charbon"),
    ("fr", "coal_baron.line.cubes", {"cubes": 2}, "2 cubes de charbon"),
    ("ja", "coal_baron.line.cubes", {"cubes": 1}, "石炭1個"),
    ("de", "coal_baron.line.open_orders", {"orders": 1}, "1 unerfüllter Auftrag"),
    ("de", "coal_baron.line.money", {"marks": 1500}, "1.500 Mark"),
    ("en", "coal_baron.line.money", {"marks": 1500}, "1,500 Marks"),
    ("fr", "coal_baron.line.money", {"marks": 1500}, "1\u202f500 marks"),
    ("ja", "coal_baron.line.money", {"marks": 1500}, "1,500マルク"),
]
"""Its texts that count, as the table reads them: (language, key, params, what the text says)."""
LINES = {"coal_baron.line.order", "coal_baron.line.majority", "coal_baron.line.money"}
"""Breakdown lines its finished games write."""
