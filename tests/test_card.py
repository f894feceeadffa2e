"""The results card (scoring/card.py): drawn for each game's finished game in each language, 1080 px wide and
not blank; what it says (winners, places, breakdown, tie-breaks, a shared place, the dummy, the date and
minutes); a Japanese name drawn with its glyphs, not the font's missing-glyph box, for any kanji; every text
of the card in every language with glyphs; the photo under the standings; its colours legible; lines broken
as the language breaks them; and `python -m scoring card` (exit 0 with the same PNG, 2 with one line)."""

from __future__ import annotations

import base64
import io
import subprocess
import sys
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from babel.lists import format_list
from PIL import Image, ImageDraw

from builders import EXAMPLE, FINISHED, at, dummy_ahead
from schichtbuch.texts import i18n
from scoring import card
from scoring.app_fields import PHOTO_BYTES
from scoring.errors import RecordError
from scoring.registry import GAMES, PALETTE, score

pytestmark = pytest.mark.pure
ROOT = Path(__file__).resolve().parent.parent
MISSING = "\u0378"
"""A code point no font has (unassigned): drawn as the font's missing-glyph box."""
STARTED, ENDED = 1_764_950_000, 1_764_950_000 + 95 * 60
JAPANESE = "山田髙﨑𠮷"
"""A name of common and rarer kanji: 髙 and 﨑 (in JIS X 0213 only), 𠮷 (outside the basic plane)."""


def timed(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "started": STARTED, "ended": ENDED}


