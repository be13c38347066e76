"""Issue 34, the tester's second round on the page ("the phone page shows the game first",
"every table speaks its own language"), in Chromium at 390x844 and 1280x800, each
measure with a positive control (the page spoiled on purpose, or the check shown a text
it must flag):

- the game-over box, with the last hand's whole result, lies inside the window and is
  covered by nothing at five and six seats on a phone (its middle column is 165 px wide:
  the first line was clipped and "Replay this game" hidden under a seat);
- a hand ended by a revoke claim upheld in its first trick is told as such (it read
  "Everyone passed: no points."), with the claim's trick and points, and the points in
  all; the result box is opaque; the finished hand is listed once, not also as "Last hand";
- running text names a bot by its seat only ("Player 3", never "Player 3 (beginner
  bot)"), the level being on its seat;
- Hint and Undo look like buttons on a phone (not empty text fields), Undo with a caption;
- the rules in plain words say "the first player" where every player plays for himself,
  and list the house rules not played so that "Ace, no face" reads as one;
- no page asks for /favicon.ico (a 404 on every load);
- the replay shows its own score at its step, the live score bar scrolled away with the
  page;
- at five seats on a phone a seat's name keeps one line beside the dealer's D.

Screenshots in ``test-artifacts/screenshots/result-*.png``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from _browser_table import shot
from _server_process import ServerProcess, serving
from euchre.core.presets import preset
from test_browser import Pages
from test_browser_felt import SIZES, WAIT, click_one_at_random, game_now, headline, open_table, shown_in_view, spoil, state, unspoil
from test_table_words import faults

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


@pytest.fixture(scope="module")
def result_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One ``euchre serve`` for the module (bots move at once)."""
    with serving(tmp_path_factory.mktemp("result"), delay=0.0, grace=30.0) as started:
        yield started


@pytest.fixture
def pages(browser: Browser, result_server: ServerProcess) -> Iterator[Pages]:
    opened = Pages(browser)
    yield opened
    for context in opened.contexts:
        context.close()
    assert not opened.problems, opened.problems


# ---------------------------------------------------------------------- the measures
UNCOVERED = """(sel) => { const e = document.querySelector(sel);
  if (!e || !e.getClientRects().length) return {shown: false};
  const r = e.getBoundingClientRect();
  // Five points (the middle, and each corner 12 px in, inside a rounded corner): each must hit the element itself.
  const d = Math.min(12, r.width / 4, r.height / 4);
  const points = [[(r.left + r.right) / 2, (r.top + r.bottom) / 2], [r.left + d, r.top + d], [r.right - d, r.top + d],
                  [r.left + d, r.bottom - d], [r.right - d, r.bottom - d]];
  const inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const hit = points.every(([x, y]) => { const h = document.elementFromPoint(x, y); return h !== null && e.contains(h); });
  const clipped = e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1;
  return {shown: true, inside: inside, uncovered: hit, clipped: clipped, text: e.innerText};
}"""


def seen_whole(page: Page, selector: str) -> bool:
    """True when ``selector``'s element lies wholly inside the window, nothing lies over
    it (the middle and the four corners of its box hit it), and its content is not cut
    (it does not scroll inside itself)."""
    found: dict[str, Any] = page.evaluate(UNCOVERED, selector)
    return bool(found["shown"] and found["inside"] and found["uncovered"] and not found["clipped"])


BOT_LEVEL = re.compile(r"\((?:random|careless|beginner|intermediate|advanced|expert)? ?bot\)")
"""A bot's level in parentheses after its name: only on its seat, never in running text."""

RUNNING_TEXT = ("#turn", "#over-banner", "#hand-result", "#calls", "#previous", "#records", "#history", "#replay")


def levels_in_running_text(page: Page) -> list[str]:
    """The texts of the page's running text (the turn, the results, the lists, the
    replay) that name a bot with its level."""
    found: list[str] = page.evaluate(
        "(sels) => sels.map(s => document.querySelector(s)).filter(Boolean).map(e => e.textContent)", list(RUNNING_TEXT))
    return [t for t in found if BOT_LEVEL.search(t)]


def alpha(page: Page, selector: str) -> float:
    """The alpha of the computed background colour of ``selector`` (1: opaque)."""
    colour: str = page.eval_on_selector(selector, "e => getComputedStyle(e).backgroundColor")
    parts = re.findall(r"[\d.]+", colour)
    return float(parts[3]) if len(parts) == 4 else 1.0


