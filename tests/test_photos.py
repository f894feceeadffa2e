"""A photo of the final board: what a phone sends is turned upright, scaled to at most 1600 px and kept as a
JPEG of at most 400 KB in the record; anything that is not a picture, or too large, is refused; every
game's gate reads the photo; a stale phone does not overwrite another's; photos travel in a group's
export, whose file may then be larger than a record's."""

from __future__ import annotations

import base64
import io
import json
import os

import pytest
from PIL import Image

from builders import EXAMPLE, FINISHED
from schichtbuch.sharing import photos
from schichtbuch.sharing.export import import_records
from scoring.app_fields import PHOTO_BYTES, photo, photo_seen, set_photo
from scoring.errors import RecordError
from scoring.gate import MAX_BYTES
from scoring.registry import GAMES, score

pytestmark = pytest.mark.pure


def picture(size: tuple[int, int], kind: str = "JPEG", noise: bool = False, **options: object) -> bytes:
    """A picture file: a colour gradient, or noise (which compresses badly)."""
    if noise:
        image = Image.frombytes("RGB", size, os.urandom(size[0] * size[1] * 3))
    else:
        image = Image.linear_gradient("L").resize(size).convert("RGB" if kind != "PNG" else "RGBA")
    out = io.BytesIO()
    image.save(out, kind, **options)
    return out.getvalue()


@pytest.mark.parametrize(("size", "kept"), [((4032, 3024), (1600, 1200)), ((3000, 4000), (1200, 1600)),
                                            ((800, 600), (800, 600)), ((1600, 1600), (1600, 1600))])
def test_a_photo_is_scaled_to_1600_px_on_its_long_side(size, kept):
    jpeg = photos.shrink(picture(size))
    with Image.open(io.BytesIO(jpeg)) as image:
        assert (image.format, image.size) == ("JPEG", kept)


def test_a_photo_that_compresses_badly_still_fits():
    jpeg = photos.shrink(picture((2400, 1800), noise=True, quality=95))
    assert len(jpeg) <= PHOTO_BYTES


def test_a_phone_photo_taken_sideways_is_turned_upright():
    exif = Image.Exif()
    exif[0x0112] = 6  # orientation: rotated 90° clockwise
    jpeg = photos.shrink(picture((2000, 1000), exif=exif.tobytes()))
    with Image.open(io.BytesIO(jpeg)) as image:
        assert image.size == (800, 1600) and not image.getexif()  # no orientation tag left to turn it again


@pytest.mark.parametrize(("kind", "size", "limit"), [
    ("WEBP", (7000, 7000), 10),  # the 87 KB WebP that took a server to 871 MB
    ("WEBP", (3163, 3163), 10),
    ("PNG", (8000, 7000), 20),
    ("PNG", (4473, 4473), 20),
    ("JPEG", (8000, 6001), 48),
    ("JPEG", (3199, 5002), 16),  # too narrow to be decoded at half its size
])
def test_a_picture_over_its_formats_cap_is_refused_before_it_is_decoded(kind, size, limit):
    with pytest.raises(RecordError) as error:
        photos.shrink(picture(size, kind, **({"lossless": True} if kind == "WEBP" else {})))
    assert (error.value.code, error.value.params["limit"]) == ("too_many_pixels", limit)


@pytest.mark.parametrize(("kind", "size"), [("WEBP", (3162, 3162)), ("PNG", (4472, 4472)), ("JPEG", (8000, 6000)),
                                            ("JPEG", (3199, 5001))])
def test_a_picture_at_its_formats_cap_is_kept(kind, size):
    with Image.open(io.BytesIO(photos.shrink(picture(size, kind)))) as image:
        assert max(image.size) == 1600


def test_a_decompression_bomb_is_too_large_not_unreadable():
    bomb = Image.new("1", (20_000, 10_000))  # 200 million pixels in a PNG of a few KB: Pillow refuses to open it
    out = io.BytesIO()
    bomb.save(out, "PNG")
    with pytest.raises(RecordError) as error:
        photos.shrink(out.getvalue())
    assert error.value.code == "too_many_pixels"


