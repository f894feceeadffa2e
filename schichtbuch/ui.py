"""What pages use, in one import (`from schichtbuch import ui`), each piece from the module of its concern:

- session/: the settings, the store, the session's initialiser, widget keys, recent games;
  texts/words.py: the language's texts (`t`, `md`, `when`); sharing/qr.py: a link's QR code;
- nav.py: the pages and routing, the current game, the live refresh, a page the database cannot serve;
- header.py: the header of every page; joining.py: join links, and joining by link or code;
- live/saving.py: saving in a tap's callback (refused if the phone picked anew above the control: `Pick`),
  undo; live/messages.py: refusals in one line; live/closing.py: closing a stage, the confirmation after it;
- entry.py: pickers kept in the link (`linked`), one player's counts, the setup checklist, naming a
  player, a line and its buttons;
- scoreboard.py: the standings, the winner and the progress chart;
- store.py: the longest member list and group name typed at once, and `Unavailable`, the database out of reach.
"""

from schichtbuch.live.closing import StageNews, ask_first, close_button, close_on_tap, confirm_closed, stage_news
from schichtbuch.live.messages import refusal, refused, say, tapped, unavailable
from schichtbuch.live.saving import Pick, save_on_tap, saved_on_tap, undo_button
from schichtbuch.live.taps import drawn, run_page, unclaimed
from schichtbuch.session.cookies import recent_games
from schichtbuch.session.page import extra, widget_key
from schichtbuch.session.resources import store
from schichtbuch.session.settings import BASE_URL, DEFAULT_LANG, STORE_PATH
from schichtbuch.session.state import init
from schichtbuch.sharing.joining import follow_join, join_link, join_typed, link_base, share_button, unreached
from schichtbuch.sharing.qr import qr_code
from schichtbuch.shell.header import header
from schichtbuch.shell.nav import (
    GENERAL_PAGES, GROUP_PAGES, all_pages, current, page_path, page_start, params, require_game, store_down,
    table_page, watch,
)
from schichtbuch.store import GROUP_MEMBERS_CHARS, GROUP_NAME_CHARS, Unavailable
from schichtbuch.texts.words import md, step_text, t, utc_offset, when
from schichtbuch.widgets.entry import (
    ask_player, checklist, choose_player, counts, keep_in_link, linked, number, player_entry, row,
)
from schichtbuch.widgets.scoreboard import (
    LEGEND_CHAR, LEGEND_SYMBOL, LEGEND_WIDTH, legend_columns, named, stage_points, standings, table,
)
from scoring.fields import MAX_COUNT, NAME_CHARS

__all__ = [
    "BASE_URL", "DEFAULT_LANG", "Pick", "StageNews", "GENERAL_PAGES", "GROUP_MEMBERS_CHARS", "GROUP_NAME_CHARS", "GROUP_PAGES", "LEGEND_CHAR", "LEGEND_SYMBOL", "LEGEND_WIDTH", "MAX_COUNT",
    "NAME_CHARS", "STORE_PATH", "all_pages", "ask_first", "ask_player", "checklist", "choose_player", "close_button", "close_on_tap", "counts",
    "confirm_closed", "current", "drawn", "extra", "follow_join", "header", "init", "join_link", "join_typed", "keep_in_link", "link_base", "linked",
    "legend_columns", "md", "named", "number", "page_path", "page_start", "params",
    "player_entry", "qr_code", "row", "recent_games", "refusal", "refused", "require_game", "run_page", "save_on_tap", "saved_on_tap", "say", "share_button", "stage_news", "stage_points", "step_text", "table", "tapped",
    "standings", "store", "store_down", "t", "table_page", "Unavailable", "unavailable", "unclaimed", "undo_button", "unreached", "utc_offset", "watch", "when", "widget_key",
]
