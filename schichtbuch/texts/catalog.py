"""Extraction of the catalog template and its merge into each language's `.po`, with Babel's API:
`python -m schichtbuch.texts.catalog` writes `locales/messages.pot` from the code and updates every
`locales/<lang>/LC_MESSAGES/messages.po` from it, sorted by msgid so that merges stay clean, and compiles
each to the `messages.mo` beside it, which the app reads.

How extraction finds the keys:
- `extract_keys`, a Babel extractor (`schichtbuch.texts.catalog:extract_keys`) run over every source file,
  yields each string literal shaped like a key in one of `namespaces()` (`"home.start"`), wherever it is:
  in a `t(...)` call, or handed on as data (setup steps, breakdown lines, status and tie-break keys);
- `dynamic_keys()` lists the keys the code builds with f-strings (`f"{game}.cat.{c}.short"`), expanded
  from the registry of games (each descriptor's `catalog_keys`) and the page list.
A key in `i18n.PLURALS` becomes a plural entry whose msgid_plural names its counted placeholder.

To add a text: use its key in the code (a new shared namespace goes into `SHARED_NAMESPACES`, a key built
at run time into `dynamic_keys` or the game descriptor's `catalog_keys`), run `python -m schichtbuch.texts.catalog`,
fill its msgstr in all four `.po` files and run the command again to compile them (`tests/test_catalog.py`
fails until every language has it and every `.mo` matches its `.po`)."""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import IO, Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from schichtbuch.texts import i18n

ROOT = Path(__file__).resolve().parent.parent.parent

SOURCES = ("app.py", "pages", "schichtbuch", "setup", "scoring")
"""What extraction reads, relative to the project folder."""

SHARED_NAMESPACES = frozenset({
    "action", "app", "bgstats", "card", "change", "clock", "col", "colour", "connection", "entry", "error", "field", "group",
    "history", "home", "note", "page", "photo", "place", "player", "problem", "rating", "record", "rematch", "setup", "share",
    "standings", "stats", "undo", "watch",
})
"""The first words of the catalog keys every game shares (each game's own: `namespaces`)."""

KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")

TEMPLATE = i18n.LOCALES / f"{i18n.DOMAIN}.pot"

PROJECT = "Schichtbuch"

ISSUES = "the project's issue tracker"

HEADER = """# {name} texts of Schichtbuch: keys as msgids, sorted by key.
# How to add a text or a language: README, "Adding a language", and schichtbuch/texts/catalog.py."""

Extracted = tuple[int, str | None, str | tuple[str, str], list[str]]


@cache
def namespaces() -> frozenset[str]:
    """The first words of catalog keys: the shared ones, each game's id, and the first words of what each
    game's descriptor names (its built keys, tie-breakers and counted texts): a literal like
    `mine.loot.add` is a key, `scoring.registry` is not."""
    from scoring.registry import GAMES

    named = {key for g in GAMES.values() for key in (*game_keys(g), *g.tiebreaks, *g.plurals)}
    return SHARED_NAMESPACES | set(GAMES) | {key.split(".")[0] for key in named}


def is_key(text: str) -> bool:
    """Whether a string literal of the code is a catalog key."""
    return bool(KEY.fullmatch(text)) and text.split(".")[0] in namespaces() and not text.endswith(".py")


def extract_keys(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                 options: Mapping[str, Any]) -> Iterator[Extracted]:
    """Babel extractor: every key-shaped string literal of a Python file, except the literal parts of
    f-strings (`dynamic_keys` expands those). Docstrings cannot be keys: they contain spaces."""
    tree = ast.parse(fileobj.read())
    parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts and is_key(node.value):
            yield message(node.lineno, node.value)


def message(lineno: int, key: str) -> Extracted:
    """An extracted key in Babel's form: a plural entry (as `ngettext` would give) if it counts."""
    counted = i18n.PLURALS.get(key)
    return (lineno, "ngettext", (key, f"{{{counted}}}"), []) if counted else (lineno, None, key, [])


