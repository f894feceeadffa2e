"""The translation catalogs against each other and against the code that looks texts up, and the purity of
the scoring and setup packages (no Streamlit, no store, no randomness, no clock).

Keys the code spells literally are found in the source with `ast`; keys it builds with f-strings are
checked through the sets they expand to (the registry, the enums and the constant tuples)."""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from schichtbuch import i18n, ui
from scoring import coal_baron, mine, schichtwechsel
from scoring.coal_baron import ELEMENTS, END_FIELDS, SHIFTS, TIEBREAK_RULES, Transport
from scoring.majorities import Place
from scoring.records import PROBLEMS, RecordError
from scoring.registry import GAMES, PALETTE, score
from setup import Step
from scoring.coal_baron import COLOURS
from setup.coal_baron import PLAYER_COUNTS, checklist
from setup.schichtwechsel import ACTION_RULES, SCORING_RULES, preparation
from setup.schichtwechsel import checklist as schichtwechsel_checklist
from setup import mine as mine_setup

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "schichtbuch" / "locales"
SOURCE_DIRS = ("pages", "schichtbuch", "setup", "scoring")
SOURCES = sorted(p for d in SOURCE_DIRS for p in (ROOT / d).glob("*.py")) + [ROOT / "app.py"]
PURE_DIRS = ("scoring", "setup")
PURE_SOURCES = sorted(p for d in PURE_DIRS for p in (ROOT / d).glob("*.py"))
FORBIDDEN_IMPORTS = {"streamlit", "sqlite3", "schichtbuch", "random", "time"}
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")
EXAMPLE_GAMES = sorted((ROOT / "tests" / "games").glob("*.json"))


def load(lang: str) -> dict[str, Any]:
    return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))


CATALOGS = {lang: load(lang) for lang in i18n.LANGUAGES}
EN = CATALOGS[i18n.FALLBACK]
NAMESPACES = {k.split(".")[0] for k in EN}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


# --- the catalogs -----------------------------------------------------------------------------------------

def test_languages_have_catalogs():
    assert set(CATALOGS) == set(i18n.LANGUAGES) == {"de", "en"}
    assert i18n.FALLBACK in CATALOGS
    assert {p.stem for p in LOCALES.glob("*.json")} == set(i18n.LANGUAGES)


def test_catalogs_have_the_same_keys():
    de, en = CATALOGS["de"], CATALOGS["en"]
    assert sorted(set(en) - set(de)) == [], "missing in de"
    assert sorted(set(de) - set(en)) == [], "missing in en"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_no_empty_values(lang: str):
    bad = [k for k, v in CATALOGS[lang].items() if not isinstance(v, str) or not v.strip()]
    assert bad == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_texts_are_valid_format_strings(lang: str):
    """Every text formats: braces balanced, placeholders plain names (no `{x!r}` or `{x.y}`)."""
    bad = []
    for key, text in CATALOGS[lang].items():
        try:
            fields = list(string.Formatter().parse(text))
        except ValueError as error:
            bad.append((key, str(error)))
            continue
        for _, name, spec, conversion in fields:
            if name is not None and (not name.isidentifier() or spec or conversion):
                bad.append((key, name))
        i18n.translate(lang, key, **dict.fromkeys(placeholders(text), "x"))
    assert bad == []


def test_placeholders_agree_between_languages():
    de, en = CATALOGS["de"], CATALOGS["en"]
    differ = {k: (placeholders(en[k]), placeholders(de[k])) for k in set(en) & set(de)
              if placeholders(en[k]) != placeholders(de[k])}
    assert differ == {}


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
    """`t(...)`, `ui.t(...)` or `i18n.translate(lang, ...)`."""
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
            if KEY.fullmatch(node.value) and node.value.split(".")[0] in NAMESPACES:
                found.setdefault(node.value, []).append(f"{relative(path)}:{node.lineno}")
    return found


def test_scan_finds_keys():
    """The scans below are not vacuous."""
    keys = literal_keys()
    assert len(keys) > 50
    assert {"app.title", "home.start", "coal_baron.setup.board", "coal_baron.line.order"} <= set(keys)
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
        for lang, catalog in CATALOGS.items():
            need = placeholders(catalog[arg.value]) - given
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
            for text in (PROBLEMS[code], *(c[f"problem.{code}"] for c in CATALOGS.values())):
                if placeholders(text) - given:
                    bad.append(f"{relative(path)}:{node.lineno} {code} lacks {sorted(placeholders(text) - given)}")
    assert bad == []


