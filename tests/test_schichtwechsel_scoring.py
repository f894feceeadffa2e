"""Schichtwechsel final scoring (../shared/rules/schichtwechsel.md): races, items, start player, tools,
refusals, and a complete example game worked out by hand."""

from __future__ import annotations

import copy

import pytest

from scoring import schichtwechsel as sw
from scoring.records import RecordError

NAMES = ["Anna", "Ben", "Cleo", "Dirk"]
ZERO = dict.fromkeys(sw.PLAYER_ITEMS, 0)


@pytest.mark.parametrize(("finish", "expected"), [
    ([], {}),
    (["Ben"], {"Ben": 8}),
    (["Ben", "Anna"], {"Ben": 8, "Anna": 5}),
    (["Cleo", "Anna", "Dirk"], {"Cleo": 8, "Anna": 5, "Dirk": 5}),
    (["Dirk", "Cleo", "Ben", "Anna"], {"Dirk": 8, "Cleo": 5, "Ben": 5, "Anna": 5}),
], ids=["nobody", "one", "two", "three", "four"])
def test_race_first_eight_later_five(finish, expected):
    assert sw.race(finish) == expected


def record(**end):
    base = {"miner_finish": [], "track_finish": {"rail": [], "road": [], "canal": []}, "start_player": "Anna",
            "players": {n: dict(ZERO) for n in NAMES}}
    return {"game": "schichtwechsel", "players": NAMES, "rounds": [], "end": base | end}


def breakdown(data, who):
    return next(s for s in sw.score(data).standings if s.player == who).breakdown


@pytest.mark.parametrize(("tools", "vp"), [(0, 0), (1, -2), (6, -12), (9, -18)])
def test_each_tool_tile_costs_two(tools, vp):
    data = record()
    data["end"]["players"]["Ben"]["tools"] = tools
    assert breakdown(data, "Ben")["tools"] == vp


@pytest.mark.parametrize("holder", NAMES)
def test_start_player_marker_gives_two(holder):
    data = record(start_player=holder)
    assert {n: breakdown(data, n)["start_player"] for n in NAMES} == {n: 2 if n == holder else 0 for n in NAMES}


def test_each_track_is_its_own_race():
    data = record(track_finish={"rail": ["Ben", "Anna"], "road": ["Anna"], "canal": []}, miner_finish=["Cleo"])
    assert {c: breakdown(data, "Anna")[c] for c in ("miner", "rail", "road", "canal")} == \
        {"miner": 0, "rail": 5, "road": 8, "canal": 0}
    assert breakdown(data, "Cleo")["miner"] == 8


def test_no_tie_breaker_equal_totals_share_a_place():
    result = sw.score(record(start_player="Anna", miner_finish=["Ben"],
                             players={n: dict(ZERO, vp_chips={"Anna": 6, "Ben": 0}.get(n, 0)) for n in NAMES}))
    ranks = {s.player: s.rank for s in result.standings}
    assert ranks == {"Anna": 1, "Ben": 1, "Cleo": 3, "Dirk": 3}  # Anna 2 + 6 = Ben 8


REFUSED = [
    ("player listed twice in a finish order", lambda r: r["end"].update(miner_finish=["Ben", "Ben"]), "end.miner_finish"),
    ("unknown player in a track order", lambda r: r["end"]["track_finish"].update(rail=["Zoe"]), "end.track_finish.rail.0"),
    ("unknown track", lambda r: r["end"]["track_finish"].update(river=[]), "end.track_finish.river"),
    ("negative count", lambda r: r["end"]["players"]["Cleo"].update(houses=-1), "end.players.Cleo.houses"),
    ("sixth round", lambda r: r.update(rounds=[{"card": "Koks", "points": dict.fromkeys(NAMES, 0)}] * 6), "rounds"),
    ("start player not in the game", lambda r: r["end"].update(start_player="Zoe"), "end.start_player"),
    ("round card without a name", lambda r: r.update(rounds=[{"card": " ", "points": dict.fromkeys(NAMES, 0)}]),
     "rounds.0.card"),
    ("negative round points", lambda r: r.update(rounds=[{"card": "Koks", "points": dict(dict.fromkeys(NAMES, 0), Ben=-1)}]),
     "rounds.0.points.Ben"),
    ("five players", lambda r: r.update(players=NAMES + ["Emil"]), "players"),
]


