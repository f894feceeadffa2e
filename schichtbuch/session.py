"""The session and its words: configuration, the store connection, the language and the texts the
pages show (catalog texts, player-typed text made safe for Markdown, coal symbols, dates), widget keys,
and this browser's recent games and groups.

`init()` sets up the session (language, recent games); everything that must survive a reload lives in
the store and the URL (`?game=<id>&lang=<de|en|fr|ja>`)."""

from __future__ import annotations

import functools
import gc
import logging
import os
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from schichtbuch.live.caching import kept
from schichtbuch.sharing import share
from schichtbuch.store import Group, Saved, Store, UnknownGroup, is_id, open_store
from schichtbuch.texts import i18n
from scoring.errors import RecordError
from scoring.registry import score
from setup import Step

STORE_PATH = "SCHICHTBUCH_STORE"


BASE_URL = "SCHICHTBUCH_BASE_URL"


DEFAULT_LANG = "SCHICHTBUCH_LANG"


RECENT_COOKIE = "schichtbuch_games"


GROUPS_COOKIE = "schichtbuch_groups"


RECENT_KEEP = 8


_LOG = logging.getLogger(__name__)


@st.cache_resource
def store() -> Store:
    """The game store: the embedded SQLite file, created on first run, or the PostgreSQL server that
    `SCHICHTBUCH_STORE` names by a `postgresql://` URL; pages only see the interface."""
    return open_store(os.environ.get(STORE_PATH, "schichtbuch.sqlite3"))


@st.cache_resource
def frozen_heap() -> bool:
    """Once per server process, at its first run: what is loaded by then (Streamlit, the app's modules and
    rule tables) is set aside from the garbage collector (`gc.freeze`). A full collection stops every
    phone's run while it walks the heap; it now walks only what the runs create (the load test: 130-160
    ms pauses every ten seconds at 24 tables before). No collection first: it would cost the first phone
    20 ms, and the little garbage of the start that is frozen with the rest stays, unfreed."""
    gc.freeze()
    return True


def init() -> None:
    """The one session-state initialiser: language, and the recent games and groups of this browser."""
    frozen_heap()
    requested = st.query_params.get("lang")
    if "lang" not in st.session_state or requested in i18n.LANGUAGES:
        st.session_state.lang = i18n.language(requested, st.context.locale, os.environ.get(DEFAULT_LANG))
    if "recent" not in st.session_state:
        cookie = st.context.cookies.get(RECENT_COOKIE, "")
        st.session_state.recent = [i for i in cookie.split(".") if is_id(i)]
    if "recent_groups" not in st.session_state:
        cookie = st.context.cookies.get(GROUPS_COOKIE, "")
        st.session_state.recent_groups = [i for i in cookie.split(".") if is_id(i)]


def translator() -> Callable[..., str]:
    """`t(key, **params)` in this session's language; a page takes it once per run (cheaper than
    looking the language up in the session state for every text)."""
    return functools.partial(i18n.translate, st.session_state.get("lang", i18n.FALLBACK))


def t(key: str, **params: Any) -> str:
    return translator()(key, **params)


def md(text: str) -> str:
    """Player-typed text for a Markdown context, shown literally (`**x**` stays `**x**`): the characters
    that mark up text anywhere (emphasis, links, HTML, Streamlit's `:colour[…]`, entities, autolinked
    addresses) escaped, and those that start a list or a heading only at the start; other punctuation
    stays as typed, so that a screen reader, which reads a widget's label as written, says
    "Maximilian-Alexander", not "Maximilian backslash dash Alexander"."""
    inline = re.sub(r"([\\`*_{}\[\]|<>~$:&@])", r"\\\1", text)
    inline = re.sub(r"(?i)(www)\.", r"\1\\.", inline)
    return re.sub(r"^(\d*)([#+\-.)=])", r"\1\\\2", inline)


def step_text(step: Step) -> str:
    """A setup or round step in the session's language, what fills it (player names) shown literally."""
    return t(step.key, **{k: md(str(v)) for k, v in step.params.items()})


def widget_key(family: str, *parts: object) -> str:
    """The key of one widget of a `family` (a fixed word of the page, such as `shift_card`), told apart by
    `parts` (player names, numbers, fields) so that two different lists of parts never give the same key,
    whatever the players are called: each part has its `%` and `_` percent-encoded before the parts are
    joined with `_`, so the key can be split back into them."""
    return "_".join([family, *(str(part).replace("%", "%25").replace("_", "%5F") for part in parts)])


