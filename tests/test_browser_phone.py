"""The table on a phone (a 390x844 viewport) in a real browser, as ``tests/test_browser.py``
runs it: everything needed to act is on one screen without scrolling, measured from the
boxes the page lays out: the hand, the choices (calls or cards), the trick, whose turn
it is and the time left, the score and trump; and at the end the game's result with
"Play again". The measurements are written beside the screenshots
(``test-artifacts/screenshots/phone-measurements.json``)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from _browser_table import SHOTS, assert_in_viewport, shot
from _server_process import ServerProcess
from test_browser import Pages, SeatPage, new_page, play  # noqa: F401 - pytest fixtures
from test_browser_table import assert_no_source_tag, click_and_wait, until_turn

PHONE = {"width": 390, "height": 844}
TO_ACT = ("#scoreboard", "#felt", "#trick", "#turn", "#timer-left", "#hand button.card")
"""What a player needs in view to act (with the choices of the moment)."""


def record(name: str, boxes: dict[str, dict[str, float]]) -> None:
    """Keeps the measured boxes of one state in ``phone-measurements.json``."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / "phone-measurements.json"
    try:
        kept: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError):
        kept = {}
    kept[name] = {sel: {k: round(v) for k, v in box.items()} for sel, box in boxes.items()}
    path.write_text(json.dumps(kept, indent=1, sort_keys=True))


def phone_table(new_page: Pages, server: ServerProcess, **body: Any) -> SeatPage:  # noqa: F811 - fixtures
    """North's page on a phone, at a seeded table (so the seed's notice takes its room
    too) with the longest timer (so its countdown does), started."""
    made = server.create_table(preset="modern-standard", bots="beginner", host="N", timer=600, **body)
    north = SeatPage(new_page(viewport=PHONE), "N")
    north.open(made["links"]["N"])
    assert north.page.locator("#seeded").is_visible()
    north.page.get_by_role("button", name="Start the game").click()
    return north


def test_on_a_phone_the_bidding_of_both_rounds_fits_on_one_screen(new_page: Pages, server: ServerProcess) -> None:  # noqa: F811
    north = phone_table(new_page, server, seed=12, target=10)
    page = north.page
    shown = until_turn(north)
    boxes = assert_in_viewport(page, *TO_ACT, "#choices button")
    assert boxes["#choices button"]["count"] >= 3  # pass, order up, alone (and the hint)
    assert page.locator("#upcard .card").is_visible()
    assert_no_source_tag(page, "the phone while bidding")
    record("bidding, round one", boxes)
    shot(page, "phone-bidding")
    # Round two offers the most choices (each suit, each alone): North passes round one
    # until it comes to him.
    rng = random.Random(4)
    for _ in range(300):
        assert shown["status"] == "playing"
        calls = page.locator("#choices button.call")
        labels = calls.all_inner_texts()
        if any(re.match(r"name .* trump", t) for t in labels):
            break
        if any(t.startswith("pass") for t in labels):
            shown = click_and_wait(north, page.locator("#choices button.call", has=page.locator(".label", has_text=re.compile("^pass$"))))
        else:
            cards = page.locator("#hand button.card.legal")
            shown = click_and_wait(north, cards.nth(rng.randrange(cards.count())) if cards.count() else calls.first)
        shown = until_turn(north)
    else:
        raise AssertionError("round two never came to North")
    boxes = assert_in_viewport(page, *TO_ACT, "#choices button")
    assert boxes["#choices button"]["count"] >= 7
    record("bidding, round two", boxes)
    shot(page, "phone-round-two")


def test_on_a_phone_the_play_and_the_result_fit_on_one_screen(new_page: Pages, server: ServerProcess) -> None:  # noqa: F811
    north = phone_table(new_page, server, seed=5, target=2)
    page = north.page

    def trick_on_table(p: SeatPage, shown: dict[str, Any]) -> bool:
        return p.page.locator("#trick .played").count() >= 2 and p.page.locator("#hand button.card.legal").count() > 0
    shown = play({"N": north}, random.Random(9), stop=trick_on_table)
    assert shown["status"] == "playing"
    boxes = assert_in_viewport(page, *TO_ACT, "#hand button.card.legal", "#trick .played")
    assert_no_source_tag(page, "the phone during the play")
    record("play", boxes)
    shot(page, "phone-play")

    end = play({"N": north}, random.Random(10))
    assert end["status"] == "over"
    boxes = assert_in_viewport(page, "#scoreboard", "#felt", "#turn", "#over-banner", "#over-result", "#rematch", "#replay-open")
    assert re.fullmatch(r"(North and South|East and West) win \d+ to \d+\.", page.inner_text("#over-result"))
    record("game over", boxes)
    shot(page, "phone-game-over")
