"""Benchmark: a bystander's latency while many players ask for hints at once.

Starts ``euchre serve`` (``--delay 0``, a temporary SQLite file, ``--search-workers`` and
``--search-queue`` as given) and creates ``--hinters`` tables at which one client plays
North against three ``intermediate`` bots and asks for a hint (the expert's values: 32
rollout worlds a call, 100 solved worlds a card) at every one of its turns before it
acts, asking again a second after a ``busy`` answer, as a person would. Beside them a *bystander* plays North at
another table at a person's pace (``--think`` seconds before each action) and sends a
``ping`` every 0.2 s. Measured in the window of ``--seconds``: the bystander's ping
round trips and action latencies (send to ``ack``) as p50/p95/p99/max, and the hints
computed and refused.

The hints run in the server's worker processes (:mod:`euchre.server.search`); before
they did, in threads of the event loop's process, a bystander's ping reached 3.9 s
with 48 hints at once.

    .venv/bin/python bench/bench_server_hints.py --hinters 48 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server_load import cpu_seconds, create_table, free_port, percentile, start_server


@dataclass
class Figures:
    """What the clients measured inside the window."""

    pings: list[float] = field(default_factory=list)
    actions: list[float] = field(default_factory=list)
    hints: int = 0
    busy: int = 0
    errors: dict[str, int] = field(default_factory=dict)


class Window:
    """The measured window: open from ``start`` to ``end`` (monotonic seconds)."""

    def __init__(self, warmup: float, seconds: float) -> None:
        self.start = time.monotonic() + warmup
        self.end = self.start + seconds

    def inside(self, t: float) -> bool:
        return self.start <= t < self.end

    def over(self) -> bool:
        return time.monotonic() >= self.end


async def _seat(session: aiohttp.ClientSession, port: int, seed: int) -> aiohttp.ClientWebSocketResponse:
    made = await asyncio.to_thread(create_table, port, 50, seed, "intermediate")  # a target of 50: games last
    ws = await session.ws_connect(f"ws://127.0.0.1:{port}/ws", max_msg_size=2**22)
    await ws.send_str(json.dumps({"type": "join", "token": made["seats"]["N"]}))
    await ws.send_str(json.dumps({"type": "start", "id": "start"}))
    return ws


async def hinter(session: aiohttp.ClientSession, port: int, seed: int, window: Window, figures: Figures) -> None:
    """North asks a hint at each of its turns, then plays a random legal action."""
    rng = random.Random(seed)
    ws = await _seat(session, port, seed)
    asked = -1
    while not window.over():
        try:
            msg = json.loads(await asyncio.wait_for(ws.receive_str(), timeout=max(0.1, window.end - time.monotonic())))
        except (TimeoutError, TypeError):
            break
        kind = msg["type"]
        if kind == "state" and msg["game"] and msg["game"].get("legal") and msg["seq"] != asked:
            asked = msg["seq"]
            while True:  # the hint, asked again a second after a busy or rate_limited answer, like a person
                await ws.send_str(json.dumps({"type": "hint", "id": asked}))
                while True:
                    answer = json.loads(await ws.receive_str())
                    if answer["type"] == "hint" or (answer["type"] == "error" and answer.get("id") == asked):
                        break
                inside = window.inside(time.monotonic())
                if answer["type"] == "hint" or answer["code"] not in ("busy", "rate_limited"):
                    figures.hints += inside and answer["type"] == "hint"
                    break
                figures.busy += inside and answer["code"] == "busy"
                await asyncio.sleep(1.0)
            await asyncio.sleep(0.25)  # two messages a turn: stay under the rate limit (8 a second)
            action = rng.choice(msg["game"]["legal"])["action"]
            await ws.send_str(json.dumps({"type": "action", "action": action, "seq": msg["seq"], "id": f"a{asked}"}))
        elif kind == "state" and msg["status"] == "over":
            break
    await ws.close()


async def bystander(session: aiohttp.ClientSession, port: int, seed: int, think: float, window: Window,
                    figures: Figures) -> None:
    """North plays at a person's pace and pings every 0.2 s; both are timed."""
    rng = random.Random(seed)
    ws = await _seat(session, port, seed)
    sent: dict[str, tuple[float, str]] = {}

    async def pinger() -> None:
        n = 0
        while not window.over():
            n += 1
            sent[f"p{n}"] = (time.monotonic(), "ping")
            await ws.send_str(json.dumps({"type": "ping", "id": f"p{n}"}))
            await asyncio.sleep(0.2)

    async def act(state: dict[str, Any]) -> None:
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        action = rng.choice(state["game"]["legal"])["action"]
        ref = f"a{state['seq']}"
        sent[ref] = (time.monotonic(), "action")
        await ws.send_str(json.dumps({"type": "action", "action": action, "seq": state["seq"], "id": ref}))

    loop = asyncio.get_running_loop()
    task = loop.create_task(pinger())
    acting: set[asyncio.Task[None]] = set()
    pending_seq = -1
    while not window.over():
        try:
            msg = json.loads(await asyncio.wait_for(ws.receive_str(), timeout=max(0.1, window.end - time.monotonic())))
        except (TimeoutError, TypeError):
            break
        now = time.monotonic()
        ref = msg.get("id")
        if msg["type"] in ("pong", "ack") and isinstance(ref, str) and ref in sent:
            at, what = sent.pop(ref)
            if window.inside(at):
                (figures.pings if what == "ping" else figures.actions).append(now - at)
        elif msg["type"] == "error":
            figures.errors[msg["code"]] = figures.errors.get(msg["code"], 0) + 1
        elif msg["type"] == "state" and msg["game"] and msg["game"].get("legal") and msg["seq"] != pending_seq:
            pending_seq = msg["seq"]  # think in a task: the pongs are read meanwhile
            acting.add(t := loop.create_task(act(msg)))
            t.add_done_callback(acting.discard)
        elif msg["type"] == "state" and msg["status"] == "over":
            break
    task.cancel()
    for t in acting:
        t.cancel()
    await ws.close()


