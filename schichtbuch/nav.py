"""Pages and the way between them: the page list, join links and routing, the current game from the URL,
the header with the game's stage and page links, and the live refresh from other phones."""

from __future__ import annotations

import time
from collections.abc import Callable

import streamlit as st

from schichtbuch import codes, i18n, live, share, taps
from schichtbuch.session import remember, slot, store, t, translator, wrong_codes
from schichtbuch.store import Document, Saved, UnknownGame, is_id
from schichtbuch.writes import refusal, refused, undo_button
from scoring.errors import RecordError
from scoring.registry import GAMES, Game, page_at_stage, score

GENERAL_PAGES = ("home", "share", "record")


GROUP_PAGES = ("group", "history", "stats")
"""A group's pages (`?group=<id>`); their titles are `<page>.page` and `<page>.page.short`."""


CHECKED_KEPT = 512
"""Game versions whose reading `problem` keeps: every table of a busy server, twice over."""


PHONE_CSS = """
header[data-testid="stHeader"] { display: none; }
.block-container { padding-top: 1rem; padding-bottom: 3rem; }
button, [data-testid="stPageLink"] a { min-height: 44px; }
[data-testid="stTable"], [data-testid="stMarkdownContainer"]:has(> table) { overflow-x: auto; }
[data-testid="stMarkdownContainer"] > table :is(th, td)[style*="right"],
.stTable[data-testid="stTable"] [data-testid="stMarkdownContainer"],
.stTable[data-testid="stTable"] [data-testid="stMarkdownContainer"] p { white-space: nowrap; }
[data-testid="stTable"] tr > :first-child, [data-testid="stMarkdownContainer"] > table tr > :first-child {
  position: sticky; left: 0; z-index: 1; background: #fff; }
.st-key-standings tbody :is(th, td:nth-child(2)) { color: inherit; font-weight: 600; }
.st-key-app_lang button { padding-left: 0.6rem; padding-right: 0.6rem; }
"""
"""Room at the top on a phone, and touch targets of at least 44 px (Apple's and Google's guidance). Tables
keep their numbers (right-aligned columns) on one line, the standings their names too, and scroll
sideways inside themselves with the first column (the player) fixed, so six seats are never clipped by
the page; in the standings, names and totals stand out."""


def page_start() -> Callable[..., str]:
    """The first call of every page: its translator. A page reached before `app.py` has ever run in this
    server process (a join link or reload as the first request after a start) is run by Streamlit's
    legacy `pages/` mode without the app around it. Declaring the navigation ends that mode for the
    process, and one rerun, carrying the tap that made the request (taps.py), then goes through `app.py`
    as usual."""
    if "lang" not in st.session_state:
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
    made = st.session_state.setdefault("pages", {})
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


def follow_join() -> None:
    """Routing for a join link (`?game=<id>&join=1`: the QR code, a pasted link, a typed code): on to the
    page the table is on, where the header notes that this phone has joined. It runs before `current()`,
    so the game is remembered by the landing page's run, not by one that is cut short here."""
    game_id = st.query_params.get("game", "")
    group_id = st.query_params.get("group", "")
    if share.JOIN in st.query_params and not game_id and is_id(group_id):
        st.switch_page(page_path(None, "group"), query_params={"group": group_id, "lang": st.session_state.lang})
    if share.JOIN not in st.query_params or not is_id(game_id):
        return
    try:
        saved = store().load(game_id)
    except UnknownGame:
        return  # `current()` says so
    st.session_state.join_note = game_id
    st.switch_page(table_page(saved), query_params={"game": game_id, "lang": st.session_state.lang})


def join_typed(text: str) -> str | None:
    """Open the game named by what a player typed or pasted into the join field (a join link, a game id
    or a short code) as a join link would. Returns None, or the catalog key of the line that says why
    not. Wrong short codes count against this phone's limit and the server's (codes.py)."""
    game_id = share.game_id_from(text)
    if game_id is None:
        code = codes.code_from(text)
        if code is None:
            return "error.bad_code"
        now, wrong = time.time(), st.session_state.setdefault("join_wrong", [])
        if not (codes.is_within(codes.SESSION_LIMIT, wrong, now) and wrong_codes().allows(now)):
            return "error.too_many_codes"
        try:
            game_id = store().game_for_code(code)
        except UnknownGame:
            st.session_state.join_wrong = [at for at in wrong if now - at < codes.SESSION_LIMIT.seconds] + [now]
            wrong_codes().add(now)
            return "error.wrong_code"
    try:
        store().version(game_id)
    except UnknownGame:
        return "error.unknown_game"
    st.query_params.from_dict({"game": game_id, "lang": st.session_state.lang, share.JOIN: "1"})
    return None


