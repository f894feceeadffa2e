"""The one session-state initialiser, the first thing every run does: the language, and this browser's
recent games and groups. Everything that must survive a reload lives in the store and the URL
(`?game=<id>&lang=<de|en|fr|ja>`)."""

from __future__ import annotations

import os

import streamlit as st

from schichtbuch.session.cookies import GROUPS_COOKIE, RECENT_COOKIE, kept_ids
from schichtbuch.session.resources import frozen_heap
from schichtbuch.session.settings import DEFAULT_LANG
from schichtbuch.texts import i18n


def init() -> None:
    """The language (the link's, kept while the session lasts unless a link names another), and the recent
    games and groups of this browser, from its cookies."""
    frozen_heap()
    requested = st.query_params.get("lang")
    if "lang" not in st.session_state or requested in i18n.LANGUAGES:
        st.session_state.lang = i18n.language(requested, st.context.locale, os.environ.get(DEFAULT_LANG))
    if "recent" not in st.session_state:
        st.session_state.recent = kept_ids(RECENT_COOKIE)
    if "recent_groups" not in st.session_state:
        st.session_state.recent_groups = kept_ids(GROUPS_COOKIE)
