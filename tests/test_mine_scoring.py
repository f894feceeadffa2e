"""MINE!'s rules as tables, from ../shared/rules/mine.md and the seed's German rules: looting and the
watchtower, the looting command, sale caps in both modes, the mine and its supply, the die's rotation,
the 21-point end, the tie-break chain, the dummy's placement with a seeded random source, and the round
sheet's changes (stale phones, bad input)."""

from __future__ import annotations

import json
import random
from functools import partial
from typing import Any

import pytest

from builders import example
from schichtbuch.texts import i18n
from scoring import bgstats, mine
from scoring.errors import RecordError
from scoring.mine import Attack, dummy_placement, resolve_looting

from apptest import run_command

pytestmark = pytest.mark.pure
THREE = ["Anna", "Ben", "Cleo"]


def attacks(*rows: tuple[str, str, int]) -> list[Attack]:
    return [Attack(*row) for row in rows]


# stocks, defence, attacks (looter, target, points) -> coal change per player, reasons in attack order
LOOTING = [
    ({"A": 3, "B": 2}, {"A": 1}, [("B", "A", 4)], {"A": -3, "B": 3}, ["took"]),          # records.md's example
    ({"A": 3, "B": 2}, {"A": 4}, [("B", "A", 4)], {"A": 0, "B": 0}, ["held"]),           # equal defence holds
    ({"A": 3, "B": 2}, {"A": 5}, [("B", "A", 4)], {"A": 0, "B": 0}, ["held"]),
    ({"A": 3, "B": 2}, {}, [("B", "A", 2)], {"A": -2, "B": 2}, ["took"]),               # no watchtower
    ({"A": 2, "B": 0}, {}, [("B", "A", 5)], {"A": -2, "B": 2}, ["stock"]),              # at most the stock
    ({"A": 0, "B": 1}, {}, [("B", "A", 3)], {"A": 0, "B": 0}, ["empty"]),               # nothing to take
    ({"A": 3, "B": 0, "C": 0}, {}, [("B", "A", 5), ("C", "A", 5)], {"A": -2, "B": 1, "C": 1}, ["shared", "shared"]),
    ({"A": 4, "B": 0, "C": 0}, {}, [("B", "A", 2), ("C", "A", 2)], {"A": -4, "B": 2, "C": 2}, ["took", "took"]),
    ({"A": 4, "B": 0, "C": 0}, {"A": 1}, [("B", "A", 4), ("C", "A", 3)], {"A": -4, "B": 3, "C": 1}, ["took", "stock"]),
    ({"A": 3, "B": 0, "C": 0}, {}, [("C", "A", 2), ("B", "A", 3)], {"A": -3, "B": 3, "C": 0}, ["empty", "took"]),
    ({"A": 5, "B": 0, "C": 0, "D": 0}, {}, [("B", "A", 4), ("C", "A", 2), ("D", "A", 2)],
     {"A": -4, "B": 4, "C": 0, "D": 0}, ["took", "shared", "shared"]),                  # strongest first, tied share 1 → 0
    ({"A": 2, "B": 2}, {}, [("A", "B", 3), ("B", "A", 3)], {"A": 0, "B": 0}, ["stock", "stock"]),   # mutual attacks
    ({"A": 0, "B": 1, "C": 3}, {}, [("A", "B", 5), ("B", "C", 5)], {"A": 1, "B": 2, "C": -3}, ["stock", "stock"]),
    ({"A": 3, "B": 3, "C": 0}, {"B": 1}, [("C", "A", 2), ("C", "B", 2)], {"A": -2, "B": -1, "C": 3}, ["took", "took"]),
]


@pytest.mark.parametrize(("stocks", "defense", "rows", "changes", "reasons"), LOOTING)
def test_resolve_looting(stocks, defense, rows, changes, reasons):
    looting = resolve_looting(stocks, defense, attacks(*rows))
    assert dict(looting.changes) == changes
    assert [t.reason for t in looting.takes] == reasons
    assert sum(looting.changes.values()) == 0
    assert all(stocks[p] + c >= 0 for p, c in looting.changes.items())


