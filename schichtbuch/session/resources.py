"""What the server process makes once for all its sessions: the game store, and its heap set aside from the
garbage collector."""

from __future__ import annotations

import gc
import os

import streamlit as st

from schichtbuch.session.settings import STORE_PATH
from schichtbuch.store import Store, open_store


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
