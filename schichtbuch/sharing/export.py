"""Exports: a game's standings and a group's history as CSV, safe to open in a spreadsheet; a group's games
as JSON, and reading such a file back (each record through the store's gate)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from schichtbuch.store import Group, Played, Store
from scoring.bgstats import play_date
from scoring.errors import RecordError
from scoring.fields import mapping, sequence
from scoring.gate import UPLOAD_BYTES, clean, parse
from scoring.registry import GAMES, check, summary_minutes
from scoring.standings import Result

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\0")
"""A text cell starting with one of these is run as a formula by spreadsheets: OWASP's CSV injection list
(equals, plus, minus, at, tab, carriage return and, since it was extended, line feed) and OWASP ASVS 1.2.10
("'=', '+', '-', '@', '\\t' (tab), and '\\0' (null character)" … "escaped with a single quote if they
appear as the first character in a field value"). `|` and `%` are left as they are: no source we could read
names them as a formula's start (`|` runs only inside a formula that starts with `=`, as in DDE's
`=cmd|' /c calc'!A1`)."""
GROUP_FORMAT = "schichtbuch-group"
"""The `format` of a group's JSON export; its `games` are game records as the 💾 page exports them."""


def spreadsheet_safe(value: Any) -> Any:
    """A text cell that a spreadsheet would run as a formula gets a leading `'` (the OWASP rule), so a
    player called `=HYPERLINK(…)` is shown, not run; numbers and other text stay as they are."""
    return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def standings_csv(result: Result, categories: Sequence[str], t: Callable[..., str]) -> str:
    """One row per player: name, rank, total and the points of every category, headed in the player's
    language."""
    import pandas as pd  # here, not at the top: only a tap on a download loads pandas

    rows = [{t("col.player"): s.player, t("col.rank"): s.rank, t("col.total"): s.total,
             **{t(f"{result.game}.cat.{c}"): s.breakdown[c] for c in categories}} for s in result.standings]
    return pd.DataFrame(rows).map(spreadsheet_safe).to_csv(index=False)


def history_csv(games: Sequence[Played], t: Callable[..., str], lang: str, utc_offset: int = 0) -> str:
    """A group's history, one row per player per game (newest game first, players best first): date,
    game, whether it is finished, the minutes played, player, rank, total, winner, then every category of every game as a
    column ("Coal Baron: Orders"), empty where the row's game has no such category."""
    import pandas as pd  # here, not at the top: only a tap on a download loads pandas

    rows = []
    for played in games:
        s = played.summary
        for p in s["standings"]:
            rows.append({t("history.col.date"): play_date(int(played.played), utc_offset),
                         t("history.col.game"): GAMES[s["game"]].names[lang], t("history.col.finished"): s["final"],
                         t("history.col.minutes"): summary_minutes(s),
                         t("col.player"): p["player"], t("col.rank"): p["rank"], t("col.total"): p["total"],
                         t("history.col.winner"): s["final"] and p["rank"] == 1,
                         **{_category(t, lang, s["game"], c): v for c, v in p["breakdown"].items()}})
    columns = [t("history.col.date"), t("history.col.game"), t("history.col.finished"), t("history.col.minutes"),
               t("col.player"), t("col.rank"), t("col.total"), t("history.col.winner")]
    points = [_category(t, lang, g.id, c) for g in GAMES.values() for c in g.categories]
    whole = [t("history.col.minutes"), *points]
    frame = pd.DataFrame(rows, columns=columns + points).astype(dict.fromkeys(whole, "Int64"))
    return frame.map(spreadsheet_safe).to_csv(index=False)


def _category(t: Callable[..., str], lang: str, game: str, category: str) -> str:
    return f"{GAMES[game].names[lang]}: {t(f'{game}.cat.{category}')}"


def export_json(games_store: Store, group: Group, games: Sequence[Played]) -> str:
    """The group's games as JSON: its name, members and each game's record (oldest first). Built when
    the download is tapped, outside the page's run: the store is passed in."""
    records = [games_store.load(p.id).doc for p in reversed(games)]
    return json.dumps({"format": GROUP_FORMAT, "name": group.name, "members": list(group.members), "games": records},
                      ensure_ascii=False, indent=1)


def import_records(data: bytes) -> list[dict[str, Any]]:
    """The game records of a group export (or of one record, or a list of records), each read by the
    same gate as the store; the first that does not read is refused with its field (`games.<i>.…`). A
    group's file may be as large as an upload: its records carry their photos."""
    value = parse(data, UPLOAD_BYTES)
    found = mapping(value, "record").get("games", [value]) if isinstance(value, dict) else value
    records = sequence(found, "games")
    for i, record in enumerate(records):
        try:
            clean(record)
            check(record)
        except RecordError as error:
            raise RecordError(f"games.{i}.{error.field}", error.code, **error.params) from None
    return [dict(r) for r in records]
