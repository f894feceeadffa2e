"""What every page shares: configuration, the store connection, the language, the current game from the
URL, the header, navigation links, and saving a change with a clear message when it is refused.

`init()` sets up the session (language, recent games); `current()` keeps the game of this run; every
other key is prefixed with its page or widget group. Everything that must survive a reload lives in the
store and the URL (`?game=<id>&lang=<de|en>`)."""

from __future__ import annotations

import functools
import os
import re
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import streamlit as st

from schichtbuch import codes, i18n, share
from schichtbuch.store import Conflict, Document, NothingToUndo, Saved, SQLiteStore, Store, UnknownGame, is_id
from scoring.records import MAX_COUNT, Line, RecordError, Result, setup_ticks, tick
from scoring.registry import GAMES, Game, page_at_stage, score
from scoring.schichtwechsel import RACES
from setup import Step

STORE_PATH = "SCHICHTBUCH_STORE"
BASE_URL = "SCHICHTBUCH_BASE_URL"
DEFAULT_LANG = "SCHICHTBUCH_LANG"
RECENT_COOKIE = "schichtbuch_games"
RECENT_KEEP = 8
POLL_SECONDS = 1.5
"""Other phones' entries show within this interval plus one rerun."""
GENERAL_PAGES = ("home", "share", "record")
LIST_FIELDS = {"shifts", "start_players", "factory_workers", "rounds", "miner_finish", "attacks", *RACES}
"""Record fields that are lists: a number after one of them is a position, shown counting from 1."""
PHONE_CSS = """
header[data-testid="stHeader"] { display: none; }
.block-container { padding-top: 1rem; padding-bottom: 3rem; }
button, [data-testid="stPageLink"] a { min-height: 44px; }
[data-testid="stTable"], [data-testid="stMarkdownContainer"]:has(> table) { overflow-x: auto; }
[data-testid="stMarkdownContainer"] > table :is(th, td)[style*="right"],
.stTable[data-testid="stTable"] [data-testid="stMarkdownContainer"],
.stTable[data-testid="stTable"] [data-testid="stMarkdownContainer"] p { white-space: nowrap; }
[data-testid="stTable"] tr > :first-child, [data-testid="stMarkdownContainer"] > table tr > :first-child {
  position: sticky; left: 0; z-index: 1; background: #fff; }
.st-key-standings tbody :is(th, td:nth-child(2)) { color: inherit; font-weight: 600; }
"""
"""Room at the top on a phone, and touch targets of at least 44 px (Apple's and Google's guidance). Tables
keep their numbers (right-aligned columns) on one line, the standings their names too, and scroll
sideways inside themselves with the first column (the player) fixed, so six seats are never clipped by
the page; in the standings, names and totals stand out."""
CHART_COLOURS = {"red": "#d62728", "blue": "#1f77b4", "green": "#2ca02c", "yellow": "#e6b800",
                 "white": "#9e9e9e", "black": "#222222"}
"""Line colours for the player colours of the palette (white drawn grey, so it shows on white)."""
COAL_SYMBOLS = {"yellow": "🟡", "brown": "🟤", "grey": "⚪", "black": "⚫"}
CHART_HEIGHT = 320
"""Pixels of the chart with its axes; the legend below it adds `LEGEND_ROW` pixels per row of names, so
a legend of six names does not squeeze the plot."""
LEGEND_ROW = 30
LEGEND_WIDTH = 340
"""Pixels a chart legend may take on a phone (390 px screen less the page's margins)."""
LEGEND_SYMBOL = 30
"""Pixels of a legend entry besides its name: the symbol, its padding and the gap to the next column."""
LEGEND_CHAR = 7
"""Pixels of one character of a legend name in Streamlit's chart theme (measured at 390 px: about 6.8)."""


@st.cache_resource
def store() -> Store:
    """The game store: the embedded SQLite file, created on first run. Another `Store` (a server
    database) would be returned here; pages only see the interface."""
    return SQLiteStore(os.environ.get(STORE_PATH, "schichtbuch.sqlite3"))


@st.cache_resource
def wrong_codes() -> codes.WrongCodes:
    """The wrong join codes typed lately on this server, by every phone together (see codes.py)."""
    return codes.WrongCodes(codes.SERVER_LIMIT)


