"""Every tap means what the player saw, or says why not (AppTest; the browser tests do the same at a real
table): a phone that shows a stage another phone closed is told so before it shows the next one (every
game, its builder's `CLOSE`), and every widget that saves on change tells the taps what it showed. Each
game's own taps (a stage with nothing logged closed only when asked twice, numbers out of range named
next to their Save, the forms of the next stage starting fresh) are in its own test modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from apptest import PAGE_FIXTURES, ROOT, app, failure, put
from builders import BY_GAME
from schichtbuch.shell.nav import page_path
from schichtbuch.store import SQLiteStore
from scoring.registry import GAMES, page_at_stage

pytestmark = [pytest.mark.pages, pytest.mark.usefixtures(*PAGE_FIXTURES)]
THREE = ["Anna", "Ben", "Cleo"]


def news(at: AppTest) -> str:
    """The title of the one confirmation on the page (what was closed, and where)."""
    assert len(at.success) == 1, [s.value for s in at.success]
    return str(at.success[0].proto.title)


# --- a stage closed on another phone ----------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_stage_closed_on_another_phone_is_told_before_the_next(store_path: Path, game: str) -> None:
    """A phone showing the stage being played (where the table is) runs again once another phone closed it."""
    close = BY_GAME[game].CLOSE
    doc = close.start(THREE)
    game_id = put(store_path, doc)
    at = app(page_path(game, page_at_stage(doc)), "en", game_id)
    SQLiteStore(str(store_path)).change(game_id, close.close, {"key": "change.other"})
    at.run()
    assert not at.exception, failure(at)
    assert news(at) == close.told("en")
    assert close.button("en") not in [b.label for b in at.button]


# --- taps a new session receives ---------------------------------------------------------------------------

def saves_on_change(call: ast.AST) -> bool:
    """A widget drawn with an `on_change` that saves: any but `keep_in_link`, which only puts a picker's
    choice into the link."""
    return isinstance(call, ast.Call) and any(
        k.arg == "on_change" and getattr(k.value, "attr", getattr(k.value, "id", None)) != "keep_in_link"
        for k in call.keywords)


def on_change_widgets() -> list[tuple[str, ast.FunctionDef]]:
    """Every function of the app that draws a widget saving on change (`on_change=`), with its file."""
    found = []
    for path in [ROOT / "app.py", *ROOT.glob("pages/*.py"), *ROOT.glob("schichtbuch/**/*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and any(saves_on_change(call) for call in ast.walk(node)):
                found.append((path.name, node))
    return found


@pytest.mark.parametrize(("file", "function"), on_change_widgets(), ids=lambda x: getattr(x, "name", x))
def test_every_widget_that_saves_on_change_tells_taps_what_it_showed(file: str, function: ast.FunctionDef) -> None:
    """A phone's change of such a widget reaching a new session (a restarted server) before the widget is
    drawn is claimed only if the page said what the widget showed (`taps.drawn`); else it is dropped
    unseen while the phone shows it set."""
    calls = [c.func for c in ast.walk(function) if isinstance(c, ast.Call)]
    assert any(getattr(f, "id", getattr(f, "attr", None)) == "drawn" for f in calls), f"{file}: {function.name}"


