"""MINE!'s round page's elements at six seats, as many and of the same kinds, sizes and options as the app
draws for `runs.py`'s game (round 2, events), with fixed texts and no app code, as `elements_shift.py` does
for the shift page: the header, the round's controls and form, and the standings, kept drawn by
Streamlit's cache and replayed as the app keeps them (`scoreboard.drawn_standings`)."""

import streamlit as st

from elements_shift import HEAD

PLAYERS = ["Anna", "Ben", "Cleo", "Dirk", "Emil", "Fritz"]
LEGEND = {"orient": "bottom", "columns": 3, "labelLimit": 83}
POINTS = [{"stage": "Round 1", "player": p, "points": 1} for p in PLAYERS]


def channel(name: str, values: list) -> dict:
    """One of the chart's encodings per player (colour, dash, shape, size)."""
    return {name: {"field": "player", "type": "nominal", "title": None, "legend": LEGEND,
                   "scale": {"domain": PLAYERS, "range": values}}}


SPEC = {
    "encoding": {
        "x": {"field": "stage", "type": "nominal", "sort": ["Round 1"], "title": None},
        "y": {"field": "points", "type": "quantitative", "title": "Points", "axis": {"format": "d", "tickMinStep": 1}},
        **channel("color", ["#d62728", "#1f77b4", "#2ca02c", "#a88600", "#949494", "#666666"]),
    },
    "layer": [
        {"data": {"values": POINTS}, "mark": {"type": "line"},
         "encoding": channel("strokeDash", [[1, 0], [6, 3], [2, 2], [8, 3, 2, 3], [4, 4], [1, 3]])},
        {"data": {"values": POINTS}, "mark": {"type": "point", "filled": False, "strokeWidth": 2},
         "encoding": channel("shape", ["circle", "square", "triangle-up", "diamond", "cross", "triangle-down"])
         | channel("size", [220, 150, 100, 60, 30, 12])},
    ],
    "autosize": {"type": "fit", "contains": "padding"},
}
"""The standings chart after round 1 (`charts.lines`' spec, as the app sends it)."""


def header() -> None:
    with st.container(horizontal=True, vertical_alignment="center", horizontal_alignment="distribute", gap="small",
                      key="title"):
        st.html(HEAD, width="content", unsafe_allow_javascript=True)
        st.segmented_control("Language", ["DE", "EN", "FR", "JA"], default="EN", label_visibility="collapsed",
                             key="app_lang", required=True, width="content")
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        st.caption('**MINE!** · 6 players · Round 2 of 6 · <span data-played="1">⏱ 0 min</span>', unsafe_allow_html=True)
        st.button("⏸ Pause", key="clock", type="tertiary")
    st.pills("Pages", ["Setup", "Round", "End", "📱 Share", "💾 Record", "🏠 Home"], default="Round", key="app_pages",
             label_visibility="collapsed")


@st.cache_data(show_spinner=False)
def standings(version: int) -> None:
    """The standings so far: drawn once, then replayed."""
    with st.container(key="standings"):
        rows = "".join(f"| 1\\. {p} | 1 | 1 | 0 | 0 | 0 | 0 | 0 |\n" for p in PLAYERS)
        st.markdown("|  | Total | " + " | ".join(f"Round {r}" for r in range(1, 7)) + " |\n| :-- |" + " --: |" * 7 + "\n" + rows)
        st.caption("← Swipe the table sideways for every column →")
    with st.expander("Details"):
        st.caption(" · ".join(f"**Round {r}**: Coal sold in round {r}" for r in range(1, 7)))
        st.markdown("\n\n".join(f"**{p}**\n- Round 1\\: 1 coal sold\\: +1" for p in PLAYERS))
    st.markdown("**Each pawn's space after each round**")
    st.vega_lite_chart(spec=SPEC)


def mine_round() -> None:
    header()
    st.subheader("Round 2 of 6")
    st.markdown("🎲 **Ben** has the die · sale cap **2** coal", width="content")
    st.markdown("| Player | Start | Now | Points |\n| :-- | --: | --: | --: |\n"
                + "".join(f"| {p} | 3 | 3 | 1 |\n" for p in PLAYERS), width="content")
    st.info("Placement: clockwise from Ben, one card at a time, up to 4 cards each on events, looters' hideout (with "
            "the target's colour card, one stack per attack), watchtower, mine and recruitment. Nothing goes on the "
            "expedition.")
    st.pills("Part of the round", ["1 · Events", "2–3 · Looting and watchtower", "4 · Expedition (sale)", "5 · Mine",
                                   "6 · Recruitment and end of round", "✏️ Start coal", "✏️ Earlier sales"],
             default="1 · Events", key="mine_phase_2", required=True)
    st.empty()
    st.caption("Firedamp hits every player, the one who played it included, unless they have one pit builder on the "
               "mine per firedamp card. What firedamp and the other events do is not in the rules at hand: enter the "
               "coal each player gained (+) or lost (−) as your cards say.")
    with st.form("mine_events_2"):
        for p in PLAYERS:
            st.number_input(p, value=0, step=1, key=f"mine_events_2_{p}")
        st.form_submit_button("Save", type="primary", width="stretch")
    st.empty()
    st.button("Close round 2", icon="✅", type="primary", key="mine_close_2", width="stretch")
    st.subheader("Standings so far")
    standings(1)
    st.button("Nothing to undo", icon="↩️", key="mine_undo", width="stretch", disabled=True)


if __name__ == "__main__":
    st.set_page_config(page_title="Schichtbuch", layout="centered")
    pages = [st.Page(mine_round, title="Round", url_path="round", default=True)]
    pages += [st.Page(lambda: None, title=f"Page {i}", url_path=f"page_{i}") for i in range(18)]
    st.navigation(pages, position="hidden").run()
