"""The card table in a real browser (as ``tests/test_browser.py`` runs it: Debian's
Chromium through Playwright, against a real ``euchre serve``): the create form and its
host, the lobby, the table's marks (dealer, maker, lone player, who sits out, the upcard
and the card turned down, trump and the score always in view), the hand in the core's
order with the playable cards raised, the timer and hints the host sets, the seeded
table's notice, game over with "Play again" and the face-up replay, the score by hand,
a link that opens no table, no source tag where a player reads, and axe-core's check.

Each test leaves screenshots of the states it reaches in ``test-artifacts/screenshots/``.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from _browser_table import SOURCE_TAG, assert_in_viewport, axe_violations, describe_violations, shot
from _server_process import ServerProcess, replay, stored_log
from euchre.core.cards import EFFECTIVE_SUIT, Card, card_code, parse_card, sort_hand
from euchre.core.game import Game
from euchre.core.presets import preset
from test_browser import TITLES, Pages, SeatPage, new_page, play  # noqa: F401 - pytest fixtures

SUITS = "CDHS"


def visible_text(page: Any) -> str:
    """What a reader sees of the page (closed details and hidden parts left out)."""
    text: str = page.evaluate("() => document.body.innerText")
    return text


STRAY = re.compile(r"\b(null|undefined|NaN)\b|\[object Object\]")
"""What a script prints where a value was missing."""


def assert_no_source_tag(page: Any, where: str) -> None:
    """No source tag in what the page shows (and no value a script failed to fill)."""
    text = visible_text(page)
    for pattern in (SOURCE_TAG, STRAY):
        found = pattern.search(text)
        assert found is None, f"{where}: {found.group(0)!r} is shown: ...{text[max(0, found.start() - 80):found.end() + 40]}..."


def assert_axe_clean(page: Any, where: str) -> None:
    violations = axe_violations(page)
    assert not violations, f"{where}: axe-core finds\n{describe_violations(violations)}"


def until_turn(page: SeatPage, limit: int = 400) -> dict[str, Any]:
    """Wait (on the page's marks, bots playing the other seats) until the page's seat is
    to act, or the game is over. Returns the state shown then."""
    shown = page.shown()
    for _ in range(limit):
        if shown["status"] == "over" or (shown["status"] == "playing" and shown["turn"] == page.seat):
            return shown
        shown = page.wait_seq(shown["seq"] + 1)
    raise AssertionError(f"{page.seat} never got a turn")


def click_and_wait(page: SeatPage, locator: Any) -> dict[str, Any]:
    seq = page.shown()["seq"]
    page.pace.wait()
    locator.click()
    return page.wait_seq(seq + 1)


def hand_codes(page: Any) -> list[str]:
    codes: list[str] = page.eval_on_selector_all("#hand button.card", "bs => bs.map(b => b.dataset.code)")
    return codes


def game_at(running: ServerProcess, table: str, seq: int) -> Game:
    """The game of ``table`` after its first ``seq`` events, replayed from the stored log."""
    rules, seed, events = stored_log(running.db_url, table)
    game = replay(rules, seed, events, seq)
    assert game is not None
    return game


# ---------------------------------------------------------------------- the create form, the host, the lobby
def test_the_create_form_makes_its_creator_the_host_and_lists_the_other_seats_links(
        new_page: Pages, server: ServerProcess) -> None:  # noqa: F811 - fixtures
    page = new_page()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page.goto(server.url + "/")
    page.wait_for_function("() => document.querySelectorAll('#preset option').length > 0")
    options = json.loads(page.request.get(server.url + "/api/options").text())

    # Every preset is described in plain words (its sources one click away, under
    # "Sources"), its points to win offered as 5, 7, 10, 11 or its own, its house rules
    # each with its sentence, and the seats of its table to choose from.
    for p in options["presets"]:
        page.select_option("#preset", p["name"])
        about = page.inner_text("#preset-about")
        assert about and not SOURCE_TAG.search(about), (p["name"], about)
        assert_no_source_tag(page, f"the create form with {p['name']}")
        assert page.eval_on_selector("#preset-sources", "d => d.open") is False
        targets = page.eval_on_selector_all("#target option", "os => os.map(o => o.value)")
        if p["target"] is None:
            assert page.is_disabled("#target")
        else:
            assert targets == [str(v) for v in sorted({5, 7, 10, 11, p["target"]})], targets
            assert page.input_value("#target") == str(p["target"])
        shown_rules = page.eval_on_selector_all("#house-list li:not([hidden]) label", "ls => ls.map(l => l.textContent)")
        assert sorted(shown_rules) == sorted(f"{r['title']}: {r['sentence']}" for r in options["house_rules"]
                                             if r["key"] in p["house_rules"]), p["name"]
        seats = page.eval_on_selector_all("#host-seat option", "os => os.map(o => o.value)")
        assert len(seats) == {"two-handed": 2, "cutthroat-3": 3, "call-ace-5": 5, "call-ace-6": 6}.get(p["name"], 4)
    page.select_option("#preset", "modern-standard")
    page.locator("#preset-sources summary").click()  # the sources, one click away
    assert "euchre rules modern-standard" in page.inner_text("#preset-sources")
    assert SOURCE_TAG.search(page.inner_text("#preset-sources"))
    page.locator("#preset-sources summary").click()
    assert page.input_value("#timer") == "0"  # no timer unless the creator chooses one
    assert page.is_checked("#hints")
    page.select_option("#host-seat", "N")
    page.select_option("#target", "7")
    page.select_option("#timer", "30")
    page.check("#house-stick_the_dealer")
    page.uncheck("#hints")
    shot(page, "create-form", full_page=True)
    assert_axe_clean(page, "the create form")

    # Created: the creator's own seat opens, he is the host, and the others' links are
    # listed with copy buttons.
    page.get_by_role("button", name="Create table").click()
    page.wait_for_function("() => document.getElementById('connection').textContent === 'Connected as North'")
    host = SeatPage(page, "N")
    host.wait_seq(0)
    assert "/play#" in page.url
    assert page.inner_text("#lobby-text") == ("You are the host: start the game when your friends are here. "
                                              "Not here yet: East, South, West; bots will play them.")
    assert page.get_by_role("button", name="Start the game").is_visible()
    rows = dict(page.eval_on_selector_all("#link-list li", "ls => ls.map(l => [l.dataset.seat, l.querySelector('input').value])"))
    assert sorted(rows) == ["E", "S", "W", "spectator"]
    page.get_by_role("button", name="Copy the link of East").click()
    page.wait_for_function("() => document.querySelector('#link-list li[data-seat=E] button').textContent === 'Copied'")
    assert page.evaluate("() => navigator.clipboard.readText()") == rows["E"]
    words = page.inner_text("#rules-words")  # the table's rules in plain words, open before the start
    assert "Stick the dealer: When everyone passes twice, the dealer must name trump." in words
    assert "Each move has 30 seconds" in words and "The host, North, starts the game" in words
    assert "Hints are off at this table." in words and not page.is_checked("#set-hints")
    assert_no_source_tag(page, "the host's lobby")

    # A friend's page: told who starts and who is missing; no start button.
    friend = SeatPage(new_page(), "E")
    friend.open(rows["E"])
    guest = friend.page
    assert guest.inner_text("#lobby-text") == ("Waiting for the host (North) to start. "
                                               "Not here yet: South, West; bots will play them.")
    assert not guest.get_by_role("button", name="Start the game").is_visible()
    assert "Stick the dealer: When everyone passes twice" in guest.inner_text("#rules-words")
    assert not guest.locator("#host-settings").is_visible() and page.locator("#host-settings").is_visible()
    page.wait_for_function("() => document.getElementById('lobby-text').textContent.includes('Not here yet: South, West;')")
    assert page.inner_text("#link-list li[data-seat=E] label") == "East (here)"
    shot(page, "lobby", full_page=True)
    assert_axe_clean(page, "the host's lobby")
    assert_axe_clean(guest, "a guest's lobby")

    page.get_by_role("button", name="Start the game").click()
    for p in (host, friend):
        p.page.wait_for_function("() => document.getElementById('table').dataset.status === 'playing'")
    assert "Game to 7" in page.inner_text("#scoreboard")
    assert_no_source_tag(guest, "a guest's table")


def test_a_link_that_opens_no_table_says_what_to_do(new_page: Pages, server: ServerProcess) -> None:  # noqa: F811
    page = new_page()
    page.goto(server.url + "/play#no-such-table-token-at-all")
    page.wait_for_function("() => document.getElementById('nolink')?.hidden === false")
    assert page.inner_text("#nolink-text") == ("This link opens no table. Ask the table's host for your seat's link, "
                                               "or create a new table.")
    assert not page.locator("#table").is_visible()
    link = page.get_by_role("link", name="Create a new table")
    assert link.get_attribute("href") == "/"
    shot(page, "bad-link")
    assert_axe_clean(page, "the page of a bad link")
    link.click()
    # the predicate runs on the old page too until the new one loads: null-safe
    page.wait_for_function("() => document.getElementById('create')?.hidden === false")


def test_a_seeded_table_tells_every_seat_its_creator_can_know_every_hand(new_page: Pages, server: ServerProcess) -> None:  # noqa: F811
    seeded = server.create_table(preset="modern-standard", seed=9, target=5, bots="beginner", host="N")
    for who in ("N", "E", "spectator"):
        page = SeatPage(new_page(), None if who == "spectator" else who)
        page.open(seeded["links"][who])
        notice = page.page.locator("#seeded")
        assert notice.is_visible()
        assert notice.inner_text() == ("Notice: this table's creator chose the seed of the shuffle, so he can know every "
                                       "hand before it is played.")
        assert "The creator chose the seed of the shuffle: he can know every hand." in page.page.inner_text("#rules-words")
    plain = server.create_table(preset="modern-standard", target=5, bots="beginner", host="N")
    page = SeatPage(new_page(), "E")
    page.open(plain["links"]["E"])
    assert not page.page.locator("#seeded").is_visible()
    assert "seed" not in page.page.inner_text("#rules-words")


# ---------------------------------------------------------------------- the hand
def _bowers_deal() -> tuple[int, str, list[str]]:
    """A deal of modern-standard where West deals (North bids first) and North holds
    both bowers of the upcard's suit but not five trumps: the seed, the upcard's suit,
    North's cards."""
    rules = preset("modern-standard")
    for seed in range(5000):
        hand = Game(rules, seed).hand
        suit = hand.upcard >> 3
        cards = list(hand.hand_of(0))
        trumps = [c for c in cards if EFFECTIVE_SUIT[suit][c] == suit]
        if hand.dealer == 3 and sum(card_code(c)[0] == "J" for c in trumps) == 2 and len(trumps) < 5:
            return seed, SUITS[suit], [card_code(c) for c in cards]
    raise AssertionError("no such deal")


def test_the_hand_is_in_the_cores_order_with_both_bowers_among_trump_and_the_playable_cards_raised(
        new_page: Pages, server: ServerProcess) -> None:  # noqa: F811 - fixtures
    seed, suit, cards = _bowers_deal()
    made = server.create_table(preset="modern-standard", seed=seed, target=5, bots="beginner", host="N")
    north = SeatPage(new_page(), "N")
    north.open(made["links"]["N"])
    page = north.page
    page.get_by_role("button", name="Start the game").click()
    until_turn(north)
    ints = [parse_card(c) for c in cards]
    # Bidding: no trump yet, the cards by printed suit (the core's order); none raised,
    # none greyed: every card as readable as ever.
    assert hand_codes(page) == [card_code(c) for c in sort_hand(ints, None)]
    looks = page.eval_on_selector_all("#hand button.card", "bs => bs.map(b => { const s = getComputedStyle(b); "
                                      "return [s.opacity, s.filter, s.transform, b.classList.contains('legal')]; })")
    assert all(o == "1" and f == "none" and t == "none" and not legal for o, f, t, legal in looks), looks
    assert_no_source_tag(page, "the table while bidding")
    shot(page, "bidding")
    order = page.locator("#choices button.call", has=page.locator(".label", has_text=re.compile(r"^accept .* as trump$")))
    click_and_wait(north, order)

    # Trump named: trump first, the left bower with it, as the core sorts them.
    left = "J" + {"C": "S", "S": "C", "D": "H", "H": "D"}[suit]
    shown = until_turn(north)
    codes = hand_codes(page)
    assert codes == [card_code(c) for c in sort_hand(ints, SUITS.index(suit))]
    assert codes[:2] == ["J" + suit, left], codes  # both bowers lead the hand
    trump_cards = [c for c in codes if EFFECTIVE_SUIT[SUITS.index(suit)][parse_card(c)] == SUITS.index(suit)]
    assert codes[:len(trump_cards)] == trump_cards  # and the trumps are together, first
    assert "Trump: " + {"C": "♣ clubs", "D": "♦ diamonds", "H": "♥ hearts", "S": "♠ spades"}[suit] in page.inner_text("#scoreboard")

    # Playing: the cards that may be played are raised, the others stay as they were.
    rng = random.Random(1)
    seen_both = False
    for _ in range(40):
        if shown["status"] != "playing":
            break
        legal = page.locator("#hand button.card.legal")
        others = page.locator("#hand button.card:not(.legal)")
        if legal.count() and others.count():
            raised = page.eval_on_selector_all("#hand button.card", "bs => bs.map(b => [b.classList.contains('legal'), "
                                               "b.getBoundingClientRect().top, getComputedStyle(b).opacity])")
            top_legal = max(t for is_legal, t, _ in raised if is_legal)
            top_other = min(t for is_legal, t, _ in raised if not is_legal)
            assert top_other - top_legal >= 8, raised  # clearly raised
            assert all(o == "1" for _, _, o in raised), raised  # and the others readable
            seen_both = True
            shot(page, "playable-cards-raised")
            break
        if legal.count():
            assert hand_codes(page) == [card_code(c) for c in
                                        sort_hand([parse_card(c) for c in hand_codes(page)], SUITS.index(suit))]
            click_and_wait(north, legal.nth(rng.randrange(legal.count())))
        else:
            click_and_wait(north, page.locator("#choices button.call").first)
        shown = until_turn(north)
    assert seen_both


# ---------------------------------------------------------------------- a trick held
def test_a_finished_trick_is_held_in_front_of_its_seats_on_a_desktop_and_on_a_phone(
        new_page: Pages, server: ServerProcess) -> None:  # noqa: F811 - fixtures
    """The screenshots of a trick held on the table (its timing and marks are checked by
    test_browser.py's regression test); on a phone its four cards are in view."""
    for name, viewport in (("trick-held", None), ("phone-trick-held", {"width": 390, "height": 844})):
        made = server.create_table(preset="modern-standard", seed=3, target=5, bots="beginner", host="N")
        north = SeatPage(new_page(hold_ms=10_000, viewport=viewport), "N")
        north.open(made["links"]["N"])
        page = north.page
        page.get_by_role("button", name="Start the game").click()
        rng = random.Random(2)
        for _ in range(60):
            shown = north.shown()
            if page.evaluate("() => document.getElementById('table').dataset.held === '1'"):
                break
            if shown["turn"] == "N":
                cards = page.locator("#hand button.card.legal")
                calls = page.locator("#choices button.call")
                north.pace.wait()
                (cards.nth(rng.randrange(cards.count())) if cards.count() else calls.first).click()
            page.wait_for_function("s => { const t = document.getElementById('table'); "
                                   "return t.dataset.held === '1' || Number(t.dataset.seq) > s; }", arg=shown["seq"])
        else:
            raise AssertionError("no trick was finished")
        assert page.locator("#trick .played").count() == 4
        assert page.inner_text("#upcard").startswith("Won by ")
        if viewport:
            assert_in_viewport(page, "#trick .played", "#turn", "#hand button.card")
        shot(page, name)
        assert page.evaluate("() => document.getElementById('table').dataset.held === '1'")  # still held when shot


# ---------------------------------------------------------------------- the table's marks
def test_the_table_marks_the_dealer_the_lone_player_and_who_sits_out_and_keeps_trump_and_the_score_in_view(
        new_page: Pages, server: ServerProcess) -> None:  # noqa: F811 - fixtures
    """North passes in round one until a round two comes to him (the upcard turned down
    is shown), then names trump alone: he is marked alone and the maker, South sits
    out, the dealer has his mark; the finished hand's tricks are listed with their seats."""
    made = server.create_table(preset="modern-standard", seed=12, target=10, bots="beginner", host="N")
    north = SeatPage(new_page(), "N")
    north.open(made["links"]["N"])
    page = north.page
    page.get_by_role("button", name="Start the game").click()
    rng = random.Random(3)
    alone = False
    alone_hand = 0
    shown = until_turn(north)
    for _ in range(300):
        if shown["status"] != "playing":
            break
        game = game_at(server, made["table"], shown["seq"])
        phase = game.hand.phase.name.lower()
        dealer = "NESW"[game.hand.dealer]
        assert page.eval_on_selector_all(".seat .badge-dealer", "bs => bs.map(b => b.closest('.seat').dataset.seat)") == [dealer]
        if phase == "bid_round_1":
            assert page.locator("#upcard .card").get_attribute("aria-label") == "Upcard: " + Card(game.hand.upcard).name_text()
            shown = click_and_wait(north, page.locator("#choices button.call", has=page.locator(".label", has_text="pass")))
        elif phase == "bid_round_2" and not alone:
            # The card turned down lies in the middle, face up under the stock.
            up = page.locator("#upcard .card.turned")
            assert up.get_attribute("aria-label") == "Upcard, turned down (face up under the stock): " + Card(game.hand.upcard).name_text()
            shot(page, "round-two")
            name = page.locator("#choices button.call", has=page.locator(".label", has_text=re.compile(r"trump, alone$")))
            shown = click_and_wait(north, name.first)
            alone = True
            alone_hand = len(game.finished_hands)
            shown = until_turn(north)
            badges = page.eval_on_selector_all(".seat", "ss => Object.fromEntries(ss.filter(s => !s.hidden).map(s => "
                                               "[s.dataset.seat, [...s.querySelectorAll('.badge')].map(b => b.textContent)]))")
            assert "Alone" in badges["N"] and any(b.startswith("Maker ") for b in badges["N"]), badges
            assert "Sits out" in badges["S"], badges
            assert page.locator("#pos-top.sitting-out").count() == 1  # South, across the table
            assert page.locator("#upcard .card").count() == 0  # the play has started: no upcard
            # Trump and the score stay in view when the page is scrolled down.
            page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
            box = page.locator("#scoreboard").bounding_box()
            assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 720
            assert "Trump: " in page.inner_text("#scoreboard") and "not named" not in page.inner_text("#scoreboard")
            page.evaluate("() => window.scrollTo(0, 0)")
            shot(page, "lone-hand")
        elif alone and len(game.finished_hands) > alone_hand:
            break
        else:
            cards = page.locator("#hand button.card.legal")
            calls = page.locator("#choices button.call")
            shown = click_and_wait(north, cards.nth(rng.randrange(cards.count())) if cards.count() else calls.first)
        shown = until_turn(north)
    assert alone, "round two never came to North"
    # The last hand's cards, each with its seat: three a trick (South sat out).
    page.wait_for_function("() => document.querySelectorAll('#previous li.trick-line').length === 5")
    tricks = page.eval_on_selector_all("#previous li.trick-line", "ls => ls.map(l => [...l.querySelectorAll('.played-by')]"
                                       ".map(p => [p.firstChild.textContent.trim(), p.querySelector('.card').getAttribute('aria-label')]))")
    for named in tricks:
        assert len(named) == 3 and all(re.fullmatch(r"\w+ of \w+", card) for _, card in named), named
        assert not any(who.startswith("South") for who, _ in named)
    shot(page, "last-hand", full_page=True)


# ---------------------------------------------------------------------- the host's settings
def test_the_host_sets_the_timer_and_hints_and_the_player_to_act_sees_his_time_run(
        new_page: Pages, server: ServerProcess) -> None:  # noqa: F811 - fixtures
    made = server.create_table(preset="modern-standard", seed=4, target=5, bots="beginner", host="N", hints=False)
    host = SeatPage(new_page(), "N")
    host.open(made["links"]["N"])
    friend = SeatPage(new_page(), "E")
    friend.open(made["links"]["E"])
    page, guest = host.page, friend.page
    assert page.locator("#host-settings").is_visible() and not guest.locator("#host-settings").is_visible()
    assert page.input_value("#set-timer") == "0" and not page.is_checked("#set-hints")
    page.get_by_role("button", name="Start the game").click()
    pages = {"N": host, "E": friend}

    def north_to_choose(p: SeatPage, shown: dict[str, Any]) -> bool:
        return p.seat == "N" and p.page.locator("#choices button.call, #hand button.legal").count() > 1
    play(pages, random.Random(5), stop=north_to_choose)
    assert page.inner_text(".hints-off") == "Hints are off at this table."
    assert page.locator("#hint-button").count() == 0
    assert not page.locator("#timer-left").is_visible()  # no timer yet

    # The host switches hints on and sets 30 s a move: North's own page counts down.
    seq = host.shown()["seq"]
    page.check("#set-hints")
    host.wait_seq(seq + 1)
    page.locator("#hint-button").wait_for()
    seq = host.shown()["seq"]
    page.select_option("#set-timer", "30")
    host.wait_seq(seq + 1)
    timer = page.locator("#timer-left")
    timer.wait_for()
    first = timer.inner_text()
    assert re.fullmatch(r"You have \d+ seconds left for this move; then a bot plays it for you\.", first), first
    seconds = int(first.split()[2])
    assert 20 <= seconds <= 30
    page.wait_for_function("s => { const m = document.getElementById('timer-left').textContent.match(/(\\d+) second/); "
                           "return m && Number(m[1]) < s; }", arg=seconds)  # it runs
    guest.wait_for_function("() => document.getElementById('rules-words').textContent.includes('Each move has 30 seconds')")
    assert "Hints are on" in guest.inner_text("#rules-words")
    shot(page, "timer-running")

    # The friend's page counts down his own time when his turn comes.
    def east_to_act(p: SeatPage, shown: dict[str, Any]) -> bool:
        return p.seat == "E"
    play(pages, random.Random(6), stop=east_to_act)
    guest.wait_for_function("() => /^You have \\d+ seconds? left for this move/.test(document.getElementById('timer-left').textContent)")
    page.wait_for_function("() => /^East has \\d+ seconds? left for this move\\.$/.test(document.getElementById('timer-left').textContent)")


# ---------------------------------------------------------------------- game over, play again, the replay
def test_game_over_the_host_plays_again_the_others_are_told_and_the_replay_steps_through_every_card(
        new_page: Pages, server: ServerProcess) -> None:  # noqa: F811 - fixtures
    made = server.create_table(preset="modern-standard", seed=6, target=2, bots="beginner", host="N")
    host = SeatPage(new_page(), "N")
    host.open(made["links"]["N"])
    friend = SeatPage(new_page(), "E")
    friend.open(made["links"]["E"])
    page, guest = host.page, friend.page
    page.get_by_role("button", name="Start the game").click()
    pages = {"N": host, "E": friend}

    def look(p: SeatPage, shown: dict[str, Any]) -> bool:
        assert_no_source_tag(p.page, f"{p.seat}'s table at state {shown['seq']}")
        return False
    end = play(pages, random.Random(8), stop=look)
    assert end["status"] == "over"
    for p in pages.values():
        p.wait_seq(end["seq"])
    game = game_at(server, made["table"], end["seq"])
    assert game.is_over

    # Game over: the result on the table; the host may play again, the friend is told so.
    result = page.inner_text("#over-result")
    assert re.fullmatch(r"(North and South|East and West) win \d+ to \d+\.", result), result
    assert page.get_by_role("button", name="Play again").is_visible()
    assert not guest.get_by_role("button", name="Play again").is_visible()
    assert guest.inner_text("#again-text") == "The host (North) may start another game at this table."
    assert guest.inner_text("#over-result") == result

    # The score by hand: one row per finished hand, the score after each.
    rows = page.eval_on_selector_all("#history tbody tr", "rs => rs.map(r => [...r.children].map(c => c.textContent))")
    assert len(rows) == len(game.finished_hands)
    score = [0, 0]
    for row, hand in zip(rows, game.finished_hands, strict=True):
        r = hand.result
        assert r is not None
        score = [s + p for s, p in zip(score, r.points, strict=True)]
        assert row[0] == str(game.finished_hands.index(hand) + 1) and row[1] == TITLES["NESW"[hand.dealer]]
        assert row[5] == r.label and row[7] == f"N–S: {score[0]}, E–W: {score[1]}"
        assert row[2] == ("–" if r.maker is None else TITLES["NESW"[r.maker]])
    assert score == list(game.score)
    shot(page, "game-over")
    assert_axe_clean(page, "the host's page at game over")

    # The replay: every step of every hand, every card face up, by buttons and keys.
    data = json.loads(page.request.get(server.url + f"/api/tables/{made['table']}/replay.json?game=1").text())
    page.get_by_role("button", name="Replay this game").click()
    where = page.locator("#replay-where")
    page.wait_for_function("() => document.getElementById('replay-where').textContent.includes('the deal')")
    first = data["hands"][0]
    assert where.inner_text().startswith(f"Hand 1 of {len(data['hands'])}, the deal: ")
    faces = page.eval_on_selector_all("#replay-board .replay-cards .card", "cs => cs.map(c => c.dataset.code)")
    assert sorted(faces) == sorted(c["code"] for cards in first["start"].values() for c in cards) and len(faces) == 20
    page.keyboard.press("ArrowRight")
    assert where.inner_text().startswith(f"Hand 1 of {len(data['hands'])}, step 1 of {len(first['steps'])}: ")
    page.get_by_role("button", name="Forward ▶").click()
    assert ", step 2 of " in where.inner_text()
    page.keyboard.press("ArrowLeft")
    page.get_by_role("button", name="◀ Back").click()
    assert ", the deal: " in where.inner_text()
    # Step to the first card played: it lies in front of its seat, the hands one card short.
    plays = next(i for i, s in enumerate(first["steps"]) if s["action"].startswith("play-"))
    for _ in range(plays + 1):
        page.keyboard.press("ArrowRight")
    step = first["steps"][plays]
    assert re.search(rf": {TITLES[step['seat']]}( \(beginner bot\))? plays {re.escape(step['trick'][0]['card']['short'])}\.$",
                     where.inner_text()), where.inner_text()
    played = page.eval_on_selector_all("#replay-board .trick .played .card", "cs => cs.map(c => c.dataset.code)")
    assert played == [step["trick"][0]["card"]["code"]]
    assert page.locator("#replay-board .replay-cards .card").count() == sum(len(c) for c in step["cards"].values())
    shot(page, "replay", top=False)
    page.keyboard.press("End")
    last = data["hands"][-1]
    assert where.inner_text().startswith(f"Hand {len(data['hands'])} of {len(data['hands'])}, step {len(last['steps'])} of ")
    assert "Hand over: " in where.inner_text() and page.is_disabled("#replay-forward")
    if len(data["hands"]) > 1:
        page.keyboard.press("PageUp")
        page.keyboard.press("PageUp")
        assert where.inner_text().startswith(f"Hand {len(data['hands']) - 1} of ")
    page.keyboard.press("Home")
    assert ", the deal: " in where.inner_text() and page.is_disabled("#replay-back")
    assert_axe_clean(page, "the replay")
    page.get_by_role("button", name="Close the replay").click()
    assert not page.locator("#replay").is_visible()

    # Play again: a new game at the same table, for everyone.
    page.get_by_role("button", name="Play again").click()
    for p in pages.values():
        p.page.wait_for_function("() => document.getElementById('table').dataset.status === 'playing'")
        p.page.wait_for_function("() => document.getElementById('history').textContent.includes('No hand finished yet')")
        assert "Replay game 1" in p.page.inner_text("#games")


# ---------------------------------------------------------------------- accessibility
def test_axe_core_finds_no_serious_or_critical_violation_on_the_create_page_and_the_table(
        new_page: Pages, server: ServerProcess) -> None:  # noqa: F811 - fixtures
    page = new_page()
    page.goto(server.url + "/")
    page.wait_for_function("() => document.querySelectorAll('#preset option').length > 0")
    assert_axe_clean(page, "the create page")
    made = server.create_table(preset="modern-standard", seed=2, target=5, bots="beginner", host="N", timer=600)
    north = SeatPage(new_page(), "N")
    north.open(made["links"]["N"])
    assert_axe_clean(north.page, "the lobby")
    north.page.get_by_role("button", name="Start the game").click()
    until_turn(north)
    assert_axe_clean(north.page, "the table while bidding")

    def trick_and_cards(p: SeatPage, shown: dict[str, Any]) -> bool:
        return p.page.locator("#trick .played").count() > 0 and p.page.locator("#hand button.legal").count() > 0
    play({"N": north}, random.Random(2), stop=trick_and_cards)
    shot(north.page, "play-trick-on-table")
    assert_axe_clean(north.page, "the table during the play")
    # The checks can fail: a button without a name is a serious violation.
    north.page.evaluate("() => document.getElementById('hand').append(document.createElement('button'))")
    assert any(v["id"] == "button-name" for v in axe_violations(north.page))
