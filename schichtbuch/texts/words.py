"""A page's words in the session's language: catalog texts (`t`; `translator` once per run), what a player
typed made safe for Markdown (`md`), names listed (`listed`, a tally: `tally`), a setup or round step
(`step_text`), and a moment as the player's locale and time zone write it (`when`, `utc_offset`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from schichtbuch.store import Saved
from schichtbuch.texts import i18n
from scoring.app_fields import times
from scoring.lists import separator
from setup import Step


def translator() -> Callable[..., str]:
    """`t(key, **params)` in this session's language; a page takes it once per run (cheaper than
    looking the language up in the session state for every text)."""
    return functools.partial(i18n.translate, st.session_state.get("lang", i18n.FALLBACK))


def t(key: str, **params: Any) -> str:
    return translator()(key, **params)


def listed(items: Iterable[str]) -> str:
    """Names listed as the session's language writes a list (`i18n.listed`: `Anna, Ben, and Cleo`,
    `Anna、Ben、Cleo`); names a player typed made safe by the caller (`md`)."""
    return i18n.listed(st.session_state.get("lang", i18n.FALLBACK), items)


def tally(items: Iterable[str]) -> str:
    """Items of a tally (`Anna +9`) joined as the session's language separates a list's items (`Anna +9, Ben
    +4`, `Anna +9、Ben +4`), with no closing "and"."""
    return separator(st.session_state.get("lang", i18n.FALLBACK)).join(items)


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


def when(timestamp: float) -> str:
    """A moment as the player's locale writes dates, in the browser's time zone (the server's if unknown)."""
    return i18n.moment(st.session_state.get("lang", i18n.FALLBACK), datetime.fromtimestamp(timestamp, _zone()))


def utc_offset(timestamp: float) -> int:
    """Minutes from UTC of the browser's time zone (the server's if unknown) at that moment."""
    zone = _zone()
    moment = datetime.fromtimestamp(timestamp, zone) if zone is not None else datetime.fromtimestamp(timestamp).astimezone()
    offset = moment.utcoffset()
    return 0 if offset is None else int(offset.total_seconds() // 60)


def played_offset(saved: Saved) -> int:
    """`utc_offset` when the game was played: at its start, else its end, else its last change."""
    started, ended = times(saved.doc)
    return utc_offset(started if started is not None else ended if ended is not None else saved.updated)


def _zone() -> ZoneInfo | None:
    """The browser's time zone, None if unknown (the server's is used then)."""
    try:
        return ZoneInfo(st.context.timezone) if st.context.timezone else None
    except (ZoneInfoNotFoundError, ValueError):
        return None
