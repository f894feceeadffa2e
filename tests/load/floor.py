"""The floor under the Coal Baron shift page's cost: the bare page (`bare.py`) with the controls the shift
page cannot do without and nothing else, no text, no store, no rules. Each card is a button of its own,
since a button's tap is the one thing Streamlit keeps when a second tap comes before the first one's run
(a choice in a row of options keeps only the last). `runs.py` measures it beside the bare page and the
shift page: what the page costs above this is the app's own."""

import runpy
from collections.abc import Callable
from pathlib import Path

import streamlit as st

CARDS = 11
"""The most cards of one transport on the shift page (`scoring.coal_baron.cards`)."""


def controls(cards: Callable[[], None]) -> None:
    """The shift page's controls, the cards drawn by `cards`, then the bare page."""
    st.segmented_control("Language", ["DE", "EN", "FR", "JA"], default="EN", key="lang", required=True)
    st.pills("Pages", ["Shift", "Scoring", "End", "Setup", "Share", "Record", "Home"], default="Shift", key="pages")
    st.button("Pause", key="clock")
    st.segmented_control("Shift", ["I", "II", "III"], default="III", key="shift", required=True)
    st.segmented_control("Player", ["Anna", "Ben", "Cleo", "Dirk"], default="Anna", key="player", required=True)
    st.segmented_control("Transport", ["Wheelbarrow", "Horse cart", "Truck", "Train"], default="Wheelbarrow",
                         key="transport", required=True)
    cards()
    st.toggle("Hide the race", key="race")
    st.button("Undo", key="undo")
    runpy.run_path(str(Path(__file__).with_name("bare.py")))


def buttons() -> None:
    """Each card a button of its own."""
    for card in range(CARDS):
        st.button(f"Card {card + 1}", key=f"card_{card}")


if __name__ == "__main__":
    controls(buttons)
