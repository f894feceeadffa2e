"""Games at every stage for the tests, built with each game's own changes: one module per game, assembled
here from the registry of games, so that a test iterates every game without naming one.

Each game's module has:
- `STAGES`: named stages (`Stage`: how to build the record, and the page a join link lands on then);
- `REPRESENTATIVE`: the stage at which its pages show the most text (entries, standings, breakdown);
- `PAGE_STAGES`: for each of its pages, the stage it is opened at in the browser's language tests;
- `FINISHED`: a stage at which the game is over;
- `FINISHED_EXAMPLE`: the name of a finished example game of `tests/games/` (with its `expected` numbers);
- `BGG_ID`: its BoardGameGeek id as typed by hand (None where no source confirms one);
- `over(example)`: whether an example game of `tests/games/` is over, read from the file as written;
- `guides(names)`: every setup and round step its guides show for these players;
- `setup_title(lang, names)`: the title of its setup page (its first) for these players;
- `at(names, stage)`: an n-player game at any of its `AT` stages;
- `options(names)` and `changes(args)`: the start options and the changes a fuzzed game is played with
  (Hypothesis strategies, `tests/fuzzing.py`);
- `ENTRIES`: the entries each player makes while it is played (`Entries`), for the tests of what keeps them;
- `longest(names)`: a finished game of these players with every set-up option on and its times, the most a
  record of theirs says (BG Stats' link, the end page);
- `COUNTED` and `LINES`: its texts that count, as the table reads them, and the breakdown lines its
  finished games write (`test_catalog.py`);
- `CLOSE`: closing the stage being played, on this phone or another (`Close`; AppTest and the browser);
- `PICKED`: a control tapped after the phone picked another choice than it was drawn for (`Picked`);
- `APP_ENTRY` and `APP_FORM`: an entry tapped and a form saved on its pages under AppTest (`AppEntry`, `AppForm`);
- in the browser (`tests/test_browser_*.py`): `ENTRY`, entries tapped on a page (`Entry`); `QUICK`, entries
  tapped 60 ms apart (`Quick`, by name); `BURST`, taps a script in the page makes (`Burst`); `OUT_OF_RANGE`,
  a number its rules refuse (`OutOfRange`); `TYPED`, a number typed and not saved (`Typed`); `TV`, its fullest
  stages on a TV (`TvCase`, by name); `playing_title(lang)`, the heading of its page while a new game is played.

Its own browser helpers (forms, pickers) live there too, for its own tests and these scenarios; they load
`browser.py` (Playwright) only when called. The example game's module (`EXAMPLE`, the registry's first)
also has `long_game(store)` (`long_game` here)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

from scoring.game import StartOption
from scoring.registry import GAMES
from setup import Step

Record = dict[str, Any]
EXAMPLES_DIR = Path(__file__).resolve().parent.parent / "games"
"""The complete example games, written and scored by hand (`tests/games/<game>_<what>.json`)."""


@dataclass(frozen=True)
class Stage:
    """A game record at one stage, and the page of its game a join link lands on then."""

    build: Callable[[], Record]
    lands_on: str


@dataclass(frozen=True)
class Entries:
    """The entries each player makes while a game is played, one change each (a card delivered, an attack
    added, an arrival), for the tests of what keeps them (the store, concurrent writers, a restart, undo)."""

    start: Callable[[list[str]], Record]
    """A game of these players in which they make their entries."""
    make: Callable[[Record, str, int], Record]
    """The record with `who`'s `n`th entry made (from 0), each different from every other player's."""
    made: Callable[[Record, str], list[int]]
    """The numbers of `who`'s entries the record holds, in the order they were made."""
    count: int
    """How many entries each player can make, at every seat count."""


@dataclass(frozen=True)
class Close:
    """Closing the stage being played (a shift scored, a round closed or entered): the phone that closes
    it first closes it, and a phone that shows it is told, before it shows the next stage, that another
    phone closed it; a later tap on its close button closes nothing more."""

    start: Callable[[list[str]], Record]
    """A game of these players at its first stage, with something entered in it."""
    page: str
    """The page whose button closes the stage."""
    button: Callable[[str], str]
    """The close button's label, in a language."""
    close: Callable[[Record], Record]
    """The close as another phone makes it."""
    told: Callable[[str], str]
    """What a phone that showed the stage is told of another phone's close (the title of its note)."""
    typed: Callable[[Any, int], None]
    """In the browser: what the `n`th phone types before it taps the close button (a Playwright page)."""
    closed_once: Callable[[Record, int | None], bool]
    """Whether the record holds the stage closed once: by the `n`th phone, as it typed it, or by either."""