def test_loot_command_example_and_output_for_every_player():
    data = {"stocks": {"A": 3, "B": 2, "C": 1}, "defense": {"A": 1},
            "attacks": [{"attacker": "B", "target": "A", "points": 4}]}
    assert mine.loot_command(data) == {"A": -3, "B": 3, "C": 0}


@pytest.mark.parametrize(("data", "field", "code"), [
    ({"stocks": {"A": 1, "B": 1}, "attacks": [{"attacker": "A", "target": "A", "points": 2}]}, "attacks.0.target", "attack_self"),
    ({"stocks": {"A": 1}, "attacks": [{"attacker": "Z", "target": "A", "points": 2}]}, "attacks.0.attacker", "not_player"),
    ({"stocks": {"A": 1, "B": 1}, "attacks": [{"attacker": "A", "target": "B", "points": -1}]}, "attacks.0.points", "negative"),
    ({"stocks": {"A": 1, "B": 1}, "attacks": {}}, "attacks", "not_list"),
    ({"stocks": {"A": -1}}, "stocks.A", "negative"),
    ({"stocks": {"A": 21}}, "stocks.A", "too_big"),
    ({"stocks": {"A": 999, "B": 1}}, "stocks.A", "too_big"),
    ({"stocks": {"A": 12, "B": 8, "C": 1}}, "stocks.C", "more_coal_than_box"),
    ({"stocks": {"A": 1}, "defense": {"B": 1}}, "defense.B", "not_player"),
    ({"attacks": []}, "stocks", "not_object"),
])
def test_loot_command_refusals(data, field, code):
    with pytest.raises(RecordError) as error:
        mine.loot_command(data)
    assert (error.value.field, error.value.code) == (field, code)


def test_loot_command_takes_the_whole_box():
    data = {"stocks": {"A": 12, "B": 8, "C": 0}, "attacks": [{"attacker": "C", "target": "A", "points": 20}]}
    assert mine.loot_command(data) == {"A": -12, "B": 0, "C": 12}


def test_loot_command_line(tmp_path):
    done = run_command(tmp_path, "loot", {"stocks": {"A": 3, "B": 2}, "defense": {"A": 1},
                               "attacks": [{"attacker": "B", "target": "A", "points": 4}]})
    assert (done.returncode, json.loads(done.stdout), done.stderr) == (0, {"A": -3, "B": 3}, "")
    refused = run_command(tmp_path, "loot", {"stocks": {"A": 3}, "attacks": [{"attacker": "A", "target": "A", "points": 4}]})
    assert (refused.returncode, refused.stdout, refused.stderr.count("\n")) == (2, "", 1)
    assert "attacks.0.target" in refused.stderr


# --- records: caps, stock, the end -------------------------------------------------------------------------

def record(rounds: list[dict[str, Any]], variant: bool = False, **extra: Any) -> dict[str, Any]:
    return {"game": "mine", "players": THREE, "variant": variant, "rounds": rounds, **extra}


def sold(a: int, b: int, c: int, **extra: Any) -> dict[str, Any]:
    return {"sold": {"Anna": a, "Ben": b, "Cleo": c}, **extra}


@pytest.mark.parametrize(("rounds", "variant", "field", "code"), [
    ([sold(2, 0, 0)], False, "rounds.0.sold.Anna", "over_cap"),
    ([sold(1, 0, 0), sold(0, 3, 0)], False, "rounds.1.sold.Ben", "over_cap"),
    ([sold(3, 0, 0, cap=2)], True, "rounds.0.sold.Anna", "over_cap"),
    ([sold(1, 0, 0)], True, "rounds.0.cap", "missing"),
    ([sold(0, 0, 0, cap=21)], True, "rounds.0.cap", "too_big"),
    ([sold(0, 0, -1)], False, "rounds.0.sold.Cleo", "negative"),
    ([sold(1, 1, 1, start={"Anna": 0, "Ben": 2, "Cleo": 2})], False, "rounds.0.sold.Anna", "over_stock"),
    ([sold(0, 0, 0)] * 7, False, "rounds", "too_many_rounds"),
])
def test_refused_rounds(rounds, variant, field, code):
    with pytest.raises(RecordError) as error:
        mine.read(record(rounds, variant))
    assert (error.value.field, error.value.code) == (field, code)


