"""Helpers for the browser tests of the card table (``tests/test_browser*.py``): the
screenshots they leave as artifacts, the watch on a finished trick held on the table,
the page's boxes measured in the viewport, the axe-core check, and the source tags no
player should read.

Screenshots go to ``test-artifacts/screenshots/`` at the top of the repository (ignored
by git): one PNG per main state of the page, written on every run.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

SHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "screenshots"

SOURCE_TAG = re.compile(r"\b(S00\d(\s+L\d+)?|X-\d+[a-z]?)\b|#interp|RULES\.md")
"""The source tags of the rules texts (``S001``, ``S000 L123``, ``X-08``, ``X-15b``,
``#interp``, ``RULES.md``): never in what a player reads."""


def shot(page: Page, name: str, full_page: bool = False, top: bool = True) -> Path:
    """A screenshot of the page's viewport (or the whole page) as ``SHOTS/name.png``,
    scrolled to its top first unless ``top`` is false (clicks scroll the page)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    if top:
        page.evaluate("() => window.scrollTo(0, 0)")
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    return path


# ---------------------------------------------------------------------- a trick held
WATCH_HOLDS = """() => {
  window.__holds = [];
  const table = document.getElementById('table');
  const cards = () => [...document.querySelectorAll('#trick .played')].map(p => ({
    seat: p.dataset.seat, slot: p.parentElement.id, code: p.querySelector('.card').dataset.code,
    lead: p.classList.contains('lead'), winner: p.classList.contains('winner'),
    tag: (p.querySelector('.tag') || {}).textContent || '', label: p.querySelector('.card').getAttribute('aria-label')}));
  new MutationObserver(() => {
    const held = table.dataset.held === '1';
    const last = window.__holds[window.__holds.length - 1];
    if (held && (!last || last.end !== null)) {
      window.__holds.push({start: performance.now(), end: null, cards: cards(),
        seats: Object.fromEntries([...document.querySelectorAll('#felt > .seat')].filter(s => !s.hidden).map(s => [s.id, s.dataset.seat])),
        turn: document.getElementById('turn').textContent, mid: document.getElementById('upcard').textContent,
        choices: document.querySelectorAll('#choices button, #hand button.legal').length});
    } else if (!held && last && last.end === null) {
      last.end = performance.now();
      last.after = cards();
    }
  }).observe(table, {attributes: true, attributeFilter: ['data-held']});
}"""
"""Installs a watch on the page: each time it holds a finished trick (``#table``'s
``data-held``), what the table showed (``window.__holds``: the cards with their slots
and marks, the seats' boxes, the turn line, the time held, what was left after)."""


def holds(page: Page) -> list[dict[str, Any]]:
    """The tricks held so far (see :data:`WATCH_HOLDS`)."""
    found: list[dict[str, Any]] = page.evaluate("() => window.__holds || []")
    return found


# ---------------------------------------------------------------------- the viewport
RECTS = """(selectors) => Object.fromEntries(selectors.map(sel => {
  const found = [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length);
  if (!found.length) return [sel, null];
  const rs = found.map(e => e.getBoundingClientRect());
  return [sel, {top: Math.min(...rs.map(r => r.top)), bottom: Math.max(...rs.map(r => r.bottom)),
                left: Math.min(...rs.map(r => r.left)), right: Math.max(...rs.map(r => r.right)), count: rs.length}];
}))"""
"""The box around all visible elements matching each selector, in viewport pixels."""


def boxes(page: Page, *selectors: str) -> dict[str, dict[str, float] | None]:
    found: dict[str, dict[str, float] | None] = page.evaluate(RECTS, list(selectors))
    return found


def assert_in_viewport(page: Page, *selectors: str) -> dict[str, dict[str, float]]:
    """Every selector's elements are shown, wholly inside the viewport, with the page
    scrolled to its top and no sideways scrolling. Returns their boxes."""
    page.evaluate("() => window.scrollTo(0, 0)")
    size = page.viewport_size
    assert size is not None
    assert page.evaluate("() => window.scrollY") == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"], "the page scrolls sideways"
    found = boxes(page, *selectors)
    out: dict[str, dict[str, float]] = {}
    for sel, box in found.items():
        assert box is not None, f"{sel} is not shown"
        assert box["top"] >= 0 and box["left"] >= 0, (sel, box)
        assert box["bottom"] <= size["height"] and box["right"] <= size["width"], (sel, box, size)
        out[sel] = box
    return out


# ---------------------------------------------------------------------- axe-core
def axe_violations(page: Page, serious_only: bool = True) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is (the ``axe-playwright-python``
    package bundles axe-core; it is injected by Playwright, not loaded by the page):
    the serious and critical ones, or all."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    violations: list[dict[str, Any]] = results.response["violations"]
    if serious_only:
        violations = [v for v in violations if v.get("impact") in ("serious", "critical")]
    return violations


def describe_violations(violations: list[dict[str, Any]]) -> str:
    return "\n".join(f"{v['id']} ({v.get('impact')}): {v['help']} at "
                     f"{[n['target'] for n in v['nodes'][:4]]}" for v in violations)
