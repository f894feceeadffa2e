"""History: a group's games, newest first (date, game, players with their totals, the winner or that it is
still being played), filtered by game and by player (with a link to that player's profile); each opens
here, its scores final (a photo and a note can still be added). Below: the history as CSV
(one row per player per game) and JSON records, and the import of such JSON into the group."""

import streamlit as st

from schichtbuch.groups import groups
from schichtbuch.live.messages import refused
from schichtbuch.session.resources import store
from schichtbuch.sharing import export
from schichtbuch.shell.nav import page_path, page_start
from schichtbuch.store import Played, UnknownGame
from schichtbuch.texts.words import md, utc_offset, when
from schichtbuch.widgets.scoreboard import standings
from scoring.registry import GAMES

t = page_start()
lang = st.session_state.lang
group = groups.require_group()
groups.links(group)

if shown := st.query_params.get("show"):
    try:
        played = store().group_game(group.id, shown)
    except UnknownGame:
        st.error(t("history.not_in_group"))
        st.stop()
    st.subheader(t("history.game", when=when(played.played)))
    standings(store().load(shown))
    st.stop()

st.subheader(t("history.title", group=md(group.name)))
filters = st.columns(2)
game = filters[0].selectbox(t("history.filter_game"), [None, *GAMES], key="history_game",
                            format_func=lambda g: t("history.all_games") if g is None else GAMES[g].names[lang])
player = filters[1].selectbox(t("history.filter_player"), [None, *group.members], key="history_player",
                              format_func=lambda p: t("history.all_players") if p is None else md(p))
if player is not None:
    st.page_link(page_path(None, "player"), label=t("player.profile_of", player=md(player)), icon="👤",
                 query_params={"group": group.id, "lang": lang, "player": player})
shown_count = st.session_state.setdefault("history_shown", groups.HISTORY_STEP)
tally = store().group_tally(group.id, game=game, player=player)
games = store().group_games(group.id, game=game, player=player, limit=shown_count)
st.caption(t("history.count", count=tally.games, finished=t("history.finished", finished=tally.finished)))
for played in games:
    st.page_link(page_path(None, "history"), label=groups.game_line(played.summary, lang),
                 icon="🏁" if played.summary["final"] else "🎲",
                 query_params={"group": group.id, "lang": lang, "show": played.id})
    st.caption(f"{when(played.played)} · {groups.game_state(played)}")
if tally.games > shown_count:
    st.button(t("history.more"), width="stretch", key="history_more",
              on_click=lambda: st.session_state.update(history_shown=shown_count + groups.HISTORY_STEP))

st.divider()
with st.expander(t("history.export")):
    offset, games_store = utc_offset(games[0].played if games else 0), store()

    def every_game() -> list[Played]:
        """All the games under the filters, read only when a download is tapped."""
        return games_store.group_games(group.id, game=game, player=player)

    st.download_button(t("history.csv"), lambda: export.history_csv(every_game(), t, lang, offset), f"history-{group.id[:6]}.csv",
                       "text/csv", icon="📊", width="stretch", on_click="ignore")
    st.download_button(t("history.json"), lambda: export.export_json(games_store, group, every_game()),
                       f"history-{group.id[:6]}.json", "application/json", icon="💾", width="stretch", on_click="ignore")
    st.file_uploader(t("history.upload"), type=["json"], key="history_upload")
    st.button(t("history.import"), width="stretch", disabled=st.session_state.get("history_upload") is None,
              on_click=groups.import_on_tap, args=(group.id,))
refused("history_import")
if imported := st.session_state.pop("history_imported", None):
    st.success(" ".join([t("history.imported", count=imported.added)] +
                        ([t("history.already", count=imported.already)] if imported.already else [])))
