"""Whether a stored version of a game reads: read and scored by its game's reader once per version for every
phone and run of this process, since a stored version never changes. A version stored before a rule the
reader now checks does not read (`problem`); one this process has just written does, since the store's gate
read and scored it in the write's transaction, and is not read again for it (`gated`)."""

from __future__ import annotations

import streamlit as st

from schichtbuch.live.caching import kept
from schichtbuch.store import Document, Saved
from scoring.errors import RecordError
from scoring.registry import score

CHECKED_KEPT = 512
"""Game versions whose reading is kept: every table of a busy server, twice over."""


def problem(saved: Saved) -> RecordError | None:
    """Why the game as stored at its version does not read, None if it reads."""
    return _problem(saved.id, saved.version, saved.doc)


def gated(saved: Saved) -> Saved:
    """`saved`, which the store has just written through its gate, as a version that reads."""
    _problem(saved.id, saved.version, saved.doc, _gated=True)
    return saved


@kept(st.cache_resource, CHECKED_KEPT)
def _problem(game_id: str, version: int, _doc: Document, _gated: bool = False) -> RecordError | None:
    """Why the game `game_id` as stored at `version` (`_doc`) does not read, None if it reads or was
    `_gated`; the game and version are the cache's key (the document is not hashed)."""
    if _gated:
        return None
    try:
        score(_doc)
    except RecordError as error:
        return error
    return None
