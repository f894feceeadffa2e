"""The BG Stats push link (scoring/bgstats.py): decoded back, every field checked against the record's
standings; the play date's calendar; refusals; and `python -m scoring bgstats`."""

import json
import subprocess
import sys
from functools import partial
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from builders import BY_GAME, EXAMPLES_DIR, example
from schichtbuch.texts import i18n
from scoring import bgstats
from scoring.__main__ import LANGUAGES, texts
from scoring.errors import RecordError
from scoring.registry import GAMES

pytestmark = pytest.mark.pure
ROOT = Path(__file__).resolve().parent.parent
english = partial(i18n.translate, "en")


def examples(over: bool) -> list[str]:
    """The example games (`tests/games/`) that are over, or not, as their game's builder reads them."""
    names = sorted(p.stem for p in EXAMPLES_DIR.glob("*.json"))
    return [n for n in names if BY_GAME[example(n)["game"]].over(example(n)) == over]


FINISHED_EXAMPLES = examples(over=True)
UNFINISHED_EXAMPLES = examples(over=False)


@pytest.mark.parametrize("name", FINISHED_EXAMPLES)
def test_shared_first_places_are_all_winners_and_an_unconfirmed_id_is_left_out(name):
    record = example(name)
    data = bgstats.play(record, english)
    game = GAMES[record["game"]]
    bgg_id = BY_GAME[game.id].BGG_ID
    assert data["game"].get("bggId") == bgg_id and ("bggId" in data["game"]) == (bgg_id is not None)
    assert data["game"]["name"] == game.names["en"]
    assert [(p["rank"], p["winner"]) for p in data["players"]] == [(r, r == 1) for r in (p["rank"] for p in data["players"])]
    assert "playDate" not in data and "durationMin" not in data  # a record without times


def test_the_examples_have_a_game_over_with_all_tied_for_first():
    """So that the test above sees shared first places."""
    assert any({s.rank for s in bgstats.score(example(n)).standings} == {1} for n in FINISHED_EXAMPLES)


@pytest.mark.parametrize("name", [n for n in FINISHED_EXAMPLES if "dummy" not in example(n)])
def test_a_game_without_a_dummy_says_none_played(name):
    assert "dummy" not in bgstats.play(example(name), english)["comments"]


def decoded(url: str) -> dict:
    assert url.startswith(bgstats.PUSH_URL)
    assert " " not in url and "\n" not in url
    return json.loads(unquote(url.removeprefix(bgstats.PUSH_URL)))


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


@pytest.mark.parametrize(("lang", "between"), [("en", ", "), ("de", ", "), ("fr", ", "), ("ja", "、")])
def test_the_comments_and_the_board_join_their_items_as_the_language_writes_a_list(lang, between):
    """Each seat's categories ("Anna 122: Orders 34, Shift I 5", "Anna 122: 注文 34、シフトI 5") and the set-up
    options chosen, joined by the language's own separator."""
    record = next(example(n) for n in FINISHED_EXAMPLES if "dummy" in example(n) and example(n).get("variant"))
    data = bgstats.play(record, partial(i18n.translate, lang), lang)
    g, t = GAMES[record["game"]], partial(i18n.translate, lang)
    seat = bgstats.score(record).standings[0]
    line = f"{seat.player} {seat.total}: " + between.join(f"{t(f'{g.id}.cat.{c}')} {seat.breakdown[c]}" for c in g.categories)
    assert line in data["comments"].splitlines()
    assert len(data["board"].split(between)) == 2   # the variant and the dummy seat

def test_the_play_id_is_the_same_on_every_push_and_differs_between_games():
    record = {**example(FINISHED_EXAMPLES[0]), "started": 1_700_000_000}
    once = bgstats.play(record, english)["sourcePlayId"]
    assert bgstats.play({**record, "note": "later", "ended": 1_700_009_000}, english)["sourcePlayId"] == once
    assert bgstats.play(record, partial(i18n.translate, "ja"), "ja")["sourcePlayId"] == once
    assert bgstats.play({**record, "started": 1_700_000_001}, english)["sourcePlayId"] != once
    other = {**record, "players": ["Anna", "Bea"]}
    assert other != record and once.startswith("schichtbuch:")


def test_the_command_reads_the_same_languages_as_the_app():
    assert LANGUAGES == i18n.LANGUAGES
    for lang in LANGUAGES:
        assert texts(lang)("bgstats.send") == i18n.translate(lang, "bgstats.send")


def test_only_a_confirmed_bgg_id_is_sent():
    assert {g.id: g.bgg_id for g in GAMES.values()} == {g: module.BGG_ID for g, module in BY_GAME.items()}


@pytest.mark.parametrize("name", UNFINISHED_EXAMPLES)
def test_a_game_not_over_is_refused(name):
    with pytest.raises(RecordError) as refused:
        bgstats.link(example(name), english)
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
    record = {**example(FINISHED_EXAMPLES[0]), "started": 1_700_000_000}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "scoring", "bgstats", str(path), "--utc-offset", "120", "--lang", "fr"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    assert out == bgstats.link(record, partial(i18n.translate, "fr"), "fr", utc_offset=120)
    assert urlsplit(out).netloc == "app.bgstatsapp.com"


def test_the_command_refuses_a_game_not_over_with_one_line(tmp_path):
    done = subprocess.run([sys.executable, "-m", "scoring", "bgstats", str(EXAMPLES_DIR / f"{UNFINISHED_EXAMPLES[0]}.json")],
                          cwd=ROOT, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr.count("\n")) == (2, "", 1)
