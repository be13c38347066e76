"""One table in play: the requests its clients send.

Each request (an action, an undo, the start, a chat line, a name, the settings, a seat
taken back, a rematch, a hint) is checked here (legality by the core), then stored and
applied (:meth:`~euchre.server.table_running.RunningTable._commit`), acknowledged and
shown to the connections. The table's state is
:class:`~euchre.server.table_state.TableState`'s, what it shows
:class:`~euchre.server.table_shown.TableShown`'s, its writes, connections and bots
:class:`~euchre.server.table_running.RunningTable`'s. Hints run in worker processes
(:mod:`euchre.server.search`), never in the event loop's process.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

from euchre.bots.advice import NOT_VALUED, NOT_VALUED_PHASES
from euchre.core.actions import Action, action_text, parse_action
from euchre.core.cards import missing_from_pack
from euchre.core.errors import EuchreError
from euchre.core.game import Game
from euchre.core.views import view_of
from euchre.server.connection import Connection
from euchre.server.json_text import dumps as json_text
from euchre.server.protocol import MAX_NAME_CHARS, ProtocolError, check_timer, clean_text
from euchre.server.search import SearchBusy
from euchre.server.state_parts import seat_text
from euchre.server.table_running import RunningTable
from euchre.server.undo import undo_refusal

log = logging.getLogger("euchre.server")


class LiveTable(RunningTable):
    """One table in play, and the requests its clients send (see the module's docstring;
    :meth:`restore` rebuilds one from its stored log)."""

    async def act(self, conn: Connection, text: str, seq: int | None, ref: str | int | None) -> None:
        """A player's action: checked (turn, freshness, legality by the core), stored,
        applied, acknowledged and shown to everyone.

        Args:
            conn: the player's connection.
            text: the action's text form (``play-JH``, ``order``, ``pass``, ...).
            seq: the ``seq`` of the state the player acted on, or None.
            ref: the client's message id, echoed in the ``ack``.

        Raises:
            ProtocolError: ``not_a_player``, ``not_started``, ``game_over``,
                ``not_your_turn``, ``stale``, ``bad_action``, ``illegal_action``,
                ``storage_error``; nothing has changed.
        """
        async with self.lock:
            seat = conn.seat
            if seat is None:
                raise ProtocolError("not_a_player", "spectators cannot act", ref)
            self._check_mine(seat, ref)
            game = self._game_in_play(ref)
            if game.turn != seat:
                raise ProtocolError("not_your_turn", f"it is {self.shape.titles[game.turn]}'s turn, not {self.shape.titles[seat]}'s", ref)
            if seq is not None and not self.changed_at <= seq <= self.seq:
                raise ProtocolError("stale", f"you acted on state {seq}; the table is at {self.seq}", ref)
            try:
                code = parse_action(text)
            except EuchreError as exc:
                raise ProtocolError("bad_action", str(exc), ref) from None
            legal = [int(a) for a in game.legal_actions()]
            if code not in legal:
                act = Action(code)
                with_card = act.is_play or act.is_discard or act.is_give or act.is_card_call
                absent = missing_from_pack(action_text(code).partition("-")[2], self.rules.deck, self.rules.joker,
                                           self.rules.joker_card) if with_card else None
                why = f" ({absent.rstrip('.')})" if absent is not None else ""
                raise ProtocolError("illegal_action", f"{action_text(code)} is not legal now{why}; legal: "
                                    f"{', '.join(action_text(c) for c in legal)}", ref)
            await self._commit("action", seat, {"action": action_text(code), "by": "human"})
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    async def undo(self, conn: Connection, ref: str | int | None) -> None:
        """The lone person at a table of bots takes back his last decision: the game and
        the bots go back to the moment he made it (:mod:`euchre.server.undo`), and the
        bots then play as they did. Stored as an ``undo`` event, so that a restarted
        server shows the game as it is after it.

        Raises:
            ProtocolError: ``not_a_player``, ``seat_is_bot``, ``not_started``,
                ``game_over``, ``undo_refused`` (another person is seated, or an event's
                table), ``nothing_to_undo`` (no decision of his in this game to take
                back), ``storage_error``; nothing has changed.
        """
        seat = conn.seat
        if seat is None:
            raise ProtocolError("not_a_player", "spectators have no decision to take back", ref)
        async with self.lock:
            self._check_mine(seat, ref)
            if self.status == "over":
                raise ProtocolError("game_over", "the game is over: a finished game cannot be taken back", ref)
            self._game_in_play(ref)
            refused = undo_refusal(self.shape, self.kinds, seat, self.organised)
            if refused is not None:
                raise ProtocolError("undo_refused", refused, ref)
            to = self.checkpoints.last
            if to is None:
                raise ProtocolError("nothing_to_undo", "you have made no decision in this game that can be taken "
                                    "back (a move the timer or a stand-in made for you is no decision of yours)", ref)
            await self._commit("undo", seat, {"to": to})
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    async def start(self, conn: Connection, ref: str | int | None) -> None:
        """A seated player starts the game; bots take the seats nobody claimed.

        Raises:
            ProtocolError: ``not_a_player``, ``already_started``, ``storage_error``.
        """
        async with self.lock:
            if conn.seat is None:
                raise ProtocolError("not_a_player", "spectators cannot start the game", ref)
            self._check_host(conn.seat, "start the game", ref)
            if self.status != "lobby":
                raise ProtocolError("already_started", "the game has started already", ref)
            await self._commit("start", None, {"by": seat_text(conn.seat, self.shape)})
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    async def say(self, conn: Connection, text: str, ref: str | int | None) -> None:
        """A chat line from a seat or a spectator, cleaned and limited, stored and sent
        to every connection of the table.

        Raises:
            ProtocolError: ``bad_chat``, ``storage_error``.
        """
        line = clean_text(text, self.config.chat_max_chars)
        if line is None:
            raise ProtocolError("bad_chat", f"a chat line holds 1 to {self.config.chat_max_chars} characters", ref)
        async with self.lock:
            await self._commit("chat", conn.seat, {"text": line})
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            message = json_text({"type": "chat", "line": self.chat[-1]})
            for c in self.connections:
                c.post(message)

    async def rename(self, conn: Connection, name: str, ref: str | int | None) -> None:
        """Set the name shown for the connection's seat.

        Raises:
            ProtocolError: ``not_a_player``, ``bad_name`` (see :meth:`impersonates`),
                ``seat_is_bot`` (a bot plays the seat), ``storage_error``.
        """
        if conn.seat is None:
            raise ProtocolError("not_a_player", "spectators have no seat to name", ref)
        clean = clean_text(name, MAX_NAME_CHARS)
        if clean is None:
            raise ProtocolError("bad_name", f"a name holds 1 to {MAX_NAME_CHARS} characters", ref)
        async with self.lock:
            self._check_mine(conn.seat, ref)  # a bot's moves may not go under a person's name
            pretends = self.impersonates(conn.seat, clean)
            if pretends is not None:
                raise ProtocolError("bad_name", f"{clean!r} could be taken for {pretends}; choose another name", ref)
            await self._commit("name", conn.seat, {"name": clean})
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    def _check_host(self, seat: int, what: str, ref: str | int | None) -> None:
        if self.host is not None and seat != self.host:
            raise ProtocolError("not_host", f"only the host ({self.shape.titles[self.host]}) may {what}", ref)

    def _check_mine(self, seat: int, ref: str | int | None) -> None:
        if self.kinds[seat] == "bot":
            raise ProtocolError("seat_is_bot", f"a bot plays {self.shape.titles[seat]}: take the seat back first "
                                "(take_seat)", ref)

    async def settings(self, conn: Connection, fields: dict[str, Any], ref: str | int | None) -> None:
        """The host changes the table's settings: ``timer`` (0, or seconds for each
        move before a bot plays it for a person present) and ``hints`` (true or false).

        Raises:
            ProtocolError: ``not_a_player``, ``not_host`` (also at an event's table, whose
                settings are the organiser's), ``bad_message`` (a value out of range),
                ``storage_error``.
        """
        if conn.seat is None:
            raise ProtocolError("not_a_player", "spectators cannot change the settings", ref)
        if self.organised:
            raise ProtocolError("not_host", "the event's organiser set this table's timer and hints", ref)
        changes: dict[str, Any] = {}
        if "timer" in fields:
            try:
                changes["timer"] = check_timer(fields["timer"])
            except ValueError as exc:
                raise ProtocolError("bad_message", str(exc), ref) from None
        if "hints" in fields:
            changes["hints"] = bool(fields["hints"])
        if not changes:
            raise ProtocolError("bad_message", "settings changes timer or hints (or both); neither was given", ref)
        async with self.lock:
            self._check_host(conn.seat, "change the settings", ref)
            await self._commit("settings", conn.seat, changes)
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    async def take_seat(self, conn: Connection, ref: str | int | None) -> None:
        """A person takes back the seat a bot has played since the game started without
        him: from now on he plays it.

        Raises:
            ProtocolError: ``not_a_player``, ``not_a_bot_seat`` (he plays it already, or
                the game has not started), ``storage_error``.
        """
        seat = conn.seat
        if seat is None:
            raise ProtocolError("not_a_player", "spectators have no seat to take", ref)
        async with self.lock:
            if self.stopped is not None:
                raise ProtocolError("game_over", f"the game was stopped: {self.stopped}", ref)
            if self.kinds[seat] != "bot":
                raise ProtocolError("not_a_bot_seat", f"you already play {self.shape.titles[seat]}", ref)
            await self._commit("take", seat, {})
            self.absent_since[seat] = None
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    async def rematch(self, conn: Connection, ref: str | int | None) -> None:
        """The host starts a new game at the same table with the same seats (people and
        bots), once the game is over.

        Raises:
            ProtocolError: ``not_a_player``, ``not_host``, ``not_over``, ``storage_error``.
        """
        if conn.seat is None:
            raise ProtocolError("not_a_player", "spectators cannot start a game", ref)
        async with self.lock:
            self._check_host(conn.seat, "start a rematch", ref)
            if self.status != "over":
                raise ProtocolError("not_over", "a rematch is for when the game is over", ref)
            if self.stopped is not None:
                raise ProtocolError("game_over", f"no rematch at this table: {self.stopped}", ref)
            seed = secrets.randbelow(2**62)  # never derived from anything a client has seen
            await self._commit("rematch", conn.seat, {"game": len(self.past_games) + 2, "seed": seed})
            conn.post({"type": "ack", "id": ref, "seq": self.seq})
            self._broadcast()

    async def stop(self, why: str) -> bool:
        """Stop the table's game where it stands (an event's round whose time was called):
        the table is over, the hands finished so far are its result, the hand in play is
        not scored, and every seat is told ``why``. Returns False when it was over
        already.

        Raises:
            ProtocolError: ``storage_error`` (nothing changed).
        """
        async with self.lock:
            if self.status == "over":
                return False
            await self._commit("stop", None, {"why": why})
            self._broadcast()
            return True

    async def hint(self, conn: Connection, ref: str | int | None) -> None:
        """The expert's value of each legal action for the connection's seat, sent to that
        connection only: ``{"type": "hint", "id", "seq", "values": [{"action", "value"}]}``,
        best first, values in expected points of the hand for the seat's side
        (:func:`euchre.bots.advice.action_values`, computed from the seat's view only, in
        a worker process of :attr:`search`). ``seq`` is the table's seq when asked. The
        figures depend only on the state, and the last ones are kept: asking again
        costs nothing.

        Raises:
            ProtocolError: ``not_a_player``, ``not_started``, ``game_over``,
                ``not_your_turn``, or ``busy`` when the workers' queue is full.
        """
        seat = conn.seat
        if seat is None:
            raise ProtocolError("not_a_player", "spectators get no hints", ref)
        if not self.hints:
            who = "the event's organiser" if self.organised else "the host"
            raise ProtocolError("hints_off", f"{who} switched hints off at this table", ref)
        async with self.lock:
            self._check_mine(seat, ref)
            game = self._game_in_play(ref)
            if game.turn != seat:
                raise ProtocolError("not_your_turn", f"hints are for your turn; it is {self.shape.titles[game.turn]}'s", ref)
            seq, changed_at = self.seq, self.changed_at
            view = view_of(game.hand, seat, game.score)
            if view.phase in NOT_VALUED_PHASES:
                raise ProtocolError("no_hint", NOT_VALUED[0].upper() + NOT_VALUED[1:] + ".", ref)
        cached = self._hint_cache
        if cached is not None and cached[:2] == (seat, changed_at):
            ranked = cached[2]
        else:
            try:
                values = await self.search.hint(view, f"hint:{self.id}:{changed_at}")
            except SearchBusy:
                raise ProtocolError("busy", "the server is busy with other hints; ask again in a moment", ref) from None
            except Exception:  # a worker that died twice, a bug in the search: the player hears of it
                log.exception("table %s: a hint failed", self.id)
                raise ProtocolError("busy", "the hint could not be computed; ask again in a moment", ref) from None
            ranked = [{"action": action_text(a), "value": round(v, 3)}
                      for a, v in sorted(values.items(), key=lambda item: -item[1])]
            self._hint_cache = (seat, changed_at, ranked)
        conn.post({"type": "hint", "id": ref, "seq": seq, "values": ranked})

    def _game_in_play(self, ref: str | int | None) -> Game:
        if self.status == "lobby" or self.game is None:
            raise ProtocolError("not_started", "the game has not started; a seated player sends start", ref)
        if self.status == "over":
            raise ProtocolError("game_over", "the game is over", ref)
        return self.game