def next_hand(page: Page) -> None:
    page.locator("#result-next").click()
    page.wait_for_function("() => document.getElementById('table').dataset.result !== '1'")


def expected_game_over(table: Any, score: list[int], winner: int) -> str:
    """The game's result as the page words it, from the stored game: two sides "North and
    South win 10 to 7." / "Player 1 wins 2 to 0."; more, the winner with his points and
    then every other player by name with his score, highest first."""
    titles = table.titles
    name = [titles[team[0]] if len(team) == 1 else " and ".join(titles[s] for s in team) for team in table.teams]
    if len(score) == 2:
        return f"{name[winner]} {'wins' if len(table.teams[winner]) == 1 else 'win'} {score[winner]} to {score[1 - winner]}."
    rest = sorted((i for i in range(len(score)) if i != winner), key=lambda i: -score[i])
    points = f"{score[winner]} point" + ("" if score[winner] == 1 else "s")
    return f"{name[winner]} wins with {points}. " + ", ".join(f"{name[i]}: {score[i]}" for i in rest) + "."


# ---------------------------------------------------------------------- game over at every shape
@pytest.mark.parametrize(("preset_name", "size"), [("call-ace-5", "phone"), ("call-ace-6", "phone"),
                                                    ("modern-standard", "phone"), ("call-ace-6", "desktop")])
def test_regression_the_game_over_box_overflowed_the_middle_of_a_phones_felt(
        pages: Pages, result_server: ServerProcess, preset_name: str, size: str) -> None:
    """At game over the box with the game's result, the hand that ended it in full and
    the buttons lies inside the window, covered by nothing, its text not cut; its words
    name every player with his score, and no bot with its level (issue 34: at five seats
    on a phone the first line was clipped and "Replay this game" lay under a seat)."""
    seat = "N" if preset_name == "modern-standard" else "1"
    me, table = open_table(pages, result_server, size, preset_name, seat, seed=8, target=2, bots="beginner")
    page = me.page
    rng = random.Random(4)
    for _ in range(900):
        shown = state(page)
        if shown["status"] == "over":
            break
        if shown["result"]:
            next_hand(page)
            continue
        if shown["turn"] != seat:
            page.wait_for_function(WAIT, arg=shown["seq"])
            continue
        me.pace.wait()
        cards = page.locator("#hand button.card.legal")
        calls = page.locator("#choices button.call")
        if not click_one_at_random(page, rng, cards, calls, shown["seq"]):
            continue
        page.wait_for_function(WAIT, arg=shown["seq"])
    assert state(page)["status"] == "over"
    game = game_now(result_server, table)
    assert game.result is not None and game.result.winner is not None
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, f"result-over-{preset_name}-{size}")

    for part in ("#over-banner", "#over-result", "#over-hand", "#replay-open", "#rematch"):
        assert seen_whole(page, part), (part, page.evaluate(UNCOVERED, part))
    assert page.inner_text("#over-result") == expected_game_over(game.table, list(game.result.score), game.result.winner)
    last = game.finished_hands[-1]
    over_hand = page.inner_text("#over-hand")
    lines = [line for line in over_hand.splitlines() if line]
    assert lines[:2] == [f"Last hand (hand {len(game.finished_hands)})", headline(last)], over_hand
    if last.maker != -1:
        assert f"Maker: {last.table.titles[last.maker]}," in over_hand  # the whole result, not its headline only
    assert levels_in_running_text(page) == [], levels_in_running_text(page)
    assert "bot" in page.inner_text("#felt .seat:not(.me) .meta")  # the level is said, on the seat
    # The finished hand is listed once, under its number.
    assert page.inner_text("#calls-h") == f"Hand {len(game.finished_hands)}: calls and tricks"
    assert page.locator("#prev-panel").is_hidden()

    # Positive controls: the box squeezed into the middle column, its end cut off, is
    # seen; a level put into running text is seen.
    spoil(page, "#over-banner", grid_column="2", max_height="7rem", overflow="hidden")
    assert not seen_whole(page, "#over-banner") and not seen_whole(page, "#replay-open")
    unspoil(page)
    assert seen_whole(page, "#replay-open")
    page.evaluate("() => document.getElementById('calls').append(document.createTextNode('Player 3 (beginner bot)'))")
    assert levels_in_running_text(page)


# ---------------------------------------------------------------------- a claim in the first trick
TRICK_ONE_SEED = 11
"""modern-tournament with the house rule "revokes", careless bots, North playing as
:func:`north_plays` does: in hand 1 a bot revokes in the first trick before North's
turn, North claims at his turn, the claim is upheld and ends the hand before any trick
is finished (found by playing the same seeds with the same bots in Python; the test
checks that it happened from the stored game)."""