def init() -> None:
    """The one session-state initialiser: language and recent games of this browser."""
    requested = st.query_params.get("lang")
    if "lang" not in st.session_state or requested in i18n.LANGUAGES:
        st.session_state.lang = i18n.language(requested, st.context.locale or os.environ.get(DEFAULT_LANG))
    if "recent" not in st.session_state:
        cookie = (st.context.cookies or {}).get(RECENT_COOKIE, "")
        st.session_state.recent = [i for i in cookie.split(".") if is_id(i)]


def translator() -> Callable[..., str]:
    """`t(key, **params)` in this session's language; a page takes it once per run (cheaper than
    looking the language up in the session state for every text)."""
    return functools.partial(i18n.translate, st.session_state.get("lang", i18n.FALLBACK))


def page_start() -> Callable[..., str]:
    """The first call of every page: its translator. A page reached before `app.py` has ever run in this
    server process (a join link or reload as the first request after a start) is run by Streamlit's
    legacy `pages/` mode without the app around it. Declaring the navigation ends that mode for the
    process, and one rerun then goes through `app.py` as usual."""
    if "lang" not in st.session_state:
        st.navigation(list(all_pages().values()), position="hidden")
        st.rerun()
    return translator()


def t(key: str, **params: Any) -> str:
    return translator()(key, **params)


def md(text: str) -> str:
    """Player-typed text for a Markdown context, shown literally (`**x**` stays `**x**`)."""
    return re.sub(r"([\\`*_{}\[\]()#+\-.!|<>~=$:&])", r"\\\1", text)


def widget_key(family: str, *parts: object) -> str:
    """The key of one widget of a `family` (a fixed word of the page, such as `shift_card`), told apart by
    `parts` (player names, numbers, fields) so that two different lists of parts never give the same key,
    whatever the players are called: each part has its `%` and `_` percent-encoded before the parts are
    joined with `_`, so the key can be split back into them."""
    return "_".join([family, *(str(part).replace("%", "%25").replace("_", "%5F") for part in parts)])


def page_path(game: str | None, page: str) -> str:
    return f"pages/{page}.py" if game is None else f"pages/{game}_{page}.py"


def all_pages() -> dict[str, st.Page]:
    """Every page of the app by file, general ones first, each game's own from the registry."""
    files = [page_path(None, p) for p in GENERAL_PAGES]
    files += [page_path(g.id, p) for g in GAMES.values() for p in g.pages]
    return {f: st.Page(f, title=t(_title_key(f)), default=f == "pages/home.py") for f in files}


def _title_key(file: str) -> str:
    return "page." + file.removeprefix("pages/").removesuffix(".py")


def table_page(saved: Saved) -> str:
    """The page file of the game's stage: where the table is (the registry's `page_at_stage`)."""
    return page_path(saved.doc["game"], page_at_stage(saved.doc))


def follow_join() -> None:
    """Routing for a join link (`?game=<id>&join=1`: the QR code, a pasted link, a typed code): on to the
    page the table is on, where the header notes that this phone has joined. It runs before `current()`,
    so the game is remembered by the landing page's run, not by one that is cut short here."""
    game_id = st.query_params.get("game", "")
    if share.JOIN not in st.query_params or not is_id(game_id):
        return
    try:
        saved = store().load(game_id)
    except UnknownGame:
        return  # `current()` says so
    st.session_state.join_note = game_id
    st.switch_page(table_page(saved), query_params={"game": game_id, "lang": st.session_state.lang})


def join_typed(text: str) -> str | None:
    """Open the game named by what a player typed or pasted into the join field (a join link, a game id
    or a short code) as a join link would. Returns None, or the catalog key of the line that says why
    not. Wrong short codes count against this phone's limit and the server's (codes.py)."""
    game_id = share.game_id_from(text)
    if game_id is None:
        code = codes.code_from(text)
        if code is None:
            return "error.bad_code"
        now, wrong = time.time(), st.session_state.setdefault("join_wrong", [])
        if not (codes.is_within(codes.SESSION_LIMIT, wrong, now) and wrong_codes().allows(now)):
            return "error.too_many_codes"
        try:
            game_id = store().game_for_code(code)
        except UnknownGame:
            st.session_state.join_wrong = [at for at in wrong if now - at < codes.SESSION_LIMIT.seconds] + [now]
            wrong_codes().add(now)
            return "error.wrong_code"
    try:
        store().version(game_id)
    except UnknownGame:
        return "error.unknown_game"
    st.query_params.from_dict({"game": game_id, "lang": st.session_state.lang, share.JOIN: "1"})
    return None


