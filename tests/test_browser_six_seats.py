"""The page at a six-seat table (preset ``call-ace-6``: six players each for himself, the
maker's partner secret until the called card falls; RULES.md decision 21) in a real
browser, as ``tests/test_browser.py`` runs it: Player 1's page plays against five
``random`` bots to the end of a one-point game, with the six seats laid out around the
felt, a score per player, and no card Player 1 may not see in any frame it receives."""

from __future__ import annotations

import json
import random
from pathlib import Path

from _browser_table import shot
from _server_process import ServerProcess, replay, stored_log
from test_browser import Pages, SeatPage, new_page  # noqa: F401 - pytest fixtures
from test_server import check_no_hidden_card, visible_cards

SEATS = ("1", "2", "3", "4", "5", "6")


def test_a_six_seat_table_is_laid_out_around_the_felt_and_played_to_the_end(
        new_page: Pages, server: ServerProcess, tmp_path: Path) -> None:  # noqa: F811 - fixtures
    made = server.create_table(preset="call-ace-6", seed=3, target=1, bots="random")
    assert set(made["seats"]) == set(SEATS) and set(made["links"]) == {*SEATS, "spectator"}
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

    # Six seats shown, each once, you among them; their boxes do not overlap.
    visible = page.eval_on_selector_all(".felt .seat", "ss => ss.filter(s => !s.hidden).map(s => s.dataset.seat)")
    assert sorted(visible) == list(SEATS)
    boxes = page.eval_on_selector_all(".felt .seat", "ss => ss.filter(s => !s.hidden).map(s => { "
                                      "const r = s.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })")
    for i, (x, y, w, h) in enumerate(boxes):
        assert w > 0 and h > 0
        for x2, y2, w2, h2 in boxes[i + 1:]:
            assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y, "two seats overlap"
    shot(page, "six-seats")
    board = page.inner_text("#scoreboard")
    assert all(f"Player {s}" in board for s in SEATS)

    rng = random.Random(2)
    shown = me.shown()
    for _ in range(300):
        if shown["status"] == "over":
            break
        if shown["turn"] != "1":
            shown = me.wait_seq(shown["seq"] + 1)
            continue
        shown = me.wait_seq(me.act(rng))
    assert shown["status"] == "over"

    rules, seed, events = stored_log(server.db_url, made["table"])
    final = shown["seq"]
    for _ in range(200):
        if any(json.loads(f).get("seq") == final for f in frames):
            break
        page.wait_for_timeout(50)
    states = [m for m in map(json.loads, frames) if m.get("type") == "state"]
    hidden_ever: set[int] = set()
    for m in states:
        game = replay(rules, seed, events, m["seq"])
        check_no_hidden_card(m, game, 0)
        if game is not None:
            assert m["shape"]["seats"] == list(SEATS) and len(m["game"]["score"]) == 6
            for other in range(1, 6):
                hidden_ever |= set(game.hand.hand_of(other)) - visible_cards(game.hand, 0)
    assert hidden_ever  # the other players' cards were hidden from Player 1
    final_game = replay(rules, seed, events, final)
    assert final_game is not None and final_game.result is not None and max(final_game.score) >= 1
