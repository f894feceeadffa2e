"""MINE!'s round page's elements at six seats for `runs.py`'s game (round 2, its events) with fixed texts
and no app code (`elements.py`)."""

import streamlit as st

from elements import app, header, spec, standings

PLAYERS = ["Anna", "Ben", "Cleo", "Dirk", "Emil", "Fritz"]
ROUNDS = [f"Round {r}" for r in range(1, 7)]


def mine_round() -> None:
    header("**MINE!** · 6 players · Round 2 of 6", ["Setup", "Round", "End"], "Round")
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
    standings("|  | Total | " + " | ".join(ROUNDS) + " |\n| :-- |" + " --: |" * 7 + "\n"
              + "".join(f"| 1\\. {p} | 1 | 1 | 0 | 0 | 0 | 0 | 0 |\n" for p in PLAYERS),
              " · ".join(f"**{r}**: Coal sold in round {r[-1]}" for r in ROUNDS),
              "\n\n".join(f"**{p}**\n- Round 1\\: 1 coal sold\\: +1" for p in PLAYERS),
              "Each pawn's space after each round", spec(PLAYERS, ["Round 1"], [[1] * 6], "Points"))
    st.button("Nothing to undo", icon="↩️", key="mine_undo", width="stretch", disabled=True)


if __name__ == "__main__":
    app(mine_round)