def network_base() -> str | None:
    """This machine's base URL on the local network with the server's port: Streamlit's own "Network
    URL" (`streamlit.net_util.get_internal_ip`); None without a network."""
    from streamlit import net_util

    return share.network_base(net_util.get_internal_ip(), int(st.get_option("server.port")))


def when(timestamp: float) -> str:
    """A moment as the catalog writes dates, in the browser's time zone (the server's if unknown)."""
    try:
        zone = ZoneInfo(st.context.timezone) if st.context.timezone else None
    except (ZoneInfoNotFoundError, ValueError):
        zone = None
    return datetime.fromtimestamp(timestamp, zone).strftime(t("home.recent_date"))


def params(**extra: str) -> dict[str, str]:
    """The query parameters every link carries: the game (if one is open) and the language."""
    carried = {"lang": st.session_state.lang}
    if st.query_params.get("game"):
        carried["game"] = st.query_params["game"]
    return carried | extra


def current() -> Saved | None:
    """The game named in the URL, loaded fresh from the store; None if no game is open. An unknown or
    malformed id stops the page with a clear message and a way home."""
    st.session_state.saved = None
    game_id = st.query_params.get("game")
    if not game_id:
        return None
    try:
        if not is_id(game_id):
            raise UnknownGame(game_id)
        saved = store().load(game_id)
    except UnknownGame:
        st.error(t("error.unknown_game"))
        st.page_link("pages/home.py", label=t("page.home"), icon="🏠", query_params={"lang": st.session_state.lang})
        st.stop()
    _readable(saved)
    st.session_state.saved, st.session_state.seen_version = saved, saved.version
    _remember(saved.id)
    return saved


def _readable(saved: Saved) -> None:
    """Stop with the reason, a way back and a way home if the stored game no longer reads (stored
    before a rule the reader now checks): undo walks back to the last change that reads."""
    try:
        score(saved.doc)
    except RecordError as error:
        st.error(t("error.unreadable", problem=refusal(error)))
        undo_button(saved, "unreadable_undo")
        st.page_link("pages/home.py", label=t("page.home"), icon="🏠", query_params={"lang": st.session_state.lang})
        st.stop()


def game(saved: Saved) -> Game:
    return GAMES[saved.doc["game"]]


def require_game(game_id: str | None = None) -> Saved:
    """For the pages of a game (`game_id`, or any): the open game loaded by `current` in this run. With
    no game open, a way home; with another game's record, a way to that game's own pages."""
    saved = st.session_state.get("saved")
    if saved is None:
        st.info(t("error.no_game"))
        st.page_link("pages/home.py", label=t("page.home"), icon="🏠", query_params=params())
        st.stop()
    if game_id is not None and saved.doc["game"] != game_id:
        g = game(saved)
        st.info(t("error.other_game", game=g.names[st.session_state.lang]))
        st.page_link(page_path(g.id, g.pages[0]), label=t(_title_key(page_path(g.id, g.pages[0]))), icon="▶️",
                     query_params=params())
        st.stop()
    return saved


def save(saved: Saved, edit: Callable[[Document], Document], label: dict[str, Any]) -> bool:
    """Apply a change to the newest stored game. A refused change shows one line naming the field and
    changes nothing; the widgets keep what was entered. Buttons that call it are keyed by what they act
    on (shift, order), so a tap on something another phone changed meanwhile is not applied elsewhere."""
    try:
        store().change(saved.id, edit, label)
    except RecordError as error:
        st.error(refusal(error))
        return False
    return True


def save_on_tap(game_id: str, edit: Callable[[Document], Document], label: dict[str, Any], where: str) -> bool:
    """`save` as a widget callback: it runs with what the phone showed when tapped, even if the page
    looks different after another phone's change, so a refused tap is explained rather than lost. The
    message waits for `refused(where)` at its place on the page. Whether the change was saved."""
    try:
        store().change(game_id, edit, label)
    except RecordError as error:
        st.session_state[f"{where}_refused"] = refusal(error)
        return False
    return True


