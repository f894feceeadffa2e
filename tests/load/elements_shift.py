"""The Coal Baron shift page's elements for `runs.py`'s game (four players in shift III,
`measure.game_in_shift_three`) with fixed texts and no app code (`elements.py`)."""

import streamlit as st

from elements import app, header

PLAYERS = ["Anna", "Ben", "Cleo", "Dirk"]
CARDS = ["🟡 · 2", "🟤 · 3", "🟡\u2060🟡 · 3", "⚪ · 4", "⚫ · 5", "🟤\u2060🟤 · 5", "🟤\u2060🟤\u2060🟤 · 7", "⚪\u2060⚪ · 7",
         "⚪\u2060⚪\u2060⚪ · 9", "⚫\u2060⚫ · 9", "🟡\u2060🟤\u2060⚪\u2060⚫ · 10"]
RACE = "**Shift III if it ended now**\n\n|  | Anna | Ben | Cleo | Dirk |\n| :-- | --: | --: | --: | --: |\n" + "".join(
    f"| {row} | **5** 🥇2 | 0 +6 | 4 🥈1 +2 | 0 +6 |\n"
    for row in ["🟡", "🟤", "⚪", "⚫", "Wheelbarrow", "Horse cart", "Truck", "Train", "🛒🟡", "🛒🟤", "🛒⚪", "🛒⚫"]
) + "| Σ now | 15 | 10 | 21 | 8 |"
TIES = ("⚫ Anna and Ben: tied 1st  \nTruck Anna and Cleo: tied 1st  \nTruck Dirk: no 2nd place after a tie for 1st  \n"
        "Train Ben and Dirk: tied 2nd  \nEach cell: coal symbols (or carts) · 🥇/🥈 the VP if the shift ended now · +n: how "
        "many more to lead alone; bold: alone in the lead.")


def shift() -> None:
    header("**Coal Baron** · 4 players · Shift III", ["Setup", "Shift", "Score", "End"], "Shift")
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
    app(shift)
