"""MINE! round assistant: the die holder and the sale cap, each player's coal, the dummy's cards, then the
resolution in the printed order (events, looting and watchtower, expedition, mine, recruitment); every
number is saved as entered and can be corrected, and the round is closed once resolved (asking first if
nothing of it was entered). Once a round is closed, on this phone or another, the page says so before
it shows the next one."""

import random
from collections.abc import Callable, Mapping

import streamlit as st

from schichtbuch import ui
from schichtbuch.ui import md
from scoring import mine
from scoring.mine import ROUNDS, Sheet
from setup import Step
from setup.mine import placement, recruitment, round_end

t = ui.page_start()


def step(shown: Step) -> str:
    return t(shown.key, **{k: md(str(v)) for k, v in shown.params.items()})


def save(field: str, value: Callable[[], object], seen: object, number: int | None = None) -> None:
    """Save one field of a round's sheet (this round's unless `number` names a closed one) as the phone
    showed it when tapped (see `ui.save_on_tap`)."""
    n = number or sheet.number
    ui.save_on_tap(saved.id, lambda d: mine.enter_round(d, n, field, value(), seen), change(field, n), f"mine_{field}_{n}")


def change(field: str, number: int) -> dict[str, object]:
    """The label of an entry in a round's sheet, for undo."""
    return {"key": "change.mine_entry", "round": number, "field": field}


def counts(field: str, shown: Mapping[str, int], label: Callable[[str], str], number: int | None = None) -> None:
    """A form with one number per player for a field of a round's sheet. Its key and its widgets' follow
    the stored values: another phone's entry shows at once, and a Save tapped on the form as it was
    before reaches no form (`ui.unclaimed`: said to be not saved) rather than saving over that entry.
    What the rules refuse is named below its Save."""
    n = number or sheet.number
    keys = {p: ui.widget_key("mine", field, n, p, shown[p]) for p in record.players}
    with st.form(ui.widget_key("mine", field, n, *shown.values()), enter_to_submit=False):
        for p in record.players:
            ui.number(label(p), shown[p], keys[p])
        st.form_submit_button(t("action.save"), type="primary", width="stretch", on_click=save, args=(
            field, lambda: {p: st.session_state[keys[p]] for p in record.players}, entered(field, n), number))
        ui.refused(f"mine_{field}_{n}")


def entered(field: str, number: int | None = None) -> object:
    """A field of a round's sheet as stored (None if not entered yet)."""
    return mine.round_sheet(saved.doc, number or sheet.number).get(field)


def coal_table(s: Sheet) -> None:
    """Each player's coal at the start of the round, now, and their points (the pawn's space)."""
    rows = [f"| {md(p)}{' 🎲' if p == s.die_holder else ''}{' 🤖' if p == record.dummy else ''} | {s.start[p]} | {s.coal[p]} "
            f"| {record.scores[p] + s.sold[p]} |" for p in record.players]
    st.markdown("\n".join([f"| {t('col.player')} | {t('mine.col.start')} | {t('mine.col.now')} | {t('mine.points')} |",
                           "|:--|--:|--:|--:|", *rows]))


def cap_and_supply(s: Sheet) -> None:
    """The die card's value in the variant; the coal at the start and the supply, to correct."""
    if record.variant:
        cap = f"mine_cap_{s.number}_{entered('cap')}"
        ui.number(t("mine.round.cap"), entered("cap"), cap, placeholder=t("mine.round.cap_hint"),
                  on_change=save, args=("cap", lambda: st.session_state[cap], entered("cap")))
        ui.drawn(cap, entered("cap"))
        ui.refused(f"mine_cap_{s.number}")
    with st.expander(t("mine.round.correct")):
        counts("start", s.start, md)
        if s.supply is not None:
            with st.form(f"mine_supply_{s.number}", enter_to_submit=False):
                key = f"mine_supply_{s.number}_{s.supply}"
                ui.number(t("mine.round.supply"), s.supply, key, help=t("mine.round.supply_box"))
                st.form_submit_button(t("action.save"), width="stretch", on_click=save,
                                      args=("supply", lambda: st.session_state[key], entered("supply")))
                ui.refused(f"mine_supply_{s.number}")


def dummy_cards(s: Sheet) -> None:
    """Where the dummy's 4 cards go this round, its looting targets drawn the same on every phone."""
    cards = mine.dummy_placement(s.number, s.start, record.dummy, random.Random(f"{saved.id}/{s.number}"))
    lines = [t("mine.dummy.watchtower", cards=cards.watchtower)] if cards.watchtower else []
    lines += [t("mine.dummy.looting", target=md(p)) for p in cards.looting]
    lines += [t("mine.dummy.recruitment", cards=cards.recruitment)] if cards.recruitment else []
    lines += [t("mine.dummy.mine", cards=cards.mine)] if cards.mine else []
    st.markdown(f"**{t('mine.dummy.title', player=md(record.dummy))}**\n" + "\n".join(f"- {line}" for line in lines))
    st.caption(t("mine.dummy.events"))


ATTACK_FIELDS = ("attacker", "target", "points")


