"""The event writer: the appends of every table of a server, batched.

A table stores each event before it applies it (see :mod:`euchre.server.table`). With
many tables in play, one worker thread per event (and one transaction, one sync to disk
per event) cost more than the game itself. :class:`EventWriter` collects the events
that tables hand it while a write is under way and stores them with one call of
:meth:`Store.append_many <euchre.server.storage.Store.append_many>` in a worker thread
(one transaction for all). Each table still waits until its own event is committed.
"""

from __future__ import annotations

import asyncio
from typing import Any

import anyio.to_thread

from euchre.server.storage import NewEvent, StorageError, Store


class EventWriter:
    """Appends events from coroutines, in batches, in the running event loop.

    Args:
        store: the storage.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[tuple[NewEvent, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None

    async def append(self, table_id: str, seq: int, kind: str, seat: int | None, data: dict[str, Any],
                     created_at: float) -> None:
        """Store one event; returns once it is committed.

        Raises:
            StorageError: it was refused or the write failed; nothing of it is stored.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append(((table_id, seq, kind, seat, data, created_at), future))
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._drain(), name="euchre-event-writer")
        await future

    async def _drain(self) -> None:
        """Write what is waiting, in batches, until nothing is."""
        while self._waiting:
            batch, self._waiting = self._waiting, []
            outcomes: list[StorageError | None] = [StorageError("the event writer was stopped")] * len(batch)
            try:
                outcomes = await anyio.to_thread.run_sync(self.store.append_many, [event for event, _ in batch])
            except Exception as exc:  # the store reports per event; this is a failure of the call itself
                outcomes = [StorageError(f"storing events failed: {exc}")] * len(batch)
            finally:  # cancelled (the server stops): nobody waits for ever
                for (_, future), error in zip(batch, outcomes, strict=True):
                    if future.done():  # its table stopped waiting (cancelled)
                        continue
                    if error is None:
                        future.set_result(None)
                    else:
                        future.set_exception(error)