def north_plays(page: Page) -> None:
    """North's move, the same every time: "Renege!" when offered; else a pass; else the
    first card of his hand that follows suit (or the first legal card, or call)."""
    claim = page.locator("#choices button.call", has_text="Renege!")
    passing = page.locator("#choices button.call[data-action='pass']")
    following = page.locator("#hand button.card.legal:not(.revoke)")
    for choice in (claim, passing, following, page.locator("#hand button.card.legal"), page.locator("#choices button.call")):
        if choice.count():
            choice.first.click()
            return
    raise AssertionError("North's page offers nothing")


@pytest.mark.parametrize("size", SIZES)
def test_regression_a_claim_upheld_in_the_first_trick_was_headlined_everyone_passed(
        pages: Pages, result_server: ServerProcess, size: str) -> None:
    """A revoke claimed by North during the first trick and upheld ends the hand (X-29,
    X-30) with no trick finished: its result says so (it read "Everyone passed: no
    points." and had no tricks line), the claim says when it came and its points (2 to
    North–South, the side that did not revoke), and the points in all; the box is opaque;
    the hand is listed once. Hint and Undo, at North's first turn, look like buttons."""
    me, table = open_table(pages, result_server, size, "modern-tournament", "N", seed=TRICK_ONE_SEED, target=10,
                           bots="careless", house_rules={"revokes": True})
    page = me.page
    buttons_seen = False
    for _ in range(200):
        shown = state(page)
        assert shown["status"] == "playing"
        if shown["result"]:
            break
        if shown["turn"] != "N" or page.evaluate("() => document.getElementById('table').dataset.auto === '1'"):
            page.wait_for_function(WAIT, arg=shown["seq"])
            continue
        if not buttons_seen:
            check_hint_and_undo_look_like_buttons(page, size)
            buttons_seen = True
        me.pace.wait()
        north_plays(page)
        page.wait_for_function(WAIT, arg=shown["seq"])
    assert buttons_seen
    ended = game_now(result_server, table).finished_hands[0]
    assert ended.result is not None and ended.result.revokes and not ended.tricks, "the seed no longer gives the case"
    revoker = ended.table.team[ended.result.revokes[0].seat]
    assert revoker == 1  # a bot of East–West revoked; North–South claimed
    assert page.inner_text("#hand-result .result-headline") == "Renege: the hand ends at the claim; the play scores nothing."
    assert headline(ended) == page.inner_text("#hand-result .result-headline")
    lines = page.locator("#hand-result .result-line").all_inner_texts()
    assert "No trick was finished." in lines, lines
    claim = [t for t in lines if t.startswith("North, during trick 1: Renege! Upheld. ")]
    assert len(claim) == 1 and claim[0].endswith(" Penalty: N–S +2."), lines
    assert lines[-1] == "In all: N–S +2.", lines
    assert page.inner_text("#turn") == ("Hand 1 is over: Renege: the hand ends at the claim; the play scores nothing. "
                                        "In all: N–S +2. Press Next hand to go on.")
    page.evaluate("() => window.scrollTo(0, 0)")
    assert seen_whole(page, "#hand-result"), page.evaluate(UNCOVERED, "#hand-result")
    assert "E-W" not in page.inner_text("#table") and "N-S" not in page.inner_text("#table")  # one way to write a side
    shot(page, f"result-claim-in-trick-1-{size}")

    # Opaque: nothing of the seats beneath shows through (a positive control: half see-through is seen).
    assert alpha(page, "#hand-result") == 1.0
    spoil(page, "#hand-result", background_color="rgba(255, 253, 247, 0.5)")
    assert alpha(page, "#hand-result") < 1.0
    unspoil(page)

    # The finished hand is listed once: under its number, and "Last hand" is not shown
    # (it would show the same hand) ...
    assert page.inner_text("#calls-h") == "Hand 1: calls and tricks"
    assert "North, during trick 1: Renege!" in page.inner_text("#calls")
    assert page.locator("#prev-panel").is_hidden()
    assert levels_in_running_text(page) == []
    # ... and once the next hand is shown, "This hand" and "Last hand" are two hands.
    next_hand(page)
    assert page.inner_text("#calls-h") == "This hand: calls and tricks"
    assert page.locator("#prev-panel").is_visible()
    assert page.inner_text("#previous").startswith("Hand 1: Renege: the hand ends at the claim")


