"""Issue 34: the page shows the game first, on a desktop (1280x800) and a phone (390x844),
at the four-hand table, call-ace-6, cutthroat-3 and two-handed, in a real browser (as
``tests/test_browser.py`` runs it). Every property is measured from the boxes the page
lays out, and each measure is shown to fail on a page spoiled on purpose:

- nothing makes the page wider than the window (``scrollWidth <= innerWidth``);
- no score chip is cut, and on a desktop the chips take one row;
- the tricks each seat has won this hand are on its seat, inside the window, the counts
  of the real game (replayed from the stored log);
- at the end of a hand its result (who scores what, the maker, the tricks) lies on the
  felt, inside the window, until the player presses "Next hand";
- the score by hand fits: its last column inside the window, no sideways scrolling;
- call-ace: the card called lies on the felt from the call on; its holder is marked
  "Partner" once he has played it, not before;
- a player who scrolled down (to the chat) is brought back to the table when his turn
  comes, but not while he types in the chat;
- the replay's heading is not under the score bar.

One server for the module; screenshots in ``test-artifacts/screenshots/felt-*.png``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from _browser_table import shot
from _server_process import ServerProcess, replay, serving, stored_log
from euchre.core.cards import Card
from euchre.core.game import Game, bridge_team
from euchre.core.hand import HandState
from euchre.core.seats import Table
from test_browser import Pages, SeatPage

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SHAPES = {"modern-standard": "N", "call-ace-6": "1", "cutthroat-3": "1", "two-handed": "1"}
"""The tables measured, with the seat the page plays."""


@pytest.fixture(scope="module")
def felt_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One ``euchre serve`` for the module (bots move at once)."""
    with serving(tmp_path_factory.mktemp("felt"), delay=0.0, grace=30.0) as started:
        yield started


@pytest.fixture
def pages(browser: Browser, felt_server: ServerProcess) -> Iterator[Pages]:
    opened = Pages(browser)
    yield opened
    for context in opened.contexts:
        context.close()
    assert not opened.problems, opened.problems


# ---------------------------------------------------------------------- the measures
WIDTH = "() => ({scroll: document.documentElement.scrollWidth, inner: innerWidth})"


def wider_than_window(page: Page) -> bool:
    """True when something makes the page wider than its window (it scrolls sideways)."""
    found: dict[str, int] = page.evaluate(WIDTH)
    return found["scroll"] > found["inner"]


CHIPS = """() => [...document.querySelectorAll('#scoreboard .chip')].map(c => {
  const r = c.getBoundingClientRect();
  return {text: c.textContent, top: r.top, bottom: r.bottom, cut: c.scrollWidth > c.clientWidth + 1 || r.left < 0 || r.right > innerWidth};
})"""


def chips(page: Page) -> list[dict[str, Any]]:
    """The score chips: text, top, and whether the chip is cut (its text wider than
    itself, or the chip beyond the window)."""
    found: list[dict[str, Any]] = page.evaluate(CHIPS)
    assert found
    return found


def chip_rows(page: Page) -> int:
    """How many rows the score chips take (a chip below the bottom of the row before
    begins a row; chips of one row, centred, may differ in height)."""
    rows = 0
    bottom = float("-inf")
    for c in sorted(chips(page), key=lambda c: c["top"]):
        if c["top"] >= bottom:
            rows += 1
            bottom = c["bottom"]
        else:
            bottom = max(bottom, c["bottom"])
    return rows


IN_VIEW = """(sel) => [...document.querySelectorAll(sel)].filter(e => e.getClientRects().length).map(e => {
  const r = e.getBoundingClientRect();
  return {text: e.textContent, seat: (e.closest('[data-seat]') || {dataset: {}}).dataset.seat || null,
          inside: r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5};
})"""


def shown_in_view(page: Page, selector: str) -> list[dict[str, Any]]:
    """Each shown element of ``selector``: its text, its seat (the closest element with
    ``data-seat``) and whether it lies wholly inside the window."""
    found: list[dict[str, Any]] = page.evaluate(IN_VIEW, selector)
    return found


