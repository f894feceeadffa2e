"""Two costs Streamlit 1.67 puts on the first run of a server process, which this app, always served by
`streamlit run`, need not pay: together more than a bare page's whole first run, paid by the first phone
after every restart (`tests/load/runs.py` prints a fresh process's first run).

- The first element a process draws makes Streamlit ask whether it runs in Python's interactive prompt,
  to warn that a script should be started with `streamlit run` (`delta_generator._maybe_print_use_warning`,
  `env_util.is_repl`): it inspects the whole stack, reading the source of every frame's file, about 30 ms
  at the depth of the app's header. A served app is never in the prompt, so the warning is marked given.
- The first icon a widget is given (`icon="🏁"`), and the first label of a row of options that is not
  plain ASCII (the header's page pills in any language but English), make Streamlit load its emoji catalog
  (`string_util.is_emoji`, `extract_leading_emoji`), whose module compiles one regular expression of all
  its 5,000-odd emojis, about 75 ms. Two questions are answered without it, with the catalog's own
  answers: an emoji the app uses (`APP_EMOJIS`) is one, and a text that no emoji of the catalog can begin
  (`could_start_emoji`: a kana, an umlaut, `2–3`) begins with none. Anything else goes to Streamlit's check.

tests/test_streamlit_private.py checks these against the catalog of the release installed
(`could_start_emoji` admits every emoji of it, `APP_EMOJIS` are in it, and every icon in the code and every
emoji first in a translated text are in `APP_EMOJIS`) and that the answers are Streamlit's; on a release
without these internals nothing is changed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from streamlit import delta_generator, string_util

APP_EMOJIS = frozenset([
    "⛏️", "🏁", "🧮", "👤", "🎲", "📊", "💾", "📷", "▶️", "🔗", "👥", "➕", "🏠", "🔌", "✅", "↩️", "📣", "🔁", "📤",
    "🤖", "🏅", "🏆", "⏱", "⏸", "▶", "✏️", "📈", "📜", "📱", "📵", "👀",
])
"""Every emoji the app passes as an icon or puts first in a label."""
T = TypeVar("T")


def could_start_emoji(text: str) -> bool:
    """Whether an emoji can begin `text`, from its first two characters: a keycap (#, * or a digit, then
    U+FE0F or U+20E3), ©, ®, the symbol blocks U+2000-U+2BFF, four CJK symbols, the emoji planes from
    U+1F000."""
    if not text:
        return False
    first, point = text[0], ord(text[0])
    if first in "#*0123456789":
        return text[1:2] in ("\ufe0f", "\u20e3")
    return first in "\u00a9\u00ae\u3030\u303d\u3297\u3299" or 0x2000 <= point <= 0x2BFF or point >= 0x1F000


def skip_one_offs() -> None:
    """Mark Streamlit's prompt warning given and answer the two questions about emojis without the
    catalog where the answer is known; once per process (later calls find it done)."""
    if hasattr(delta_generator, "_use_warning_has_been_displayed"):
        delta_generator._use_warning_has_been_displayed = True
    is_emoji, extract = getattr(string_util, "is_emoji", None), getattr(string_util, "extract_leading_emoji", None)
    if is_emoji is None or extract is None or getattr(is_emoji, "app_emojis", False):
        return
    string_util.is_emoji = _known(is_emoji, lambda text: True if text in APP_EMOJIS else None)  # type: ignore[assignment]
    string_util.extract_leading_emoji = _known(extract, _leading)  # type: ignore[assignment]


def _leading(text: str) -> tuple[str, str] | None:
    """The emoji `text` starts with and the rest, where known without the catalog (None: not known)."""
    if text in APP_EMOJIS:
        return text, ""
    if not could_start_emoji(text):
        return "", text
    return None


def _known(streamlits: Callable[[str], T], known: Callable[[str], T | None]) -> Callable[[str], T]:
    """Streamlit's function `streamlits`, asked only where `known` has no answer."""

    def answer(text: str) -> T:
        found = known(text)
        return streamlits(text) if found is None else found

    answer.app_emojis = True  # type: ignore[attr-defined]
    return answer
