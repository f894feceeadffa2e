"""The one gate for data, rule by rule: clean input (`records.parse`, names), one-line refusals, the box's
limits per game (../shared/rules/*.md, component limits), each Coal Baron card once, Schichtwechsel's end
after round 5, MINE!'s supply as a reading that never refuses, the store refusing what does not read,
injective widget keys, the CSV export, the upload limit, and one direction between the pure packages."""

from __future__ import annotations

import ast
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apptest import ROOT
from unchecked import any_document
from schichtbuch.session.page import widget_key
from schichtbuch.sharing.export import spreadsheet_safe, standings_csv
from schichtbuch.store import SQLiteStore
from schichtbuch.store.written import written
from scoring import coal_baron as cb, mine, schichtwechsel as sw
from scoring.coal_baron import Order, Transport
from scoring.errors import RecordError, shown
from scoring.fields import NAME_CHARS
from scoring.gate import MAX_BYTES, MAX_DEPTH, UPLOAD_BYTES, UPLOAD_MB, parse
from scoring.registry import score

pytestmark = pytest.mark.store


def refusal(run: Any) -> tuple[str, str]:
    with pytest.raises(RecordError) as error:
        run()
    return error.value.field, error.value.code


# --- clean input ---------------------------------------------------------------------------------------

VALID = {"game": "coal_baron", "players": ["Anna", "Ben"]}


@pytest.mark.parametrize(("data", "code"), [
    (b'{"game": "coal_baron", "players": [' + b"9" * 16 + b"]}", "number_too_long"),
    (b'{"game": "coal_baron", "players": [' + b"9" * 5000 + b"]}", "number_too_long"),
    (b'{"players": NaN}', "not_finite"),
    (b'{"players": Infinity}', "not_finite"),
    (b'{"players": -Infinity}', "not_finite"),
    (b'{"players": 1e999}', "not_finite"),
    (b'{"players": ["\\ud800"]}', "unprintable"),
    (b'{"pla\\nyers": 1}', "unprintable"),
    (b'{"players": ["A\\u0007"]}', "unprintable"),
    (b"[" * (MAX_DEPTH + 2) + b"]" * (MAX_DEPTH + 2), "too_deep"),
    (b"[" * 100_000, "too_deep"),
    (b"\xff\xfe{}", "not_utf8"),
    (b'{"game": ', "not_json"),
    (b" " * (MAX_BYTES + 1), "too_large"),
], ids=["16 digits", "5000 digits", "NaN", "Infinity", "-Infinity", "1e999", "lone surrogate", "line break in a key",
        "bell", "nested 34 deep", "nested 100000 deep", "not UTF-8", "truncated", "over 1 MB"])
def test_parse_refuses_what_no_record_needs(data: bytes, code: str) -> None:
    assert refusal(lambda: parse(data))[1] == code


