"""The page's Undo (issue 34), in a real browser as ``tests/test_browser.py`` runs it:
a person alone with bots makes his first decision (a call, or a card), then presses
Undo, and the page shows the table as it was before (his hand, the calls made, his
choices), the Undo button disabled again with no decision left to take back; at a table
with a second person there is no Undo at all."""

from __future__ import annotations

from _browser_table import shot
from _server_process import ServerProcess
from test_browser import Pages, SeatPage, new_page  # noqa: F401 - pytest fixtures
from test_browser_table import hand_codes, until_turn


def _table_shown(seat: SeatPage) -> tuple[list[str], str, str]:
    page = seat.page
    return hand_codes(page), page.inner_text("#calls"), page.inner_text("#choices")


def test_undo_on_the_page_takes_back_the_last_decision(new_page: Pages, server: ServerProcess) -> None:  # noqa: F811
    made = server.create_table(preset="modern-standard", seed=7, target=5, bots="random", host="N")
    north = SeatPage(new_page(), "N")
    north.open(made["links"]["N"])
    page = north.page
    page.get_by_role("button", name="Start the game").click()
    shown = until_turn(north)
    assert shown["status"] == "playing"
    undo = page.locator("#undo-button")
    assert undo.is_visible() and undo.is_disabled()  # no decision of his yet
    assert page.locator("#choices #undo-button").count() == 0  # not among the moves
    before = _table_shown(north)
    seq = shown["seq"]
    north.pace.wait()
    calls = page.locator("#choices button.call")
    (calls.last if calls.count() else page.locator("#hand button.card.legal").first).click()
    shown = north.wait_seq(seq + 1)
    page.wait_for_function("() => !document.getElementById('undo-button').disabled")
    assert _table_shown(north) != before
    shot(page, "undo-offered")
    north.pace.wait()
    undo.click()
    page.wait_for_function("() => document.getElementById('undo-button').disabled")
    assert _table_shown(north) == before
    shot(page, "undo-done")
    assert north.shown()["turn"] == "N" and north.error() == ""


def test_no_undo_with_a_second_person_at_the_table(new_page: Pages, server: ServerProcess) -> None:  # noqa: F811
    made = server.create_table(preset="modern-standard", seed=7, target=5, bots="random", host="N")
    north, south = SeatPage(new_page(), "N"), SeatPage(new_page(), "S")
    north.open(made["links"]["N"])
    south.open(made["links"]["S"])
    north.page.get_by_role("button", name="Start the game").click()
    north.page.wait_for_function("() => document.getElementById('table').dataset.status === 'playing'")
    south.page.wait_for_function("() => document.getElementById('table').dataset.status === 'playing'")
    for seat in (north, south):
        assert seat.page.locator("#undo-button").count() == 0
