"""Events in SQL (euchre.events.store) and tables played by bots (euchre.events.play):
a crash in the middle of a round loses nothing committed, duplicate deals give every
table of a round the same cards, and a bots' table tallies exactly the engine's
``GameResult.player_points``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import euchre.events.event as event_module
from euchre.core.game import Game
from euchre.core.presets import preset
from euchre.events.errors import EventError
from euchre.events.event import Event
from euchre.events.hand_tally import hand_from_result
from euchre.events.movements import rotation_order, rotation_round
from euchre.events.play import DuplicateDeals, play_table
from euchre.events.spec import EventSpec
from euchre.events.store import EventStore

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
SRC = Path(__file__).resolve().parents[1] / "src"


def spec(**over: object) -> EventSpec:
    values: dict[str, object] = {"name": "friday", "format": "progressive", "players": tuple(NAMES), "rounds": 3,
                                 "rules": preset("progressive-party").to_dict(), "seed": 11}
    values.update(over)
    return EventSpec(**values)  # type: ignore[arg-type]


def test_an_event_and_its_log_read_back_the_same(tmp_path: Path) -> None:
    store = EventStore(f"sqlite:///{tmp_path / 'e.sqlite3'}")
    store.migrate()
    store.create(spec())
    event = store.load("friday")
    first = event.next_round_entry()
    assert first is not None
    store.append("friday", 0, [first])
    entry = Event(spec(), [first]).result_entry("1", hands="N 3; E 5; S 5 alone; W 2; N 3; N 3; N 3; N 3")
    store.append("friday", 1, [entry])
    again = store.load("friday")
    assert again.spec == spec() and again.entries == [first, entry]
    assert again.tables[(1, 1)].totals == (11, 2, 11, 2)  # 1+0+4+2+1+1+1+1 for N-S, 2 for E-W
    with pytest.raises(EventError, match="exists"):
        store.create(spec())
    with pytest.raises(EventError, match="another writer"):
        store.append("friday", 1, [entry])  # a writer that read an old log
    with pytest.raises(EventError, match="events: friday"):
        store.load("saturday")
    with pytest.raises(EventError, match="in-memory"):
        EventStore("sqlite://")
    store.close()


CRASH = textwrap.dedent("""
    import os, sys, json
    sys.path.insert(0, {src!r})
    from sqlalchemy import insert
    from euchre.core.presets import preset
    from euchre.events.spec import EventSpec
    from euchre.events.store import EventStore
    from euchre.storage.events import entries_table
    store = EventStore({url!r})
    store.migrate()
    spec = EventSpec.from_dict(json.loads({spec!r}))
    store.create(spec)
    event = store.load("friday")
    entry = event.next_round_entry()
    store.append("friday", 0, [entry]); event.apply(entry)
    entry = event.result_entry("1", score="9-3")
    store.append("friday", 1, [entry]); event.apply(entry)
    # Table 2's result is being written when the process dies: its transaction is
    # never committed, and nothing is closed.
    entry = event.result_entry("2", score="4-8")
    connection = store.engine.connect()
    connection.begin()
    connection.execute(insert(entries_table).values(competition="friday", seq=2, kind="table",
                                                    data=json.dumps(entry), created_at=0.0))
    print(json.dumps(event.entries), flush=True)
    os._exit(9)
