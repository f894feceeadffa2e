"""The translation catalogs against each other, against Babel's own checks, against CommonMark (their
Markdown draws as meant with any player's name) and against the code that looks texts up; that no visible
text bypasses the catalogs; and the purity of the scoring and setup packages (no Streamlit, no store, no
randomness, no clock).

Keys the code spells literally are found in the source with `ast`; keys it builds with f-strings are
checked through the sets they expand to (`schichtbuch.texts.catalog.dynamic_keys`: the registry, the enums and
the constant tuples)."""

from __future__ import annotations

import ast
import copy
import json
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from markdown_it import MarkdownIt

from builders import BY_GAME, FINISHED, guides
from schichtbuch.shell.nav import GENERAL_PAGES, page_path
from schichtbuch.texts import catalog, i18n
from schichtbuch.texts.words import md
from scoring.errors import PROBLEMS, RecordError
from scoring.lists import separator
from scoring.registry import GAMES, score

pytestmark = pytest.mark.pure
ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIRS = ("pages", "schichtbuch", "setup", "scoring")
SOURCES = sorted(p for d in SOURCE_DIRS for p in (ROOT / d).rglob("*.py")) + [ROOT / "app.py"]
PURE_DIRS = ("scoring", "setup")
PURE_SOURCES = sorted(p for d in PURE_DIRS for p in (ROOT / d).rglob("*.py"))
FORBIDDEN_IMPORTS = {"streamlit", "sqlite3", "schichtbuch", "random", "time"}
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")
EXAMPLE_GAMES = sorted((ROOT / "tests" / "games").glob("*.json"))
PLURAL_FORMS = {"de": "nplurals=2; plural=(n != 1);", "en": "nplurals=2; plural=(n != 1);",
                "fr": "nplurals=2; plural=(n > 1);", "ja": "nplurals=1; plural=0;"}
"""Each language's gettext plural rule (French: 0 and 1 are singular; Japanese has one form)."""


def load(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=lang)


PO = {lang: load(i18n.po_path(lang), lang) for lang in i18n.LANGUAGES}
TEMPLATE = load(catalog.TEMPLATE)


