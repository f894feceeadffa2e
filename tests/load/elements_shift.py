"""The Coal Baron shift page's elements, as many and of the same kinds, sizes and options as the app draws
for the load test's game (four players in shift III, `measure.game_in_shift_three`, in English), with
fixed texts and no app code: no store, rules, translations or session logic, and no callbacks. `runs.py`
measures it beside the shift page: what the page costs above this is what the app's own code adds to
Streamlit's cost of drawing what the player sees. The app's header is here too (its CSS and head script as
an element of the same size), and its navigation of 19 pages, which every run of a multipage app sends."""

import streamlit as st

PLAYERS = ["Anna", "Ben", "Cleo", "Dirk"]
HEAD = "<style>\n" + "\n".join(f".stApp .rule-{i} :is(button, a) {{ min-height: 44px; margin: {i}px; }}" for i in range(60)) \
    + "\n</style><h3>⛏️ Schichtbuch</h3><script>\n" \
    + "\n".join(f"  const step{i} = (e) => e && e.setAttribute('data-step', '{i}');" for i in range(100)) + "\n</script>"
"""As long as the app's header element (10.8 kB in 161 lines), in the same parts."""
CARDS = ["🟡 · 2", "🟤 · 3", "🟡\u2060🟡 · 3", "⚪ · 4", "⚫ · 5", "🟤\u2060🟤 · 5", "🟤\u2060🟤\u2060🟤 · 7", "⚪\u2060⚪ · 7",
         "⚪\u2060⚪\u2060⚪ · 9", "⚫\u2060⚫ · 9", "🟡\u2060🟤\u2060⚪\u2060⚫ · 10"]
RACE = "**Shift III if it ended now**\n\n|  | Anna | Ben | Cleo | Dirk |\n| :-- | --: | --: | --: | --: |\n" + "".join(
    f"| {row} | **5** 🥇2 | 0 +6 | 4 🥈1 +2 | 0 +6 |\n"
    for row in ["🟡", "🟤", "⚪", "⚫", "Wheelbarrow", "Horse cart", "Truck", "Train", "🛒🟡", "🛒🟤", "🛒⚪", "🛒⚫"]
) + "| Σ now | 15 | 10 | 21 | 8 |"
TIES = ("⚫ Anna and Ben: tied 1st  \nTruck Anna and Cleo: tied 1st  \nTruck Dirk: no 2nd place after a tie for 1st  \n"
        "Train Ben and Dirk: tied 2nd  \nEach cell: coal symbols (or carts) · 🥇/🥈 the VP if the shift ended now · +n: how "
        "many more to lead alone; bold: alone in the lead.")


def header() -> None:
    with st.container(horizontal=True, vertical_alignment="center", horizontal_alignment="distribute", gap="small",
                      key="title"):
        st.html(HEAD, width="content", unsafe_allow_javascript=True)
        st.segmented_control("Language", ["DE", "EN", "FR", "JA"], default="EN", label_visibility="collapsed",
                             key="app_lang", required=True, width="content")
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        st.caption('**Coal Baron** · 4 players · Shift III · <span data-played="1">⏱ 0 min</span>', unsafe_allow_html=True)
        st.button("⏸ Pause", key="clock", type="tertiary")
    st.pills("Pages", ["Setup", "Shift", "Score", "End", "📱 Share", "💾 Record", "🏠 Home"], default="Shift",
             key="app_pages", label_visibility="collapsed")


def shift() -> None:
    header()
    st.segmented_control("Shift", ["I", "II", "III"], default="III", required=True, key="shift_view_3")
    st.subheader("Shift III")
    st.caption("Start player: Dirk")
    st.segmented_control("Player", PLAYERS, key="shift_player", default="Anna", required=True)
    st.segmented_control("Transport", ["Wheelbarrow (11)", "Horse cart (11)", "Truck (3)", "Train (3)"],
                         key="shift_transport", default="Wheelbarrow (11)", required=True)
    st.caption("Tap the order card just delivered:")
    with st.container(horizontal=True, gap="small", key="shift_cards"):
        for i, card in enumerate(CARDS):
            st.button(f"Wheelbarrow · {card}\u00a0VP", width="stretch", key=f"shift_card_{i}")
    with st.container(key="race"):
        st.markdown(RACE)
        st.caption(TIES)
        st.toggle("Hide this until the shift is scored", False, key="race_hidden")
    st.divider()
    st.empty()
    for name in PLAYERS:
        with st.expander(f"{name}: 0 orders, 0 VP this shift", expanded=name == "Anna"):
            pass
    st.button("Nothing to undo", icon="↩️", key="shift_undo", width="stretch", disabled=True)
    st.page_link("https://example.org/coal_baron_scoring", label="End of shift III: scoring", icon="🧮")


if __name__ == "__main__":
    st.set_page_config(page_title="Schichtbuch", layout="centered")
    pages = [st.Page(shift, title="Shift", url_path="shift", default=True)]
    pages += [st.Page(lambda: None, title=f"Page {i}", url_path=f"page_{i}") for i in range(18)]
    st.navigation(pages, position="hidden").run()
