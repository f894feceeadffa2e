"""The results card of a finished game: one PNG, 1080 px wide, that a phone shares or keeps, drawn the same
by the app's end pages and by `python -m scoring card RECORD.json --out CARD.png [--lang de|en|fr|ja]`.

It shows the game in the phone's language, the day it was played and the minutes played (the table clock,
breaks left out), the winners, each seat's place, name (in its colour, with a token of that colour beside
it) and total, the points per category under short labels, the tie-breaker that decided a place or that a
place is shared, and the photo of the final board when the record has one (`photo`).

The words come in as `t(key, **params)` (the app's catalog in the phone's language, or the compiled
catalog the command line reads), the time zone as an offset in minutes, as for BG Stats; nothing here
reads the clock. The font is Noto Sans CJK JP (regular and bold, SIL Open Font License), installed with the
app's requirements as the packages `noto-cjk-sans-jp-regular` and `noto-cjk-sans-jp-bold`, never looked for
among the system's fonts: one font for Latin, accented, Greek, Cyrillic and Japanese text that holds every
kanji of Unicode's unified ideographs up to U+9FEF and the JIS X 0213 ones beyond it (a player may be called
by any of them), where a subset made for our own texts would draw a name's rarer kanji as empty boxes. Its
glyphs for other scripts (emoji, Arabic, Thai) are missing: such characters show as the font's
missing-glyph box.

Sizes are for a phone: the card is as wide as a phone's screen in device pixels, so its smallest text
(34 px, 12 px on a 390 px screen) reads as its small print, names and totals as its headings."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from importlib.resources import as_file, files
from typing import Any

from babel.dates import format_date
from babel.lists import format_list
from PIL import Image, ImageDraw, ImageFont, ImageOps

from scoring.app_fields import PHOTO_BYTES, duration_minutes, photo, times
from scoring.errors import RecordError
from scoring.fields import mapping
from scoring.game import Game, Translate
from scoring.registry import game_of, score
from scoring.standings import Result, Standing

WIDTH = 1080
"""The card's width in pixels: a phone's screen in device pixels, so it is shown without scaling."""
MARGIN = 60
GAP = 24
"""Pixels between the parts of a player's row (badge, token, name, total) and between rows' lines."""
FONTS = {False: ("noto_cjk_sans_jp_regular", "NotoSansCJKjp-Regular.otf"),
         True: ("noto_cjk_sans_jp_bold", "NotoSansCJKjp-Bold.otf")}
"""The font file of each weight (bold or not): the package that installs it and its name there."""

TITLE_PX, LINE_PX, NAME_PX, TOTAL_PX, SMALL_PX, BADGE_PX = 72, 38, 52, 64, 34, 72
"""Text sizes: the game's name, the header's lines, a name (shrunk to `NAME_MIN_PX` for a long one), a
total, the breakdown and tie-break lines; the place badge's diameter."""
NAME_MIN_PX = 34
TOKEN_PX = 30
"""The diameter of the seat's colour token beside the name."""
TOTAL_COLUMN = 190
"""Pixels kept at the right of a row for its total."""
PHOTO_MAX_HEIGHT = 1200
PHOTO_PIXELS = 16_000_000
"""The largest photo drawn (in pixels of the stored picture): the app keeps photos of at most 1600 px on
their long side; a bigger picture from an imported record is refused rather than decoded."""

INK, MUTED, RULE, PAPER = "#1f1e1c", "#55524d", "#d9d6d0", "#ffffff"
"""Text, secondary text (7.5:1 on the paper), lines between rows, and the card's background."""
BAND, BAND_INK, BAND_MUTED, ACCENT = "#171614", "#ffffff", "#d9d6d0", "#e8707b"
"""The header band in the app's dark theme: its background, text, secondary text and accent."""
WINNER_BADGE, OTHER_BADGE = "#f2c94c", "#e6e4e0"
"""The place badge of a winner, and of every other seat (its place number is in `INK` on both)."""

SEAT_COLOURS = {"red": "#d32f2f", "blue": "#1e63c8", "green": "#2e9b3a", "yellow": "#f4c20d", "white": "#ffffff",
                "black": "#111111"}
"""The colour of a seat's token, as the pieces look (registry.PALETTE); each token has a `MUTED` rim, so
white shows on the paper."""
NAME_INKS = {"red": "#b71c1c", "blue": "#1656b0", "green": "#1e6b28", "yellow": "#7a5c00", "white": "#5f5f5f",
             "black": INK}
