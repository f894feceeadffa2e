"""Coal Baron setup by player count and the opening draft (../shared/rules/coal_baron.md, Setup)."""

import pytest

from schichtbuch.texts import i18n
from setup.coal_baron import PLAYER_COUNTS, checklist, draft_cards, draft_order

pytestmark = pytest.mark.pure


# players, workers, money, factory spaces, mining spaces, money spaces, order spaces, draft cards
SETUP = [
    (2, 18, 10, 6, (10, 6), (6, 4), 3, 7),
    (3, 15, 9, 7, (10, 8, 6), (6, 5, 4), 4, 10),
    (4, 13, 8, 8, (10, 8, 6, 4), (6, 5, 4, 3), 4, 13),
]


@pytest.mark.parametrize(("n", "workers", "money", "factory", "mining", "marks", "orders", "draft"), SETUP)
def test_player_count_table(n, workers, money, factory, mining, marks, orders, draft):
    c = PLAYER_COUNTS[n]
    assert (c.workers, c.money, c.factory_spaces, c.mining_spaces, c.money_spaces, c.order_spaces) == (
        workers, money, factory, mining, marks, orders)
    assert draft_cards(n) == draft


def test_only_two_to_four_players():
    assert sorted(PLAYER_COUNTS) == [2, 3, 4]


def test_lock_tiles_differ_per_count():
    assert len({c.lock_tiles for c in PLAYER_COUNTS.values()}) == 3


@pytest.mark.parametrize(("n", "workers", "money", "factory", "mining", "marks", "orders", "draft"), SETUP)
def test_checklist_numbers(n, workers, money, factory, mining, marks, orders, draft):
    names = ["Anna", "Ben", "Cleo", "Dirk"][:n]
    steps = {s.id: s for s in checklist(names, "Anna")}
    assert steps["workers"].params == {"workers": workers, "money": money}
    assert steps["factory"].params == {"spaces": factory}
    assert steps["mining"].params == {"steps": ", ".join(map(str, mining))}
    assert steps["money_spaces"].params == {"marks": ", ".join(map(str, marks))}
    assert steps["order_spaces"].params == {"spaces": orders, "others": orders - 1}
    assert steps["draft"].params["cards"] == draft
    assert steps["draft"].params["hand"] == 3
    assert steps["locks"].key == PLAYER_COUNTS[n].lock_tiles


def test_checklist_order():
    assert [s.id for s in checklist(["A", "B"], "A")] == [
        "board", "locks", "factory", "mining", "money_spaces", "always_open", "clock", "pits", "cubes",
        "workers", "draft", "order_spaces"]


# seating clockwise, start player -> one draft round (the right-hand / counter-clockwise neighbour first)
DRAFT = [
    ("AB", "A", "BA"),
    ("AB", "B", "AB"),
    ("ABC", "A", "CBA"),
    ("ABC", "B", "ACB"),
    ("ABC", "C", "BAC"),
    ("ABCD", "A", "DCBA"),
    ("ABCD", "C", "BADC"),
    ("ABCD", "D", "CBAD"),
]


@pytest.mark.parametrize(("seating", "start", "round_"), DRAFT)
def test_draft_order(seating, start, round_):
    order = draft_order(list(seating), start)
    assert order == tuple(round_) * 3
    assert len(order) == 3 * len(seating)  # everyone ends with 3 cards, one left over of 3n + 1
    assert draft_cards(len(seating)) - len(order) == 1


@pytest.mark.parametrize(("seating", "start", "round_"), DRAFT)
def test_checklist_shows_draft_round(seating, start, round_):
    steps = {s.id: s for s in checklist(list(seating), start)}
    assert steps["draft"].params["order"] == " → ".join(round_)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_order_spaces_text_names_the_others_left_after_the_leftover_card(lang):
    """The draft's leftover card takes one face-up order space; the deck fills the others, one fewer
    (3 spaces at 2 players: 2 from the deck)."""
    step = {s.id: s for s in checklist(["Anna", "Ben"], "Anna")}["order_spaces"]
    text = i18n.translate(lang, step.key, **step.params)
    assert "3" in text and "2" in text
    if lang == "en":
        assert text == "Put the card left over on one of the 3 face-up order spaces and fill the other 2 from the deck."