# --- keys the code builds: the expanded sets --------------------------------------------------------------

def page_files() -> list[str]:
    return [ui.page_path(None, p) for p in ui.GENERAL_PAGES] + [
        ui.page_path(g.id, p) for g in GAMES.values() for p in g.pages]


def expanded_keys() -> dict[str, set[str]]:
    pages = {f.removeprefix("pages/").removesuffix(".py") for f in page_files()}
    return {
        "page titles": {f"page.{p}" for p in pages} | {f"page.{p}.short" for p in pages},
        "categories": {f"{g.id}.cat.{c}{suffix}" for g in GAMES.values() for c in g.categories for suffix in ("", ".short")},
        "game texts": {k for g in GAMES.values() for k in (g.stage, f"{g.id}.chart", f"{g.id}.shared_place", f"{g.id}.points",
                                                            f"{g.id}.score")},
        "transports": {f"transport.{t}" for t in Transport},
        "elements": {f"element.{e.kind}.{e.name}" for e in ELEMENTS},
        "places": {f"place.{p}" for p in Place},
        "colours": {f"colour.{c}" for c in PALETTE},
        "end fields": {f"coal_baron.end.{f}" for f in END_FIELDS},
        "coal": {f"coal.{c}" for c in COLOURS},
        "problems": {f"problem.{c}" for c in PROBLEMS},
        "tie-breaks": set(TIEBREAK_RULES),
        "lock tiles": {c.lock_tiles for c in PLAYER_COUNTS.values()},
        "schichtwechsel end fields": {f"schichtwechsel.end_field.{r}" for r in schichtwechsel.RACES},
        "schichtwechsel items": {f"schichtwechsel.item.{i}" for i in schichtwechsel.PLAYER_ITEMS},
        "schichtwechsel rules": {f"schichtwechsel.rule.{k}" for k in (*ACTION_RULES, *SCORING_RULES)},
        "schichtwechsel round forms": {f"schichtwechsel.round.save_{m}" for m in ("new", "fix")},
        "mine tie-breaks": set(mine.TIEBREAK_RULES),
        "mine looting reasons": {f"mine.loot.{r}" for r in ("held", "took", "stock", "shared")},
        "game options": {f"{g.id}.option.{o}{suffix}" for g in GAMES.values() for o in g.options
                         for suffix in ("", "_help")}
                        | {f"{g.id}.option.no_dummy" for g in GAMES.values() if "dummy" in g.options},
        "named start players": {f"{g.id}.start_player" for g in GAMES.values() if not g.draw_start},
    }


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


def guides(count: int) -> Iterator[Step]:
    """Every setup and round step any game's guide shows for `count` players."""
    names = [f"P{i}" for i in range(count)]
    yield from checklist(names, names[-1])
    yield from schichtwechsel_checklist(names, names[0])
    for number in range(1, schichtwechsel.ROUNDS + 1):
        yield from preparation(number, names, names[1])
    for variant, dummy in ((False, None), (True, names[-1])):
        yield from mine_setup.checklist(names, names[0], variant, dummy)
    yield from (mine_setup.placement(names[0]), mine_setup.recruitment(), mine_setup.round_end(names, names[-1]))


@pytest.mark.parametrize("count", sorted(PLAYER_COUNTS))
def test_setup_steps_have_texts_with_their_params(count: int):
    for step in guides(count):
        for lang, catalog in CATALOGS.items():
            assert step.key in catalog, step.key
            assert placeholders(catalog[step.key]) <= set(step.params), (lang, step.key)
            i18n.translate(lang, step.key, **step.params)


def finished_game() -> dict[str, Any]:
    names = ["Anna", "Ben", "Cleo"]
    doc = coal_baron.new_record(names, {}, "Anna")
    for shift in range(1, SHIFTS + 1):
        for i, name in enumerate(names):
            for order in coal_baron.read(doc).cards_left(list(Transport)[(i + shift) % 4])[i: i + 3]:
                doc = coal_baron.deliver(doc, shift, name, order)
        extra = {"factory": {n: i for i, n in enumerate(names)}} if shift < SHIFTS else {
            "empty_carts": {n: dict.fromkeys(COLOURS, i) for i, n in enumerate(names)}}
        doc = coal_baron.close_shift(doc, shift, **extra)
    for name in names:
        doc = coal_baron.set_end(doc, name, dict.fromkeys(END_FIELDS, 4), None)
    return doc


