"""The game record: a JSON document that replays to the identical game.

A record holds the rules by value (every option, RULES.md decision 6), the seed when
the game was shuffled from one, the table setup, and for each hand the dealer, the dealt
cards and every action in order (text forms of :mod:`euchre.core.actions`, with the
acting seat). Reading checks everything while it replays: each action must be legal and
made by the seat to act, each hand's stored result and the final score must be those the
replay computes. A corrupt or inconsistent record raises :class:`RecordError` saying
where (a path such as ``hands[2].actions[7]``) and why; nothing is returned half-read.

Shape (version 1)::

    {"format": "euchre-record", "version": 1,
     "rules": {...every option...}, "preset": "modern-standard" | null,
     "seed": 123 | null, "players": ["You", "Bot", ...] (by seat N, E, S, W),
     "setup": {"seating": [0,1,2,3], "first_dealer": "N", "draws": [[0, "JH"], ...]},
     "initial_score": [0, 0],
     "hands": [{"dealer": "N", "hands": {"N": ["JH", ...], ...}, "stock": ["9C", ...],
                "packets": "2-3",            (the deal's packet pattern; optional)
                "actions": [["E", "pass"], ["S", "order"], ...],
                "result": {"points": [0, 2], "tricks": [2, 3], "label": "euchre"}}],
     "final_score": [10, 7], "winner": "N-S" | "E-W" | null}
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from euchre.core.actions import action_text, parse_action
from euchre.core.cards import card_code, parse_card
from euchre.core.deal import PACKETS
from euchre.core.errors import EuchreError, RecordError, RecordTypeError, RulesError
from euchre.core.game import Game, Setup
from euchre.core.hand import HandState
from euchre.core.presets import preset_of
from euchre.core.rules import Rules

FORMAT = "euchre-record"
VERSION = 1
SEATS = "NESW"
"""The seat letters of the four-hand table (other tables name their seats 1, 2, ...:
``Table.letters``)."""


def _hand_to_dict(hand: HandState) -> dict[str, Any]:
    letters = hand.table.letters
    deal = {letters[s]: [card_code(c) for c in _cards(hand.deal_hands[s])] for s in range(hand.table.seats)}
    stock = list(hand.stock)
    if hand.joker_aside:  # from_deal moved the joker to the end; store the pack order
        stock = [stock[-1], *stock[:-1]]
    out: dict[str, Any] = {
        "dealer": letters[hand.dealer],
        "hands": deal,
        "stock": [card_code(c) for c in stock],
        "actions": [[letters[s], action_text(code)] for s, code in hand.history],
    }
    if hand.packets is not None:
        out["packets"] = hand.packets
    if hand.result is not None:
        r = hand.result
        out["result"] = {"points": list(r.points), "tricks": list(r.tricks), "label": r.label}
    return out


def _cards(mask: int) -> list[int]:
    return [c for c in range(33) if mask >> c & 1]


def game_to_record(game: Game, players: Sequence[str] = ()) -> dict[str, Any]:
    """The record of a game so far (finished hands, and the hand in progress if any
    action of it was taken). JSON-ready.

    Args:
        game: the game (a single :class:`HandState` is no game: wrap it with
            ``Game(rules, setup=Setup(seating, dealer), deal_provider=...)``).
        players: the players' names by seat, or none (then "Player 1" ...).

    Raises:
        RecordTypeError: ``game`` is not a Game, or ``players`` not a list of names.
        RecordError: ``players`` does not hold one name per seat.
    """
    if not isinstance(game, Game):
        raise RecordTypeError("", f"a record is written from a Game, not a {type(game).__name__}")
    if isinstance(players, str) or not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
        raise RecordTypeError("players", f"the players are a list of names, not {players!r}")
    if players and len(players) != game.table.seats:
        raise RecordError("players", f"give {game.table.seats} names (one per seat), not {len(players)}")
    hands = [_hand_to_dict(h) for h in game.finished_hands]
    if not game.is_over and game.hand.history:
        hands.append(_hand_to_dict(game.hand))
    result = game.result
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.to_dict(),
        "preset": preset_of(game.rules),
        "seed": game.seed,
        "players": list(players) if players else [f"Player {i + 1}" for i in range(game.table.seats)],
        "setup": {
            "seating": list(game.setup.seating),
            "first_dealer": game.table.letters[game.setup.first_dealer],
            "draws": [[p, card_code(c)] for p, c in game.setup.draws],
            "method": game.setup.method,
        },
        "initial_score": list(game.initial_score),
        **({"max_hands": game.max_hands} if game.max_hands != MAX_HANDS else {}),
        "hands": hands,
        "final_score": list(game.score),
        "winner": game.table.team_names[result.winner] if result and result.winner is not None else None,
    }


def dumps(game: Game, players: Sequence[str] = ()) -> str:
    """The record of a game as JSON text (see :func:`game_to_record` for the arguments
    and errors)."""
    return json.dumps(game_to_record(game, players), indent=1)


# ---------------------------------------------------------------------- reading
def _need(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(obj, Mapping):
        raise RecordError(where, f"expected an object, found {type(obj).__name__}")
    if key not in obj:
        raise RecordError(f"{where}.{key}" if where else key, "missing")
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise RecordError(f"{where}.{key}" if where else key, f"expected {names}, found {type(value).__name__}")
    return value


RECORD_FIELDS = ("format", "version", "rules", "preset", "seed", "players", "setup", "initial_score", "max_hands",
                 "hands", "final_score", "winner")
"""The fields of a record (:func:`game_to_record`); the reader refuses any other."""
SETUP_FIELDS = ("seating", "first_dealer", "draws", "method")
HAND_FIELDS = ("dealer", "hands", "stock", "actions", "packets", "result")
RESULT_FIELDS = ("points", "tricks", "label")


def refuse_unknown(obj: Mapping[str, Any], fields: Sequence[str], where: str, what: str) -> None:
    """Refuse a field of a record's object that its writer never writes: a field this
    reader does not know (``"version": 99`` in a record that has none, a misspelt
    ``"final_scores"``) would otherwise be dropped without a word. Used by every reader
    of our JSON records, the game's (:func:`load_record`) and the referee's.

    Args:
        obj: the object read.
        fields: the fields it may hold.
        where: where it lies in the record (``""``, ``"setup"``, ``"hands[2]"``).
        what: the object in words, for the message (``"a record"``).

    Raises:
        RecordError: naming the first unknown field (by where it lies) and listing
            ``fields``.
    """
    unknown = [k for k in obj if k not in fields]
    if unknown:
        key = str(unknown[0])[:40]
        raise RecordError(f"{where}.{key}" if where else key,
                          f"unknown field {key!r}{f' (and {len(unknown) - 1} more)' if len(unknown) > 1 else ''}; "
                          f"{what} holds {', '.join(fields)}")


def _seat(text: Any, where: str, letters: str = SEATS) -> int:
    if isinstance(text, str) and text in letters and len(text) == 1:
        return letters.index(text)
    raise RecordError(where, f"not a seat: {text!r} (use {', '.join(letters)})")


def _card_list(items: Any, where: str) -> list[int]:
    if not isinstance(items, list):
        raise RecordError(where, "expected a list of cards")
    out = []
    for i, text in enumerate(items):
        try:
            out.append(parse_card(text))
        except EuchreError as exc:
            raise RecordError(f"{where}[{i}]", str(exc)) from None
    return out


def load_record(data: Mapping[str, Any]) -> tuple[Game, list[str]]:
    """Replay a record (parsed JSON) to a :class:`Game`.

    Returns:
        ``(game, players)``: the game replayed to its last recorded action, and the
        players' names by seat.

    Raises:
        RecordError: the record is corrupt or inconsistent; the message says where.
    """
    if not isinstance(data, Mapping):
        raise RecordTypeError("", f"a record is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, found {data.get('format')!r}")
    if type(data.get("version")) is not int or data.get("version") != VERSION:
        raise RecordError("version", f"unsupported version {data.get('version')!r} (this reader knows {VERSION})")
    refuse_unknown(data, RECORD_FIELDS, "", "a record")
    rules_d = _need(data, "rules", dict, "")
    try:
        rules = Rules.from_stored(rules_d)
    except RulesError as exc:
        raise RecordError("rules", str(exc)) from None
    if data.get("preset") is not None and not isinstance(data.get("preset"), str):
        raise RecordError("preset", "expected a preset name or null")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("seed", "expected a whole number or null")
    players = data.get("players", [])
    table = rules.table
    letters = table.letters
    if not isinstance(players, list) or len(players) not in (0, table.seats) or not all(isinstance(p, str) for p in players):
        raise RecordError("players", f"expected {table.seats} names")
    setup_d = _need(data, "setup", dict, "")
    refuse_unknown(setup_d, SETUP_FIELDS, "setup", "the setup")
    seating = _need(setup_d, "seating", list, "setup")
    if any(type(x) is not int for x in seating) or sorted(seating) != list(range(table.seats)):
        raise RecordError("setup.seating", f"expected the players 0..{table.seats - 1}, each once")
    first = _seat(setup_d.get("first_dealer"), "setup.first_dealer", letters)
    draws_raw = setup_d.get("draws", [])
    draws = []
    if not isinstance(draws_raw, list):
        raise RecordError("setup.draws", "expected a list")
    for i, d in enumerate(draws_raw):
        if not (isinstance(d, list) and len(d) == 2 and type(d[0]) is int and 0 <= d[0] < table.seats):
            raise RecordError(f"setup.draws[{i}]", f"expected [player 0..{table.seats - 1}, card]")
        draws.append((d[0], _card_list([d[1]], f"setup.draws[{i}]")[0]))
    method = setup_d.get("method", "")
    if not isinstance(method, str):
        raise RecordError("setup.method", "expected a text")
    try:
        setup = Setup(tuple(seating), first, tuple(draws), method)
    except EuchreError as exc:
        raise RecordError("setup", str(exc)) from None
    initial = _need(data, "initial_score", list, "")
    if len(initial) != len(table.teams) or not all(type(x) is int and x >= 0 for x in initial):
        raise RecordError("initial_score", f"expected {len(table.teams)} whole numbers >= 0")
    if rules.plays_to_target and max(initial) >= rules.game_target:
        raise RecordError("initial_score", f"{initial} already reaches the target {rules.game_target}")
    max_hands = data.get("max_hands", MAX_HANDS)
    if type(max_hands) is not int or max_hands < 1:
        raise RecordError("max_hands", "expected a whole number >= 1")
    hands_d = _need(data, "hands", list, "")
    dealt = [_recorded_deal(rules, hd, f"hands[{i}]") for i, hd in enumerate(hands_d)]

    game = None
    if seed is not None:
        # A seeded game: deal it again from its seed, as it was first played, so that the
        # game read goes on (its next hands, its search with push/pop) exactly as the
        # original would. A record whose deals are not those of its seed (made with
        # given cards, or by another version) is read from its recorded cards instead.
        try:
            game = _replay(Game(rules, seed, initial_score=initial, max_hands=max_hands), hands_d, dealt, setup)
        except _NotFromSeed:
            game = None
    if game is None:
        def provider(index: int, dealer: int) -> HandState:
            if index >= len(dealt):
                # The game goes on beyond the record: a hand of its own per index, so that
                # copy() and push()/pop() of the game read deal the same ones.
                return HandState.deal(rules, dealer, random.Random(f"{seed}/{index}"))
            hand = dealt[index].as_dealt()
            hand.packets = dealt[index].packets
            if hand.dealer != dealer:
                raise RecordError(f"hands[{index}].dealer", f"the rules give the deal to {letters[dealer]}, "
                                  f"the record says {letters[hand.dealer]}")
            return hand

        try:
            start = Game(rules, seed, initial_score=initial, setup=setup, deal_provider=provider, max_hands=max_hands)
        except RecordError:
            raise
        except EuchreError as exc:
            raise RecordError("hands[0]", str(exc)) from None
        game = _replay(start, hands_d, None, None)
    final = data.get("final_score")
    if final is not None and not _same_ints(final, game.score):
        raise RecordError("final_score", f"the replay ends at {list(game.score)}, the record says {final}")
    winner = data.get("winner")
    expected = table.team_names[game.result.winner] if game.result and game.result.winner is not None else None
    if "winner" in data and winner != expected:
        raise RecordError("winner", f"the replay gives {expected!r}, the record says {winner!r}")
    names = list(players) if players else [f"Player {i + 1}" for i in range(table.seats)]
    return game, names


MAX_HANDS = 10_000
"""``Game``'s default ``max_hands``; a record stores another value only."""