def key_of(message_id: str | tuple[str, ...]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def forms(po: Catalog) -> dict[str, list[str]]:
    """Each key's texts: one, or one per plural form."""
    return {key_of(m.id): [m.string] if isinstance(m.string, str) else list(m.string) for m in po if m.id}


CATALOGS = {lang: forms(po) for lang, po in PO.items()}
EN = {key: texts[-1] for key, texts in CATALOGS[i18n.FALLBACK].items()}
NAMESPACES = {k.split(".")[0] for k in EN}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def params_for(key: str, text: str) -> dict[str, Any]:
    """Values for every placeholder of `text`, the counted one a number."""
    values: dict[str, Any] = dict.fromkeys(placeholders(text), "x")
    if key in i18n.PLURALS:
        values[i18n.PLURALS[key]] = 2
    return values


# --- the catalogs -----------------------------------------------------------------------------------------

def test_languages_have_catalogs():
    assert set(i18n.LANGUAGES) == {"de", "en", "fr", "ja"}
    assert i18n.FALLBACK in i18n.LANGUAGES
    found = {p.parent.parent.name for p in i18n.LOCALES.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po")}
    assert found == set(i18n.LANGUAGES)
    assert not list(i18n.LOCALES.glob("*.json"))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_catalog_has_every_message_of_the_template(lang: str):
    """The same messages in every language as in the template, plural entries as plural entries."""
    template = {m.id for m in TEMPLATE if m.id}
    assert sorted(map(str, {m.id for m in PO[lang] if m.id} ^ template)) == []


def test_template_is_what_extraction_gives():
    """`messages.pot` is up to date with the code (`python -m schichtbuch.texts.catalog` writes it)."""
    assert {m.id for m in catalog.template() if m.id} == {m.id for m in TEMPLATE if m.id}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_app_reads_the_po_file_as_compiled(lang: str):
    """The `.mo` the app reads is its `.po` compiled (`python -m schichtbuch.texts.catalog` writes both)."""
    assert i18n.mo_path(lang).read_bytes() == i18n.compiled(lang), "run python -m schichtbuch.texts.catalog"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_catalog_file_is_sorted_by_key(lang: str):
    keys = [key_of(m.id) for m in PO[lang] if m.id]
    assert keys == sorted(keys)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_plural_rule(lang: str):
    assert PO[lang].plural_forms == PLURAL_FORMS[lang]
    assert dict(PO[lang].mime_headers)["Plural-Forms"] == PLURAL_FORMS[lang]


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_plural_entries(lang: str):
    """Exactly the counting texts are plural entries, each naming its counted placeholder as msgid_plural and
    filled in every form the language has, each form showing the count."""
    plural = {key_of(m.id): m for m in PO[lang] if m.id and m.pluralizable}
    assert set(plural) == set(i18n.PLURALS)
    for key, m in plural.items():
        counted = i18n.PLURALS[key]
        assert m.id[1] == f"{{{counted}}}"
        assert len(m.string) == PO[lang].num_plurals and all(m.string), key
        assert all(counted in placeholders(form) for form in m.string), key


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_babel_checks_pass(lang: str):
    """Babel's own catalog checks (`Catalog.check`: the number of plural forms, format strings)."""
    assert [(m.id, [str(e) for e in errors]) for m, errors in PO[lang].check()] == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_empty_or_fuzzy_texts(lang: str):
    bad = [m.id for m in PO[lang] if m.id and (m.fuzzy or not all(t.strip() for t in CATALOGS[lang][key_of(m.id)]))]
    assert bad == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_texts_are_valid_format_strings(lang: str):
    """Every text formats: braces balanced, placeholders plain names (no `{x!r}` or `{x.y}`)."""
    bad = []
    for key, texts in CATALOGS[lang].items():
        for text in texts:
            try:
                fields = list(string.Formatter().parse(text))
            except ValueError as error:
                bad.append((key, str(error)))
                continue
            for _, name, spec, conversion in fields:
                if name is not None and (not name.isidentifier() or spec or conversion):
                    bad.append((key, name))
            i18n.translate(lang, key, **params_for(key, text))
    assert bad == []


@pytest.mark.parametrize("lang", [lang for lang in i18n.LANGUAGES if lang != i18n.FALLBACK])
def test_placeholders_agree_between_languages(lang: str):
    differ = {k: (placeholders(EN[k]), [placeholders(t) for t in texts]) for k, texts in CATALOGS[lang].items()
              if any(placeholders(t) != placeholders(EN[k]) for t in texts)}
    assert differ == {}


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_own_terms_are_marked(lang: str):
    """Where a term is ours rather than an edition's, a translator comment says so."""
    marked = [key_of(m.id) for m in PO[lang] if any(c.startswith("Our translation") for c in m.user_comments)]
    assert len(marked) > 50


@pytest.mark.parametrize(("requested", "locale", "default", "shown"), [
    ("ja", "de-DE", "fr", "ja"), (None, "fr-CA", "de", "fr"), (None, "es-ES", "de", "de"), (None, None, "ja", "ja"),
    ("xx", "pt", None, "en"), (None, "not a locale", None, "en")])
def test_language_from_url_then_browser_then_default(requested, locale, default, shown):
    assert i18n.language(requested, locale, default) == shown


def test_extraction_knows_every_namespace():
    """A key in a namespace extraction does not know would be dropped from the template."""
    assert NAMESPACES == catalog.namespaces()


def test_keys_look_like_keys():
    assert [k for k in EN if not KEY.fullmatch(k)] == []


def test_every_problem_code_has_a_text():
    missing = [code for code in PROBLEMS if f"problem.{code}" not in EN]
    assert missing == []


def test_problem_texts_use_only_known_params():
    """The catalog's problem texts need no parameter that the English PROBLEMS text does not have."""
    extra = {code: placeholders(EN[f"problem.{code}"]) - placeholders(PROBLEMS[code]) for code in PROBLEMS}
    assert {c: e for c, e in extra.items() if e} == {}


# --- keys the code spells literally -----------------------------------------------------------------------

def trees() -> Iterator[tuple[Path, ast.Module]]:
    for path in SOURCES:
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    for node in ast.walk(tree):  # attribute docstrings: a string statement after an assignment
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            found.add(id(node.value))
    return found


def literal_strings(tree: ast.AST) -> Iterator[ast.Constant]:
    """String constants that are not docstrings and not the literal parts of an f-string."""
    skip = docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            yield node


def is_t_call(node: ast.AST) -> bool:
    """`t(...)`, `words.t(...)` or `i18n.translate(lang, ...)`."""
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    return (isinstance(f, ast.Name) and f.id == "t") or (isinstance(f, ast.Attribute) and f.attr in {"t", "translate"})


def key_argument(call: ast.Call) -> ast.expr | None:
    f = call.func
    index = 1 if isinstance(f, ast.Attribute) and f.attr == "translate" else 0
    return call.args[index] if len(call.args) > index else None


def t_calls() -> Iterator[tuple[Path, ast.Call]]:
    for path, tree in trees():
        for node in ast.walk(tree):
            if is_t_call(node):
                yield path, node  # type: ignore[misc]


def literal_keys() -> dict[str, list[str]]:
    """Catalog-shaped literals in the namespaces the catalog has, with where they occur."""
    found: dict[str, list[str]] = {}
    for path, tree in trees():
        for node in literal_strings(tree):
            if catalog.is_key(node.value):
                found.setdefault(node.value, []).append(f"{relative(path)}:{node.lineno}")
    return found


def test_scan_finds_keys():
    """The scans below are not vacuous."""
    keys = literal_keys()
    assert len(keys) > 50
    assert {"app.title", "home.start", *(g.stage for g in GAMES.values())} <= set(keys)
    assert sum(1 for _ in t_calls()) > 50


def test_literal_t_keys_exist():
    missing = []
    for path, call in t_calls():
        arg = key_argument(call)
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value not in EN:
            missing.append(f"{relative(path)}:{call.lineno} {arg.value}")
    assert missing == []


def test_literal_keys_exist():
    """Also keys handed on as data: setup steps, breakdown lines, status and tie-break keys."""
    missing = {k: where for k, where in literal_keys().items() if k not in EN}
    assert missing == {}


def test_literal_t_calls_pass_every_placeholder():
    """`t("key", a=…)` gives every `{placeholder}` the text needs (a missing one raises KeyError)."""
    short = []
    for path, call in t_calls():
        arg = key_argument(call)
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)) or arg.value not in EN:
            continue
        if any(kw.arg is None for kw in call.keywords):  # **params: checked at run time
            continue
        given = {kw.arg for kw in call.keywords}
        for lang, texts in CATALOGS.items():
            need = set().union(*map(placeholders, texts[arg.value])) - given
            if need:
                short.append(f"{relative(path)}:{call.lineno} {lang} {arg.value} lacks {sorted(need)}")
    assert short == []