@pytest.mark.parametrize(("caps", "sales", "ok"), [
    ([6], [6], True), ([6], [7], False), ([1, 9], [1, 9], True), ([0], [0], True), ([0], [1], False),
])
def test_variant_caps_come_from_the_die_card(caps, sales, ok):
    rounds = [sold(s, 0, 0, cap=c) for c, s in zip(caps, sales)]
    if ok:
        assert mine.read(record(rounds, variant=True)).scores["Anna"] == sum(sales)
    else:
        with pytest.raises(RecordError, match="over_cap|at most"):
            mine.read(record(rounds, variant=True))


def test_sale_over_stock_is_not_checked_for_contract_rounds_without_a_sheet():
    rounds = [sold(1, 1, 1), sold(2, 2, 2), sold(3, 3, 3)]
    assert mine.read(record(rounds)).scores == {"Anna": 6, "Ben": 6, "Cleo": 6}


@pytest.mark.parametrize(("sales", "over"), [
    ([7, 7, 6], False), ([7, 7, 7], True), ([7, 7, 6, 5], True), ([1, 1, 1, 1, 1], False), ([0] * 6, True),
])
def test_reaching_21_or_round_6_ends_the_game(sales, over):
    rounds = [sold(s, 0, 0, cap=7) for s in sales]
    assert mine.read(record(rounds, variant=True)).is_over is over


def test_a_round_after_21_is_refused():
    rounds = [sold(7, 0, 0, cap=7), sold(7, 0, 0, cap=7), sold(7, 0, 0, cap=7), sold(0, 1, 0, cap=7)]
    with pytest.raises(RecordError) as error:
        mine.read(record(rounds, variant=True))
    assert (error.value.field, error.value.code) == ("rounds.3", "game_over")


def test_end_before_the_game_is_over_is_refused():
    with pytest.raises(RecordError) as error:
        mine.read(record([sold(1, 0, 0)], end={p: {"coal": 0, "cards": 0} for p in THREE}))
    assert (error.value.field, error.value.code) == ("end", "game_not_over")


@pytest.mark.parametrize(("names", "code"), [(["A"], "player_count"), ([f"P{i}" for i in range(7)], "player_count"),
                                              (["A", "A"], "names_twice")])
def test_seat_counts(names, code):
    with pytest.raises(RecordError) as error:
        mine.new_record(names, {}, names[0])
    assert error.value.code == code


@pytest.mark.parametrize("count", [2, 6])
def test_two_to_six_seats(count):
    names = [f"P{i}" for i in range(count)]
    assert mine.read(mine.new_record(names, {}, names[-1], dummy=names[0])).dummy == names[0]


# --- the tie-break chain ---------------------------------------------------------------------------------

SIX_ROUNDS = [sold(1, 1, 1)] * 6


def final(end: dict[str, tuple[int, int]], rolls: dict[str, int] | None = None, rounds=SIX_ROUNDS) -> Any:
    extra = {"die_roll": rolls} if rolls else {}
    return mine.score(record(list(rounds), end={p: {"coal": c, "cards": k} for p, (c, k) in end.items()}, **extra))


