"""One event's log (euchre.events.event): a Swiss and a round robin seated round by round
from the results entered, results that can no longer change, and the definition's
checks. Expected pairings are worked by hand (see test_events_tournament for the rules)."""

from __future__ import annotations

import pytest

from euchre.core.presets import preset
from euchre.events.errors import EventError
from euchre.events.event import Event
from euchre.events.movements import rotation_round, seating_draw
from euchre.events.spec import EventSpec

TEAMS12 = [f"{t}{i}" for t in "ABCDEF" for i in (1, 2)]  # six teams: A1 & A2, B1 & B2, ...


def event(fmt: str, players: list[str], rounds: int = 3, **over: object) -> Event:
    values: dict[str, object] = {"name": "league", "format": fmt, "players": tuple(players), "rounds": rounds,
                                 "rules": preset("modern-tournament").to_dict()}
    values.update(over)
    return Event(EventSpec(**values))  # type: ignore[arg-type]


def seat(ev: Event) -> None:
    entry = ev.next_round_entry()
    assert entry is not None
    ev.apply(entry)


def test_a_swiss_seated_from_the_results() -> None:
    """Round 1 by seeding: teams 1-2, 3-4, 5-6. Team 1 wins 10-5, team 4 10-7, team 5
    10-9. Round 2 (Monrad): 1-4, then 5 would meet 6 again, so 5-3 and 6-2."""
    ev = event("swiss", TEAMS12)
    seat(ev)
    assert [p.teams for p in ev.pairings[0].pairings] == [(0, 1), (2, 3), (4, 5)]
    assert ev.open_tables() == ["1.1", "1.2", "1.3"]
    assert ev.next_round_entry() is None  # round 1 is still being played
    for key, score in (("1.1", "10-5"), ("1.2", "7-10"), ("1.3", "10-9")):
        ev.apply(ev.result_entry(key, score=score))
    seat(ev)
    assert [p.teams for p in ev.pairings[1].pairings] == [(0, 3), (4, 2), (5, 1)]
    with pytest.raises(EventError, match="round 1 is over"):
        ev.result_entry("1.1", score="10-2")
    with pytest.raises(EventError, match="final score"):
        ev.result_entry("2.1", hands="N 3")


def test_a_round_robin_with_a_bye_through_the_log() -> None:
    """Five teams: round 1 team 1 rests, 2-5 and 3-4 play."""
    ev = event("round_robin", TEAMS12[:10], rounds=5)
    seat(ev)
    assert ev.pairings[0].bye == 0 and [p.teams for p in ev.pairings[0].pairings] == [(1, 4), (2, 3)]
    ev.apply(ev.result_entry("1.1", score="6-6"))  # a tie is a draw in a round robin
    ev.apply(ev.result_entry("1.2", score="10-4"))
    rows = ev.standings()
    assert [(r.name, r.match_points) for r in rows][:2] == [("C1 & C2", 2), ("B1 & B2", 1)]  # type: ignore[union-attr]


def test_the_definition_is_checked() -> None:
    with pytest.raises(EventError, match="multiple of 4"):
        event("progressive", TEAMS12[:6], rules=preset("progressive-party").to_dict())
    with pytest.raises(EventError, match="needs a winner of every match"):
        event("single_elimination", TEAMS12, rounds=0, rules=preset("progressive-party").to_dict())
    with pytest.raises(EventError, match="each different"):
        event("swiss", ["A1", "a1", "B1", "B2"])  # names differ in more than case
    with pytest.raises(EventError, match="not among them: Z"):
        event("swiss", TEAMS12[:4], bots=("Z",))
    spec = event("swiss", TEAMS12).spec
    assert EventSpec.from_dict(spec.to_dict()) == spec
    assert spec.breaks == ("buchholz", "point_difference", "points_for")


NAMES8 = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def evening(**over: object) -> Event:
    values: dict[str, object] = {"name": "friday", "format": "progressive", "players": NAMES8, "rounds": 3,
                                 "rules": preset("progressive-party").to_dict(), "seed": 7}
    values.update(over)
    return Event(EventSpec(**values))  # type: ignore[arg-type]


def test_regression_event_round_one_seated_in_the_order_typed_even_with_a_seed() -> None:
    """``euchre event next`` seated round 1 Ann, Bob, Cy, Di at table 1 whatever the seed:
    a progressive evening's players draw for their places (X-15d, X-49), from the
    event's seed, so the same seed seats them the same way again; the organiser may
    seat them as listed (X-32's order of arrival)."""
    ev = evening()
    assert ev.spec.seating == "drawn"
    seat(ev)
    draw = seating_draw(8, 7)
    assert [t.seats for t in ev.seatings[0].tables] == [draw[0:4], draw[4:8]]
    assert draw != tuple(range(8))  # seed 7 does not happen to draw the order typed
    again = evening()
    seat(again)
    assert again.seatings == ev.seatings
    seeds = set()
    for seed in range(20):
        other = evening(seed=seed)
        seat(other)
        seeds.add(tuple(t.seats for t in other.seatings[0].tables))
    assert len(seeds) > 15
    listed = evening(seating="as_listed")
    seat(listed)
    assert [t.seats for t in listed.seatings[0].tables] == [(0, 1, 2, 3), (4, 5, 6, 7)]


def test_a_fixed_rotation_goes_on_from_the_drawn_numbers() -> None:
    """Round 2 of a fixed rotation whose round 1 was drawn is the schedule's round 2 with
    the drawn numbers, so nobody partners anyone twice over seven rounds."""
    ev = evening(movement="fixed_rotation", rounds=7)
    seen: list[frozenset[int]] = []
    for r in range(1, 8):
        seat(ev)
        assert ev.seatings[-1] == rotation_round(8, r, 7, order=seating_draw(8, 7))
        seen.extend(ev.seatings[-1].partnerships())
        for t in ev.seatings[-1].tables:
            ev.apply(ev.result_entry(str(t.table), score="5-3"))
    assert len(seen) == len(set(seen)) == 28


def test_seating_is_checked_and_read_back() -> None:
    """A tournament keeps its teams' order as their seeding: a draw is refused; an
    unknown seating is refused; a definition stored before there was a seating reads as
    a drawn evening."""
    with pytest.raises(EventError, match="seeded in the order"):
        event("swiss", TEAMS12, seating="drawn")
    with pytest.raises(EventError, match="seatings: drawn, as_listed"):
        evening(seating="hat")
    assert event("swiss", TEAMS12).spec.seating == "as_listed"
    spec = evening(seating="as_listed").spec
    assert EventSpec.from_dict(spec.to_dict()) == spec
    old = spec.to_dict()
    del old["seating"]
    assert EventSpec.from_dict(old).seating == "drawn"