def refused(where: str) -> None:
    """Show the message of a tap that `save_on_tap` refused, once."""
    if message := st.session_state.pop(f"{where}_refused", None):
        st.error(message)


def refusal(error: RecordError) -> str:
    """One line naming the field and the problem, in the player's language."""
    return t("error.refused", field=field_name(error.field), problem=t(f"problem.{error.code}", **error.params))


def field_name(path: str) -> str:
    """A record field's dotted path in the player's language (`end.Anna.money` → `End › Anna › Money`);
    player names stay as they are, and a position in a list counts from 1 (`rounds.1` → `Round › 2`)."""
    words = i18n.catalog(st.session_state.get("lang", i18n.FALLBACK))
    parts = path.split(".")
    return " › ".join(
        str(int(part) + 1) if part.isdigit() and i and parts[i - 1] in LIST_FIELDS else words.get(f"field.{part}", part)
        for i, part in enumerate(parts)
    )


def undo_button(saved: Saved, key: str) -> None:
    """Undo the last change of the game still in effect (whoever made it), named on the button, if it is
    the one this phone shows: the version on screen travels with the tap, so a change made elsewhere
    meanwhile is never undone unseen. What was undone, or why not, is said above the button."""
    if message := st.session_state.pop("undo_message", None):
        getattr(st, message[0])(message[1])
    label = store().undoable(saved.id)
    text = t("action.undo", change=change_text(label)) if label else t("action.nothing_to_undo")
    st.button(text, icon="↩️", key=key, width="stretch", disabled=label is None, on_click=_undo,
              args=(saved.id, saved.version, label))


def _undo(game_id: str, shown_version: int, label: dict[str, Any]) -> None:
    try:
        store().undo(game_id, shown_version)
    except RecordError as error:
        st.session_state.undo_message = ("error", refusal(error))
    except Conflict:
        st.session_state.undo_message = ("warning", t("error.undo_conflict"))
    except NothingToUndo:
        st.session_state.undo_message = ("info", t("error.nothing_to_undo"))
    else:
        st.session_state.undo_message = ("success", t("undo.done", change=change_text(label)))


def change_text(label: dict[str, Any]) -> str:
    """A stored change in words, in the player's language ("Ben · Horse cart 🟤🟤 · 5 VP"): its catalog
    text filled with its numbers and names, ids turned into words. A change whose text or numbers are
    not known (stored by an older version) is named generically."""
    shown = {k: _LABEL_WORDS[k](v) if k in _LABEL_WORDS else v for k, v in label.items() if k != "key"}
    try:
        return t(str(label.get("key")), **{k: md(v) if isinstance(v, str) else v for k, v in shown.items()})
    except (KeyError, IndexError, ValueError):
        return t("change.other")


_LABEL_WORDS: dict[str, Callable[[Any], str]] = {
    "transport": lambda v: t(f"transport.{v}"),
    "coal": lambda v: coal(v),
    "field": lambda v: t(f"field.{v}"),
    "end_field": lambda v: t(f"schichtwechsel.end_field.{v}"),
}
"""Label params stored as ids, and how each is said."""


def header(saved: Saved | None) -> None:
    """Title, the open game with its stage and player count, the game's pages and the language."""
    lang = st.session_state.lang
    st.html(f"<style>{PHONE_CSS}</style>")
    top = st.columns([3, 1], vertical_alignment="center", wrap=False)
    top[0].markdown(f"### ⛏️ {t('app.title')}")
    chosen = top[1].segmented_control(
        t("app.language"), i18n.LANGUAGES, default=lang, format_func=str.upper,
        label_visibility="collapsed", key="app_lang", required=True,
    )
    if chosen and chosen != lang:
        st.session_state.lang = chosen
        st.query_params["lang"] = chosen
        st.rerun()
    if saved is None:
        return
    g = game(saved)
    key, numbers = g.status(saved.doc)
    st.caption(f"**{g.names[lang]}** · {t('app.players', count=len(saved.doc['players']))} · {t(key, **numbers)}")
    if st.session_state.get("join_note") == saved.id:
        del st.session_state.join_note
        st.success(t("share.joined"), icon="✅")
    links = [page_path(g.id, p) for p in g.pages] + [page_path(None, p) for p in ("share", "record", "home")]
    with st.container(horizontal=True, gap="xsmall", wrap=True):
        for file in links:
            st.page_link(file, label=t(_title_key(file) + ".short"), query_params=params())