@pytest.mark.parametrize(("change", "field"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_refused_records(change, field):
    data = copy.deepcopy(record())
    sw.score(data)
    change(data)
    with pytest.raises(RecordError) as err:
        sw.score(data)
    assert err.value.field == field


def test_complete_four_player_game_category_by_category():
    """Worked out by hand from the rules summary:
    Anna: rounds 3+0+4+2+5 = 14; miner 2nd → 5; rail 1st → 8; thresholds 6, houses 7, coke 14, chips 5;
          2 tools → −4; no marker. Total 14+5+8+6+7+14+5−4 = 55.
    Ben:  rounds 1+2+2+0+3 = 8; miner 1st → 8; canal 1st → 8; thresholds 9, houses 4, coke 6, chips 2;
          marker → 2; 0 tools. Total 8+8+8+9+4+6+2+2 = 47.
    Cleo: rounds 0+5+1+3+1 = 10; road 1st → 8, rail 2nd → 5; thresholds 4, houses 10, coke 8, chips 0;
          1 tool → −2. Total 10+8+5+4+10+8−2 = 43.
    Dirk: rounds 2+1+0+1+0 = 4; nothing finished; thresholds 2, houses 3, coke 4, chips 1; 6 tools → −12.
          Total 4+2+3+4+1−12 = 2."""
    points = [(3, 1, 0, 2), (0, 2, 5, 1), (4, 2, 1, 0), (2, 0, 3, 1), (5, 3, 1, 0)]
    data = {
        "game": "schichtwechsel", "players": NAMES,
        "rounds": [{"card": f"Karte {i}", "points": dict(zip(NAMES, p))} for i, p in enumerate(points, 1)],
        "end": {"miner_finish": ["Ben", "Anna"], "track_finish": {"rail": ["Anna", "Cleo"], "road": ["Cleo"], "canal": ["Ben"]},
                "start_player": "Ben",
                "players": {"Anna": {"track_points": 6, "houses": 7, "coke": 14, "vp_chips": 5, "tools": 2},
                            "Ben": {"track_points": 9, "houses": 4, "coke": 6, "vp_chips": 2, "tools": 0},
                            "Cleo": {"track_points": 4, "houses": 10, "coke": 8, "vp_chips": 0, "tools": 1},
                            "Dirk": {"track_points": 2, "houses": 3, "coke": 4, "vp_chips": 1, "tools": 6}}},
    }
    expected = {
        "Anna": {"rounds": 14, "miner": 5, "rail": 8, "road": 0, "canal": 0, "track_points": 6, "houses": 7,
                 "coke": 14, "vp_chips": 5, "start_player": 0, "tools": -4},
        "Ben": {"rounds": 8, "miner": 8, "rail": 0, "road": 0, "canal": 8, "track_points": 9, "houses": 4,
                "coke": 6, "vp_chips": 2, "start_player": 2, "tools": 0},
        "Cleo": {"rounds": 10, "miner": 0, "rail": 5, "road": 8, "canal": 0, "track_points": 4, "houses": 10,
                 "coke": 8, "vp_chips": 0, "start_player": 0, "tools": -2},
        "Dirk": {"rounds": 4, "miner": 0, "rail": 0, "road": 0, "canal": 0, "track_points": 2, "houses": 3,
                 "coke": 4, "vp_chips": 1, "start_player": 0, "tools": -12},
    }
    result = sw.score(data)
    assert result.final
    assert {s.player: dict(s.breakdown) for s in result.standings} == expected
    assert [(s.player, s.total, s.rank) for s in result.standings] == [("Anna", 55, 1), ("Ben", 47, 2), ("Cleo", 43, 3), ("Dirk", 2, 4)]
    assert result.progress[-1] == {"Anna": 14, "Ben": 8, "Cleo": 10, "Dirk": 4}


def test_partial_game_scores_round_cards_only():
    data = {"game": "schichtwechsel", "players": ["Anna", "Ben"],
            "rounds": [{"card": "Koks", "points": {"Anna": 3, "Ben": 0}}]}
    result = sw.score(data)
    assert not result.final
    assert [(s.player, s.total) for s in result.standings] == [("Anna", 3), ("Ben", 0)]
