"""How a language joins the items of a list, for the texts the scorers write in a player's language (BG Stats'
comments and board) and the app's tallies alike: Babel's CLDR list patterns."""

from __future__ import annotations

from functools import cache

from babel import Locale


@cache
def separator(lang: str) -> str:
    """What `lang` puts between the items of a list (CLDR's middle pattern: `, `, `、`)."""
    return str(Locale.parse(lang).list_patterns["standard"]["middle"]).format("", "")