def trick_badges_in_view(page: Page) -> dict[str, str] | None:
    """The tricks badge of each seat on the felt, by seat, when every one lies inside the
    window; None when one does not (or none is shown)."""
    found = shown_in_view(page, "#felt .seat .badge-tricks")
    if not found or not all(b["inside"] for b in found):
        return None
    return {b["seat"]: b["text"] for b in found}


TABLE_IN_VIEW = """() => {
  const board = document.getElementById('scoreboard').getBoundingClientRect();
  const felt = document.getElementById('felt').getBoundingClientRect();
  const hand = document.getElementById('hand-panel').getBoundingClientRect();
  return felt.top >= board.bottom - 1 && felt.bottom <= innerHeight + 1 && hand.bottom <= innerHeight + 1 && hand.top >= 0;
}"""


def table_in_view(page: Page) -> bool:
    """The felt (below the score bar) and the player's hand wholly inside the window."""
    return bool(page.evaluate(TABLE_IN_VIEW))


HISTORY = """() => {
  const box = document.getElementById('history');
  const row = [...box.querySelectorAll('tbody tr')].pop();
  row.lastElementChild.scrollIntoView({block: 'center'});
  const last = row.lastElementChild.getBoundingClientRect();
  const cells = [...row.children].map(c => c.getBoundingClientRect());
  return {scrolls: box.scrollWidth > box.clientWidth + 1, last: last.left >= 0 && last.right <= innerWidth + 0.5
          && last.top >= 0 && last.bottom <= innerHeight + 0.5, cells: cells.every(r => r.left >= 0 && r.right <= innerWidth + 0.5),
          text: row.lastElementChild.textContent};
}"""


def history_fits(page: Page) -> dict[str, Any]:
    """The last hand's row of the score by hand, its last column scrolled into view:
    whether the table scrolls sideways, whether the last column and every cell lie
    inside the window, and the last column's text."""
    found: dict[str, Any] = page.evaluate(HISTORY)
    return found


SPOIL = """([sel, props]) => { for (const e of document.querySelectorAll(sel)) {
  e.dataset.spoiled = '1';
  for (const [k, v] of Object.entries(props)) e.style.setProperty(k, v);
} }"""


def spoil(page: Page, selector: str, **props: str) -> None:
    """Styles the elements of ``selector`` (CSS properties, ``_`` for ``-``): a
    positive control, the page spoiled on purpose (through the CSSOM: the page's
    Content-Security-Policy refuses style sheets and attributes it did not serve)."""
    page.evaluate(SPOIL, [selector, {k.replace("_", "-"): v for k, v in props.items()}])


def unspoil(page: Page) -> None:
    page.evaluate("() => { for (const e of document.querySelectorAll('[data-spoiled]')) { e.removeAttribute('style'); "
                  "delete e.dataset.spoiled; } }")


# ---------------------------------------------------------------------- the game's own values
def side_short(table: Table, i: int) -> str:
    """A side as the page names it in short: a player's title, a partnership "N–S"."""
    team = table.teams[i]
    return table.titles[team[0]] if len(team) == 1 else table.team_names[i].replace("-", "–")


def headline(hand: HandState) -> str:
    """The result line a finished hand should have on the felt, from its real result:
    how it ended (passed out in the bidding, thrown in by a claim of the dealt hand,
    ended by a proved revoke: X-29, X-30), never from its number of tricks (a hand ended
    by a claim in its first trick has none); a played hand's own points and label, what
    revoke claims gave apart (RULES.md decision 27)."""
    r = hand.result
    assert r is not None
    if r.thrown_in:
        return r.label[0].upper() + r.label[1:] + ". No points" + ("; the same dealer deals again." if r.dealer_deals_again else ".")
    if r.passed_out and not r.forfeit:
        return "Everyone passed: no points."
    if r.revokes and hand.rules.renege_ends_hand:
        return "Renege: the hand ends at the claim; the play scores nothing."
    own = [p - q for p, q in zip(r.points, r.penalties or (0,) * len(r.points), strict=True)]
    label = r.label.removesuffix(", revoke penalty")
    scored = [f"{side_short(hand.table, i)} +{p}" for i, p in enumerate(own) if p]
    return label[0].upper() + label[1:] + ": " + (", ".join(scored) or "no points") + "."