def _zone() -> ZoneInfo | None:
    """The browser's time zone, None if unknown (the server's is used then)."""
    try:
        return ZoneInfo(st.context.timezone) if st.context.timezone else None
    except (ZoneInfoNotFoundError, ValueError):
        return None


def when(timestamp: float) -> str:
    """A moment as the player's locale writes dates, in the browser's time zone (the server's if unknown)."""
    return i18n.moment(st.session_state.get("lang", i18n.FALLBACK), datetime.fromtimestamp(timestamp, _zone()))


def utc_offset(timestamp: float) -> int:
    """Minutes from UTC of the browser's time zone (the server's if unknown) at that moment."""
    zone = _zone()
    moment = datetime.fromtimestamp(timestamp, zone) if zone is not None else datetime.fromtimestamp(timestamp).astimezone()
    offset = moment.utcoffset()
    return 0 if offset is None else int(offset.total_seconds() // 60)


def recent_games() -> list[Saved]:
    """This browser's recent games that still read, newest change first (one stored before a rule the
    reader now checks is left out rather than break the list)."""
    games = []
    for saved in store().recent(st.session_state.recent):
        try:
            score(saved.doc)
        except RecordError:
            continue
        games.append(saved)
    return games


def remember(game_id: str) -> None:
    """Keep the game among this browser's recent games: in the session, and in a cookie for later visits
    that the header's script sets (`recent_cookie`), so that no element of its own is drawn for it."""
    st.session_state.recent = _kept(st.session_state.recent, game_id)


def recent_cookie() -> str:
    """The cookie that keeps this browser's recent games (`remember`)."""
    return _cookie(RECENT_COOKIE, st.session_state.recent)


def recent_groups() -> list[Group]:
    """This browser's groups that still exist, the one opened last first."""
    found = []
    for group_id in st.session_state.recent_groups:
        try:
            found.append(store().group(group_id))
        except UnknownGroup:
            continue
    return found


def remember_group(group_id: str) -> None:
    """Keep the group among this browser's groups, as `remember` keeps a game."""
    _keep("recent_groups", GROUPS_COOKIE, group_id)


def qr_code(url: str, alt: str) -> None:
    """The QR code of a link (`alt`: what it is, for a screen reader), or where the link is too long for
    one, a line saying to open it instead."""
    png = _qr_png(url)
    if png is None:
        st.caption(t("error.qr_too_long"))
    else:
        st.image(png, width=280, alt=alt)


QR_KEPT = 512
"""QR codes kept drawn: a join link or BG Stats link per table of a busy server, twice over."""


@kept(st.cache_data, QR_KEPT)
def _qr_png(url: str) -> bytes | None:
    """A link's QR code, drawn once for all the phones that show it (None: too long for one)."""
    return share.qr_png(url)


def extra(draw: Callable[[], object]) -> None:
    """Draw a part the page can do without (a chart, a link, a QR code): if it fails, a short line in its
    place and the error in the server's log, never the page's exception instead of the standings."""
    try:
        draw()
    except Exception:
        _LOG.exception("an extra of the page failed")
        st.caption(t("error.extra"))


def go_to(page: str, query: dict[str, str] | None = None) -> None:
    """From a widget's callback: open `page` (a page file) at the start of the next run, with the query
    parameters `query` (by default the link parameters, `nav.params`); a callback cannot switch pages
    itself."""
    st.session_state.go_to = (page, query)


def slot() -> Any:
    """A place on the page for something shown in some runs only (a message, a cookie's script). Left
    empty, it is still there: an element that comes and goes moves the ones after it, and the browser
    then draws those anew, so a number being typed into a form is lost and open expanders close."""
    return st.empty()


def _keep(key: str, cookie: str, item_id: str) -> None:
    """Put the id first in the session's list `key` and in the cookie, once (its script in a `slot`)."""
    place = slot()
    kept = _kept(st.session_state[key], item_id)
    if kept == st.session_state[key]:
        return
    st.session_state[key] = kept
    place.html(f"<script>document.cookie='{_cookie(cookie, kept)}'</script>", unsafe_allow_javascript=True)


def _kept(ids: list[str], item_id: str) -> list[str]:
    """The id first, then the others, at most RECENT_KEEP."""
    return ([item_id] + [i for i in ids if i != item_id])[:RECENT_KEEP]


def _cookie(name: str, ids: list[str]) -> str:
    """A year's cookie `name` holding the ids (ids are letters and digits)."""
    return f"{name}={'.'.join(ids)};path=/;max-age=31536000;samesite=lax"