def test_f_string_keys_match_the_catalog():
    """Every key built with an f-string matches at least one catalog key (the families are listed below)."""
    unmatched = []
    for path, call in t_calls():
        arg = key_argument(call)
        if not isinstance(arg, ast.JoinedStr):
            continue
        pattern = "".join(re.escape(v.value) if isinstance(v, ast.Constant) else r"[a-z0-9_.]+" for v in arg.values)
        if not any(re.fullmatch(pattern, k) for k in EN):
            unmatched.append(f"{relative(path)}:{call.lineno} {ast.unparse(arg)}")
    assert unmatched == []


def test_record_errors_name_known_problems_with_their_params():
    """`RecordError(field, "code", **params)` in the source: a known code, and its texts need no more."""
    bad = []
    for path, tree in trees():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "RecordError"):
                continue
            if len(node.args) < 2 or not isinstance(node.args[1], ast.Constant):
                continue
            code, given = node.args[1].value, {kw.arg for kw in node.keywords}
            if code not in PROBLEMS:
                bad.append(f"{relative(path)}:{node.lineno} unknown code {code}")
                continue
            for text in (PROBLEMS[code], *(t for c in CATALOGS.values() for t in c[f"problem.{code}"])):
                if placeholders(text) - given:
                    bad.append(f"{relative(path)}:{node.lineno} {code} lacks {sorted(placeholders(text) - given)}")
    assert bad == []


