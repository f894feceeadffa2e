"""Extraction of the catalog template and its merge into each language's `.po`, with Babel's API:
`python -m schichtbuch.catalog` writes `locales/messages.pot` from the code and updates every
`locales/<lang>/LC_MESSAGES/messages.po` from it, sorted by msgid so that merges stay clean.

How extraction finds the keys:
- `extract_keys`, a Babel extractor (`schichtbuch.catalog:extract_keys`) run over every source file,
  yields each string literal shaped like a key in one of `NAMESPACES` (`"home.start"`), wherever it is:
  in a `t(...)` call, or handed on as data (setup steps, breakdown lines, status and tie-break keys);
- `dynamic_keys()` lists the keys the code builds with f-strings (`f"{game}.cat.{c}.short"`), expanded
  from the registry of games, the rules modules' tables and the page list.
A key in `i18n.PLURALS` becomes a plural entry whose msgid_plural names its counted placeholder.

To add a text: use its key in the code (a new namespace goes into `NAMESPACES`, a key built at run time
into `dynamic_keys`), run `python -m schichtbuch.catalog`, and fill its msgstr in all four `.po` files
(`tests/test_catalog.py` fails until every language has it)."""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from schichtbuch import i18n

ROOT = Path(__file__).resolve().parent.parent

SOURCES = ("app.py", "pages", "schichtbuch", "setup", "scoring")
"""What extraction reads, relative to the project folder."""

NAMESPACES = frozenset({
    "action", "app", "bgstats", "change", "coal", "coal_baron", "col", "colour", "element", "entry", "error", "field",
    "group", "history", "home", "mine", "page", "place", "problem", "record", "schichtwechsel", "setup", "share",
    "standings", "stats", "tiebreak", "transport", "undo",
})
"""The first words of catalog keys: a literal like `mine.loot.add` is a key, `scoring.registry` is not."""

KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")

TEMPLATE = i18n.LOCALES / f"{i18n.DOMAIN}.pot"

PROJECT = "Schichtbuch"

ISSUES = "the project's issue tracker"

HEADER = """# {name} texts of Schichtbuch: keys as msgids, sorted by key.
# How to add a text or a language: README, "Adding a language", and schichtbuch/catalog.py."""

CHANGE_KINDS = ("arrive", "withdraw", "carts", "end", "end_items", "marker", "start_player")
"""The saves whose `change.<kind>` label is built from a page's widget family (`entry.player_entry`,
`entry.choose_player`, the Schichtwechsel end page), including kinds that games stored earlier still name."""

LOOT_REASONS = ("held", "empty", "took", "stock", "shared")
"""The `reason` of each resolved MINE! attack (`scoring.mine.Take`), each with a `mine.loot.<reason>` text."""

Extracted = tuple[int, str | None, str | tuple[str, str], list[str]]


def is_key(text: str) -> bool:
    """Whether a string literal of the code is a catalog key."""
    return bool(KEY.fullmatch(text)) and text.split(".")[0] in NAMESPACES and not text.endswith(".py")


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
    """The keys the code builds at run time, by family, expanded from the tables they are built from."""
    from schichtbuch import nav, stats, writes
    from scoring import schichtwechsel
    from scoring.coal_baron import COLOURS, ELEMENTS, END_FIELDS, OpenStart, Transport
    from scoring.majorities import Place
    from scoring.errors import PROBLEMS
    from scoring.registry import GAMES, PALETTE
    from setup.coal_baron import PLAYER_COUNTS
    from setup.schichtwechsel import ACTION_RULES, SCORING_RULES

    pages = [nav._title_key(f) for f in nav.all_page_files()]
    return {
        "page titles": {*pages, *(f"{p}.short" for p in pages)},
        "categories": {f"{g.id}.cat.{c}{s}" for g in GAMES.values() for c in g.categories for s in ("", ".short")},
        "game texts": {k for g in GAMES.values()
                       for k in (g.stage, f"{g.id}.chart", f"{g.id}.shared_place", f"{g.id}.points", f"{g.id}.score")},
        "game options": {f"{g.id}.option.{o}{s}" for g in GAMES.values() for o in g.options for s in ("", "_help")}
                        | {f"{g.id}.option.no_dummy" for g in GAMES.values() if "dummy" in g.options},
        "named start players": {f"{g.id}.start_player" for g in GAMES.values() if not g.draw_start},
        "transports": {f"transport.{t}" for t in Transport},
        "elements": {f"element.{e.kind}.{e.name}" for e in ELEMENTS},
        "places": {f"place.{p}" for p in Place},
        "colours": {f"colour.{c}" for c in PALETTE},
        "coal": {f"coal.{c}" for c in COLOURS},
        "coal baron end fields": {f"coal_baron.end.{f}" for f in END_FIELDS},
        "coal baron open start": {f"coal_baron.scoring.{o}" for o in OpenStart},
        "change labels": {f"change.{k}" for k in CHANGE_KINDS},
        "lock tiles": {c.lock_tiles for c in PLAYER_COUNTS.values()},
        "problems": {f"problem.{c}" for c in PROBLEMS},
        "record fields": {f"field.{w}" for w in writes.FIELD_WORDS},
        "schichtwechsel end fields": {f"schichtwechsel.end_field.{r}" for r in schichtwechsel.RACES},
        "schichtwechsel items": {f"schichtwechsel.item.{i}" for i in schichtwechsel.PLAYER_ITEMS},
        "schichtwechsel lines": {f"schichtwechsel.line.{k}" for k in (*schichtwechsel.RACES, *schichtwechsel.PLAYER_ITEMS)},
        "schichtwechsel rules": {f"schichtwechsel.rule.{k}" for k in (*ACTION_RULES, *SCORING_RULES)},
        "schichtwechsel round forms": {f"schichtwechsel.round.save_{m}" for m in ("new", "fix")},
        "mine looting reasons": {f"mine.loot.{r}" for r in LOOT_REASONS},
        "statistics columns": {f"stats.col.{c}" for c in stats.MEMBER_COLUMNS},
    }


def template() -> Catalog:
    """The catalog template: the keys found in the sources, then the built ones."""
    pot = Catalog(project=PROJECT, version="1", fuzzy=False, msgid_bugs_address=ISSUES,
                  header_comment="# The texts of Schichtbuch, extracted by `python -m schichtbuch.catalog`.")
    method = "schichtbuch.catalog:extract_keys"
    sources = [(p if p.endswith(".py") else f"{p}/**.py", method) for p in SOURCES]
    for filename, lineno, key, _, _ in extract_from_dir(ROOT, sources):
        pot.add(key, None, [(filename, lineno)])
    for family, keys in dynamic_keys().items():
        for key in sorted(keys):
            pot.add(message(0, key)[2], None, [], auto_comments=[f"built at run time: {family}"])
    return pot


def update() -> None:
    """Write the template and merge it into every language's catalog, sorted by msgid, obsolete texts
    dropped, translators' comments kept."""
    pot = template()
    with TEMPLATE.open("wb") as out:
        write_po(out, pot, width=0, sort_output=True, include_lineno=False)
    for lang in i18n.LANGUAGES:
        catalog = existing(lang)
        catalog.update(pot, no_fuzzy_matching=True, update_creation_date=False)
        i18n.po_path(lang).parent.mkdir(parents=True, exist_ok=True)
        with i18n.po_path(lang).open("wb") as out:
            write_po(out, catalog, width=0, sort_output=True, no_location=True, ignore_obsolete=True)


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
