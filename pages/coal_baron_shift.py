"""Coal Baron shift: each player taps the order cards they deliver; entries can be taken back or undone,
and a scored shift can be corrected; the race under the cards shows the shift's majorities as if it ended
now. Every card of a transport keeps its place (a delivered one stays, struck through, and a tap on it
says who has it), so that quick taps land on the card the finger meant; no card is disabled, since a tap
on a card that another phone's entry has just taken must be answered. Once another phone has scored a
shift, the phone is taken to the scoring, which says so."""

import streamlit as st

from schichtbuch.live.closing import stage_news
from schichtbuch.live.messages import refused
from schichtbuch.live.saving import Pick, save_on_tap, undo_button
from schichtbuch.session.page import widget_key
from schichtbuch.shell.nav import page_path, page_start, params, require_game
from schichtbuch.texts.words import md
from schichtbuch.widgets.entry import ask_player, keep_in_link, linked, row
from schichtbuch.widgets.panels.coal_baron import race
from scoring import coal_baron
from scoring.coal_baron import SHIFT_NAMES, SHIFTS, Order, Transport

t = page_start()

saved = require_game("coal_baron")
record = coal_baron.read(saved.doc)
if stage_news(saved, len(record.shifts)):
    st.switch_page(page_path("coal_baron", "scoring"), query_params=params())
playing = len(record.shifts) + 1
if playing > SHIFTS:
    st.info(t("coal_baron.shift.all_scored"))
    st.page_link(page_path("coal_baron", "end"), label=t("page.coal_baron_end"), icon="🏁", query_params=params())
shift = st.segmented_control(t("coal_baron.shift.view"), range(1, min(playing, SHIFTS) + 1), default=min(playing, SHIFTS),
                             format_func=lambda n: SHIFT_NAMES[n - 1], required=True, key=f"shift_view_{playing}")
correcting = shift < playing
mode = "fix" if correcting else "play"

st.subheader(t("coal_baron.shift.title", shift=SHIFT_NAMES[shift - 1]))
start = record.start_player(shift)
if start is None and not correcting:
    ask_player(saved, t("coal_baron.ask_start", shift=SHIFT_NAMES[shift - 1]), record.players,
               lambda d, w: coal_baron.set_start_player(d, shift, w))
st.caption(t("coal_baron.shift.start_player", player=md(start or t("coal_baron.unknown_player"))))
if correcting:
    st.warning(t("coal_baron.shift.correcting", shift=SHIFT_NAMES[shift - 1]))
who = st.segmented_control(t("coal_baron.shift.player"), record.players, key="shift_player",
                           default=linked("shift_player", record.players, record.players[0]),
                           format_func=md, required=True, on_change=keep_in_link, args=("shift_player",))
transport = st.segmented_control(
    t("coal_baron.shift.transport"), list(Transport), key="shift_transport", required=True,
    default=linked("shift_transport", list(Transport), Transport.WHEELBARROW), on_change=keep_in_link, args=("shift_transport",),
    format_func=lambda x: t("coal_baron.shift.transport_left", transport=t(f"transport.{x}"), left=len(record.cards_left(x))))
log = coal_baron.add_forgotten if correcting else coal_baron.deliver
viewed = Pick(f"shift_view_{playing}", shift, f"{t('coal_baron.shift.view')}: {SHIFT_NAMES[shift - 1]}")
picks = (viewed, Pick("shift_transport", transport, f"{t('coal_baron.shift.transport')}: {t(f'transport.{transport}')}"))


def tap_card(order: Order) -> None:
    """Log a tapped card for the player the phone shows at the tap (read from the session: a player
    picked just before the tap arrives with it); a card another phone logged meanwhile is refused, and so
    is a card of the transport or shift the page showed before the phone picked another (`picks`). What
    was logged, or why not, is said under the cards."""
    player = st.session_state.shift_player
    save_on_tap(saved.id, lambda d: log(d, shift, player, order),
                {"key": "change.deliver", "player": player, **order.to_dict(), "vp": order.vp}, "shift_card", picks)


taken = record.taken()
st.caption(t("coal_baron.shift.tap") if record.cards_left(transport)
           else t("coal_baron.shift.none_left", transport=t(f"transport.{transport}")))
with st.container(horizontal=True, gap="small", key="shift_cards"):  # two a row (header.PHONE_CSS)
    for order in coal_baron.cards(transport):
        card = t("coal_baron.card", transport=t(f"transport.{transport}"), coal=coal_baron.card_symbols(order.coal), vp=order.vp)
        st.button(t("coal_baron.card_taken", card=card) if order in taken else card, width="stretch",
                  help=t("coal_baron.card_by", player=md(taken[order])) if order in taken else None,
                  key=widget_key("shift_card", mode, shift, transport, *order.coal), on_click=tap_card, args=(order,))
    refused("shift_card", st, stands=lambda change: taken.get(coal_baron.card(change)) == change["player"])
if not correcting:
    race(saved, record)

st.divider()
refused("shift_remove")
logged = record.shifts[shift - 1] if correcting else record.current_shift
for name in record.players:
    orders = logged[name]
    with st.expander(t("coal_baron.shift.player_orders", player=md(name), cards=len(orders),
                       vp=sum(o.vp for o in orders)), expanded=name == who):
        for i, order in enumerate(orders):
            line = f"{t(f'transport.{order.transport}')} {coal_baron.symbols(order.coal)} · {t('coal_baron.vp', vp=order.vp)}"
            with row():
                st.markdown(line, width="stretch")
                st.button("✕", key=widget_key("shift_remove", mode, shift, name, order.transport, *order.coal),
                          help=t("coal_baron.shift.remove"), on_click=save_on_tap, args=(
                              saved.id, lambda d, n=name, k=i, o=order: coal_baron.remove_order(d, shift, n, k, o),
                              {"key": "change.remove", "player": name, **order.to_dict()}, "shift_remove", (viewed,)))

undo_button(saved, "shift_undo")
if not correcting:
    st.page_link(page_path("coal_baron", "scoring"), label=t("coal_baron.shift.to_scoring", shift=SHIFT_NAMES[shift - 1]),
                 icon="🧮", query_params=params())