def watch(saved: Saved | None) -> None:
    """Poll the store so that other phones' entries appear without a reload."""
    if saved is None:
        return

    @st.fragment(run_every=POLL_SECONDS)
    def _poll() -> None:
        try:
            changed = store().version(saved.id) != st.session_state.get("seen_version")
        except UnknownGame:
            changed = False
        if changed:
            st.rerun(scope="app")

    _poll()


def recent_games() -> list[Saved]:
    """This browser's recent games that still read, newest change first (one stored before a rule the
    reader now checks is left out rather than break the list)."""
    games = []
    for saved in store().recent(st.session_state.recent):
        try:
            score(saved.doc)
        except RecordError:
            continue
        games.append(saved)
    return games


def _remember(game_id: str) -> None:
    """Keep the game among this browser's recent games (session and a cookie for later visits)."""
    recent = ([game_id] + [i for i in st.session_state.recent if i != game_id])[:RECENT_KEEP]
    if recent == st.session_state.recent:
        return
    st.session_state.recent = recent
    st.html(f"<script>document.cookie='{RECENT_COOKIE}={'.'.join(st.session_state.recent)};path=/;"
            "max-age=31536000;samesite=lax'</script>", unsafe_allow_javascript=True)



def coal(colours: Sequence[str]) -> str:
    """Coal as coloured symbols, one per printed cube."""
    return "".join(COAL_SYMBOLS[c] for c in colours)


def close_on_tap(game_id: str, edit: Callable[[Document], Document], label: dict[str, Any], where: str,
                 stage: int) -> None:
    """`save_on_tap` for the tap that closes a stage of the game (a shift, a round): once it is saved, this
    phone remembers the stage it closed, so that the page confirms it after the rerun (`just_closed`)."""
    if save_on_tap(game_id, edit, label, where):
        st.session_state[f"closed_{game_id}"] = stage


def just_closed(saved: Saved, last: int, started: bool) -> int | None:
    """The stage this phone closed, while it is still the last one closed (`last`) and nothing of the next
    one has been entered (`started`); an undo, a later close or play going on ends the confirmation."""
    key = f"closed_{saved.id}"
    if st.session_state.get(key) != last or started:
        st.session_state.pop(key, None)
        return None
    return last


def confirm_closed(saved: Saved, title: str, lines: Sequence[str], next_label: str, next_page: str | None) -> None:
    """What the close scored, and the one way on: a primary button to the next step, another page or
    (`next_page` None) this page's next stage, shown once the confirmation is put away."""
    st.success("  \n".join(lines), title=title, icon="✅")
    if next_page is None:
        st.button(next_label, type="primary", icon="▶️", width="stretch", key="closed_next", on_click=_put_away,
                  args=(saved.id,))
    elif st.button(next_label, type="primary", icon="▶️", width="stretch", key="closed_next"):
        _put_away(saved.id)
        st.switch_page(next_page, query_params=params())


def _put_away(game_id: str) -> None:
    st.session_state.pop(f"closed_{game_id}", None)


def stage_points(result: Result, stage: int) -> str:
    """Each player's points from stage `stage` alone, from the scorer's running totals: `Anna +9, Ben +4`."""
    before = result.progress[stage - 2] if stage > 1 else {}
    return ", ".join(f"{md(p)} {v - before.get(p, 0):+d}" for p, v in result.progress[stage - 1].items())


