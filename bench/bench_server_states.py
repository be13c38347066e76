"""Benchmark: the server's own work per move, without sockets or a database.

One :class:`~euchre.server.table.LiveTable` with four connections (one per seat) plays
random legal moves; each move is checked, "stored" (a writer that returns at once),
applied, acknowledged and shown to the four seats (each state built and encoded to
JSON, as ``euchre serve`` does). Printed: CPU time per move and the mean message size.
The rest of a move's cost in a running server (websocket frames, system calls, the
event loop, the real storage) is measured by ``bench_server_load.py``.

    .venv/bin/python bench/bench_server_states.py --moves 6000
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
from typing import Any

from euchre.core import preset
from euchre.core.actions import action_text
from euchre.server.config import ServerConfig
from euchre.server.connection import Connection
from euchre.server.storage import TableRow
from euchre.server.table import LiveTable


class _NoStore:
    def set_status(self, *_args: Any) -> None:
        pass


class _NoWriter:
    async def append(self, *_args: Any) -> None:
        pass


async def run(moves: int, seed: int) -> tuple[float, float]:
    """CPU seconds per move and mean characters per message over ``moves`` moves."""
    rules = preset("modern-standard").replace(game_target=50)
    row = TableRow(id="bench", created_at=0.0, preset="modern-standard", rules=rules.to_dict(), bot_level="random",
                   seed=seed, status="lobby")
    config = ServerConfig(db_url="sqlite:///unused", send_queue=10**9, grace_seconds=3600, bot_delay=0)
    rng = random.Random(seed)
    cpu = 0.0
    done = chars = messages = 0
    while done < moves:
        table = LiveTable(row, _NoStore(), config, writer=_NoWriter())  # type: ignore[arg-type]
        conns = [Connection(s, 10**9) for s in range(4)]
        for conn in conns:
            await table.attach(conn)
        await table.start(conns[0], "start")
        while table.status == "playing" and table.game is not None and done < moves:
            for conn in conns:
                conn._pending.clear()
            game = table.game
            code = rng.choice([int(a) for a in game.legal_actions()])
            started = time.process_time()
            await table.act(conns[game.turn], action_text(code), table.seq, done)
            cpu += time.process_time() - started
            done += 1
            for conn in conns:
                chars += sum(len(m) for m in conn._pending)
                messages += len(conn._pending)
    return cpu / moves, chars / max(1, messages)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The server's own CPU time per move (no sockets, no database).")
    parser.add_argument("--moves", type=int, default=6000, help="moves to time (default 6000)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    per_move, size = asyncio.run(run(args.moves, args.seed))
    print(f"{1000 * per_move:.3f} ms of CPU per move (checks, apply, ack, four states built and encoded); "
          f"messages {size:.0f} characters on average; {args.moves} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