# --- counts and players in the texts ---------------------------------------------------------------------

COUNTED = [
    ("fr", "history.count", {"count": 2, "finished": "1 terminée"}, "2 parties, 1 terminée"),
    ("fr", "history.finished", {"finished": 2}, "2 terminées"),
    ("de", "history.count", {"count": 2, "finished": "2 beendet"}, "2 Spiele, 2 beendet"),
    ("en", "history.count", {"count": 1, "finished": "0 finished"}, "1 game, 0 finished"),
    *(case for builders in BY_GAME.values() for case in builders.COUNTED),
]
"""Texts that count something or name a player, as the table reads them (each game's in its builder's
`COUNTED`): the noun agrees with its number (French: 0 and 1 singular; Japanese has one form), numbers are
written as the language writes them, and a named player is not referred to by a gendered pronoun."""


@pytest.mark.parametrize(("lang", "key", "params", "expected"), COUNTED)
def test_counts_agree_with_their_nouns(lang: str, key: str, params: dict[str, Any], expected: str):
    """The text says `expected`, as whole words ("1 coal cube" is not in "1 coal cubes")."""
    assert re.search(rf"(?<!\w){re.escape(expected)}(?!\w)", i18n.translate(lang, key, **params))


PLAYER_PLACEHOLDERS = {"player", "players", "attacker", "target", "first", "second", "rival"}
GENDERED = {"fr": {"il", "elle", "lui", "ils", "elles"}, "en": {"he", "she", "him", "her", "his"},
            "de": {"er", "ihm", "ihn"}}
"""Pronouns that would give a named player a gender."""


@pytest.mark.parametrize("lang", sorted(GENDERED))
def test_texts_naming_a_player_give_them_no_gendered_pronoun(lang: str):
    found = [(key, text) for key, texts in CATALOGS[lang].items() for text in texts
             if placeholders(text) & PLAYER_PLACEHOLDERS
             and GENDERED[lang] & set(re.findall(r"\w+", text.lower().replace("'", " ")))]
    assert found == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_text_hedges_a_plural_with_brackets(lang: str):
    """A count's noun takes its plural form from the catalog, never "(s)", "(e)" or "(r)"."""
    assert [key for key, texts in CATALOGS[lang].items() for text in texts if re.search(r"\w\((s|e|es|n|r)\)", text)] == []


# --- Markdown as the pages draw it ------------------------------------------------------------------------

MARKDOWN = MarkdownIt("commonmark").enable("strikethrough")
"""CommonMark with GFM's strikethrough, the rules react-markdown draws Streamlit's Markdown by (GFM's tables
and autolinks mark no text up)."""
LEFT_UNDONE = re.compile(r"[*`]|~~|(?<!\w)_|_(?!\w)")
"""Markup shown as it was typed: an asterisk, a backtick, a double tilde, an underscore at a word's edge
(`SCHICHTBUCH_BASE_URL` is a word, not emphasis)."""


def names_in_markdown(lang: str) -> list[str]:
    """Player names as the pages put them into Markdown (escaped with `md`): plain, the dummy seat as the
    standings name it (`Fictif（ダミー）`, ending in full-width punctuation), and names that begin or end in
    punctuation, escaped (`\\<Max\\>`) or not."""
    return ["Anna", i18n.translate(lang, "standings.dummy", player=md("Fictif")), md("Ben (2)"), md("<Max>"),
            "「ユキ」"]


def drawn(markdown: str) -> str:
    """The text a reader sees of `markdown`: its text runs (markup that did not take stays in them), code
    spans left out."""
    return "".join(child.content for block in MARKDOWN.parse(markdown) for child in block.children or []
                   if child.type == "text")


def marked_up(lang: str) -> Iterator[tuple[str, str]]:
    """Each text of `lang` (each plural form) that carries Markdown, with its key."""
    for key, texts in CATALOGS[lang].items():
        yield from ((key, text) for text in texts if re.search(r"[*_`~]", text))


