"""Joining a game, the pure parts: short codes (alphabet, generation, reading what was typed, expiry, the
attempt limits), the join link and the address in it, reading a pasted link, and the page a join lands
on (the registry's stage → page), one case per row."""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from schichtbuch.sharing import share
from schichtbuch.store import codes, new_id
from schichtbuch.store.codes import CODE_ALPHABET, CODE_LENGTH, CODE_TTL_SECONDS, Limit
from schichtbuch.texts import i18n
from scoring.registry import GAMES, is_over, page_at_stage
from builders import LANDS_ON, STAGES, at

pytestmark = pytest.mark.pure
GAME_ID = "AbCdEfGhIjKlMnOpQrSt_-"
HOUR = 60 * 60

# --- the alphabet ----------------------------------------------------------------------------------------

LOOK_ALIKES = ["0OQD", "1IL", "UV", "B8", "S5", "Z2", "G6"]


@pytest.mark.parametrize("group", LOOK_ALIKES)
def test_alphabet_holds_at_most_one_of_each_look_alike_group(group: str):
    assert sum(symbol in CODE_ALPHABET for symbol in group) <= 1


def test_alphabet_has_no_vowels_and_no_symbol_twice():
    assert set(CODE_ALPHABET).isdisjoint("AEIOU")
    assert len(set(CODE_ALPHABET)) == len(CODE_ALPHABET) == 21
    assert CODE_ALPHABET == CODE_ALPHABET.upper()


def test_code_space_is_the_one_the_docstring_computes():
    assert 6 <= CODE_LENGTH <= 8
    assert len(CODE_ALPHABET) ** CODE_LENGTH == 37_822_859_361
    assert f"{len(CODE_ALPHABET) ** CODE_LENGTH:,}" in (codes.__doc__ or "")
    assert codes.SERVER_LIMIT.count * 60 * 24 * 60 / codes.SERVER_LIMIT.seconds == 43_200


# --- generation ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_new_code_has_the_length_and_only_alphabet_symbols(seed: int):
    code = codes.new_code(random.Random(seed))
    assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert codes.code_from(code) == code


def test_new_codes_use_the_whole_alphabet_and_rarely_repeat():
    rng = random.Random(7)
    drawn = [codes.new_code(rng) for _ in range(2000)]
    assert len(set(drawn)) == len(drawn)
    assert set("".join(drawn)) == set(CODE_ALPHABET)


# --- reading what was typed ------------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "code"), [
    ("HXK49MRT", "HXK49MRT"),
    ("HXK4-9MRT", "HXK49MRT"),
    ("hxk4-9mrt", "HXK49MRT"),
    ("  hxk4 9mrt ", "HXK49MRT"),
    ("H X K 4 - 9 M R T", "HXK49MRT"),
    ("hxk4 - 9mrt", "HXK49MRT"),
    ("HBK4-9MRT", "H8K49MRT"),        # B is read as 8
    ("HSKZ-GMRT", "H5K26MRT"),        # S, Z, G as 5, 2, 6
    ("HXK4-9MR", None),               # too short
    ("HXK4-9MRTT", None),             # too long
    ("HXK4-9MR0", None),              # 0 is not in the alphabet
    ("HXK4-9MRI", None),
    ("HXK4-9MRl", None),
    ("HXK4_9MRT", None),              # only spaces and dashes are separators
    ("HXK4.9MRT", None),
    ("", None),
    ("--------", None),
    (GAME_ID, None),
    ("HXK4\u00a09MRT", "HXK49MRT"),   # a no-break space, pasted
    ("HXK4\u20139MRT", "HXK49MRT"),   # an en dash, as some keyboards make of "-"
    ("HXK4\t9MRT\n", "HXK49MRT"),
], ids=lambda v: repr(v))
def test_code_from(typed: str, code: str | None):
    assert codes.code_from(typed) == code


@pytest.mark.parametrize(("code", "text"), [
    ("HXK49MRT", "HXK4-9MRT"),
    ("22222222", "2222-2222"),
])
def test_shown_in_groups(code: str, text: str):
    assert codes.shown(code) == text
    assert codes.code_from(text) == code


def test_a_game_id_is_never_read_as_a_short_code():
    for _ in range(500):
        assert codes.code_from(new_id()) is None


# --- expiry ----------------------------------------------------------------------------------------------

T0 = 1_800_000_000.0


@pytest.mark.parametrize(("changed", "shown", "now", "live"), [
    (T0, T0, T0, True),                                        # just made
    (T0, T0, T0 + 23 * HOUR, True),
    (T0, T0, T0 + CODE_TTL_SECONDS - 1, True),
    (T0, T0, T0 + CODE_TTL_SECONDS, False),                    # a day without a change or a showing
    (T0, T0, T0 + 30 * 24 * HOUR, False),
    (T0 + 20 * HOUR, T0, T0 + 30 * HOUR, True),                # a change keeps it live
    (T0, T0 + 20 * HOUR, T0 + 30 * HOUR, True),                # so does showing it
    (T0 + 20 * HOUR, T0 + 2 * HOUR, T0 + 44 * HOUR, False),    # the later of the two counts
], ids=["new", "23h", "just_under", "24h", "month", "changed_later", "shown_later", "later_of_both"])
def test_is_live(changed: float, shown: float, now: float, live: bool):
    assert codes.is_live(changed, shown, now) is live