def finished_schichtwechsel() -> dict[str, Any]:
    names = ["Anna", "Ben", "Cleo"]
    doc = schichtwechsel.new_record(names, {}, "Anna")
    for number in range(1, schichtwechsel.ROUNDS + 1):
        doc = schichtwechsel.add_round(doc, number, f"Karte {number}", dict.fromkeys(names, number))
    for place, name in enumerate(names):
        doc = schichtwechsel.arrive(doc, schichtwechsel.RACES[place], name, 0)
        doc = schichtwechsel.set_items(doc, name, dict.fromkeys(schichtwechsel.PLAYER_ITEMS, 2), None)
    return doc


def records() -> list[dict[str, Any]]:
    examples = [json.loads(p.read_text(encoding="utf-8")) for p in EXAMPLE_GAMES]
    return [finished_game(), finished_schichtwechsel(), *examples]


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
                assert placeholders(CATALOGS[lang][line.key]) <= set(values), line
                i18n.translate(lang, line.key, **values)
    assert {"coal_baron.line.order", "coal_baron.line.majority", "coal_baron.line.money", "schichtwechsel.line.round",
            "schichtwechsel.line.miner", "schichtwechsel.line.tools"} <= seen


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
    assert {p.parent.name for p in PURE_SOURCES} == set(PURE_DIRS)
    assert ROOT / "scoring" / "coal_baron.py" in PURE_SOURCES


@pytest.mark.parametrize("path", PURE_SOURCES, ids=[relative(p) for p in PURE_SOURCES])
def test_pure_module_imports(path: Path):
    """No Streamlit, store or app package, and neither `random` nor `time` (anywhere in the module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    assert imported_roots(tree) & FORBIDDEN_IMPORTS == set()


@pytest.mark.parametrize("path", PURE_SOURCES, ids=[relative(p) for p in PURE_SOURCES])
def test_pure_module_uses_no_randomness_or_clock(path: Path):
    """Not even through another name: no `random.`, `time.`, `datetime.now`/`today`, `secrets`, `uuid`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    used = [ast.unparse(n) for n in ast.walk(tree) if isinstance(n, ast.Attribute) and (
        (isinstance(n.value, ast.Name) and n.value.id in {"random", "time", "secrets", "uuid"})
        or n.attr in {"now", "today", "utcnow", "perf_counter", "monotonic"})]
    assert used == []
    assert imported_roots(tree) & {"secrets", "uuid", "datetime"} == set()


def test_refused_fields_are_named_in_both_languages():
    """Each word of a refused field's path has a `field.<word>` text, except player names, indices and
    the unknown key a record named (it is shown as typed)."""
    from test_coal_baron_scoring import NAMES3, REFUSED_RECORDS, complete

    for name, change, _ in REFUSED_RECORDS:
        data = complete()
        change(data)
        with pytest.raises(RecordError) as err:
            coal_baron.score(data)
        words = [w for w in err.value.field.split(".") if not w.isdigit() and w not in NAMES3 + ["Zoe", "pink"]]
        for lang in ("de", "en"):
            assert all(f"field.{w}" in i18n.catalog(lang) for w in words), (name, err.value.field, lang)


def test_refused_schichtwechsel_fields_are_named_in_both_languages():
    from test_schichtwechsel_scoring import NAMES, REFUSED

    for name, _, field in REFUSED:
        words = [w for w in field.split(".") if not w.isdigit() and w not in NAMES + ["Zoe", "river"]]
        for lang in ("de", "en"):
            assert all(f"field.{w}" in i18n.catalog(lang) for w in words), (name, field, lang)


@pytest.mark.parametrize("field", ["started", "ended"])
def test_a_bad_time_is_named_in_both_languages(field: str):
    """A start or end time that does not read is refused naming the field, never its raw key."""
    record = {**json.loads(EXAMPLE_GAMES[0].read_text(encoding="utf-8")), field: "19:30"}
    with pytest.raises(RecordError) as err:
        score(record)
    assert err.value.field == field
    for lang in ("de", "en"):
        assert f"field.{field}" in i18n.catalog(lang)
