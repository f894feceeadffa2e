"""Schichtwechsel round: the guide to the round being played (preparation, actions, scoring) with the
start player named, the round card and each player's VP from it, running totals and corrections."""

import streamlit as st

from schichtbuch import ui
from schichtbuch.ui import md
from scoring import schichtwechsel as sw
from scoring.schichtwechsel import ROUNDS, Record, Round
from setup.schichtwechsel import ACTION_RULES, SCORING_RULES, preparation

t = ui.page_start()


def guide(record: Record, number: int) -> None:
    """Phases A, B and C of the round; the preparation open, the rest at a glance."""
    steps = preparation(number, record.players, record.start_player or "")
    with st.expander(t("schichtwechsel.round.phase_preparation"), expanded=True):
        st.markdown("\n".join(f"{i}. {t(s.key, **{k: md(str(v)) for k, v in s.params.items()})}"
                              for i, s in enumerate(steps, 1)))
    with st.expander(t("schichtwechsel.round.phase_actions")):
        st.markdown("\n".join(f"- {t(f'schichtwechsel.rule.{k}')}" for k in ACTION_RULES))
    with st.expander(t("schichtwechsel.round.phase_scoring")):
        st.markdown("\n".join(f"- {t(f'schichtwechsel.rule.{k}')}" for k in SCORING_RULES))


def known_cards() -> list[str]:
    """Round cards named at this table before: in this game and this phone's other Schichtwechsel games."""
    games = [saved, *ui.recent_games()]
    return sorted({r["card"] for g in games if g.doc["game"] == "schichtwechsel" for r in g.doc.get("rounds", [])})


def round_form(number: int, shown: Round | None) -> None:
    """The round card (picked from the names used before or typed) and each player's VP from it. A new
    round is refused if another phone entered it meanwhile; a correction if the round changed meanwhile."""
    mode = "new" if shown is None else "fix"
    cards = known_cards()
    with st.form(f"round_{mode}_{number}", enter_to_submit=False):
        if cards:
            st.pills(t("schichtwechsel.round.card_known"), cards, key=f"round_card_known_{mode}_{number}")
        st.text_input(t("schichtwechsel.round.card"), "" if shown is None else shown.card, max_chars=sw.CARD_CHARS,
                      placeholder=t("schichtwechsel.round.card_hint"), key=f"round_card_{mode}_{number}")
        st.caption(t("schichtwechsel.round.card_box"))
        for p in record.players:
            ui.number(md(p), 0 if shown is None else shown.points[p], ui.widget_key("round_points", mode, number, p))
        args = (number, mode, None if shown is None else saved.doc["rounds"][number - 1])
        st.form_submit_button(t(f"schichtwechsel.round.save_{mode}", round=number), type="primary", width="stretch",
                              on_click=submit, args=args)
        ui.refused(f"round_{mode}")
    zero = not any(st.session_state[ui.widget_key("round_points", mode, number, p)] for p in record.players)
    ui.ask_first(saved.id, f"round_{mode}", number, zero, t("schichtwechsel.round.empty", round=number),
                 t("schichtwechsel.round.anyway", round=number), submit, args)


def submit(number: int, mode: str, seen: dict | None, anyway: bool = False) -> None:
    """Save the form as the phone showed it when tapped (see `ui.save_on_tap`); a new round in which
    nobody got a VP is asked about first."""
    card = st.session_state[f"round_card_{mode}_{number}"].strip() or st.session_state.get(f"round_card_known_{mode}_{number}") or ""
    points = {p: st.session_state[ui.widget_key("round_points", mode, number, p)] for p in record.players}
    label = {"key": "change.round", "round": number}
    if seen is None:
        ui.close_on_tap(saved.id, lambda d: sw.add_round(d, number, card, points), label, f"round_{mode}", number,
                        empty=not any(points.values()), anyway=anyway)
    else:
        ui.save_on_tap(saved.id, lambda d: sw.edit_round(d, number, card, points, seen), label, f"round_{mode}")


def confirm(news: ui.StageNews) -> None:
    """Round `news.stage` was entered, on this phone or another: the VP from its card, who starts the next
    round, and the way on (play it, or the final scoring)."""
    number = news.stage
    title = t("schichtwechsel.round.done" if news.here else "schichtwechsel.round.done_elsewhere", round=number)
    lines = [t("schichtwechsel.round.done_points", card=md(record.rounds[number - 1].card),
               points=ui.stage_points(sw.score(saved.doc), number))]
    if number < ROUNDS:
        lines.append(t("schichtwechsel.round.done_start", round=number + 1, player=md(record.start_player or "")))
        ui.confirm_closed(saved, news, title, lines, t("schichtwechsel.round.play", round=number + 1), None)
    else:
        ui.confirm_closed(saved, news, title, lines, t("schichtwechsel.round.to_end"), ui.page_path("schichtwechsel", "end"))


def totals(record: Record) -> None:
    """The round cards so far: a row per player with the running total and the VP from each card (so the
    table grows with the rounds, not the players), the cards named below by their round's number."""
    total = sw.score(saved.doc).progress[-1]
    rounds = range(1, len(record.rounds) + 1)
    head = f"| {t('col.player')} | {t('col.total')} | " + " | ".join(map(str, rounds)) + " |"
    rows = [f"| {md(p)} | {total[p]} | " + " | ".join(str(r.points[p]) for r in record.rounds) + " |" for p in record.players]
    st.markdown("\n".join([head, "|:--|" + "--:|" * (len(record.rounds) + 1), *rows]))
    st.caption(t("schichtwechsel.round.cards", cards=" · ".join(
        t("schichtwechsel.round.card_named", round=i, card=md(r.card)) for i, r in zip(rounds, record.rounds))))


saved = ui.require_game("schichtwechsel")
record = sw.read(saved.doc)
if record.start_player is None:
    ui.ask_player(saved, t("schichtwechsel.ask_start"), record.players, lambda d, w: sw.pass_marker(d, w, None))
playing = len(record.rounds) + 1
news = ui.stage_news(saved, len(record.rounds))

if news:
    confirm(news)
elif playing <= ROUNDS:
    st.subheader(t("schichtwechsel.round.title", round=playing, rounds=ROUNDS))
    ui.choose_player(saved, t("schichtwechsel.round.start_player"), record.start_player, sw.pass_marker, "marker")
    guide(record, playing)
    st.subheader(t("schichtwechsel.round.card_title", round=playing))
    round_form(playing, None)
else:
    st.success(t("schichtwechsel.round.all_played", rounds=ROUNDS))
    st.page_link(ui.page_path("schichtwechsel", "end"), label=t("page.schichtwechsel_end"), icon="🏁", query_params=ui.params())

if record.rounds:
    st.subheader(t("schichtwechsel.round.so_far"))
    totals(record)
    with st.expander(t("schichtwechsel.round.correct")):
        fix = st.segmented_control(t("schichtwechsel.round.which"), range(1, len(record.rounds) + 1),
                                   default=len(record.rounds), required=True, key="round_fix")
        round_form(fix, record.rounds[fix - 1])
ui.undo_button(saved, "round_undo")
