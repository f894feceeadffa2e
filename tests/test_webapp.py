"""What makes the page an app (pure): the head script for each page, the Share button's texts, which
addresses can keep a screen awake, the manifest and its icons, and colours that read on the light and the
dark theme."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from apptest import ROOT
from schichtbuch.shell import webapp
from schichtbuch.widgets.scoreboard import CHART_COLOURS

pytestmark = pytest.mark.pure
STATIC = ROOT / "static"


def luminance(colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("player", CHART_COLOURS)
@pytest.mark.parametrize("scheme", webapp.THEME_COLOURS)
def test_every_player_colour_reads_on_both_themes(player: str, scheme: str) -> None:
    assert contrast(CHART_COLOURS[player], webapp.THEME_COLOURS[scheme]) >= 3


@pytest.mark.parametrize(("lang", "awake"), [("de", True), ("ja", False)])
def test_the_head_script_carries_the_language_and_whether_to_keep_awake(lang: str, awake: bool) -> None:
    script = webapp.head_script(lang, awake, {"lost": "lost", "unsent": "unsent", "skip": "skip"})
    assert f"d.documentElement.lang = {json.dumps(lang)};" in script
    assert f"sb.awake = {json.dumps(awake)};" in script


def test_texts_in_the_share_button_cannot_end_its_script_or_open_a_tag() -> None:
    texts = {"label": "<b>Share</b>", "title": "T", "text": "</script><script>alert(1)", "copied": "c", "by_hand": "h"}
    button = webapp.share_button("https://x.example/?game=a&join=1", texts)
    assert button.count("</script>") == 1 and "<b>" not in button and "&lt;b&gt;Share" in button


@pytest.mark.parametrize(("url", "secure"), [
    ("https://games.example/share", True), ("http://localhost:8501/", True), ("http://127.0.0.1:8501/x", True),
    ("http://192.168.1.20:8501/share", False), ("http://tisch.local/", False), (None, True)])
def test_only_https_or_this_computer_can_keep_a_screen_awake(url: str | None, secure: bool) -> None:
    assert webapp.secure(url) is secure


def test_the_manifest_makes_the_app_installable() -> None:
    manifest = json.loads((STATIC / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["name"] == "Schichtbuch" and manifest["theme_color"]
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "maskable"), ("512x512", "maskable"), ("192x192", "any"), ("512x512", "any")} <= sizes
    for icon in manifest["icons"]:
        with Image.open(STATIC / icon["src"]) as image:
            assert f"{image.width}x{image.height}" == icon["sizes"] and image.format == "PNG"
    with Image.open(STATIC / "apple-touch-icon.png") as image:
        assert image.size == (180, 180)


SAFE_ZONE = 0.4
"""A maskable icon's safe zone: the circle of 40% of its size around its centre, which every mask keeps
(W3C Web App Manifest, "icon masks")."""


@pytest.mark.parametrize("size", ["192x192", "512x512"])
def test_a_maskable_icon_is_its_own_picture_with_its_content_in_the_safe_zone(size: str) -> None:
    """Whatever shape a launcher cuts, it shows the theme colour to the edge and the whole pickaxe: every
    pixel outside the safe zone is the theme colour, and the picture inside is not all of it."""
    manifest = json.loads((STATIC / "manifest.webmanifest").read_text(encoding="utf-8"))
    files = {icon["purpose"]: icon["src"] for icon in manifest["icons"] if icon["sizes"] == size}
    assert files["maskable"] != files["any"]
    theme = tuple(int(manifest["theme_color"][i:i + 2], 16) for i in (1, 3, 5))
    with Image.open(STATIC / files["maskable"]) as image:
        pixels, (width, height) = image.convert("RGB").load(), image.size
        outside = {pixels[x, y] for x in range(width) for y in range(height)
                   if (x + 0.5 - width / 2) ** 2 + (y + 0.5 - height / 2) ** 2 > (SAFE_ZONE * width) ** 2}
        assert outside == {theme}
        assert pixels[width // 2, height // 2] != theme


def test_the_splash_is_dark_so_that_a_dark_phone_sees_no_white_flash() -> None:
    """The splash screen of an installed app takes the manifest's one `background_color` (Chromium reads no
    dark variant of it): the dark theme's background, which the page turns to as it loads; a light
    phone sees it for a moment before its white page, rather than a dark one a white flash."""
    manifest = json.loads((STATIC / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["background_color"] == webapp.THEME_COLOURS["dark"]