@dataclass(frozen=True)
class Picked:
    """A control drawn for one choice of a picker (a transport, a part of a round, a round to correct),
    tapped after the phone picked another while the controls under it were still the ones drawn before
    (a weak connection): the tap is refused, naming the choice it was drawn for, and nothing is stored."""

    start: Callable[[list[str]], Record]
    """A game of these two players."""
    page: str
    """The page with the picker."""
    tap: Callable[[Any], None]
    """Under AppTest: pick another choice and tap the old control, in one run."""
    prepare: Callable[[Any], None]
    """In the browser: what the phone opens on the page before the connection goes (a Playwright page)."""
    offline: Callable[[Any], None]
    """In the browser: the pick and the tap while the connection is gone, neither waiting for a run."""
    pick: str
    """The choice the control was drawn for, as the refusal names it (English)."""
    untouched: Callable[[Record], bool]
    """Whether the record holds nothing of the tap."""
    kept: Callable[[Any], None]
    """In the browser, the connection gone: a tap on a control as drawn (after a pick that leaves it drawn,
    if the page has one), neither waiting for a run: stored as the phone showed it once the connection is back."""
    kept_said: str
    """The line the phone shows once that tap is stored (English)."""
    kept_stored: Callable[[Record], bool]
    """Whether the record holds that tap, as the phone showed it."""


@dataclass(frozen=True)
class AppEntry:
    """The first player's first entry (`ENTRIES.make(ENTRIES.start(names), names[0], 0)`) tapped on its page
    under AppTest, and the page's Undo, which names it."""

    page: str
    show: Callable[[Any], None]
    """Show what holds its control (an `AppTest` on the page)."""
    tap: Callable[[Any], None]
    """Tap its control, shown (a run)."""
    undo: str
    """The key of the page's Undo button."""
    change: Callable[[str], str]
    """How Undo names the entry, in a language."""


@dataclass(frozen=True)
class AppForm:
    """A form a player fills in and saves under AppTest."""

    start: Callable[[list[str]], Record]
    """A game of these players with the form on the page."""
    page: str
    save: Callable[[Any], None]
    """Fill in the first player's fields and tap the form's Save (an `AppTest` run on the page)."""


@dataclass(frozen=True)
class Entry:
    """In the browser: each player's entries (`ENTRIES`, on the game `ENTRIES.start` gives) tapped on its
    page, for the tests of what reaches the store and the other phones (a restart, a proxy, a store that
    goes away). Each takes a Playwright page, and the players in seating order where it needs them."""

    page: str
    show: Callable[[Any, str], None]
    """Show the part of the page where the entries are made and listed, in a language (a settled run)."""
    tap: Callable[[Any, list[str], str, int, str], None]
    """Pick `who` (where the page picks a player) and tap their `n`th entry's control, in a language: the
    picks wait for their runs, the tap does not."""
    saved: Callable[[str, list[str], str, int], str]
    """The line the phone shows once `who`'s `n`th entry is stored, in a language."""
    shown: Callable[[str, Record, str, int], str]
    """What every phone showing the entries shows of `who`'s `n`th entry, in a language, once the record holds it."""


@dataclass(frozen=True)
class Quick:
    """In the browser: entries tapped 60 ms apart, faster than anybody taps at a table, each found by its
    name or where it is (`browser.by_name`, `browser.by_position`): all stored, in the order tapped, and the
    page says the last one."""

    start: Callable[[], Record]
    page: str
    tap: Callable[[Any, Callable[[list[Callable[[], None]]], None]], Any]
    """Make the taps on the page, each run of them through `quickly` (which taps them 60 ms apart and waits
    for the page); returns what was tapped."""
    stored: Callable[[Record, Any], bool]
    """Whether the record holds what was tapped, in the order tapped."""
    said: Callable[[Any], str]
    """The line the page shows once the last tap is stored (English)."""


@dataclass(frozen=True)
class Burst:
    """In the browser: taps a script in the page makes `gap` ms apart as a finger would, no step of the test
    in between (`test_browser_taps.TAPPED_IN_PAGE`): each ends stored, or the page says it was not saved."""

    start: Callable[[], Record]
    page: str
    batches: Callable[[int], list[dict[str, Any]]]
    """The taps in the `n`th game: batches of picks (a radio group's CSS selector and the option's index,
    each made once the page shows the last) and taps (a button's CSS selector, found at the tap)."""
    games: int
    """How many games the taps go through."""
    stored: Callable[[Record], int]
    """How many taps the record holds."""


@dataclass(frozen=True)
class OutOfRange:
    """In the browser: a number its rules refuse, typed into a form and saved: named next to Save, what was
    typed kept, nothing stored."""

    start: Callable[[], Record]
    page: str
    typed: Callable[[Any], tuple[Any, dict[Any, str]]]
    """Show the form and type into it (one number out of range): the form and each field with what was typed."""
    said: str
    """The line next to Save (English)."""
    untouched: Callable[[Record], bool]


@dataclass(frozen=True)
class Typed:
    """In the browser: a number typed into a form, not saved (the keyboard's Enter never saves)."""

    start: Callable[[], Record]
    page: str
    field: Callable[[Any, str], Any]
    """Show the form and type a number into one of its fields, the page in a language: the field (a
    Playwright locator)."""
    heading: Callable[[str], str]
    """The page's heading, in a language (the page the phone stays on)."""
    untouched: Callable[[Record], bool]