def tricks_by_seat(hand: HandState) -> dict[str, str]:
    """Each playing seat's tricks this hand, as its badge says them ("1 trick")."""
    out = {}
    for s in range(hand.table.seats):
        if hand.table.sits_out(s, hand.active):
            continue
        n = sum(1 for t in hand.tricks if t.winner == s)
        out[hand.table.letters[s]] = f"{n} trick" + ("" if n == 1 else "s")
    return out


def game_now(server: ServerProcess, table: str, seq: int | None = None) -> Game:
    rules, seed, events = stored_log(server.db_url, table)
    game = replay(rules, seed, events, seq)
    assert game is not None
    return game


# ---------------------------------------------------------------------- playing
WAIT = """(seq) => { const t = document.getElementById('table');
  return (t.dataset.seq !== undefined && Number(t.dataset.seq) > seq) || t.dataset.result === '1'; }"""


def state(page: Page) -> dict[str, Any]:
    found: dict[str, Any] = page.eval_on_selector(
        "#table", "t => ({seq: Number(t.dataset.seq), status: t.dataset.status, turn: t.dataset.turn, "
                  "result: t.dataset.result === '1'})")
    return found


def open_table(pages: Pages, server: ServerProcess, size: str, preset: str, seat: str, **body: Any) -> tuple[SeatPage, str]:
    """A page on ``seat`` of a new table (the others bots), started; its table id."""
    made = server.create_table(preset=preset, host=seat, **body)
    page = pages(viewport=SIZES[size], result_hold_ms=None)  # the result held until "Next hand"
    me = SeatPage(page, seat)
    page.goto(made["links"][seat])
    page.wait_for_function("() => document.getElementById('table').dataset.seq !== undefined")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_function("() => document.getElementById('table').dataset.status === 'playing'")
    return me, made["table"]


def click_one_at_random(page: Page, rng: random.Random, cards: Locator, calls: Locator, seq: int) -> bool:
    """Clicks one of ``cards`` at random, or else one of ``calls``; True when it clicked.
    When the page offers neither (a newer state came between reading the turn and
    looking for the choices: on a loaded machine the bots answer in between), waits
    until the page shows a newer state or a choice, clicks nothing and returns False, so
    the caller reads the state again."""
    for group in (cards, calls):
        count = group.count()
        if count:
            group.nth(rng.randrange(count)).click()
            return True
    page.wait_for_function(
        "(seq) => { const t = document.getElementById('table'); return Number(t.dataset.seq) > seq || "
        "t.dataset.result === '1' || document.querySelector('#hand button.card.legal, #choices button') !== null; }",
        arg=seq)
    return False


def play_until(me: SeatPage, rng: random.Random, stop: Any, limit: int = 600) -> dict[str, Any]:
    """The page plays its seat at random (bots the others) until ``stop(shown)`` holds,
    checked at every state shown (the result of a hand held too). Returns that state."""
    page = me.page
    for _ in range(limit):
        shown = state(page)
        if stop(shown):
            return shown
        assert shown["status"] == "playing", shown
        assert not shown["result"], "a result held that the test did not stop at"
        if shown["turn"] == me.seat:
            me.pace.wait()
            cards = page.locator("#hand button.card.legal")
            calls = page.locator("#choices button:not(#hint-button)")
            if not click_one_at_random(page, rng, cards, calls, shown["seq"]):
                continue
        page.wait_for_function(WAIT, arg=shown["seq"])
    raise AssertionError("the state waited for never came")


