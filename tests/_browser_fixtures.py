"""The fixtures of the browser tests (``tests/test_browser*.py``), made available to every
test module by ``tests/conftest.py``: ``browser``, Debian's headless Chromium through
Playwright (one per module), and ``server``, a fresh ``euchre serve`` process per test.

Without Chromium or Playwright the browser tests are skipped with what to install, or
fail when ``EUCHRE_REQUIRE_SYSTEM_TESTS=1`` (as in CI). Not a test module.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from _server_process import ServerProcess, serving

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 20_000
"""The longest a page may take to show an expected state."""


def _missing(why: str) -> None:
    message = (f"{why}. Install Chromium with `apt-get install chromium` (Debian; or point EUCHRE_TEST_CHROMIUM "
               "at a Chromium binary) and Playwright with `pip install -e '.[test]'`; Playwright's own "
               "browser download is not needed.")
    if os.environ.get("EUCHRE_REQUIRE_SYSTEM_TESTS") == "1":
        pytest.fail(f"EUCHRE_REQUIRE_SYSTEM_TESTS=1 but {message}", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium (the system's), for one module's tests."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright package is not installed")
    path = os.environ.get("EUCHRE_TEST_CHROMIUM") or "/usr/bin/chromium"
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        _missing(f"no Chromium at {path}")
    with sync_playwright() as pw:
        # Without the background-networking flags Chromium keeps calling home on a closed network.
        launched = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS, timeout=60_000)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A fresh ``euchre serve`` (bots move at once; 10 s grace for an absent player)."""
    with serving(tmp_path, delay=0.0, grace=10.0) as started:
        yield started