# end counts (coal, cards), die rolls -> rank and deciding rule per player (Anna, Ben, Cleo)
CHAIN = [
    ({"Anna": (3, 0), "Ben": (2, 8), "Cleo": (1, 8)}, None, [(1, "coal"), (2, "coal"), (3, "coal")]),
    ({"Anna": (2, 5), "Ben": (2, 4), "Cleo": (1, 8)}, None, [(1, "cards"), (2, "cards"), (3, "coal")]),
    ({"Anna": (2, 5), "Ben": (2, 5), "Cleo": (2, 5)}, None, [(1, None), (1, None), (1, None)]),
    ({"Anna": (2, 5), "Ben": (2, 5), "Cleo": (2, 5)}, {"Anna": 2, "Ben": 6, "Cleo": 4}, [(3, "die"), (1, "die"), (2, "die")]),
    ({"Anna": (2, 5), "Ben": (2, 5), "Cleo": (0, 0)}, {"Anna": 3, "Ben": 3}, [(1, "coal"), (1, "coal"), (3, "coal")]),
    ({"Anna": (0, 0), "Ben": (0, 0), "Cleo": (0, 0)}, None, [(1, None), (1, None), (1, None)]),
]


@pytest.mark.parametrize(("end", "rolls", "expected"), CHAIN)
def test_tie_break_chain(end, rolls, expected):
    result = {s.player: s for s in final(end, rolls).standings}
    assert [(result[p].rank, result[p].decided_by and result[p].decided_by.rsplit(".", 1)[1]) for p in THREE] == expected


def test_points_come_before_the_chain_and_the_deciding_value_is_shown():
    rounds = [sold(1, 1, 0)] * 6
    result = {s.player: s for s in final({"Anna": (0, 0), "Ben": (4, 0), "Cleo": (9, 8)}, rounds=rounds).standings}
    assert [(result[p].total, result[p].rank) for p in THREE] == [(6, 2), (6, 1), (0, 3)]
    assert (result["Ben"].decided_by, result["Ben"].tiebreak) == ("mine.tiebreak.coal", 4)


def test_still_tied_groups_and_the_die_roll():
    doc = record(list(SIX_ROUNDS), end={p: {"coal": 1, "cards": 1} for p in THREE})
    assert mine.still_tied(doc) == (tuple(THREE),)
    rolled = mine.roll_die(doc, {"Anna": 6, "Ben": 6, "Cleo": 1}, {})
    assert mine.still_tied(rolled) == (("Anna", "Ben"),)
    assert mine.still_tied(mine.roll_die(rolled, {"Anna": 2, "Ben": 5}, rolled["die_roll"])) == ()
    with pytest.raises(RecordError) as error:
        mine.roll_die(doc, {"Anna": 7}, {})
    assert (error.value.field, error.value.code) == ("die_roll.Anna", "too_big")


def test_a_die_rolled_on_another_phone_meanwhile_stands():
    doc = record(list(SIX_ROUNDS), end={p: {"coal": 1, "cards": 1} for p in THREE})
    first = mine.roll_die(doc, {"Anna": 6, "Ben": 3, "Cleo": 1}, {})
    with pytest.raises(RecordError) as error:
        mine.roll_die(first, {"Anna": 1, "Ben": 2, "Cleo": 4}, {})
    assert (error.value.field, error.value.code) == ("die_roll", "rolled_elsewhere")


# --- die, turn order, the mine ------------------------------------------------------------------------------

@pytest.mark.parametrize(("start", "round_number", "holder"), [
    ("Anna", 1, "Anna"), ("Anna", 2, "Ben"), ("Anna", 4, "Anna"), ("Cleo", 1, "Cleo"), ("Cleo", 2, "Anna"), ("Ben", 6, "Anna"),
])
def test_die_passes_to_the_left(start, round_number, holder):
    assert mine.die_holder(THREE, start, round_number) == holder