# ---------------------------------------------------------------------- tests
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("preset", SHAPES)
def test_the_felt_shows_the_tricks_and_the_hands_result_and_the_page_fits_the_window(
        pages: Pages, felt_server: ServerProcess, preset: str, size: str) -> None:
    seat = SHAPES[preset]
    me, table = open_table(pages, felt_server, size, preset, seat, seed=21, target=10, bots="random")
    page = me.page
    rng = random.Random(6)

    # The play: each seat's tricks on the felt, in view, the real counts.
    shown = play_until(me, rng, lambda s: s["result"] or (s["turn"] == seat and page.locator("#calls li.trick-line").count() >= 1))
    assert not shown["result"], "the hand ended before the page had a turn after a trick"
    hand = game_now(felt_server, table, shown["seq"]).hand
    assert hand.tricks  # a trick is gathered: a seat has one
    badges = trick_badges_in_view(page)
    assert badges == tricks_by_seat(hand), (badges, tricks_by_seat(hand))
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # positive control: scrolled away
    assert trick_badges_in_view(page) is None
    page.evaluate("() => window.scrollTo(0, 0)")
    assert trick_badges_in_view(page) == badges

    # Nothing wider than the window; no chip cut; a desktop's chips in one row.
    assert not wider_than_window(page)
    assert not [c for c in chips(page) if c["cut"]], chips(page)
    if size == "desktop":
        assert chip_rows(page) == 1, chips(page)
    shot(page, f"felt-{preset}-{size}-play")
    spoil(page, "#felt", min_width="3000px")
    assert wider_than_window(page)  # positive control: a wide element is seen
    unspoil(page)
    spoil(page, "#scoreboard .chip:first-child", white_space="nowrap", width="2.5rem", overflow="hidden")
    assert [c for c in chips(page) if c["cut"]]  # positive control: a chip's text cut is seen
    unspoil(page)
    rows = chip_rows(page)
    page.evaluate("() => { const c = document.createElement('span'); c.className = 'chip'; c.id = 'wide-chip'; "
                  "c.style.width = '95%'; c.textContent = 'wide'; document.getElementById('scoreboard').append(c); }")
    assert chip_rows(page) == rows + 1  # positive control: a chip on a row of its own is seen
    page.evaluate("() => document.getElementById('wide-chip').remove()")

    # The end of the hand: its result on the felt, in view, until "Next hand".
    shown = play_until(me, rng, lambda s: s["result"])
    box = shown_in_view(page, "#hand-result")
    assert len(box) == 1 and box[0]["inside"], box
    number = int(re.search(r"Hand (\d+) is over", page.inner_text("#hand-result-h")).group(1))  # type: ignore[union-attr]
    game = game_now(felt_server, table)
    ended = game.finished_hands[number - 1]
    assert page.inner_text("#hand-result .result-headline") == headline(ended)
    assert page.inner_text("#turn").startswith(f"Hand {number} is over: {headline(ended)}")
    assert ended.result is not None
    if not ended.result.passed_out:
        sides = len(ended.table.teams)
        counts = [f"{n} for {side_short(ended.table, i)}" for i, n in enumerate(ended.tricks_won) if sides <= 3 or n]
        assert "Tricks: " + ", ".join(counts) + "." in page.inner_text("#hand-result")
        assert trick_badges_in_view(page) is not None  # the seats keep their counts under it
    if ended.maker != -1:
        assert f"Maker: {ended.table.titles[ended.maker]}," in page.inner_text("#hand-result")
    assert not wider_than_window(page)
    assert not [c for c in chips(page) if c["cut"]], chips(page)
    shot(page, f"felt-{preset}-{size}-result")
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # positive control: out of view
    assert not shown_in_view(page, "#hand-result")[0]["inside"]
    page.evaluate("() => window.scrollTo(0, 0)")

    # The score by hand: its last column in the window, no sideways scrolling.
    fits = history_fits(page)
    score = ", ".join(f"{side_short(ended.table, i)}: {p}" for i, p in enumerate(ended_score(game, number)))
    assert fits["text"] == score
    assert not fits["scrolls"] and fits["last"] and fits["cells"], fits
    spoil(page, ".history-table", min_width="2000px")
    spoiled = history_fits(page)
    assert not spoiled["last"] or spoiled["scrolls"]  # positive control: a table too wide is seen
    unspoil(page)
    page.evaluate("() => window.scrollTo(0, 0)")

    # "Next hand": the box goes and the newest state is shown (the bots went on meanwhile).
    page.locator("#result-next").click()
    page.wait_for_function("() => document.getElementById('table').dataset.result !== '1'")
    assert page.locator("#hand-result").is_hidden()
    assert f"Hand {number + 1}" in page.inner_text("#scoreboard")
    assert not wider_than_window(page)
    assert not [c for c in chips(page) if c["cut"]], chips(page)
    if size == "desktop":
        assert chip_rows(page) == 1, chips(page)


