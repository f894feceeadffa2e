"""Short join codes: what one player reads aloud across the table and the others type on their phones.

A game's id (128 random bits, 22 case-sensitive characters) stays the key in every link; the short code
is a second, temporary way to name a live game, resolved by the store (`Store.game_for_code`).

A code is `CODE_LENGTH` symbols from `CODE_ALPHABET`, shown in groups of `CODE_GROUP` (`HXK4-9MRT`).
The alphabet leaves out every symbol that looks like another one on a phone screen (0 O Q D, 1 I L,
U V), one of each pair that could be misread (B/8, S/5, Z/2, G/6: the digit stays, and the letter typed
by mistake is read as that digit), and the vowels A and E, so that no code spells a word. Input is
case-insensitive, and spaces and dashes are ignored.

Guessing a live code stays impractical:
- 21 symbols ** 8 places = 37,822,859,361 possible codes (≈ 3.8·10¹⁰).
- Live codes are those of games changed or shown on a share page in the last `CODE_TTL_SECONDS` (24 h). A table's
  server holds a handful; take 1,000 as a generous bound: one guess hits one of them with a chance of
  1,000 / 3.8·10¹⁰ ≈ 2.6·10⁻⁸.
- A phone (a browser session) may type `SESSION_LIMIT.count` (5) wrong codes in any
  `SESSION_LIMIT.seconds` (10 minutes), and the whole server takes `SERVER_LIMIT.count` (30) wrong codes
  a minute from all sessions together. That count is kept in the store: a typed code is counted
  before it is looked up, in one transaction that checks the limit (`Store.hold_guess`), and taken back
  if it named a game (`Store.release_guess`). So every app process using the same store (several behind
  HAProxy, on one machine or many) shares it, guesses at the same instant are counted one after another,
  and N processes take what one does. New sessions and other processes therefore do not help a script:
  at most 30 · 60 · 24 = 43,200 guesses a day for the whole server. With 1,000
  live codes that is a chance of 43,200 · 1,000 / 3.8·10¹⁰ ≈ 0.11 % a day, an expected
  3.8·10¹⁰ / (43,200 · 1,000) ≈ 875 days (2.4 years) of guessing to hit any game; with 10 live games,
  240 years. A wrong or expired code only
  ever says "no such game", so a guess learns nothing about the others.
The price of the server-wide limit: someone flooding it with wrong codes blocks typed codes for everyone
for as long as they keep it up; QR codes and links still work.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass

CODE_ALPHABET = "23456789CFHJKMNPRTWXY"
CODE_LENGTH = 8
CODE_GROUP = 4
CODE_TTL_SECONDS = 24 * 60 * 60
"""A code is live for 24 h after the game's last change or the code's last showing, whichever is later:
long enough for a game played over an evening and resumed at breakfast, short enough to keep few codes
live."""
MISREAD = str.maketrans({"B": "8", "S": "5", "Z": "2", "G": "6"})
"""Letters left out of the alphabet, read as the digit they are mistaken for."""
SEPARATORS = re.compile(r"[\s\-\u2010-\u2015]+")
"""Spaces of any kind and dashes (a phone's keyboard may turn `-` into `–`), dropped from typed codes."""
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")


@dataclass(frozen=True)
class Limit:
    """At most `count` wrong codes in any `seconds`."""

    count: int
    seconds: float


SESSION_LIMIT = Limit(5, 10 * 60)
"""Wrong codes one phone may type: enough for a few typos, then the QR code is quicker anyway."""
SERVER_LIMIT = Limit(30, 60)
"""Wrong codes the whole server accepts from all phones together (see the module docstring)."""


def new_code(rng: random.Random) -> str:
    """A random code; pass `random.SystemRandom()` (secrets-grade) outside tests."""
    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_from(text: str) -> str | None:
    """The code in what a player typed (any case, with spaces or dashes, B/S/Z/G for 8/5/2/6), or None
    if it cannot be one."""
    code = SEPARATORS.sub("", text).upper().translate(MISREAD)
    return code if _CODE.fullmatch(code) else None


def shown(code: str) -> str:
    """A code as shown to be read aloud: in groups (`HXK49MRT` → `HXK4-9MRT`)."""
    return "-".join(code[i:i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


def is_live(changed: float, shown: float, now: float) -> bool:
    """Whether a code still names its game at `now`: less than `CODE_TTL_SECONDS` since the game's last
    change or the code's last showing, whichever is later."""
    return now - max(changed, shown) < CODE_TTL_SECONDS


def is_within(limit: Limit, wrong: Iterable[float], now: float) -> bool:
    """Whether one more wrong code is allowed, given the times of earlier wrong codes."""
    return sum(1 for at in wrong if now - at < limit.seconds) < limit.count
