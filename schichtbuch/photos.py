"""A photo of the final board as a record keeps it: what a phone's camera or upload gives, turned upright,
scaled down to at most 1600 px on its long side and saved as a JPEG of a few hundred KB (Pillow, which
Streamlit brings), on the server, so that the store keeps it with the game and every app process can show
it. Pillow is loaded only when a photo is taken or uploaded."""

from __future__ import annotations

import io
import warnings
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
"""The picture files an upload offers to choose."""
MAX_PIXELS = 50_000_000
"""The most pixels a picture may have: a phone camera's 48 MP, with room to spare."""


def _upright(image: Any, ops: Any) -> Any:
    """The picture turned as its orientation tag says, or as it is when the tag does not read."""
    try:
        return ops.exif_transpose(image)
    except Exception:
        return image


def shrink(upload: bytes) -> bytes:
    """The photo to keep from what the phone sent: refused if it is larger than the upload limit, has
    more than MAX_PIXELS (a small file can hold a huge picture, which would fill the server's memory
    once decoded) or is not a picture Pillow reads. It is scaled down before it is turned upright, so
    no full-size copy is made; what cannot be turned (a broken orientation tag) is kept as it is."""
    if len(upload) > UPLOAD_BYTES:
        raise RecordError("photo", "too_large", limit=UPLOAD_MB)
    from PIL import Image, ImageOps  # here: only a photo loads Pillow

    try:
        with warnings.catch_warnings(), Image.open(io.BytesIO(upload)) as image:
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            if image.width * image.height > MAX_PIXELS:
                raise RecordError("photo", "too_many_pixels", limit=MAX_PIXELS // 1_000_000)
            image.draft("RGB", (LONG_SIDE, LONG_SIDE))  # a JPEG decodes at the nearest smaller scale
            image.thumbnail((LONG_SIDE, LONG_SIDE))
            picture = _upright(image, ImageOps).convert("RGB")
    except RecordError:
        raise
    except Exception:  # Pillow's refusals of a broken file are of many kinds (OSError, SyntaxError, …)
        raise RecordError("photo", "not_image") from None
    side = LONG_SIDE
    while True:
        picture.thumbnail((side, side))
        for quality in QUALITIES:
            out = io.BytesIO()
            picture.save(out, "JPEG", quality=quality, optimize=True)
            if out.tell() <= PHOTO_BYTES:
                return out.getvalue()
        side //= 2
