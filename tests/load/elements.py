"""What the element yardsticks (`elements_shift.py`, `elements_mine.py`, `elements_end.py`) share: the app's
header and its standings as Streamlit draws them, with fixed texts and no app code, and the navigation of
19 pages every run of the app sends. Each yardstick draws a page's elements, as many and of the same
kinds, sizes and options as the app draws for `runs.py`'s game (in English), so that `runs.py` can tell what
the app's own code (store, rules, translations, session logic, callbacks) adds to Streamlit's cost of
drawing what the player sees (`tests/test_load.py` checks that they draw what the pages draw)."""

from collections.abc import Callable

import streamlit as st

HEAD = "<style>\n" + "\n".join(f".stApp .rule-{i} :is(button, a) {{ min-height: 44px; margin: {i}px; }}" for i in range(60)) \
    + "\n</style><h3>⛏️ Schichtbuch</h3><script>\n" \
    + "\n".join(f"  const step{i} = (e) => e && e.setAttribute('data-step', '{i}');" for i in range(100)) + "\n</script>"
"""As long as the app's header element (its CSS, title and head script: 10.8 kB in 161 lines), in the same
parts."""
LEGEND = {"orient": "bottom", "columns": 3, "labelLimit": 83}


def header(line: str, pages: list[str], shown: str) -> None:
    """The title with the CSS and head script, the language, the game's line with the clock's button, and
    the game's pages."""
    with st.container(horizontal=True, vertical_alignment="center", horizontal_alignment="distribute", gap="small",
                      key="title"):
        st.html(HEAD, width="content", unsafe_allow_javascript=True)
        st.segmented_control("Language", ["DE", "EN", "FR", "JA"], default="EN", label_visibility="collapsed",
                             key="app_lang", required=True, width="content")
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        st.caption(f'{line} · <span data-played="1">⏱ 0 min</span>', unsafe_allow_html=True)
        st.button("⏸ Pause", key="clock", type="tertiary")
    st.pills("Pages", [*pages, "📱 Share", "💾 Record", "🏠 Home"], default=shown, key="app_pages",
             label_visibility="collapsed")


def spec(players: list[str], stages: list[str], points: list[list[int]], title: str) -> dict:
    """The standings chart's spec (`charts.lines`' shape): each player's points after each stage."""
    values = [{"stage": s, "player": p, "points": row[i]} for s, row in zip(stages, points) for i, p in enumerate(players)]

    def channel(name: str, scale: list) -> dict:
        return {name: {"field": "player", "type": "nominal", "title": None, "legend": LEGEND,
                       "scale": {"domain": players, "range": scale[:len(players)]}}}

    return {
        "encoding": {"x": {"field": "stage", "type": "nominal", "sort": stages, "title": None},
                     "y": {"field": "points", "type": "quantitative", "title": title,
                           "axis": {"format": "d", "tickMinStep": 1}},
                     **channel("color", ["#d62728", "#1f77b4", "#2ca02c", "#a88600", "#949494", "#666666"])},
        "layer": [
            {"data": {"values": values}, "mark": {"type": "line"},
             "encoding": channel("strokeDash", [[1, 0], [6, 3], [2, 2], [8, 3, 2, 3], [4, 4], [1, 3]])},
            {"data": {"values": values}, "mark": {"type": "point", "filled": False, "strokeWidth": 2},
             "encoding": channel("shape", ["circle", "square", "triangle-up", "diamond", "cross", "triangle-down"])
             | channel("size", [220, 150, 100, 60, 30, 12])},
        ],
        "autosize": {"type": "fit", "contains": "padding"},
    }


@st.cache_data(show_spinner=False)
def standings(table: str, legend: str, details: str, title: str, chart: dict) -> None:
    """The standings as the app keeps them drawn (`scoreboard.drawn_standings`): drawn once, then replayed
    by Streamlit's cache."""
    with st.container(key="standings"):
        st.markdown(table)
        st.caption("← Swipe the table sideways for every column →")
    with st.expander("Details"):
        st.caption(legend)
        st.markdown(details)
    st.markdown(f"**{title}**")
    st.vega_lite_chart(spec=chart)


def app(page: Callable[[], None]) -> None:
    """Run `page` as the app runs its pages: the page set-up, and `page` the one shown of 19."""
    st.set_page_config(page_title="Schichtbuch", layout="centered")
    pages = [st.Page(page, title="Page", url_path="page", default=True)]
    pages += [st.Page(lambda: None, title=f"Page {i}", url_path=f"page_{i}") for i in range(18)]
    st.navigation(pages, position="hidden").run()