def ended_score(game: Game, number: int) -> list[int]:
    """The score after the first ``number`` hands of ``game``."""
    score = [0] * len(game.table.teams)
    for hand in game.finished_hands[:number]:
        assert hand.result is not None
        score = [s + p for s, p in zip(score, hand.result.points, strict=True)]
    return score


CALLED_ON_FELT = """() => {
  const card = document.querySelector('#felt #called .card');
  if (!card || !card.getClientRects().length) return null;
  const r = card.getBoundingClientRect(), f = document.getElementById('felt').getBoundingClientRect();
  const inside = r.width > 0 && r.left >= f.left && r.right <= f.right && r.top >= f.top && r.bottom <= f.bottom &&
    r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  return inside ? card.getAttribute('aria-label') : null;
}"""


def called_on_felt(page: Page) -> str | None:
    """The name (aria-label) of the called card when it lies on the felt inside the window, else None."""
    found: str | None = page.evaluate(CALLED_ON_FELT)
    return found


def partner_badges(page: Page) -> dict[str, str]:
    """The seats marked as the maker's partner on the felt, and the badge's words."""
    found = shown_in_view(page, "#felt .seat .badge-partner")
    return {b["seat"]: b["text"] for b in found}


@pytest.mark.parametrize("size", SIZES)
def test_call_ace_the_called_card_lies_on_the_felt_and_its_holder_is_marked_once_he_plays_it(
        pages: Pages, felt_server: ServerProcess, size: str) -> None:
    me, table = open_table(pages, felt_server, size, "call-ace-6", "1", seed=3, target=10, bots="beginner")
    page = me.page
    rng = random.Random(1)
    assert called_on_felt(page) is None  # positive control: no call yet, nothing is found
    called_seen = partner_seen = False
    for _ in range(600):
        # The page stands still at its own turn and while it holds a result (the bots
        # wait for it, or it waits for "Next hand"): it is measured then.
        shown = state(page)
        assert shown["status"] == "playing"
        if shown["result"]:
            ended = game_now(felt_server, table).finished_hands[-1]
            revealed = [t.seats[t.cards.index(ended.called)] for t in ended.tricks if ended.called in t.cards]
            assert partner_badges(page) == ({ended.table.letters[revealed[0]]: "Partner"} if revealed else {})
            if partner_seen:
                break
            page.locator("#result-next").click()
            page.wait_for_function("() => document.getElementById('table').dataset.result !== '1'")
            continue
        if shown["turn"] != "1":
            page.wait_for_function(WAIT, arg=shown["seq"])
            continue
        hand = game_now(felt_server, table, shown["seq"]).hand
        badges = partner_badges(page)
        if hand.called == -1:
            assert called_on_felt(page) is None and not badges
        else:
            label = called_on_felt(page)
            assert label is not None and label.startswith("Called card: " + Card(hand.called).name_text()), label
            if not called_seen:
                shot(page, f"felt-call-ace-{size}-called")
            called_seen = True
            played_by = [t.seats[t.cards.index(hand.called)] for t in hand.tricks if hand.called in t.cards]
            if hand.called in hand.trick_cards:
                played_by.append(hand.trick_seats[hand.trick_cards.index(hand.called)])
            if played_by:
                # Revealed: the seat that played it, to every seat.
                assert badges == {hand.table.letters[played_by[0]]: "Partner"}, badges
                assert "played by " + hand.table.titles[played_by[0]] in label
                if not partner_seen:
                    shot(page, f"felt-call-ace-{size}-partner")
                partner_seen = True
            else:
                # Secret: none marked, but to its holder himself.
                assert badges == ({"1": "Partner (only you know)"} if hand.partner == 0 else {}), badges
                assert "secret partner" in label
        me.pace.wait()
        cards = page.locator("#hand button.card.legal")
        calls = page.locator("#choices button:not(#hint-button)")
        if not click_one_at_random(page, rng, cards, calls, shown["seq"]):
            continue
        page.wait_for_function(WAIT, arg=shown["seq"])
    assert called_seen and partner_seen