def looting(s: Sheet) -> None:
    """The attacks entered, each with its outcome and why and a way to take it back, a form for the next
    attack, and the defence."""
    attacks = entered("attacks") or []
    ui.refused(f"mine_attacks_{s.number}")
    for i, take in enumerate(s.looting.takes):
        a = take.attack
        text, remove = st.columns([5, 1], vertical_alignment="center", wrap=False)
        text.markdown(t(f"mine.loot.{take.reason}", attacker=md(a.attacker), target=md(a.target), points=a.points,
                        defense=take.defense, coal=take.coal))
        remove.button("✕", key=ui.widget_key("mine_attack_remove", s.number, i, *attacks[i].values()),
                      help=t("mine.loot.remove"), on_click=take_back, args=(attacks[i],))
    with st.form(f"mine_attack_{s.number}", enter_to_submit=False):
        st.selectbox(t("mine.loot.attacker"), record.players, key=f"mine_attacker_{s.number}")
        st.selectbox(t("mine.loot.target"), record.players, index=1, key=f"mine_target_{s.number}")
        ui.number(t("mine.loot.points"), 1, f"mine_points_{s.number}")
        st.form_submit_button(t("mine.loot.add"), width="stretch", on_click=add_attack, args=(attacks,))
    st.markdown(f"**{t('mine.loot.defense')}**")
    counts("defense", s.defense, md)


def add_attack(shown: list) -> None:
    """Add the attack as the form holds it at the tap, after the attacks the phone showed."""
    attack = {f: st.session_state[f"mine_{f}_{sheet.number}"] for f in ATTACK_FIELDS}
    ui.save_on_tap(saved.id, lambda d: mine.add_attack(d, sheet.number, attack, shown), change("attacks", sheet.number),
                   f"mine_attacks_{sheet.number}")


def take_back(attack: dict) -> None:
    ui.save_on_tap(saved.id, lambda d: mine.remove_attack(d, sheet.number, attack), change("attacks", sheet.number),
                   f"mine_attacks_{sheet.number}")


def confirm(news: ui.StageNews) -> None:
    """Round `news.stage` was closed, on this phone or another: the points it brought, who has the die
    next and the cap (or that the game is over), and the way on."""
    number = news.stage
    lines = [t("mine.round.done_points", points=ui.stage_points(mine.score(saved.doc), number))]
    title = t("mine.round.done" if news.here else "mine.round.done_elsewhere", round=number)
    if sheet is None:
        lines.append(t("mine.round.over", target=mine.TARGET, rounds=ROUNDS))
        ui.confirm_closed(saved, news, title, lines, t("mine.round.to_end"), ui.page_path("mine", "end"))
    else:
        lines.append(t("mine.round.die", player=md(sheet.die_holder), cap=sheet.cap) if not record.variant
                     else t("mine.round.die_variant", player=md(sheet.die_holder)))
        ui.confirm_closed(saved, news, title, lines, t("mine.round.play", round=sheet.number), None)


saved = ui.require_game("mine")
record = mine.read(saved.doc)
sheet = record.current
if news := ui.stage_news(saved, len(record.rounds)):
    confirm(news)
    ui.standings(saved)
    ui.undo_button(saved, "mine_undo")
    st.stop()
if sheet is None:
    st.success(t("mine.round.over", target=mine.TARGET, rounds=ROUNDS))
    st.page_link(ui.page_path("mine", "end"), label=t("page.mine_end"), icon="🏁", query_params=ui.params())
    ui.undo_button(saved, "mine_undo")
    st.stop()

st.subheader(t("mine.round.title", round=sheet.number, rounds=ROUNDS))
st.markdown(t("mine.round.die", player=md(sheet.die_holder), cap=sheet.cap)
            if not record.variant or entered("cap") is not None else t("mine.round.die_variant", player=md(sheet.die_holder)))
cap_and_supply(sheet)
coal_table(sheet)
st.info(step(placement(sheet.die_holder)))
if record.dummy is not None:
    dummy_cards(sheet)

with st.expander(t("mine.phase.events")):
    st.caption(t("mine.round.firedamp"))
    counts("events", sheet.events, md)
    for p in record.players:
        if sheet.event_coal[p] != sheet.events[p]:
            st.caption(t("mine.round.event_took", player=md(p), coal=sheet.start[p], entered=sheet.events[p]))
with st.expander(t("mine.phase.looting")):
    looting(sheet)
with st.expander(t("mine.phase.expedition")):
    stock = sheet.at_sale
    counts("sold", sheet.sold, lambda p: t("mine.round.sell", player=md(p), coal=stock[p], cap=sheet.cap))
with st.expander(t("mine.phase.mine")):
    st.caption(t("mine.round.mine_rule", player=md(sheet.die_holder)) if sheet.supply is not None
               else t("mine.round.mine_variant", cap=sheet.cap))
    counts("mined", sheet.mined, lambda p: t("mine.round.helmets", player=md(p), got=sheet.got[p]))
    if sheet.at_mine is not None:
        st.caption(t("mine.round.supply_left", supply=sheet.mine_supply - sum(sheet.got.values())))
        if sheet.mine_supply != sheet.at_mine:
            st.warning(t("mine.round.supply_disagrees", supply=sheet.at_mine, free=sheet.cubes_free))
with st.expander(t("mine.phase.recruitment")):
    st.markdown(step(recruitment()))
    counts("recruited", sheet.recruited, lambda p: t("mine.round.recruits", player=md(p),
                                                     cards=mine.RECRUIT_DRAW + sheet.recruited[p]))
    st.markdown(step(round_end(record.players, sheet.die_holder)))

ui.close_button(saved.id, t("mine.round.close", round=sheet.number), "mine_close", sheet.number,
                lambda d, n=sheet.number: mine.close_round(d, n), {"key": "change.mine_close", "round": sheet.number},
                not saved.doc.get("current"), t("mine.round.empty", round=sheet.number),
                t("mine.round.anyway", round=sheet.number))
if record.rounds:
    with st.expander(t("mine.round.fix")):
        fix = st.segmented_control(t("mine.round.which"), range(1, len(record.rounds) + 1), default=len(record.rounds),
                                   required=True, key="mine_fix")
        counts("sold", record.rounds[fix - 1].sold, md, number=fix)
    ui.standings(saved)
ui.undo_button(saved, "mine_undo")
