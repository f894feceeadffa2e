"""Coal Baron scoring against ../shared/rules/coal_baron.md: cards, shift elements, end items,
tie-break, next start player, record refusals and the table's changes."""

import copy
import json
import subprocess
import sys
from functools import partial
from pathlib import Path
from urllib.parse import unquote

import pytest

from builders import example
from builders.coal_baron import REFUSED, card, complete, record
from schichtbuch.texts import i18n
from scoring import bgstats, coal_baron as cb
from scoring.coal_baron import Order, Transport
from scoring.errors import RecordError
from scoring.majorities import Place

Y, BR, G, BL = "yellow", "brown", "grey", "black"
WB, HC, TR, TN = "wheelbarrow", "horse_cart", "truck", "train"
ALL4, SMALL, LARGE = (WB, HC, TR, TN), (WB, TN), (HC, TR)
NAMES3 = ["Anna", "Ben", "Cleo"]


def standings(data):
    return {s.player: s for s in cb.score(data).standings}


# --- order cards (rules: "Order cards (44 = 11 per transport)") -------------------------------------

# VP, coal, transports that print it — the table of the rules file, one card per line
CARD_TABLE = [
    (2, [Y], ALL4),
    (3, [BR], ALL4),
    (3, [Y, Y], ALL4),
    (4, [G], ALL4),
    (4, [Y, Y, Y], LARGE),
    (5, [BL], ALL4),
    (5, [BR, BR], ALL4),
    (7, [BR, BR, BR], SMALL),
    (7, [G, G], ALL4),
    (9, [G, G, G], SMALL),
    (9, [BL, BL], ALL4),
    (10, [Y, BR, G, BL], ALL4),
    (12, [BL, BL, BL], LARGE),
]


@pytest.mark.parametrize(("vp", "coal", "printed_on"), CARD_TABLE)
@pytest.mark.parametrize("transport", ALL4)
def test_card_vp_and_transports(vp, coal, printed_on, transport):
    if transport in printed_on:
        order = Order.from_dict(card(transport, *coal), "o")
        assert (order.vp, order.transport, order.coal) == (vp, transport, tuple(coal))
    else:
        with pytest.raises(RecordError) as err:
            Order.from_dict(card(transport, *coal), "o")
        assert err.value.field == "o"


def test_card_table_is_the_rules_table():
    assert [(vp, list(coal), tuple(on)) for vp, coal, on in cb.CARDS] == [
        (vp, coal, tuple(Transport(t) for t in on)) for vp, coal, on in CARD_TABLE]


@pytest.mark.parametrize("transport", ALL4)
def test_eleven_cards_per_transport(transport):
    orders = cb.cards(Transport(transport))
    assert len(orders) == len(set(orders)) == 11
    assert all(o.transport == transport for o in orders)


def test_44_cards_in_total():
    assert sum(len(cb.cards(t)) for t in Transport) == 44


def test_coal_order_in_record_does_not_matter():
    assert Order.from_dict(card(TN, BL, G, BR, Y), "o").vp == 10


REFUSED_CARDS = [
    (card(WB, Y, Y, Y), "o"),
    (card(TN, Y, Y, Y), "o"),
    (card(TR, BR, BR, BR), "o"),
    (card(HC, BR, BR, BR), "o"),
    (card(HC, G, G, G), "o"),
    (card(TR, G, G, G), "o"),
    (card(WB, BL, BL, BL), "o"),
    (card(TN, BL, BL, BL), "o"),
    (card(TR, Y, BR), "o"),
    (card(TR, BL, BL, BL, BL), "o"),
    (card(TR), "o"),
    (card(WB, "red"), "o.coal"),
    (card(WB, "Yellow"), "o.coal"),
    (card("bicycle", Y), "o.transport"),
    ({"coal": [Y]}, "o.transport"),
    ({"transport": WB, "coal": "yellow"}, "o.coal"),
    ([WB, Y], "o"),
]


@pytest.mark.parametrize(("value", "field"), REFUSED_CARDS)
def test_refused_cards(value, field):
    with pytest.raises(RecordError) as err:
        Order.from_dict(value, "o")
    assert err.value.field == field


# --- shift elements (rules: "Shift scoring") ---------------------------------------------------------

# Anna has 2 of every element, Ben 1, Cleo 0, all delivered in shift I (so also cumulative).
EVERY_ELEMENT = record(
    shifts=[{"Anna": [card(WB, Y, Y), card(HC, BR, BR), card(TR, G, G), card(TN, BL, BL)],
             "Ben": [card(WB, Y), card(HC, BR), card(TR, G), card(TN, BL)]}, {}, {}],
    carts={"Anna": dict.fromkeys((Y, BR, G, BL), 2), "Ben": dict.fromkeys((Y, BR, G, BL), 1)},
)

