"""Reading EGN games and EMN matches: each game replayed through our engine, and the
main line's annotations."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from euchre.core.cards import deck_cards
from euchre.core.errors import EuchreError, RecordError, RecordTypeError
from euchre.core.game import Game, Setup, settle_hand
from euchre.core.hand import HandState
from euchre.core.rules import MAX_GAME_LENGTH
from euchre.records.egn.deals import _Deal, _drive, _read_deal
from euchre.records.egn.notation import FILE_TYPE, MATCH_FILE_TYPE, _get, _int, _join, _list, _obj
from euchre.records.egn.notes import AlternativeLine, Notes, deal_lines, deal_notes, phase_notes
from euchre.records.egn.rebuild import _deal_hand
from euchre.records.egn.ruleset import rules_from_ruleset

_VERSION_RE = re.compile(r"^1(\.\d+){0,2}$")


def _score_pair(value: Any, where: str) -> tuple[int, int]:
    items = _list(value, where)
    if len(items) != 2:
        raise RecordError(where, f"expected two scores [team 0/2, team 1/3], found {len(items)}")
    a, b = (_int(x, _join(where, i)) for i, x in enumerate(items))
    if a < 0 or b < 0:
        raise RecordError(where, "a score cannot be negative")
    return a, b


def _player_names(value: Any, where: str) -> list[str]:
    items = _list(value, where)
    if len(items) != 4:
        raise RecordError(where, f"expected four players (seats 0..3), found {len(items)}")
    names = []
    for i, p in enumerate(items):
        if isinstance(p, str):
            names.append(p)
        else:
            name, nw = _get(_obj(p, _join(where, i)), _join(where, i), "name")
            if not isinstance(name, str):
                raise RecordError(nw, "expected a name")
            names.append(name)
    return names


@dataclass(frozen=True)
class AfterTheEnd:
    """The deals a record holds after its game was won: read and checked (each call and
    card legal, the deal passing as the rules say) but not part of the game.

    Attributes:
        winner: the side that won (index into ``rules.table.teams``), None when the game
            stopped without a winner.
        target: the points that won the game.
        won_in: the hand (from 1) in which the game was won.
        first, last: the first and last hands (from 1) left out.
        where: the path of the first deal left out (``deals[12]``).
        score: the score per side after every recorded deal, the ones left out included.
        text: one line saying what is left out and why, hands counted from 1: "Hands
            13-14 are not shown: the record goes on after N-S reached 10 in hand 12."
    """

    winner: int | None
    target: int
    won_in: int
    first: int
    last: int
    where: str
    score: tuple[int, ...]
    text: str


@dataclass(frozen=True)
class EgnGame:
    """An EGN game as :func:`read_egn` reads it: the game, what the file says about it,
    and its analysis.

    Attributes:
        game: the game replayed to its end (see :func:`load_egn`).
        names: the players' names by seat 0..3 (N, E, S, W).
        title, date, description, game_id: ``metadata.title``, ``date``,
            ``description`` and ``gameId`` ("" when absent).
        after_end: the deals recorded after the game was won, or None.
        notes: the main line's annotations of each hand of the game, by hand index
            (from 0), then by ``("call", i)`` / ``("play", i)`` (see
            :data:`euchre.records.egn.notes.Notes`).
        lines: the alternative lines of each hand of the game, by hand index (from 0).
    """

    game: Game
    names: list[str]
    title: str = ""
    date: str = ""
    description: str = ""
    game_id: str = ""
    after_end: AfterTheEnd | None = None
    notes: dict[int, Notes] = field(default_factory=dict)
    lines: dict[int, list[AlternativeLine]] = field(default_factory=dict)


def load_egn(data: Any, where: str = "") -> tuple[Game, list[str]]:
    """Replay an EGN game (parsed JSON) through our engine.

    Args:
        data: the file's JSON object.
        where: a path prefix for errors (used for games inside a match file).

    Returns:
        ``(game, players)``: the game replayed to its last recorded action, or to the
        hand in which a side reached the target (deals recorded after it are checked
        but left out: :func:`read_egn` says which), and the players' names by seat 0..3
        (N, E, S, W). ``game.setup.first_dealer`` is the first deal's dealer; deals that
        are not recorded in full were rebuilt as the :mod:`euchre.records.egn` docstring
        says. Annotations and alternative lines are not read (:func:`read_egn` reads
        them).

    Raises:
        RecordError: the file is corrupt, inconsistent with the rules (an illegal call or
            card, a revoke, a wrong dealer, a final score the deals do not give, ...),
            also in a deal recorded after the game was won, or uses a rule our engine
            cannot play; ``where`` is the JSON path of the fault.
    """
    record = _load(data, where, analysis=False)
    return record.game, record.names


def read_egn(data: Any, where: str = "") -> EgnGame:
    """Replay an EGN game as :func:`load_egn` does, and read what a reader shows with it:
    the title, date and description, the deals left out after the game was won, and the
    annotations and alternative lines of the hands of the game (the lines followed
    through the engine, :func:`euchre.records.egn.notes.follow_line`).

    Raises:
        RecordError: as :func:`load_egn`; also a title, date, description or game id
            that is not a text, annotations that are malformed or name a call or card
            the deal does not have, and alternative lines that are malformed or branch
            at a decision the deal does not have. An alternative line the engine cannot
            follow is no error: it keeps the reason (``AlternativeLine.problem``).
    """
    return _load(data, where, analysis=True)


def _text_field(meta: Mapping[str, Any], where: str, name: str) -> str:
    value, w = _get(meta, where, name, required=False)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise RecordError(w, f"expected a text, found {type(value).__name__}")
    return value


def _load(data: Any, where: str, analysis: bool) -> EgnGame:
    top = _top(data, where, "an EGN game")
    file_type, fw = _get(top, where, "fileType")
    if file_type == MATCH_FILE_TYPE:
        raise RecordError(fw, "this is a match file (EMN); read it with load_emn")
    if file_type != FILE_TYPE:
        raise RecordError(fw, f"expected {FILE_TYPE!r}, found {file_type!r}")
    version, vw = _get(top, where, "version")
    if not isinstance(version, str) or not _VERSION_RE.fullmatch(version):
        raise RecordError(vw, f"unsupported version {version!r} (this reader knows EGN 1.x)")
    meta_raw, mw = _get(top, where, "metadata")
    meta = _obj(meta_raw, mw)
    ruleset, rw = _get(meta, mw, "ruleset", required=False)
    rules = rules_from_ruleset(ruleset, rw)
    players_raw, pw = _get(meta, mw, "players")
    names = _player_names(players_raw, pw)
    initial_raw, iw = _get(meta, mw, "initialScore", "initial_score")
    initial = _score_pair(initial_raw, iw)
    if max(initial) >= rules.game_target:
        raise RecordError(iw, f"a side already has the target of {rules.game_target}: the game is over before it starts")
    deals_raw, dw = _get(top, where, "deals")
    raw_deals = _list(deals_raw, dw)
    deck = frozenset(deck_cards(rules.deck, rules.joker))
    deals: list[_Deal] = []
    number = None
    for i, raw in enumerate(raw_deals):
        deal = _read_deal(raw, _join(dw, i), deck, i == len(raw_deals) - 1)
        n_raw, nw = _get(_obj(raw, _join(dw, i)), _join(dw, i), "dealNumber", "deal_number")
        n = _int(n_raw, nw)
        if number is not None and n != number + 1:
            raise RecordError(nw, f"dealNumber {n} does not follow {number}, the dealNumber of the deal before "
                                  f"(deals are numbered in order)")
        number = n
        deals.append(deal)
    discards: dict[int, int | None] = {}
    unrecorded: dict[int, int] = {}

    def provider(index: int, dealer: int) -> HandState:
        if index >= len(deals):
            # After the record: a stand-in hand with a fixed seed, never part of the record.
            return HandState.deal(rules, dealer, random.Random(index))
        hand, discards[index], guessed = _deal_hand(rules, dealer, deals[index])
        if guessed:
            unrecorded[index] = guessed
        return hand

    first_dealer = deals[0].dealer if deals else 0
    setup = Setup((0, 1, 2, 3), first_dealer, (), "EGN file: seats as recorded")
    try:
        game = Game(rules, None, initial_score=initial, setup=setup, deal_provider=provider)
    except RecordError:
        raise
    except EuchreError as exc:
        raise RecordError(_join(dw, 0), str(exc)) from None
    game.unrecorded = unrecorded  # filled in as the provider deals

    def step(code: int, at: str) -> None:
        try:
            game.apply(code)
        except RecordError:
            raise
        except EuchreError as exc:
            raise RecordError(at, str(exc)) from None

    played = len(deals)
    for i, deal in enumerate(deals):
        if game.is_over:
            played = i
            break
        hand = game.hand
        _drive(hand, deal, step, discards[i])
        if not hand.is_over and not deal.is_last:
            raise RecordError(deal.where, "the deal is unfinished, but more deals follow")
    after = _after_the_end(game, deals, played) if played < len(deals) else None
    final_raw, fsw = _get(meta, mw, "finalScore", "final_score", required=False)
    if final_raw is not None:
        final = _score_pair(final_raw, fsw)
        if final != (game.score[0], game.score[1]) and (after is None or final != after.score):
            also = f" (and {list(after.score)} after the deals recorded past it)" if after is not None else ""
            raise RecordError(fsw, f"the replay ends at {list(game.score)}{also}, the file says {list(final)}")
    if not analysis:
        return EgnGame(game, names, after_end=after)
    notes: dict[int, Notes] = {}
    lines: dict[int, list[AlternativeLine]] = {}
    for i, raw in enumerate(raw_deals):
        found, _, _ = deal_notes(_obj(raw, _join(dw, i)), _join(dw, i))
        if i < played and found:
            notes[i] = found
        if i < played:
            hand = game.finished_hands[i] if i < len(game.finished_hands) else game.hand
            alternatives = deal_lines(_obj(raw, _join(dw, i)), _join(dw, i), i, rules, hand, deck)
            if alternatives:
                lines[i] = alternatives
    return EgnGame(game, names, _text_field(meta, mw, "title"), _text_field(meta, mw, "date"),
                   _text_field(meta, mw, "description"), _text_field(meta, mw, "gameId"), after, notes, lines)


def _after_the_end(game: Game, deals: list[_Deal], played: int) -> AfterTheEnd:
    """Check the deals recorded after the game was won (``deals[played:]``) as a game
    that goes on, and say what is left out.

    The deals go on from the game's last dealer as the rules pass the deal, in a game
    with no target within reach (the rules' hands do not depend on the score), so every
    call and card is checked as in the game itself.

    Raises:
        RecordError: a fault in one of those deals, with its path.
    """
    rules = game.rules
    last = game.finished_hands[-1]
    result = last.result
    if result is None:  # pragma: no cover - a finished hand has a result
        raise RecordError(deals[played].where, "internal error: the last hand of the game has no result")
    try:
        going_on = rules.replace(game_target=MAX_GAME_LENGTH)
    except EuchreError as exc:  # pragma: no cover - EGN's rules allow any target
        raise RecordError(deals[played].where, f"the deals after the game was won cannot be checked: {exc}") from None
    before = [s - p for s, p in zip(game.score, result.points, strict=True)]
    dealer = settle_hand(going_on, before, last.dealer, game.hands_counted - result.played, result).dealer
    rest = deals[played:]
    discards: dict[int, int | None] = {}

    def provider(index: int, dealer: int) -> HandState:
        if index >= len(rest):
            return HandState.deal(going_on, dealer, random.Random(index))
        hand, discards[index], _ = _deal_hand(going_on, dealer, rest[index])
        return hand

    setup = Setup((0, 1, 2, 3), dealer, (), "EGN file: the deals after the game was won")
    later = Game(going_on, None, setup=setup, deal_provider=provider)

    def step(code: int, at: str) -> None:
        try:
            later.apply(code)
        except RecordError:
            raise
        except EuchreError as exc:
            raise RecordError(at, str(exc)) from None

    for i, deal in enumerate(rest):
        if later.is_over:
            raise RecordError(deal.where, f"the record goes on for more than {MAX_GAME_LENGTH} points after the game was won")
        hand = later.hand
        _drive(hand, deal, step, discards[i])
        if not hand.is_over and not deal.is_last:
            raise RecordError(deal.where, "the deal is unfinished, but more deals follow")
    winner = game.result.winner if game.result is not None else None
    first, last_number = played + 1, len(deals)
    hands = f"Hand {first} is" if first == last_number else f"Hands {first}-{last_number} are"
    why = (f"{rules.table.team_names[winner]} reached {rules.game_target} in hand {played}"
           if winner is not None else f"the game ended in hand {played}")
    text = f"{hands} not shown: the record goes on after {why}."
    score = tuple(s + t for s, t in zip(game.score, later.score, strict=True))
    return AfterTheEnd(winner, rules.game_target, played, first, last_number, deals[played].where, score, text)


def loads_egn(text: str | bytes) -> tuple[Game, list[str]]:
    """Replay an EGN game from JSON text (see :func:`load_egn`).

    Raises:
        RecordTypeError: ``text`` is not a str or bytes.
        RecordError: the text is not JSON, or the game is corrupt or inconsistent.
    """
    return load_egn(_parse_json(text))


def _parse_json(text: str | bytes) -> Any:
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordTypeError("", f"an EGN file is JSON text, not {type(text).__name__}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError, TypeError) as exc:  # JSON, UTF-8, huge integers
        raise RecordError("", f"not JSON: {exc}") from None


def _top(data: Any, where: str, what: str) -> Mapping[str, Any]:
    """The top object of a file (parsed JSON); anything else is the wrong type."""
    if not isinstance(data, Mapping):
        raise RecordTypeError(where, f"{what} is a JSON object, not {type(data).__name__}")
    return data


def load_emn(data: Any) -> list[tuple[Game, list[str]]]:
    """Replay every game of an EMN (Euchre Match Notation) match file.

    Each ``games[i].gameData`` is an EGN game (:func:`load_egn`); the names are the
    match's players picked by ``games[i].playersOverride`` (or the older ``players``) ids,
    else the game's own names. Source: docs/emn/match-specification.md.

    Returns:
        ``[(game, players by seat), ...]`` in file order.

    Raises:
        RecordError: as :func:`load_egn`, with paths such as ``games[2].gameData.deals[4]``.
    """
    return [(g.game, g.names) for g in _load_emn(data, analysis=False)]


def read_emn(data: Any) -> list[EgnGame]:
    """Every game of an EMN match as :func:`read_egn` reads it, with the names the match
    gives (see :func:`load_emn`).

    Raises:
        RecordError: as :func:`read_egn`, with paths such as ``games[2].gameData.deals[4]``.
    """
    return _load_emn(data, analysis=True)


def _load_emn(data: Any, analysis: bool) -> list[EgnGame]:
    top = _top(data, "", "an EMN match")
    file_type, fw = _get(top, "", "fileType")
    if file_type != MATCH_FILE_TYPE:
        raise RecordError(fw, f"expected {MATCH_FILE_TYPE!r}, found {file_type!r}")
    version, vw = _get(top, "", "version")
    if not isinstance(version, str) or not _VERSION_RE.fullmatch(version):
        raise RecordError(vw, f"unsupported version {version!r} (this reader knows EMN 1.x)")
    meta = _obj(_get(top, "", "metadata")[0], "metadata")
    master: dict[str, str] = {}
    players_raw, pw = _get(meta, "metadata", "players", required=False)
    for i, p in enumerate(_list(players_raw, pw) if players_raw is not None else []):
        if isinstance(p, Mapping) and isinstance(p.get("id"), str) and isinstance(p.get("name"), str):
            master[p["id"]] = p["name"]
        elif not isinstance(p, str | Mapping):
            raise RecordError(_join(pw, i), "expected a player object or a name")
    games_raw, gw = _get(top, "", "games")
    out = []
    for i, g_raw in enumerate(_list(games_raw, gw)):
        g = _obj(g_raw, _join(gw, i))
        data_raw, dw = _get(g, _join(gw, i), "gameData")
        if isinstance(data_raw, str):
            raise RecordError(dw, "a condensed game string; expand the match file to JSON first")
        record = _load(data_raw, dw, analysis)
        ids, iw = _get(g, _join(gw, i), "playersOverride", "players", required=False)
        if ids is not None:
            id_list = _list(ids, iw)
            if len(id_list) != 4 or not all(isinstance(x, str) for x in id_list):
                raise RecordError(iw, "expected four player ids")
            record = dataclasses.replace(record, names=[master.get(x, record.names[k]) for k, x in enumerate(id_list)])
        out.append(record)
    return out


def loads_emn(text: str | bytes) -> list[tuple[Game, list[str]]]:
    """Replay every game of an EMN match from JSON text (see :func:`load_emn`).

    Raises:
        RecordError: the text is not JSON, or a game is corrupt or inconsistent.
    """
    return load_emn(_parse_json(text))


@dataclass(frozen=True)
class Annotation:
    """A comment on the main line of a deal (analysis; never replayed).

    Attributes:
        deal: the deal's index in ``deals``.
        kind: ``"call"`` (keyed by the index in ``calls``) or ``"play"`` (keyed by the
            index of the card among all cards played in the deal, from 0).
        index: that index.
        texts: the comments, in file order.
    """

    deal: int
    kind: str
    index: int
    texts: tuple[str, ...]


def egn_annotations(data: Any) -> list[Annotation]:
    """The ``callAnnotations`` and ``playAnnotations`` of the main line of an EGN game
    (``alternativeLines`` are left out). Does not replay the game.

    Raises:
        RecordError: the annotations are not maps of index strings to lists of texts.
    """
    top = _top(data, "", "an EGN file")
    deals_raw, dw = _get(top, "", "deals")
    out: list[Annotation] = []
    for i, raw in enumerate(_list(deals_raw, dw)):
        if isinstance(raw, str):
            continue
        deal = _obj(raw, _join(dw, i))
        phases_raw, pw = _get(deal, _join(dw, i), "phases")
        for k, ph_raw in enumerate(_list(phases_raw, pw)):
            found = phase_notes(_obj(ph_raw, _join(pw, k)), _join(pw, k))
            out.extend(Annotation(i, kind, index, texts) for (kind, index), texts in found.items())
    return out
