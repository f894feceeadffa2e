"""MINE!'s box in the one gate for data: the players' coal never more than the box holds, six seats selling
round after round, the supply a reading that never refuses, the end counts bounded, and every change
refusing an odd argument by naming it."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import mine
from scoring.errors import RecordError

pytestmark = pytest.mark.pure


def refusal(run: Any) -> tuple[str, str]:
    with pytest.raises(RecordError) as error:
        run()
    return error.value.field, error.value.code


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
