"""The events' tables through the storage layer (:mod:`euchre.storage.events`), below
:class:`euchre.events.store.EventStore`: what is written reads back as it was, a refused
write changes nothing, and a damaged stored value is a clear error, not a traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine, update

from euchre.storage.events import (
    EventRow,
    append_entries,
    competitions_table,
    count_entries,
    create_event,
    list_events,
    load_event,
)
from euchre.storage.sql import migrate, open_engine, sqlite_url


class Refused(Exception):
    """The caller's error class in these tests."""


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    opened = open_engine(sqlite_url(tmp_path / "events.sqlite3"), Refused, in_memory="a file")
    migrate(opened, Refused)
    return opened


def test_an_event_and_its_log_read_back_as_written(engine: Engine) -> None:
    create_event(engine, "friday", "progressive", {"name": "friday", "rounds": 3, "title": "Vendredi é"}, Refused)
    append_entries(engine, "friday", 0, [{"kind": "round", "n": 1}, {"kind": "table", "score": [5, 3]}], Refused)
    append_entries(engine, "friday", 2, [{"kind": "round", "n": 2}], Refused, over=True)
    assert load_event(engine, "friday", Refused) == (
        {"name": "friday", "rounds": 3, "title": "Vendredi é"},
        [{"kind": "round", "n": 1}, {"kind": "table", "score": [5, 3]}, {"kind": "round", "n": 2}])
    assert count_entries(engine, "friday", Refused) == 3
    [row] = list_events(engine, Refused)
    assert (row.name, row.format, row.status) == ("friday", "progressive", "over") and isinstance(row, EventRow)
    assert load_event(engine, "saturday", Refused) is None


def test_a_refused_write_changes_nothing(engine: Engine) -> None:
    create_event(engine, "friday", "progressive", {"v": 1}, Refused)
    with pytest.raises(Refused, match="an event named 'friday' exists"):
        create_event(engine, "friday", "swiss", {"v": 2}, Refused)
    append_entries(engine, "friday", 0, [{"kind": "round"}], Refused)
    with pytest.raises(Refused, match="storing the entries of event 'friday' failed"):
        append_entries(engine, "friday", 0, [{"kind": "round", "again": True}], Refused)  # seq 0 taken
    with pytest.raises(Refused, match="storing the entries of event 'friday' failed"):
        append_entries(engine, "friday", 1, [{"no kind": 1}], Refused)
    assert load_event(engine, "friday", Refused) == ({"v": 1}, [{"kind": "round"}])
    assert [r.format for r in list_events(engine, Refused)] == ["progressive"]


def test_regression_a_damaged_stored_definition_is_a_clear_error(engine: Engine) -> None:
    """Before the storage layer, a stored definition that was not JSON raised a bare
    JSONDecodeError out of ``EventStore.load``; now the caller's error names the event."""
    create_event(engine, "friday", "progressive", {"v": 1}, Refused)
    assert load_event(engine, "friday", Refused) == ({"v": 1}, [])  # control: sound, it loads
    with engine.begin() as connection:
        connection.execute(update(competitions_table).values(spec="{not json"))
    with pytest.raises(Refused, match=r"reading event 'friday' failed: .*"):
        load_event(engine, "friday", Refused)
