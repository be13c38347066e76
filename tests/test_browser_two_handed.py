"""The page at the two-handed table (preset ``two-handed``; X-15b: two players, each for
himself) in a real browser, as ``tests/test_browser.py`` runs it (Debian's Chromium
through Playwright, against a real ``euchre serve``): one person's page plays Player 1
against a ``random`` bot to the end of a one-point game (so at least one whole hand),
with the two seats laid out facing each other (a screenshot is taken and the seats'
boxes measured), scores and tricks per player, and no card the seat may not see in any
frame it receives or on the page."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from _browser_table import shot
from _server_process import ServerProcess, replay, stored_log
from test_browser import Pages, SeatPage, new_page  # noqa: F401 - pytest fixtures
from test_server import cards_mentioned, check_no_hidden_card, visible_cards

SEATS = ("1", "2")
TITLES = {"1": "Player 1", "2": "Player 2"}


def test_a_two_handed_table_is_laid_out_with_two_seats_and_played_to_the_end_of_a_hand(
        new_page: Pages, server: ServerProcess, tmp_path: Path) -> None:  # noqa: F811 - fixtures
    made = server.create_table(preset="two-handed", seed=4, target=1, bots="random")
    assert set(made["seats"]) == set(SEATS) and set(made["links"]) == {*SEATS, "spectator"}
    assert made["titles"] == TITLES
    page = new_page()
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(
        payload if isinstance(payload, str) else payload.decode("utf-8", "replace"))))
    me = SeatPage(page, "1")
    page.goto(made["links"]["1"])
    page.wait_for_function("() => document.getElementById('connection').textContent === 'Connected as Player 1'")
    me.wait_seq(0)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_function("() => document.getElementById('table').dataset.status !== 'lobby'")

    # Two seats: you at the bottom, the other player facing you at the top; no side seats.
    visible = page.eval_on_selector_all(".felt .seat", "ss => ss.filter(s => !s.hidden).map(s => [s.id, s.dataset.seat])")
    assert sorted(visible) == [["pos-bottom", "1"], ["pos-top", "2"]]
    shot(page, "two-handed")
    top = page.locator("#pos-top").bounding_box()
    bottom = page.locator("#pos-bottom").bounding_box()
    assert top is not None and bottom is not None
    assert top["y"] + top["height"] <= bottom["y"]  # the other player sits across the table
    assert abs((top["x"] + top["width"] / 2) - (bottom["x"] + bottom["width"] / 2)) < 2
    assert page.locator("#pos-left").is_hidden() and page.locator("#pos-right").is_hidden()
    board = page.inner_text("#scoreboard")
    # a side of one player is named as the player; a bot by its seat, its level on its seat
    # (issue 34: not repeated on the score bar); each player's tricks are on his seat
    assert "Player 1 (you): 0" in board and "Player 2: 0" in board and "bot" not in board
    assert "random bot" in page.inner_text("#pos-top")
    assert "Tricks" not in board
    assert not re.search(r"North|South|East|West|N–S|E–W", board)

    rng = random.Random(2)
    shown = me.shown()
    for _ in range(200):
        if shown["status"] == "over":
            break
        if shown["turn"] != "1":
            shown = me.wait_seq(shown["seq"] + 1)
            continue
        shown = me.wait_seq(me.act(rng))
    assert shown["status"] == "over"
    result = page.inner_text("#result")
    assert re.fullmatch(r"Player [12] wins [12] to 0\.", result), result  # a game to 1: one hand scores 1 or 2
    shot(page, "two-handed-end")

    # Every frame seat 1 received holds only cards it may see (and the check can see one).
    rules, seed, events = stored_log(server.db_url, made["table"])
    final = shown["seq"]
    for _ in range(200):
        if any(json.loads(f).get("seq") == final for f in frames):
            break
        page.wait_for_timeout(50)
    states = [m for m in map(json.loads, frames) if m.get("type") == "state"]
    assert states[-1]["seq"] == final
    hidden_ever: set[int] = set()
    for m in states:
        game = replay(rules, seed, events, m["seq"])
        check_no_hidden_card(m, game, 0)
        if game is not None:
            assert m["shape"]["seats"] == list(SEATS)
            assert len(m["game"]["score"]) == 2 and len(m["game"]["hand"]["hand_sizes"]) == 2
            hidden_ever |= set(game.hand.hand_of(1)) - visible_cards(game.hand, 0)
    assert hidden_ever  # Player 2's cards were hidden from Player 1
    leak: dict[str, Any] = {"type": "state", "game": {"hand": {"cards": [{"code": "JH"}]}}}
    assert cards_mentioned(leak)  # positive control: a card in a message is found
    final_game = replay(rules, seed, events, final)
    assert final_game is not None and final_game.result is not None
    assert max(final_game.score) >= 1 and len(final_game.finished_hands) >= 1
