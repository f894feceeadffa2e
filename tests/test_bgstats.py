"""The BG Stats push link (scoring/bgstats.py): decoded back, every field checked against the record's
standings; the play date's calendar; refusals; and `python -m scoring bgstats`."""

import json
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from scoring import bgstats
from scoring.errors import RecordError
from scoring.registry import GAMES

pytestmark = pytest.mark.pure
ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = ROOT / "tests" / "games"


def example(name: str) -> dict:
    return json.loads((GAMES_DIR / f"{name}.json").read_text(encoding="utf-8"))


def decoded(url: str) -> dict:
    assert url.startswith(bgstats.PUSH_URL)
    assert " " not in url and "\n" not in url
    return json.loads(unquote(url.removeprefix(bgstats.PUSH_URL)))


def test_the_link_carries_every_field_of_a_finished_coal_baron_game():
    record = {**example("coal_baron_2p"), "started": 1_700_000_000, "ended": 1_700_005_460, "start_players": ["Ben"]}
    data = decoded(bgstats.link(record, "de", utc_offset=60, location="Kneipe & Co"))
    assert data["game"] == {"name": "Glück Auf", "bggId": 143515, "highestWins": True, "noPoints": False,
                            "sourceGameId": "schichtbuch:coal_baron"}
    assert data["playDate"] == "2023-11-14 23:13:20"  # 22:13:20 UTC, one hour ahead
    assert data["durationMin"] == 91
    assert (data["location"], data["board"]) == ("Kneipe & Co", "")
    assert data["comments"].splitlines()[0] == ("Anna 122: orders 34, shift_1 5, shift_2 20, shift_3 65, money 2, "
                                                "cubes 2, open_orders -2, balance -4")
    assert data["players"] == [
        {"name": "Anna", "score": 122, "rank": 1, "winner": True, "startPlayer": False, "role": "", "sourcePlayerId": "Anna"},
        {"name": "Ben", "score": 104, "rank": 2, "winner": False, "startPlayer": True, "role": "", "sourcePlayerId": "Ben"},
    ]
    assert set(data) == {"game", "playDate", "durationMin", "location", "comments", "board", "players"}


def test_shared_first_places_are_all_winners_and_an_unconfirmed_id_is_left_out():
    data = bgstats.play(example("mine_3p_all_tied"))
    assert "bggId" not in data["game"] and data["game"]["name"] == "MINE!"
    assert [(p["rank"], p["winner"]) for p in data["players"]] == [(r, r == 1) for r in (p["rank"] for p in data["players"])]
    assert "playDate" not in data and "durationMin" not in data  # a record without times


def test_a_dummy_seat_ranked_first_is_not_the_winner_the_best_player_at_the_table_is():
    record = example("mine_4p_variant_dummy_21")
    ranked = [p["name"] for p in bgstats.play(record)["players"]]
    players = bgstats.play({**record, "dummy": ranked[0]})["players"]
    assert [(p["name"], p["winner"]) for p in players][:2] == [(ranked[0], False), (ranked[1], True)]
    assert sum(p["winner"] for p in players) == 1


def test_mine_dummy_seat_has_its_role():
    record = example("mine_4p_variant_dummy_21")
    roles = {p["name"]: p["role"] for p in bgstats.play(record)["players"]}
    assert roles[record["dummy"]] == bgstats.DUMMY_ROLE and list(roles.values()).count("") == len(roles) - 1


def test_only_a_confirmed_bgg_id_is_sent():
    assert {g.id: g.bgg_id for g in GAMES.values()} == {"coal_baron": 143515, "schichtwechsel": None, "mine": None}


def test_a_game_not_over_is_refused():
    with pytest.raises(RecordError) as refused:
        bgstats.link(example("coal_baron_3p_partial"))
    assert refused.value.field == "end"


@pytest.mark.parametrize(("seconds", "offset", "shown"), [
    (0, 0, "1970-01-01 00:00:00"),
    (951_782_400, 0, "2000-02-29 00:00:00"),
    (1_709_251_199, 0, "2024-02-29 23:59:59"),
    (1_709_251_199, 1, "2024-03-01 00:00:59"),
    (1_704_067_200, -60, "2023-12-31 23:00:00"),
    (253_402_300_799, 0, "9999-12-31 23:59:59"),
])
def test_play_date(seconds, offset, shown):
    assert bgstats.play_date(seconds, offset) == shown


def test_the_command_prints_the_same_link(tmp_path):
    record = {**example("schichtwechsel_2p_tie"), "started": 1_700_000_000}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "scoring", "bgstats", str(path), "--utc-offset", "120"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == bgstats.link(record, utc_offset=120)
    assert urlsplit(out).netloc == "app.bgstatsapp.com"


def test_the_command_refuses_a_game_not_over_with_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "scoring", "bgstats", str(GAMES_DIR / "coal_baron_3p_partial.json")],
                          cwd=ROOT, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr.count("\n")) == (2, "", 1)
