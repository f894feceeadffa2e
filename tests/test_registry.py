"""Registry completeness: every game the registry lists brings everything the app and the tests build from
it, each part checked with a message naming the game and what is missing: its descriptor's facts (seats,
pages and their files, the page of each stage, a first player, texts for its tie-breakers, counted texts,
record words and built keys), its setup guide, and its test builders (a game at every stage for every seat
count, the stages the page tests open, a finished game and its refused records)."""

from __future__ import annotations

import copy
from importlib import import_module
from pathlib import Path

import pytest

from builders import BY_GAME
from schichtbuch.texts import i18n
from scoring.errors import PROBLEMS
from scoring.game import Game
from scoring.registry import GAMES, check

pytestmark = pytest.mark.pure
ROOT = Path(__file__).resolve().parent.parent
BUILDER_PARTS = ("STAGES", "REPRESENTATIVE", "PAGE_STAGES", "FINISHED", "AT", "at", "guides", "complete", "REFUSED",
                 "BGG_ID", "over", "options", "changes")
AT_STAGES = ("created", "playing", "ending", "finished")


@pytest.fixture(params=list(GAMES))
def game(request: pytest.FixtureRequest) -> Game:
    return GAMES[request.param]


def test_the_registry_lists_each_package_under_its_id(game: Game) -> None:
    package = import_module(f"scoring.{game.id}")
    assert package.GAME is game, f"scoring/{game.id}/__init__.py's GAME is not the registry's {game.id}"


def test_its_descriptor_is_complete(game: Game) -> None:
    missing = [lang for lang in i18n.LANGUAGES if not game.names.get(lang, "").strip()]
    assert not missing, f"{game.id}: no name in {missing}"
    assert len(game.players) > 0 and game.players.start >= 1, f"{game.id}: no seat count"
    assert game.pages, f"{game.id}: no pages"
    files = [ROOT / "pages" / f"{game.id}_{page}.py" for page in game.pages]
    assert all(f.is_file() for f in files), f"{game.id}: page files missing: {[f.name for f in files if not f.is_file()]}"
    assert set(game.stage_pages.values()) <= set(game.pages), f"{game.id}: a stage lands on a page it does not have"
    assert game.field_words and game.categories and len(game.stages) > 0, f"{game.id}: record words, categories or stages"
    assert all(o in ("variant", "dummy") for o in game.options), f"{game.id}: an option the start page does not know"


def test_its_texts_exist(game: Game) -> None:
    keys = [*game.tiebreaks, game.stage, *(k for keys in game.catalog_keys().values() for k in keys)]
    missing = [k for k in keys if not i18n.has_text(k)]
    assert not missing, f"{game.id}: no English text for {missing}"
    assert set(game.plurals) <= set(i18n.PLURALS), f"{game.id}: counted texts not in i18n.PLURALS"
    words = [w for w in game.field_words if not i18n.has_text(f"field.{w}")]
    assert not words, f"{game.id}: record words without a field text: {words}"


def test_a_new_record_reads_and_names_its_first_player(game: Game) -> None:
    names = [f"P{i}" for i in range(game.players.start)]
    record = game.new_record(names, {}, names[0])
    check(record)
    assert game.first_player(record) == names[0], f"{game.id}: first_player does not name who started"
    assert game.status(record)[0] in game.stage_pages, f"{game.id}: a new game's stage has no page"


def test_its_setup_guide_exists(game: Game) -> None:
    module = import_module(f"setup.{game.id}")
    assert callable(getattr(module, "checklist", None)), f"setup/{game.id}.py has no checklist"


def test_its_test_builders_exist(game: Game) -> None:
    builders = BY_GAME[game.id]
    missing = [part for part in BUILDER_PARTS if not hasattr(builders, part)]
    assert not missing, f"tests/builders/{game.id}.py lacks {missing}"
    assert set(builders.PAGE_STAGES) == set(game.pages), f"{game.id}: a page without the stage it opens at"
    assert builders.REPRESENTATIVE in builders.STAGES and set(builders.AT) == set(AT_STAGES)


@pytest.mark.parametrize("stage", AT_STAGES)
def test_its_builders_give_a_game_at_every_stage_for_every_seat_count(game: Game, stage: str) -> None:
    for seats in game.players:
        record = BY_GAME[game.id].at([f"P{i}" for i in range(seats)], stage)
        assert check(record).final == (stage == "finished"), f"{game.id} at {stage} with {seats} seats"


def test_its_refused_records_are_refused_naming_their_field(game: Game) -> None:
    builders = BY_GAME[game.id]
    check(builders.complete())
    for name, change, field in builders.REFUSED:
        record = copy.deepcopy(builders.complete())
        change(record)
        with pytest.raises(ValueError) as refused:
            check(record)
        assert (getattr(refused.value, "field", None), getattr(refused.value, "code", None) in PROBLEMS) == (field, True), name
