"""The BG Stats push link (scoring/bgstats.py): decoded back, every field checked against the record's
standings; the play date's calendar; refusals; and `python -m scoring bgstats`."""

import json
import subprocess
import sys
from functools import partial
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from schichtbuch import i18n
from scoring import bgstats, schichtwechsel
from scoring.__main__ import LANGUAGES, texts
from scoring.errors import RecordError
from scoring.registry import GAMES

pytestmark = pytest.mark.pure
ROOT = Path(__file__).resolve().parent.parent
GAMES_DIR = ROOT / "tests" / "games"
FINISHED_EXAMPLES = ("coal_baron_2p", "schichtwechsel_2p_tie", "mine_3p_all_tied", "mine_4p_variant_dummy_21")
english = partial(i18n.translate, "en")


def example(name: str) -> dict:
    return json.loads((GAMES_DIR / f"{name}.json").read_text(encoding="utf-8"))


def decoded(url: str) -> dict:
    assert url.startswith(bgstats.PUSH_URL)
    assert " " not in url and "\n" not in url
    return json.loads(unquote(url.removeprefix(bgstats.PUSH_URL)))


def test_the_link_carries_every_field_of_a_finished_coal_baron_game():
    record = {**example("coal_baron_2p"), "started": 1_700_000_000, "ended": 1_700_005_460, "start_players": ["Ben"]}
    data = decoded(bgstats.link(record, partial(i18n.translate, "de"), "de", utc_offset=60, location="Kneipe & Co"))
    assert data["game"] == {"name": "Glück Auf", "bggId": 143515, "highestWins": True, "noPoints": False,
                            "sourceGameId": "schichtbuch:coal_baron"}
    assert data["playDate"] == "2023-11-14 23:13:20"  # 22:13:20 UTC, one hour ahead
    assert data["durationMin"] == 91
    assert (data["location"], data["board"]) == ("Kneipe & Co", "")
    assert data["comments"].splitlines()[0] == (
        "Anna 122: Gelieferte Aufträge 34, Mehrheiten Schicht I 5, Mehrheiten Schicht II 20, Mehrheiten Schicht III "
        "65, Geld (1 SP je 5 Mark) 2, Kohlewürfel (1 SP je 3) 2, Unerfüllte Aufträge (je −1) -2, Schachtbalance (−2 je "
        "Plättchen) -4")
    assert data["players"] == [
        {"name": "Anna", "score": 122, "rank": 1, "winner": True, "startPlayer": False, "role": "", "sourcePlayerId": "Anna"},
        {"name": "Ben", "score": 104, "rank": 2, "winner": False, "startPlayer": True, "role": "", "sourcePlayerId": "Ben"},
    ]
    assert set(data) == {"sourceName", "sourcePlayId", "game", "playDate", "durationMin", "location", "comments",
                         "board", "players"}
    assert data["sourceName"] == "Schichtbuch"


def test_shared_first_places_are_all_winners_and_an_unconfirmed_id_is_left_out():
    data = bgstats.play(example("mine_3p_all_tied"), english)
    assert "bggId" not in data["game"] and data["game"]["name"] == "MINE!"
    assert [(p["rank"], p["winner"]) for p in data["players"]] == [(r, r == 1) for r in (p["rank"] for p in data["players"])]
    assert "playDate" not in data and "durationMin" not in data  # a record without times


@pytest.mark.parametrize("dummy_place", [0, 1, 3])
def test_the_dummy_seat_is_not_sent_as_a_player_and_the_comments_say_it_played(dummy_place):
    record = example("mine_4p_variant_dummy_21")
    ranked = [s.player for s in bgstats.score(record).standings]
    record["dummy"] = ranked[dummy_place]
    data = bgstats.play(record, english)
    assert [p["name"] for p in data["players"]] == [p for p in ranked if p != record["dummy"]]
    assert [(p["rank"], p["winner"]) for p in data["players"]][0] == (1, True)
    assert sum(p["winner"] for p in data["players"]) == 1
    assert data["comments"].splitlines()[0].startswith(f"{record['dummy']} was played by the dummy player: ")