def filled(text: str, name: str) -> str:
    """`text` with `name` for every player and 12 for every other placeholder (numbers, points, stages)."""
    return text.format(**{p: name if p in PLAYER_PLACEHOLDERS else "12" for p in placeholders(text)})


@pytest.mark.parametrize(("markdown", "undone"), [
    ("**Fictif（ダミー）**が最多", "****"), ("最多：**Fictif（ダミー）**（12点）", ""),
    ("**Ben (2)** wins", ""), ("**\\<Max\\>**は", "****"), ("~~Wheelbarrow~~ ✓", ""), ("✓ ~~Cart", "~~"),
    ("set SCHICHTBUCH_BASE_URL", ""), ("`--server.address`", ""), ("_x", "_"), ("3 * 4", "*")])
def test_markup_left_undone_is_found(markdown: str, undone: str):
    assert "".join(LEFT_UNDONE.findall(drawn(markdown))) == undone


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_markup_takes(lang: str):
    """Every text that marks something up draws it so, with a plain name for each player and numbers."""
    undone = [(key, shown) for key, text in marked_up(lang) if LEFT_UNDONE.search(shown := drawn(filled(text, "Anna")))]
    assert undone == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_markup_takes_with_every_name(lang: str):
    """Every text that marks something up draws the same with any player's name as with a plain one:
    CommonMark closes `**` followed by a letter only where no punctuation precedes it, so `**{player}**が`
    shows its asterisks for the dummy seat `Fictif（ダミー）`, or pairs them with the next `**` instead."""
    differ = [(key, name) for key, text in marked_up(lang) for name in names_in_markdown(lang)
              if MARKDOWN.render(filled(text, name))
              != MARKDOWN.render(filled(text, "Anna")).replace("Anna", MARKDOWN.renderInline(name))]
    assert differ == []


# --- keys the code builds: the expanded sets --------------------------------------------------------------

def page_files() -> list[str]:
    return [page_path(None, p) for p in GENERAL_PAGES] + [
        page_path(g.id, p) for g in GAMES.values() for p in g.pages]


def expanded_keys() -> dict[str, set[str]]:
    """The keys extraction expands, and the tie-break keys the scorers name."""
    return catalog.dynamic_keys() | {"tie-breaks": {key for g in GAMES.values() for key in g.tiebreaks}}


@pytest.mark.parametrize("family", list(expanded_keys()))
def test_expanded_keys_exist(family: str):
    keys = expanded_keys()[family]
    assert keys
    assert sorted(k for k in keys if k not in EN) == []


def test_page_registry_matches_files():
    assert all((ROOT / f).is_file() for f in page_files())


def test_game_names_in_every_language():
    for g in GAMES.values():
        assert set(g.names) >= set(i18n.LANGUAGES)
        assert all(g.names[lang].strip() for lang in i18n.LANGUAGES)


@pytest.mark.parametrize("count", sorted(set().union(*(g.players for g in GAMES.values()))))
def test_setup_steps_have_texts_with_their_params(count: int):
    for step in guides([f"P{i}" for i in range(count)]):
        for lang, texts in CATALOGS.items():
            assert step.key in texts, step.key
            assert all(placeholders(t) <= set(step.params) for t in texts[step.key]), (lang, step.key)
            i18n.translate(lang, step.key, **step.params)


def records() -> list[dict[str, Any]]:
    examples = [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLE_GAMES]
    return [build() for build in FINISHED.values()] + examples


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_breakdown_lines_translate(lang: str):
    """Every line a scorer writes has a text, its `_key(s)` params are keys, and nothing is missing."""
    seen = set()
    for record in records():
        result = score(record)
        for standing in result.standings:
            if standing.decided_by:
                i18n.translate(lang, standing.decided_by, value=standing.tiebreak)
            for line in standing.lines:
                seen.add(line.key)
                values = {}
                for name, value in line.params.items():
                    if name.endswith("_keys"):
                        values[name.removesuffix("_keys")] = " + ".join(i18n.translate(lang, v) for v in value)
                    elif name.endswith("_key"):
                        values[name.removesuffix("_key")] = i18n.translate(lang, value)
                    else:
                        values[name] = value
                assert all(placeholders(t) <= set(values) for t in CATALOGS[lang][line.key]), line
                i18n.translate(lang, line.key, **values)
    assert set().union(*(builders.LINES for builders in BY_GAME.values())) <= seen


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_status_and_stage_texts_translate(lang: str):
    for record in records():
        g = GAMES[record["game"]]
        key, numbers = g.status(record)
        i18n.translate(lang, key, **numbers)
        for stage in g.stages:
            i18n.translate(lang, g.stage, stage=stage)