pytestmark = pytest.mark.pure


# kind, element, 1st, 2nd, first shift that scores it
ELEMENT_TABLE = [
    ("coal", Y, 2, 1, 1),
    ("coal", BR, 3, 1, 1),
    ("coal", G, 4, 2, 1),
    ("coal", BL, 5, 2, 1),
    ("transport", WB, 6, 3, 2),
    ("transport", HC, 7, 3, 2),
    ("transport", TR, 8, 4, 2),
    ("transport", TN, 9, 4, 2),
    ("minecart", Y, 10, 5, 3),
    ("minecart", BR, 11, 5, 3),
    ("minecart", G, 12, 6, 3),
    ("minecart", BL, 13, 6, 3),
]


def element_scores(data, shift):
    return {(e.element.kind, e.element.name): e.placings for e in cb.shift_scoring(cb.read(data), shift)}


@pytest.mark.parametrize(("kind", "name", "first", "second", "from_shift"), ELEMENT_TABLE)
@pytest.mark.parametrize("shift", [1, 2, 3])
def test_element_values_per_shift(kind, name, first, second, from_shift, shift):
    scores = element_scores(EVERY_ELEMENT, shift)
    if shift < from_shift:
        assert (kind, name) not in scores
    else:
        placings = scores[(kind, name)]
        assert [(placings[p].count, placings[p].points) for p in NAMES3] == [(2, first), (1, second), (0, 0)]


@pytest.mark.parametrize(("shift", "elements"), [(1, 4), (2, 8), (3, 12)])
def test_number_of_elements_per_shift(shift, elements):
    assert len(element_scores(EVERY_ELEMENT, shift)) == elements


def test_shift_totals_of_every_element():
    # shift I: 2+3+4+5 / 1+1+2+2; II adds 6+7+8+9 / 3+3+4+4; III adds 10+11+12+13 / 5+5+6+6
    b = {p: s.breakdown for p, s in standings(EVERY_ELEMENT).items()}
    assert [(b[p]["shift_1"], b[p]["shift_2"], b[p]["shift_3"]) for p in NAMES3] == [
        (14, 44, 90), (6, 20, 42), (0, 0, 0)]


# Anna's orders of one transport -> coal symbols counted for that transport (not cards)
TRANSPORT_COUNTS = [
    ([card(TR, BL, BL, BL)], TR, 3),
    ([card(TR, Y), card(TR, BR)], TR, 2),
    ([card(TN, Y, BR, G, BL)], TN, 4),
    ([card(TN, Y, BR, G, BL), card(TN, G, G, G)], TN, 7),
    ([card(WB, Y, Y), card(HC, Y)], WB, 2),
    ([card(WB, Y, Y), card(HC, Y)], HC, 1),
    ([card(HC, Y)], TR, 0),
]


@pytest.mark.parametrize(("orders", "transport", "expected"), TRANSPORT_COUNTS)
def test_transport_counts_coal_symbols(orders, transport, expected):
    data = record(shifts=[{"Anna": orders}, {}])
    assert element_scores(data, 2)[("transport", transport)]["Anna"].count == expected


def test_transport_majority_by_symbols_not_cards():
    # Anna: 1 truck card with 3 coal; Ben: 2 truck cards with 1 coal each -> Anna 1st (8), Ben 2nd (4)
    data = record(shifts=[{"Anna": [card(TR, BL, BL, BL)], "Ben": [card(TR, Y), card(TR, BR)]}, {}])
    placings = element_scores(data, 2)[("transport", TR)]
    assert (placings["Anna"].points, placings["Ben"].points) == (8, 4)


# deliveries: Anna grey in shift I, Ben grey ×2 in shift II, Cleo grey in III -> grey counts per shift
def test_deliveries_are_cumulative():
    data = record(shifts=[{"Anna": [card(WB, G)]}, {"Ben": [card(WB, G, G)]}, {"Cleo": [card(TN, G)]}])
    counts = [[element_scores(data, s)[("coal", G)][p].count for p in NAMES3] for s in (1, 2, 3)]
    assert counts == [[1, 0, 0], [1, 2, 0], [1, 2, 1]]


def test_shift_one_orders_score_again_in_two_and_three():
    # Anna delivers black once, in shift I, and is alone: 5 VP black coal in each shift,
    # plus from II on 9 for train (2 symbols, 2 players -> no 2nd anyway)
    data = record(names=["Anna", "Ben"], shifts=[{"Anna": [card(TN, BL, BL)]}, {}, {}])
    b = standings(data)["Anna"].breakdown
    assert (b["orders"], b["shift_1"], b["shift_2"], b["shift_3"]) == (9, 5, 14, 14)


