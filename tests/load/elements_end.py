"""The Coal Baron end page's elements for `runs.py`'s game (four players in shift III: the standings so
far) with fixed texts and no app code (`elements.py`)."""

import streamlit as st

from elements import app, header, spec, standings

PLAYERS = ["Cleo", "Dirk", "Anna", "Ben"]
COLUMNS = ["Total", "Orders", "Shift I", "Shift II", "Shift III", "Money", "Cubes", "Unfinished", "Balance"]
LEGEND = ("**Orders**: Delivered orders · **Shift I**: Shift I majorities · **Shift II**: Shift II majorities · "
          "**Shift III**: Shift III majorities · **Money**: Money (1 VP per 5 Marks) · **Cubes**: Coal cubes (1 VP per "
          "3) · **Unfinished**: Unfinished orders (−1 each) · **Balance**: Pit balance (−2 per tile)")
LINES = ["Train\\: yellow + yellow\\: +3", "Truck\\: yellow + yellow\\: +3", "Train\\: brown + brown + brown\\: +7",
         "Truck\\: brown + brown\\: +5", "Shift I, Yellow coal (4)\\: 1st\\: +2", "Shift II, Yellow coal (4)\\: 2nd\\: +1",
         "Shift II, Brown coal (5)\\: 1st\\: +3", "Shift II, Truck (4)\\: tied 1st\\: +8"]


def end() -> None:
    header("**Coal Baron** · 4 players · Shift III", ["Setup", "Shift", "Score", "End"], "End")
    st.info("The end items are entered once shift III is scored.")
    st.subheader("Standings so far")
    standings("|  | " + " | ".join(COLUMNS) + " |\n| :-- |" + " --: |" * len(COLUMNS) + "\n"
              + "".join(f"| {i + 1}\\. {p} | 41 | 18 | 2 | 21 | 0 | 0 | 0 | 0 | 0 |\n" for i, p in enumerate(PLAYERS)),
              LEGEND, "\n\n".join(f"**{p}**\n" + "\n".join(f"- {line}" for line in LINES) for p in PLAYERS),
              "Score after each shift", spec(["Anna", "Ben", "Cleo", "Dirk"], ["Shift I", "Shift II"],
                                             [[5, 9, 8, 12], [29, 29, 41, 34]], "VP"))


if __name__ == "__main__":
    app(end)
