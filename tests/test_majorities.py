"""The generic majority function: 1st/2nd payouts with the tie rules of ../shared/rules/coal_baron.md
(Shift scoring): 0 scores nothing; tied 1st all get 1st and nobody 2nd; tied 2nd all get 2nd;
2 players: no 2nd place."""

import pytest

from scoring.majorities import Place, majorities

pytestmark = pytest.mark.pure
P = Place
FIRST, SECOND = 5, 2

# counts per player, has_second, expected (place, points) per player in the same order
CASES = [
    ("single 1st and 2nd", [4, 2, 1], True, [(P.FIRST, 5), (P.SECOND, 2), (P.BEHIND, 0)]),
    ("order of players irrelevant", [1, 4, 2], True, [(P.BEHIND, 0), (P.FIRST, 5), (P.SECOND, 2)]),
    ("tie for 1st, nobody 2nd", [3, 3, 1], True, [(P.TIED_FIRST, 5), (P.TIED_FIRST, 5), (P.NO_SECOND_AFTER_TIE, 0)]),
    ("three-way tie for 1st", [2, 2, 2], True, [(P.TIED_FIRST, 5)] * 3),
    ("tie for 2nd, all get 2nd", [5, 1, 1], True, [(P.FIRST, 5), (P.TIED_SECOND, 2), (P.TIED_SECOND, 2)]),
    ("zero never scores, even alone as 2nd", [3, 0, 0], True, [(P.FIRST, 5), (P.ZERO, 0), (P.ZERO, 0)]),
    ("everybody zero", [0, 0, 0], True, [(P.ZERO, 0)] * 3),
    ("everybody zero, 4 players", [0, 0, 0, 0], True, [(P.ZERO, 0)] * 4),
    ("2 players: no 2nd", [4, 1], False, [(P.FIRST, 5), (P.NO_SECOND_TWO_PLAYERS, 0)]),
    ("2 players: tie for 1st", [2, 2], False, [(P.TIED_FIRST, 5), (P.TIED_FIRST, 5)]),
    ("2 players: other zero", [2, 0], False, [(P.FIRST, 5), (P.ZERO, 0)]),
    ("2 players: both zero", [0, 0], False, [(P.ZERO, 0), (P.ZERO, 0)]),
    ("4 players, three-way tie for 2nd", [6, 2, 2, 2], True, [(P.FIRST, 5)] + [(P.TIED_SECOND, 2)] * 3),
    ("4 players, 2nd tie then behind", [6, 3, 3, 1], True, [(P.FIRST, 5), (P.TIED_SECOND, 2), (P.TIED_SECOND, 2), (P.BEHIND, 0)]),
    ("4 players, tie 1st, rest get nothing", [4, 4, 2, 1], True, [(P.TIED_FIRST, 5), (P.TIED_FIRST, 5), (P.NO_SECOND_AFTER_TIE, 0), (P.BEHIND, 0)]),
    ("4 players, 1st, 2nd, behind, zero", [9, 5, 1, 0], True, [(P.FIRST, 5), (P.SECOND, 2), (P.BEHIND, 0), (P.ZERO, 0)]),
    ("4 players, only one non-zero", [0, 0, 1, 0], True, [(P.ZERO, 0), (P.ZERO, 0), (P.FIRST, 5), (P.ZERO, 0)]),
    ("4 players, all tied for 1st", [1, 1, 1, 1], True, [(P.TIED_FIRST, 5)] * 4),
]


@pytest.mark.parametrize(("counts", "has_second", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_majorities(counts, has_second, expected):
    names = [f"p{i}" for i in range(len(counts))]
    result = majorities(dict(zip(names, counts)), FIRST, SECOND, has_second=has_second)
    assert [(result[n].place, result[n].points) for n in names] == expected
    assert [result[n].count for n in names] == counts


def test_values_are_passed_through():
    result = majorities({"a": 3, "b": 1, "c": 0}, 13, 6)
    assert (result["a"].points, result["b"].points, result["c"].points) == (13, 6, 0)
