"""The results card on a finished game's end page: the picture `python -m scoring card` draws too
(`scoring.card`), in the phone's language and time zone, shown as it will be sent, and one button under it.
Where the browser can share files (the Web Share API with files, `navigator.canShare({files})`: on phones,
over https or on this computer's localhost), the button hands the PNG to the phone's share sheet (a
messenger, the photo album); elsewhere it downloads it.

The button's script takes the picture the page shows (Streamlit serves it as a file of its own, the same
bytes) as soon as the page draws it, so that a tap shares at once: a browser opens its share sheet only
while the tap that asked for it is fresh. Nothing is stored, so no callback is needed. The card is drawn
once per game version, language and time zone for every phone that shows it (Streamlit's cache)."""

from __future__ import annotations

import json
from html import escape

import streamlit as st

from schichtbuch.live.caching import kept
from schichtbuch.store import Document, Saved
from schichtbuch.texts.words import played_offset, t, translator
from scoring.registry import is_over

CARDS_KEPT = 16
"""Cards kept drawn (about 100 KB each, up to 1.5 MB with a photo): the finished games being looked at."""

BUTTON = """<button id="schichtbuch-card" type="button" class="schichtbuch-share">⬇️ %(download)s</button>
<script>
(() => {
  const button = document.getElementById("schichtbuch-card"), texts = %(texts)s;
  const picture = () => button.closest(".st-key-results_card")?.querySelector("[data-testid=stImage] img");
  let taken = null, from = null;
  const take = async () => {  // the PNG the page shows, as a file to share
    const shown = picture();
    if (!shown) return null;
    if (from !== shown.src) {
      const blob = await (await fetch(shown.src)).blob();
      taken = new File([blob], texts.file, {type: "image/png"});
      from = shown.src;
    }
    return taken;
  };
  const shares = file => !!(navigator.canShare && navigator.canShare({files: [file]}));
  const ready = async (tries) => {
    const file = await take().catch(() => null);
    if (file) { if (shares(file)) button.textContent = "📤 " + texts.share; }
    else if (tries > 0) setTimeout(() => ready(tries - 1), 250);
  };
  ready(40);
  button.onclick = async () => {
    const file = (picture()?.src === from && taken) || await take();
    if (!file) return;
    if (shares(file)) {
      try { await navigator.share({files: [file], title: texts.title}); } catch (stopped) {}
      return;
    }
    const link = document.createElement("a");
    link.href = URL.createObjectURL(file);
    link.download = file.name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  };
})();
</script>"""


def offer(saved: Saved) -> None:
    """For a finished game: the card, and the button that shares or downloads it."""
    if not is_over(saved.doc):
        return
    png = drawn_card(saved.id, saved.version, st.session_state.lang, played_offset(saved), saved.doc)
    texts = {"share": t("card.share"), "download": t("card.download"), "title": t("card.title"),
             "file": f"{saved.doc['game']}-{saved.id[:6]}-{t('card.file')}.png"}
    with st.container(key="results_card"):
        st.subheader(t("card.title"))
        st.image(png, output_format="PNG", width="stretch", alt=t("card.alt"))
        st.html(BUTTON % {"download": escape(texts["download"]), "texts": json.dumps(texts, ensure_ascii=False).replace("</", "<\\/")},
                unsafe_allow_javascript=True)


@kept(st.cache_data, CARDS_KEPT)
def drawn_card(game_id: str, version: int, lang: str, offset: int, _doc: Document) -> bytes:
    """The card of `_doc`, the game `game_id` at `version`, in `lang` at `offset` minutes from UTC (the
    cache's key: the document itself is not hashed)."""
    from scoring.card import card_png  # here: only a finished game's end page loads Pillow and the font

    return card_png(_doc, translator(), lang, offset)
