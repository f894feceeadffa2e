"""What pages use, in one import (`from schichtbuch import ui`), each piece from the module of its concern:

- session.py: configuration, the store, the language and texts (`t`, `md`, `coal`, `when`), widget keys,
  recent games;
- nav.py: the pages, join links and routing, the current game, the header, the live refresh;
- writes.py: saving in a tap's callback, refusals in one line, undo, the confirmation after a close;
- entry.py: one player's counts, the setup checklist, naming a player;
- scoreboard.py: the standings, the winner and the progress chart.
"""

from schichtbuch.entry import ask_player, checklist, choose_player, player_entry
from schichtbuch.nav import (
    GENERAL_PAGES, POLL_SECONDS, all_pages, current, follow_join, game, header, join_typed, network_base, page_path,
    page_start, params, require_game, table_page, watch,
)
from schichtbuch.scoreboard import (
    LEGEND_CHAR, LEGEND_SYMBOL, LEGEND_WIDTH, legend_columns, line_text, stage_points, standings, winners,
)
from schichtbuch.session import (
    BASE_URL, DEFAULT_LANG, STORE_PATH, coal, init, md, recent_games, store, t, translator, when, widget_key,
    wrong_codes,
)
from schichtbuch.writes import (
    change_text, close_on_tap, confirm_closed, field_name, just_closed, refusal, refused, save, save_on_tap, undo_button,
)
from scoring.records import MAX_COUNT

__all__ = [
    "BASE_URL", "DEFAULT_LANG", "GENERAL_PAGES", "LEGEND_CHAR", "LEGEND_SYMBOL", "LEGEND_WIDTH", "MAX_COUNT",
    "POLL_SECONDS", "STORE_PATH", "all_pages", "ask_player", "change_text", "checklist", "choose_player", "close_on_tap",
    "coal", "confirm_closed", "current", "field_name", "follow_join", "game", "header", "init", "join_typed",
    "just_closed", "legend_columns", "line_text", "md", "network_base", "page_path", "page_start", "params",
    "player_entry", "recent_games", "refusal", "refused", "require_game", "save", "save_on_tap", "stage_points",
    "standings", "store", "t", "table_page", "translator", "undo_button", "watch", "when", "widget_key", "winners",
    "wrong_codes",
]