def test_empty_minecarts_not_scored_before_shift_three():
    # a record after shift II that already carries empty_carts: they must not score in shift I or II
    data = record(shifts=[{}, {}], carts={"Anna": {Y: 3, BL: 1}})
    b = standings(data)["Anna"].breakdown
    assert (b["shift_1"], b["shift_2"], b["shift_3"]) == (0, 0, 0)
    # the same carts once shift III is scored: yellow 10 + black 13
    b = standings(record(shifts=[{}, {}, {}], carts={"Anna": {Y: 3, BL: 1}}))["Anna"].breakdown
    assert b["shift_3"] == 23


def test_two_players_no_second_in_shift():
    data = record(names=["Anna", "Ben"], shifts=[{"Anna": [card(WB, BL, BL)], "Ben": [card(WB, BL)]}])
    b = {p: s.breakdown["shift_1"] for p, s in standings(data).items()}
    assert b == {"Anna": 5, "Ben": 0}


# --- end items (rules: "End of game, after shift III") -----------------------------------------------

END_CASES = [
    ("money", {"money": 0}, 0),
    ("money", {"money": 4}, 0),
    ("money", {"money": 5}, 1),
    ("money", {"money": 9}, 1),
    ("money", {"money": 10}, 2),
    ("money", {"money": 27}, 5),
    ("cubes", {"cubes": 0}, 0),
    ("cubes", {"cubes": 2}, 0),
    ("cubes", {"cubes": 3}, 1),
    ("cubes", {"cubes": 5}, 1),
    ("cubes", {"cubes": 6}, 2),
    ("cubes", {"cubes": 10}, 3),
    ("open_orders", {"open_orders": 0}, 0),
    ("open_orders", {"open_orders": 1}, -1),
    ("open_orders", {"open_orders": 4}, -4),
    ("balance", {"light_tiles": 0, "dark_tiles": 0}, 0),
    ("balance", {"light_tiles": 3, "dark_tiles": 3}, 0),
    ("balance", {"light_tiles": 4, "dark_tiles": 1}, -6),
    ("balance", {"light_tiles": 1, "dark_tiles": 4}, -6),
    ("balance", {"light_tiles": 0, "dark_tiles": 2}, -4),
    ("balance", {"light_tiles": 5, "dark_tiles": 0}, -10),
]


@pytest.mark.parametrize(("category", "items", "vp"), END_CASES)
def test_end_items(category, items, vp):
    s = standings(record(shifts=[{}, {}, {}], end={"Anna": items}))["Anna"]
    assert s.breakdown[category] == vp
    assert s.total == vp


def test_end_items_add_up():
    items = {"money": 12, "cubes": 7, "open_orders": 2, "light_tiles": 1, "dark_tiles": 3}
    b = standings(record(shifts=[{}, {}, {}], end={"Anna": items}))["Anna"].breakdown
    assert (b["money"], b["cubes"], b["open_orders"], b["balance"]) == (2, 2, -2, -4)


def test_final_only_with_end():
    assert cb.score(record(shifts=[{}, {}, {}])).final is False
    assert cb.score(record(shifts=[{}, {}, {}], end={})).final is True


# --- ranking and tie-break (money left after 5-to-1) -------------------------------------------------

# end items per player -> (rank, decided_by) per player, all with equal deliveries (none)
MONEY = "tiebreak.money_left"
RANK_CASES = [
    ("9 Marks beats 10 Marks", {"Anna": {"money": 9, "cubes": 3}, "Ben": {"money": 10}, "Cleo": {}},
     [(1, MONEY), (2, MONEY), (3, None)]),
    ("10 Marks loses to 9, seat order irrelevant", {"Anna": {"money": 10}, "Ben": {"money": 9, "cubes": 3}, "Cleo": {}},
     [(2, MONEY), (1, MONEY), (3, None)]),
    ("full tie shares rank 1,1,3", {"Anna": {"money": 5}, "Ben": {"money": 5}, "Cleo": {}},
     [(1, None), (1, None), (3, None)]),
    ("same remainder, different money: shared", {"Anna": {"money": 9}, "Ben": {"money": 4, "cubes": 3}, "Cleo": {}},
     [(1, None), (1, None), (3, None)]),
    ("all zero: all rank 1", {}, [(1, None), (1, None), (1, None)]),
    ("tie for 2nd broken by money", {"Anna": {"cubes": 9}, "Ben": {"money": 8}, "Cleo": {"money": 5}},
     [(1, None), (2, MONEY), (3, MONEY)]),
    ("higher total wins whatever the money", {"Anna": {"money": 10}, "Ben": {"money": 9}, "Cleo": {}},
     [(1, None), (2, None), (3, None)]),
]


