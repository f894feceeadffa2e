"""Player profiles (schichtbuch/profiles.py) from hand-built histories: plays, wins, win rate by game and by
player count, average and best totals, minutes, buddies, nemesis, the player beaten most often and
head-to-head, with the rules the page states (finished games only, at least three shared games, a shared
place a tie, the dummy seat never counted); and their invariants over random histories (Hypothesis)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builders import DUMMY, dummy_ahead
from schichtbuch.groups.profiles import SHARED_AT_LEAST, CountLine, GameLine, Rival, Tally, plays, players, profile
from schichtbuch.store import Played
from scoring.registry import GAMES, summary

pytestmark = pytest.mark.pure
OTHER = next(g for g in GAMES if g != DUMMY)
"""A game beside the one a dummy seat plays in."""


def row(game: str, places: list[tuple[str, int, int]], played: float, dummy: str | None = None,
        minutes: int | None = None, final: bool = True) -> Played:
    """A history row as the store keeps it: `places` are (player, total, rank) in seating order."""
    standings = sorted(({"player": p, "total": total, "rank": rank, "breakdown": {"all": total}} for p, total, rank in places),
                       key=lambda x: x["rank"])
    s: dict[str, Any] = {"game": game, "final": final, "standings": standings, "players": [p for p, _, _ in places],
                         "started": int(played), "ended": None, "minutes": minutes}
    return Played(f"id{played:.0f}", played, s | ({"dummy": dummy} if dummy else {}))


HISTORY = [  # newest first, as the store lists it
    row(DUMMY, [("Anna", 9, 2), ("Robo", 12, 1), ("Ben", 5, 3)], 9, dummy="Robo", minutes=50),
    row(OTHER, [("Anna", 80, 2), ("Ben", 80, 2), ("Cleo", 95, 1)], 8, minutes=70),
    row(OTHER, [("Anna", 99, 1), ("Ben", 70, 2)], 7),
    row(OTHER, [("Anna", 60, 3), ("Ben", 75, 1), ("Cleo", 75, 1)], 6, minutes=80),
    row(OTHER, [("Anna", 88, 1), ("Ben", 88, 1)], 5, minutes=45),
    row(OTHER, [("Anna", 10, 1), ("Dana", 5, 2)], 4, minutes=30),
    row(OTHER, [("Anna", 10, 2), ("Ben", 30, 1)], 3, final=False),
]


def test_only_finished_games_count_in_the_order_they_were_played():
    found = plays(HISTORY)
    assert [len(p.ranks) for p in found] == [2, 2, 3, 2, 3, 2]
    assert found[-1].game == DUMMY and found[0].totals == {"Anna": 10, "Dana": 5}


def test_the_dummy_seat_is_no_player_wins_nothing_and_is_not_in_the_player_count():
    dummy_game = plays(HISTORY)[-1]
    assert dict(dummy_game.ranks) == {"Anna": 2, "Ben": 3} and dummy_game.winners == {"Anna"}
    assert "Robo" not in players(plays(HISTORY))
    assert profile(plays(HISTORY), "Robo").tally == Tally(0, 0)
    assert [c for c in profile(plays(HISTORY), "Anna").counts if c.game == DUMMY] == [CountLine(DUMMY, 2, Tally(1, 1))]


def test_anna_by_game_and_by_player_count():
    anna = profile(plays(HISTORY), "Anna")
    assert (anna.tally, anna.minutes, anna.timed) == (Tally(6, 4), 50 + 70 + 80 + 45 + 30, 5)
    assert anna.games == (GameLine(OTHER, Tally(5, 3), (80 + 99 + 60 + 88 + 10) / 5, 99, 70 + 80 + 45 + 30, 4),
                          GameLine(DUMMY, Tally(1, 1), 9, 9, 50, 1))
    assert anna.counts == (CountLine(OTHER, 2, Tally(3, 3)), CountLine(OTHER, 3, Tally(2, 0)),
                           CountLine(DUMMY, 2, Tally(1, 1)))
    assert anna.tally.win_rate == pytest.approx(4 / 6)


def test_a_shared_first_place_is_a_win_for_each_and_a_tie_between_them():
    anna, ben = profile(plays(HISTORY), "Anna"), profile(plays(HISTORY), "Ben")
    assert (anna.tally.wins, ben.tally.wins) == (4, 2)  # the 88–88 game is a win for both
    assert anna.rivals[0] == Rival("Ben", 5, ahead=2, behind=1, level=2)


def test_head_to_head_buddies_nemesis_and_beaten_count_three_shared_games_or_more():
    anna = profile(plays(HISTORY), "Anna")
    assert [r.name for r in anna.rivals] == ["Ben"]  # Cleo: 2 shared games, Dana: 1
    assert anna.buddies == anna.rivals and anna.nemeses == anna.beaten == anna.rivals[:1]
    assert profile(plays(HISTORY), "Cleo").rivals == ()


@pytest.mark.parametrize(("rivals", "nemeses", "beaten"), [
    ([("Ben", 4, 1, 5), ("Cleo", 4, 1, 5)], ["Ben", "Cleo"], ["Ben", "Cleo"]),  # equal counts and shares: tied
    ([("Ben", 2, 6, 8), ("Cleo", 2, 0, 4)], ["Cleo"], ["Ben"]),  # equal counts: the larger share of the shared games
    ([("Ben", 3, 0, 3), ("Cleo", 0, 3, 3)], ["Ben"], ["Cleo"]),
    ([("Ben", 3, 0, 3), ("Cleo", 3, 0, 3), ("Dana", 2, 1, 3)], ["Ben", "Cleo"], ["Dana"]),
    ([("Ben", 0, 0, 3)], [], []),                                  # only ties: nobody finished ahead
])
def test_the_nemesis_finished_ahead_most_often_then_by_share_and_players_equal_in_both_are_tied(
        rivals, nemeses, beaten):
    history = [play for i, (name, behind, ahead, games) in enumerate(rivals)
               for play in duels(name, behind, ahead, games, 100 * i)]
    anna = profile(plays(history), "Anna")
    assert [(r.name, r.behind, r.ahead) for r in anna.rivals] == [(n, b, a) for n, b, a, _ in sorted(rivals)]
    assert ([r.name for r in anna.nemeses], [r.name for r in anna.beaten]) == (nemeses, beaten)


def duels(name: str, behind: int, ahead: int, games: int, start: int) -> list[Played]:
    """Two-player games of Anna and `name`: `behind` won by `name`, `ahead` by Anna, the rest tied."""
    outcomes = [(2, 1)] * behind + [(1, 2)] * ahead + [(1, 1)] * (games - behind - ahead)
    return [row(OTHER, [("Anna", 0, hers), (name, 0, theirs)], start + i) for i, (hers, theirs) in enumerate(outcomes)]


def test_real_summaries_of_a_game_with_a_dummy_seat():
    record = dummy_ahead(["Anna", "Ben", "Robo"], "Robo")
    s = summary(record)
    (play,) = plays([Played("g", 1.0, s)])
    assert s["dummy"] not in play.ranks and set(play.ranks) == set(record["players"]) - {s["dummy"]}


# --- invariants over random histories ------------------------------------------------------------------

NAMES = ["Anna", "Ben", "Cleo", "Dana", "Robo"]


@st.composite
def history_rows(draw: st.DrawFn) -> list[Played]:
    """Up to 30 games of 2–5 seats from five names, any places and totals, sometimes a dummy seat, some
    unfinished, some untimed."""
    rows = []
    for i in range(draw(st.integers(0, 30))):
        seats = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True))
        places = [(p, draw(st.integers(0, 120)), draw(st.integers(1, len(seats)))) for p in seats]
        rows.append(row(draw(st.sampled_from([OTHER, DUMMY])), places, draw(st.integers(0, 40)) + i / 100,
                        dummy=draw(st.none() | st.sampled_from(seats)), minutes=draw(st.none() | st.integers(1, 200)),
                        final=draw(st.booleans())))
    return rows


@settings(max_examples=80, deadline=None)
@given(history_rows())
def test_profile_invariants(rows: list[Played]):
    history = plays(rows)
    for name in NAMES:
        found = profile(history, name)
        assert found.tally.wins <= found.tally.plays
        assert all(g.tally.wins <= g.tally.plays for g in found.games)
        assert sum(g.tally.plays for g in found.games) == sum(c.tally.plays for c in found.counts) == found.tally.plays
        assert sum(g.tally.wins for g in found.games) == sum(c.tally.wins for c in found.counts) == found.tally.wins
        assert found.tally.plays == sum(1 for r in rows if r.summary["final"] and name in r.summary["players"]
                                        and name != r.summary.get("dummy"))
        assert all(r.games >= SHARED_AT_LEAST and r.ahead + r.behind + r.level == r.games and r.name != name
                   for r in found.rivals)
        for rival in found.rivals:  # head to head is symmetric
            (back,) = [r for r in profile(history, rival.name).rivals if r.name == name]
            assert (back.games, back.ahead, back.behind, back.level) == (rival.games, rival.behind, rival.ahead, rival.level)
        for other in NAMES:  # the dummy seat never counts: only the games both played as people
            shared = sum(1 for r in rows if r.summary["final"] and {name, other} <= set(r.summary["players"])
                         - {r.summary.get("dummy")}) if other != name else 0
            rival = [r for r in found.rivals if r.name == other]
            assert [r.games for r in rival] == ([shared] if shared >= SHARED_AT_LEAST else [])
