"""AppTest harness shared by the page tests: a fresh store per test, every run through `app.py`, full
error details (the fixtures in conftest.py), and helpers to open a page as a phone following a link would.

Harness notes (Streamlit 1.67):
- `AppTest.run()` resets `PagesManager.uses_pages_directory` before every run, and because the app keeps
  its page files in a folder named `pages/` next to `app.py`, Streamlit then runs a requested page the
  legacy "pages directory" way: the page file alone, without `app.py` (no `state.init`, no header). A real
  server does the same until `st.navigation` has run once in the process (see
  `test_deep_link_as_first_request_after_server_start`). The `navigation_v2` fixture puts AppTest in the
  steady state of a running server (the flag False, as `st.navigation` leaves it), so every run goes
  through `app.py` as in production.
- Each new AppTest scans every installed package for Streamlit v2 components (most of a page's run time
  here); `navigation_v2` also memoises that scan, so the same components are registered, found once.
"""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from schichtbuch.shell.nav import page_path
from schichtbuch.store import SQLiteStore
from schichtbuch.texts import i18n

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app.py"
HOME = page_path(None, "home")
PAGE_FIXTURES = ("store_path", "navigation_v2", "error_details")
"""The fixtures of conftest.py every page test uses: `pytestmark = pytest.mark.usefixtures(*PAGE_FIXTURES)`."""


def app(page: str = HOME, lang: str | None = "en", game: str | None = None) -> AppTest:
    """Open `page` as a phone following a link with `?game=…&lang=…` would."""
    return new_session(page, lang, game).run()


def group_app(page: str, lang: str, group_id: str, **extra: str) -> AppTest:
    """Open a group's `page` as a phone following its link with `?group=…&lang=…` (and `extra`) would."""
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.query_params.update({"lang": lang, "group": group_id, **extra})
    return at.switch_page(page).run()


def new_session(page: str = HOME, lang: str | None = "en", game: str | None = None) -> AppTest:
    """A session that a phone's request for `page` opens (its first, or after a server restart), not
    run yet."""
    at = AppTest.from_file(str(APP), default_timeout=30)
    if lang is not None:
        at.query_params["lang"] = lang
    if game is not None:
        at.query_params["game"] = game
    return at.switch_page(page)


def watching(token: str, lang: str = "en", **extra: str) -> AppTest:
    """Open the read-only link with this token (and `view=tv` in `extra` for the big screen)."""
    at = AppTest.from_file(str(APP), default_timeout=30)
    at.query_params.update({"watch": token, "lang": lang, **extra})
    at.switch_page("pages/watch.py")
    return at.run()


def page_shown(at: AppTest) -> str:
    """The page file the last run ended on, relative to the app (`pages/x.py`), also after the app
    switched pages itself. AppTest keeps it only in private fields (Streamlit 1.67)."""
    info = at._registered_pages[at._finished_page_script_hash]
    return Path(str(info["script_path"])).resolve().relative_to(ROOT).as_posix()


def put(path: Path, doc: dict[str, Any]) -> str:
    """Store a game as the home page would and return its id."""
    return SQLiteStore(str(path)).create(doc, {"key": "change.start"}).id


def untapped(at: AppTest, widget: Any, value: Any) -> AppTest:
    """Run `at` with `widget` set to `value` as a phone whose tap did not touch it sends it, after dropping
    the value Streamlit kept for it from the run that drew it: Streamlit then runs the widget's callback
    though nobody tapped it (seen when a card was tapped just as another phone closed the stage). Reads
    Streamlit 1.67's session state, as tests/test_streamlit_private.py checks."""
    widget.set_value(value)
    state = at.session_state._state._state
    state._new_widget_state.states.pop(state._key_id_mapper.get_id_from_key(widget.key))
    return at.run()


def version(path: Path, game_id: str) -> int:
    return SQLiteStore(str(path)).load(game_id).version


def stored(path: Path, game_id: str) -> dict[str, Any]:
    return SQLiteStore(str(path)).load(game_id).doc


def game_count(path: Path) -> int:
    if not path.exists():
        return 0
    with sqlite3.connect(path) as db:
        return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])


def texts(at: AppTest) -> list[str]:
    """Everything the page shows as Markdown: markdown, captions, alerts, expander and widget labels."""
    found = [m.value for m in at.markdown] + [c.value for c in at.caption]
    found += [a.value for kind in (at.error, at.warning, at.info, at.success) for a in kind]
    found += [e.label for e in at.expander]
    found += [w.label for kind in (at.button, at.checkbox, at.number_input, at.selectbox) for w in kind]
    found += [o for g in at.button_group for o in g.options]
    found += [p.value for p in at.page_link]
    return found


def position(at: AppTest, match: Callable[[Any], bool]) -> int:
    """Where on the page the first element or block that `match` accepts comes, counting in page order."""
    return next(i for i, node in enumerate(at.main) if match(node))


def tr(lang: str, key: str, **params: Any) -> str:
    return i18n.translate(lang, key, **params)


def run_command(tmp_path: Path, command: str, data: Any) -> subprocess.CompletedProcess:
    """`python -m scoring <command>` on `data` written as a JSON file, as a shell would run it."""
    path = tmp_path / f"{command}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "scoring", command, str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def failure(at: AppTest) -> str:
    return "\n".join(f"{e.message}\n" + "\n".join(e.stack_trace) for e in at.exception)


def header_ran(at: AppTest, lang: str) -> bool:
    """Whether app.py's header ran: its title, with the CSS and the page's head script, in one element."""
    title = f"<h3 class=\"schichtbuch-title\">⛏️ {tr(lang, 'app.title')}</h3>"
    return any(title in html.proto.body for html in at.get("html"))


def standings_table(at: AppTest, lang: str = "en") -> Any:
    """The standings table the page shows (a Markdown table: a row per player, the total, then each
    category) as a DataFrame: the rank and name cells as written (Markdown-escaped) for its index, the
    column labels, and the numbers as numbers."""
    import pandas as pd

    head = f"|  | {tr(lang, 'col.total')} |"
    (shown,) = [m.value for m in at.markdown if m.value.startswith(head)]
    rows = [[cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]] for line in shown.splitlines()]
    body = [[int(c) if re.fullmatch(r"-?\d+", c) else c for c in row[1:]] for row in rows[2:]]
    return pd.DataFrame(body, index=[row[0] for row in rows[2:]], columns=rows[0][1:])


def is_standings(node: Any) -> bool:
    """Whether an element of the page (`position`) is the standings table."""
    return node.type == "markdown" and str(getattr(node, "value", "")).startswith("|  | ")
