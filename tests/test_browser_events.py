"""The organiser's page and the public standings page in a real browser (Debian's
Chromium through Playwright, against a real ``euchre serve``, as tests/test_browser.py
runs the table page): an organiser creates a progressive evening through the form,
seats the first round, types a table's hands and lets the bots play the other table;
the standings page, opened once on another computer, shows each result as it comes
(it refreshes by itself) in large type. No page may log a script or console error (a
CSP violation would be one)."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING

from _browser_fixtures import TIMEOUT_MS
from _server_process import ServerProcess

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

def open_page(browser: Browser, problems: list[str]) -> Page:
    """A page in a context of its own (another computer), its errors collected."""
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.on("pageerror", lambda exc: problems.append(f"script error: {exc}"))
    page.on("console", lambda msg: problems.append(f"console: {msg.text}")
            if msg.type == "error" and not str(msg.location.get("url")).endswith("/favicon.ico") else None)
    return page


def test_the_organiser_runs_a_round_and_the_projector_shows_it(browser: Browser, server: ServerProcess,
                                                                 tmp_path: Path) -> None:
    """Table 1 (N Ann, E Bob, S Cy, W Di) is typed: N 3 (N-S 1), N 3 (1), E 3 (E-W 1),
    S 5 (N-S 2), W 5 alone (E-W 4), N 2 (euchred: E-W 2), E 0 (euchred: N-S 2), N 4
    (N-S 1): 7 each, a tie the organiser gives to N-S. Table 2 is the four bots'."""
    problems: list[str] = []
    organiser = open_page(browser, problems)
    organiser.goto(server.url + "/events")
    organiser.fill("#ev-title", "Friday euchre")
    organiser.fill("#ev-players", "Ann\nBob\nCy\nDi\nEd\nFlo\nGus\nHal")
    organiser.fill("#ev-bots", "Ed, Flo, Gus, Hal")
    organiser.fill("#ev-rounds", "2")
    organiser.fill("#ev-seed", "7")
    organiser.select_option("#ev-seating", "as_listed")  # table 1 sat as the names were typed
    organiser.get_by_role("button", name="Create the event").click()
    organiser.wait_for_selector("#organiser:not([hidden])")
    assert re.fullmatch(r".*/events#[A-Za-z0-9_-]{24}", organiser.url)
    assert organiser.inner_text("#title") == "Friday euchre"
    public_link = organiser.inner_text("#link-public")
    assert re.fullmatch(re.escape(server.url) + r"/standings#[A-Za-z0-9_-]+", public_link)

    projector = open_page(browser, problems)
    projector.goto(public_link)
    projector.wait_for_function("() => document.body.dataset.results === '0'")
    assert projector.inner_text("#title") == "Friday euchre"
    size = projector.evaluate("() => parseFloat(getComputedStyle(document.body).fontSize)")
    assert size >= 18  # large type for a projector
    assert projector.evaluate("() => parseFloat(getComputedStyle(document.querySelector('h1')).fontSize)") >= 36

    organiser.get_by_role("button", name="Seat the next round").click()
    organiser.wait_for_selector("article[data-key='1.1']")
    card = organiser.inner_text("article[data-key='1.1']")
    assert all(f"{seat} {name}" in card for seat, name in zip("NESW", ("Ann", "Bob", "Cy", "Di"), strict=True))
    assert "deals first" in card
    assert "Ed (bot)" in organiser.inner_text("article[data-key='1.2']")
    assert organiser.inner_text("#round-h") == "Round 1 of 2"

    organiser.get_by_label("Table 1: hands").fill("N 3; N 3; E 3; S 5; W 5 alone; N 2; E 0; N 4")
    organiser.get_by_label("Table 1: winners of a tie").select_option("NS")
    organiser.locator("article[data-key='1.1'] form").get_by_role("button", name="Enter").click()
    organiser.wait_for_function("() => document.querySelector(\"article[data-key='1.1'] .done\") !== null")
    assert organiser.inner_text("article[data-key='1.1'] .done") == \
        "Ann 7, Bob 7, Cy 7, Di 7; N-S win (tie: the organiser) (entered)"
    projector.wait_for_function("() => document.body.dataset.results === '1'")  # refreshed by itself
    assert "N-S win: N Ann 7" not in projector.inner_text("#tables")  # names as seated, then points
    assert "Ann 7, Bob 7, Cy 7, Di 7" in projector.inner_text("article[data-key='1.1']")

    organiser.get_by_role("button", name="Bots play their tables").click()
    organiser.wait_for_function("() => document.querySelector(\"article[data-key='1.2'] .done\") !== null")
    assert organiser.inner_text("article[data-key='1.2'] .done").endswith("(bots)")
    assert organiser.inner_text("#status") == "Every result is in: seat the next round."
    projector.wait_for_function("() => document.body.dataset.results === '2'")
    rows = projector.locator("#standings tbody tr").all_inner_texts()
    assert len(rows) == 8 and any(re.match(r"\d+\s+Ann\s+7\s+7", r) for r in rows)
    projector.screenshot(path=str(tmp_path / "standings.png"), full_page=True)
    organiser.screenshot(path=str(tmp_path / "organiser.png"), full_page=True)

    pdf = organiser.request.get(server.url + (organiser.get_attribute("#dl-pdf", "href") or ""))
    assert pdf.ok and pdf.body().startswith(b"%PDF")
    csv_text = organiser.request.get(server.url + (organiser.get_attribute("#dl-csv", "href") or "")).text()
    assert csv_text.startswith("rank,player,total") and ",Ann,7,7," in csv_text

    organiser.reload()  # the organiser's link brings the same event back
    organiser.wait_for_selector("article[data-key='1.2'] .done")
    assert not problems, problems