BUTTON_LOOK = """(sel) => { const e = document.querySelector(sel); if (!e) return null; const s = getComputedStyle(e);
  const short = e.querySelector('.short-words');
  return {background: s.backgroundColor, align: s.textAlign,
          caption: short && getComputedStyle(short).display !== 'none' ? short.textContent : null}; }"""


def looks_like_a_button(page: Page, selector: str) -> bool:
    """True when the button is not dressed as an empty text field: a background other
    than white (a field's), its words centred on a phone."""
    found: dict[str, Any] | None = page.evaluate(BUTTON_LOOK, selector)
    assert found is not None, selector
    return found["background"] not in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)")


def check_hint_and_undo_look_like_buttons(page: Page, size: str) -> None:
    for sel in ("#hint-button", "#undo-button"):
        assert looks_like_a_button(page, sel), (sel, page.evaluate(BUTTON_LOOK, sel))
        if size == "phone":
            assert page.evaluate(BUTTON_LOOK, sel)["align"] == "center"
    undo = page.evaluate(BUTTON_LOOK, "#undo-button")
    if size == "phone":
        assert undo["caption"] == "nothing yet", undo  # the long words hidden, a short caption said
    else:
        assert undo["caption"] is None and page.locator("#undo-button .words").is_visible()
    shot(page, f"result-hint-undo-{size}")
    spoil(page, "#hint-button", background_color="#fff")  # positive control: a white field is seen
    assert not looks_like_a_button(page, "#hint-button")
    unspoil(page)


# ---------------------------------------------------------------------- the rules in plain words
@pytest.mark.parametrize("preset_name", ["two-handed", "cutthroat-3", "call-ace-6", "modern-standard"])
def test_regression_the_rules_in_words_said_the_first_side_where_each_plays_for_himself(
        pages: Pages, result_server: ServerProcess, preset_name: str) -> None:
    """"The rules in plain words" on the page say "The first player to N points" where
    every player plays for himself, "The first side" at the partnership table, and fit
    the table by test_table_words' checker; the house rules not played are listed so
    that each reads as one ("Ace, no face" read as two)."""
    seat = "N" if preset_name == "modern-standard" else "1"
    me, _ = open_table(pages, result_server, "desktop", preset_name, seat, seed=2, target=5, bots="random")
    page = me.page
    page.wait_for_function("() => document.getElementById('rules-words').textContent.includes('Not played')")
    items = page.locator("#rules-words li").all_inner_texts()
    rules = preset(preset_name)
    who = "side" if preset_name == "modern-standard" else "player"
    target = [t for t in items if "points wins the game" in t]
    own = "." if rules.game_target == 5 else f" (this table's choice; these rules' own game is to {rules.game_target})."
    assert target == [f"The first {who} to 5 points wins the game{own}"], items
    assert faults(" ".join(items), rules) == [], faults(" ".join(items), rules)
    assert faults("The first side to 5 points wins the game.", preset("cutthroat-3"))  # positive control
    titles = {r["title"] for r in json.loads(result_server.get("/api/options")[1])["house_rules"]}
    not_played = next(t for t in items if t.startswith("Not played at this table: "))
    named = not_played.removeprefix("Not played at this table: ").removesuffix(".").split("; ")
    assert set(named) <= titles and "Ace, no face" in named, named
    assert not set(not_played.removesuffix(".").split(", ")) <= titles  # positive control: commas would not do


# ---------------------------------------------------------------------- no favicon.ico asked
def favicon_asks(server: ServerProcess) -> int:
    """How often the server was asked for /favicon.ico (its access log)."""
    return server.log().count("GET /favicon.ico ")


@pytest.mark.parametrize("path", ["/", "/events", "/referee", "/account", "/leaderboard"])
def test_regression_every_page_load_asked_for_favicon_ico(pages: Pages, result_server: ServerProcess, path: str) -> None:
    """No page makes the browser ask for /favicon.ico (a 404 on every load): each names
    its icon. Counted in the server's access log (Playwright does not report the
    browser's own favicon requests); a positive control asks for it and is counted."""
    page = pages()
    before = favicon_asks(result_server)
    page.goto(result_server.url + path)
    page.wait_for_load_state("load")
    page.wait_for_timeout(700)
    assert favicon_asks(result_server) == before
    page.evaluate("() => fetch('/favicon.ico').catch(() => null)")
    for _ in range(50):
        if favicon_asks(result_server) > before:
            break
        page.wait_for_timeout(100)
    assert favicon_asks(result_server) == before + 1, "the count did not see a request for /favicon.ico"


