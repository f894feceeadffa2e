"""Statistics of a group (schichtbuch/groups/stats.py) against hand-worked examples: table rows of summaries as
the store keeps them (scored by the games' own scorers), and the expected numbers worked out by hand."""

import pytest

from builders import finished_example
from schichtbuch.groups import stats
from scoring.registry import GAMES, summary, summary_winners

pytestmark = pytest.mark.pure


def standing(player, total, rank, **breakdown):
    return {"player": player, "total": total, "rank": rank, "breakdown": breakdown or {"points": total}}


def game(kind, *standings, final=True):
    return {"game": kind, "final": final, "standings": list(standings)}


HISTORY = [
    game("g", standing("Anna", 10, 1), standing("Ben", 8, 2), standing("Cleo", 3, 3)),
    game("g", standing("Ben", 12, 1), standing("Anna", 12, 1)),  # shared first place: a win for both
    game("g", standing("Cleo", 20, 1), standing("Anna", 5, 2)),
    game("g", standing("Anna", 99, 1), standing("Ben", 0, 2), final=False),  # still being played: left out
    game("h", standing("Ben", 7, 1), standing("Anna", 4, 2)),
]


@pytest.mark.parametrize(("player", "plays", "wins", "win_rate", "average", "best"), [
    ("Anna", 3, 2, 2 / 3, 9.0, 12),  # (10 + 12 + 5) / 3
    ("Ben", 2, 1, 0.5, 10.0, 12),  # (8 + 12) / 2
    ("Cleo", 2, 1, 0.5, 11.5, 20),  # (3 + 20) / 2
])
def test_members(player, plays, wins, win_rate, average, best):
    row = stats.members(stats.plays(HISTORY), "g").loc[player]
    assert (row.plays, row.wins, row.best) == (plays, wins, best)
    assert (row.win_rate, row.average) == pytest.approx((win_rate, average))


def test_members_are_ordered_by_wins_then_win_rate():
    assert list(stats.members(stats.plays(HISTORY), "g").index) == ["Anna", "Ben", "Cleo"]
    assert list(stats.members(stats.plays(HISTORY), "h").index) == ["Ben", "Anna"]


@pytest.mark.parametrize(("first", "second", "game", "expected"), [
    ("Anna", "Ben", "g", stats.HeadToHead(2, 1, 0, 1, 11.0, 10.0)),  # game 1: Anna ahead; game 2: level
    ("Anna", "Ben", None, stats.HeadToHead(3, 1, 1, 1, 26 / 3, 9.0)),  # and h: Ben ahead; (10+12+4)/3, (8+12+7)/3
    ("Ben", "Cleo", "g", stats.HeadToHead(1, 1, 0, 0, 8.0, 3.0)),
    ("Cleo", "Ben", "h", stats.HeadToHead(0, 0, 0, 0, None, None)),
])
def test_head_to_head(first, second, game, expected):
    found = stats.head_to_head(stats.plays(HISTORY), first, second, game)
    assert found.games == expected.games and (found.first_ahead, found.second_ahead, found.level) == (
        expected.first_ahead, expected.second_ahead, expected.level)
    assert (found.first_average, found.second_average) == pytest.approx((expected.first_average, expected.second_average))


@pytest.mark.parametrize("game", GAMES)
def test_category_averages_of_real_games_come_from_their_scorer(game):
    """Each game's finished example twice: the averages are its hand-worked breakdown (tests/games)."""
    record = finished_example(game)
    summaries = [summary(record), summary(record)]
    categories = GAMES[game].categories
    table = stats.categories(stats.plays(summaries), game, categories)
    members = stats.members(stats.plays(summaries), game)
    won = summary_winners(summaries[0])
    for player, worked in record["expected"].items():
        assert table.loc[player].tolist() == [worked[c] for c in categories]
        wins = 2 if player in won else 0
        assert members.loc[player].tolist() == [2, wins, wins / 2, worked["total"], worked["total"]]


def test_no_finished_game_gives_empty_tables():
    frame = stats.plays([HISTORY[3]])
    assert frame.empty
    assert stats.head_to_head(frame, "Anna", "Ben").games == 0


def test_a_dummy_seat_ranked_first_wins_nothing_the_best_player_at_the_table_wins():
    summary = {"game": "g", "final": True, "dummy": "Robo", "standings": [
        {"player": "Robo", "rank": 1, "total": 30, "breakdown": {}},
        {"player": "Anna", "rank": 2, "total": 20, "breakdown": {}},
        {"player": "Ben", "rank": 3, "total": 10, "breakdown": {}}]}
    assert dict(zip(stats.plays([summary])["player"], stats.plays([summary])["won"])) == {
        "Robo": False, "Anna": True, "Ben": False}


def test_the_dummy_seat_is_no_member_and_has_no_points_per_category():
    """As in the profiles: the dummy seat is in no row of the members' table nor of the category averages,
    its seat still counted in the player count of the game's duration."""
    summary = {"game": "g", "final": True, "dummy": "Robo", "minutes": 60, "standings": [
        standing("Robo", 30, 1), standing("Anna", 20, 2), standing("Ben", 10, 3)]}
    frame = stats.plays([summary])
    assert list(stats.members(frame, "g").index) == ["Anna", "Ben"]
    assert list(stats.categories(frame, "g", ["points"]).index) == ["Anna", "Ben"]
    assert list(stats.durations(frame, "g").index) == [3]