# --- purity of scoring/ and setup/ ------------------------------------------------------------------------

def imported_roots(tree: ast.AST) -> set[str]:
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in {
                "__import__", "import_module"} and node.args and isinstance(node.args[0], ast.Constant):
            roots.add(str(node.args[0].value).split(".")[0])
    return roots


def test_pure_sources_found():
    assert {p.relative_to(ROOT).parts[0] for p in PURE_SOURCES} == set(PURE_DIRS)
    assert all({ROOT / "scoring" / g / "__init__.py", ROOT / "setup" / f"{g}.py"} <= set(PURE_SOURCES) for g in GAMES)


@pytest.mark.parametrize("path", PURE_SOURCES, ids=[relative(p) for p in PURE_SOURCES])
def test_pure_module_imports(path: Path):
    """No Streamlit, store or app package, and neither `random` nor `time` (anywhere in the module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    assert imported_roots(tree) & FORBIDDEN_IMPORTS == set()


@pytest.mark.parametrize("path", PURE_SOURCES, ids=[relative(p) for p in PURE_SOURCES])
def test_pure_module_uses_no_randomness_or_clock(path: Path):
    """Not even through another name: no `random.`, `time.`, `datetime.now`/`today`, `secrets`, `uuid` (`datetime`
    itself converts given times, as BG Stats' play date does)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    used = [ast.unparse(n) for n in ast.walk(tree) if isinstance(n, ast.Attribute) and (
        (isinstance(n.value, ast.Name) and n.value.id in {"random", "time", "secrets", "uuid"})
        or n.attr in {"now", "today", "utcnow", "perf_counter", "monotonic"})]
    assert used == []
    assert imported_roots(tree) & {"secrets", "uuid"} == set()


@pytest.mark.parametrize("game", list(GAMES))
def test_refused_fields_are_named_in_every_language(game: str):
    """Each word of a refused field's path has a `field.<word>` text, except player names, indices and
    the unknown key a record named (it is shown as typed)."""
    data = BY_GAME[game]
    for name, change, _ in data.REFUSED:
        record = copy.deepcopy(data.complete())
        change(record)
        with pytest.raises(RecordError) as err:
            score(record)
        shown_as_typed = {*record["players"], *data.complete()["players"], "Zoe", "pink", "river"}
        words = [w for w in err.value.field.split(".") if not w.isdigit() and w not in shown_as_typed]
        for lang in i18n.LANGUAGES:
            assert all(f"field.{w}" in CATALOGS[lang] for w in words), (name, err.value.field, lang)


@pytest.mark.parametrize("field", ["started", "ended"])
def test_a_bad_time_is_named_in_every_language(field: str):
    """A start or end time that does not read is refused naming the field, never its raw key."""
    record = {**json.loads(EXAMPLE_GAMES[0].read_text(encoding="utf-8")), field: "19:30"}
    with pytest.raises(RecordError) as err:
        score(record)
    assert err.value.field == field
    for lang in i18n.LANGUAGES:
        assert f"field.{field}" in CATALOGS[lang]

# --- no visible text outside the catalogs -----------------------------------------------------------------

SHOWING = {"markdown", "caption", "write", "text", "title", "header", "subheader", "error", "warning", "info",
           "success", "toast", "button", "form_submit_button", "download_button", "link_button", "page_link",
           "text_input", "text_area", "number_input", "selectbox", "multiselect", "radio", "checkbox", "toggle",
           "segmented_control", "pills", "file_uploader", "expander", "popover", "tabs", "metric", "Page", "table",
           "dataframe", "status", "spinner"}
