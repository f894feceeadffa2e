"""MINE!'s round page in sections, each drawn from the game as this run shows it (`RoundPage`):
pages/mine_round.py puts them in the printed order. Every number is saved as entered, in its widget's
callback, carrying what the phone showed (`saving.save_on_tap`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import streamlit as st

from schichtbuch.live.closing import StageNews, confirm_closed
from schichtbuch.live.messages import refused
from schichtbuch.live.saving import Pick, save_on_tap
from schichtbuch.live.taps import drawn
from schichtbuch.session.page import widget_key
from schichtbuch.shell.nav import page_path
from schichtbuch.store import Document, Saved
from schichtbuch.texts.words import md, step_text, t
from schichtbuch.widgets import entry
from schichtbuch.widgets.entry import keep_in_link, linked, row
from schichtbuch.widgets.scoreboard import stage_points, table
from scoring import mine
from scoring.mine import ROUNDS, Record, Sheet
from setup.mine import recruitment, round_end

ATTACK_FIELDS = ("attacker", "target", "points")
PHASES = {"events": "events", "looting": "defense", "expedition": "sold", "mine": "mined", "recruitment": "recruited"}
"""The phases of the resolution in the printed order, each with the field of the sheet that is entered last
in it."""


@dataclass(frozen=True)
class RoundPage:
    """The stored game and its reading, as this run of the page shows them, and the choices above the
    section drawn that give its controls their meaning (`picks`: the part of the round, the round corrected)."""

    saved: Saved
    record: Record
    picks: tuple[Pick, ...] = ()

    @property
    def sheet(self) -> Sheet:
        """The round being played (the page shows none once all are played)."""
        assert self.record.current is not None
        return self.record.current

    def entered(self, field: str, number: int | None = None) -> Any:
        """A field of a round's sheet as stored, JSON as the record holds it (None if not entered yet)."""
        return mine.round_sheet(self.saved.doc, number or self.sheet.number).get(field)

    def save(self, field: str, value: Callable[[], object], seen: object, number: int | None = None) -> None:
        """Save one field of a round's sheet (this round's unless `number` names a closed one) as the
        phone showed it when tapped."""
        n = number or self.sheet.number
        save_on_tap(self.saved.id, lambda d: mine.enter_round(d, n, field, value(), seen),
                    {"key": "change.mine_entry", "round": n, "field": field}, f"mine_{field}_{n}", self.picks)

    def save_cap(self, key: str, shown: int | None) -> None:
        """Save the die card's cap as typed; the one the page drew (a callback Streamlit ran untapped, as
        `entry._tick` says) is no change."""
        typed = st.session_state[key]
        if typed != shown:
            self.save("cap", lambda: typed, shown)

    def counts(self, field: str, shown: Mapping[str, int], label: Callable[[str], str] = md,
               number: int | None = None) -> None:
        """One number per player for a field of a round's sheet (`entry.counts`), saved as the phone showed it."""
        n = number or self.sheet.number
        seen = self.entered(field, n)
        entry.counts(f"mine_{field}_{n}", shown, label, lambda values: self.save(field, lambda: values, seen, number))

    def die(self) -> None:
        """Who holds the die, and the cap on sales (in the variant, the die card's value once entered)."""
        s, cap = self.sheet, self.entered("cap")
        st.markdown(t("mine.round.die", player=md(s.die_holder), cap=s.cap) if not self.record.variant or cap is not None
                    else t("mine.round.die_variant", player=md(s.die_holder)))
        if self.record.variant:
            key = f"mine_cap_{s.number}_{cap}"
            entry.number(t("mine.round.cap"), cap, key, placeholder=t("mine.round.cap_hint"),
                         on_change=self.save_cap, args=(key, cap))
            drawn(key, cap)
            refused(f"mine_cap_{s.number}")

    def coal(self) -> None:
        """Each player's coal at the start of the round, now, and their points (the pawn's space)."""
        s, r = self.sheet, self.record
        rows = [(f"{md(p)}{' 🎲' if p == s.die_holder else ''}{' 🤖' if p == r.dummy else ''}", s.start[p], s.coal[p],
                 r.scores[p] + s.sold[p]) for p in r.players]
        st.markdown(table((t("col.player"), t("mine.col.start"), t("mine.col.now"), t("mine.points")), rows))

    def section(self) -> None:
        """One part of the resolution at a time, picked from a row of pills: its forms are messages to the
        phone in every run, so the page draws only the phase the table is at (at first the first phase
        not yet entered, or the one the link names: `entry.linked`), or a correction. A tap on the part shown
        keeps it shown (`required`: the page always shows one part)."""
        labels = {"events": t("mine.phase.events"), "looting": t("mine.phase.looting"),
                  "expedition": t("mine.phase.expedition"), "mine": t("mine.phase.mine"),
                  "recruitment": t("mine.phase.recruitment"), "correct": t("mine.phase.correct")}
        if self.record.rounds:
            labels["fix"] = t("mine.phase.fix")
        first = next((phase for phase, field in PHASES.items() if self.entered(field) is None), "recruitment")
        key = f"mine_phase_{self.sheet.number}"
        shown = st.pills(t("mine.round.phase"), list(labels), default=linked(key, list(labels), first), required=True,
                         key=key, format_func=labels.__getitem__, on_change=keep_in_link, args=(key,))
        refused(key)  # a tap of the part shown before (`saving.Pick`)
        getattr(replace(self, picks=(Pick(key, shown, f"{t('mine.round.phase')}: {labels[shown]}", key),)), shown)()

    def correct(self) -> None:
        """The coal at the start of the round and the supply, to correct."""
        s = self.sheet
        st.caption(t("mine.round.correct"))
        self.counts("start", s.start)
        if s.supply is not None:
            with st.form(f"mine_supply_{s.number}", enter_to_submit=False):
                key = f"mine_supply_{s.number}_{s.supply}"
                entry.number(t("mine.round.supply"), s.supply, key, help=t("mine.round.supply_box"))
                st.form_submit_button(t("action.save"), width="stretch", on_click=self.save,
                                      args=("supply", lambda: st.session_state[key], self.entered("supply")))
                refused(f"mine_supply_{s.number}", st)

    def fix(self) -> None:
        """A sale of a closed round, to correct."""
        rounds = len(self.record.rounds)
        number = st.segmented_control(t("mine.round.which"), range(1, rounds + 1), default=rounds, required=True,
                                      key="mine_fix")
        st.caption(t("mine.round.fix"))
        fixing = replace(self, picks=(*self.picks, Pick("mine_fix", number, f"{t('mine.round.which')}: {number}")))
        fixing.counts("sold", self.record.rounds[number - 1].sold, number=number)

    def dummy_cards(self) -> None:
        """Where the dummy's 4 cards go this round, its looting targets drawn the same on every phone."""
        s, dummy = self.sheet, self.record.dummy
        if dummy is None:
            return
        cards = mine.dummy_placement(s.number, s.start, dummy, random.Random(f"{self.saved.id}/{s.number}"))
        lines = [t("mine.dummy.watchtower", cards=cards.watchtower)] if cards.watchtower else []
        lines += [t("mine.dummy.looting", target=md(p)) for p in cards.looting]
        lines += [t("mine.dummy.recruitment", cards=cards.recruitment)] if cards.recruitment else []
        lines += [t("mine.dummy.mine", cards=cards.mine)] if cards.mine else []
        st.markdown(f"**{t('mine.dummy.title', player=md(dummy))}**\n" + "\n".join(f"- {line}" for line in lines))
        st.caption(t("mine.dummy.events"))

    def events(self) -> None:
        """The coal each player lost to events, and where an event took less than entered (the stock)."""
        s = self.sheet
        st.caption(t("mine.round.firedamp"))
        self.counts("events", s.events)
        for p in self.record.players:
            if s.event_coal[p] != s.events[p]:
                st.caption(t("mine.round.event_took", player=md(p), coal=s.start[p], entered=s.events[p]))

    def looting(self) -> None:
        """The attacks entered, each with its outcome and why and a way to take it back, a form for the
        next attack, and the defence. What a ✕ did is said above the attacks, what Add did below it."""
        s, players = self.sheet, self.record.players
        attacks = self.entered("attacks") or []
        refused(f"mine_attacks_{s.number}")
        for i, take in enumerate(s.looting.takes):
            a = take.attack
            with row():
                st.markdown(t(f"mine.loot.{take.reason}", attacker=md(a.attacker), target=md(a.target), points=a.points,
                              defense=take.defense, coal=take.coal), width="stretch")
                st.button("✕", key=widget_key("mine_attack_remove", s.number, i, *attacks[i].values()),
                          help=t("mine.loot.remove"), on_click=self.attack,
                          args=(mine.remove_attack, attacks[i], f"mine_attacks_{s.number}"))
        with st.form(f"mine_attack_{s.number}", enter_to_submit=False):
            st.selectbox(t("mine.loot.attacker"), players, key=f"mine_attacker_{s.number}")
            st.selectbox(t("mine.loot.target"), players, index=1, key=f"mine_target_{s.number}")
            entry.number(t("mine.loot.points"), 1, f"mine_points_{s.number}")
            # the key names the attacks shown: a tap on the form as it was before another phone's attack
            # came is refused as such (taps.py), never read against the page drawn since
            st.form_submit_button(t("mine.loot.add"), width="stretch", on_click=self.add_attack, args=(attacks,),
                                  key=f"mine_attack_add_{s.number}_{len(attacks)}")
            refused(f"mine_attack_add_{s.number}", st)
        st.markdown(f"**{t('mine.loot.defense')}**")
        self.counts("defense", s.defense)

    def add_attack(self, shown: list[dict[str, Any]]) -> None:
        """Add the attack as the form holds it at the tap, after the attacks the phone showed (the same
        attack added since, on another phone or by a tap before, is refused: `mine.add_attack`)."""
        n = self.sheet.number
        attack = {f: st.session_state[f"mine_{f}_{n}"] for f in ATTACK_FIELDS}
        self.attack(lambda d, r, a: mine.add_attack(d, r, a, shown), attack, f"mine_attack_add_{n}")

    def attack(self, edit: Callable[..., Document], attack: dict[str, Any], where: str) -> None:
        """Add or take back one attack of this round, what it did said at `where`."""
        n = self.sheet.number
        save_on_tap(self.saved.id, lambda d: edit(d, n, attack), {"key": "change.mine_entry", "round": n, "field": "attacks"},
                    where, self.picks)

    def expedition(self) -> None:
        """The coal each player sold, with their stock at the sale and the cap."""
        s = self.sheet
        self.counts("sold", s.sold, lambda p: t("mine.round.sell", player=md(p), coal=s.at_sale[p], cap=s.cap))

    def mine(self) -> None:
        """The helmets each player mined with and the coal they got; the supply left, and where the supply
        entered disagrees with the cubes on the table."""
        s = self.sheet
        st.caption(t("mine.round.mine_rule", player=md(s.die_holder)) if s.supply is not None
                   else t("mine.round.mine_variant", cap=s.cap))
        self.counts("mined", s.mined, lambda p: t("mine.round.helmets", player=md(p), got=s.got[p]))
        if s.at_mine is not None:
            st.caption(t("mine.round.supply_left", supply=s.mine_supply - sum(s.got.values())))
            if s.mine_supply != s.at_mine:
                st.warning(t("mine.round.supply_disagrees", supply=s.at_mine, free=s.cubes_free))

    def recruitment(self) -> None:
        """The recruitment step, the cards each player recruited, and the end of the round."""
        s = self.sheet
        st.markdown(step_text(recruitment()))
        self.counts("recruited", s.recruited, lambda p: t("mine.round.recruits", player=md(p),
                                                          cards=mine.RECRUIT_DRAW + s.recruited[p]))
        st.markdown(step_text(round_end(self.record.players, s.die_holder)))

    def confirm(self, news: StageNews) -> None:
        """Round `news.stage` was closed, on this phone or another: the points it brought, who has the die
        next and the cap (or that the game is over), and the way on."""
        number, saved, nxt = news.stage, self.saved, self.record.current
        lines = [t("mine.round.done_points", points=stage_points(mine.score(saved.doc), number))]
        title = t("mine.round.done" if news.here else "mine.round.done_elsewhere", round=number)
        if nxt is None:
            lines.append(t("mine.round.over", target=mine.TARGET, rounds=ROUNDS))
            confirm_closed(saved, news, title, lines, t("mine.round.to_end"), page_path("mine", "end"))
        else:
            lines.append(t("mine.round.die", player=md(nxt.die_holder), cap=nxt.cap) if not self.record.variant
                         else t("mine.round.die_variant", player=md(nxt.die_holder)))
            confirm_closed(saved, news, title, lines, t("mine.round.play", round=nxt.number), None)