def test_a_brackets_standings_and_the_account_pages(browser: Browser, server: ServerProcess, tmp_path: Path) -> None:
    """A single elimination of four bots' teams, played by the bots through the API:
    the standings page draws its bracket with the winners and the champion first. Then a
    person signs up on the account page, opens his (private) page and the leaderboards."""
    problems: list[str] = []
    status, made = server.post_json("/api/events", {"players": list("ABCDEFGH"), "bots": "all",
                                                    "format": "single_elimination", "target": 5, "seed": 3})
    assert status == 201, made
    headers = {"x-organiser": made["organiser"]}
    for _ in range(2):  # the first round's two matches, then the final
        request = urllib.request.Request(server.url + "/api/organiser/play", data=b"{}", method="POST",
                                         headers={**headers, "content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            view = json.loads(response.read())
    assert view["is_over"]
    champion = view["standings"][0]["name"]
    page = open_page(browser, problems)
    page.goto(made["links"]["public"])  # absolute: the server has --public-url
    page.wait_for_selector("#bracket-section:not([hidden]) .match[data-match='W2.1']")
    assert page.inner_text("#round") == "Final standings"
    assert page.inner_text(".match[data-match='W2.1'] .winner").startswith(champion)
    assert page.inner_text("#standings tbody tr:first-child").split("\t")[1] == champion
    page.screenshot(path=str(tmp_path / "bracket.png"), full_page=True)

    page.goto(server.url + "/account")
    page.fill("#name", "Ann Lee")
    page.fill("#password", "a good long password")
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_selector("#in:not([hidden])")
    assert page.inner_text("#me-name") == "Ann Lee" and not page.is_checked("#public")
    page.click("#me-page")
    page.wait_for_selector("#summary:not([hidden])")
    assert page.inner_text("#title") == "Ann Lee" and "No finished game yet." in page.inner_text("#games")
    stranger = open_page(browser, problems)
    stranger.goto(page.url)
    stranger.wait_for_function("() => document.getElementById('error').textContent !== ''")
    assert "private" in stranger.inner_text("#error") and stranger.locator("#summary").is_hidden()
    page.goto(server.url + "/leaderboard")
    page.wait_for_function("() => document.getElementById('board').textContent !== ''")
    assert "Nobody is rated" in page.inner_text("#board")
    page.goto(server.url + "/account")  # change the password, then delete the account
    page.wait_for_selector("#in:not([hidden])")
    page.click("text=Change your password")
    page.fill("#current", "a good long password")
    page.fill("#new", "a better longer password")
    page.get_by_role("button", name="Change the password").click()
    page.wait_for_function("() => document.getElementById('password-done').textContent === 'Changed.'")
    page.click("text=Delete your account")
    page.fill("#delete-password", "a good long password")  # the old one: refused
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Delete my account").click()
    page.wait_for_function("() => document.getElementById('error').textContent !== ''")
    assert "not this account's password" in page.inner_text("#error") and page.is_visible("#in")
    page.fill("#delete-password", "a better longer password")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Delete my account").click()
    page.wait_for_selector("#out:not([hidden])")
    assert page.inner_text("#notice") == "Your account was deleted." and page.input_value("#name") == ""
    status, _ = server.post_json("/api/login", {"name": "Ann Lee", "password": "a better longer password"})
    assert status == 401
    # the stranger's page load logged its 404 in the console, the refused deletion its 401: expected
    unexpected = [p for p in problems if "404" not in p and "401" not in p]
    assert not unexpected, unexpected


def test_an_evening_of_twenty_players_on_five_tables_in_the_browser(browser: Browser, server: ServerProcess,
                                                                     tmp_path: Path) -> None:
    """Fourteen names (six of them bots) on five tables through the organiser's form:
    "Bot 1" to "Bot 6" fill the seats. Round 1: table 1 typed; the open tables played
    online: a person opens table 2's North link, sees his table's names and leaves; the
    organiser starts it (bots in the empty seats, one standing in for him after the
    grace); the bots' tables 3-5 play at once. Every result comes to the organiser's page
    and the projector by itself. Round 2: bots play every table; the projector ends with
    twenty players."""
    problems: list[str] = []
    people = [f"P{i:02d}" for i in range(1, 15)]
    organiser = open_page(browser, problems)
    organiser.goto(server.url + "/events")
    organiser.fill("#ev-title", "Club night")
    organiser.fill("#ev-players", "\n".join(people))
    organiser.fill("#ev-bots", ", ".join(people[8:]))
    organiser.fill("#ev-tables", "5")
    organiser.fill("#ev-rounds", "2")
    organiser.fill("#ev-seed", "5")
    organiser.select_option("#ev-seating", "as_listed")  # the people at tables 1 and 2
    organiser.select_option("#ev-hints", "off")
    organiser.select_option("#ev-timer", "60")
    organiser.get_by_role("button", name="Create the event").click()
    organiser.wait_for_selector("#organiser:not([hidden])")
    assert organiser.inner_text("#rules").endswith("Online tables: hints off, 60 seconds a move.")
    projector = open_page(browser, problems)
    projector.goto(organiser.inner_text("#link-public"))
    projector.wait_for_function("() => document.body.dataset.results === '0'")

    organiser.get_by_role("button", name="Seat the next round").click()
    organiser.wait_for_selector("article[data-key='1.5']")
    cards = [organiser.inner_text(f"article[data-key='1.{t}']") for t in range(1, 6)]
    seated = re.findall(r"\b(P\d\d|Bot \d)\b", "\n".join(cards))
    assert sorted(seated) == sorted([*people, *(f"Bot {i}" for i in range(1, 7))]) and len(seated) == 20
    organiser.get_by_label("Table 1: hands").fill("N 3; N 3; E 3; S 5; W 5 alone; N 2; E 0; N 4")
    organiser.get_by_label("Table 1: winners of a tie").select_option("NS")
    organiser.locator("article[data-key='1.1'] form").get_by_role("button", name="Enter").click()
    organiser.wait_for_function("() => document.querySelector(\"article[data-key='1.1'] .done\") !== null")

    organiser.get_by_role("button", name="Play the open tables online").click()
    organiser.wait_for_selector("article[data-key='1.2'] .links a")
    north_link = organiser.locator("article[data-key='1.2'] .links a").first.get_attribute("href") or ""
    assert "/play#" in north_link
    person = open_page(browser, problems)
    person.goto(north_link)
    names = re.findall(r"\bP0[5-8]\b", cards[1])
    person.wait_for_function("(names) => names.every((n) => document.body.innerText.includes(n))", arg=names)
    # the organiser's settings: hints off, a minute a move, and nobody seated may change them
    rules = person.locator("#rules-words").text_content() or ""
    assert "Hints are off" in rules and "The event's organiser set the timer and hints" in rules
    assert person.locator("#host-settings").is_hidden()
    person.context.close()  # he leaves: after the grace a bot stands in for him
    organiser.get_by_role("button", name="Start now (bots in the empty seats)").click()
    organiser.wait_for_function("() => document.getElementById('status').textContent"
                                " === 'Every result is in: seat the next round.'", timeout=90_000)
    sources = [organiser.inner_text(f"article[data-key='1.{t}'] .done").rsplit("(", 1)[1] for t in range(1, 6)]
    assert sources == ["entered)", "online)", "online)", "online)", "online)"]
    projector.wait_for_function("() => document.body.dataset.results === '5'")

    organiser.get_by_role("button", name="Seat the next round").click()
    organiser.wait_for_selector("article[data-key='2.5']")
    organiser.get_by_role("button", name="Bots play every open table").click()
    organiser.wait_for_function("() => document.getElementById('status').textContent === 'The event is over.'")
    projector.wait_for_function("() => document.body.dataset.results === '10'")
    rows = projector.locator("#standings tbody tr").all_inner_texts()
    assert len(rows) == 20
    projector.screenshot(path=str(tmp_path / "twenty-standings.png"), full_page=True)
    # Regression (a tester's screenshots): on a phone the event's pages scrolled sideways (the long rules
    # list, the links, the standings' table); now nothing is wider than the screen.
    phone = browser.new_context(viewport={"width": 390, "height": 844})
    phone.set_default_timeout(TIMEOUT_MS)
    for url, ready in ((organiser.url, "article[data-key='2.5'] .done"), (projector.url, "#standings tbody tr")):
        small = phone.new_page()
        small.goto(url)
        small.wait_for_selector(ready)
        assert small.evaluate("() => document.documentElement.scrollWidth") <= 390, url
    small = phone.new_page()
    small.goto(server.url + "/events")
    small.wait_for_selector("#ev-preset option", state="attached")
    assert small.evaluate("() => document.documentElement.scrollWidth") <= 390
    phone.close()
    # the person's page logged nothing wrong; the projector and the organiser neither
    assert not problems, problems
