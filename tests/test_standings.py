"""The standings every game's scorer returns: points per category summed from the lines that explain
them; a line of a category the game does not name is an error, never points silently left out."""

from __future__ import annotations

import pytest

from scoring.standings import Line, standings

pytestmark = pytest.mark.pure
PLAYERS = ("Anna", "Ben")


@pytest.mark.parametrize(("lines", "totals"), [
    ({"Anna": [Line("orders", "x", 5), Line("shifts", "y", 3)], "Ben": [Line("orders", "x", 9)]}, {"Anna": 8, "Ben": 9}),
    ({"Anna": [], "Ben": []}, {"Anna": 0, "Ben": 0}),
    ({"Anna": [Line("shifts", "y", -2)], "Ben": [Line("shifts", "y", 0)]}, {"Anna": -2, "Ben": 0}),
])
def test_each_total_is_the_sum_of_its_lines(lines: dict, totals: dict) -> None:
    result = standings(PLAYERS, lines, ("orders", "shifts"))
    assert {s.player: sum(s.breakdown.values()) for s in result} == totals


@pytest.mark.parametrize("category", ["order", "Shifts", ""])
def test_a_line_of_a_category_the_game_does_not_name_is_an_error(category: str) -> None:
    lines = {"Anna": [Line("orders", "x", 5)], "Ben": [Line(category, "x", 9)]}
    with pytest.raises(ValueError, match="not among"):
        standings(PLAYERS, lines, ("orders", "shifts"))
