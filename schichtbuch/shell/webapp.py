"""What makes the page an app a phone keeps: the web manifest and icons (`static/`, served by Streamlit at
`app/static/`), the theme colour, the page's language on `<html lang>`, the screen kept awake while a
game is open, a running table clock's minutes moving on by themselves, keyboard access to the tables
that may scroll sideways (whatever fonts and names make of their width) and the standings' swipe hint
while they do, the theme's colours for the app's CSS (`--schichtbuch-background`, `--schichtbuch-text`),
and the native Share button.

Streamlit writes the page's `<head>` itself; a small script, sent with the title in the same element
(`st.html` with JavaScript runs in the page, not in a frame), sets what the app needs there. A link it adds
goes into the head with its `rel` and `href` already set: Chromium looks for the manifest when a link is
put in, and a link completed afterwards leaves it finding none (`no-manifest`), so not installable. It is
written to run again on every page (each run may change the language or whether a game is open) and
changes only what differs. The Screen Wake Lock and the Web Share API exist only in a secure context
(https, or the computer's own localhost); where the browser has neither, nothing breaks: the screen
sleeps as the phone is set, and the Share button copies the link, or, where even that is refused, says to
copy it by hand.

A phone whose connection is gone looks it: Streamlit's frontend does not notice a connection that drops
without closing its websocket (weak Wi-Fi) for a long while, and its own sign sits in the header the app
hides. So the script asks the server's health check every few seconds while the page is shown (no
script run, no store), and at once when the browser says it is offline or back. While no answer comes, a
banner in the page's language says so, the controls are greyed, and a tap on one of them is not sent
(a tap sent into a dead connection may arrive minutes later, or never) but said so in the banner; the
next message from the server, or answer to the check, ends it. A tap made on a connection the browser
still believes is up arrives once it is back, and the page refuses it if it no longer fits what the
phone shows (`saving.Pick`).

A phone whose connection comes back to a server that no longer has its session (the server restarted,
or its process behind the proxy died) gets a new session, which Streamlit runs only if a run was going on
when the connection broke: a phone that was only watching would show the game as it was, and follow
nobody's taps, until its next tap. The script runs the page then, as Streamlit's own "R" shortcut does
(Streamlit 1.67's connection state on the app's element, `data-test-connection-state`; with another
release that lacks it, nothing happens)."""

from __future__ import annotations

import json
from html import escape
from urllib.parse import urlsplit

THEME_COLOURS = {"light": "#ffffff", "dark": "#171614"}
"""The browser's bar in the colours of Streamlit's light and dark backgrounds, as the phone is set."""

