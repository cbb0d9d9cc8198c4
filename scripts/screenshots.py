"""Screenshots of the main screens, at phone (360x640), tablet (768x1024) and desktop (1280x800)
sizes, in English and Russian, written to docs/screenshots/<size>-<language>-<screen>.png.

Usage (from the repository's root)::

    python3 scripts/screenshots.py                 # builds the site into a temporary folder
    python3 scripts/screenshots.py --dist dist     # or shoots a site already built there
    python3 scripts/screenshots.py --only phone    # one size ("phone", "tablet" or "desktop")
    python3 scripts/screenshots.py --lang ru       # one language ("en" or "ru")
    python3 scripts/screenshots.py --screen tablic --out /tmp/shots  # one screen, elsewhere

With Pillow installed (``pip install pillow``; not needed by anything else), each picture is
reduced to a 128-colour palette, which makes it about a tenth of the size; without it the PNGs
are written as Chromium makes them.

The site is built and served as the browser tests do it (tests/browser_env.py: build.py, its
SiteHandler on 127.0.0.1, Debian's Chromium when installed, else Playwright's own). Each screen
is a fixed deal (``seed``) with the computer's moves shown at once (``delay=0``), so that the
pictures change only when the page does. The window's height is what is shot, not the whole
page: it is what a player sees first.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from tests.browser_env import build_module, launch_options, serve  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"phone": {"width": 360, "height": 640}, "tablet": {"width": 768, "height": 1024},
         "desktop": {"width": 1280, "height": 800}}
LANGUAGES = ("en", "ru")
READY_MS = 60_000
# The page waits for the player: engine ready, nothing in progress, the player's turn or an end.
SETTLED = """() => { const d = document.getElementById("app").dataset;
  return d.ready === "1" && d.busy === "0" && (d.phase !== "play" || d.turn === d.seat); }"""
JACK_SETTLED = """() => { const d = document.getElementById("app").dataset;
  return d.ready === "1" && d.busy === "0"; }"""
LARGE_FOUR = {"largeCards": True, "fourColour": True}


def wait_ready(page: Page) -> None:
    page.wait_for_selector("body:not([data-engine=loading])", state="attached", timeout=READY_MS)
    if page.evaluate("document.body.dataset.engine") != "ready":
        raise SystemExit(f"the engine did not load: {page.text_content('#load-error-message')}")


MENU_BUTTON = "#app .game-menu [data-action=menu]"


def open_toolbar_item(page: Page, action: str) -> None:
    """Chooses an item of the top bar's menu (web/shell/menu.js), opening the menu first."""
    menu(page)
    page.locator(f"#app .game-menu [data-action={action}]").click()


def menu(page: Page) -> None:
    """The top bar's menu, open."""
    button = page.locator(MENU_BUTTON)
    if button.get_attribute("aria-expanded") != "true":
        button.click()


def rules(page: Page) -> None:
    open_toolbar_item(page, "rules")
    page.locator("dialog[data-dialog=rules]").wait_for(state="visible")


def display(page: Page) -> None:
    open_toolbar_item(page, "display")
    page.locator("dialog[data-dialog=display]").wait_for(state="visible")


def records(page: Page) -> None:
    """The records dialog (save a record, or load one from a file or pasted text)."""
    open_toolbar_item(page, "load-record")
    page.locator("dialog[data-dialog=records]").wait_for(state="visible")


JACK = "?game=california_jack&seed=3&delay=0&level=beginner"
# Pishti's pile early in the round: the top card, the face-down starters and the stock's bottom.
PISHTI = "?game=pishti&seed=3&delay=0&level=beginner"
# Tablić on seed 188: three cards laid down crowd the table to nine cards.
TABLIC = "?game=tablic&seed=188&delay=0&level=beginner"


def tablic_choosing(page: Page) -> None:
    """Lays down the first card three times (Lay down, T), then opens the choice of the hand
    card with the most moves and presses one table card it can take."""
    for _ in range(3):
        page.wait_for_function(SETTLED, timeout=READY_MS)
        hand = page.locator(".scopa-hand-cards button").count()
        page.locator("[data-action=lay-down]").click()
        page.locator(".scopa-hand-cards button[data-legal=true]").first.click()
        # The card is gone from the hand (the computer's answer follows).
        page.wait_for_function(f"document.querySelectorAll('.scopa-hand-cards button')"
                               f".length < {hand}", timeout=READY_MS)
    page.wait_for_function(SETTLED, timeout=READY_MS)
    moves = page.locator(".scopa-hand-cards button").evaluate_all(
        "(bs) => bs.map((b) => [Number(b.dataset.moves), b.dataset.card])")
    card = max(moves)[1]
    page.locator(f".scopa-hand-cards button[data-card='{card}']").click()
    page.locator(".tablic-pick:not([aria-disabled=true])").first.click()