def network_base() -> str | None:
    """This machine's base URL on the local network with the server's port: Streamlit's own "Network
    URL" (`streamlit.net_util.get_internal_ip`); None without a network."""
    from streamlit import net_util

    return share.network_base(net_util.get_internal_ip(), int(st.get_option("server.port")))


def params(**extra: str) -> dict[str, str]:
    """The query parameters every link carries: the game (if one is open) and the language."""
    carried = {"lang": st.session_state.lang}
    for name in ("game", "group"):
        if st.query_params.get(name):
            carried[name] = st.query_params[name]
    return carried | extra


def current() -> Saved | None:
    """The game named in the URL, loaded fresh from the store; None if no game is open. An unknown or
    malformed id stops the page with a clear message and a way home."""
    st.session_state.saved = None
    live.forget()
    if next_page := st.session_state.pop("go_to", None):
        st.switch_page(next_page, query_params=params())
    game_id = st.query_params.get("game")
    if not game_id:
        return None
    try:
        if not is_id(game_id):
            raise UnknownGame(game_id)
        saved = store().load(game_id)
    except UnknownGame:
        st.error(t("error.unknown_game"))
        st.page_link("pages/home.py", label=t("page.home"), icon="🏠", query_params={"lang": st.session_state.lang})
        st.stop()
    _readable(saved)
    st.session_state.saved = saved
    remember(saved.id)
    return saved


def _readable(saved: Saved) -> None:
    """Stop with the reason, a way back and a way home if the stored game no longer reads (stored
    before a rule the reader now checks): undo walks back to the last change that reads."""
    if (error := problem(saved.id, saved.version, saved.doc)) is not None:
        st.error(t("error.unreadable", problem=refusal(error)))
        undo_button(saved, "unreadable_undo")
        st.page_link("pages/home.py", label=t("page.home"), icon="🏠", query_params={"lang": st.session_state.lang})
        st.stop()


@st.cache_resource(max_entries=CHECKED_KEPT, show_spinner=False)
def problem(game_id: str, version: int, _doc: Document) -> RecordError | None:
    """Why the game `game_id` as stored at `version` (`_doc`) does not read, None if it reads. A stored
    version never changes, so each is read once for every phone and run that shows it."""
    try:
        score(_doc)
    except RecordError as error:
        return error
    return None


def game(saved: Saved) -> Game:
    return GAMES[saved.doc["game"]]


def require_game(game_id: str | None = None) -> Saved:
    """For the pages of a game (`game_id`, or any): the open game loaded by `current` in this run. With
    no game open, a way home; with another game's record, a way to that game's own pages."""
    saved = st.session_state.get("saved")
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


def header(saved: Saved | None) -> None:
    """Title, the open game with its stage and player count, the game's pages and the language."""
    lang = st.session_state.lang
    st.html(f"<style>{PHONE_CSS}</style>")
    with st.container(horizontal=True, vertical_alignment="center", horizontal_alignment="distribute", gap="small"):
        st.markdown(f"### ⛏️ {t('app.title')}", width="content")
        chosen = st.segmented_control(
            t("app.language"), i18n.LANGUAGES, default=lang, format_func=str.upper,
            label_visibility="collapsed", key="app_lang", required=True, width="content",
        )
    if chosen and chosen != lang:
        st.session_state.lang = chosen
        st.query_params["lang"] = chosen
        st.rerun()
    refused("tap")
    if saved is None:
        return
    g = game(saved)
    key, numbers = g.status(saved.doc)
    st.caption(f"**{g.names[lang]}** · {t('app.players', count=len(saved.doc['players']))} · {t(key, **numbers)}")
    joined = slot()
    if st.session_state.get("join_note") == saved.id:
        del st.session_state.join_note
        joined.success(t("share.joined"), icon="✅")
    links = [page_path(g.id, p) for p in g.pages] + [page_path(None, p) for p in ("share", "record", "home")]
    group = store().group_of(saved.id)
    with st.container(horizontal=True, gap="xsmall", wrap=True):
        for file in links:
            st.page_link(file, label=t(_title_key(file) + ".short"), query_params=params())
        if group is not None:
            st.page_link(page_path(None, "history"), label=t("history.page.short"),
                         query_params={"group": group, "lang": st.session_state.lang})


def watch(saved: Saved | None) -> None:
    """Rerun the page when another phone changes the game (live.py); called before the page runs, so
    that a page that stops early (a question, a confirmation) follows the game too."""
    if saved is not None:
        live.follow("games", saved.id, saved.version, lambda: store().version(saved.id), UnknownGame)