def dynamic_keys() -> dict[str, set[str]]:
    """The keys the code builds at run time, by family, expanded from the tables they are built from: the
    app's own, and those each game's descriptor names (`catalog_keys`; a family two games share merged)."""
    from schichtbuch.live import messages
    from schichtbuch.groups import stats
    from schichtbuch.shell import nav
    from scoring.errors import PROBLEMS
    from scoring.majorities import Place
    from scoring.registry import GAMES, PALETTE

    pages = [nav._title_key(f) for f in nav.all_page_files()]
    families: dict[str, set[str]] = {
        "page titles": {*pages, *(f"{p}.short" for p in pages)},
        "categories": {f"{g.id}.cat.{c}{s}" for g in GAMES.values() for c in g.categories for s in ("", ".short")},
        "game texts": {k for g in GAMES.values()
                       for k in (g.stage, f"{g.id}.chart", f"{g.id}.shared_place", f"{g.id}.points", f"{g.id}.score")},
        "game options": {f"{g.id}.option.{o}{s}" for g in GAMES.values() for o in g.options for s in ("", "_help")}
                        | {f"{g.id}.option.no_dummy" for g in GAMES.values() if "dummy" in g.options},
        "named start players": {f"{g.id}.start_player" for g in GAMES.values() if not g.draw_start},
        "places": {f"place.{p}" for p in Place},
        "colours": {f"colour.{c}" for c in PALETTE},
        "problems": {f"problem.{c}" for c in PROBLEMS},
        "record fields": {f"field.{w}" for w in messages.FIELD_WORDS},
        "statistics columns": {f"stats.col.{c}" for c in stats.MEMBER_COLUMNS},
    }
    for g in GAMES.values():
        for family, keys in g.catalog_keys().items():
            families.setdefault(family, set()).update(keys)
    return families


def game_keys(g: Any) -> set[str]:
    """Every key a game's descriptor says it builds at run time."""
    return {key for keys in g.catalog_keys().values() for key in keys}


def template() -> Catalog:
    """The catalog template: the keys found in the sources, then the built ones."""
    pot = Catalog(project=PROJECT, version="1", fuzzy=False, msgid_bugs_address=ISSUES,
                  header_comment="# The texts of Schichtbuch, extracted by `python -m schichtbuch.texts.catalog`.")
    method = "schichtbuch.texts.catalog:extract_keys"
    sources = [(p if p.endswith(".py") else f"{p}/**.py", method) for p in SOURCES]
    for filename, lineno, key, _, _ in extract_from_dir(ROOT, sources):
        pot.add(key, None, [(filename, lineno)])
    for family, keys in dynamic_keys().items():
        for key in sorted(keys):
            pot.add(message(0, key)[2], None, [], auto_comments=[f"built at run time: {family}"])
    return pot


def update() -> None:
    """Write the template and merge it into every language's catalog, sorted by msgid, obsolete texts
    dropped, translators' comments kept; compile each to its `.mo`."""
    pot = template()
    with TEMPLATE.open("wb") as out:
        write_po(out, pot, width=0, sort_output=True, include_lineno=False)
    for lang in i18n.LANGUAGES:
        catalog = existing(lang)
        catalog.update(pot, no_fuzzy_matching=True, update_creation_date=False)
        i18n.po_path(lang).parent.mkdir(parents=True, exist_ok=True)
        with i18n.po_path(lang).open("wb") as out:
            write_po(out, catalog, width=0, sort_output=True, no_location=True, ignore_obsolete=True)
        i18n.mo_path(lang).write_bytes(i18n.compiled(lang))


def existing(lang: str) -> Catalog:
    """The catalog of `lang` as it stands, or a new empty one (with the language's plural rule from
    Babel's locale data) for a language added to `i18n.LANGUAGES`."""
    if not i18n.po_path(lang).exists():
        name = Locale.parse(lang).get_display_name("en")
        return Catalog(locale=lang, project=PROJECT, version="1", fuzzy=False, language_team=name,
                       last_translator=PROJECT, msgid_bugs_address=ISSUES, header_comment=HEADER.format(name=name))
    with i18n.po_path(lang).open("rb") as po:
        return read_po(po, locale=lang)


if __name__ == "__main__":
    update()
