"""Schichtwechsel's round card form: the card, picked from the names used before or typed, and each
player's VP from it; for the round being played and for a correction, saved in the Save button's
callback as the phone showed it."""

from __future__ import annotations

from typing import Any

import streamlit as st

from schichtbuch.live.closing import ask_first, close_on_tap
from schichtbuch.live.messages import refused
from schichtbuch.live.saving import Pick, save_on_tap
from schichtbuch.session.cookies import recent_games
from schichtbuch.session.page import widget_key
from schichtbuch.store import Saved
from schichtbuch.texts.words import md, t
from schichtbuch.widgets import entry
from scoring import schichtwechsel as sw
from scoring.schichtwechsel import Record, Round


def known_cards(saved: Saved) -> list[str]:
    """Round cards named at this table before: in this game and this phone's other Schichtwechsel games."""
    games = [saved, *recent_games()]
    return sorted({r["card"] for g in games if g.doc["game"] == "schichtwechsel" for r in g.doc.get("rounds", [])})


def round_form(saved: Saved, record: Record, number: int, shown: Round | None, picks: tuple[Pick, ...] = ()) -> None:
    """The round card (picked from the names used before or typed) and each player's VP from it. A new
    round is refused if another phone entered it meanwhile; a correction if the round changed meanwhile,
    or if the phone picked another round to correct since the form was drawn (`picks`)."""
    mode = "new" if shown is None else "fix"
    cards = known_cards(saved)
    with st.form(f"round_{mode}_{number}", enter_to_submit=False):
        if cards:
            st.pills(t("schichtwechsel.round.card_known"), cards, key=f"round_card_known_{mode}_{number}")
        st.text_input(t("schichtwechsel.round.card"), "" if shown is None else shown.card,
                      placeholder=t("schichtwechsel.round.card_hint"), key=f"round_card_{mode}_{number}")
        st.caption(t("schichtwechsel.round.card_box"))
        for p in record.players:
            entry.number(md(p), 0 if shown is None else shown.points[p], widget_key("round_points", mode, number, p))
        args = (saved.id, record.players, number, mode, None if shown is None else saved.doc["rounds"][number - 1], picks)
        st.form_submit_button(t(f"schichtwechsel.round.save_{mode}", round=number), type="primary", width="stretch",
                              on_click=submit, args=args)
        refused(f"round_{mode}")
    zero = not any(st.session_state[widget_key("round_points", mode, number, p)] for p in record.players)
    ask_first(saved.id, f"round_{mode}", number, zero, t("schichtwechsel.round.empty", round=number),
              t("schichtwechsel.round.anyway", round=number), submit, args)


def submit(game_id: str, players: tuple[str, ...], number: int, mode: str, seen: dict[str, Any] | None, picks: tuple[Pick, ...],
           anyway: bool = False) -> None:
    """Save the form as the phone showed it when tapped (see `saving.save_on_tap`); a new round in which
    nobody got a VP is asked about first."""
    card = st.session_state[f"round_card_{mode}_{number}"].strip() or st.session_state.get(f"round_card_known_{mode}_{number}") or ""
    points = {p: st.session_state[widget_key("round_points", mode, number, p)] for p in players}
    label = {"key": "change.round", "round": number}
    if seen is None:
        close_on_tap(game_id, lambda d: sw.add_round(d, number, card, points), label, f"round_{mode}", number,
                     empty=not any(points.values()), anyway=anyway)
    else:
        save_on_tap(game_id, lambda d: sw.edit_round(d, number, card, points, seen), label, f"round_{mode}", picks)