class _NotFromSeed(Exception):
    """The record's setup or deals are not those its seed gives."""


def _same_ints(stored: Any, values: Sequence[int]) -> bool:
    """``stored`` is a list of whole numbers (not booleans) equal to ``values``."""
    return (isinstance(stored, list) and len(stored) == len(values)
            and all(type(x) is int for x in stored) and stored == list(values))


def _recorded_deal(rules: Rules, hd: Any, where: str) -> HandState:
    """The deal of one recorded hand, checked (before any of its actions)."""
    if not isinstance(hd, Mapping):
        raise RecordError(where, "expected an object")
    refuse_unknown(hd, HAND_FIELDS, where, "a hand")
    dealer = _seat(hd.get("dealer"), f"{where}.dealer", rules.table.letters)
    deal = _need(hd, "hands", dict, where)
    letters = rules.table.letters
    refuse_unknown(deal, tuple(letters), f"{where}.hands", "the deal (a hand a seat)")
    cards = [_card_list(deal.get(letters[s]), f"{where}.hands.{letters[s]}") for s in range(rules.table.seats)]
    stock = _card_list(hd.get("stock"), f"{where}.stock")
    try:
        hand = HandState.from_deal(rules, dealer, cards, stock)
    except EuchreError as exc:
        raise RecordError(f"{where}.hands", str(exc)) from None
    packets = hd.get("packets")
    if packets is not None:
        if not isinstance(packets, str) or packets not in PACKETS:
            raise RecordError(f"{where}.packets", f"expected one of {', '.join(PACKETS)}, found {packets!r}")
        hand.packets = packets
    return hand