@dataclass(frozen=True)
class TvCase:
    """One of its fullest stages on the watch page's TV view."""

    build: Callable[[], Record]
    shows: Callable[[str], list[str]]
    """What the view must show besides the stage, the players and the standings, in a language."""


def widget_key(family: str, *parts: object) -> str:
    """The app's key of a widget (`schichtbuch.session.page.widget_key`), loaded only by the tests that draw pages."""
    from schichtbuch.session.page import widget_key as key

    return key(family, *parts)


def timed(doc: Record) -> Record:
    """A game with its start and end times: an hour and a half at the table."""
    return doc | {"started": 1_760_000_000, "ended": 1_760_005_400}


def selector(key: str) -> str:
    """The CSS selector of the widget with this key: Streamlit marks its container with the class
    `st-key-<key>`, every character other than letters, digits, `_` and `-` replaced by `-`."""
    return f".st-key-{re.sub(r'[^a-zA-Z0-9_-]', '-', key)}"


def save_of(at: Any, key_part: str) -> Any:
    """Under AppTest: the Save button of the form whose fields' keys contain `key_part`."""
    return next(b for b in at.button if key_part in str(b.proto.form_id))


def _by_game() -> dict[str, ModuleType]:
    return {g: import_module(f"builders.{g}") for g in GAMES}


BY_GAME = _by_game()
"""Each game's builders module, by its registry id."""
EXAMPLE = next(iter(GAMES))
"""The game a shared test plays where any one game will do: the registry's first (the home page's default)."""
DUMMY = next(g for g, game in GAMES.items() if StartOption.DUMMY in game.options)
"""The first game of the registry a dummy seat plays in (its builder has `dummy_ahead`)."""
DRAWN = next(g for g, game in GAMES.items() if game.draw_start)
"""The first game of the registry whose start player the app may draw."""
STAGES: dict[str, Callable[[], Record] | None] = {"no_game": None} | {
    name: stage.build for module in BY_GAME.values() for name, stage in module.STAGES.items()}
"""Every game's stages, by a name unique across games; `no_game` for the pages opened without a game."""
LANDS_ON = {name: stage.lands_on for module in BY_GAME.values() for name, stage in module.STAGES.items()}
REPRESENTATIVE = {g: module.REPRESENTATIVE for g, module in BY_GAME.items()}
FINISHED = {g: module.FINISHED for g, module in BY_GAME.items()}
PAGE_STAGES = {f"{g}_{page}": stage for g, module in BY_GAME.items() for page, stage in module.PAGE_STAGES.items()}
"""Each game page (`<game>_<page>`) and the stage it is opened at."""


def guides(names: list[str]) -> Iterator[Step]:
    """Every setup and round step the guides show for these players, of every game they can play."""
    for g, module in BY_GAME.items():
        if len(names) in GAMES[g].players:
            yield from module.guides(names)


def at(game: str, names: list[str], stage: str) -> Record:
    """An n-player game of any game at any of its `AT` stages."""
    return BY_GAME[game].at(names, stage)  # type: ignore[no-any-return]


def long_game(store: Any) -> tuple[str, list[Record]]:
    """A long game of the example game in `store` (its builder's `long_game`: at least 70 revisions, entries
    taken back and made again, over at the end): its id and every revision's document."""
    return BY_GAME[EXAMPLE].long_game(store)  # type: ignore[no-any-return]


def dummy_ahead(names: list[str], dummy: str) -> Record:
    """A finished game of `DUMMY` in which the dummy seat `dummy` finishes first (its builder's `dummy_ahead`)."""
    return BY_GAME[DUMMY].dummy_ahead(names, dummy)  # type: ignore[no-any-return]


def example(name: str) -> Record:
    """An example game of `tests/games/` by its file's name, as the file holds it (with its `expected`)."""
    return json.loads((EXAMPLES_DIR / f"{name}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def finished_examples(game: str) -> list[str]:
    """The names of a game's example games of `tests/games/` that are over, its `FINISHED_EXAMPLE` first."""
    first = BY_GAME[game].FINISHED_EXAMPLE
    names = sorted(p.stem for p in EXAMPLES_DIR.glob("*.json") if p.stem != first)
    return [first] + [n for n in names if example(n)["game"] == game and BY_GAME[game].over(example(n))]


def finished_example(game: str) -> Record:
    """The finished example game of a game (its builder's `FINISHED_EXAMPLE`), with its `expected`."""
    return example(BY_GAME[game].FINISHED_EXAMPLE)


def expected_standings(example: Record) -> list[tuple[str, int, int]]:
    """An example game's standings as its file works them out by hand: (player, total, rank), best first."""
    rows = [(p, e["total"], e["rank"]) for p, e in example["expected"].items()]
    return sorted(rows, key=lambda row: (row[2], example["players"].index(row[0])))