@pytest.mark.parametrize(("wanted", "supply", "first", "got"), [
    ((2, 2, 2), 6, "Anna", (2, 2, 2)),
    ((2, 2, 2), 3, "Anna", (2, 1, 0)),
    ((2, 2, 2), 3, "Cleo", (1, 0, 2)),
    ((0, 5, 1), 4, "Ben", (0, 4, 0)),
    ((3, 3, 3), 0, "Anna", (0, 0, 0)),
])
def test_mine_takes_from_the_supply_in_turn_until_empty(wanted, supply, first, got):
    taken = mine.take_from_supply(dict(zip(THREE, wanted)), supply, mine.turn_order(THREE, first))
    assert tuple(taken[p] for p in THREE) == got


def test_variant_mining_is_capped_except_for_the_dummy():
    doc = mine.new_record(THREE, {}, "Anna", variant=True, dummy="Cleo")
    doc = mine.enter_round(doc, 1, "cap", 2, None)
    doc = mine.enter_round(doc, 1, "mined", {"Anna": 5, "Ben": 1, "Cleo": 5}, None)
    sheet = mine.read(doc).current
    assert (dict(sheet.got), sheet.supply) == ({"Anna": 2, "Ben": 1, "Cleo": 5}, None)
    assert dict(sheet.coal) == {"Anna": 5, "Ben": 4, "Cleo": 8}


# --- the dummy player ----------------------------------------------------------------------------------------

# round, coal per seat (the dummy is D) -> watchtower, number of looting cards, recruitment, mine
PLACEMENT = [
    (1, {"A": 2, "B": 2, "D": 2}, (1, 1, 1, 1)),
    (3, {"A": 0, "B": 0, "D": 2}, (1, 0, 1, 2)),    # nobody to loot
    (3, {"A": 2, "B": 0, "D": 0}, (0, 0, 1, 3)),    # only one seat has coal: not several
    (3, {"A": 2, "B": 0, "D": 1}, (1, 1, 1, 1)),    # the dummy and one opponent have coal
    (5, {"A": 1, "B": 1, "D": 0}, (0, 1, 1, 2)),
    (6, {"A": 1, "B": 1, "D": 3}, (2, 2, 0, 0)),
    (6, {"A": 1, "B": 0, "D": 0}, (0, 4, 0, 0)),
    (6, {"A": 0, "B": 0, "D": 3}, (2, 0, 0, 2)),
]


@pytest.mark.parametrize(("number", "coal", "expected"), PLACEMENT)
def test_dummy_placement(number, coal, expected):
    cards = dummy_placement(number, coal, "D", random.Random(7))
    assert (cards.watchtower, len(cards.looting), cards.recruitment, cards.mine) == expected
    assert cards.watchtower + len(cards.looting) + cards.recruitment + cards.mine == mine.CARDS_PER_ROUND
    assert all(coal[t] > 0 and t != "D" for t in cards.looting)


@pytest.mark.parametrize("number", [2, 6])
def test_dummy_targets_are_drawn_among_opponents_with_coal(number):
    coal = {"A": 1, "B": 0, "C": 4, "E": 2, "D": 1}
    drawn = [dummy_placement(number, coal, "D", random.Random(seed)).looting for seed in range(60)]
    assert {t for targets in drawn for t in targets} == {"A", "C", "E"}
    assert drawn == [dummy_placement(number, coal, "D", random.Random(seed)).looting for seed in range(60)]


def test_dummy_last_round_spreads_its_looting_over_the_opponents_with_coal():
    cards = dummy_placement(6, {"A": 1, "B": 1, "C": 0, "D": 0}, "D", random.Random(3))
    assert sorted(cards.looting) == ["A", "A", "B", "B"]


# --- the round sheet's changes ---------------------------------------------------------------------------

def started(**options: Any) -> dict[str, Any]:
    return mine.new_record(THREE, {}, "Anna", **options)