def standings(saved: Saved) -> Result:
    """The standings as a phone shows them at any player count: the winner named once the game is over,
    the players whose end values are still to come named while they are, one row per player in rank
    order (rank and name, total, then each category under its short label), the tie-breaks named, every
    line explained, and the progress chart."""
    import pandas as pd  # here, not at the top: the first page of a cold start needs neither pandas nor altair

    result, g, t = score(saved.doc), game(saved), translator()
    st.subheader(t("standings.final" if result.final else "standings.so_far"))
    if result.final:
        winners(result, g)
    if result.pending:
        st.info(t("standings.pending", players=md(", ".join(result.pending))))
    st.container(key="standings").table(pd.DataFrame(
        [[s.total, *(s.breakdown[c] for c in g.categories)] for s in result.standings],
        index=[md(f"{s.rank}. {s.player}") for s in result.standings],
        columns=[t("col.total"), *(t(f"{g.id}.cat.{c}.short") for c in g.categories)],
    ))
    for s in result.standings:
        if s.decided_by:
            st.caption(f"{md(s.player)}: {t(s.decided_by, value=s.tiebreak)}")
        if result.final and sum(o.rank == s.rank for o in result.standings) > 1:
            st.caption(f"{md(s.player)}: {t(f'{g.id}.shared_place')}")
    with st.expander(t("standings.details")):
        st.caption(" · ".join(f"**{t(f'{g.id}.cat.{c}.short')}**: {t(f'{g.id}.cat.{c}')}" for c in g.categories))
        for s in result.standings:
            st.markdown(f"**{md(s.player)}**\n" + "\n".join(f"- {md(line_text(ln))}" for ln in s.lines))
    if result.progress:
        progress_chart(result, g, saved.doc.get("colours", {}))
    return result


def winners(result: Result, g: Game) -> None:
    """The winner named above the table (or the players sharing first place), with their points."""
    first = [s for s in result.standings if s.rank == 1]
    points = t(f"{g.id}.score", count=first[0].total)
    if len(first) == 1:
        st.success(t("standings.winner", player=md(first[0].player), score=points), icon="🏆")
    else:
        st.success(t("standings.winners", players=md(", ".join(s.player for s in first)), score=points), icon="🏆")


