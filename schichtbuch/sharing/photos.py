"""A photo of the final board as a record keeps it: what a phone's camera or upload gives, turned upright,
scaled down to at most 1600 px on its long side and saved as a JPEG of a few hundred KB (Pillow, which
Streamlit brings), on the server, so that the store keeps it with the game and every app process can show
it. Pillow is loaded only when a photo is taken or uploaded.

Bounded memory. A small file can hold a huge picture (an 87 KB WebP of 7000×7000 px took a server to
871 MB, three at once to 2.3 GB), so what a decode will cost is read from the picture's header first:
- The format is the one Pillow detects in the content, whatever the file is called: JPEG, PNG and WebP
  (and HEIC/HEIF where the `pillow-heif` plugin is installed; it is not a requirement, being large for one
  format: an iPhone sends its HEIC photos as JPEG to an upload that does not name HEIC, as this app's
  does then). Anything else is refused as a format not accepted (a HEIC without the plugin too), what
  Pillow cannot read as not a picture.
- Each format has its pixel caps (`CAPS`), so that one decode takes less than 200 MB above the process's
  memory before it. A JPEG is decoded at the nearest smaller scale (`Image.draft`, 1/2 to 1/8), but a
  progressive one keeps every coefficient of the full picture meanwhile (about 2.9 bytes a pixel), so it
  has two caps: the picture's pixels and those decoded. PNG and WebP are decoded whole (Pillow cannot
  scale them while decoding, and `reduce` works only on the decoded picture): about 10 and 18 bytes a
  pixel at worst (with transparency; WebP passes through three buffers of four bytes a pixel). Measured
  2026-12-05 with Pillow 13.0 by `python tests/photo_memory.py`: the growth of a fresh process's peak
  memory (`VmHWM`) while it shrinks the worst picture at each cap.

  | format | caps | worst picture at the cap | peak growth |
  |---|---|---|---|
  | JPEG | 48 MP, 16 MP decoded | 8000×6000, progressive (decoded at 4000×3000) | 183 MB |
  | PNG | 20 MP | 4472×4472 with transparency | 190 MB |
  | WebP | 10 MP | 3162×3162 with transparency, lossless | 182 MB |
  | HEIC | 10 MP | not measured (no plugin here): taken as WebP | |

  Pillow's own guard, `Image.MAX_IMAGE_PIXELS`, is set to the largest cap: a picture with twice as many
  is refused as it is opened (Pillow's `DecompressionBombError`), and said to be too large, as every
  picture over its cap is.
- At most `DECODES` (2) photos are decoded at a time per process (`_DECODING`); a third waits up to
  `WAIT_SECONDS` for one of them, then is told to try again. So one process's photos take at most about
  400 MB at any moment (the same script: three phones sending a WebP at its cap at once, 367 MB at the
  peak; the 7000×7000 WebP is refused from its header, 38 MB).
"""

from __future__ import annotations

import functools
import io
import threading
import warnings
from dataclasses import dataclass
from typing import Any

from scoring.app_fields import PHOTO_BYTES
from scoring.errors import RecordError
from scoring.gate import UPLOAD_BYTES, UPLOAD_MB