def jack_hint(page: Page) -> None:
    """The hint open: its advice and reasons name the card in words (a phone's play-test)."""
    page.locator("[data-action=hint]").click()
    page.locator(".jack-hint li").first.wait_for(state="visible")


def jack_after_trick(page: Page) -> None:
    """One trick played (the first legal card, against the computer's lead): the last trick's
    line, its draws in words, and the card the opponent saw drawn."""
    page.locator(".jack-hand-cards button[data-legal=true]").first.click()
    page.wait_for_function("""() => { const d = document.getElementById("app").dataset;
      return d.ready === "1" && d.busy === "0" && d.flash === "0" && d.thinking === "0"
        && document.querySelector(".last-trick[data-last-trick]:not([data-last-trick=''])"); }""",
                           timeout=READY_MS)


# name: (address, display options or None, what to do once settled, sizes it is shot at).
SCREENS: dict[str, tuple[str, dict[str, bool] | None, Callable[[Page], None] | None,
                         tuple[str, ...]]] = {
    "new-game": ("", None, None, ("phone", "tablet", "desktop")),
    "table": ("?seed=7&delay=0", None, None, ("phone", "tablet", "desktop")),
    "table-4-players": ("?variant=classic&players=4&seats=hccc&seed=7&delay=0", None, None,
                        ("phone", "desktop")),
    "table-large-four-colour": ("?seed=11&delay=0", LARGE_FOUR, None, ("phone",)),
    "menu": ("?seed=7&delay=0", None, menu, ("phone",)),
    "rules": ("?seed=7&delay=0", None, rules, ("phone",)),
    "display-dialog": ("?seed=7&delay=0", LARGE_FOUR, display, ("phone",)),
    "records": ("?seed=7&delay=0", None, records, ("phone", "desktop")),
    "california-jack": (JACK, None, None, ("phone", "tablet", "desktop")),
    "california-jack-hint": (JACK, None, jack_hint, ("phone",)),
    "california-jack-trick": (JACK, None, jack_after_trick, ("phone",)),
    "pishti": (PISHTI, None, None, ("phone", "desktop")),
    "tablic": (TABLIC, None, tablic_choosing, ("phone", "desktop")),
}


def small_png(png: bytes) -> bytes:
    """``png`` on a 128-colour palette when Pillow is there, else as it is."""
    if importlib.util.find_spec("PIL") is None:
        return png
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    palette = image.quantize(colors=128, method=Image.Quantize.FASTOCTREE,
                             dither=Image.Dither.NONE)
    out = io.BytesIO()
    palette.save(out, format="PNG", optimize=True)
    return out.getvalue()


def shoot(page_for: Callable[[dict[str, bool] | None], Page], site: str, size: str,
          lang: str, out: Path = OUT, only: str | None = None) -> list[Path]:
    written = []
    for name, (query, options, then, sizes) in SCREENS.items():
        if size not in sizes or only not in (None, name):
            continue
        page = page_for(options)
        page.goto(site + query + ("&" if query else "?") + f"lang={lang}")
        wait_ready(page)
        if name == "new-game":
            page.locator("dialog[data-dialog=new-game]").wait_for(state="visible")
        else:
            page.wait_for_function(JACK_SETTLED if "game=" in query else SETTLED,
                                   timeout=READY_MS)
        if then:
            then(page)
        page.wait_for_timeout(300)  # let transitions end
        path = out / f"{size}-{lang}-{name}.png"
        path.write_bytes(small_png(page.screenshot(animations="disabled", caret="hide")))
        page.context.close()
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, help="a site already built (default: build one)")
    parser.add_argument("--only", choices=sorted(SIZES), help="one size only")
    parser.add_argument("--lang", choices=LANGUAGES, help="one language only")
    parser.add_argument("--screen", choices=sorted(SCREENS), help="one screen only")
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT})")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        dist = args.dist
        if dist is None:
            dist = Path(tmp) / "dist"
            build_module.main(["--out", str(dist)])
        server = serve(dist.resolve(), "/")
        site = next(server)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(**launch_options("chromium"))
                for size in [args.only] if args.only else list(SIZES):
                    def page_for(options: dict[str, bool] | None, size: str = size) -> Page:
                        # A fresh context each time: nothing saved, so "" opens the new-game
                        # screen and each address deals its own game.
                        # The page's policy refuses eval, which wait_for_function's
                        # predicates use: bypass it, as the browser tests do (conftest.py).
                        context = browser.new_context(viewport=SIZES[size],
                                                      service_workers="block",
                                                      bypass_csp=True)
                        if options is not None:
                            value = json.dumps(json.dumps(options))
                            context.add_init_script(
                                f"localStorage.setItem('cassino.display', {value})")
                        return context.new_page()
                    for lang in [args.lang] if args.lang else list(LANGUAGES):
                        for path in shoot(page_for, site, size, lang, args.out, args.screen):
                            print(f"{path}  {path.stat().st_size // 1024} KB")
                browser.close()
        finally:
            server.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