def test_a_round_carries_its_coal_and_supply_to_the_next():
    doc = started()
    doc = mine.enter_round(doc, 1, "events", {"Cleo": -1}, None)
    doc = mine.enter_round(doc, 1, "attacks", [{"attacker": "Ben", "target": "Anna", "points": 2}], None)
    doc = mine.enter_round(doc, 1, "sold", {"Anna": 0, "Ben": 1, "Cleo": 1}, None)
    doc = mine.enter_round(doc, 1, "mined", {"Anna": 5, "Ben": 5, "Cleo": 5}, None)
    doc = mine.close_round(doc, 1)
    nxt = mine.read(doc).current
    # start 2 each, supply 14; Cleo −1 in events; Ben loots 2 from Anna; Ben and Cleo sell 1: they keep
    # 0, 3, 0 and the supply holds the other 17 cubes; the mine gives 5 each in turn from Anna, 2 are left
    assert (dict(nxt.start), nxt.supply, nxt.die_holder, nxt.cap) == ({"Anna": 5, "Ben": 8, "Cleo": 5}, 2, "Ben", 2)
    assert mine.score(doc).standings[0].player == "Ben"


@pytest.mark.parametrize(("field", "value", "where", "code"), [
    ("sold", {"Anna": 2, "Ben": 0, "Cleo": 0}, "current.sold.Anna", "over_cap"),
    ("sold", {"Anna": -1, "Ben": 0, "Cleo": 0}, "current.sold.Anna", "negative"),
    ("events", {"Cleo": 15}, "current.events.Cleo", "more_coal_than_box"),
    ("supply", 15, "current.supply", "supply_over_box"),
    ("start", {"Anna": 20, "Ben": 0, "Cleo": 1}, "current.start.Cleo", "more_coal_than_box"),
    ("attacks", [{"attacker": "Ben", "target": "Ben", "points": 1}], "current.attacks.0.target", "attack_self"),
    ("defense", {"Zoe": 1}, "current.defense.Zoe", "not_player"),
    ("supply", 21, "current.supply", "too_big"),
])
def test_refused_sheet_entries_name_the_field(field, value, where, code):
    with pytest.raises(RecordError) as error:
        mine.enter_round(started(), 1, field, value, None)
    assert (error.value.field, error.value.code) == (where, code)


@pytest.mark.parametrize(("start", "supply"), [
    ({"Anna": 20, "Ben": 0, "Cleo": 0}, 0), ({"Anna": 2, "Ben": 2, "Cleo": 2}, 14), ({"Anna": 0, "Ben": 0, "Cleo": 0}, 20),
])
def test_the_supply_and_the_players_coal_may_fill_the_box(start, supply):
    doc = mine.enter_round(mine.enter_round(started(), 1, "start", start, None), 1, "supply", supply, None)
    assert mine.read(doc).current.supply == supply


@pytest.mark.parametrize(("events", "took"), [
    ({"Anna": -3}, {"Anna": -2, "Ben": 0, "Cleo": 0}),
    ({"Anna": -2, "Ben": -20, "Cleo": 1}, {"Anna": -2, "Ben": -2, "Cleo": 1}),
    ({"Anna": 0}, {"Anna": 0, "Ben": 0, "Cleo": 0}),
])
def test_an_event_takes_at_most_the_coal_a_player_has(events, took):
    doc = mine.enter_round(started(), 1, "events", events, None)
    sheet = mine.read(doc).current
    assert dict(sheet.event_coal) == took and sheet.events["Anna"] == events["Anna"]
    assert sheet.at_sale == {p: 2 + took[p] for p in THREE}


def test_the_coal_an_event_could_not_take_is_not_sold():
    doc = mine.enter_round(started(), 1, "events", {"Anna": -5}, None)
    with pytest.raises(RecordError) as error:
        mine.enter_round(doc, 1, "sold", {"Anna": 1, "Ben": 0, "Cleo": 0}, None)
    assert (error.value.field, error.value.code) == ("current.sold.Anna", "over_stock")