async def run_clients(port: int, hinters: int, seconds: float, think: float, seed: int) -> Figures:
    figures = Figures()
    window = Window(warmup=3.0, seconds=seconds)
    async with aiohttp.ClientSession() as session:
        tasks = [hinter(session, port, seed + 1 + i, window, figures) for i in range(hinters)]
        tasks.append(bystander(session, port, seed, think, window, figures))
        await asyncio.gather(*tasks)
    return figures


def _row(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:<22} none"
    v = sorted(values)
    ms = [1000 * percentile(v, q) for q in (50, 95, 99)]
    return f"{name:<22} n={len(v):5d}  p50 {ms[0]:7.1f}  p95 {ms[1]:7.1f}  p99 {ms[2]:7.1f}  max {1000 * v[-1]:7.1f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A bystander's latency while many players ask for hints.")
    parser.add_argument("--hinters", type=int, default=48, help="tables whose player asks a hint every turn")
    parser.add_argument("--seconds", type=float, default=30.0, help="the measured window (default 30)")
    parser.add_argument("--think", type=float, default=0.5, help="the bystander's time per action (default 0.5 s)")
    parser.add_argument("--search-workers", type=int, default=None, help="the server's --search-workers")
    parser.add_argument("--search-queue", type=int, default=None, help="the server's --search-queue")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    extra: tuple[str, ...] = ()
    if args.search_workers is not None:
        extra += ("--search-workers", str(args.search_workers))
    if args.search_queue is not None:
        extra += ("--search-queue", str(args.search_queue))
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        server = start_server(f"sqlite:///{tmp}/bench.sqlite3", port, Path(tmp) / "server.log", extra)
        try:
            cpu0 = cpu_seconds(server.pid)
            figures = asyncio.run(run_clients(port, args.hinters, args.seconds, args.think, args.seed))
            cpu = cpu_seconds(server.pid) - cpu0
        finally:
            server.terminate()
            server.wait(30)
    print(f"euchre serve with {args.hinters} players asking a hint at every turn, {args.seconds:g} s window, "
          f"server options: {' '.join(extra) or '(defaults)'}")
    print(f"hints answered {figures.hints}, refused busy {figures.busy}; event-loop process CPU {cpu:.1f} s")
    print(_row("bystander ping", figures.pings))
    print(_row("bystander action", figures.actions))
    if figures.errors:
        print(f"bystander errors: {figures.errors}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
