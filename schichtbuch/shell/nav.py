"""Pages and the way between them: the page list and routing, the game or group named in the URL
(`from_url`), the links' parameters, and the live refresh of the game a page shows. The header is in
header.py, joining a game in joining.py. A page run that meets a database out of reach ends in one line
(`store_down`)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

import streamlit as st

from schichtbuch.live import refresh, taps
from schichtbuch.live.messages import refusal, said_elsewhere
from schichtbuch.live.readable import problem
from schichtbuch.live.saving import undo_button
from schichtbuch.session.cookies import remember
from schichtbuch.session.resources import store
from schichtbuch.store import Saved, Unavailable, UnknownGame, is_id
from schichtbuch.texts import i18n
from schichtbuch.texts.words import t, translator
from scoring.game import Game
from scoring.registry import GAMES, page_at_stage

GENERAL_PAGES = ("home", "share", "record", "watch")


GROUP_PAGES = ("group", "history", "stats", "player")
"""A group's pages (`?group=<id>`); their titles are `<page>.page` and `<page>.page.short`."""


T = TypeVar("T")
_LOG = logging.getLogger(__name__)


def page_start() -> Callable[..., str]:
    """The first call of every page: its translator. A page reached before `app.py` has ever run in this
    server process (a join link or reload as the first request after a start) is run by Streamlit's
    legacy `pages/` mode without the app around it. Declaring the navigation ends that mode for the
    process, and one rerun, carrying the tap that made the request (taps.py), then goes through `app.py`
    as usual; the tap is kept in the session first, in case a newer request stops this run."""
    if "lang" not in st.session_state:
        taps.unclaimed()
        st.navigation(list(all_pages().values()), position="hidden")
        taps.rerun_keeping_taps()
    return translator()


def page_path(game: str | None, page: str) -> str:
    return f"pages/{page}.py" if game is None else f"pages/{game}_{page}.py"


def all_page_files() -> list[str]:
    """Every page file of the app, general ones and a group's first, each game's own from the registry."""
    files = [page_path(None, p) for p in GENERAL_PAGES + GROUP_PAGES]
    return files + [page_path(g.id, p) for g in GAMES.values() for p in g.pages]


def all_pages() -> dict[str, st.Page]:
    """Every page of the app by file (`all_page_files`), titled in the session's language; made once per
    session and language, not in every run (each resolves its file's path: 6% of a run)."""
    lang = st.session_state.get("lang", i18n.FALLBACK)
    made: dict[str, dict[str, st.Page]] = st.session_state.setdefault("pages", {})
    if lang not in made:
        made[lang] = {f: st.Page(f, title=i18n.translate(lang, _title_key(f)), default=f == "pages/home.py")
                      for f in all_page_files()}
    return made[lang]


def _title_key(file: str) -> str:
    name = file.removeprefix("pages/").removesuffix(".py")
    return f"{name}.page" if name in GROUP_PAGES else f"page.{name}"


def table_page(saved: Saved) -> str:
    """The page file of the game's stage: where the table is (the registry's `page_at_stage`)."""
    return page_path(saved.doc["game"], page_at_stage(saved.doc))


def params(**extra: str) -> dict[str, str]:
    """The query parameters every link carries: the game (if one is open) and the language."""
    carried = {"lang": st.session_state.lang}
    for name in ("game", "group"):
        if st.query_params.get(name):
            carried[name] = st.query_params[name]
    return carried | extra


def from_url(param: str, load: Callable[[str], T], unknown: type[LookupError], refused: str,
             way_out: tuple[str, str, str]) -> T | None:
    """The game or group the URL names by `param` (`?game=<id>`, `?group=<id>`), loaded fresh from the store
    by `load`; None if the URL names none. An id that is malformed or unknown to the store (`unknown`)
    stops the page with the line `refused` and a way out (page, title key, icon)."""
    item_id = st.query_params.get(param)
    if not item_id:
        return None
    try:
        if not is_id(item_id):
            raise unknown(item_id)
        return load(item_id)
    except unknown:
        st.error(t(refused))
        page, title, icon = way_out
        st.page_link(page, label=t(title), icon=icon, query_params={"lang": st.session_state.lang})
        st.stop()
    raise AssertionError("unreachable")  # st.stop() raises


def current() -> Saved | None:
    """The game named in the URL, loaded fresh from the store (`from_url`) and remembered by this browser;
    None if no game is open."""
    st.session_state.saved = None
    refresh.forget()
    if going := st.session_state.pop("go_to", None):
        st.switch_page(going[0], query_params=going[1] or params())
    saved = from_url("game", store().load, UnknownGame, "error.unknown_game", (page_path(None, "home"), "page.home", "🏠"))
    if saved is None:
        return None
    _readable(saved)
    st.session_state.saved = saved
    remember(saved.id)
    return saved


def _readable(saved: Saved) -> None:
    """Stop with the reason, a way back and a way home if the stored game no longer reads (stored
    before a rule the reader now checks): undo walks back to the last change that reads."""
    if (error := problem(saved)) is not None:
        st.error(t("error.unreadable", problem=refusal(error)))
        undo_button(saved, "unreadable_undo")
        st.page_link("pages/home.py", label=t("page.home"), icon="🏠", query_params={"lang": st.session_state.lang})
        st.stop()


def game(saved: Saved) -> Game:
    return GAMES[saved.doc["game"]]


def require_game(game_id: str | None = None) -> Saved:
    """For the pages of a game (`game_id`, or any): the open game loaded by `current` in this run. With
    no game open, a way home; with another game's record, a way to that game's own pages."""
    saved: Saved | None = st.session_state.get("saved")
    if saved is None:
        st.info(t("error.no_game"))
        st.page_link("pages/home.py", label=t("page.home"), icon="🏠", query_params=params())
        st.stop()
    if game_id is not None and saved.doc["game"] != game_id:
        g = game(saved)
        st.info(t("error.other_game", game=g.names[st.session_state.lang]))
        st.page_link(page_path(g.id, g.pages[0]), label=t(_title_key(page_path(g.id, g.pages[0]))), icon="▶️",
                     query_params=params())
        st.stop()
    return saved


def watch(saved: Saved | None) -> None:
    """Rerun the page when another phone changes the game (live/refresh.py); called before the page runs, so
    that a page that stops early (a question, a confirmation) follows the game too."""
    if saved is not None:
        refresh.follow("games", saved.id, saved.version, lambda: store().version(saved.id), UnknownGame)


def store_down(error: Unavailable) -> None:
    """A page run that met a database it could not reach or use: one line saying so in the page's
    language where the page stopped, never Streamlit's traceback, after what this phone's last tap
    was told (its "Not saved", since its control may not be drawn); the cause goes to the server's log."""
    _LOG.exception("the page could not be shown: the store is unavailable", exc_info=error)
    said_elsewhere()
    st.error(t("error.store_down_page"), icon="🔌")
