"""Coal Baron setup: the checklist for this player count; ticks are saved with the game."""

import streamlit as st

from schichtbuch import ui
from schichtbuch.ui import md
from scoring import coal_baron
from setup.coal_baron import checklist

t = ui.page_start()

saved = ui.require_game()
doc, record = saved.doc, coal_baron.read(saved.doc)
start = record.start_player(1)
if start is None:
    ui.ask_player(saved, t("coal_baron.ask_start", shift="I"), record.players, lambda d, w: coal_baron.set_start_player(d, 1, w))
ticked = set(doc.get("setup_ticks", []))
steps = checklist(record.players, start)

st.subheader(t("coal_baron.setup.title", players=len(record.players)))
st.write(t("coal_baron.setup.start_player", player=md(start)))
done = len(ticked & {s.id for s in steps})
st.progress(done / len(steps), text=t("coal_baron.setup.done", done=done, total=len(steps)))

for step in steps:
    text = t(step.key, **{k: md(str(v)) for k, v in step.params.items()})
    now = st.checkbox(text, value=step.id in ticked, key=f"setup_{step.id}_{step.id in ticked}")
    if now != (step.id in ticked) and ui.save(saved, lambda d, s=step.id, on=now: coal_baron.tick(d, s, on),
                                                  {"key": "change.tick", "step": step.id}):
        st.rerun()

st.page_link(ui.page_path("coal_baron", "shift"), label=t("coal_baron.setup.play"), icon="▶️", query_params=ui.params())