@pytest.mark.parametrize(("end", "expected"), [c[1:] for c in RANK_CASES], ids=[c[0] for c in RANK_CASES])
def test_ranking(end, expected):
    s = standings(record(shifts=[{}, {}, {}], end=end))
    assert [(s[p].rank, s[p].decided_by) for p in NAMES3] == expected


def test_standings_best_first_and_breakdown_sums_to_total():
    end = {"Anna": {"money": 3}, "Ben": {"money": 22, "cubes": 4, "light_tiles": 2}, "Cleo": {"money": 10}}
    data = record(shifts=[{"Anna": [card(TN, BL, BL)]}, {"Cleo": [card(TR, Y, Y, Y)]}, {}], end=end)
    result = cb.score(data)
    assert [s.rank for s in result.standings] == sorted(s.rank for s in result.standings)
    for s in result.standings:
        assert s.total == sum(s.breakdown.values())
        assert set(s.breakdown) == set(cb.CATEGORIES)
        assert sum(line.points for line in s.lines) == s.total
    for row in result.to_dict()["standings"]:
        assert row["total"] == sum(row["breakdown"].values())


# --- next start player (rules: "Next shift") ---------------------------------------------------------

SEATS = ["A", "B", "C", "D"]
NOBODY = cb.OpenStart.NOBODY_IN_FACTORY
START_CASES = [
    ("unique most", "A", [1, 3, 0, 2], ("B", None)),
    ("unique most anywhere", "C", [4, 3, 0, 2], ("A", None)),
    ("current start player with unique most keeps it", "A", [3, 1, 1, 0], ("A", None)),
    ("tie incl. current: nearest clockwise, not current", "B", [2, 2, 0, 2], ("D", None)),
    ("tie of current and its right neighbour", "A", [2, 0, 0, 2], ("D", None)),
    ("tie of current and its left neighbour", "A", [2, 2, 0, 0], ("B", None)),
    ("tie without current: nearest clockwise", "A", [0, 2, 0, 2], ("B", None)),
    ("tie without current, wrapping round", "C", [2, 0, 0, 2], ("D", None)),
    ("tie of all four", "D", [1, 1, 1, 1], ("A", None)),
    ("nobody in the factory: clockwise, unconfirmed", "B", [0, 0, 0, 0], ("C", NOBODY)),
    ("nobody in the factory, wrapping", "D", [0, 0, 0, 0], ("A", NOBODY)),
    ("tie, current start player unknown: left to the table", None, [0, 2, 0, 2], ("B", cb.OpenStart.TIE_UNKNOWN_START)),
    ("unique most, current start player unknown", None, [0, 2, 3, 0], ("C", None)),
]


@pytest.mark.parametrize(("current", "workers", "expected"), [c[1:] for c in START_CASES], ids=[c[0] for c in START_CASES])
def test_next_start_player(current, workers, expected):
    assert cb.next_start_player(SEATS, current, dict(zip(SEATS, workers))) == expected


@pytest.mark.parametrize(("current", "workers", "expected"), [
    ("A", [1, 1], ("B", None)),
    ("B", [1, 1], ("A", None)),
    ("A", [2, 1], ("A", None)),
    ("A", [0, 0], ("B", NOBODY)),
])
def test_next_start_player_two_players(current, workers, expected):
    assert cb.next_start_player(["A", "B"], current, dict(zip(["A", "B"], workers))) == expected


# --- refused records (field named: builders/coal_baron.py) ---------------------------------------------

