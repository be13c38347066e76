"""What a table's connections are shown: each seat's state, the settings, the records.

Each connection is sent only the state its seat may see (:mod:`euchre.server.serialize`,
built from the core's ``view_of``); a spectator gets the public part. The records and the
face-up replays of the games finished at the table are read from here too.
"""

from __future__ import annotations

import logging
from typing import Any

import anyio.to_thread
import orjson

from euchre.core.errors import EuchreError
from euchre.core.game import Game
from euchre.records import dumps
from euchre.records.egn import dumps_egn
from euchre.server.history import hand_history, replay_json
from euchre.server.json_text import ascii_json
from euchre.server.json_text import dumps as json_text
from euchre.server.serialize import game_json
from euchre.server.state_parts import seat_text, table_shape
from euchre.server.table_state import TableState
from euchre.server.undo import undo_refusal

log = logging.getLogger("euchre.server")


class TableShown(TableState):
    """A table's state as its connections are shown it (see the module's docstring)."""

    def _seats_json(self) -> list[dict[str, Any]]:
        return [{"seat": self.shape.letters[s], "name": self.display_name(s), "kind": self.kinds[s],
                 "connected": self.connected(s), "stand_in": self.is_stand_in(s)} for s in range(self.shape.seats)]

    def settings_json(self) -> dict[str, Any]:
        """The table's settings as every seat sees them: ``{"host": "N" | null, "timer":
        seconds (0: none), "hints": bool, "seeded": bool, "organised": bool}``
        (``organised``: an event's table, whose timer and hints nobody seated may change)."""
        return {"host": None if self.host is None else self.shape.letters[self.host], "timer": self.timer,
                "hints": self.hints, "seeded": self.seeded, "organised": self.organised}

    def records_json(self) -> list[dict[str, Any]]:
        """The records of the games finished at this table, first first: ``[{"game": 1,
        "json": URL, "egn": URL, "replay": URL}, ...]``."""
        finished = len(self.past_games) + (1 if self.status == "over" and self.game is not None else 0)
        base = f"/api/tables/{self.id}"
        return [{"game": n, "json": f"{base}/record.json?game={n}", "egn": f"{base}/record.egn?game={n}",
                 "replay": f"{base}/replay.json?game={n}"} for n in range(1, finished + 1)]

    def state_for(self, seat: int | None, seats: Any = None, history: Any = None) -> dict[str, Any]:
        """The full state a connection of ``seat`` (None: spectator) is sent.

        Args:
            seats: the ``seats`` part if the caller made it already (it is the same for
                every connection), else None.
            history: the ``history`` part likewise (the score history, public).
        """
        game_number = len(self.past_games) + (0 if self.game is None else 1)
        return {
            "type": "state",
            "seq": self.seq,
            "table": self.id,
            "status": self.status,
            "stopped": self.stopped,
            "you": {"role": "spectator" if seat is None else "seat", "seat": None if seat is None else seat_text(seat, self.shape),
                    **self._undo_json(seat)},
            "preset": self.row.preset,
            "house_rules": self.house_rules,
            "preset_changed": self.preset_changed,
            "bot_level": self.row.bot_level,
            "shape": table_shape(self.shape),
            "seats": self._seats_json() if seats is None else seats,
            "game": None if self.game is None else self._game_part(self.game, seat),
            "records": None if self.status != "over" or self.game is None else {
                "json": f"/api/tables/{self.id}/record.json", "egn": f"/api/tables/{self.id}/record.egn",
                "replay": f"/api/tables/{self.id}/replay.json"},
            "settings": self.settings_json(),
            "game_number": game_number,
            "timer_left": self.timer_left(),
            "history": (hand_history(self.game) if self.game is not None else []) if history is None else history,
            "games": self.records_json(),
        }

    def _undo_json(self, seat: int | None) -> dict[str, bool]:
        """``{"undo_offered": bool, "can_undo": bool}`` for a seat's state: whether this
        table offers it to take back its decisions now (a game in play, every other seat
        a bot, not an event's table, a bot not playing the seat), and whether it has one
        to take back."""
        offered = (seat is not None and self.status == "playing" and self.kinds[seat] == "human"
                   and undo_refusal(self.shape, self.kinds, seat, self.organised) is None)
        return {"undo_offered": offered, "can_undo": offered and self.checkpoints.last is not None}

    def _game_part(self, game: Game, seat: int | None) -> dict[str, Any]:
        """The ``game`` part of a seat's state; a table that is over offers no action
        (a game stopped by its event leaves a hand in play)."""
        part = game_json(game, seat, self._parts)
        return {**part, "legal": []} if self.status == "over" and part["legal"] else part

    def _broadcast(self) -> None:
        """Send every connection the state its seat may see (one JSON text per seat)."""
        texts: dict[int | None, str] = {}
        seats = history = None
        for conn in self.connections:
            text = texts.get(conn.seat)
            if text is None:
                if seats is None:
                    seats = orjson.Fragment(ascii_json(orjson.dumps(self._seats_json())))
                    history = orjson.Fragment(orjson.dumps(hand_history(self.game) if self.game is not None else []))
                text = texts[conn.seat] = json_text(self.state_for(conn.seat, seats, history))
            conn.post(text)

    def timer_left(self) -> float | None:
        """Seconds left to the person to act before the timer plays for him, or None
        (no timer, no game in play, or a bot's or absent seat's turn)."""
        game = self.game
        if not self.timer or self.status != "playing" or game is None or game.is_over:
            return None
        seat = game.turn
        if self.kinds[seat] != "human" or self.absent_since[seat] is not None:
            return None
        return round(max(0.0, self.turn_since + self.timer - self.clock()), 1)

    # ------------------------------------------------------------------ records
    def _names_of(self, game: Game) -> list[str]:
        """The names the records of ``game`` (one of this table's) give: as they were
        when it ended."""
        games = [*self.past_games, *([self.game] if self.game is not None else [])]
        index = next(i for i, g in enumerate(games) if g is game)
        return self.game_names[index] if index < len(self.game_names) else self.players()

    def finished_game(self, number: int | None = None) -> Game:
        """Game ``number`` (from 1) of this table, or the last one, when it is over.

        Raises:
            EuchreError: no such game, or it is not over.
        """
        games = [*self.past_games, *([self.game] if self.game is not None else [])]
        if number is None:
            number = len(games)
        if not 1 <= number <= len(games) or (number == len(games) and self.status != "over"):
            raise EuchreError("the game is not over" if number == len(games) else f"no game {number} at this table")
        return games[number - 1]

    def record_json(self, number: int | None = None) -> str:
        """The game record (:mod:`euchre.records`) of game ``number`` (default the
        last), once it is over.

        Raises:
            EuchreError: no such game, or it is not over.
        """
        game = self.finished_game(number)
        return dumps(game, self._names_of(game))

    async def replay(self, number: int) -> bytes:
        """The face-up replay of finished game ``number`` as JSON bytes (``{"game":
        number, ...}``, :func:`euchre.server.history.replay_json`): computed once, in a
        thread, and kept while the table is in memory, so asking again costs nothing
        and requests for it at once compute it once.

        Raises:
            EuchreError: no such game, or it is not over.
        """
        game = self.finished_game(number)
        async with self._replay_lock:
            made = self._replays.get(number)
            if made is None:
                replay = await anyio.to_thread.run_sync(replay_json, game)
                made = self._replays[number] = orjson.dumps({"game": number, **replay})
        return made

    def record_egn(self, number: int | None = None) -> str:
        """Game ``number`` (default the last) in Euchre Game Notation, once it is over.

        Raises:
            EuchreError: no such game, or it is not over. RecordError: EGN cannot express these rules.
        """
        game = self.finished_game(number)
        return dumps_egn(game, self._names_of(game))