LONG_SIDE = 1600
"""The longest side of a kept photo, in pixels."""
QUALITIES = (82, 70, 55, 40)
"""JPEG qualities tried in turn until the photo fits PHOTO_BYTES; a picture too busy for the lowest is
scaled down further."""
TYPES = ("jpg", "jpeg", "png", "webp")
"""The picture files an upload offers to choose (the content decides what is accepted: `accepted`). An
iPhone sends its HEIC photos as JPEG to an upload that does not name HEIC, so HEIC is offered only where it
can be read (`types`)."""
HEIF_BRANDS = (b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1")
"""The brands of HEIC/HEIF files (bytes 8-12, after `ftyp`), to name the format Pillow alone cannot read."""


@dataclass(frozen=True)
class Cap:
    """The most pixels a picture of one format may have, and the most its decoder may decode (fewer for
    a JPEG decoded at a smaller scale)."""

    pixels: int
    decoded: int


CAPS = {
    "JPEG": Cap(48_000_000, 16_000_000),
    "PNG": Cap(20_000_000, 20_000_000),
    "WEBP": Cap(10_000_000, 10_000_000),
    "HEIF": Cap(10_000_000, 10_000_000),
}
"""The pixel caps per format Pillow detects (see the module docstring for what each costs)."""
MAX_PIXELS = max(cap.pixels for cap in CAPS.values())
"""Pillow's own guard (`Image.MAX_IMAGE_PIXELS`): it refuses to open a picture of twice as many."""
DECODES = 2
"""Photos decoded at the same time in one process."""
WAIT_SECONDS = 10.0
"""How long a photo waits for a decode to finish before the phone is told to try again."""
_DECODING = threading.BoundedSemaphore(DECODES)
"""Shared on purpose by every session of the process: it bounds the process's memory."""


@functools.cache
def accepted() -> frozenset[str]:
    """The formats read (Pillow's names): JPEG, PNG, WebP, and HEIF where its plugin is installed."""
    try:
        from pillow_heif import register_heif_opener  # type: ignore[import-not-found]
    except ImportError:
        return frozenset({"JPEG", "PNG", "WEBP"})
    register_heif_opener()
    return frozenset({"JPEG", "PNG", "WEBP", "HEIF"})


def types() -> tuple[str, ...]:
    """The picture files an upload offers: TYPES, and HEIC/HEIF where they can be read."""
    return TYPES + (("heic", "heif") if "HEIF" in accepted() else ())


def is_heif(upload: bytes) -> bool:
    """Whether the file is a HEIC/HEIF picture, by its first box (`ftyp` and a HEIF brand)."""
    return upload[4:8] == b"ftyp" and upload[8:12] in HEIF_BRANDS


def _upright(image: Any, ops: Any) -> Any:
    """The picture turned as its orientation tag says, or as it is when the tag does not read."""
    try:
        return ops.exif_transpose(image)
    except Exception:
        return image


def _too_many_pixels(pixels: int, cap: int) -> None:
    if pixels > cap:
        raise RecordError("photo", "too_many_pixels", limit=cap // 1_000_000)


def shrink(upload: bytes) -> bytes:
    """The photo to keep from what the phone sent: refused if it is larger than the upload limit, is not
    a picture Pillow reads, is one of a format not accepted, has more pixels than its format's caps
    (read from its header, before it is decoded), or when the process is decoding `DECODES` others for
    longer than `WAIT_SECONDS`. It is scaled down before it is turned upright, so no full-size copy is
    made; what cannot be turned (a broken orientation tag) is kept as it is."""
    if len(upload) > UPLOAD_BYTES:
        raise RecordError("photo", "too_large", limit=UPLOAD_MB)
    from PIL import Image  # here: only a photo loads Pillow

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    formats = accepted()
    if not _DECODING.acquire(timeout=WAIT_SECONDS):
        raise RecordError("photo", "photos_busy")
    try:
        return _smaller(_decoded(upload, formats))
    finally:
        _DECODING.release()


def _decoded(upload: bytes, formats: frozenset[str]) -> Any:
    """The picture, opened, checked against its format's caps, decoded at most at LONG_SIDE and upright."""
    from PIL import Image, ImageOps

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the caps below decide
            image = Image.open(io.BytesIO(upload))
        with image:
            if image.format not in formats:
                raise RecordError("photo", "format_not_accepted", format=image.format or "?")
            cap = CAPS[image.format]
            _too_many_pixels(image.width * image.height, cap.pixels)
            image.draft("RGB", (LONG_SIDE, LONG_SIDE))  # a JPEG decodes at the nearest smaller scale
            _too_many_pixels(image.width * image.height, cap.decoded)
            image.thumbnail((LONG_SIDE, LONG_SIDE))
            return _upright(image, ImageOps).convert("RGB")
    except RecordError:
        raise
    except Image.DecompressionBombError:
        raise RecordError("photo", "too_many_pixels", limit=MAX_PIXELS // 1_000_000) from None
    except Exception:  # Pillow's refusals of a broken file are of many kinds (OSError, SyntaxError, …)
        if is_heif(upload):
            raise RecordError("photo", "format_not_accepted", format="HEIC") from None
        raise RecordError("photo", "not_image") from None


def _smaller(picture: Any) -> bytes:
    """The picture as a JPEG of at most PHOTO_BYTES: the best quality that fits, else scaled down."""
    side = LONG_SIDE
    while True:
        picture.thumbnail((side, side))
        for quality in QUALITIES:
            out = io.BytesIO()
            picture.save(out, "JPEG", quality=quality, optimize=True)
            if out.tell() <= PHOTO_BYTES:
                return out.getvalue()
        side //= 2