"""A seat's name in its colour, darkened where needed to keep 4.5:1 on the paper (WCAG AA): a yellow
name is ochre, a white one grey; the token beside it shows the colour itself."""

CJK = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff]")
"""Characters of a script written without spaces: a line may break before any of them."""
NO_LINE_START = frozenset("、。，．・：；？！）」』】〕〉》ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ,.:;!?)]}%")
"""Characters that never begin a line (Japanese kinsoku, and closing punctuation): kept with the one before."""
SEPARATOR = "  ·  "
CENTRE, RIGHT_MIDDLE, LEFT_MIDDLE, TOP_CENTRE = "mm", "rm", "lm", "ma"
"""Where a text is placed from the point given (Pillow's anchors: horizontal, then vertical)."""


@dataclass(frozen=True)
class Row:
    """One seat on the card: its place, name as shown (the dummy's marked), colour, total, its points per
    category as "Label points" items, and the lines under them (the deciding tie-breaker, a shared place)."""

    place: int
    name: str
    colour: str | None
    total: int
    won: bool
    items: tuple[str, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Contents:
    """Everything the card says, in the card's language."""

    game: str
    app: str
    when: str
    winners: str
    rows: tuple[Row, ...]
    photo: bytes | None
    photo_caption: str


def card_png(record: object, t: Translate, lang: str = "en", utc_offset: int = 0) -> bytes:
    """The results card of a finished game as PNG bytes; a game that is not over is refused (`end`: missing),
    as is a photo that cannot be drawn."""
    image = draw(contents(record, t, lang, utc_offset))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def contents(data: object, t: Translate, lang: str = "en", utc_offset: int = 0) -> Contents:
    """What the card of a finished game says (see the module's docstring)."""
    record = mapping(data, "record")
    result = score(record)
    if not result.final:
        raise RecordError("end", "missing")
    g = game_of(record)
    colours = record.get("colours", {})
    rows = tuple(_row(s, result, g, t, colours.get(s.player)) for s in result.standings)
    return Contents(game=g.names.get(lang, g.names["en"]), app=t("app.title"), when=played(record, t, lang, utc_offset),
                    winners=t("card.winners", players=format_list(list(result.winners), locale=lang)), rows=rows,
                    photo=photo(record), photo_caption=t("photo.caption"))


def played(record: Mapping[str, Any], t: Translate, lang: str, utc_offset: int) -> str:
    """The day the game was played (its start, else its end) as `lang` writes a date, at `utc_offset`
    minutes from UTC, and the minutes played; either left out where the record does not say."""
    started, ended = times(record)
    moment = started if started is not None else ended
    parts = [] if moment is None else [
        format_date(datetime.fromtimestamp(moment, timezone(timedelta(minutes=utc_offset))), "long", locale=lang)]
    if (minutes := duration_minutes(record)) is not None:
        parts.append(t("card.minutes", minutes=minutes))
    return SEPARATOR.join(parts)


def _row(s: Standing, result: Result, g: Game, t: Translate, colour: str | None) -> Row:
    name = t("standings.dummy", player=s.player) if s.player == result.dummy else s.player
    notes = [t(s.decided_by, value=s.tiebreak)] if s.decided_by else []
    if sum(o.rank == s.rank for o in result.standings) > 1:
        notes.append(t(f"{g.id}.shared_place"))
    items = tuple(t("card.item", label=t(f"{g.id}.cat.{c}.short"), points=s.breakdown[c]) for c in g.categories)
    return Row(s.rank, name, colour, s.total, s.player in result.winners, items, tuple(notes))


# --- drawing ------------------------------------------------------------------------------------------------

Paint = Callable[[ImageDraw.ImageDraw, Image.Image, int], None]
"""Draws one block of the card with its top at the given y."""


@dataclass(frozen=True)
class Block:
    """A part of the card: its height and how to draw it."""

    height: int
    paint: Paint


def draw(card: Contents) -> Image.Image:
    """The card as an image: the header band, a block per seat, the photo; as tall as they need."""
    blocks = [_header(card), *(_seat(row) for row in card.rows), *_photo_blocks(card)]
    height = sum(b.height for b in blocks) + MARGIN
    image = Image.new("RGB", (WIDTH, height), PAPER)
    pen, y = ImageDraw.Draw(image), 0
    for block in blocks:
        block.paint(pen, image, y)
        y += block.height
    return image


@lru_cache(maxsize=32)
def font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    """The card's font at `size` pixels (see the module's docstring), read from its package's files."""
    package, name = FONTS[bold]
    with as_file(files(package) / name) as path:  # an installed package's file: its path, read as needed
        return ImageFont.truetype(str(path), size)


def text_width(text: str, face: ImageFont.FreeTypeFont) -> int:
    return int(face.getlength(text))


def wrap(text: str, face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """`text` in lines no wider than `width`: broken at spaces, and before any character of a script
    written without spaces (never before closing punctuation); a word wider than a line, by character."""
    lines: list[str] = []
    line = ""
    for unit in _units(text):
        if line and text_width((line + unit).rstrip(), face) > width:
            lines.append(line.rstrip())
            line = unit.lstrip()
        else:
            line += unit
        while text_width(line.rstrip(), face) > width and len(line.rstrip()) > 1:
            cut = _fitting(line, face, width)
            lines.append(line[:cut])
            line = line[cut:]
    return [*lines, line.rstrip()] if line.strip() else lines


def wrap_items(items: Sequence[str], face: ImageFont.FreeTypeFont, width: int) -> list[str]:
    """Items ("Orders 34") joined by `SEPARATOR` in lines no wider than `width`, each kept whole on a line
    where it fits one."""
    lines: list[str] = []
    for item in items:
        joined = f"{lines[-1]}{SEPARATOR}{item}" if lines else item
        if lines and text_width(joined, face) <= width:
            lines[-1] = joined
        else:
            lines += wrap(item, face, width)
    return lines


def _units(text: str) -> list[str]:
    """The pieces a line may break between: words with the spaces after them, single characters of
    scripts written without spaces, closing punctuation kept with what it closes."""
    units: list[str] = []
    for piece in re.findall(r"\S+\s*|\s+", text):
        for part in re.split(f"({CJK.pattern})", piece):
            if not part:
                continue
            if units and (part[0] in NO_LINE_START or not part.strip()):
                units[-1] += part
            else:
                units.append(part)
    return units


def _fitting(line: str, face: ImageFont.FreeTypeFont, width: int) -> int:
    """How many of the line's first characters fit `width` (at least one)."""
    return max(1, max((n for n in range(1, len(line) + 1) if text_width(line[:n], face) <= width), default=1))


def _lines_height(count: int, size: int) -> int:
    return count * round(size * 1.35)


def _text_lines(pen: ImageDraw.ImageDraw, x: int, y: int, lines: Sequence[str], face: ImageFont.FreeTypeFont,
                fill: str) -> None:
    for i, line in enumerate(lines):
        pen.text((x, y + _lines_height(i, int(face.size))), line, font=face, fill=fill)


def _header(card: Contents) -> Block:
    """The band at the top: the app, the game, when and how long it was played, who won."""
    inner = WIDTH - 2 * MARGIN
    title = wrap(card.game, font(True, TITLE_PX), inner)
    lines = [line for text in (card.when, card.winners) if text for line in wrap(text, font(False, LINE_PX), inner)]
    height = 2 * MARGIN + _lines_height(1, SMALL_PX) + _lines_height(len(title), TITLE_PX) + _lines_height(len(lines), LINE_PX)

    def paint(pen: ImageDraw.ImageDraw, image: Image.Image, y: int) -> None:
        pen.rectangle((0, y, WIDTH, y + height), fill=BAND)
        pen.rectangle((0, y + height - 8, WIDTH, y + height), fill=ACCENT)
        y += MARGIN
        pen.text((MARGIN, y), card.app, font=font(True, SMALL_PX), fill=ACCENT)
        y += _lines_height(1, SMALL_PX)
        _text_lines(pen, MARGIN, y, title, font(True, TITLE_PX), BAND_INK)
        y += _lines_height(len(title), TITLE_PX)
        _text_lines(pen, MARGIN, y, lines, font(False, LINE_PX), BAND_MUTED)

    return Block(height + GAP, paint)


def _name_lines(name: str, width: int) -> tuple[list[str], ImageFont.FreeTypeFont]:
    """A name on one line at the largest size down to `NAME_MIN_PX` that fits, else wrapped at that size."""
    for size in range(NAME_PX, NAME_MIN_PX - 1, -2):
        if text_width(name, font(True, size)) <= width:
            return [name], font(True, size)
    return wrap(name, font(True, NAME_MIN_PX), width), font(True, NAME_MIN_PX)


def _seat(row: Row) -> Block:
    """One seat: the place badge, the colour token and the name, the total, then the breakdown and the notes."""
    name_x = MARGIN + BADGE_PX + GAP + TOKEN_PX + GAP
    text_x = MARGIN + BADGE_PX + GAP
    names, face = _name_lines(row.name, WIDTH - MARGIN - TOTAL_COLUMN - name_x)
    small = font(False, SMALL_PX)
    items = wrap_items(row.items, small, WIDTH - MARGIN - text_x)
    notes = [line for note in row.notes for line in wrap(note, small, WIDTH - MARGIN - text_x)]
    top = max(BADGE_PX, _lines_height(len(names), int(face.size)))
    height = GAP + top + GAP // 2 + _lines_height(len(items) + len(notes), SMALL_PX) + GAP

    def paint(pen: ImageDraw.ImageDraw, image: Image.Image, y: int) -> None:
        y += GAP
        middle, line = y + top // 2, _lines_height(1, int(face.size))
        pen.ellipse((MARGIN, middle - BADGE_PX // 2, MARGIN + BADGE_PX, middle + BADGE_PX // 2),
                    fill=WINNER_BADGE if row.won else OTHER_BADGE)
        pen.text((MARGIN + BADGE_PX // 2, middle), str(row.place), font=font(True, 40), fill=INK, anchor=CENTRE)
        first = middle - (len(names) - 1) * line // 2
        token = first + int(face.size) // 12  # the middle of the letters, below that of the line
        pen.ellipse((text_x, token - TOKEN_PX // 2, text_x + TOKEN_PX, token + TOKEN_PX // 2),
                    fill=SEAT_COLOURS.get(row.colour or "", PAPER), outline=MUTED, width=3)
        for i, name in enumerate(names):
            pen.text((name_x, first + i * line), name, font=face, fill=NAME_INKS.get(row.colour or "", INK), anchor=LEFT_MIDDLE)
        pen.text((WIDTH - MARGIN, middle), str(row.total), font=font(True, TOTAL_PX), fill=INK, anchor=RIGHT_MIDDLE)
        y += top + GAP // 2
        _text_lines(pen, text_x, y, items + notes, small, MUTED)  # a tie-break is no error: not in red
        bottom = y + _lines_height(len(items) + len(notes), SMALL_PX) + GAP - 1
        pen.line((MARGIN, bottom, WIDTH - MARGIN, bottom), fill=RULE, width=2)

    return Block(height, paint)


def _photo_blocks(card: Contents) -> list[Block]:
    """The photo of the final board under the standings, as wide as the text, with its caption; none
    without a photo."""
    if card.photo is None:
        return []
    picture = fitted_photo(card.photo, WIDTH - 2 * MARGIN, PHOTO_MAX_HEIGHT)
    caption = font(False, SMALL_PX)

    def paint(pen: ImageDraw.ImageDraw, image: Image.Image, y: int) -> None:
        y += GAP
        image.paste(picture, ((WIDTH - picture.width) // 2, y))
        pen.text((WIDTH // 2, y + picture.height + GAP // 2), card.photo_caption, font=caption, fill=MUTED, anchor=TOP_CENTRE)

    return [Block(GAP + picture.height + GAP // 2 + _lines_height(1, SMALL_PX), paint)]


def fitted_photo(jpeg: bytes, width: int, max_height: int) -> Image.Image:
    """The record's photo upright, scaled to `width` (less where it would be taller than `max_height`);
    a picture of more than `PHOTO_PIXELS` is refused before it is decoded, one that does not decode too.
    A JPEG is decoded at the nearest smaller scale that still covers the size drawn (`Image.draft`)."""
    try:
        with Image.open(io.BytesIO(jpeg)) as picture:
            if picture.width * picture.height > PHOTO_PIXELS:
                raise RecordError("photo", "too_many_pixels", limit=PHOTO_PIXELS // 1_000_000)
            picture.draft("RGB", (width, width * picture.height // max(1, picture.width)))
            upright = ImageOps.exif_transpose(picture).convert("RGB")
    except (OSError, Image.DecompressionBombError):  # not a picture Pillow reads (UnidentifiedImageError too)
        raise RecordError("photo", "not_photo", limit=PHOTO_BYTES // 1024) from None
    scale = min(width / upright.width, max_height / upright.height)
    return upright.resize((max(1, round(upright.width * scale)), max(1, round(upright.height * scale))),
                          Image.Resampling.LANCZOS)
