"""Reading EGN games and EMN matches: each game replayed through our engine, and the
main line's annotations."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from euchre.core.cards import deck_cards
from euchre.core.egn.deals import _Deal, _drive, _read_deal
from euchre.core.egn.notation import FILE_TYPE, MATCH_FILE_TYPE, _get, _int, _join, _list, _obj
from euchre.core.egn.rebuild import _deal_hand
from euchre.core.egn.ruleset import rules_from_ruleset
from euchre.core.errors import EuchreError, RecordError, RecordTypeError
from euchre.core.game import Game, Setup
from euchre.core.hand import HandState

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


def load_egn(data: Any, where: str = "") -> tuple[Game, list[str]]:
    """Replay an EGN game (parsed JSON) through our engine.

    Args:
        data: the file's JSON object.
        where: a path prefix for errors (used for games inside a match file).

    Returns:
        ``(game, players)``: the game replayed to its last recorded action (over when a
        side reached the target), and the players' names by seat 0..3 (N, E, S, W).
        ``game.setup.first_dealer`` is the first deal's dealer; deals that are not
        recorded in full were rebuilt as the :mod:`euchre.core.egn` docstring says.

    Raises:
        RecordError: the file is corrupt, inconsistent with the rules (an illegal call or
            card, a revoke, a wrong dealer, a deal after the game was won, ...) or uses a
            rule our engine cannot play; ``where`` is the JSON path of the fault.
    """
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
            raise RecordError(nw, f"deals are numbered in order: expected {number + 1}, found {n}")
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

    for i, deal in enumerate(deals):
        if game.is_over:
            raise RecordError(deal.where, f"the game was already over at {game.score[0]}-{game.score[1]} before this deal")
        hand = game.hand
        _drive(hand, deal, step, discards[i])
        if not hand.is_over and not deal.is_last:
            raise RecordError(deal.where, "the deal is unfinished, but more deals follow")
    final_raw, fsw = _get(meta, mw, "finalScore", "final_score", required=False)
    if final_raw is not None:
        final = _score_pair(final_raw, fsw)
        if final != (game.score[0], game.score[1]):
            raise RecordError(fsw, f"the replay ends at {game.score}, the file says {list(final)}")
    return game, names


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
        game, names = load_egn(data_raw, dw)
        ids, iw = _get(g, _join(gw, i), "playersOverride", "players", required=False)
        if ids is not None:
            id_list = _list(ids, iw)
            if len(id_list) != 4 or not all(isinstance(x, str) for x in id_list):
                raise RecordError(iw, "expected four player ids")
            names = [master.get(x, names[k]) for k, x in enumerate(id_list)]
        out.append((game, names))
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
    out = []
    for i, raw in enumerate(_list(deals_raw, dw)):
        if isinstance(raw, str):
            continue
        deal = _obj(raw, _join(dw, i))
        phases_raw, pw = _get(deal, _join(dw, i), "phases")
        for k, ph_raw in enumerate(_list(phases_raw, pw)):
            ph = _obj(ph_raw, _join(pw, k))
            for kind, names in (("call", ("callAnnotations", "calls_annotations")),
                                ("play", ("playAnnotations", "tricks_annotations"))):
                notes_raw, nw = _get(ph, _join(pw, k), *names, required=False)
                if notes_raw is None:
                    continue
                for key, texts_raw in _obj(notes_raw, nw).items():
                    kw = _join(nw, str(key))
                    if not isinstance(key, str) or not (key.isascii() and key.isdigit()) or len(key) > 6:
                        raise RecordError(kw, "annotation keys are action indexes such as '0'")
                    texts = _list(texts_raw, kw)
                    if not all(isinstance(t, str) for t in texts):
                        raise RecordError(kw, "expected a list of texts")
                    out.append(Annotation(i, kind, int(key), tuple(texts)))
    return out