@pytest.mark.parametrize(("kind", "format"), [("GIF", "GIF"), ("BMP", "BMP"), ("TIFF", "TIFF")])
def test_a_picture_of_another_format_is_refused_whatever_its_name(kind, format):
    with pytest.raises(RecordError) as error:
        photos.shrink(picture((300, 200), kind))  # the file's name (a GIF called photo.jpg) plays no part
    assert (error.value.code, error.value.params) == ("format_not_accepted", {"format": format})


@pytest.mark.skipif("HEIF" in photos.accepted(), reason="pillow-heif is installed: HEIC is read")
def test_a_heic_photo_without_its_plugin_is_a_format_not_accepted():
    heic = b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + b"\x00" * 64
    with pytest.raises(RecordError) as error:
        photos.shrink(heic)
    assert (error.value.code, error.value.params) == ("format_not_accepted", {"format": "HEIC"})
    assert photos.types() == photos.TYPES  # an iPhone then sends JPEG


def test_a_third_photo_waits_for_one_of_two_decodes_then_is_told_to_try_again(monkeypatch):
    monkeypatch.setattr(photos, "WAIT_SECONDS", 0.05)
    for _ in range(photos.DECODES):
        assert photos._DECODING.acquire(timeout=1)
    try:
        with pytest.raises(RecordError) as error:
            photos.shrink(picture((300, 200)))
        assert error.value.code == "photos_busy"
    finally:
        for _ in range(photos.DECODES):
            photos._DECODING.release()
    assert photos.shrink(picture((300, 200)))


def test_a_broken_orientation_tag_keeps_the_picture_as_it_is_and_no_exif_is_kept():
    exif = Image.Exif()
    exif[0x0112] = 6
    exif[0x010F] = "Phone maker"
    data = picture((1000, 500), exif=exif.tobytes())
    jpeg = photos.shrink(data.replace(b"Phone maker", b"Phone\xffmaker"))
    with Image.open(io.BytesIO(jpeg)) as image:
        assert image.size in ((500, 1000), (1000, 500)) and not image.getexif()


@pytest.mark.parametrize("kind", ["PNG", "WEBP"])
def test_png_and_webp_become_jpeg(kind):
    assert photos.shrink(picture((300, 200), kind)).startswith(b"\xff\xd8\xff")


@pytest.mark.parametrize(("upload", "code"), [
    (b"not a picture", "not_image"),
    (b"\xff\xd8\xff" + b"\x00" * 100, "not_image"),
    (b"x" * (16 * 1024 * 1024 + 1), "too_large"),
])
def test_what_is_not_a_picture_or_too_large_is_refused(upload, code):
    with pytest.raises(RecordError) as error:
        photos.shrink(upload)
    assert (error.value.field, error.value.code) == ("photo", code)


def test_a_photo_is_kept_removed_and_not_overwritten_from_a_stale_phone():
    jpeg = photos.shrink(picture((400, 300)))
    doc = set_photo(FINISHED[EXAMPLE](), jpeg, "")
    assert photo(doc) == jpeg and photo_seen(doc)
    assert "photo" not in set_photo(doc, None, photo_seen(doc))
    with pytest.raises(RecordError) as error:
        set_photo(doc, jpeg, "")
    assert (error.value.field, error.value.code) == ("photo", "changed_elsewhere")


@pytest.mark.parametrize("value", [
    42, "not base64!", base64.b64encode(picture((40, 30), "PNG")).decode(),
    base64.b64encode(b"\xff\xd8\xff" + b"\x00" * (PHOTO_BYTES + 1)).decode(),
])
def test_every_games_gate_reads_the_photo(value):
    for g in GAMES.values():
        record = FINISHED[g.id]() | {"photo": value}
        with pytest.raises(RecordError) as error:
            score(record)
        assert (error.value.field, error.value.code) == ("photo", "not_photo")


def test_a_group_file_with_photos_may_be_larger_than_a_record():
    jpeg = photos.shrink(picture((1600, 1200), noise=True))
    games = [set_photo(FINISHED[g](), jpeg, "") for g in GAMES for _ in range(2)]
    data = json.dumps({"format": "schichtbuch-group", "name": "Runde", "members": [], "games": games}).encode()
    assert len(data) > MAX_BYTES
    assert [photo(r) for r in import_records(data)] == [jpeg] * len(games)