"""Streamlit calls that put their text arguments on screen."""

HIDDEN_KEYWORDS = {"key", "type", "icon", "width", "height", "label_visibility", "format", "on_click", "on_change",
                   "args", "kwargs", "query_params", "data", "mime", "file_name", "selection_mode", "gap",
                   "vertical_alignment"}
"""Keyword arguments of those calls that are never shown as text."""

HIDDEN_POSITIONS = {"page_link": {0}, "Page": {0}, "download_button": {1, 2, 3}}
"""Positional arguments of those calls that are never shown: a page's file, a download's data, file name
and type."""

LETTER = re.compile(r"[^\W\d_]")


def shown_literals(call: ast.Call) -> Iterator[str]:
    """Text written into a showing call: string constants and the literal parts of f-strings, outside
    `t(...)` calls and outside keywords that are not shown."""
    hidden = HIDDEN_POSITIONS.get(call.func.attr, set()) if isinstance(call.func, ast.Attribute) else set()
    arguments = [a for i, a in enumerate(call.args) if i not in hidden]
    arguments += [kw.value for kw in call.keywords if kw.arg not in HIDDEN_KEYWORDS]
    for argument in arguments:
        yield from written(argument)


def written(node: ast.AST) -> Iterator[str]:
    """The string constants of an expression that reach the screen as they are: not the arguments of a
    call inside it (`t("key")`, `md(name)`, `page_path("mine", "end")` give their own results), nor
    the conditions and subscripts that only choose between values."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from (*written(node.body), *written(node.orelse))
    elif isinstance(node, (ast.JoinedStr, ast.FormattedValue, ast.BinOp, ast.List, ast.Tuple)):
        for child in ast.iter_child_nodes(node):
            yield from written(child)


def bypassing(source: str) -> list[str]:
    """The texts of `source` that showing calls write on screen without the catalog."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in SHOWING \
                and getattr(node.func.value, "id", None) != "_LOG":  # the server's log, not the page
            found += [text for text in shown_literals(node) if LETTER.search(text) and not catalog.is_key(text)]
    return found


@pytest.mark.parametrize(("source", "found"), [
    ('st.button("Save")', ["Save"]),
    ('st.markdown(f"**Total:** {points}")', ["**Total:** "]),
    ('col.caption("—" if done else "Weiter")', ["Weiter"]),
    ('st.page_link("pages/home.py", label="Home")', ["Home"]),
    ('st.selectbox("言語", LANGUAGES)', ["言語"]),
    ('st.button(t("action.save"), key="save_1")', []),
    ('_LOG.warning("live refresh: polling")', []),
    ('st.markdown(f"**{t(\'app.title\')}** · {md(name)} 🎲")', []),
    ('st.page_link(page_path(None, "record"), label=t("page.record"), icon="💾")', []),
])
def test_bypass_check_finds_plain_text(source: str, found: list[str]):
    assert bypassing(source) == found


def test_no_visible_text_bypasses_the_catalog():
    """Every word a page shows comes from the catalog: the text arguments of Streamlit's showing calls hold
    no letters of their own (Markdown, symbols, numbers and emoji are fine; player-typed text comes in
    through variables). Keys passed to `t` are not text."""
    bypass = {relative(path): found for path in SOURCES if (found := bypassing(path.read_text(encoding="utf-8")))}
    assert bypass == {}


@pytest.mark.parametrize(("lang", "names", "tally"), [
    ("en", "Anna, Ben, and Cleo", "Anna +9, Ben +4"),
    ("de", "Anna, Ben und Cleo", "Anna +9, Ben +4"),
    ("fr", "Anna, Ben et Cleo", "Anna +9, Ben +4"),
    ("ja", "Anna、Ben、Cleo", "Anna +9、Ben +4"),
])
def test_lists_are_joined_as_each_language_joins_them(lang: str, names: str, tally: str):
    assert i18n.listed(lang, ["Anna", "Ben", "Cleo"]) == names
    assert separator(lang).join(["Anna +9", "Ben +4"]) == tally