def test_parse_keeps_the_deepest_nesting_allowed_and_exact_names() -> None:
    deep = json.dumps(VALID | {"x": json.loads("[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1))}).encode()
    assert parse(deep)["x"] is not None
    assert parse(json.dumps({"players": ["Jörg", "Zoë 🎲", "=A"]}).encode()) == {"players": ["Jörg", "Zoë 🎲", "=A"]}


@pytest.mark.parametrize(("name", "code"), [
    ("", "empty_name"), ("   ", "empty_name"), (" Anna", "untrimmed"), ("Anna ", "untrimmed"),
    ("A" * (NAME_CHARS + 1), "too_long"), ("An\tna", "unprintable"), (7, "empty_name"),
])
def test_player_names_are_trimmed_and_bounded_in_the_reader(name: Any, code: str) -> None:
    assert refusal(lambda: cb.read(VALID | {"players": ["Ben", name]})) == ("players.1", code)


@pytest.mark.parametrize("card", [" Koks ", "", "K" * (sw.CARD_CHARS + 1), "Ko\nks"])
def test_round_card_names_are_trimmed_and_bounded_in_the_reader(card: str) -> None:
    doc = sw.new_record(["Anna", "Ben"], {}, "Anna") | {"rounds": [{"card": card, "points": {"Anna": 1, "Ben": 0}}]}
    assert refusal(lambda: sw.read(doc))[0] == "rounds.0.card"


def test_a_typed_round_card_is_trimmed_before_it_is_stored() -> None:
    doc = sw.add_round(sw.new_record(["Anna", "Ben"], {}, "Anna"), 1, " Koks ", {"Anna": 1, "Ben": 0})
    assert doc["rounds"][0]["card"] == "Koks"


@pytest.mark.parametrize("value", ["a\nb", "\ud800", "x" * 500, [[[[[1]]]]], 10**5000, float("nan"), {"k\r": 1}],
                         ids=["line break", "lone surrogate", "long", "nested", "huge number", "NaN", "odd key"])
def test_a_refusal_is_one_short_line_whatever_the_value(value: Any) -> None:
    text = str(RecordError("players.a\nb\ud800" + "x" * 300, "not_player", value=value))
    assert "\n" not in text and "\r" not in text and len(text) < 200
    text.encode("utf-8")  # no lone surrogate left to print


def test_shown_escapes_and_cuts() -> None:
    assert (shown("a\nb"), shown(12), shown("x" * 100)[-1]) == ("a\\nb", 12, "…")


# --- Coal Baron: the box ------------------------------------------------------------------------------

def coal_baron(names: list[str] = ["Anna", "Ben", "Cleo"]) -> dict[str, Any]:
    return cb.new_record(names, {}, names[0])


WHEELBARROW_YELLOW = Order(Transport.WHEELBARROW, ("yellow",))


def test_a_card_is_delivered_once_then_refused_on_any_phone_and_not_offered_again() -> None:
    doc = cb.deliver(coal_baron(), 1, "Anna", WHEELBARROW_YELLOW)
    assert refusal(lambda: cb.deliver(doc, 1, "Ben", WHEELBARROW_YELLOW)) == ("current_shift.Ben.0", "delivered_twice")
    assert WHEELBARROW_YELLOW not in cb.read(doc).cards_left(Transport.WHEELBARROW)
    assert len(cb.read(doc).cards_left(Transport.WHEELBARROW)) == len(cb.cards(Transport.WHEELBARROW)) - 1
    assert len(cb.read(doc).cards_left(Transport.TRAIN)) == len(cb.cards(Transport.TRAIN))


def test_a_record_delivering_a_card_in_two_shifts_is_refused_naming_the_second() -> None:
    card = WHEELBARROW_YELLOW.to_dict()
    doc = coal_baron() | {"shifts": [{"Anna": [card], "Ben": [], "Cleo": []}],
                          "current_shift": {"Anna": [], "Ben": [], "Cleo": [card]}}
    assert refusal(lambda: cb.read(doc)) == ("current_shift.Cleo.0", "delivered_twice")


def test_the_box_has_44_cards_and_all_can_be_delivered_once() -> None:
    doc = coal_baron()
    for i, order in enumerate(o for t in Transport for o in cb.cards(t)):
        doc = cb.deliver(doc, 1, ["Anna", "Ben", "Cleo"][i % 3], order)
    assert cb.ORDER_CARDS == 44 and all(cb.read(doc).cards_left(t) == () for t in Transport)


def end_of(doc: dict[str, Any], items: dict[str, dict[str, int]]) -> dict[str, Any]:
    carts = {p: dict.fromkeys(cb.COLOURS, 0) for p in doc["players"]}
    full = {p: dict.fromkeys(cb.END_FIELDS, 0) | v for p, v in items.items()}
    return doc | {"shifts": [{p: [] for p in doc["players"]}] * 3, "current_shift": {p: [] for p in doc["players"]},
                  "empty_carts": carts, "end": full}


@pytest.mark.parametrize(("items", "refused"), [
    ({"Anna": {"light_tiles": 24, "dark_tiles": 24}, "Ben": {}, "Cleo": {}}, None),
    ({"Anna": {"light_tiles": 8, "dark_tiles": 16}, "Ben": {"light_tiles": 16}, "Cleo": {"dark_tiles": 8}}, None),
    ({"Anna": {"light_tiles": 24, "dark_tiles": 24}, "Ben": {"dark_tiles": 1}, "Cleo": {}}, ("end.Ben.dark_tiles", "more_tiles_than_box")),
    ({"Anna": {"light_tiles": 20}, "Ben": {"light_tiles": 20}, "Cleo": {}}, ("end.Ben.light_tiles", "more_tiles_than_box")),
    ({"Anna": {"light_tiles": 1}, "Ben": {"dark_tiles": 12}, "Cleo": {"light_tiles": 24}}, ("end.Cleo.light_tiles", "more_tiles_than_box")),
    ({"Anna": {"light_tiles": 25}, "Ben": {}, "Cleo": {}}, ("end.Anna.light_tiles", "too_big")),
    ({"Anna": {"dark_tiles": 30}, "Ben": {}, "Cleo": {}}, ("end.Anna.dark_tiles", "too_big")),
    ({"Anna": {"open_orders": 20}, "Ben": {"open_orders": 24}, "Cleo": {}}, None),
    ({"Anna": {"open_orders": 20}, "Ben": {"open_orders": 24}, "Cleo": {"open_orders": 1}}, ("end.Cleo.open_orders", "more_cards_than_box")),
    ({"Anna": {"open_orders": 45}, "Ben": {}, "Cleo": {}}, ("end.Anna.open_orders", "too_big")),
    ({"Anna": {"money": 999, "cubes": 999}, "Ben": {}, "Cleo": {}}, None),
], ids=["48 tiles", "48 tiles over three pits", "25 dark", "40 light", "25 light", "25 light in one pit",
        "30 dark in one pit", "44 cards", "45 cards", "45 in one hand", "typo guard"])
def test_end_items_fit_the_box(items: dict[str, dict[str, int]], refused: tuple[str, str] | None) -> None:
    doc = end_of(coal_baron(), items)
    if refused is None:
        assert score(doc).final
    else:
        assert refusal(lambda: cb.read(doc)) == refused


def test_unfinished_orders_count_with_the_delivered_ones() -> None:
    doc = cb.deliver(coal_baron(), 1, "Anna", WHEELBARROW_YELLOW)
    ended = end_of(coal_baron(), {"Anna": {"open_orders": 44}, "Ben": {}, "Cleo": {}})
    ended["shifts"] = [doc["current_shift"], *ended["shifts"][1:]]
    assert refusal(lambda: cb.read(ended)) == ("end.Anna.open_orders", "more_cards_than_box")


@pytest.mark.parametrize(("carts", "refused"), [(19, False), (20, True)])
def test_at_most_19_empty_minecarts_on_a_level(carts: int, refused: bool) -> None:
    doc = cb.close_shift(cb.close_shift(coal_baron(), 1, dict.fromkeys(["Anna", "Ben", "Cleo"], 1)), 2,
                         dict.fromkeys(["Anna", "Ben", "Cleo"], 1))
    enter = lambda: cb.set_carts(doc, "Anna", {"yellow": carts}, None)  # noqa: E731
    if refused:
        assert refusal(enter) == ("carts_draft.Anna.yellow", "too_big")
    else:
        assert cb.read(enter()).carts_draft["Anna"]["yellow"] == 19


@pytest.mark.parametrize(("call", "field"), [
    (lambda d: cb.deliver(d, 4, "Anna", WHEELBARROW_YELLOW), "shift"),
    (lambda d: cb.deliver(d, "1", "Anna", WHEELBARROW_YELLOW), "shift"),
    (lambda d: cb.deliver(d, 1, "Anna", Order(Transport.TRAIN, ("yellow", "yellow", "yellow"))), "order"),
    (lambda d: cb.deliver(d, 1, "Anna", "a card"), "order"),
    (lambda d: cb.deliver(d, 1, ["Anna"], WHEELBARROW_YELLOW), "player"),
    (lambda d: cb.add_forgotten(d, 0, "Anna", WHEELBARROW_YELLOW), "shift"),
    (lambda d: cb.remove_order(d, 1, "Anna", "0"), "order"),
    (lambda d: cb.remove_order(d, 1, "Anna", -1), "order"),
    (lambda d: cb.set_start_player(d, 7, "Anna"), "shift"),
    (lambda d: cb.close_shift(d, 1, {"Anna": 99, "Ben": 0, "Cleo": 0}), "factory_workers.0.Anna"),
    (lambda d: cb.close_shift(d, 1, [1, 2, 3]), "factory_workers.0"),
], ids=["shift 4", "shift as text", "card no transport prints", "card not a card", "player a list", "shift 0",
        "index as text", "index -1", "start player of shift 7", "workers over the box", "workers not per player"])
def test_coal_baron_changes_refuse_any_odd_argument_naming_it(call: Any, field: str) -> None:
    assert refusal(lambda: call(coal_baron()))[0] == field


def test_a_setup_tick_must_be_a_step_name() -> None:
    from scoring.app_fields import tick

    assert refusal(lambda: tick(coal_baron(), 3, True))[0] == "setup_ticks"
    assert refusal(lambda: tick(coal_baron(), "board", "yes")) == ("setup_ticks", "not_bool")


# --- Schichtwechsel ------------------------------------------------------------------------------------

def test_schichtwechsel_end_before_round_five_is_refused_by_the_reader() -> None:
    end = {"miner_finish": [], "track_finish": {}, "start_player": "Anna",
           "players": {p: dict.fromkeys(sw.PLAYER_ITEMS, 0) for p in ("Anna", "Ben")}}
    rounds = [{"card": "Koks", "points": {"Anna": 1, "Ben": 0}}] * 2
    doc = sw.new_record(["Anna", "Ben"], {}, "Anna") | {"rounds": rounds, "end": end}
    assert refusal(lambda: sw.read(doc)) == ("end", "items_too_early")
    assert sw.score(doc | {"rounds": [rounds[0]] * sw.ROUNDS}).final


# --- MINE! ---------------------------------------------------------------------------------------------

SIX = ["Anna", "Ben", "Cleo", "Dirk", "Emil", "Finn"]


def test_six_seats_sell_what_they_hold_round_after_round() -> None:
    """The issue's table: at 6 seats the old supply model ran dry after round 1 and refused a legal sale."""
    doc = mine.new_record(SIX, {}, "Anna")
    for number in range(1, 4):
        doc = mine.enter_round(doc, number, "mined", dict.fromkeys(SIX, 2), None)
        doc = mine.enter_round(doc, number, "sold", dict.fromkeys(SIX, min(number, 2)), None)
        doc = mine.close_round(doc, number)
    record = mine.read(doc)
    assert all(record.rounds[-1].got[p] == 2 for p in SIX)
    assert record.current.supply == mine.COAL_CUBES - sum(record.current.start.values())


@pytest.mark.parametrize(("field", "value", "where"), [
    ("start", {"Anna": 20, "Ben": 1, "Cleo": 0}, "current.start.Ben"),
    ("start", {"Anna": 21, "Ben": 0, "Cleo": 0}, "current.start.Anna"),
    ("events", {"Anna": 16, "Ben": 0}, "current.events.Cleo"),
], ids=["21 cubes in all", "21 in one stock", "events past the box"])
def test_the_players_coal_never_exceeds_the_box(field: str, value: dict[str, int], where: str) -> None:
    doc = mine.new_record(["Anna", "Ben", "Cleo"], {}, "Anna")
    assert refusal(lambda: mine.enter_round(doc, 1, field, value, None))[0] == where


@pytest.mark.parametrize(("supply", "events", "mined", "got", "disagrees"), [
    (None, {}, 5, {"Anna": 5, "Ben": 5, "Cleo": 4}, False),
    (3, {}, 2, {"Anna": 2, "Ben": 1, "Cleo": 0}, False),
    (0, {"Anna": 2}, 9, {"Anna": 0, "Ben": 0, "Cleo": 0}, True),
    (0, {}, 1, {"Anna": 0, "Ben": 0, "Cleo": 0}, False),
], ids=["the cubes nobody holds", "a counted supply", "events past an empty supply", "an empty supply"])
def test_the_mine_takes_from_the_supply_in_turn_and_a_supply_taken_below_zero_is_a_warning(
        supply: int | None, events: dict[str, int], mined: int, got: dict[str, int], disagrees: bool) -> None:
    doc = mine.enter_round(mine.new_record(["Anna", "Ben", "Cleo"], {}, "Anna"), 1, "events", events, None)
    if supply is not None:
        doc = mine.enter_round(doc, 1, "supply", supply, None)
    sheet = mine.read(mine.enter_round(doc, 1, "mined", dict.fromkeys(["Anna", "Ben", "Cleo"], mined), None)).current
    assert (dict(sheet.got), sheet.mine_supply != sheet.at_mine) == (got, disagrees)


def test_coal_lost_to_events_and_sold_goes_back_to_the_supply() -> None:
    doc = mine.new_record(["Anna", "Ben", "Cleo"], {}, "Anna")
    doc = mine.enter_round(doc, 1, "events", {"Anna": -2}, None)
    doc = mine.enter_round(doc, 1, "sold", {"Anna": 0, "Ben": 1, "Cleo": 1}, None)
    assert mine.read(doc).current.at_mine == 14 + 2 + 2


@pytest.mark.parametrize(("items", "field"), [({"coal": 21, "cards": 0}, "coal"), ({"coal": 0, "cards": 9}, "cards")])
def test_end_counts_are_bounded_by_the_box_and_the_hand_limit(items: dict[str, int], field: str) -> None:
    doc = mine.new_record(["Anna", "Ben"], {}, "Anna") | {"rounds": [{"sold": {"Anna": 1, "Ben": 1}}] * 6}
    assert refusal(lambda: mine.set_items(doc, "Anna", items, None)) == (f"end_items.Anna.{field}", "too_big")


@pytest.mark.parametrize(("call", "field"), [
    (lambda d: mine.enter_round(d, 1, "foo", 1, None), "rounds.0"),
    (lambda d: mine.enter_round(d, "1", "sold", {}, None), "round"),
    (lambda d: mine.close_round(d, [1]), "round"),
    (lambda d: mine.roll_die(d, [6], {}), "die_roll"),
], ids=["unknown field", "round as text", "round a list", "rolls not per player"])
def test_mine_changes_refuse_any_odd_argument_naming_it(call: Any, field: str) -> None:
    assert refusal(lambda: call(mine.new_record(["Anna", "Ben"], {}, "Anna")))[0] == field


# --- the store's gate -------------------------------------------------------------------------------

def test_the_store_refuses_a_document_that_does_not_read_and_stores_nothing() -> None:
    store = SQLiteStore(":memory:")
    assert refusal(lambda: store.create({"game": "coal_baron", "players": ["A", "A"]}, {"key": "x"}))[1] == "names_twice"
    saved = store.create(coal_baron(), {"key": "change.start"})
    odd = [lambda d: d | {"players": ["\ud800", "B", "C"]}, lambda d: d | {"notes": json.loads("[" * 40 + "]" * 40)},
           lambda d: d | {"current_shift": {"Anna": [WHEELBARROW_YELLOW.to_dict()] * 2, "Ben": [], "Cleo": []}},
           lambda d: d | {"notes": float("inf")}, lambda d: d | {"notes": {1: 2}}]
    for edit in odd:
        with pytest.raises(RecordError):
            store.change(saved.id, edit, {"key": "x"})
    assert (store.load(saved.id).version, store.load(saved.id).doc) == (1, saved.doc)


def test_undo_to_a_document_that_no_longer_reads_is_refused() -> None:
    path = ":memory:"
    store = SQLiteStore(path, gate=any_document)
    first = store.create({"game": "coal_baron", "players": ["A", "A"]}, {"key": "x"})
    store.change(first.id, lambda d: coal_baron(), {"key": "x"})
    store.gate = written  # the rules got stricter after the first document was stored
    assert refusal(lambda: store.undo(first.id, 2))[1] == "names_twice"
    assert store.load(first.id).version == 2


# --- widget keys, exports, uploads, package direction --------------------------------------------------

@given(st.lists(st.text(max_size=4), max_size=4), st.lists(st.text(max_size=4), max_size=4))
def test_widget_keys_differ_whenever_their_parts_differ(a: list[str], b: list[str]) -> None:
    assert (widget_key("end", *a) == widget_key("end", *b)) == (a == b)


def test_the_names_that_once_collided_have_their_own_keys() -> None:
    assert widget_key("mine_roll", "A", "B_C") != widget_key("mine_roll", "A_B", "C")


@pytest.mark.parametrize(("cell", "safe"), [
    ("=HYPERLINK(1)", "'=HYPERLINK(1)"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM", "'@SUM"), ("\tx", "'\tx"),
    ("\rx", "'\rx"), ("\nx", "'\nx"), ("\n=1+1", "'\n=1+1"), ("\0x", "'\0x"), ("Anna", "Anna"), ("x\n=1", "x\n=1"), ("Zoë=1", "Zoë=1"), (-2, -2), (7, 7),
])
def test_spreadsheet_formulas_are_neutralised(cell: Any, safe: Any) -> None:
    assert spreadsheet_safe(cell) == safe


def test_the_csv_export_neutralises_names_and_the_json_keeps_them() -> None:
    doc = cb.new_record(["=cmd", "Ben"], {}, "Ben")
    csv = standings_csv(score(doc), cb.CATEGORIES, lambda key, **_: key)
    assert "'=cmd" in csv and "\n=cmd" not in csv
    assert json.loads(json.dumps(doc))["players"][0] == "=cmd"


def streamlit_upload_bytes(megabytes: int) -> dict[str, int]:
    """What Streamlit 1.67's uploader lets through for `server.maxUploadSize = megabytes`: its page counts a
    megabyte as 1000² bytes (1024² where `navigator.platform` starts with "Win"), its server as 1024²."""
    return {"page": megabytes * 1000 ** 2, "page on Windows": megabytes * 1024 ** 2, "server": megabytes * 1024 ** 2}


def test_streamlit_upload_limit_is_the_upload_limit() -> None:
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["maxUploadSize"] == UPLOAD_MB
    assert UPLOAD_BYTES == min(streamlit_upload_bytes(config["server"]["maxUploadSize"]).values()) == 16_000_000


def test_streamlit_page_still_counts_a_megabyte_as_a_million_bytes() -> None:
    """The conversion `streamlit_upload_bytes` reads from Streamlit's bundled page: a Windows test, then
    1024 or 1e3. When Streamlit changes it, this fails and UPLOAD_BYTES must be checked again."""
    import streamlit

    bundle = Path(streamlit.__file__).parent / "static" / "static" / "js"
    sources = [p.read_text(encoding="utf-8", errors="replace") for p in bundle.glob("*.js")]
    assert any("/^Win/i.test(navigator.platform)" in s for s in sources)
    assert any("?1024:1e3" in s and "Megabyte" in s for s in sources)


@pytest.mark.parametrize("path", sorted((ROOT / "scoring").glob("*.py")), ids=lambda p: p.name)
def test_scoring_does_not_import_setup(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    modules |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not any(m == "setup" or m.startswith("setup.") for m in modules)
