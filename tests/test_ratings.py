"""Ratings (schichtbuch/ratings.py) replayed from hand-built histories equal OpenSkill's own Plackett–Luce
`rate` called by hand game by game in play order: a shared place passed as a tie (equal ranks), the dummy
seat left out of the call, each game rated on its own, unfinished games and games with one person left
not rated."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from builders import DUMMY
from schichtbuch.groups.profiles import plays
from schichtbuch.groups.ratings import Rating, ratings
from schichtbuch.store import Played
from scoring.registry import GAMES

pytestmark = pytest.mark.pure
OTHER = next(g for g in GAMES if g != DUMMY)
"""A game beside the one a dummy seat plays in."""
UNPLAYED = next(g for g in GAMES if g not in (DUMMY, OTHER))
"""A game nobody has played in the history."""


def row(game: str, places: list[tuple[str, int]], played: float, dummy: str | None = None, final: bool = True) -> Played:
    """A history row as the store keeps it: `places` are (player, rank) in seating order."""
    standings = [{"player": p, "total": 10 - rank, "rank": rank, "breakdown": {}} for p, rank in places]
    s = {"game": game, "final": final, "standings": standings, "players": [p for p, _ in places], "minutes": None}
    return Played(f"g{played:.0f}", played, s | ({"dummy": dummy} if dummy else {}))


HISTORY = [  # newest first, as the store lists it
    row(DUMMY, [("Anna", 2), ("Ben", 3), ("Cleo", 4), ("Robo", 1)], 7, dummy="Robo"),
    row(DUMMY, [("Anna", 1), ("Robo", 2)], 6, dummy="Robo"),
    row(OTHER, [("Anna", 1), ("Ben", 1), ("Cleo", 3)], 5),
    row(OTHER, [("Cleo", 1), ("Anna", 2)], 4, final=False),
    row(DUMMY, [("Ben", 1), ("Robo", 1), ("Cleo", 3)], 3, dummy="Robo"),
    row(OTHER, [("Cleo", 1), ("Anna", 2)], 2),
    row(OTHER, [("Anna", 1), ("Ben", 2), ("Cleo", 2)], 1),
]


def as_pairs(found: tuple[Rating, ...]) -> dict[str, tuple[float, float, int]]:
    return {r.player: (r.mu, r.sigma, r.games) for r in found}


def test_a_game_replayed_in_play_order_with_ties_as_ties():
    model = PlackettLuce()
    anna, ben, cleo = model.rating(), model.rating(), model.rating()
    [anna], [ben], [cleo] = model.rate([[anna], [ben], [cleo]], ranks=[1, 2, 2])
    assert ben.mu == cleo.mu
    [cleo], [anna] = model.rate([[cleo], [anna]], ranks=[1, 2])
    [anna], [ben], [cleo] = model.rate([[anna], [ben], [cleo]], ranks=[1, 1, 3])
    expected = {"Anna": (anna.mu, anna.sigma, 3), "Ben": (ben.mu, ben.sigma, 2), "Cleo": (cleo.mu, cleo.sigma, 3)}
    assert as_pairs(ratings(plays(HISTORY), OTHER)) == pytest.approx(expected)


def test_the_game_with_a_dummy_seat_leaves_the_dummy_seat_out_and_a_game_with_one_person_unrated():
    model = PlackettLuce()
    anna, ben, cleo = model.rating(), model.rating(), model.rating()
    [ben], [cleo] = model.rate([[ben], [cleo]], ranks=[1, 3])
    [anna], [ben], [cleo] = model.rate([[anna], [ben], [cleo]], ranks=[2, 3, 4])
    expected = {"Anna": (anna.mu, anna.sigma, 1), "Ben": (ben.mu, ben.sigma, 2), "Cleo": (cleo.mu, cleo.sigma, 2)}
    assert as_pairs(ratings(plays(HISTORY), DUMMY)) == pytest.approx(expected)


def test_the_highest_conservative_rating_first_and_the_order_of_play_matters():
    found = ratings(plays(HISTORY), OTHER)
    assert [r.ordinal for r in found] == sorted((r.mu - 3 * r.sigma for r in found), reverse=True)
    backwards = [Played(r.id, -r.played, r.summary) for r in HISTORY]
    assert as_pairs(ratings(plays(backwards), OTHER)) != pytest.approx(as_pairs(found))


def test_no_finished_game_no_rating():
    assert ratings(plays(HISTORY), UNPLAYED) == ()
    assert ratings(plays([row(OTHER, [("Anna", 1), ("Ben", 2)], 1, final=False)]), OTHER) == ()