@pytest.mark.parametrize(("change", "field"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_refused_records(change, field):
    data = complete()
    cb.score(data)  # the base record is valid
    change(data)
    with pytest.raises(RecordError) as err:
        cb.score(data)
    assert err.value.field == field
    assert str(err.value).startswith(field + ":")


@pytest.mark.parametrize("shifts", [0, 1, 2, 3])
def test_partial_records_are_scored(shifts):
    data = record(shifts=[{"Anna": [card(WB, Y)]}] + [{}] * (shifts - 1) if shifts else [])
    result = cb.score(data)
    assert result.final is False
    assert len(result.progress) == shifts


# --- changes the table makes -------------------------------------------------------------------------

FACTORY = {"Anna": 1, "Ben": 0, "Cleo": 0}
CARTS = {n: dict.fromkeys((Y, BR, G, BL), 0) for n in NAMES3}


def fresh():
    return cb.new_record(NAMES3, {"Anna": "red", "Ben": "blue", "Cleo": "green"}, "Ben")


def played(shifts):
    data = fresh()
    for n in range(1, shifts + 1):
        data = cb.close_shift(data, n, FACTORY, CARTS if n == 3 else None)
    return data


def test_deliver_logs_order_in_current_shift():
    data = cb.deliver(fresh(), 1, "Anna", Order(Transport.TRAIN, (BL, BL)))
    assert data["current_shift"]["Anna"] == [card(TN, BL, BL)]
    assert standings(data)["Anna"].breakdown["orders"] == 9


def test_changes_do_not_touch_their_input():
    data = fresh()
    before = copy.deepcopy(data)
    cb.deliver(data, 1, "Anna", Order(Transport.TRAIN, (BL, BL)))
    cb.close_shift(data, 1, FACTORY)
    assert data == before


def test_deliver_to_closed_shift_refused():
    with pytest.raises(RecordError) as err:
        cb.deliver(played(1), 1, "Anna", Order(Transport.WHEELBARROW, (Y,)))
    assert err.value.field == "shift"


def test_deliver_after_shift_three_refused():
    with pytest.raises(RecordError):
        cb.deliver(played(3), 4, "Anna", Order(Transport.WHEELBARROW, (Y,)))


def test_deliver_to_shift_that_does_not_exist_refused():
    with pytest.raises(RecordError) as err:
        cb.deliver(fresh(), 4, "Anna", Order(Transport.WHEELBARROW, (Y,)))
    assert err.value.field == "shift"


def test_deliver_to_unknown_player_refused():
    with pytest.raises(RecordError) as err:
        cb.deliver(fresh(), 1, "Zoe", Order(Transport.WHEELBARROW, (Y,)))
    assert err.value.field == "player"


@pytest.mark.parametrize("shift", [1, 2, 3])
def test_close_shift_twice_refused(shift):
    data = played(shift)
    with pytest.raises(RecordError) as err:
        cb.close_shift(data, shift, FACTORY, CARTS)
    assert err.value.field == "shift"


def test_close_shift_moves_orders_and_sets_start_player():
    data = cb.deliver(fresh(), 1, "Cleo", Order(Transport.TRUCK, (Y, Y, Y)))
    data = cb.close_shift(data, 1, {"Anna": 1, "Ben": 2, "Cleo": 2})
    assert data["shifts"] == [{"Anna": [], "Ben": [], "Cleo": [card(TR, Y, Y, Y)]}]
    assert data["current_shift"] == {n: [] for n in NAMES3}
    assert data["start_players"] == ["Ben", "Cleo"]  # tie Ben/Cleo, Ben cannot keep it


def test_close_shift_unconfirmed_start_player_takes_choice():
    data = cb.close_shift(fresh(), 1, dict.fromkeys(NAMES3, 0), next_start="Anna")
    assert data["start_players"] == ["Ben", "Anna"]


def test_close_shift_three_needs_empty_carts():
    with pytest.raises(RecordError) as err:
        cb.close_shift(played(2), 3)
    assert err.value.field == "empty_carts.Anna"  # nobody has entered theirs; Anna is the first missing


ITEMS = {"money": 7, "cubes": 4, "open_orders": 1, "light_tiles": 2, "dark_tiles": 2}


def all_ended(data=None):
    data = data or played(3)
    for n in NAMES3:
        data = cb.set_end(data, n, ITEMS, seen=None)
    return data


def test_set_end_waits_for_every_player():
    data = cb.set_end(played(3), "Anna", ITEMS, seen=None)
    assert "end" not in data and data["end_draft"] == {"Anna": ITEMS}
    assert cb.score(data).final is False
    data = all_ended()
    assert data["end"] == dict.fromkeys(NAMES3, ITEMS)
    assert cb.score(data).final is True
    assert standings(data)["Anna"].breakdown["money"] == 1


def test_end_items_entered_so_far_count_and_the_others_are_pending():
    """Before every player has entered their end items, those entered count (money 7 → +1, cubes 4 → +1,
    1 unfinished order → −1, tiles 2/2 → 0) and the others are named, nothing made up for them."""
    before = standings(played(3))
    result = cb.score(cb.set_end(played(3), "Anna", ITEMS, seen=None))
    assert (result.final, result.pending) == (False, ("Ben", "Cleo"))
    now = {s.player: s for s in result.standings}
    assert now["Anna"].total == before["Anna"].total + 1
    assert [now[p].total for p in ("Ben", "Cleo")] == [before[p].total for p in ("Ben", "Cleo")]
    assert cb.score(played(3)).pending == () and cb.score(all_ended()).pending == ()

def test_set_end_correction_with_current_seen():
    data = cb.set_end(all_ended(), "Anna", ITEMS | {"money": 10}, seen=ITEMS)
    assert data["end"]["Anna"]["money"] == 10
    assert standings(data)["Anna"].breakdown["money"] == 2


@pytest.mark.parametrize(("seen", "ended"), [
    (None, False),                          # another phone entered Anna first
    (dict.fromkeys(cb.END_FIELDS, 0), False),  # the phone showed values that were never stored
    (ITEMS | {"money": 3}, True),           # the phone showed older values
])
def test_set_end_with_stale_seen_refused(seen, ended):
    data = all_ended() if ended else cb.set_end(played(3), "Anna", ITEMS, seen=None)
    with pytest.raises(RecordError) as err:
        cb.set_end(data, "Anna", ITEMS | {"money": 30}, seen=seen)
    assert err.value.field == "end.Anna"


def test_set_end_before_shift_three_refused():
    with pytest.raises(RecordError) as err:
        cb.set_end(played(2), "Anna", ITEMS, seen=None)
    assert err.value.field == "end"


def test_set_end_negative_refused():
    with pytest.raises(RecordError) as err:  # first entry: still a draft
        cb.set_end(played(3), "Anna", ITEMS | {"cubes": -1}, seen=None)
    assert err.value.field == "end_draft.Anna.cubes"
    data = cb.set_end(cb.set_end(played(3), "Anna", ITEMS, seen=None), "Ben", ITEMS, seen=None)
    with pytest.raises(RecordError) as err:  # last entry: the end itself
        cb.set_end(data, "Cleo", ITEMS | {"money": -1}, seen=None)
    assert err.value.field == "end.Cleo.money"


def test_remove_order():
    data = cb.deliver(fresh(), 1, "Anna", Order(Transport.WHEELBARROW, (Y,)))
    data = cb.deliver(data, 1, "Anna", Order(Transport.TRAIN, (BL, BL)))
    data = cb.remove_order(data, 1, "Anna", 0)
    assert data["current_shift"]["Anna"] == [card(TN, BL, BL)]


def test_remove_order_in_scored_shift():
    data = cb.deliver(fresh(), 1, "Anna", Order(Transport.WHEELBARROW, (Y,)))
    data = cb.remove_order(cb.close_shift(data, 1, FACTORY), 1, "Anna", 0)
    assert data["shifts"][0]["Anna"] == []


@pytest.mark.parametrize("index", [1, 5, -1])
def test_remove_order_gone_refused(index):
    data = cb.deliver(fresh(), 1, "Anna", Order(Transport.WHEELBARROW, (Y,)))
    with pytest.raises(RecordError) as err:
        cb.remove_order(data, 1, "Anna", index)
    assert err.value.field == "order"


def test_remove_order_twice_refused():
    data = cb.deliver(fresh(), 1, "Anna", Order(Transport.WHEELBARROW, (Y,)))
    once = cb.remove_order(data, 1, "Anna", 0)
    with pytest.raises(RecordError) as err:
        cb.remove_order(once, 1, "Anna", 0)
    assert err.value.field == "order"


def test_new_record_is_valid_and_empty():
    result = cb.score(fresh())
    assert result.final is False
    assert all(s.total == 0 and s.rank == 1 for s in result.standings)


def test_forgotten_order_in_a_scored_shift_changes_its_majorities():
    """Correcting shift I: Ben's forgotten black order makes the black element a tie for 1st."""
    data = cb.close_shift(cb.deliver(fresh(), 1, "Anna", Order(Transport.TRAIN, (BL,))), 1, FACTORY)
    before = {e.element.name: e.placings for e in cb.shift_scoring(cb.read(data), 1)}
    assert before["black"]["Anna"].points == 5 and before["black"]["Ben"].points == 0
    data = cb.add_forgotten(data, 1, "Ben", Order(Transport.WHEELBARROW, (BL,)))
    after = {e.element.name: e.placings for e in cb.shift_scoring(cb.read(data), 1)}
    assert [after["black"][p].place for p in ("Anna", "Ben")] == [Place.TIED_FIRST, Place.TIED_FIRST]
    assert data["current_shift"]["Ben"] == []


@pytest.mark.parametrize("shift", [0, 3, 4])
def test_orders_of_a_shift_not_begun_are_refused(shift):
    """After shift I is scored, shifts I and II can be edited; 0, III and IV cannot."""
    data = cb.close_shift(fresh(), 1, FACTORY)
    for change in (lambda: cb.add_forgotten(data, shift, "Anna", Order(Transport.TRAIN, (BL,))),
                   lambda: cb.remove_order(data, shift, "Anna", 0)):
        with pytest.raises(RecordError) as err:
            change()
        assert err.value.field == "shift"


def test_minecarts_entered_so_far_preview_shift_three():
    """While shift III is played, the empty minecarts entered so far (Anna's) preview its scoring;
    players who have not entered theirs count 0."""
    data = cb.set_carts(played(2), "Anna", {Y: 2, BR: 0, G: 0, BL: 1}, None)
    elements = {(e.element.kind, e.element.name): e.placings for e in cb.shift_scoring(cb.read(data), 3)}
    assert elements[(cb.Kind.MINECART, Y)]["Anna"].points == 10
    assert elements[(cb.Kind.MINECART, BL)]["Anna"].points == 13
    assert elements[(cb.Kind.MINECART, Y)]["Ben"].count == 0


def test_minecarts_are_entered_only_in_shift_three():
    with pytest.raises(RecordError) as err:
        cb.set_carts(played(1), "Anna", {Y: 1}, None)
    assert err.value.field == "empty_carts"


def test_imported_record_start_player_slots():
    """An imported record with start players for later shifts: closing shift I puts the next start
    player in shift II's slot (not appended after the others)."""
    data = fresh() | {"start_players": ["Anna", "Ben", "Anna"]}
    data = cb.close_shift(data, 1, {"Anna": 0, "Ben": 0, "Cleo": 2})
    assert data["start_players"] == ["Anna", "Cleo"]


def test_records_md_example_can_be_played_on():
    """The records.md example has no `current_shift` (nor start players): it can be played on."""
    data = {"game": "coal_baron", "players": NAMES3, "shifts": [{n: [] for n in NAMES3}]}
    data = cb.deliver(data, 2, "Anna", Order(Transport.TRAIN, (BL,)))
    data = cb.set_start_player(data, 2, "Ben")
    assert data["start_players"] == [None, "Ben"]
    with pytest.raises(RecordError):
        cb.set_start_player(data, 2, "Cleo")  # another phone answered first
    data = cb.close_shift(data, 2, {"Anna": 1, "Ben": 0, "Cleo": 0})
    assert data["start_players"] == [None, "Ben", "Anna"]
    assert cb.read(data).factory_workers == (None, {"Anna": 1, "Ben": 0, "Cleo": 0})


def test_more_start_players_than_shifts_refused():
    with pytest.raises(RecordError) as err:
        cb.read(fresh() | {"start_players": ["Anna", "Ben", "Cleo", "Anna"]})
    assert err.value.field == "start_players"


def test_minecarts_can_be_corrected_after_shift_three():
    """Once shift III is scored, a player's empty minecarts can still be corrected (guarded like any
    entry): Cleo's corrected 3 yellow carts make her 1st on yellow minecarts."""
    data = played(3)
    zero = dict.fromkeys((Y, BR, G, BL), 0)
    data = cb.set_carts(data, "Cleo", {**zero, Y: 3}, zero)
    yellow = next(e for e in cb.shift_scoring(cb.read(data), 3) if e.element == cb.ELEMENTS[8])
    assert yellow.placings["Cleo"].points == 10
    with pytest.raises(RecordError):
        cb.set_carts(data, "Cleo", zero, zero)  # a phone that still shows the old counts


ZERO = dict.fromkeys((Y, BR, G, BL), 0)
IMPORTED = {"Anna": ZERO | {Y: 3}, "Ben": ZERO | {Y: 1}, "Cleo": ZERO}
# A record carrying empty_carts before shift III is scored (an import; records.md allows it): they are read
# as entered so far, so a phone shows them, corrects them guarded like any entry, and the close keeps them.
IMPORTED_CARTS = [
    # who corrects, what the phone showed, what they enter, shift III's yellow-minecart points after the close
    ("nobody", None, None, None, {"Anna": 10, "Ben": 5, "Cleo": 0}),
    ("Cleo takes the lead", "Cleo", ZERO, ZERO | {Y: 4}, {"Anna": 5, "Ben": 0, "Cleo": 10}),
    ("Anna drops to one", "Anna", ZERO | {Y: 3}, ZERO | {Y: 1}, {"Anna": 10, "Ben": 10, "Cleo": 0}),
]


@pytest.mark.parametrize(("who", "seen", "levels", "yellow"), [c[1:] for c in IMPORTED_CARTS],
                         ids=[c[0] for c in IMPORTED_CARTS])
def test_empty_carts_imported_before_shift_three_is_scored_count_as_entered(who, seen, levels, yellow):
    data = played(2) | {"empty_carts": IMPORTED}
    if who is not None:
        data = cb.set_carts(data, who, levels, seen)
    raced = next(e for e in cb.race(cb.read(data)) if e.element == cb.ELEMENTS[8])
    scored = next(e for e in cb.shift_scoring(cb.read(cb.close_shift(data, 3)), 3) if e.element == cb.ELEMENTS[8])
    assert {p: pl.points for p, pl in raced.placings.items()} == {p: pl.points for p, pl in scored.placings.items()} == yellow


@pytest.mark.parametrize(("factory", "leaders"), [
    ({"Anna": 2, "Ben": 1, "Cleo": 0}, ("Anna",)),
    ({"Anna": 2, "Ben": 2, "Cleo": 0}, ("Anna", "Ben")),
    ({"Anna": 1, "Ben": 1, "Cleo": 1}, ("Anna", "Ben", "Cleo")),
    ({"Anna": 0, "Ben": 0, "Cleo": 0}, ()),
], ids=["one", "tie of two", "tie of all", "nobody"])
def test_factory_leaders_name_a_tie(factory, leaders):
    assert cb.factory_leaders(["Anna", "Ben", "Cleo"], factory) == leaders


# --- the command line's refusals of a record that breaks a rule: one line naming the field -------------

VALID = {"game": "coal_baron", "players": ["Anna", "Ben"],
         "shifts": [{"Anna": [{"transport": "train", "coal": ["black", "black"]}], "Ben": []}]}
WHEELBARROW_3Y = {"transport": "wheelbarrow", "coal": ["yellow"] * 3}
CLI_REFUSALS = [
    pytest.param(VALID | {"shifts": [{"Anna": [WHEELBARROW_3Y], "Ben": []}]}, "shifts.0.Anna.0", id="non-existent card"),
    pytest.param(VALID | {"empty_carts": {"Anna": {"yellow": -1}, "Ben": {}}}, "empty_carts.Anna.yellow",
                 id="negative count"),
    pytest.param(VALID | {"shifts": [{"Anna": [], "Ben": []}] * 3, "empty_carts": {"Anna": {}, "Ben": {}},
                          "end": {"Anna": {"money": -5}, "Ben": {}}}, "end.Anna.money", id="negative money"),
    pytest.param(VALID | {"players": list("ABCDE")}, "players", id="5 players"),
]


@pytest.mark.parametrize(("content", "field"), CLI_REFUSALS)
def test_command_line_refuses_a_record_that_breaks_a_rule(tmp_path, content, field):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "scoring", "score", str(path)],
                          cwd=Path(__file__).resolve().parent.parent, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (2, "")
    assert len(done.stderr.splitlines()) == 1 and field in done.stderr and "Traceback" not in done.stderr


# --- its BG Stats link ----------------------------------------------------------------------------------

def pushed(url: str) -> dict:
    """The play a BG Stats push link carries."""
    return json.loads(unquote(url.removeprefix(bgstats.PUSH_URL)))


def test_the_link_carries_every_field_of_a_finished_coal_baron_game():
    record = {**example("coal_baron_2p"), "started": 1_700_000_000, "ended": 1_700_005_460, "start_players": ["Ben"]}
    data = pushed(bgstats.link(record, partial(i18n.translate, "de"), "de", utc_offset=60, location="Kneipe & Co"))
    assert data["game"] == {"name": "Glück Auf", "bggId": 143515, "highestWins": True, "noPoints": False,
                            "sourceGameId": "schichtbuch:coal_baron"}
    assert data["playDate"] == "2023-11-14 23:13:20"  # 22:13:20 UTC, one hour ahead
    assert data["durationMin"] == 91
    assert (data["location"], data["board"]) == ("Kneipe & Co", "")
    assert data["comments"].splitlines()[0] == (
        "Anna 122: Gelieferte Aufträge 34, Mehrheiten Schicht I 5, Mehrheiten Schicht II 20, Mehrheiten Schicht III "
        "65, Geld (1 SP je 5 Mark) 2, Kohlewürfel (1 SP je 3) 2, Unerfüllte Aufträge (je −1) -2, Schachtbalance (−2 je "
        "Plättchen) -4")
    assert data["players"] == [
        {"name": "Anna", "score": 122, "rank": 1, "winner": True, "startPlayer": False, "role": "", "sourcePlayerId": "Anna"},
        {"name": "Ben", "score": 104, "rank": 2, "winner": False, "startPlayer": True, "role": "", "sourcePlayerId": "Ben"},
    ]
    assert set(data) == {"sourceName", "sourcePlayId", "game", "playDate", "durationMin", "location", "comments",
                         "board", "players"}
    assert data["sourceName"] == "Schichtbuch"