""")


def test_a_crash_in_the_middle_of_a_round_loses_nothing_committed(tmp_path: Path) -> None:
    """The process writes round 1's seating and table 1's result, then dies (os._exit)
    in the middle of writing table 2's, with its engine and connection never closed.
    Reopened: the two committed entries, equal to what the process had; table 2 is still
    open, and entering it again finishes the round."""
    url = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    script = CRASH.format(src=str(SRC), url=url, spec=json.dumps(spec().to_dict()))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(SRC)})
    assert done.returncode == 9, done.stderr
    written = json.loads(done.stdout)
    store = EventStore(url)
    event = store.load("friday")
    assert event.entries == written
    assert event.open_tables() == ["2"]
    assert event.tables[(1, 1)].totals == (9, 3, 9, 3)
    entry = event.result_entry("2", score="4-8")
    store.append("friday", len(event.entries), [entry])
    event = store.load("friday")
    assert event.round_done(1) and event.tables[(1, 2)].winner == 1
    store.close()


def deals_by_count(game: Game) -> dict[tuple[int, int], tuple[Any, Any, int]]:
    """The cards of each deal of a game by ``(c, j)``: the c-th time the deal passed and
    the j-th redeal by the same dealer (:mod:`euchre.events.play`)."""
    out = {}
    c, j, last = -1, 0, None
    for h in game.finished_hands:
        if last is not None and h.dealer == last:
            j += 1
        else:
            c, j = c + 1, 0
        last = h.dealer
        out[(c, j)] = (h.deal_hands, h.stock, h.dealer)
    return out


def test_duplicate_deals_give_every_table_of_a_round_the_same_cards() -> None:
    """Two tables of round 1, played by bots of different levels (so their bidding and
    play differ): deal c (the c-th time the deal passed) and redeal j have the same cards
    in the same seats at both; another round gets other cards."""
    rules = preset("progressive-party")

    def deals(levels: list[str], key: int) -> dict[tuple[int, int], tuple[Any, Any, int]]:
        return deals_by_count(play_table(rules, levels, 0, seed=5 if levels[0] == "random" else 6,
                                         duplicate_key=key, event_seed=3))

    a, b = deals(["random"] * 4, 1), deals(["intermediate"] * 4, 1)
    common = set(a) & set(b)
    assert len(common) >= 8
    assert all(a[k] == b[k] for k in common)
    assert all(a[(c, 0)][2] == c % 4 for c, j in a if j == 0)  # deal c dealt by seat c mod 4
    other = deals(["random"] * 4, 2)
    assert other[(0, 0)] != a[(0, 0)]
    # The provider alone: two tables asking for the same deals get the same hands.
    p, q = DuplicateDeals(rules, 3, 1), DuplicateDeals(rules, 3, 1)
    for index, dealer in enumerate([0, 0, 1, 2, 2, 3]):
        x, y = p(index, dealer), q(index, dealer)
        assert (x.deal_hands, x.stock, x.dealer) == (y.deal_hands, y.stock, y.dealer)


def test_a_bots_table_tallies_the_engines_player_points() -> None:
    """Without house scoring each hand's tally is its side's points, and they add up to
    the engine's GameResult.player_points (RULES.md decision 24)."""
    rules = preset("progressive-party")
    game = play_table(rules, ["intermediate"] * 4, 2, seed=9)
    assert game.result is not None
    tallies = [hand_from_result(h.result, rules, spec().house) for h in game.finished_hands if h.result is not None]
    counted = [t for t in tallies if t is not None]
    assert len(counted) == rules.progressive_hands
    assert tuple(sum(t.points[s] for t in counted) for s in range(4)) == game.result.player_points


def test_a_progressive_evening_of_bots_plays_to_the_end_in_the_store(tmp_path: Path) -> None:
    """Eight bots, three rounds, winners up and losers down: every round seated from the
    last, every table played, and the standings' totals are the sums of the tables'."""
    store = EventStore(f"sqlite:///{tmp_path / 'e.sqlite3'}")
    store.migrate()
    store.create(spec(bots=tuple(NAMES), duplicate=True))
    for _ in range(3):
        event = store.load("friday")
        entry = event.next_round_entry()
        assert entry is not None
        store.append("friday", len(event.entries), [entry])
        event.apply(entry)
        played = event.play_entries()
        store.append("friday", len(event.entries), played)
    event = store.load("friday")
    assert event.is_over and event.next_round_entry() is None
    rows = event.standings()
    totals = {p: 0 for p in range(8)}
    for r in event.tables.values():
        for seat, p in enumerate(r.seats):
            totals[p] += r.totals[seat]
    assert {s.player: s.total for s in rows} == totals  # type: ignore[union-attr]
    store.close()


def test_the_drawn_seating_is_kept_by_the_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1's draw is written with the round (the log holds the seats), so a store
    opened again shows the same tables without drawing again: with the draw changed
    after the round was written (a later version of the draw), the event read back and
    its next round still follow the seating written."""
    url = f"sqlite:///{tmp_path / 'e.sqlite3'}"
    store = EventStore(url)
    store.migrate()
    store.create(spec(movement="fixed_rotation"))
    event = store.load("friday")
    first = event.next_round_entry()
    assert first is not None
    store.append("friday", 0, [first])
    drawn = [t.seats for t in Event(spec(movement="fixed_rotation"), [first]).seatings[0].tables]
    store.close()

    monkeypatch.setattr(event_module, "seating_draw", lambda players, seed: tuple(reversed(range(players))))
    again = EventStore(url)
    event = again.load("friday")
    assert [t.seats for t in event.seatings[0].tables] == drawn
    for t in ("1", "2"):
        entry = event.result_entry(t, score="5-3")
        again.append("friday", len(event.entries), [entry])
        event.apply(entry)
    second = event.next_round_entry()
    assert second is not None
    expected = rotation_round(8, 2, 11, order=rotation_order(event.seatings[0]))
    assert [tuple(s) for _, s, _ in second["tables"]] == [t.seats for t in expected.tables]
    assert rotation_order(event.seatings[0]) != tuple(reversed(range(8)))
    again.close()
