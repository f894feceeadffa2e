"""The shape of the code: no import circle in the packages (`scoring`, `setup`, `schichtbuch`), the layers of
`schichtbuch` (`LAYERS`: a module imports its own layer and those below it, never one above), no shared
module that names a game, and no test module that imports another."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.registry import GAMES

pytestmark = pytest.mark.pure
ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("scoring", "setup", "schichtbuch")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """The modules a file imports at its top level or anywhere (`from a.b import c` counts `a.b.c` when that
    is a module of ours, else `a.b`)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found |= {f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in MODULES else node.module
                      for alias in node.names}
    return found


MODULES = {module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}


def graph() -> dict[str, set[str]]:
    return {name: {m for m in imports(path) if m in MODULES and m != name} for name, path in MODULES.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle, each once (found by a depth-first walk)."""
    found, done = [], set()

    def walk(node: str, path: list[str]) -> None:
        if node in path:
            cycle = path[path.index(node):]
            if frozenset(cycle) not in done:
                done.add(frozenset(cycle))
                found.append(cycle + [node])
            return
        for nxt in sorted(edges[node]):
            walk(nxt, path + [node])

    for start in sorted(edges):
        walk(start, [])
    return found


def test_there_is_no_import_circle() -> None:
    assert cycles(graph()) == []


def test_the_walk_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


LAYERS = {
    "schichtbuch.store": "the game store, the gate every write passes, the ways back and join codes (no Streamlit)",
    "schichtbuch.texts": "the translation catalogs and a page's words in the session's language",
    "schichtbuch.session": "the process's settings and store, the session's state and cookies, what a page run places",
    "schichtbuch.live": "the live path of a tap: taps, what the phone says, saving and undo, closing a stage, refresh",
    "schichtbuch.shell": "the head script, the pages and routing, the header with the table clock, starting a game",
    "schichtbuch.sharing": "links and QR codes, joining, exports, the photo and note of a finished game",
    "schichtbuch.widgets": "what the pages draw: entry widgets, standings and charts, the watch view, game panels",
    "schichtbuch.groups": "a group's pages and taps, its history and statistics, each player's profile and ratings",
    "schichtbuch.after_game": "what a finished game's end page offers: the results card and the next game",
    "schichtbuch.texts.catalog": "the extraction command, which reads the keys every layer builds",
}
"""The layers of `schichtbuch`, lowest first, each a package (or a module standing above the others); under
them all the pure packages (`scoring`, `setup`), above them `pages/` and `app.py`."""


def layer(module: str, layers: list[str]) -> int | None:
    """The position of the layer a module is in: the longest of `layers` it is or is inside; None if none."""
    found = [name for name in layers if module == name or module.startswith(f"{name}.")]
    return layers.index(max(found, key=len)) if found else None


def upward(edges: dict[str, set[str]], layers: list[str]) -> list[str]:
    """Every import from a module to one in a higher layer, and every module in no layer."""
    found = [f"{module} is in no layer" for module in sorted(edges) if layer(module, layers) is None]
    for module, imported in sorted(edges.items()):
        at = layer(module, layers)
        found += [f"{module} imports {m}, a layer above" for m in sorted(imported)
                  if at is not None and (above := layer(m, layers)) is not None and above > at]
    return found


def test_no_layer_imports_one_above_it() -> None:
    edges = {name: imported for name, imported in graph().items() if name.startswith("schichtbuch.")}
    assert upward(edges, list(LAYERS)) == []


def test_the_layers_find_an_import_upward_and_a_module_outside() -> None:
    edges = {"p.low.a": {"p.high.b"}, "p.high.b": {"p.low.a"}, "p.loose": set()}
    assert upward(edges, ["p.low", "p.high"]) == ["p.loose is in no layer", "p.low.a imports p.high.b, a layer above"]


def test_shared_modules_never_name_a_game() -> None:
    """Outside a game's own package, its pages and their panels, its setup module and the registry, no code
    names a game (docstrings and comments aside): the shared code and the general pages iterate the registry."""
    own = {f"{package}.{g}" for g in GAMES for package in ("scoring", "setup", "schichtbuch.widgets.panels")} | {"scoring.registry"}
    named = re.compile("|".join(rf"\b{g}\b" for g in GAMES))
    general_pages = {module_name(p): p for p in (ROOT / "pages").glob("*.py") if not p.stem.startswith(tuple(GAMES))}
    found = []
    for name, path in {**MODULES, **general_pages, "app": ROOT / "app.py"}.items():
        if any(name == o or name.startswith(f"{o}.") for o in own):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        strings = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)}
        docstrings = {ast.get_docstring(n, clean=False) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))}
        names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
            alias.name for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)) for alias in n.names}
        modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        hits = [s for s in (strings - docstrings) | names | modules if s and named.search(s)]
        if hits:
            found.append(f"{name}: {sorted(hits)[:3]}")
    assert found == []


def test_no_test_module_imports_another() -> None:
    """Test modules share their helpers through modules of their own (apptest.py, browser.py, builders/,
    legacy_store.py), never by importing one another."""
    tests = ROOT / "tests"
    modules = {p.stem for p in tests.glob("test_*.py")}
    found = [f"{p.name} imports {m}" for p in tests.rglob("*.py") for m in imports(p) if m.split(".")[0] in modules]
    assert found == []


HEAVY = ("pandas", "numpy", "pyarrow", "altair", "qrcode", "PIL")
"""Libraries only the pages that use them load (a table of statistics, an export, a QR code): every other
page's first run in a fresh process goes without them."""


STATISTICS = ("schichtbuch.groups.stats", "schichtbuch.groups.group_stats")
"""The statistics page's own modules, which compute with pandas."""


def test_the_shared_modules_load_no_heavy_library() -> None:
    shared = sorted(m for m in MODULES if m.startswith("schichtbuch.") and m not in STATISTICS)
    code = f"import sys, {', '.join(shared)}; print(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert loaded.split() == []