# ---------------------------------------------------------------------- the replay's own score
def test_the_replay_shows_its_own_score_and_the_live_bar_scrolls_away(pages: Pages, result_server: ServerProcess) -> None:
    """On a phone, after a game to 2, the replay's score at its step is in the window
    (0 to 0 at the first deal, the final score at the end), and the live score bar (the
    final score) is no longer over it: it scrolled away with the page. A positive control
    keeps the bar on the window's top and sees it cover the replay."""
    me, table = open_table(pages, result_server, "phone", "modern-standard", "N", seed=9, target=2, bots="random")
    page = me.page
    rng = random.Random(2)
    for _ in range(600):
        shown = state(page)
        if shown["status"] == "over":
            break
        if shown["result"]:
            next_hand(page)
            continue
        if shown["turn"] != "N":
            page.wait_for_function(WAIT, arg=shown["seq"])
            continue
        me.pace.wait()
        cards = page.locator("#hand button.card.legal")
        calls = page.locator("#choices button.call")
        if not click_one_at_random(page, rng, cards, calls, shown["seq"]):
            continue
        page.wait_for_function(WAIT, arg=shown["seq"])
    game = game_now(result_server, table)
    assert game.is_over
    page.get_by_role("button", name="Replay this game").click()
    page.wait_for_function("() => document.getElementById('replay-where').textContent.includes('the deal')")
    page.wait_for_timeout(200)  # the observer's word comes a frame later
    for _ in range(3):
        page.locator("#replay-forward").click()
    layout = """() => { const b = document.getElementById('scoreboard').getBoundingClientRect();
      const s = document.getElementById('replay-score').getBoundingClientRect();
      return {barInView: b.bottom > 0 && b.top < innerHeight, overlaps: b.bottom > s.top && b.top < s.bottom,
              score: s.top >= 0 && s.bottom <= innerHeight}; }"""
    found = page.evaluate(layout)
    assert found == {"barInView": False, "overlaps": False, "score": True}, found
    assert page.inner_text("#replay-score") == "Replay, hand 1: score N–S: 0, E–W: 0"
    shot(page, "result-replay-phone", top=False)
    page.locator("#replay-last").click()
    final = ", ".join(f"{s}: {v}" for s, v in zip(("N–S", "E–W"), game.score, strict=True))
    assert page.inner_text("#replay-score") == f"Replay, hand {len(game.finished_hands)}: score {final}"
    # Positive control: the bar kept on top of the window covers what the replay shows.
    spoil(page, "#scoreboard", position="sticky")
    page.evaluate("() => window.scrollBy(0, 1)")
    page.evaluate("() => document.getElementById('replay-score').scrollIntoView({block: 'start'})")
    assert page.evaluate(layout)["overlaps"]
    unspoil(page)


# ---------------------------------------------------------------------- a name on one line
NAME_LINES = """() => [...document.querySelectorAll('#felt > .seat:not([hidden]) .name span:last-child')].map(s => {
  // The lines its words take: the distinct tops of the text's boxes (a flex item's own box is one).
  const range = document.createRange(); range.selectNodeContents(s);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return {seat: s.closest('.seat').dataset.seat, lines: tops.size, text: s.textContent}; })"""


def test_regression_at_five_seats_on_a_phone_a_name_broke_beside_the_dealers_d(
        pages: Pages, result_server: ServerProcess) -> None:
    """Call-ace-5 on a phone: every seat's name is on one line, the dealer's among them
    ("Player 4" broke onto two lines next to the D); a positive control narrows a seat
    and sees its name break."""
    me, _ = open_table(pages, result_server, "phone", "call-ace-5", "1", seed=3, target=5, bots="beginner")
    page = me.page
    shown = state(page)
    if shown["turn"] != "1":
        page.wait_for_function("() => document.getElementById('table').dataset.turn === '1'")
    names = page.evaluate(NAME_LINES)
    assert len(names) == 5 and all(n["lines"] == 1 for n in names), names
    dealer = page.locator("#felt .seat:has(.dealer-chip)")
    assert dealer.count() == 1 and shown_in_view(page, "#felt .dealer-chip")[0]["inside"]
    shot(page, "result-five-seats-phone")
    spoil(page, "#felt > .seat:not(.me)", width="2.6rem", min_width="0")
    assert any(n["lines"] > 1 for n in page.evaluate(NAME_LINES))
    unspoil(page)