@pytest.mark.parametrize("size", SIZES)
def test_the_table_comes_back_into_view_at_your_turn_but_not_while_you_type(
        pages: Pages, felt_server: ServerProcess, size: str) -> None:
    made = felt_server.create_table(preset="modern-standard", host="N", seed=5, target=10, bots="random")
    north = SeatPage(pages(viewport=SIZES[size]), "N")
    east = SeatPage(pages(viewport=SIZES[size]), "E")
    north.open(made["links"]["N"])
    east.open(made["links"]["E"])
    north.page.get_by_role("button", name="Start the game").click()
    page = north.page
    rng = random.Random(3)

    def until_east() -> dict[str, Any]:
        """North plays until it is East's turn (both pages showing it)."""
        for _ in range(200):
            shown = north.shown()
            if shown["status"] == "playing" and shown["turn"] == "E":
                return east.wait_seq(shown["seq"])
            north.wait_seq(north.act(rng) if shown["turn"] == "N" else shown["seq"] + 1)
        raise AssertionError("East never had a turn")

    def east_until_north() -> dict[str, Any]:
        """East plays until North's page shows North's turn."""
        for _ in range(200):
            shown = east.shown()
            if shown["turn"] == "N":
                return north.wait_seq(shown["seq"])
            east.wait_seq(east.act(rng) if shown["turn"] == "E" else shown["seq"] + 1)
        raise AssertionError("North never had a turn")

    # Scrolled down to the chat while East thinks: the table is out of view (the measure can fail) ...
    until_east()
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    assert not table_in_view(page)
    # ... and comes back when North's turn comes.
    east_until_north()
    assert table_in_view(page)
    shot(page, f"felt-turn-{size}", top=False)

    # Typing in the chat when the turn comes: the page stays where it is ...
    until_east()
    page.locator("#chat-text").click()
    page.keyboard.type("one moment")
    # The page's own scrolls are counted (the browser's scroll anchoring, which keeps
    # the field in place when the page grows above it, is not the page's doing).
    page.evaluate("() => { window.__scrolls = 0; const own = window.scrollTo.bind(window); "
                  "window.scrollTo = (...a) => { window.__scrolls += 1; return own(...a); }; }")
    assert shown_in_view(page, "#chat-text")[0]["inside"] and not table_in_view(page)
    east_until_north()
    assert page.evaluate("() => window.__scrolls") == 0 and not table_in_view(page)
    assert page.evaluate("() => document.activeElement.id") == "chat-text"
    assert page.input_value("#chat-text") == "one moment"
    # ... and the table comes once he leaves the field, if it is still his turn.
    page.locator("#chat-text").evaluate("e => e.blur()")
    page.wait_for_function(TABLE_IN_VIEW)
    assert page.evaluate("() => window.__scrolls") == 1  # the count sees the page's scroll


@pytest.mark.parametrize("size", SIZES)
def test_the_replays_heading_is_not_under_the_score_bar(pages: Pages, felt_server: ServerProcess, size: str) -> None:
    me, table = open_table(pages, felt_server, size, "modern-standard", "N", seed=9, target=1, bots="random")
    page = me.page
    shown = play_until(me, random.Random(2), lambda s: s["status"] == "over")
    game = game_now(felt_server, table, shown["seq"])
    assert game.is_over
    # The last hand's whole result stays with the game's on the felt.
    last = game.finished_hands[-1]
    over_hand = page.inner_text("#over-hand")
    lines = [line for line in over_hand.splitlines() if line]
    assert lines[:2] == [f"Last hand (hand {len(game.finished_hands)})", headline(last)], over_hand
    if last.maker != -1:
        assert f"Maker: {last.table.titles[last.maker]}," in over_hand
    assert shown_in_view(page, "#over-hand")[0]["inside"]
    page.get_by_role("button", name="Replay this game").click()
    page.wait_for_function("() => document.getElementById('replay-where').textContent.includes('the deal')")
    covered = """() => { const h = document.getElementById('replay-h').getBoundingClientRect();
      const b = document.getElementById('scoreboard').getBoundingClientRect();
      return {covered: h.top < b.bottom - 0.5, inside: h.top >= 0 && h.bottom <= innerHeight}; }"""
    found = page.evaluate(covered)
    assert found == {"covered": False, "inside": True}, found
    shot(page, f"felt-replay-{size}", top=False)
    # Positive control: the bar kept on the window's top while the replay is read (it
    # scrolls away then, the replay showing its own score), the heading is covered.
    spoil(page, "#scoreboard", position="sticky")
    page.evaluate("() => document.getElementById('replay').scrollIntoView({block: 'start'})")
    assert page.evaluate(covered)["covered"]
    unspoil(page)