# --- attempt limits --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("wrong", "now", "allowed"), [
    ([], 100.0, True),
    ([90.0, 91.0], 100.0, True),
    ([90.0, 91.0, 92.0], 100.0, False),          # the third within 60 s fills the limit
    ([30.0, 91.0, 92.0], 100.0, True),           # one is older than the window
    ([40.0, 41.0, 42.0], 100.0, True),           # exactly 60 s ago no longer counts
], ids=["none", "two", "three", "one_old", "window_edge"])
def test_is_within(wrong: list[float], now: float, allowed: bool):
    assert codes.is_within(Limit(3, 60), wrong, now) is allowed


# --- the join link and its address -----------------------------------------------------------------------

@pytest.mark.parametrize(("base", "url"), [
    ("http://192.168.1.20:8501", f"http://192.168.1.20:8501/?game={GAME_ID}&join=1"),
    ("http://192.168.1.20:8501/", f"http://192.168.1.20:8501/?game={GAME_ID}&join=1"),
    ("https://games.example.org", f"https://games.example.org/?game={GAME_ID}&join=1"),
])
def test_join_url(base: str, url: str):
    """A join link names no language: the phone that opens it shows its own (`test_a_join_link_opens_in_the_
    joining_phones_language`)."""
    assert share.join_url(base, GAME_ID) == url
    assert share.id_from(url) == GAME_ID
    group_url = share.join_url(base, GAME_ID, "group")
    assert group_url == url.replace("game=", "group=")
    assert share.id_from(group_url, "group") == GAME_ID
    assert share.id_from(group_url) is None       # a group's link names no game


NET = "http://192.168.1.20:8501"


@pytest.mark.parametrize(("own", "locale", "shown"), [
    (None, "ja-JP", "ja"),   # a Japanese phone opens a link shared by a French one
    (None, "fr-FR", "fr"),
    (None, "es-ES", "de"),   # a language the app does not speak: the server's
    ("de", "ja-JP", "de"),   # a phone that chose German: its own URL says so
])
def test_a_join_link_opens_in_the_joining_phones_language(own: str | None, locale: str, shown: str):
    """What `state.init` reads from a join link made on a French phone: no language, so the joining
    phone's own choice (the `lang` of its own URL), else its browser's locale, else the server's."""
    for link in (share.join_url(NET, GAME_ID), share.watch_url(NET, "token"), share.watch_url(NET, "token", tv=True)):
        requested = parse_qs(urlsplit(link).query).get("lang", [own])[0]
        assert i18n.language(requested, locale, "de") == shown


@pytest.mark.parametrize(("configured", "opened", "network", "base"), [
    ("http://spiel.local:8501/", "http://localhost:8501/share?x=1", NET, "http://spiel.local:8501"),
    ("http://localhost:9000", None, NET, "http://localhost:9000"),     # what the operator says wins
    (None, "http://192.168.1.30:8501/history?group=x", NET, "http://192.168.1.30:8501"),
    (None, "http://localhost:8501/share?game=x", NET, NET),
    (None, "http://127.0.0.1:8501/", NET, NET),
    (None, "http://[::1]:8501/", NET, NET),
    (None, "http://0.0.0.0:8501/", NET, NET),
    (None, None, NET, NET),                                            # AppTest: no address known
    ("", "http://localhost:8501/", NET, NET),                          # an empty setting is no setting
    (None, "http://localhost:8501/", None, None),                      # nothing the others reach
], ids=["configured", "configured_local", "opened_lan", "localhost", "loopback", "loopback6", "wildcard",
        "unknown", "empty_setting", "none"])
def test_public_base(configured: str | None, opened: str | None, network: str | None, base: str | None):
    assert share.public_base(configured, opened, network) == base


@pytest.mark.parametrize(("ip", "port", "base"), [
    ("192.168.1.20", 8501, "http://192.168.1.20:8501"),
    ("10.0.0.5", 9000, "http://10.0.0.5:9000"),
    ("fd00::2", 8501, "http://[fd00::2]:8501"),
    ("127.0.0.1", 8501, None),        # get_internal_ip without a network
    ("::1", 8501, None),
    (None, 8501, None),
    ("", 8501, None),
])
def test_network_base(ip: str | None, port: int, base: str | None):
    assert share.network_base(ip, port) == base


@pytest.mark.parametrize(("text", "found"), [
    (GAME_ID, GAME_ID),
    (f"  {GAME_ID}\n", GAME_ID),
    (f"http://192.168.1.20:8501/?game={GAME_ID}&lang=de&join=1", GAME_ID),
    (f"http://192.168.1.20:8501/share?game={GAME_ID}&lang=de", GAME_ID),   # links of earlier versions
    ("http://192.168.1.20:8501/?game=short&join=1", None),
    ("HXK4-9MRT", None),                                                     # a short code is read by codes
    ("not a code", None),
])
def test_id_from(text: str, found: str | None):
    assert share.id_from(text) == found


# --- where a join lands ----------------------------------------------------------------------------------

def test_every_stage_has_a_landing_page():
    assert set(LANDS_ON) == {s for s, build in STAGES.items() if build is not None}


@pytest.mark.parametrize("stage", list(LANDS_ON))
def test_page_at_stage(stage: str):
    build = STAGES[stage]
    assert build is not None
    record: dict[str, Any] = build()
    assert page_at_stage(record) == LANDS_ON[stage]


@pytest.mark.parametrize("game", list(GAMES))
def test_stage_pages_name_pages_of_the_game(game: str):
    g = GAMES[game]
    assert g.stage_pages and set(g.stage_pages.values()) <= set(g.pages)
    assert all(key.startswith(f"{g.id}.status.") for key in g.stage_pages)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("stage", "over"), [("created", False), ("playing", False), ("ending", False), ("finished", True)])
def test_is_over(game: str, stage: str, over: bool):
    assert is_over(at(game, ["Anna", "Ben", "Cleo"], stage)) is over
