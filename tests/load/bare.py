"""The yardstick of the load test: a bare Streamlit page with Streamlit's own way to a live refresh. A
button counts taps per table (`?game=…`, in memory), and a fragment polls the count every 1.5 s, rerunning
the whole page when it changed (as the app did before its server reran the phones itself, live/refresh.py, and
as it still does where Streamlit's session API is missing)."""

import threading

import streamlit as st

POLL_SECONDS = 1.5


@st.cache_resource
def counts() -> tuple[dict[str, int], threading.Lock]:
    """Taps per table, shared by every session of the server."""
    return {}, threading.Lock()


def tap(table: str) -> None:
    taps, lock = counts()
    with lock:
        taps[table] = taps.get(table, 0) + 1


table = st.query_params.get("game", "")
seen = counts()[0].get(table, 0)
st.button("Tap", key="tap", on_click=tap, args=(table,))
st.write(f"Taps: {seen}")


@st.fragment(run_every=POLL_SECONDS)
def poll() -> None:
    if counts()[0].get(table, 0) != seen:
        st.rerun(scope="app")


poll()
