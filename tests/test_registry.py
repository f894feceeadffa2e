"""Registry completeness: every game the registry lists brings everything the app and the tests build from
it, each part checked with a message naming the game and what is missing: its descriptor's facts (seats,
pages and their files, the page of each stage, a first player, texts for its tie-breakers, counted texts,
record words and built keys), its setup guide, and its test builders (a game at every stage for every seat
count, the stages the page tests open, a finished game and its refused records, its entries read back in
order, and the scenarios the shared page and browser tests play on it). And no shared test module names a
game: each game's facts live in its builder, so that adding a game edits no shared test."""

from __future__ import annotations

import ast
import copy
import re
from importlib import import_module
from pathlib import Path

import pytest

import builders as shared
from builders import BY_GAME, EXAMPLE, example
from schichtbuch.texts import i18n
from scoring.errors import PROBLEMS
from scoring.game import Game
from scoring.registry import GAMES, check

pytestmark = pytest.mark.pure
ROOT = Path(__file__).resolve().parent.parent
BUILDER_PARTS = {
    "STAGES": dict, "REPRESENTATIVE": str, "PAGE_STAGES": dict, "FINISHED": object, "AT": dict, "at": object,
    "guides": object, "complete": object, "REFUSED": list, "BGG_ID": (int, type(None)), "over": object,
    "options": object, "changes": object, "ENTRIES": shared.Entries, "FINISHED_EXAMPLE": str, "longest": object,
    "setup_title": object, "COUNTED": list, "LINES": set, "CLOSE": shared.Close, "PICKED": shared.Picked,
    "APP_ENTRY": shared.AppEntry, "APP_FORM": shared.AppForm, "ENTRY": shared.Entry, "QUICK": dict,
    "BURST": shared.Burst, "OUT_OF_RANGE": shared.OutOfRange, "TYPED": shared.Typed, "TV": dict, "playing_title": object,
}
"""What each game's builder has (tests/builders/__init__.py says what each is), and of what type."""
EXAMPLE_PARTS = ("long_game",)
"""What the example game's builder has besides (`builders.EXAMPLE`, the registry's first)."""
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
    wrong = [part for part, kind in BUILDER_PARTS.items() if not isinstance(getattr(builders, part), kind)]
    assert not wrong, f"tests/builders/{game.id}.py: {wrong} not of their kind"
    assert set(builders.PAGE_STAGES) == set(game.pages), f"{game.id}: a page without the stage it opens at"
    assert builders.REPRESENTATIVE in builders.STAGES and set(builders.AT) == set(AT_STAGES)
    assert builders.QUICK and builders.TV, f"{game.id}: no quick taps or no TV stage"
    assert all(isinstance(q, shared.Quick) for q in builders.QUICK.values())
    assert all(isinstance(t, shared.TvCase) for t in builders.TV.values())
    pages = {builders.CLOSE.page, builders.PICKED.page, builders.APP_ENTRY.page, builders.APP_FORM.page,
             builders.ENTRY.page, builders.BURST.page, builders.OUT_OF_RANGE.page, builders.TYPED.page,
             *(q.page for q in builders.QUICK.values())}
    assert pages <= set(game.pages), f"{game.id}: a scenario on a page it does not have: {pages - set(game.pages)}"


def test_the_example_games_builder_has_its_own_parts() -> None:
    missing = [part for part in EXAMPLE_PARTS if not hasattr(BY_GAME[EXAMPLE], part)]
    assert not missing, f"tests/builders/{EXAMPLE}.py, the example game's, lacks {missing}"


def test_its_entries_are_each_players_own_and_read_back_in_order(game: Game) -> None:
    entries = BY_GAME[game.id].ENTRIES
    for seats in game.players:
        names = [f"P{i}" for i in range(seats)]
        doc = entries.start(names)
        assert not any(entries.made(doc, who) for who in names), f"{game.id}: entries before any was made"
        for n in range(entries.count):
            for who in names:
                doc = entries.make(doc, who, n)
        check(doc)
        made = {who: entries.made(doc, who) for who in names}
        assert made == {who: list(range(entries.count)) for who in names}, f"{game.id} with {seats} seats: {made}"