HEAD_SCRIPT = """<script>
(() => {
  const d = document, sb = window.schichtbuch = window.schichtbuch || {};
  const put = (tag, attrs) => {
    const key = Object.entries(attrs).filter(([k]) => k !== "href" && k !== "content")
      .map(([k, v]) => `[${k}="${v}"]`).join("");
    const e = d.head.querySelector(tag + key) || d.createElement(tag), fresh = !e.isConnected;
    for (const [k, v] of Object.entries(attrs)) if (e.getAttribute(k) !== v) e.setAttribute(k, v);
    if (fresh) d.head.append(e);  // only once complete: Chromium reads a manifest link when it is put in, not later
  };
  put("link", {rel: "manifest", href: new URL("app/static/manifest.webmanifest", d.baseURI).href});
  put("link", {rel: "apple-touch-icon", href: new URL("app/static/apple-touch-icon.png", d.baseURI).href});
  const icon = d.head.querySelector("link[rel='shortcut icon']"), ours = new URL("app/static/icon-192.png", d.baseURI).href;
  if (icon && icon.href !== ours) icon.href = ours;
  for (const [scheme, colour] of Object.entries(%(colours)s))
    put("meta", {name: "theme-color", media: `(prefers-color-scheme: ${scheme})`, content: colour});
  d.documentElement.lang = %(lang)s;
  if (%(cookie)s) d.cookie = %(cookie)s;
  sb.awake = %(awake)s;
  sb.ask = sb.ask || (async () => {
    if (!sb.awake || d.visibilityState !== "visible" || !("wakeLock" in navigator)) return;
    if (sb.lock && !sb.lock.released) return;
    try { sb.lock = await navigator.wakeLock.request("screen"); } catch (refused) { sb.lock = null; }
  });
  if (!sb.listening) {  // asked again when the page is shown again, and on a tap (some browsers want one)
    sb.listening = true;
    d.addEventListener("visibilitychange", sb.ask);
    d.addEventListener("pointerdown", sb.ask, {capture: true, passive: true});
  }
  if (sb.awake) sb.ask(); else if (sb.lock) { sb.lock.release(); sb.lock = null; }
  sb.said = %(said)s;
  const skip = d.querySelector("[data-testid='stSkipToContent']");  // Streamlit's own link, in English
  if (skip && skip.textContent !== sb.said.skip) skip.textContent = sb.said.skip;
  if (!sb.banner) {  // while the server does not answer: a banner, the controls greyed, and a tap not sent but said
    sb.banner = d.createElement("div");
    sb.banner.className = "schichtbuch-offline";
    sb.banner.setAttribute("role", "alert");
    sb.banner.hidden = true;
    d.body.append(sb.banner);
    sb.state = (down, text) => {
      sb.down = down;
      sb.banner.hidden = !down;
      if (down && (text || !sb.banner.textContent)) sb.banner.textContent = text || sb.said.lost;
      if (!down) sb.banner.textContent = "";
      d.documentElement.classList.toggle("schichtbuch-down", down);
    };
    sb.seen = Date.now();  // the last sign of the server: an answer, or a message on the page's connection
    sb.alive = () => { sb.seen = Date.now(); if (sb.down) sb.state(false); };
    sb.probe = async () => {  // Streamlit's health check, which answers without a script run
      const asked = Date.now();
      try {
        const answer = await fetch(new URL("_stcore/health", d.baseURI), {cache: "no-store", signal: AbortSignal.timeout(%(wait)d)});
        if (answer.ok) return sb.alive();
      } catch (unanswered) {}
      if (sb.seen < asked) sb.state(true);  // no sign of the server since it was asked, not even on the connection
    };
    setInterval(() => { if (d.visibilityState === "visible") sb.probe(); }, %(every)d);
    addEventListener("offline", () => sb.state(true));
    addEventListener("online", sb.probe);
    d.addEventListener("visibilitychange", () => { if (d.visibilityState === "visible") sb.probe(); });
    d.addEventListener("click", (tap) => {
      if (!sb.down || !tap.target.closest?.("button, a, label, input, [role=radio], [role=checkbox], [role=switch], [role=option]")) return;
      tap.preventDefault();
      tap.stopImmediatePropagation();
      sb.state(true, sb.said.unsent);
      sb.probe();
    }, {capture: true});
  }
  const app = d.querySelector('[data-testid="stApp"]');
  if (app && !sb.reconnecting) {  // back from a lost connection: run the page, so that it follows the game again
    sb.connection = app.dataset.testConnectionState;
    sb.reconnecting = new MutationObserver(() => {
      const now = app.dataset.testConnectionState, back = sb.connection !== "CONNECTED" && now === "CONNECTED";
      sb.connection = now;
      if (now === "CONNECTED") sb.alive();  // the server's own messages: it answers
      if (back) setTimeout(() => {
        if (app.dataset.testScriptState === "notRunning") d.dispatchEvent(new KeyboardEvent("keydown", {key: "r", code: "KeyR", bubbles: true}));
      }, 500);
    });
    sb.reconnecting.observe(app, {attributes: true, attributeFilter: ["data-test-connection-state", "data-test-script-state"]});
  }
  const tick = () => {  // a running clock's minutes, on from what the run drew (a run redraws it as it sees it)
    for (const e of d.querySelectorAll("[data-schichtbuch-played]")) {
      if (e.schichtbuchFrom !== e.dataset.schichtbuchPlayed) {
        e.schichtbuchFrom = e.dataset.schichtbuchPlayed;
        e.schichtbuchSeen = Date.now();  // the time on the phone: a sleep counts
      }
      const minutes = Math.round((+e.schichtbuchFrom + (Date.now() - e.schichtbuchSeen) / 1000) / 60);
      const text = e.dataset.schichtbuchText.replace("{minutes}", new Intl.NumberFormat(d.documentElement.lang).format(minutes));
      const node = e.firstChild;  // its text node changed in place: the page's own renderer keeps it
      if (node && node.nodeType === Node.TEXT_NODE && node.nodeValue !== text) node.nodeValue = text;
    }
  };
  if (!sb.ticking) sb.ticking = setInterval(tick, 1000);
  const tidy = () => {
    const app = d.querySelector(".stApp");
    if (app) {
      const style = getComputedStyle(app), root = d.documentElement.style;
      root.setProperty("--schichtbuch-background", style.backgroundColor);
      root.setProperty("--schichtbuch-text", style.color);
    }
    for (const table of d.querySelectorAll(".stMain table")) {  // what holds a table may scroll it sideways
      if (!table.schichtbuchSized) { table.schichtbuchSized = true; sb.sizes.observe(table); }
      for (let e = table.parentElement; e && !e.matches('[data-testid="stElementContainer"]'); e = e.parentElement) {
        const may = ["auto", "scroll"].includes(getComputedStyle(e).overflowX);
        if (may && !e.hasAttribute("tabindex")) e.setAttribute("tabindex", "0");
      }
    }
    for (const standings of d.querySelectorAll(".st-key-standings")) {  // its swipe hint while it is too wide
      const holder = standings.querySelector("table")?.parentElement;
      standings.classList.toggle("schichtbuch-scrolls", !!holder && holder.scrollWidth > holder.clientWidth + 1);
    }
  };
  if (!sb.watching) {  // again once the page has stopped changing, a table's size changed, or the theme
    const later = () => { clearTimeout(sb.later); sb.later = setTimeout(tidy, 100); };
    sb.sizes = new ResizeObserver(later);
    sb.watching = new MutationObserver(later);
    sb.watching.observe(d.body, {childList: true, subtree: true});
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", later);
  }
  tidy();
})();
</script>"""


