"""Coal Baron's box in the one gate for data (../shared/rules/coal_baron.md, component limits): each card
delivered once, the end items and empty minecarts within what the box holds, and every change refusing an
odd argument by naming it."""

from __future__ import annotations

from typing import Any

import pytest

from scoring import coal_baron as cb
from scoring.coal_baron import Order, Transport
from scoring.errors import RecordError
from scoring.registry import score

pytestmark = pytest.mark.pure


def refusal(run: Any) -> tuple[str, str]:
    with pytest.raises(RecordError) as error:
        run()
    return error.value.field, error.value.code



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