def test_its_finished_example_and_its_longest_game_are_over(game: Game) -> None:
    builders = BY_GAME[game.id]
    finished = example(builders.FINISHED_EXAMPLE)
    assert finished["game"] == game.id and builders.over(finished) and check(finished).final
    longest = builders.longest([f"P{i}" for i in range(game.players[-1])])
    assert check(longest).final and longest.get("started") and longest.get("ended"), f"{game.id}: longest game"


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


# --- no shared test module names a game -----------------------------------------------------------------

TESTS = ROOT / "tests"


def named_for_a_game(path: Path) -> bool:
    """A game's own test module (`test_coal_baron_scoring.py`, `test_browser_mine.py`) or builder."""
    return path.parent.name == "builders" and path.stem in GAMES or any(
        re.search(rf"(^|_){g}(_|$)", path.stem) for g in GAMES)


def game_words() -> re.Pattern[str]:
    """Every way code names one game: its id (also inside a page's or module's name: `coal_baron_end`,
    `scoring.mine`), its name in every language, and its builder's stage names."""
    words = {*GAMES, *(n for g in GAMES.values() for n in g.names.values()), *(s for b in BY_GAME.values() for s in b.STAGES)}
    return re.compile("|".join(rf"(?<![A-Za-z0-9]){re.escape(w)}(?![A-Za-z0-9])" for w in sorted(words, key=len, reverse=True)))


def naming_lines(path: Path, named: re.Pattern[str]) -> dict[int, str]:
    """The lines of a module whose code names a game (docstrings and comments aside): in a string, a name,
    an attribute, a function or argument name, or a module it imports. Each with the first such word."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
    found: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words = [node.value]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words = [node.name]
        elif isinstance(node, (ast.keyword, ast.arg)):
            words = [node.arg or ""]
        elif isinstance(node, ast.ImportFrom):
            words = [node.module or "", *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            words = [a.name for a in node.names]
        else:
            continue
        for word in words:
            if (hit := named.search(word)) and node.lineno not in found:
                found[node.lineno] = hit.group()
    return found


MEASURING = TESTS / "load"
"""The load scripts measure named pages of named games, as the README's figures say (not run by pytest;
their smoke test, test_load.py, is a shared test module)."""


def shared_naming() -> dict[str, dict[int, str]]:
    """Every shared test module (`tests/`, its helpers and scripts; not a game's own, not the load scripts)
    and the lines of it that name a game."""
    named = game_words()
    found = {p.relative_to(TESTS).as_posix(): naming_lines(p, named) for p in sorted(TESTS.rglob("*.py"))
             if not named_for_a_game(p) and MEASURING not in p.parents}
    return {path: lines for path, lines in found.items() if lines}


def test_no_shared_test_module_names_a_game() -> None:
    """A shared test takes what it needs of a game from the registry and the game's builder; a game's own
    tests live in modules named for it."""
    found = shared_naming()
    assert found == {}, "\n".join(f"{path}:{line}: {word}" for path, lines in found.items() for line, word in lines.items())


def test_the_check_for_game_names_finds_them(tmp_path: Path) -> None:
    """Each way of naming a game is found: a page name in a string, an import, an attribute, a stage name."""
    module = tmp_path / "test_x.py"
    g = next(iter(GAMES))
    stage = next(iter(BY_GAME[g].STAGES))
    module.write_text(f'"""{g} in a docstring is fine."""\nimport scoring.{g}\npage = "{g}_end"  # {g}\n'
                      f'x = scoring.{g}\ny = "{stage}"\nz = "{GAMES[g].names["de"]}: Anna"\n', encoding="utf-8")
    assert sorted(naming_lines(module, game_words())) == [2, 3, 4, 5, 6]
    assert named_for_a_game(TESTS / f"test_{g}_scoring.py") and named_for_a_game(TESTS / f"test_browser_{g}.py")
    assert not named_for_a_game(TESTS / "test_pages.py") and not named_for_a_game(TESTS / "builders" / "__init__.py")