def progress_chart(result: Result, g: Game, colours: dict[str, str]) -> None:
    """Each player's total after each stage (and at the end), in the players' colours, with a legend
    that names every player (fewer columns where names are long)."""
    import altair as alt  # imported where it is drawn, for the same reason as pandas in `standings`
    import pandas as pd

    stages = [t(g.stage, stage=g.stages[i]) for i in range(len(result.progress))]
    totals = list(result.progress) + ([{s.player: s.total for s in result.standings}] if result.final else [])
    stages += [t("standings.end")] if result.final else []
    data = pd.DataFrame([{"stage": stage, "player": p, "points": v}
                         for stage, row in zip(stages, totals) for p, v in row.items()])
    players = list(totals[0])
    columns = legend_columns(players)
    st.markdown(f"**{t(f'{g.id}.chart')}**")
    st.altair_chart(alt.Chart(data).mark_line(point=True).encode(
        x=alt.X("stage", sort=stages, title=None),
        y=alt.Y("points", title=t(f"{g.id}.points"), axis=alt.Axis(format="d", tickMinStep=1)),
        color=alt.Color("player", title=None, scale=alt.Scale(
            domain=players, range=[CHART_COLOURS.get(colours.get(p, ""), "#888") for p in players]),
            legend=alt.Legend(orient="bottom", columns=columns, labelLimit=LEGEND_WIDTH // columns - LEGEND_SYMBOL)),
    ), width="stretch", height=CHART_HEIGHT + LEGEND_ROW * -(-len(players) // columns))


def legend_columns(players: Sequence[str]) -> int:
    """As many legend columns (at most 3) as the longest name leaves room for on a phone, so that no name
    is cut short."""
    longest = max(len(p) for p in players) * LEGEND_CHAR
    return max(c for c in (1, 2, 3) if c == 1 or longest + LEGEND_SYMBOL <= LEGEND_WIDTH // c)


def line_text(line: Line) -> str:
    """One breakdown line in the player's language, its points signed."""
    values = {k.removesuffix("_keys").removesuffix("_key"): _param(k, v) for k, v in line.params.items()}
    return f"{t(line.key, **values)}: {line.points:+d}"


def _param(name: str, value: Any) -> Any:
    if name.endswith("_keys"):
        return " + ".join(t(v) for v in value)
    return t(value) if name.endswith("_key") else value


def player_entry(saved: Saved, key: str, stored: dict[str, dict[str, int]], labels: dict[str, str],
                 limits: Mapping[str, int], edit: Callable[[Document, str, dict[str, int], dict[str, int] | None], Document],
                 defaults: dict[str, dict[str, int]] | None = None) -> None:
    """A form in which one player at a time enters their counts (one number per label, each up to its
    limit, the reader's), starting from `defaults` (what the app worked out) until they have entered
    their own. Enter does not submit it; its Save button saves in a callback. The save carries what this
    phone showed when editing began: if another phone changed that player's counts meanwhile, nothing is
    overwritten; the new counts are shown with a message, to be checked and saved again."""
    players = tuple(saved.doc["players"])
    who = st.segmented_control(t("col.player"), players, default=players[0], format_func=md, required=True, key=f"{key}_player")
    seen, base_key = stored.get(who), widget_key(key, "base", saved.id, who)
    st.session_state.setdefault(base_key, seen)
    refused(key)
    with st.form(f"{key}_form", enter_to_submit=False):
        start = seen or (defaults or {}).get(who, {})
        for f, label in labels.items():
            st.number_input(label, 0, limits[f], start.get(f, 0), key=widget_key(key, who, f))
        st.form_submit_button(t("action.save"), type="primary", width="stretch", on_click=_enter,
                              args=(saved.id, key, who, tuple(labels), edit, base_key))
    waiting = [p for p in players if p not in stored]
    if waiting:
        st.info(t("entry.waiting", players=md(", ".join(waiting))))


def _enter(game_id: str, key: str, who: str, fields: tuple[str, ...],
           edit: Callable[[Document, str, dict[str, int], dict[str, int] | None], Document], base_key: str) -> None:
    """Save one player's counts as entered (see `player_entry`); a refusal keeps them, except that
    counts another phone changed meanwhile are shown anew."""
    values = {f: st.session_state[widget_key(key, who, f)] for f in fields}
    base = st.session_state.get(base_key)
    try:
        store().change(game_id, lambda d: edit(d, who, values, base), {"key": f"change.{key}", "player": who})
    except RecordError as error:
        st.session_state[f"{key}_refused"] = refusal(error)
        if error.code != "changed_elsewhere":
            return
        for f in fields:
            st.session_state.pop(widget_key(key, who, f), None)
    st.session_state.pop(base_key, None)


def checklist(saved: Saved, steps: Sequence[Step]) -> None:
    """A game's setup steps as tick-boxes with a progress bar; ticks are saved with the game (in the
    tick's callback) and so shared between the phones."""
    ticked = set(setup_ticks(saved.doc)) & {s.id for s in steps}
    st.progress(len(ticked) / len(steps), text=t("setup.done", done=len(ticked), total=len(steps)))
    refused("setup")
    for step in steps:
        text = t(step.key, **{k: md(str(v)) for k, v in step.params.items()})
        st.checkbox(text, value=step.id in ticked, key=widget_key("setup", step.id, step.id in ticked), on_change=save_on_tap,
                    args=(saved.id, lambda d, s=step.id, on=step.id not in ticked: tick(d, s, on),
                          {"key": "change.tick", "step": step.id}, "setup"))


def choose_player(saved: Saved, label: str, shown: str, edit: Callable[[Document, str, str], Document], key: str) -> None:
    """One tap to name another player (the holder of a marker): the change, saved in the tap's callback,
    carries the player this phone showed, so a change made elsewhere meanwhile is refused, not overwritten."""
    players = tuple(saved.doc["players"])
    widget = widget_key(key, shown)
    refused(key)
    st.segmented_control(label, players, default=shown, format_func=md, required=True, key=widget, on_change=lambda: save_on_tap(
        saved.id, lambda d, chosen=st.session_state[widget]: edit(d, chosen, shown),
        {"key": f"change.{key}", "player": st.session_state[widget]}, key))


def ask_player(saved: Saved, question: str, players: tuple[str, ...], edit: Callable[[Document, str], Document]) -> None:
    """Ask the table for a player the record does not name (an imported record), save the answer in the
    button's callback, and stop the page until it is given."""
    st.warning(question)
    refused("ask_player")
    st.selectbox(t("col.player"), players, key="ask_player")  # a selectbox shows plain text
    st.button(t("action.save"), type="primary", width="stretch", key="ask_player_save", on_click=lambda: save_on_tap(
        saved.id, lambda d, who=st.session_state.ask_player: edit(d, who),
        {"key": "change.start_player", "player": st.session_state.ask_player}, "ask_player"))
    st.stop()