def picture(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def inked(text: str, size: int = 48) -> bytes:
    """`text` drawn alone in the card's bold font, as pixels."""
    image = Image.new("L", (size * (len(text) + 1), size * 2), 0)
    ImageDraw.Draw(image).text((size // 2, size // 2), text, font=card.font(True, size), fill=255)
    return image.tobytes()


def has_glyph(character: str) -> bool:
    """Whether the card's font draws `character` as itself, not as its missing-glyph box (or nothing)."""
    return inked(character) not in (inked(MISSING), inked(" "))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_is_drawn_in_each_language_1080_px_wide_and_not_blank(game: str, lang: str) -> None:
    image = picture(card.card_png(timed(FINISHED[game]()), partial(i18n.translate, lang), lang))
    assert image.width == card.WIDTH == 1080
    rows = len(score(FINISHED[game]()).standings)
    assert image.height > 300 + rows * card.BADGE_PX
    body = image.crop((0, image.height // 2, image.width, image.height))
    assert len(body.getcolors(1 << 16) or ()) > 16  # text, not a flat background
    assert body.convert("L").getextrema()[0] < 80  # dark ink on the paper


def test_a_japanese_name_is_drawn_with_its_glyphs_not_boxes() -> None:
    """The same game with the name, and with as many missing-glyph boxes in its place, makes two different
    cards; each of its kanji differs from the box."""
    names = [JAPANESE, "Ben", "Cleo"]
    t = partial(i18n.translate, "ja")
    drawn = card.card_png(timed(at(EXAMPLE, names, "finished")), t, "ja")
    boxes = card.card_png(timed(at(EXAMPLE, [MISSING * len(JAPANESE), *names[1:]], "finished")), t, "ja")
    assert picture(drawn).tobytes() != picture(boxes).tobytes()
    assert all(has_glyph(c) for c in JAPANESE)
    assert not has_glyph(MISSING)


def test_every_kanji_of_the_unified_ideographs_has_a_glyph() -> None:
    """A player may be called by any kanji: the font has every ideograph of Unicode's basic block up to
    U+9FEF (the sixteen after it, added from 2020, are not in Noto Sans CJK)."""
    missing, box = [], inked(MISSING, 24)
    for code in range(0x4E00, 0x9FF0):
        if inked(chr(code), 24) == box:
            missing.append(hex(code))
    assert missing == []


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_text_of_the_card_has_glyphs_in_every_language(lang: str) -> None:
    t = partial(i18n.translate, lang)
    texts = set()
    for game in GAMES:
        said = card.contents(timed(FINISHED[game]()), t, lang)
        texts |= {said.game, said.app, said.when, said.winners, said.photo_caption}
        texts |= {text for row in said.rows for text in (row.name, *row.items, *row.notes)}
    characters = {c for text in texts for c in text if not c.isspace()}
    assert sorted(c for c in characters if not has_glyph(c)) == []


def decided(game: str) -> bool:
    """Whether a place of the game's finished game is decided by a tie-breaker."""
    return any(s.decided_by for s in score(FINISHED[game]()).standings)


def test_a_place_of_a_finished_game_is_decided_by_a_tie_break() -> None:
    """The card's tie-break notes below are checked on at least one game."""
    assert any(decided(game) for game in GAMES)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_card_says_who_won_each_place_the_breakdown_and_the_tie_breaks(game: str) -> None:
    record = timed(FINISHED[game]())
    result, t, first = score(record), partial(i18n.translate, "en"), GAMES[game].categories[0]
    said = card.contents(record, t, "en", utc_offset=60)
    assert said.game == GAMES[game].names["en"] and said.winners == t("card.winners", players=format_list(list(result.winners), locale="en"))
    assert [(r.place, r.name, r.total) for r in said.rows] == [(s.rank, s.player, s.total) for s in result.standings]
    assert said.rows[0].items[0] == f"{t(f'{game}.cat.{first}.short')}: {result.standings[0].breakdown[first]}"
    assert all(t(s.decided_by, value=s.tiebreak) in row.notes for s, row in zip(result.standings, said.rows)
               if s.decided_by)
    assert sum(bool(s.decided_by) for s in result.standings) == sum(
        any(t(key, value=s.tiebreak) in row.notes for key in GAMES[game].tiebreaks)
        for s, row in zip(result.standings, said.rows))
    shared = [row for row in said.rows if t(f"{game}.shared_place") in row.notes]
    assert len(shared) == sum(1 for s in result.standings if sum(o.rank == s.rank for o in result.standings) > 1)
    assert said.when == f"December 5, 2025{card.SEPARATOR}{t('card.minutes', minutes=95)}"
    assert [r.colour for r in said.rows] == [record["colours"][s.player] for s in result.standings]


@pytest.mark.parametrize(("lang", "offset", "day"), [
    ("de", 0, "5. Dezember 2025"), ("fr", 0, "5 décembre 2025"), ("ja", 0, "2025年12月5日"), ("en", 0, "December 5, 2025"),
    ("en", 13 * 60, "December 6, 2025"),
])
def test_the_day_is_written_as_the_language_writes_it_in_the_phones_time_zone(lang: str, offset: int, day: str) -> None:
    said = card.contents(timed(FINISHED[EXAMPLE]()), partial(i18n.translate, lang), lang, offset)
    assert said.when.startswith(day + card.SEPARATOR)


def test_a_game_without_times_has_no_date_line() -> None:
    assert card.contents(FINISHED[EXAMPLE](), partial(i18n.translate, "en")).when == ""


def test_the_dummy_seat_is_named_as_such_and_never_the_winner() -> None:
    record = dummy_ahead(["Anna", "Ben", "Robo"], "Robo")
    said = card.contents(record, partial(i18n.translate, "en"))
    robo = next(r for r in said.rows if r.name == i18n.translate("en", "standings.dummy", player="Robo"))
    assert robo.place == 1 and not robo.won
    assert "Robo" not in said.winners and any(r.won for r in said.rows)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_not_over_is_refused(game: str) -> None:
    with pytest.raises(RecordError) as refused:
        card.card_png(at(game, ["Anna", "Ben", "Cleo"], "playing"), partial(i18n.translate, "en"))
    assert refused.value.field == "end" and refused.value.code == "missing"


def jpeg(width: int, height: int, colour: str = "#2e7d32") -> str:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), colour).save(buffer, "JPEG", quality=90)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def test_the_photo_of_the_final_board_is_drawn_under_the_standings_as_wide_as_the_text() -> None:
    record, t = timed(FINISHED[EXAMPLE]()), partial(i18n.translate, "en")
    without = picture(card.card_png(record, t))
    drawn = picture(card.card_png({**record, "photo": jpeg(1600, 1200)}, t))
    width = card.WIDTH - 2 * card.MARGIN
    assert drawn.height > without.height + width * 3 // 4
    middle = drawn.getpixel((card.WIDTH // 2, without.height + width * 3 // 8))
    assert all(abs(a - b) < 12 for a, b in zip(middle, (0x2E, 0x7D, 0x32)))


def test_a_tall_photo_is_kept_within_its_height() -> None:
    fitted = card.fitted_photo(base64.b64decode(jpeg(600, 3000)), 960, card.PHOTO_MAX_HEIGHT)
    assert fitted.height == card.PHOTO_MAX_HEIGHT and fitted.width == 240


@pytest.mark.parametrize(("photo", "code"), [
    (base64.b64encode(b"\xff\xd8\xff" + b"\0" * 200).decode(), "not_photo"),
    (jpeg(5000, 4000, "#ffffff"), "too_many_pixels"),
])
def test_a_photo_that_cannot_be_drawn_is_refused(photo: str, code: str) -> None:
    assert len(base64.b64decode(photo)) <= PHOTO_BYTES
    with pytest.raises(RecordError) as refused:
        card.card_png({**FINISHED[EXAMPLE](), "photo": photo}, partial(i18n.translate, "en"))
    assert (refused.value.field, refused.value.code) == ("photo", code)


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two colours (#rrggbb)."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("colour", PALETTE)
def test_a_seats_name_keeps_4_5_to_1_on_the_card(colour: str) -> None:
    assert contrast(card.NAME_INKS[colour], card.PAPER) >= 4.5
    assert colour in card.SEAT_COLOURS


def reddish(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return r - max(g, b) > 40 and 2 * r > 3 * max(g, b)


@pytest.mark.parametrize("game", [g for g in GAMES if decided(g)])
def test_tie_break_lines_are_drawn_as_secondary_text_not_in_an_error_red(game: str) -> None:
    """Seats with no colour: below the header band (its red accent line), nothing on the card is red."""
    record = {k: v for k, v in timed(FINISHED[game]()).items() if k != "colours"}
    image = picture(card.card_png(record, partial(i18n.translate, "en"), "en"))
    accent = tuple(int(card.ACCENT[i:i + 2], 16) for i in (1, 3, 5))
    band = max(y for y in range(image.height // 2) if image.getpixel((image.width // 2, y)) == accent)
    body = image.crop((0, band + 1, image.width, image.height))
    assert not [colour for _, colour in body.getcolors(1 << 20) or () if reddish(colour)]


@pytest.mark.parametrize(("ink", "ground"), [("INK", "PAPER"), ("MUTED", "PAPER"), ("BAND_INK", "BAND"), ("BAND_MUTED", "BAND"), ("INK", "WINNER_BADGE"),
                                             ("INK", "OTHER_BADGE")])
def test_the_cards_other_texts_keep_4_5_to_1(ink: str, ground: str) -> None:
    assert contrast(getattr(card, ink), getattr(card, ground)) >= 4.5


def lines(text: str, width: int, size: int = 30) -> list[str]:
    return card.wrap(text, card.font(False, size), width)


@pytest.mark.parametrize(("text", "width", "expected"), [
    ("Same points and coal", 10_000, ["Same points and coal"]),
    ("Same points and coal", 200, ["Same points", "and coal"]),
    ("同点のため、残りのマルクで決定", 200, ["同点のため、", "残りのマルク", "で決定"]),
])
def test_lines_break_at_spaces_between_kanji_and_within_a_word_too_long(text: str, width: int,
                                                                        expected: list[str]) -> None:
    assert lines(text, width) == expected


def test_a_word_wider_than_the_line_is_broken_between_characters() -> None:
    broken = lines("Maximilian-Alexander", 120)
    assert len(broken) > 1 and "".join(broken) == "Maximilian-Alexander"
    assert all(card.text_width(line, card.font(False, 30)) <= 120 for line in broken)


def test_no_line_starts_with_closing_punctuation() -> None:
    for width in range(60, 400, 7):
        assert not any(line[0] in card.NO_LINE_START for line in lines("勝利点が同点のため、お金を勝利点に換えた後の残り。", width))


def test_a_long_name_is_shrunk_to_fit_then_wrapped() -> None:
    fits, face = card._name_lines("Anna", 600)
    assert fits == ["Anna"] and face.size == card.NAME_PX
    long = "Maximilian-Alexandra"
    width = card.text_width(long, card.font(True, card.NAME_PX)) - 40
    shrunk, face = card._name_lines(long, width)
    assert shrunk == [long] and card.NAME_MIN_PX <= face.size < card.NAME_PX
    wrapped, face = card._name_lines("山" * 24, 600)
    assert len(wrapped) == 2 and face.size == card.NAME_MIN_PX


def command(tmp_path: Path, record: Any, *options: str) -> subprocess.CompletedProcess[str]:
    source = tmp_path / "record.json"
    source.write_text(__import__("json").dumps(record), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "scoring", "card", str(source), *options], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_the_command_draws_the_same_card_as_the_app(tmp_path: Path) -> None:
    record, out = timed(FINISHED[EXAMPLE]()), tmp_path / "card.png"
    done = command(tmp_path, record, "--out", str(out), "--lang", "ja", "--utc-offset", "540")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert out.read_bytes() == card.card_png(record, partial(i18n.translate, "ja"), "ja", 540)


def test_the_command_refuses_a_game_not_over_in_one_line_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "card.png"
    done = command(tmp_path, at(EXAMPLE, ["Anna", "Ben"], "playing"), "--out", str(out))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == ["error: end: is missing"]
    assert not out.exists()


def test_the_command_says_when_it_cannot_write_the_file(tmp_path: Path) -> None:
    out = tmp_path / "no such folder" / "card.png"
    done = command(tmp_path, timed(FINISHED[EXAMPLE]()), "--out", str(out))
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and "cannot write" in done.stderr
