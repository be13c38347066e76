"""The pages' forms in a real browser (Debian's Chromium through Playwright, against a
real ``euchre serve``): a form that needs the server's options (the table's, the
event's, the referee's) is shown only once they have come and its handler is on, and
says so when they do not come.

The fault behind these tests (found by CI under load): each page showed its form, then
fetched the options, and only then attached the form's submit handler. A click in that
gap submitted the form as a plain HTML form, which reloads the page with the fields in
the address and creates nothing. The tests hold the options request (Playwright's
request routing) and look at the page while it is held.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest

from _browser_fixtures import TIMEOUT_MS
from _server_process import ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route


@dataclass(frozen=True)
class FormPage:
    """A page with a form: its path, the options request it waits for, the section that
    holds the form, the element its error goes to, and how a test submits the form and
    sees that it worked."""

    path: str
    options: str
    section: str
    error: str
    submit: Callable[[Page], None]


def _create_table(page: Page) -> None:
    page.get_by_role("button", name="Create table").click()
    page.wait_for_selector("#table:not([hidden])")


def _create_event(page: Page) -> None:
    page.fill("#ev-players", "Ann\nBob\nCy\nDi")
    page.get_by_role("button", name="Create the event").click()
    page.wait_for_selector("#organiser:not([hidden])")


def _start_evening(page: Page) -> None:
    page.get_by_role("button", name="Start").click()
    page.wait_for_selector("#evening:not([hidden])")


PAGES = {
    "table": FormPage("/", "**/api/options", "#create", "#create-error", _create_table),
    "event": FormPage("/events", "**/api/events/options", "#create", "#load-error", _create_event),
    "referee": FormPage("/referee", "**/api/options", "#setup", "#setup-error", _start_evening),
}


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A page in a context of its own; a script error on it fails the test."""
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda exc: errors.append(str(exc)))
    yield opened
    context.close()
    assert not errors, errors


@pytest.mark.parametrize("name", sorted(PAGES))
def test_regression_a_form_was_shown_before_its_handler(page: Page, server: ServerProcess, name: str) -> None:
    """While the options are on their way the form is hidden (the old pages showed it at
    once: this assertion failed on them); once they come it is shown, and submitting it
    does what the page is for, with no plain-form reload (no '?' in the address)."""
    form = PAGES[name]
    held: list[Route] = []
    page.route(form.options, lambda route: held.append(route))
    page.goto(server.url + form.path)
    for _ in range(TIMEOUT_MS // 25):  # the page's module runs up to its fetch (routing hands it over)
        if held:
            break
        page.wait_for_timeout(25)
    assert len(held) == 1, f"the {name} page did not ask for its options"
    assert page.locator(form.section).is_hidden(), f"the {name} form is shown before its options came"
    held[0].continue_()
    page.wait_for_selector(f"{form.section}:not([hidden])")
    form.submit(page)
    assert "?" not in page.url, page.url


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_form_whose_options_do_not_come_says_so(page: Page, server: ServerProcess, name: str) -> None:
    """The options request fails (a 503 from the network): the page says the server did
    not answer and offers no form to submit."""
    form = PAGES[name]
    page.route(form.options, lambda route: route.fulfill(status=503, body="down"))
    page.goto(server.url + form.path)
    page.wait_for_function(f"() => document.querySelector('{form.error}').textContent.includes('did not answer')")
    assert page.locator("form button[type=submit]").filter(visible=True).count() == 0
