"""The JSON a client receives about the game, built only from the core's views.

A seat's state comes from ``view_of(hand, seat)``; a spectator's from the view of a seat
that is not the dealer, with that seat's own cards and choices left out, so that it
holds only what every seat sees (the upcard and its fate, the calls, the cards played,
who is alone, the score). Nothing here decides what is hidden: the core's
:class:`~euchre.core.views.PlayerView` does (DESIGN.md, "one source of truth").

Shapes (seats are the table's letters, ``"N"``, ``"E"``, ``"S"``, ``"W"`` at the four-hand
table and ``"1"``, ``"2"`` at the two-handed one; scores, tricks and counters have one
entry per side of the table, ``[N-S, E-W]`` or ``[Player 1, Player 2]``; a card
is ``{"code": "JH", "short": "J♥", "name": "Jack of Hearts", "suit": "H"}``, the joker
``{"code": "JK", "short": "Joker", "name": "Joker", "suit": "J"}``)::

    {"score": [3, 5], "target": 10 | null, "hand_number": 4, "bridge": "N-S" | "E-W" | null,  (a side's name)
     "round_hands": 8 | null, "hands_counted": 3,  (progressive play: the round's hands, those played)
     "display": {"score": "numeric" | "counters_2_3" | ..., "turn_down": "face_up_under_stock" | ...},
     "counters": [[COUNTER, COUNTER], [COUNTER, COUNTER]] | null,   (per team, score_display)
     "hand": {"dealer": "W", "phase": "play" | "claims" | ..., "turn": "S" | null,  (claims: the claim round)
              "upcard": CARD, "upcard_state": "up" | "taken" | "turned_down",
              "upcard_face_down": false,     (turned down face down on the stock, S000 L123)
              "joker_aside": false, "trump": "H" | "NT" | null, "trump_name": "hearts" | null,
              "maker": "E" | null, "alone": null, "defender_alone": null, "sitting_out": [],
              "called": CARD | null, "partner": "3" | null,  (call-ace: the card the maker called;
                                              the seat that played it, once it is played)
              "calls": [{"seat": "N", "action": "pass" | null, "words": "Pass.",
                         "cards": [CARD, ...],     (cards: only on a claim, the cards it shows)
                         "outcome": "Upheld. East revoked in trick 1: ...",  (only on a revoke claim,
                                                    sides written "E–W" as the page writes them)
                         "claim": {"upheld": true, "trick": 2 | null,  (only on a revoke claim: made
                                   "points": [2, 0]}}],     during trick 2, or null after the last
                                                    trick; the points its law gives each side)
              "trick": [{"seat": "N", "card": CARD}],
              "tricks": [{"leader": "N", "winner": "E", "cards": [{"seat": "N", "card": CARD}]}],
              "tricks_won": [1, 2], "hand_sizes": [3, 3, 3, 3],
              "cards": [CARD, ...],          (a seat's own cards, in the core's display order:
                                              trump first, the left bower with it; [] for a spectator)
              "discard": CARD | null},       (the dealer's own discard, to the dealer only)
     "legal": [{"action": "play-JH", "kind": "play" | "discard" | "give" | "call",
                "card": "JH" | null, "label": "play J♥", "words": "J♥",
                "revoke": false}],   (table mode's plays only: true for a card that fails to follow suit)
     "previous": {"hand_number": 3, "dealer": "S", "upcard": CARD, "trump": "C", ...,
                  "tricks": [...], "result": {"points": [0, 2], "tricks": [2, 3], "label": "euchre",
                     "kind": "played" | "passed_out" | "forfeit" | "thrown_in" | "renege",
                     "hand_points": [0, 2], "hand_label": "euchre",  (the play's own points and
                                              label, without what the claims' laws gave)
                     "same_dealer": false}} | null,   (a deal thrown in that the same dealer deals again)
     "result": {"winner": "N-S" | null, "score": [10, 7], "games": 1,
                "player_points": [10, 7, 10, 7]} | null}   (winner null: a tie in progressive play)

A ``COUNTER`` is ``{"pips": 3, "name": "tray", "face_up": true, "showing": 3}``
(:mod:`euchre.core.counters`); a side's counters are null when its points are beyond
what they show. The page honours the display options (``score_display``,
``turn_down_display``) as the terminal does.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

import orjson

from euchre.core.actions import ACTIONS, PLAY_BASE, Action, action_text, is_discard_code, is_give_code
from euchre.core.cards import JOKER, NO_TRUMP, Card, card_code, sort_hand
from euchre.core.counters import counters
from euchre.core.game import Game, bridge_team
from euchre.core.hand import HandState, Phase
from euchre.core.revokes import false_claim_points, revoke_points
from euchre.core.rules import Rules
from euchre.core.seats import FOUR_HANDED, Table
from euchre.core.state import HandResult
from euchre.core.views import PlayerView, public_view_of, view_of
from euchre.core.words import (
    claim_outcome,
    claim_round_length,
    describe,
    describe_pending,
    history_phases,
    in_claim_round,
    plain,
    suit_word,
)

SEATS = FOUR_HANDED.letters
"""The seat letters of the four-hand table (a table's own are ``Table.letters``)."""


def seat_text(seat: int, table: Table = FOUR_HANDED) -> str | None:
    """The letter of a seat of ``table`` (``"N"``..``"W"`` at the four-hand table), None
    for -1 (nobody)."""
    return table.letters[seat] if 0 <= seat < table.seats else None


def table_shape(table: Table) -> dict[str, Any]:
    """The table's shape for the page: its seats clockwise (letters), their titles, and
    its sides (name and seats): ``{"seats": ["N", "E", "S", "W"], "titles": {"N":
    "North", ...}, "sides": [{"name": "N-S", "seats": ["N", "S"]}, ...]}``."""
    letters = list(table.letters)
    return {"seats": letters, "titles": dict(zip(letters, table.titles, strict=True)),
            "sides": [{"name": table.team_names[i], "seats": [letters[s] for s in team]}
                      for i, team in enumerate(table.teams)]}


@functools.cache
def card_json(card: int, joker_card: str = "joker") -> dict[str, str]:
    """A card for the client: its code, short text, English name (for screen readers)
    and suit letter (``J`` for the joker, whose text is that of the card standing for it,
    ``joker_card``: ``2♠`` for the two of spades; its code stays ``JK``, as actions name
    it). Made once per card and shared: read only."""
    c = Card(card)
    return {"code": card_code(card), "short": c.pretty(joker_card), "name": c.name_text(joker_card),
            "suit": "J" if card == JOKER else "CDHS"[card >> 3]}


_NOT_ASCII = re.compile("[^\x00-\x7f]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    code -= 0x10000  # a UTF-16 surrogate pair, as JSON writes it
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def ascii_json(text: bytes) -> bytes:
    """JSON text with every character beyond ASCII written as a ``\\uXXXX`` escape: the
    same JSON to any reader (such characters can only be inside strings), and ASCII
    text costs the server next to nothing to turn into a ``str`` and back into the
    bytes of a websocket frame (the card symbols made that a tenth of sending a state)."""
    if text.isascii():
        return text
    return _escaped(text)


@functools.lru_cache(maxsize=4096)
def _escaped(text: bytes) -> bytes:
    # The same calls, legal actions and tricks come back hand after hand, table after table.
    return _NOT_ASCII.sub(_escape, text.decode()).encode("ascii")


@functools.cache
def card_fragment(card: int, joker_card: str = "joker") -> orjson.Fragment:
    """:func:`card_json` as ASCII JSON text, made once per card."""
    return orjson.Fragment(ascii_json(orjson.dumps(card_json(card, joker_card))))


def _trump_text(trump: int) -> str | None:
    if trump == -1:
        return None
    return "NT" if trump == NO_TRUMP else "CDHS"[trump]


def _upcard_state(view: PlayerView) -> str:
    if view.upcard_to_dealer:
        return "taken"
    if view.phase in (Phase.BID_ROUND_1, Phase.BLIND_NAME):
        return "up"
    return "turned_down"


def _tricks_json(view: PlayerView, card: Callable[[int, str], Any] = card_json) -> list[dict[str, Any]]:
    jk = view.rules.joker_card
    table = view.table
    return [{"leader": seat_text(t.leader, table), "winner": seat_text(t.winner, table),
             "cards": [{"seat": seat_text(s, table), "card": card(c, jk)} for s, c in zip(t.seats, t.cards, strict=True)]}
            for t in view.tricks]


_UNLISTED = frozenset([*range(PLAY_BASE, PLAY_BASE + 33), int(Action.LET_STAND)])
"""The codes of the history entries the calls list leaves out (:func:`is_listed`)."""


def is_listed(code: int) -> bool:
    """Whether the calls list (:func:`_calls_json`) shows a history entry of ``code``:
    every decision but a card played (shown as a card) and a card left standing after a
    revoke (it changes nothing): the bidding, discards, cards given for best (codes 100
    up), a called exposed card (140 up), claims. The list and its cache's key
    (:meth:`StateCache.calls_of`, through :func:`calls_history`) both read this one set,
    so they cannot disagree."""
    return code not in _UNLISTED


def calls_history(view: PlayerView) -> tuple[tuple[int, int], ...]:
    """The part of ``view.history`` its calls list is made from: up to and with its last
    listed entry (:func:`is_listed`). The cards played after the last call change none of
    the calls' words (an entry's phase and a claim's trick come from the entries before
    it), so the calls of a trick's states are made once."""
    history = view.history
    end = len(history)
    while end and history[end - 1][1] in _UNLISTED:  # is_listed, inlined: this runs for every seat's state
        end -= 1
    return history if end == len(history) else history[:end]


def _calls_json(view: PlayerView, viewer: int) -> list[dict[str, Any]]:
    # describe_history's words for the calls only (the plays are shown as cards, and
    # wording them for every state of every seat was a tenth of the server's time).
    out = []
    style = view.rules.call_words
    table = view.table
    history = calls_history(view)
    claims = claim_round_length(history, view.rules, view.upcard)
    shown = dict(view.shown)
    claim_no = 0
    played: list[int] = []  # the seats of the cards played so far, those taken back by a correction left out
    playing = sum(1 for s in range(table.seats) if not view.sits_out(s))
    for i, ((seat, code), phase) in enumerate(zip(history, history_phases(history, table, claims),
                                                  strict=True)):
        if PLAY_BASE <= code <= PLAY_BASE + 32:
            played.append(seat)
        elif code == Action.CORRECT_REVOKE:
            # The corrected card and the cards played after it are taken back (decision 27).
            del played[max(k for k, s in enumerate(played) if s == seat):]
        if not is_listed(code):
            continue  # the cards are shown as cards; a card left standing changes nothing
        words = describe(code, seat, dealer=view.dealer, phase=phase, style=style, upcard=view.upcard, viewer=viewer,
                         table=table, claim=i < claims, joker_card=view.rules.joker_card)
        # A discard (HIDDEN) or a card given for best (HIDDEN_GIVE) that the viewer may
        # not see: no action text for it.
        text = None if code < 0 else action_text(code)
        entry: dict[str, Any] = {"seat": seat_text(seat, table), "action": text, "words": words}
        if code == Action.CLAIM_REVOKE:  # table mode: what the claim came to, with the proof (decision 27)
            entry["outcome"] = " ".join(claim_outcome(view.rules, view.claim_log, view.revokes, view.proofs, claim_no,
                                                      lambda s: table.titles[s], side_name(table)))
            entry["claim"] = {"upheld": view.claim_log[claim_no][1] > 0,
                              "trick": None if phase == Phase.REVOKE_CLAIMS else len(played) // playing + 1,
                              "points": claim_points(view, claim_no)}
            claim_no += 1
        if i < claims and seat in shown and code != Action.PASS:
            entry["cards"] = [card_json(c, view.rules.joker_card) for c in shown[seat]]  # a claim shows them to every seat
        out.append(entry)
    return out


def side_name(table: Table) -> Callable[[int], str]:
    """How the page writes a side of ``table`` (by its index in ``table.teams``): a
    partnership's letters joined by an en dash (``"E–W"``), a player's title
    (``"Player 2"``); the page's ``sideShort`` writes them the same way."""
    names = tuple(table.titles[team[0]] if len(team) == 1 else table.team_names[i].replace("-", "–")
                  for i, team in enumerate(table.teams))
    return names.__getitem__


def claim_points(view: PlayerView, k: int) -> list[int]:
    """The points the law gives each side for the ``k``-th revoke claim of ``view``'s
    hand (0-based; table mode, RULES.md decision 27): a claim upheld, the penalty of the
    revokes it established (:func:`~euchre.core.revokes.revoke_points`: to every side but
    the revoker's, the lone hand's penalty in a lone hand); a claim not upheld,
    ``false_claim_penalty`` to every side but the claimant's. One entry per side of the
    table. Where one side revoked twice and the hand ended at the claim (a side pays once)
    or revokes of both sides cancel (Leeds & Dwight 1888 s71), the hand's result holds
    what was scored in all; these are each claim's own."""
    seat, made = view.claim_log[k]
    table = view.table
    if made:
        before = sum(n for _, n in view.claim_log[:k])
        lone = view.alone != -1 or view.defender_alone != -1
        return list(revoke_points(view.rules, table, list(view.revokes[before:before + made]), lone))
    return list(false_claim_points(view.rules, table, seat))


def result_json(result: HandResult, rules: Rules) -> dict[str, Any]:
    """A finished hand's result for the page, in the shape of the module docstring: the
    points and tricks per side, the core's label, how the hand ended (``kind``: played
    out; ``passed_out`` in the bidding; ``forfeit``, the stuck dealer's point; a deal
    ``thrown_in`` by a claim of the dealt hand, RULES.md decision 23; ``renege``, ended by
    a proved revoke, the modern law X-29, X-30), and the play's own points and label apart
    from what the claims' laws gave (``penalties``; decision 27)."""
    if result.thrown_in:
        kind = "thrown_in"
    elif result.forfeit:
        kind = "forfeit"
    elif result.passed_out:
        kind = "passed_out"
    elif result.revokes and rules.renege_ends_hand:
        kind = "renege"
    else:
        kind = "played"
    law = result.penalties or (0,) * len(result.points)
    return {"points": list(result.points), "tricks": list(result.tricks), "label": result.label, "kind": kind,
            "hand_points": [p - q for p, q in zip(result.points, law, strict=True)],
            "hand_label": result.label.removesuffix(", revoke penalty"), "same_dealer": result.dealer_deals_again}


class StateCache:
    """The parts of a game's states that stay the same from move to move, or from one
    seat to the next, kept as JSON text for the next states of one table: the last
    hand's part (the fields every seat sees once, the calls per seat; it changes when
    a hand ends), the calls as a seat sees them
    (they change only while bidding), the finished tricks, a seat's cards, the legal
    actions' entries, and the part of the hand in play that every seat sees (made once
    for the four states of a move).

    Each part is keyed by everything it is made of in the seat's view (the calls and
    tricks by their own content, the last hand by itself), all under one rules value
    (the table's: rules of another value empty the cache first), so a part is never
    shown for another state than its own: a state built with a long-lived cache equals
    one built afresh, as after a restart (tests/test_server_state_cache.py). Holds the
    parts of the hand in play only; read and filled by :func:`game_json`, whose result
    then holds some parts as :class:`orjson.Fragment` (for :func:`dumps`).
    """

    def __init__(self) -> None:
        self.rules: Rules | None = None  # the rules every part was made under
        self.hands = -1  # finished hands when the parts were made
        self.previous: dict[int | None, orjson.Fragment | None] = {}
        self.previous_parts: tuple[bytes, bytes] | None = None  # the last hand's fields before and after its calls
        # The last hand the parts above were made of (held, so that ``is`` can tell it
        # from a copy), its number and its history: a game taken back (undo, restore)
        # to the same count of finished hands may hold another last hand.
        self.previous_hand: HandState | None = None
        self.previous_key: tuple[Any, ...] | None = None
        self.previous_history: tuple[tuple[int, int], ...] = ()
        self.calls: dict[tuple[Any, ...], bytes] = {}
        self.tricks: dict[tuple[Any, ...], bytes] = {}
        self.cards: dict[tuple[tuple[int, ...], int], bytes] = {}  # by (hand, trump)
        self.legal: dict[tuple[Any, ...], orjson.Fragment] = {}
        self.public_key: tuple[Any, ...] | None = None
        self.public_head = b""  # the public fields' JSON object without its closing brace

    def _under(self, rules: Rules) -> None:
        """Forget every part unless it was made under ``rules`` (every part's words,
        cards and table come from them; a table's rules never change, so this costs one
        ``is`` a call)."""
        if rules is self.rules:
            return
        if self.rules is None or rules != self.rules:
            self.hands = -1
            self.previous.clear()
            self.previous_parts = None
            self.previous_hand = self.previous_key = None
            self.previous_history = ()
            self.calls.clear()
            self.tricks.clear()
            self.cards.clear()
            self.legal.clear()
            self.public_key = None
        self.rules = rules

    def for_hand(self, finished: int) -> StateCache:
        """Forget the parts of an earlier hand (``finished``: the game's finished hands)."""
        if finished != self.hands:
            self.hands = finished
            self.previous.clear()
            self.previous_parts = None
            self.calls.clear()
            self.tricks.clear()
            self.cards.clear()
            self.legal.clear()
        return self

    def previous_of(self, game: Game, viewer: int | None) -> orjson.Fragment | None:
        """The last finished hand as ``viewer`` sees it (see :func:`_previous_json`): the
        fields every seat sees are encoded once per hand, the calls once per viewer."""
        self._under(game.rules)
        last = _last_hand(game)
        hand_key = None if last is None else (last[1], len(last[0].history))
        if hand_key != self.previous_key or (last is not None and (
                last[0] is not self.previous_hand or tuple(last[0].history) != self.previous_history)):
            self.previous.clear()
            self.previous_parts = None
            self.previous_hand, self.previous_key = None if last is None else last[0], hand_key
            self.previous_history = () if last is None else tuple(last[0].history)
        if viewer in self.previous:
            return self.previous[viewer]
        if last is None:
            made = None
        else:
            hand, number = last
            view = _last_view(hand, viewer)
            if self.previous_parts is None:
                public = _public_fields(view, card_fragment, orjson.Fragment(self.tricks_of(view)))
                head = ascii_json(orjson.dumps({k: public[k] for k in _PREVIOUS_HEAD}))
                tail = ascii_json(orjson.dumps(_previous_tail(hand, number, public)))
                self.previous_parts = (head[:-1] + b',"calls":', b"," + tail[1:])
            head, tail = self.previous_parts
            made = orjson.Fragment(b"".join((head, self.calls_of(view, view.seat if viewer is None else viewer), tail)))
        self.previous[viewer] = made
        return made

    def calls_of(self, view: PlayerView, viewer: int) -> bytes:
        """The calls of ``view`` as ``viewer`` is told them (see :func:`_calls_json`),
        keyed by all that function reads: the history to its last listed entry
        (:func:`calls_history`, by the same :func:`is_listed`) and the view's fields the
        words, the claims' outcomes and their points are made of (the rules: one value
        for the whole cache)."""
        self._under(view.rules)
        key = (viewer, view.dealer, view.upcard, calls_history(view), view.shown, view.claim_log,
               view.revokes, view.proofs, view.active, view.alone, view.defender_alone)
        made = self.calls.get(key)
        if made is None:
            made = self.calls[key] = ascii_json(orjson.dumps(_calls_json(view, viewer)))
        return made

    def legal_of(self, view: PlayerView, code: int) -> orjson.Fragment:
        """One of the legal actions of ``view``, the seat to act's (see :func:`_legal_entry`)."""
        # The claim round before the bidding shares round one's phase but not its words
        # (a pass there is "No claim."): whether the action is a claim-round one is part of the key.
        self._under(view.rules)
        key = (code, view.seat, view.turn, view.dealer, view.phase, view.upcard,
               in_claim_round(view), view.trick_cards[:1], view.trump,
               view.hand if view.rules.revokes_possible else ())
        made = self.legal.get(key)
        if made is None:
            made = self.legal[key] = orjson.Fragment(ascii_json(orjson.dumps(_legal_entry(view, code))))
        return made

    def tricks_of(self, view: PlayerView) -> bytes:
        """The finished tricks of ``view`` (see :func:`_tricks_json`)."""
        self._under(view.rules)
        key = view.tricks
        made = self.tricks.get(key)
        if made is None:
            made = self.tricks[key] = orjson.dumps(_tricks_json(view, card_fragment))
        return made

    def hand_of(self, view: PlayerView, viewer: int, own: bool) -> orjson.Fragment:
        """The hand object of ``view`` (:func:`_public_hand` with the viewer's ``cards``
        and ``discard`` when ``own``, none for a spectator), as JSON text."""
        self._under(view.rules)
        key = (view.dealer, view.phase, in_claim_round(view), view.turn, view.upcard, view.upcard_to_dealer,
               view.joker_aside, view.trump,
               view.maker, view.alone, view.defender_alone, view.active, view.trick_seats, view.trick_cards,
               view.tricks, view.tricks_won, view.hand_sizes, view.exposed, _called(view))
        if key != self.public_key:
            fields = _public_fields(view, card_fragment, orjson.Fragment(self.tricks_of(view)))
            self.public_head = ascii_json(orjson.dumps(fields))[:-1]
            self.public_key = key
        if own:
            jk = view.rules.joker_card
            cards = self.cards.get((view.hand, view.trump))
            if cards is None:
                cards = self.cards[(view.hand, view.trump)] = orjson.dumps(
                    [card_fragment(c, jk) for c in display_order(view)])
            discard = orjson.dumps(card_fragment(view.discard, jk)) if view.discard != -1 else b"null"
        else:
            cards, discard = b"[]", b"null"
        return orjson.Fragment(b"".join((self.public_head, b',"calls":', self.calls_of(view, viewer),
                                         b',"cards":', cards, b',"discard":', discard, b"}")))


def display_order(view: PlayerView) -> list[int]:
    """The seat's own cards in the order the terminal shows them (the core's
    :func:`~euchre.core.cards.sort_hand`): trump first, highest first, the left bower
    with it; the other suits by effective suit; by printed suit while trump is not
    named. The page shows them in this order and decides nothing about bowers."""
    return sort_hand(view.hand, None if view.trump == -1 else view.trump)


def _called(view: PlayerView) -> int:
    """Call-ace: the called card (:attr:`PlayerView.called`), or -1 (and at any other table)."""
    return view.called if view.rules.variant == "call_ace" else -1


def _public_fields(view: PlayerView, card: Callable[[int, str], Any] = card_json, tricks: Any = None) -> dict[str, Any]:
    """The fields of a hand that are the same in every seat's view (all but the calls,
    whose words depend on who is told them); ``card`` makes a card's value, ``tricks``
    is the finished tricks' value if made already."""
    table = view.table
    called = _called(view)
    return {
        "dealer": seat_text(view.dealer, table),
        "phase": "claims" if in_claim_round(view) else view.phase.name.lower(),
        "turn": seat_text(view.turn, table),
        "upcard": card(view.upcard, view.rules.joker_card),
        "upcard_state": _upcard_state(view),
        "upcard_face_down": _upcard_state(view) == "turned_down" and view.rules.turn_down_display == "face_down_on_stock",
        "joker_aside": view.joker_aside,
        "trump": _trump_text(view.trump),
        "trump_name": suit_word(view.trump) if view.trump != -1 else None,
        "maker": seat_text(view.maker, table),
        "alone": seat_text(view.alone, table),
        "defender_alone": seat_text(view.defender_alone, table),
        "sitting_out": [table.letters[s] for s in range(table.seats) if view.sits_out(s)],
        "trick": [{"seat": seat_text(s, table), "card": card(c, view.rules.joker_card)}
                  for s, c in zip(view.trick_seats, view.trick_cards, strict=True)],
        "tricks": _tricks_json(view, card) if tricks is None else tricks,
        "tricks_won": list(view.tricks_won),
        "hand_sizes": list(view.hand_sizes),
        # Table mode: the cards exposed by corrected revokes, face up before their owners.
        "exposed": {seat_text(s, table): [card(c, view.rules.joker_card) for c in cards]
                    for s, cards in enumerate(view.exposed) if cards},
        # Call-ace: the card the maker called (its name is public, where it lies is not)
        # and the seat that played it, his partner, once it has fallen (decision 21).
        "called": None if called == -1 else card(called, view.rules.joker_card),
        "partner": seat_text(view.revealed_partner(), table) if called != -1 else None,
    }


def _public_hand(view: PlayerView, viewer: int) -> dict[str, Any]:
    """The part of a hand every seat sees, from ``view`` (the words as ``viewer`` sees them)."""
    out = _public_fields(view)
    out["calls"] = _calls_json(view, viewer)
    return out


def _legal_entry(view: PlayerView, code: int) -> dict[str, Any]:
    # A call is any decision but a card played, discarded or given (the call of an
    # exposed card too: a button, like the other calls).
    kind = ("give" if is_give_code(code) else "play" if PLAY_BASE <= code <= PLAY_BASE + 32
            else "discard" if is_discard_code(code) else "call")
    out: dict[str, Any] = {
        "action": action_text(code),
        "kind": kind,
        "card": card_code(Action(code).card) if kind != "call" else None,
        "label": ("make no claim" if code == Action.PASS and view.phase == Phase.REVOKE_CLAIMS
                  else plain(code, upcard=view.upcard, joker_card=view.rules.joker_card, table=view.table)),
        "words": describe_pending(view, code, viewer=view.seat),
    }
    if kind == "play" and view.rules.revokes_possible:
        # Table mode: a card that fails to follow suit while the hand holds it is a
        # revoke the other side may claim (RULES.md decision 27).
        out["revoke"] = ACTIONS[code] not in view.following_actions()
    return out


def _legal_json(view: PlayerView, cache: StateCache | None = None) -> list[Any]:
    if cache is None:
        return [_legal_entry(view, int(action)) for action in view.legal]
    return [cache.legal_of(view, int(action)) for action in view.legal]


def public_view(hand: HandState, score: tuple[int, ...] | list[int]) -> PlayerView:
    """The view a spectator's state is built from (:func:`euchre.core.views.public_view_of`:
    what every seat sees, no seat's own cards, discards or cards given face down)."""
    return public_view_of(hand, tuple(int(x) for x in score))


def hand_json(hand: HandState, score: tuple[int, ...] | list[int], viewer: int | None,
              cache: StateCache | None = None) -> tuple[Any, list[Any]]:
    """One hand as ``viewer`` (a seat of the hand's table, or None for a spectator) may see it.

    Args:
        cache: the table's :class:`StateCache`, or None. With one, the hand and the
            legal actions' entries are JSON text (:class:`orjson.Fragment`).

    Returns:
        ``(hand, legal)`` in the shapes of the module docstring; ``legal`` is empty when
        it is not the viewer's turn and always for a spectator.
    """
    sc = tuple(int(x) for x in score)
    if viewer is None:
        view = public_view(hand, sc)
        if cache is not None:
            return cache.hand_of(view, view.seat, own=False), []
        out = _public_hand(view, view.seat)
        out["cards"] = []
        out["discard"] = None
        return out, []
    view = view_of(hand, viewer, sc)
    if cache is not None:
        return cache.hand_of(view, viewer, own=True), _legal_json(view, cache)
    out = _public_hand(view, viewer)
    jk = view.rules.joker_card
    out["cards"] = [card_json(c, jk) for c in display_order(view)]
    out["discard"] = card_json(view.discard, jk) if view.discard != -1 else None
    return out, _legal_json(view)


_PREVIOUS_HEAD = ("dealer", "upcard", "upcard_state", "joker_aside", "trump", "trump_name", "maker", "alone",
                  "defender_alone", "sitting_out", "called", "partner")
"""The fields of the last hand shown before its calls (then its tricks and result)."""


def _last_hand(game: Game) -> tuple[HandState, int] | None:
    """The last finished hand before the one shown and its number (1 for the first),
    or None; once the game is over, the game's last hand (the one that decided it)."""
    finished = game.finished_hands
    if finished and finished[-1] is game.hand and not game.is_over:
        finished = finished[:-1]
    return (finished[-1], len(finished)) if finished else None


def _previous_tail(hand: HandState, number: int, public: dict[str, Any]) -> dict[str, Any]:
    """The fields of the last hand after its calls: tricks, tricks won, number, result."""
    out = {"tricks": public["tricks"], "tricks_won": public["tricks_won"], "hand_number": number}
    if hand.result is not None:
        out["result"] = result_json(hand.result, hand.rules)
    return out


def _last_view(hand: HandState, viewer: int | None) -> PlayerView:
    return public_view(hand, (0,) * len(hand.table.teams)) if viewer is None else view_of(hand, viewer)


def _previous_json(game: Game, viewer: int | None) -> dict[str, Any] | None:
    """The last finished hand before the one shown: its public record and result."""
    last = _last_hand(game)
    if last is None:
        return None
    hand, number = last
    view = _last_view(hand, viewer)
    public = _public_hand(view, view.seat if viewer is None else viewer)
    out = {k: public[k] for k in _PREVIOUS_HEAD}
    out["calls"] = public["calls"]
    out.update(_previous_tail(hand, number, public))
    return out


def _counters_json(style: str, score: list[int]) -> list[list[dict[str, Any]] | None] | None:
    if style == "numeric":
        return None
    out: list[list[dict[str, Any]] | None] = []
    for points in score:
        shown = counters(style, points)
        out.append(None if shown is None else [
            {"pips": c.pips, "name": c.name, "face_up": c.face_up, "showing": c.showing} for c in shown])
    return out


def dumps(message: dict[str, Any]) -> str:
    """A message as compact JSON text (UTF-8 characters kept, no spaces); parts made
    before as :class:`orjson.Fragment` are put in as they are."""
    return orjson.dumps(message).decode()



def game_json(game: Game, viewer: int | None, cache: StateCache | None = None) -> dict[str, Any]:
    """The whole game as ``viewer`` (a seat, or None for a spectator) may see it, in the
    shape of the module docstring.

    Args:
        cache: a :class:`StateCache` the caller keeps per game: the parts that do not
            change from move to move are made once, as JSON text (:func:`dumps`
            puts them in); None builds everything as plain values every time.
    """
    last: dict[str, Any] | orjson.Fragment | None
    if cache is None:
        last = _previous_json(game, viewer)
    else:
        last = cache.for_hand(len(game.finished_hands)).previous_of(game, viewer)
    hand, legal = hand_json(game.hand, game.score, viewer, cache)
    if game.is_over:
        legal = []
    result = game.result
    number = len(game.finished_hands) + (0 if game.is_over else 1)
    rules = game.rules
    return {
        "score": list(game.score),
        "target": rules.game_target if rules.plays_to_target else None,
        "round_hands": None if rules.plays_to_target else rules.progressive_hands,
        "hands_counted": game.hands_counted,
        "bridge": None if len(game.table.teams) != 2 or (team := bridge_team(rules, game.score)) is None
        else game.table.team_names[team],
        "display": {"score": rules.score_display, "turn_down": rules.turn_down_display},
        "counters": _counters_json(rules.score_display, game.score),
        "hand_number": max(number, 1),
        "hand": hand,
        "legal": legal,
        "previous": last,
        "result": None if result is None else {
            "winner": None if result.winner is None else game.table.team_names[result.winner],
            "score": list(result.score), "games": result.games, "player_points": list(result.player_points)},
    }