def test_a_game_without_a_dummy_says_none_played():
    assert "dummy" not in bgstats.play(example("mine_3p_all_tied"), english)["comments"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", FINISHED_EXAMPLES)
def test_the_link_carries_only_the_fields_bg_stats_documents_and_no_code_words(name, lang):
    """Every field name is one BG Stats' page names (`DOCUMENTED`); the comments and the board are in the
    phone's language, with no record word such as `shift_1`, `open_orders` or `round_1`."""
    record = {**example(name), "started": 1_700_000_000}
    data = decoded(bgstats.link(record, partial(i18n.translate, lang), lang))
    assert set(data) <= bgstats.DOCUMENTED["play"]
    assert set(data["game"]) <= bgstats.DOCUMENTED["game"]
    assert all(set(p) <= bgstats.DOCUMENTED["player"] for p in data["players"])
    code_words = {c for g in GAMES.values() for c in g.categories if "_" in c}
    assert [w for w in code_words if w in data["comments"] + data["board"]] == []


def test_the_play_id_is_the_same_on_every_push_and_differs_between_games():
    record = {**example("coal_baron_2p"), "started": 1_700_000_000}
    once = bgstats.play(record, english)["sourcePlayId"]
    assert bgstats.play({**record, "note": "later", "ended": 1_700_009_000}, english)["sourcePlayId"] == once
    assert bgstats.play(record, partial(i18n.translate, "ja"), "ja")["sourcePlayId"] == once
    assert bgstats.play({**record, "started": 1_700_000_001}, english)["sourcePlayId"] != once
    other = {**example("coal_baron_2p"), "started": 1_700_000_000, "players": ["Anna", "Bea"]}
    assert other != record and once.startswith("schichtbuch:")


def test_schichtwechsel_sends_who_started_not_who_holds_the_marker_at_the_end():
    record = schichtwechsel.new_record(["Anna", "Ben"], {}, "Ben")
    record = schichtwechsel.pass_marker(record, "Anna", "Ben")
    assert (record["start_player"], record["first_start_player"]) == ("Anna", "Ben")
    assert schichtwechsel.GAME.first_player(record) == "Ben"
    finished = example("schichtwechsel_2p_tie")
    first = next(p for p in finished["players"] if p != finished["end"]["start_player"])
    starts = {p["name"]: p["startPlayer"] for p in bgstats.play({**finished, "first_start_player": first}, english)["players"]}
    assert starts == {p: p == first for p in finished["players"]}


def test_an_older_record_that_does_not_say_who_started_sends_no_start_player():
    players = bgstats.play(example("schichtwechsel_2p_tie"), english)["players"]
    assert all("startPlayer" not in p for p in players)


@pytest.mark.parametrize(("seen_rounds", "kept"), [(0, "Anna"), (1, None)])
def test_a_record_naming_no_start_player_keeps_the_first_only_before_any_round(seen_rounds, kept):
    record = {"game": "schichtwechsel", "players": ["Anna", "Ben"],
              "rounds": [{"card": "Koks", "points": {"Anna": 1, "Ben": 0}}] * seen_rounds}
    assert schichtwechsel.pass_marker(record, "Anna", None).get("first_start_player") == kept


def test_a_first_start_player_who_does_not_play_is_refused():
    with pytest.raises(RecordError) as refused:
        schichtwechsel.read({**example("schichtwechsel_2p_tie"), "first_start_player": "Zoe"})
    assert refused.value.field == "first_start_player"


def test_the_command_reads_the_same_languages_as_the_app():
    assert LANGUAGES == i18n.LANGUAGES
    for lang in LANGUAGES:
        assert texts(lang)("bgstats.send") == i18n.translate(lang, "bgstats.send")


def test_only_a_confirmed_bgg_id_is_sent():
    assert {g.id: g.bgg_id for g in GAMES.values()} == {"coal_baron": 143515, "schichtwechsel": None, "mine": None}


def test_a_game_not_over_is_refused():
    with pytest.raises(RecordError) as refused:
        bgstats.link(example("coal_baron_3p_partial"), english)
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
    out = subprocess.run([sys.executable, "-m", "scoring", "bgstats", str(path), "--utc-offset", "120", "--lang", "fr"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    assert out == bgstats.link(record, partial(i18n.translate, "fr"), "fr", utc_offset=120)
    assert urlsplit(out).netloc == "app.bgstatsapp.com"


def test_the_command_refuses_a_game_not_over_with_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "scoring", "bgstats", str(GAMES_DIR / "coal_baron_3p_partial.json")],
                          cwd=ROOT, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr.count("\n")) == (2, "", 1)