@pytest.mark.parametrize("size", SIZES)
def test_a_renege_claims_outcome_is_on_the_felt_with_the_hands_result(
        pages: Pages, felt_server: ServerProcess, size: str) -> None:
    """Table mode (RULES.md decision 27): North claims a revoke after the last trick when
    the page offers it (careless bots revoke now and then); the claim's outcome is on the
    felt with the hand's result, inside the window (it was only below the table)."""
    me, table = open_table(pages, felt_server, size, "modern-tournament", "N", seed=11, target=10, bots="careless",
                           house_rules={"revokes": True})
    page = me.page
    rng = random.Random(3)
    claim = page.locator("#choices button", has_text="Renege!")
    claimed = False
    for _ in range(2000):
        shown = state(page)
        assert shown["status"] == "playing"
        if shown["result"]:
            if claimed:
                break
            page.locator("#result-next").click()
            page.wait_for_function("() => document.getElementById('table').dataset.result !== '1'")
            continue
        if shown["turn"] != "N" or page.evaluate("() => document.getElementById('table').dataset.auto === '1'"):
            page.wait_for_function(WAIT, arg=shown["seq"])
            continue
        me.pace.wait()
        if claim.count() and page.locator("#choices button", has_text="No claim.").count():
            claimed = True
            claim.click()
        else:
            following = page.locator("#hand button.card.legal:not(.revoke)")
            if following.count():
                following.nth(rng.randrange(following.count())).click()
            else:
                cards = page.locator("#hand button.card.legal")
                calls = page.locator("#choices button:not(#hint-button)", has_text=re.compile("^(?!Renege)"))
                if not click_one_at_random(page, rng, cards.first, calls, shown["seq"]):
                    continue
        page.wait_for_function(WAIT, arg=shown["seq"])
    assert claimed, "no claim was offered to North"
    box = shown_in_view(page, "#hand-result")
    assert len(box) == 1 and box[0]["inside"], box
    text = page.inner_text("#hand-result")
    assert re.search(r"North, (during trick \d|after the last trick): Renege! (Upheld\. \w+ revoked in trick \d|"
                     r"Not upheld: no player of another side revoked\. 2 points to E–W, scored with the hand\.)", text), text
    ended = game_now(felt_server, table).finished_hands[-1]
    assert page.inner_text("#hand-result .result-headline") == headline(ended)
    assert not wider_than_window(page)
    shot(page, f"felt-renege-{size}")


def test_regression_the_bridge_chip_named_a_bot_with_its_level(pages: Pages, felt_server: ServerProcess) -> None:
    """The score chips name a bot by its seat (issue 34: "(intermediate bot)" was repeated
    on every chip); the chip of a side at the bridge still named the bot with its level."""
    me, table = open_table(pages, felt_server, "desktop", "two-handed", "1", seed=7, target=3, bots="intermediate")
    page = me.page
    rng = random.Random(1)
    bridge_seen = False
    while not bridge_seen:
        shown = play_until(me, rng, lambda s: s["result"] or s["status"] == "over")
        game = game_now(felt_server, table)
        team = bridge_team(game.rules, game.score)
        board = chips(page)
        assert not [c for c in board if "bot" in c["text"]], board
        if team is not None and shown["result"]:
            assert [c["text"] for c in board if c["text"].endswith("at the bridge")] == [f"Player {team + 1} at the bridge"]
            bridge_seen = True
        if shown["status"] == "over":
            break
        page.locator("#result-next").click()
        page.wait_for_function("() => document.getElementById('table').dataset.result !== '1'")
    assert bridge_seen, "no side came to the bridge"