def _replay(game: Game, hands_d: list[Any], dealt: list[HandState] | None, setup: Setup | None) -> Game:
    """Play the recorded actions into ``game``, checking each, and each hand's stored
    result. With ``dealt`` (the game deals from its seed), first check that the game's
    setup and each hand's cards are the record's, raising _NotFromSeed where not."""
    if setup is not None and (game.setup.seating, game.setup.first_dealer, game.setup.draws) != (
            setup.seating, setup.first_dealer, setup.draws):
        raise _NotFromSeed
    letters = game.table.letters
    for index, hd in enumerate(hands_d):
        where = f"hands[{index}]"
        if game.is_over:
            raise RecordError(where, "the game was already over before this hand")
        hand = game.hand
        if dealt is not None:
            want = dealt[index]
            if (hand.dealer, hand.deal_hands, hand.stock, hand.joker_aside) != (
                    want.dealer, want.deal_hands, want.stock, want.joker_aside) or (
                    want.packets is not None and hand.packets != want.packets):
                raise _NotFromSeed
        actions = _need(hd, "actions", list, where)
        for j, item in enumerate(actions):
            aw = f"{where}.actions[{j}]"
            if not (isinstance(item, list) and len(item) == 2):
                raise RecordError(aw, "expected [seat, action]")
            seat = _seat(item[0], aw, letters)
            try:
                code = parse_action(item[1])
            except EuchreError as exc:
                raise RecordError(aw, str(exc)) from None
            if hand.is_over:
                raise RecordError(aw, "the hand is already over")
            if seat != hand.turn:
                raise RecordError(aw, f"{letters[seat]} acted but it was {letters[hand.turn]}'s turn")
            try:
                game.apply(code)
            except RecordError:
                raise  # from dealing the next hand: it names its own place
            except EuchreError as exc:
                raise RecordError(aw, str(exc)) from None
        stored = hd.get("result")
        if stored is not None:
            if not hand.is_over or hand.result is None:
                raise RecordError(f"{where}.result", "a result is stored but the actions do not finish the hand")
            if not isinstance(stored, Mapping):
                raise RecordError(f"{where}.result", "expected an object")
            refuse_unknown(stored, RESULT_FIELDS, f"{where}.result", "a result")
            r = hand.result
            if not _same_ints(stored.get("points"), r.points):
                raise RecordError(f"{where}.result.points", f"the replay scores {list(r.points)}, the record says {stored.get('points')}")
            if "tricks" in stored and not _same_ints(stored.get("tricks"), r.tricks):
                raise RecordError(f"{where}.result.tricks", f"the replay gives {list(r.tricks)}, the record says {stored.get('tricks')}")
            if "label" in stored and not isinstance(stored.get("label"), str):
                raise RecordError(f"{where}.result.label", "expected a text")
        elif index < len(hands_d) - 1 and not hand.is_over:
            raise RecordError(where, "the hand is unfinished but more hands follow")
    return game


def loads(text: str | bytes) -> tuple[Game, list[str]]:
    """Replay a record from JSON text (see :func:`load_record`).

    Raises:
        RecordError: the text is not JSON, or the record is corrupt or inconsistent.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordTypeError("", f"a record is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, bad UTF-8, huge integers
        raise RecordError("", f"not JSON: {exc}") from None
    return load_record(data)