def test_an_attack_is_added_after_those_shown_and_the_others_added_meanwhile():
    ben = {"attacker": "Ben", "target": "Anna", "points": 2}
    cleo = {"attacker": "Cleo", "target": "Anna", "points": 1}
    doc = mine.add_attack(started(), 1, ben, [])
    doc = mine.add_attack(doc, 1, cleo, [])  # a quick second tap, or another phone, from the same view
    assert doc["current"]["attacks"] == [ben, cleo]
    with pytest.raises(RecordError) as error:
        mine.add_attack(doc, 1, ben, [cleo])  # what this phone showed is gone
    assert (error.value.field, error.value.code) == ("current.attacks", "changed_elsewhere")


BEN = {"attacker": "Ben", "target": "Anna", "points": 2}
CLEO = {"attacker": "Cleo", "target": "Anna", "points": 1}


# attacks stored, attacks the phone showed, the attack tapped -> the attacks stored after, or the refusal
ADDED = [
    ([BEN], [], BEN, "attack_entered"),                    # two phones (or a double tap) from the same view
    ([CLEO, BEN], [], BEN, "attack_entered"),               # after another attack added meanwhile too
    ([BEN], [], CLEO, [BEN, CLEO]),                        # a different attack goes after it
    ([BEN], [BEN], BEN, [BEN, BEN]),                       # a second identical stack, tapped once the first shows
    ([BEN, CLEO], [BEN], BEN, [BEN, CLEO, BEN]),            # ... with another phone's attack added meanwhile
    ([BEN, CLEO], [BEN, CLEO], CLEO, [BEN, CLEO, CLEO]),
    ([CLEO], [BEN], CLEO, "changed_elsewhere"),             # what this phone showed is gone
]


@pytest.mark.parametrize(("stored", "seen", "attack", "expected"), ADDED)
def test_the_same_attack_from_the_same_view_is_stored_once(stored, seen, attack, expected):
    doc = mine.enter_round(started(), 1, "attacks", stored, None)
    if isinstance(expected, str):
        with pytest.raises(RecordError) as error:
            mine.add_attack(doc, 1, attack, seen)
        assert (error.value.field, error.value.code) == ("current.attacks", expected)
    else:
        assert mine.add_attack(doc, 1, attack, seen)["current"]["attacks"] == expected


def test_an_attack_is_taken_back_wherever_it_now_is_and_only_once():
    ben = {"attacker": "Ben", "target": "Anna", "points": 2}
    cleo = {"attacker": "Cleo", "target": "Anna", "points": 1}
    doc = mine.add_attack(mine.add_attack(started(), 1, ben, []), 1, cleo, [ben])
    assert mine.remove_attack(doc, 1, cleo)["current"]["attacks"] == [ben]
    both_gone = mine.remove_attack(mine.remove_attack(doc, 1, ben), 1, cleo)  # quick taps from one view
    assert both_gone["current"]["attacks"] == []
    with pytest.raises(RecordError) as error:
        mine.remove_attack(both_gone, 1, ben)
    assert error.value.code == "already_removed"
    assert mine.add_attack(both_gone, 1, cleo, [])["current"]["attacks"] == [cleo]  # a round emptied takes attacks again


def test_the_same_numbers_saved_twice_are_no_conflict():
    sold = {"Anna": 1, "Ben": 0, "Cleo": 1}
    doc = mine.enter_round(started(), 1, "sold", sold, None)
    assert mine.enter_round(doc, 1, "sold", sold, None) == doc


def test_stale_phone_and_closing_twice_are_refused():
    doc = mine.enter_round(started(), 1, "defense", {"Anna": 1}, None)
    with pytest.raises(RecordError) as error:
        mine.enter_round(doc, 1, "defense", {"Anna": 2}, None)
    assert error.value.code == "changed_elsewhere"
    closed = mine.close_round(doc, 1)
    with pytest.raises(RecordError) as error:
        mine.close_round(closed, 1)
    assert error.value.code == "round_entered"


def test_a_closed_round_can_be_corrected():
    doc = mine.close_round(mine.enter_round(started(), 1, "sold", {"Anna": 1, "Ben": 0, "Cleo": 0}, None), 1)
    seen = doc["rounds"][0]["sold"]
    doc = mine.enter_round(doc, 1, "sold", {"Anna": 0, "Ben": 1, "Cleo": 0}, seen)
    assert mine.read(doc).scores == {"Anna": 0, "Ben": 1, "Cleo": 0}


