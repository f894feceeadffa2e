"""The floor (`floor.py`) with its eleven card buttons drawn as one custom component instead (Streamlit's
components v2), the one way to fewer elements on the shift page that keeps every tap: the component would
keep the taps the server has not acknowledged yet and send them all with each change, since Streamlit
keeps only a widget's newest value. Measured by `runs.py` beside the floor, to show what the cards as
one element would save. Its data goes as bytes: as a dict or a string, Streamlit checks whether it is a
data frame and so imports pandas."""

import json

import streamlit as st

from floor import CARDS, controls

CARDS_JS = """
export default function ({ parentElement, data, setStateValue }) {
  const cards = JSON.parse(new TextDecoder().decode(data)), root = parentElement.querySelector("div");
  root.replaceChildren(...cards.map(card => Object.assign(document.createElement("button"), {
    textContent: card, onclick: () => setStateValue("taps", [card]) })));
}
"""

cards = st.components.v2.component("floor_cards", html="<div></div>", js=CARDS_JS)


def component() -> None:
    """The cards as one element."""
    labels = [f"Card {card + 1}" for card in range(CARDS)]
    cards(key="cards", data=json.dumps(labels).encode(), on_taps_change=lambda: None)


controls(component)
