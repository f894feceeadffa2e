"""The translation catalogs: gettext catalogs read with Babel, one `.po` per language in
`locales/<lang>/LC_MESSAGES/messages.po`, the template `locales/messages.pot` extracted from the code by
`python -m schichtbuch.texts.catalog` (see there).

The msgids are keys (`home.start`, `coal_baron.cat.money.short`); English text lives in `en.po` like every
other language's. A text's `{name}` placeholders are filled with `str.format`, numbers written in the
player's locale by Babel. A text that counts something is a plural entry: its msgid_plural names the
counted placeholder (`{cubes}`), `PLURALS` says the same to the code, and `msgstr[0..n]` follow the
language's `Plural-Forms` header (ngettext semantics: Japanese 1 form, English and German 2, French 2 with
1 and 0 singular).

Each `.po` has its compiled `.mo` beside it, written by the same command (`compiled`; `tests/test_catalog.py`
checks that they match): the first lookup in a language reads its `.mo` with the standard library's
gettext in a millisecond, where Babel takes some 20 ms to read a `.po` in a fresh process's first run, and
keeps the `gettext.GNUTranslations` for the life of the process. A text missing in a language falls back
to English."""

from __future__ import annotations

import gettext
import io
from datetime import datetime
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_time
from babel.lists import format_list
from babel.numbers import format_decimal

from scoring.registry import GAMES

LANGUAGES = ("de", "en", "fr", "ja")
"""The languages the app speaks, in the order the switch shows them."""

FALLBACK = "en"

LOCALES = Path(__file__).resolve().parent.parent / "locales"

DOMAIN = "messages"

PLURALS = {
    "history.already": "count",
    "history.count": "count",
    "history.finished": "finished",
    "history.imported": "count",
    "player.beaten": "games",
    "player.beaten_tied": "games",
    "player.buddy": "games",
    "player.nemesis": "games",
    "player.nemesis_tied": "games",
    "player.no_rivals": "count",
    "player.people": "count",
    "player.rules": "count",
    "player.scope.all": "count",
    "player.summary": "games",
    "problem.player_count": "count",
    "stats.duel": "games",
} | {key: counted for g in GAMES.values() for key, counted in g.plurals.items()}
"""The texts with plural forms, each with the placeholder whose number chooses the form: the app's, and
each game's (its descriptor's `plurals`)."""


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def compiled(lang: str) -> bytes:
    """The `.po` of `lang` compiled to a `.mo` with Babel."""
    from babel.messages.mofile import write_mo  # the catalog command's and the tests', not the server's
    from babel.messages.pofile import read_po

    with po_path(lang).open("rb") as po:
        catalog = read_po(po, locale=lang)
    mo = io.BytesIO()
    write_mo(mo, catalog)
    return mo.getvalue()


@cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of `lang` (its `.mo`), falling back to English for a text it lacks."""
    with mo_path(lang).open("rb") as mo:
        catalog = gettext.GNUTranslations(mo)
    if lang != FALLBACK:
        catalog.add_fallback(translations(FALLBACK))
    return catalog


def language(requested: str | None, locale: str | None, default: str | None) -> str:
    """The language to show: the one in the URL if known, else the browser's locale's (`fr-CA` → `fr`),
    else the configured default, else English."""
    for candidate in (requested, _language_of(locale), default):
        if candidate in LANGUAGES:
            return str(candidate)
    return FALLBACK


def _language_of(locale: str | None) -> str | None:
    try:
        return Locale.parse(locale, sep="-").language if locale else None
    except (ValueError, UnknownLocaleError):
        return None


def has_text(key: str) -> bool:
    """Whether the catalogs have a text for `key` (in English, hence in every language by fallback)."""
    return key in PLURALS or translations(FALLBACK).gettext(key) != key


def translate(lang: str, key: str, **params: Any) -> str:
    """The text for `key` in `lang` (English if missing there), in the plural form its counted parameter
    asks for, filled with `params`; numbers among them are written as `lang` writes them (1 234,5 in
    French). A key with no text at all raises KeyError."""
    catalog = translations(lang)
    counted = PLURALS.get(key)
    text = catalog.ngettext(key, key, int(params[counted])) if counted else catalog.gettext(key)
    if text == key:
        raise KeyError(f"no catalog text for {key!r}")
    return text.format(**{name: number(lang, value) for name, value in params.items()}) if params else text


def listed(lang: str, items: Iterable[str]) -> str:
    """Items (names) joined as `lang` writes a list, by Babel's CLDR patterns: `Anna, Ben, and Cleo`,
    `Anna, Ben und Cleo`, `Anna, Ben et Cleo`, `Anna、Ben、Cleo`. A tally (`Anna +9, Ben +4`) is joined by the
    separator alone (`scoring.lists`)."""
    return format_list(list(items), locale=lang)


def number(lang: str, value: Any) -> Any:
    """`value` as `lang` writes it if it is a number (not a truth value), else unchanged."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _decimal(lang, value)
    return value


@lru_cache(maxsize=4096, typed=True)
def _decimal(lang: str, value: int | float) -> str:
    """Babel's number format, kept: a page writes the same few scores many times a second."""
    return format_decimal(value, locale=lang)


def moment(lang: str, at: datetime) -> str:
    """A date and time as `lang` writes them: its medium date and short time, joined by its own pattern
    (`05.01.2026, 14:05`, `5 janv. 2026, 14:05`, `2026/01/05 14:05`)."""
    joined = str(Locale.parse(lang).datetime_formats["medium"])
    return joined.format(format_time(at, "short", locale=lang), format_date(at, "medium", locale=lang))