def test_end_counts_only_once_over_and_the_end_built_when_all_entered():
    doc = started()
    with pytest.raises(RecordError) as error:
        mine.set_items(doc, "Anna", {"coal": 1, "cards": 2}, None)
    assert error.value.code == "game_not_over"
    for n in range(1, mine.ROUNDS + 1):
        doc = mine.close_round(doc, n)
    for who in THREE[:2]:
        doc = mine.set_items(doc, who, {"coal": 1, "cards": 2}, None)
    assert "end" not in doc and not mine.score(doc).final
    doc = mine.set_items(doc, "Cleo", {"coal": 0, "cards": 2}, None)
    assert mine.score(doc).final and [s.player for s in mine.score(doc).standings][-1] == "Cleo"
    with pytest.raises(RecordError) as error:
        mine.enter_round(doc, 7, "sold", {"Anna": 0, "Ben": 0, "Cleo": 0}, None)
    assert error.value.code == "game_over"


@pytest.mark.parametrize(("end", "field"), [
    ({"Anna": (20, 0), "Ben": (0, 0), "Cleo": (0, 0)}, None),
    ({"Anna": (7, 8), "Ben": (7, 8), "Cleo": (6, 8)}, None),
    ({"Anna": (20, 0), "Ben": (20, 0), "Cleo": (20, 0)}, "end.Ben.coal"),
    ({"Anna": (10, 0), "Ben": (5, 0), "Cleo": (6, 0)}, "end.Cleo.coal"),
    ({"Anna": (21, 0), "Ben": (0, 0), "Cleo": (0, 0)}, "end.Anna.coal"),
])
def test_end_coal_of_all_players_fits_the_box(end, field):
    if field is None:
        assert final(end).final
        return
    with pytest.raises(RecordError) as error:
        final(end)
    assert error.value.field == field


def test_end_items_entered_so_far_fit_the_box():
    doc = record(list(SIX_ROUNDS), end_items={"Anna": {"coal": 15, "cards": 1}})
    doc = mine.set_items(doc, "Ben", {"coal": 5, "cards": 1}, None)
    with pytest.raises(RecordError) as error:
        mine.set_items(doc, "Cleo", {"coal": 1, "cards": 1}, None)
    assert (error.value.field, error.value.code) == ("end.Cleo.coal", "more_coal_than_box")


# --- its BG Stats link ----------------------------------------------------------------------------------

@pytest.mark.parametrize("dummy_place", [0, 1, 3])
def test_the_dummy_seat_is_not_sent_as_a_player_and_the_comments_say_it_played(dummy_place):
    record = example("mine_4p_variant_dummy_21")
    ranked = [s.player for s in bgstats.score(record).standings]
    record["dummy"] = ranked[dummy_place]
    data = bgstats.play(record, partial(i18n.translate, "en"))
    assert [p["name"] for p in data["players"]] == [p for p in ranked if p != record["dummy"]]
    assert [(p["rank"], p["winner"]) for p in data["players"]][0] == (1, True)
    assert sum(p["winner"] for p in data["players"]) == 1
    assert data["comments"].splitlines()[0].startswith(f"{record['dummy']} was played by the dummy player: ")


def test_bg_stats_gets_the_set_up_options():
    """The variant and the dummy seat go into BG Stats' board, in the player's language."""
    record = example("mine_4p_variant_dummy_21")
    english, german = partial(i18n.translate, "en"), partial(i18n.translate, "de")
    assert bgstats.play(record, english)["board"] == f"Variant with die cards, Dummy player: {record['dummy']}"
    assert bgstats.play(record, german, "de")["board"] == f"Variante mit Würfelkarten, Fiktiver Spieler: {record['dummy']}"