PROBE_EVERY_MS = 5_000
"""How often a page shown asks the server whether it answers (its health check: no script run)."""
PROBE_WAIT_MS = 4_000
"""How long an answer may take before the phone says it is not connected."""


def head_script(lang: str, awake: bool, said: dict[str, str], cookie: str = "") -> str:
    """The script that sets the page's head for this run: `lang`, whether to keep the screen awake, the
    texts it puts on the page in the page's language (`lost`: the connection banner while the server does
    not answer; `unsent`: a tap made meanwhile was not sent; `skip`: Streamlit's link to skip to the
    page's content, which keyboard and screen-reader users meet first), and the cookie to set
    (`name=value;…`, none if empty)."""
    return HEAD_SCRIPT % {"colours": _js(THEME_COLOURS), "lang": _js(lang), "awake": _js(awake), "cookie": _js(cookie),
                          "said": _js(said), "every": PROBE_EVERY_MS, "wait": PROBE_WAIT_MS}


SHARE_BUTTON = """<button id="schichtbuch-share" type="button" class="schichtbuch-share">📤 %(label)s</button>
<p id="schichtbuch-shared" role="status" class="schichtbuch-shared"></p>
<script>
(() => {
  const button = document.getElementById("schichtbuch-share"), said = document.getElementById("schichtbuch-shared");
  const link = {title: %(title)s, text: %(text)s, url: %(url)s};
  button.onclick = async () => {
    if (navigator.share) {
      try { await navigator.share(link); } catch (stopped) {}
      return;
    }
    try { await navigator.clipboard.writeText(link.url); said.textContent = %(copied)s; }
    catch (refused) { said.textContent = %(by_hand)s; }
  };
})();
</script>"""


def share_button(url: str, texts: dict[str, str]) -> str:
    """The Share button for a join link: the phone's own share sheet (a messenger, a mail) where the
    browser has one, else the link copied; `texts` in the player's language: `label`, `title`, `text`
    (the message sent with the link), `copied` and `by_hand` (what the line under the button says)."""
    quoted = {k: _js(v) for k, v in texts.items()}
    return SHARE_BUTTON % (quoted | {"label": escape(texts["label"]), "url": _js(url)})


def secure(url: str | None) -> bool:
    """Whether a page opened at `url` can keep the screen awake and share: https, or this computer's own
    name (unknown: assumed so, nothing to say)."""
    if not url:
        return True
    parts = urlsplit(url)
    return parts.scheme == "https" or parts.hostname in ("localhost", "127.0.0.1", "::1")


def counting_minutes(shown: str, text: str, played: float) -> str:
    """A running clock's minutes as the header's script counts them on: `shown` now, after `played`
    seconds, and `text` with `{minutes}` for the minutes to come."""
    return f'<span data-schichtbuch-played="{played:.0f}" data-schichtbuch-text="{escape(text)}">{escape(shown)}</span>'


def _js(value: object) -> str:
    """A value as a JavaScript literal that cannot end the script it stands in."""
    return json.dumps(value).replace("</", "<\\/")
