"""What a page run needs beside its widgets: a key for each widget, a place kept for what shows in some runs
only, a part the page can do without, and the page a widget's callback opens next."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import streamlit as st

from schichtbuch.texts.words import t

_LOG = logging.getLogger(__name__)


def widget_key(family: str, *parts: object) -> str:
    """The key of one widget of a `family` (a fixed word of the page, such as `shift_card`), told apart by
    `parts` (player names, numbers, fields) so that two different lists of parts never give the same key,
    whatever the players are called: each part has its `%` and `_` percent-encoded before the parts are
    joined with `_`, so the key can be split back into them."""
    return "_".join([family, *(str(part).replace("%", "%25").replace("_", "%5F") for part in parts)])


def slot() -> Any:
    """A place on the page for something shown in some runs only (a message, a cookie's script). Left
    empty, it is still there: an element that comes and goes moves the ones after it, and the browser
    then draws those anew, so a number being typed into a form is lost and open expanders close."""
    return st.empty()


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
