"""Euchre Game Notation (EGN): replay games recorded by people, and write ours.

EGN is a public JSON format (NextSuit-Labs/euchre-game-notation, Apache 2.0; schema
``egn-schema-v1.json``, docs ``README.md``, ``docs/replayer-logic.md``,
``docs/alternate-rules.md``). A file holds ``metadata`` (players by seat 0..3 clockwise,
``initialScore`` as [team 0/2, team 1/3], a ``ruleset``) and ``deals``: for each deal the
dealer seat and the upcard (``initialState``), a bidding phase (``calls`` in order from
the dealer's left, ``isAlone``, the dealer's ``discard``, ``aloneDefender``) and a play
phase (``tricks``: each trick's cards in the order they were played, starting with its
leader). Who led a trick, who won it and what a deal scored are not stored: a reader
works them out with the rules. Here our engine does that work (RULES.md decision 7):
every deal is replayed through :class:`~euchre.core.game.Game`, so every call and every
card is checked legal, each trick's winner and each deal's score are our engine's, and
the game ends the moment a side reaches the target.

Seats: EGN seat ``i`` is our seat ``i`` (0 N, 1 E, 2 S, 3 W); EGN team 0 (seats 0 and 2)
is our N-S. Cards: ``"Jc"`` style codes, see :func:`card_from_egn`.

Dealt hands. Most files do not record the dealt hands (``playerCards`` is absent or holds
empty lists). The reader then rebuilds each deal: it first runs the deal through the
engine with a stand-in deal (bids checked, cards placed without the check) only to learn,
from the engine, which seat played each card; each seat's hand is then the cards it
played, the dealer's also the upcard and the ``discard`` when he took it up, and every
card still unknown (the kitty, a lone player's partner's hand, an unrecorded discard, and
in a deal whose record stops early the cards not yet played) is filled from the unseen
cards deterministically (lowest card first, by bipartite matching so that a seat never
receives a card of a suit it showed out of). The filled cards never affect the legality of
what was recorded: the kitty and a sitting-out hand are never played, a discard leaves
the hand before play, and unplayed cards respect every void shown. The deal is then
replayed for real with every action checked. Consequently ``game.finished_hands[i]``
holds a *possible* deal: the played cards, the upcard and known discards are the file's;
the rest are stand-ins.

Rules. ``metadata.ruleset`` maps onto :class:`~euchre.core.rules.Rules` (see
:func:`rules_from_ruleset`); an option our engine cannot play raises
:class:`~euchre.core.errors.RecordError` naming it. Calls: ``"Pass"``; ``"Order"`` in
round one (ordering up, assisting or, by the dealer, taking up); a suit letter
``c``/``d``/``h``/``s`` (or ``n``, no trump) in round two; ``isAlone`` marks the making
call as alone; ``aloneDefender`` is the seat defending alone (``-1`` or absent: nobody).

Files in the wild deviate from the schema and are read anyway: version ``"1.0.0"``
(snake_case ``player_cards``/``initial_state``), ``kitty`` (the undealt cards other than
the upcard; ``""`` = unknown) and ``initialLead`` (checked against the leader our engine
computes). Keys the reader does not know are ignored. ``alternativeLines`` and the
``callAnnotations``/``playAnnotations`` are analysis, never replayed
(:func:`egn_annotations` returns the main line's annotations).

A record whose deals stop before the end of the game is fine: the game is just not over
(its last deal may stop anywhere, even inside a trick; ``game.hand`` after the last
recorded deal is a stand-in dealt with a fixed seed). A deal recorded after the game was
won is an error. Errors: everything corrupt or inconsistent raises ``RecordError(where,
why)`` with a JSON path such as ``deals[3].phases[1].tricks[2][1]``.

Writing: :func:`game_to_egn` writes version 1.4 with ``playerCards``, ``calls``,
``isAlone``, ``discard``, ``aloneDefender`` and ``tricks``; :func:`load_egn` reads it back
to the same deals, actions and score. A passed-out deal (all passed twice without stick
the dealer) is a bidding phase of eight ``"Pass"`` calls and no play phase. EGN has no
place for the order of the kitty, so a reread deal's stock holds the same cards in card
order.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from euchre.core.actions import DISCARD_BASE, PLAY_BASE, Action, action_text
from euchre.core.cards import EFFECTIVE_SUIT, JACK, JOKER, NO_TRUMP, RANK_CHARS, SAME_COLOUR, cards_of, deck_cards
from euchre.core.errors import EuchreError, RecordError
from euchre.core.game import Game, Setup
from euchre.core.hand import HandState, Phase
from euchre.core.rules import Rules

FILE_TYPE = "Euchre Game Notation"
MATCH_FILE_TYPE = "Euchre Match Notation"
VERSION = "1.4"
"""The EGN version :func:`game_to_egn` writes."""

_SUIT_LETTERS = "cdhs"
_SEAT_NAMES = ("0 (N)", "1 (E)", "2 (S)", "3 (W)")
_VERSION_RE = re.compile(r"^1(\.\d+){0,2}$")


def _join(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def _seat_text(seat: int) -> str:
    return "seat " + _SEAT_NAMES[seat]


# ---------------------------------------------------------------------------- cards
def card_to_egn(card: int) -> str:
    """The EGN code of a card number: rank then lower-case suit (``"Jc"``, ``"Th"``,
    ``"9d"``, ``"7s"``); ``"B"`` for the joker (EGN README, "Card Representation").

    Raises:
        RecordError: not a card number (0..32).
    """
    if card == JOKER:
        return "B"
    if not isinstance(card, int) or isinstance(card, bool) or not 0 <= card < 32:
        raise RecordError("", f"not a card number: {card!r}")
    return RANK_CHARS[card & 7] + _SUIT_LETTERS[card >> 3]


def card_from_egn(text: Any, where: str = "", trump: int | None = None) -> int:
    """The card number of an EGN card code.

    Read: a rank ``7 8 9 T J Q K A`` (``N`` is also a nine) and a suit ``c d h s`` (either
    case); ``B`` the joker; and, only where a trump suit is fixed (``trump`` 0..3), the
    bowers ``R``/``L`` and the relative suits ``t`` (trump) and ``n`` (next, the other
    suit of trump's colour). A lower-case ``h`` is hearts. Refused with a clear error:
    the unknown rank ``X`` and suit ``x`` (the card must be known where it is read) and
    the generic green suit ``g`` (it does not say which of two suits).

    Args:
        text: the code.
        where: the JSON path used in errors.
        trump: the trump suit in force, or None (or NO_TRUMP) when there is none.

    Raises:
        RecordError: the text is not a card this reader can place.
    """
    if not isinstance(text, str):
        raise RecordError(where, f"expected a card code such as 'Jc', found {type(text).__name__}")
    has_trump = trump is not None and 0 <= trump <= 3
    if text == "B":
        return JOKER
    if text in ("R", "L"):
        if not has_trump or trump is None:
            raise RecordError(where, f"{text!r} (a bower) names a card only once a trump suit is fixed")
        suit = trump if text == "R" else SAME_COLOUR[trump]
        return suit * 8 + JACK
    if len(text) != 2:
        raise RecordError(where, f"not an EGN card: {text!r} (a rank 7, 8, 9, T, J, Q, K, A and a suit c, d, h, s; or R, L, B)")
    rank_char, suit_char = text[0], text[1]
    if rank_char == "X" or suit_char == "x":
        raise RecordError(where, f"{text!r} is a card not (fully) known; this card must be known to replay the game")
    if rank_char == "N":
        rank_char = "9"
    rank = RANK_CHARS.find(rank_char)
    if rank < 0:
        raise RecordError(where, f"not an EGN card: {text!r} (ranks are 7, 8, 9 or N, T, J, Q, K, A)")
    if suit_char in ("t", "n"):
        if not has_trump or trump is None:
            raise RecordError(where, f"{text!r} uses the relative suit {suit_char!r}, which needs a trump suit, and none is fixed here")
        suit = trump if suit_char == "t" else SAME_COLOUR[trump]
    elif suit_char == "g":
        raise RecordError(where, f"{text!r} uses the generic suit 'g', which does not say which suit; use c, d, h or s")
    else:
        suit = _SUIT_LETTERS.find(suit_char.lower())
        if suit < 0:
            raise RecordError(where, f"not an EGN card: {text!r} (suits are c, d, h, s)")
    return suit * 8 + rank


def _deck_card(text: Any, where: str, deck: frozenset[int], trump: int | None) -> int:
    card = card_from_egn(text, where, trump)
    if card not in deck:
        raise RecordError(where, f"{text!r} is not in the {len(deck)}-card deck of this ruleset")
    return card


# ---------------------------------------------------------------------------- rules
_RULESET_KEYS = frozenset({
    "std", "min_rank", "winning_score", "num_deals", "canadian", "loner_lead", "loner_march_score",
    "loner_euchred_score", "defend_alone", "farmers", "partners_best", "go_under", "joker", "num_players",
    "allow_no_trump", "fast_break", "four_trick_tokens",
})
_UNPLAYABLE_FLAGS = {
    "farmers": "farmer's hands", "partners_best": "partner's best (call for best)", "go_under": "going under",
    "fast_break": "fast break scoring", "four_trick_tokens": "four-trick tokens",
}
_DECK_OF_MIN_RANK = {9: 24, 8: 28, 7: 32}
_LONER_LEAD = {"LEFT_OF_DEALER": "first_active_left_of_dealer", "LEFT_OF_LONER": "left_of_lone_player"}


def rules_from_ruleset(ruleset: Any, where: str = "metadata.ruleset") -> Rules:
    """Our :class:`Rules` for an EGN ``ruleset`` (absent keys take EGN's defaults).

    The base is ``modern-standard`` (``Rules()``: the maker alone declares with the call,
    the dealer's partner may assist, round two may not name the turned-down suit) with
    ``dealer_may_discard_upcard = True`` (EGN's rules say only that the dealer discards
    one card), and: ``std`` (default true) -> ``all_pass_round2`` ``stick_the_dealer`` /
    ``deal_passes_left``; ``min_rank`` 9/8/7 -> ``deck`` 24/28/32; ``winning_score``
    (default 10) -> ``game_target``; ``canadian`` -> ``canadian_loner``; ``loner_lead``
    ``LEFT_OF_DEALER``/``LEFT_OF_LONER`` -> ``alone_lead``
    ``first_active_left_of_dealer``/``left_of_lone_player``; ``loner_march_score`` ->
    ``points_lone_march`` (4 or 5); ``loner_euchred_score`` -> ``points_lone_euchred``
    (2 or 4); ``defend_alone`` (against a lone maker; a euchre by the lone defender
    scores 4); ``joker``; ``allow_no_trump`` -> ``no_trump_call``. Source:
    docs/alternate-rules.md.

    Raises:
        RecordError: an unknown option, a value of the wrong type, or a rule our engine
            cannot play (``num_deals``, farmers, partner's best, going under, fast break,
            four-trick tokens, a player count other than 4, a 36-card deck, scores our
            options do not allow); the message names it.
    """
    if ruleset is None:
        ruleset = {}
    if not isinstance(ruleset, Mapping):
        raise RecordError(where, f"expected an object, found {type(ruleset).__name__}")
    for key in ruleset:
        if key not in _RULESET_KEYS:
            raise RecordError(_join(where, str(key)), "unknown ruleset option; a rule this reader does not know could change the game")

    def flag(key: str, default: bool) -> bool:
        value = ruleset.get(key, default)
        if not isinstance(value, bool):
            raise RecordError(_join(where, key), f"expected true or false, found {value!r}")
        return value

    def number(key: str, default: int) -> int:
        value = ruleset.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(_join(where, key), f"expected a whole number, found {value!r}")
        return value

    for key, name in _UNPLAYABLE_FLAGS.items():
        if flag(key, False):
            raise RecordError(_join(where, key), f"{name} is not a rule our engine plays")
    if number("num_players", 4) != 4:
        raise RecordError(_join(where, "num_players"), "only the four-player partnership game is played")
    min_rank = number("min_rank", 9)
    if min_rank not in _DECK_OF_MIN_RANK:
        raise RecordError(_join(where, "min_rank"), f"min_rank {min_rank}: the deck runs down to 9, 8 or 7 (24, 28 or 32 cards)")
    if number("num_deals", 0) != 0:
        raise RecordError(_join(where, "num_deals"), "games of a fixed number of deals are not played; our games end at a target score")
    target = number("winning_score", 10)
    if target < 1:
        raise RecordError(_join(where, "winning_score"), f"winning_score {target}: a game needs a target of at least 1")
    loner_lead = ruleset.get("loner_lead", "LEFT_OF_DEALER")
    if not isinstance(loner_lead, str) or loner_lead not in _LONER_LEAD:
        raise RecordError(_join(where, "loner_lead"), f"expected LEFT_OF_DEALER or LEFT_OF_LONER, found {loner_lead!r}")
    march = number("loner_march_score", 4)
    if march not in (4, 5):
        raise RecordError(_join(where, "loner_march_score"), f"{march}: a lone march scores 4 or 5 in our rules")
    euchred = number("loner_euchred_score", 2)
    if euchred not in (2, 4):
        raise RecordError(_join(where, "loner_euchred_score"), f"{euchred}: a euchred lone hand gives 2 or 4 in our rules")
    options = {
        "deck": _DECK_OF_MIN_RANK[min_rank],
        "all_pass_round2": "stick_the_dealer" if flag("std", True) else "deal_passes_left",
        "game_target": target,
        "canadian_loner": flag("canadian", False),
        "alone_lead": _LONER_LEAD[loner_lead],
        "points_lone_march": march,
        "points_lone_euchred": euchred,
        "defend_alone": flag("defend_alone", False),
        "joker": flag("joker", False),
        "no_trump_call": flag("allow_no_trump", False),
        "dealer_may_discard_upcard": True,
    }
    try:
        return Rules().replace(**options)
    except EuchreError as exc:
        raise RecordError(where, str(exc)) from None


def ruleset_from_rules(rules: Rules) -> dict[str, Any]:
    """The EGN ``ruleset`` of our rules (the inverse of :func:`rules_from_ruleset`).

    Options EGN has no word for are accepted when EGN's reading is at least as permissive
    and scores the same (e.g. ``alone_allowed = false``, ``natural_trump``,
    ``dealer_may_discard_upcard``), or when they do not touch the play of a game
    (display, drawing for seats, laps, slams).

    Raises:
        RecordError: an option that would make the recorded game replay or score
            differently under EGN's rules; the message names it.
    """
    problems: list[str] = []

    def need(option: str, ok: bool) -> None:
        if not ok:
            problems.append(f"{option} = {getattr(rules, option)}")

    need("all_pass_round2", rules.all_pass_round2 in ("stick_the_dealer", "deal_passes_left"))
    need("round2_may_name_turned_down", not rules.round2_may_name_turned_down)
    need("stuck_dealer_may_name_turned_down", not rules.stuck_dealer_may_name_turned_down or rules.all_pass_round2 != "stick_the_dealer")
    need("alone_who", rules.alone_who == "maker_only" or not rules.alone_allowed)
    need("alone_declare_timing", rules.alone_declare_timing == "with_call" or not rules.alone_allowed)
    need("alone_lead", rules.alone_lead != "lone_player")
    need("points_march", rules.points_march == 2)
    need("super_euchre", not rules.super_euchre)
    if rules.defend_alone:
        need("defend_alone_against", rules.defend_alone_against == "lone_maker")
        need("defend_alone_scoring", rules.defend_alone_scoring == "euchre_scores_4")
    if problems:
        raise RecordError("metadata.ruleset", "EGN cannot express " + "; ".join(problems))
    return {
        "std": rules.all_pass_round2 == "stick_the_dealer",
        "min_rank": {24: 9, 28: 8, 32: 7}[rules.deck],
        "winning_score": rules.game_target,
        "canadian": rules.canadian_loner,
        "loner_lead": "LEFT_OF_LONER" if rules.alone_lead == "left_of_lone_player" else "LEFT_OF_DEALER",
        "loner_march_score": rules.points_lone_march,
        "loner_euchred_score": rules.points_lone_euchred,
        "defend_alone": rules.defend_alone,
        "joker": rules.joker,
        "allow_no_trump": rules.no_trump_call,
        "num_players": 4,
    }


# ---------------------------------------------------------------------------- reading helpers
def _get(obj: Mapping[str, Any], where: str, *names: str, required: bool = True) -> tuple[Any, str]:
    """The value of the first key of ``names`` present in ``obj`` (EGN spellings first,
    then legacy ones), and its path. Missing: RecordError when required, else None."""
    for name in names:
        if name in obj:
            return obj[name], _join(where, name)
    if required:
        raise RecordError(_join(where, names[0]), "missing")
    return None, _join(where, names[0])


def _obj(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise RecordError(where, f"expected an object, found {type(value).__name__}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(where, f"expected a list, found {type(value).__name__}")
    return value


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(where, f"expected a whole number, found {value!r}")
    return value


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(where, f"expected true or false, found {value!r}")
    return value


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


# ---------------------------------------------------------------------------- one deal
@dataclass
class _Deal:
    """One deal of a file, read for shape; cards that may use relative codes stay text
    until the trump is known."""

    where: str
    dealer: int
    dealer_where: str
    upcard: int
    deck: frozenset[int]
    calls: list[Any] = field(default_factory=list)
    calls_where: str = ""
    is_alone: bool = False
    alone_where: str = ""
    alone_defender: int = -1
    alone_defender_where: str = ""
    alone_defender_known: bool = False
    discard: int | None = None
    discard_where: str = ""
    has_play: bool = False
    tricks: list[Any] = field(default_factory=list)
    tricks_where: str = ""
    initial_lead: int | None = None
    initial_lead_where: str = ""
    player_cards: Any = None
    player_cards_where: str = ""
    kitty: Any = None
    kitty_where: str = ""
    is_last: bool = False


def _read_deal(raw: Any, where: str, deck: frozenset[int], is_last: bool) -> _Deal:
    if isinstance(raw, str):
        raise RecordError(where, "a condensed (bit-packed) deal string; expand the file to JSON deals first (egn-convert)")
    obj = _obj(raw, where)
    state_raw, sw = _get(obj, where, "initialState", "initial_state")
    state = _obj(state_raw, sw)
    dealer_raw, dw = _get(state, sw, "dealer")
    dealer = _int(dealer_raw, dw)
    if not 0 <= dealer <= 3:
        raise RecordError(dw, f"a dealer is a seat 0..3, not {dealer}")
    up_raw, uw = _get(state, sw, "upCard", "up_card")
    upcard = _deck_card(up_raw, uw, deck, None)
    if upcard == JOKER:
        raise RecordError(uw, "a turned-up joker cannot be replayed: EGN does not record how the dealer then names trump")
    deal = _Deal(where, dealer, dw, upcard, deck, is_last=is_last)
    deal.player_cards, deal.player_cards_where = _get(state, sw, "playerCards", "player_cards", required=False)
    deal.kitty, deal.kitty_where = _get(state, sw, "kitty", required=False)
    phases_raw, pw = _get(obj, where, "phases")
    phases = _list(phases_raw, pw)
    bidding: tuple[Mapping[str, Any], str] | None = None
    play: tuple[Mapping[str, Any], str] | None = None
    for i, ph_raw in enumerate(phases):
        phw = _join(pw, i)
        ph = _obj(ph_raw, phw)
        kind, kw = _get(ph, phw, "type")
        if kind == "EUCHRE_BIDDING":
            if bidding is not None or play is not None:
                raise RecordError(kw, "a deal has one bidding phase, before the play")
            bidding = (ph, phw)
        elif kind == "TRICK_PLAY":
            if play is not None:
                raise RecordError(kw, "a deal has one play phase")
            if bidding is None:
                raise RecordError(kw, "the play comes after a bidding phase")
            play = (ph, phw)
        else:
            raise RecordError(kw, f"unknown phase type {kind!r} (EUCHRE_BIDDING or TRICK_PLAY)")
    alone_in_play: bool | None = None
    if play is not None:
        ph, phw = play
        tricks_raw, deal.tricks_where = _get(ph, phw, "tricks")
        deal.tricks = _list(tricks_raw, deal.tricks_where)
        deal.has_play = True
        lead_raw, deal.initial_lead_where = _get(ph, phw, "initialLead", "initial_lead", required=False)
        if lead_raw is not None:
            deal.initial_lead = _int(lead_raw, deal.initial_lead_where)
        alone_raw, aw = _get(ph, phw, "isAlone", required=False)
        if alone_raw is not None:
            alone_in_play = _bool(alone_raw, aw)
            deal.alone_where = aw
        _check_exchanges(ph, phw)
    if bidding is not None:
        ph, phw = bidding
        calls_raw, deal.calls_where = _get(ph, phw, "calls")
        deal.calls = _list(calls_raw, deal.calls_where)
        alone_raw, aw = _get(ph, phw, "isAlone", required=False)
        if alone_raw is not None:
            deal.is_alone = _bool(alone_raw, aw)
            if alone_in_play is not None and alone_in_play != deal.is_alone:
                raise RecordError(deal.alone_where, "isAlone of the play phase contradicts isAlone of the bidding phase")
            deal.alone_where = aw
        elif alone_in_play is not None:
            deal.is_alone = alone_in_play
        else:
            deal.alone_where = _join(phw, "isAlone")
        defender_raw, deal.alone_defender_where = _get(ph, phw, "aloneDefender", "alone_defender", required=False)
        if defender_raw is not None:
            deal.alone_defender = _int(defender_raw, deal.alone_defender_where)
            deal.alone_defender_known = True
            if not -1 <= deal.alone_defender <= 3:
                raise RecordError(deal.alone_defender_where, f"expected a seat 0..3 or -1, found {deal.alone_defender}")
        discard_raw, deal.discard_where = _get(ph, phw, "discard", required=False)
        if discard_raw is not None:
            # A discard exists only after the upcard was taken up: its suit is trump.
            deal.discard = _deck_card(discard_raw, deal.discard_where, deck, upcard >> 3)
        _check_exchanges(ph, phw)
    return deal


def _check_exchanges(ph: Mapping[str, Any], where: str) -> None:
    value, w = _get(ph, where, "cardExchanges", "card_exchanges", required=False)
    if value is not None and value != []:
        raise RecordError(w, "card exchanges (partner's best, going under, farmers) are not rules our engine plays")


_CALL_SUITS = {"c": 0, "d": 1, "h": 2, "s": 3, "n": NO_TRUMP}


def _call_code(call: Any, phase: Phase, alone: bool, where: str) -> int:
    if not isinstance(call, str):
        raise RecordError(where, f"expected a call text, found {type(call).__name__}")
    if call == "Pass":
        return int(Action.PASS)
    if call == "Order":
        if phase != Phase.BID_ROUND_1:
            raise RecordError(where, "'Order' accepts the upcard, which is done only in round one (calls 0-3); name a suit in round two")
        return int(Action.ORDER_UP_ALONE if alone else Action.ORDER_UP)
    if call in _CALL_SUITS:
        if phase != Phase.BID_ROUND_2:
            raise RecordError(where, f"{call!r} names trump, which is done only in round two (calls 4-7); round one is 'Order' or 'Pass'")
        return int(Action.name_trump(_CALL_SUITS[call], alone))
    if call == "x":
        raise RecordError(where, "'x' is a call whose suit is unknown; it cannot be replayed")
    raise RecordError(where, f"unknown call {call!r}; EGN calls are Pass, Order, c, d, h, s, n")


Step = Callable[[int, str], None]


def _drive(hand: HandState, deal: _Deal, step: Step, discard: int | None,
           on_play: Callable[[int, int, str], None] | None = None) -> None:
    """Play one deal's recorded actions on ``hand`` through ``step(code, where)``.

    Shared by the stand-in run (which learns who played each card) and the checked
    replay, so both read the file the same way. ``discard`` is the dealer's discard when
    it is known or worked out; None lets the stand-in run discard any legal card.
    """
    for i, call in enumerate(deal.calls):
        cw = _join(deal.calls_where, i)
        if hand.phase not in (Phase.BID_ROUND_1, Phase.BID_ROUND_2):
            why = "trump was already made" if hand.trump != -1 else "the deal was already passed out"
            raise RecordError(cw, f"a call after the bidding ended: {why}")
        is_last = i == len(deal.calls) - 1
        step(_call_code(call, hand.phase, deal.is_alone and is_last, cw), cw)
    if deal.is_alone and hand.alone == -1:
        raise RecordError(deal.alone_where, "isAlone is true, but no call was made to go alone with")
    # The decisions after trump is made, applied when the file shows them or the play follows.
    discarded = defended = False
    used_at: dict[int, str] = {}  # cards played or discarded so far, by path
    while hand.phase in (Phase.DISCARD, Phase.DEFEND_ALONE):
        if hand.phase == Phase.DISCARD:
            if discard is None and not deal.has_play:
                break
            if discard is None:  # the stand-in run: any card but the upcard, which may be played later
                code = next(c for c in hand.legal_codes() if c != DISCARD_BASE + hand.upcard)
            else:
                code = DISCARD_BASE + discard
            step(code, deal.discard_where or deal.where)
            discarded = True
            if deal.discard is not None:
                used_at[deal.discard] = deal.discard_where
        else:
            if not deal.has_play and not deal.alone_defender_known:
                break
            defends = hand.turn == deal.alone_defender
            step(int(Action.DEFEND_ALONE if defends else Action.PASS), deal.alone_defender_where or deal.where)
            defended = defended or defends
    if deal.discard is not None and not discarded:
        raise RecordError(deal.discard_where, "there is no discard here: the dealer did not take up the upcard" +
                          (" (or the record stops before it)" if not deal.has_play else ""))
    if deal.alone_defender != -1 and not defended:
        raise RecordError(deal.alone_defender_where, f"{_seat_text(deal.alone_defender)} could not defend alone here "
                          "(only a defender against a lone maker may, when the ruleset allows it)")
    if not deal.has_play:
        return
    if hand.phase != Phase.PLAY:
        why = "the deal was passed out" if hand.is_over else "the bidding did not finish"
        raise RecordError(deal.tricks_where, f"cards are played, but {why}")
    if deal.initial_lead is not None and deal.initial_lead != hand.leader:
        raise RecordError(deal.initial_lead_where,
                          f"the rules give the first lead to {_seat_text(hand.leader)}, the file says {deal.initial_lead}")
    seats = bin(hand.active).count("1")
    try:
        _drive_tricks(hand, deal, step, on_play, seats, used_at)
    except RecordError:
        if on_play is None:
            raise
        # The stand-in run stops at the first fault of the play; the checked replay then
        # reports it, or an earlier fault (a revoke) it finds first, in play order.


def _drive_tricks(hand: HandState, deal: _Deal, step: Step, on_play: Callable[[int, int, str], None] | None,
                  seats: int, used_at: dict[int, str]) -> None:
    for t, trick_raw in enumerate(deal.tricks):
        tw = _join(deal.tricks_where, t)
        trick = _list(trick_raw, tw)
        if hand.phase != Phase.PLAY:
            raise RecordError(tw, "the hand was over after five tricks")
        may_stop = deal.is_last and t == len(deal.tricks) - 1
        if len(trick) > seats or (len(trick) < seats and not may_stop):
            raise RecordError(tw, f"a trick here has {seats} cards ({seats} seats play), found {len(trick)}")
        for j, text in enumerate(trick):
            cw = _join(tw, j)
            card = card_from_egn(text, cw, hand.trump)
            if card not in deal.deck:
                raise RecordError(cw, f"{text!r} is not in the {len(deal.deck)}-card deck of this ruleset")
            if card in used_at:
                raise RecordError(cw, f"{text!r} was already played or discarded at {used_at[card]}")
            used_at[card] = cw
            if card == hand.upcard and not (hand.turn == hand.dealer and hand.discarded not in (-1, card)):
                raise RecordError(cw, f"{text!r} is the upcard; only the dealer who took it up (and kept it) can play it")
            if on_play is not None:
                on_play(hand.turn, card, cw)
            step(PLAY_BASE + card, cw)


@dataclass
class _Seen:
    """What the stand-in run learnt: who played what, the trump, the exchange."""

    trump: int
    plays: list[tuple[int, int, str]]
    exchanged: bool
    active: int


def _stand_in(rules: Rules, dealer: int, deal: _Deal, deck: list[int]) -> _Seen:
    """Run the deal on a stand-in deal: calls and the discard are checked, cards are
    placed without the check; the engine decides who leads, follows and wins."""
    order = [c for c in deck if c != deal.upcard]
    if deal.discard is not None and deal.discard != deal.upcard:
        order.remove(deal.discard)
        order.insert(0, deal.discard)
    hands: list[list[int]] = [[], [], [], []]
    seats = [dealer] + [(dealer + k) & 3 for k in (1, 2, 3)]
    for k, seat in enumerate(seats):
        hands[seat] = order[5 * k:5 * k + 5]
    hand = HandState.from_deal(rules, dealer, hands, [deal.upcard, *order[20:]])
    plays: list[tuple[int, int, str]] = []

    def step(code: int, where: str) -> None:
        try:
            if code >= PLAY_BASE:
                hand.push(code)
            else:
                hand.apply(code)
        except EuchreError as exc:
            raise RecordError(where, str(exc)) from None

    _drive(hand, deal, step, deal.discard, lambda seat, card, w: plays.append((seat, card, w)))
    return _Seen(hand.trump, plays, hand.discarded != -1, hand.active)


def _match(forbidden: list[frozenset[int]], pool: list[int], trump: int) -> list[int] | None:
    """Cards for slots (each forbids some effective suits), lowest first by augmenting
    paths (Kuhn); None when no assignment exists."""
    eff = EFFECTIVE_SUIT[trump if trump != -1 else NO_TRUMP]
    owner: dict[int, int] = {}

    def place(slot: int, seen: set[int]) -> bool:
        for c in pool:
            if c in seen or eff[c] in forbidden[slot]:
                continue
            seen.add(c)
            if c not in owner or place(owner[c], seen):
                owner[c] = slot
                return True
        return False

    for slot in range(len(forbidden)):
        if not place(slot, set()):
            return None
    out = [0] * len(forbidden)
    for c, slot in owner.items():
        out[slot] = c
    return out


def _known_cards(deal: _Deal, deck: frozenset[int], trump: int | None) -> tuple[list[list[int] | None], list[int | None]]:
    """The dealt hands given by ``playerCards`` (None: unknown) and the kitty (None: unknown)."""
    known: list[list[int] | None] = [None, None, None, None]
    if deal.player_cards is not None:
        pc = _list(deal.player_cards, deal.player_cards_where)
        if pc and len(pc) != 4:
            raise RecordError(deal.player_cards_where, f"expected a hand for each of four seats, found {len(pc)}")
        for s, cards_raw in enumerate(pc):
            hw = _join(deal.player_cards_where, s)
            cards = _list(cards_raw, hw)
            if not cards:
                continue
            if len(cards) != 5:
                raise RecordError(hw, f"a dealt hand has 5 cards (or none when unknown), found {len(cards)}")
            hand = [_deck_card(c, _join(hw, j), deck, trump) for j, c in enumerate(cards)]
            if len(set(hand)) != 5:
                raise RecordError(hw, "a card appears twice in this hand")
            known[s] = hand
    stock_size = len(deck) - 21
    kitty: list[int | None] = [None] * stock_size
    if deal.kitty is not None:
        items = _list(deal.kitty, deal.kitty_where)
        if items and len(items) != stock_size:
            raise RecordError(deal.kitty_where, f"the kitty holds the {stock_size} undealt cards besides the upcard, found {len(items)}")
        for j, text in enumerate(items):
            if text != "":
                kitty[j] = _deck_card(text, _join(deal.kitty_where, j), deck, trump)
    return known, kitty


def _rebuild(dealer: int, deal: _Deal, seen: _Seen, deck: list[int]) -> tuple[list[list[int]], list[int], int | None]:
    """A deal consistent with the file: ``(hands by seat, stock with the upcard first,
    the dealer's discard or None)``. See the module docstring."""
    deck_set = frozenset(deck)
    trump = seen.trump
    known, kitty = _known_cards(deal, deck_set, trump if trump != -1 else None)
    up = deal.upcard
    eff = EFFECTIVE_SUIT[trump if trump != -1 else NO_TRUMP]
    # The plays hold no card twice and the upcard only for the dealer who took it up
    # (the driver stops the stand-in run there). A seat with known dealt cards that plays
    # another card is left to the checked replay, which reports it in play order.
    played: list[list[int]] = [[], [], [], []]
    for seat, card, _ in seen.plays:
        played[seat].append(card)
    voids: list[set[int]] = [set(), set(), set(), set()]
    for k in range(0, len(seen.plays), max(1, bin(seen.active).count("1"))):
        trick = seen.plays[k:k + bin(seen.active).count("1")]
        led = eff[trick[0][1]]
        for seat, card, _ in trick[1:]:
            if eff[card] != led:
                voids[seat].add(led)

    placed: dict[int, str] = {}

    def place(card: int, label: str, where: str) -> None:
        if card in placed:
            raise RecordError(where, f"{card_to_egn(card)} would be in two places: {placed[card]} and {label}")
        placed[card] = label

    place(up, "the upcard", deal.where)
    for c in kitty:
        if c is not None:
            place(c, "the kitty", deal.kitty_where)
    discard = deal.discard
    hands: list[list[int]] = [[], [], [], []]
    slots: list[tuple[int, frozenset[int]]] = []  # (seat, or -1 discard, or -2 kitty; forbidden suits)
    for s in range(4):
        label = f"the hand of {_seat_text(s)}"
        hand_known = known[s]
        if hand_known is not None:
            for c in hand_known:
                place(c, label, deal.player_cards_where)
            hands[s] = list(hand_known)
            if s == dealer and seen.exchanged:
                six = [*hand_known, up]
                if discard is None:
                    rest = [c for c in six if c not in played[s]]
                    rest.sort(key=lambda c: (eff[c] not in voids[s], c == up, c))
                    discard = rest[0]
                elif discard not in six:
                    raise RecordError(deal.discard_where, f"the dealer discards {card_to_egn(discard)}, which he was not dealt")
            continue
        base = list(played[s])
        free = 5 - len(base)
        if s == dealer and seen.exchanged:
            # hand at the first lead = played + unplayed; dealt = that + discard - upcard
            if up in base:  # (a discarded upcard is never played: the driver stops there)
                base.remove(up)
                if discard is None:
                    slots.append((-1, frozenset()))
            elif discard is None:
                if free >= 1 and eff[up] not in voids[s]:
                    free -= 1  # he still holds the upcard, unplayed
                    slots.append((-1, frozenset()))
                else:
                    discard = up
            elif discard != up:
                if free < 1 or eff[up] in voids[s]:
                    raise RecordError(deal.discard_where, f"the dealer took up {card_to_egn(up)} and discarded {card_to_egn(discard)}, "
                                      f"but never played {card_to_egn(up)} and cannot still hold it")
                free -= 1  # he still holds the upcard, unplayed
            if discard is not None and discard != up:
                base.append(discard)
        for c in base:
            place(c, label, deal.where)
        hands[s] = base
        slots.extend((s, frozenset(voids[s])) for _ in range(free))
    slots.extend((-2, frozenset()) for c in kitty if c is None)
    pool = [c for c in deck if c not in placed]
    fill = _match([f for _, f in slots], pool, trump) if len(pool) == len(slots) else None
    if fill is None:
        raise RecordError(deal.where, "no deal of the unseen cards fits the recorded play "
                          "(a seat would have to hold a card of a suit it showed out of: a revoke)")
    kitty_fill = iter(c for (owner, _), c in zip(slots, fill, strict=True) if owner == -2)
    for (owner, _), c in zip(slots, fill, strict=True):
        if owner >= 0:
            hands[owner].append(c)
        elif owner == -1:
            hands[dealer].append(c)
            discard = c
    stock = [up] + [c if c is not None else next(kitty_fill) for c in kitty]
    return hands, stock, (discard if seen.exchanged else None)


def _deal_hand(rules: Rules, dealer: int, deal: _Deal) -> tuple[HandState, int | None]:
    """The hand for a deal of the file, and the discard the replay makes (or None)."""
    if deal.dealer != dealer:
        raise RecordError(deal.dealer_where, f"the deal passes to the left: {_seat_text(dealer)} deals now, the file says {deal.dealer}")
    deck = deck_cards(rules.deck, rules.joker)
    seen = _stand_in(rules, dealer, deal, deck)
    hands, stock, discard = _rebuild(dealer, deal, seen, deck)
    try:
        return HandState.from_deal(rules, dealer, hands, stock), discard
    except EuchreError as exc:
        raise RecordError(deal.where, str(exc)) from None


# ---------------------------------------------------------------------------- games
def load_egn(data: Any, where: str = "") -> tuple[Game, list[str]]:
    """Replay an EGN game (parsed JSON) through our engine.

    Args:
        data: the file's JSON object.
        where: a path prefix for errors (used for games inside a match file).

    Returns:
        ``(game, players)``: the game replayed to its last recorded action (over when a
        side reached the target), and the players' names by seat 0..3 (N, E, S, W).
        ``game.setup.first_dealer`` is the first deal's dealer; deals that are not
        recorded in full were rebuilt as the module docstring says.

    Raises:
        RecordError: the file is corrupt, inconsistent with the rules (an illegal call or
            card, a revoke, a wrong dealer, a deal after the game was won, ...) or uses a
            rule our engine cannot play; ``where`` is the JSON path of the fault.
    """
    top = _obj(data, where)
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

    def provider(index: int, dealer: int) -> HandState:
        if index >= len(deals):
            # After the record: a stand-in hand with a fixed seed, never part of the record.
            return HandState.deal(rules, dealer, random.Random(index))
        hand, discards[index] = _deal_hand(rules, dealer, deals[index])
        return hand

    first_dealer = deals[0].dealer if deals else 0
    setup = Setup((0, 1, 2, 3), first_dealer, (), "EGN file: seats as recorded")
    try:
        game = Game(rules, None, initial_score=initial, setup=setup, deal_provider=provider)
    except RecordError:
        raise
    except EuchreError as exc:
        raise RecordError(_join(dw, 0), str(exc)) from None

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
        RecordError: the text is not JSON, or the game is corrupt or inconsistent.
    """
    return load_egn(_parse_json(text))


def _parse_json(text: str | bytes) -> Any:
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError, TypeError) as exc:
        raise RecordError("", f"not JSON: {exc}") from None


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
    top = _obj(data, "")
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
    top = _obj(data, "")
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
                    if not isinstance(key, str) or not key.isdigit():
                        raise RecordError(kw, "annotation keys are action indexes such as '0'")
                    texts = _list(texts_raw, kw)
                    if not all(isinstance(t, str) for t in texts):
                        raise RecordError(kw, "expected a list of texts")
                    out.append(Annotation(i, kind, int(key), tuple(texts)))
    return out


# ---------------------------------------------------------------------------- writing
def _hand_to_deal(hand: HandState, index: int) -> dict[str, Any]:
    where = f"deals[{index}]"
    if hand.upcard == JOKER:
        raise RecordError(f"{where}.initialState.upCard", "EGN cannot record a turned-up joker named blind by the dealer")
    calls: list[str] = []
    discard: int | None = None
    defender = -1
    bidding = True
    for seat, code in hand.history:
        if code >= PLAY_BASE:
            continue
        if code >= DISCARD_BASE:
            discard = code - DISCARD_BASE
        elif code == Action.DEFEND_ALONE:
            defender = seat
        elif bidding and code == Action.PASS:
            calls.append("Pass")
        elif bidding and code in (Action.ORDER_UP, Action.ORDER_UP_ALONE):
            calls.append("Order")
            bidding = False
        elif bidding and 3 <= code <= 12:
            suit = (code - 3) % 5
            calls.append("n" if suit == NO_TRUMP else _SUIT_LETTERS[suit])
            bidding = False
        elif not bidding and code == Action.PASS:
            continue  # a defender who does not defend alone
        else:
            raise RecordError(f"{where}.phases[0]", f"EGN cannot express {action_text(code)}")
    bid: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls, "isAlone": hand.alone != -1}
    if discard is not None:
        bid["discard"] = card_to_egn(discard)
    if hand.defend_done or defender != -1:
        bid["aloneDefender"] = defender
    phases: list[dict[str, Any]] = [bid]
    if hand.phase == Phase.PLAY or hand.tricks:
        tricks = [[card_to_egn(c) for c in t.cards] for t in hand.tricks]
        if hand.trick_cards:
            tricks.append([card_to_egn(c) for c in hand.trick_cards])
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks})
    return {
        "dealNumber": index,
        "initialState": {
            "dealer": hand.dealer,
            "upCard": card_to_egn(hand.upcard),
            "playerCards": [[card_to_egn(c) for c in cards_of(hand.deal_hands[s])] for s in range(4)],
        },
        "phases": phases,
    }


def game_to_egn(game: Game, players: Sequence[str] = (), title: str | None = None) -> dict[str, Any]:
    """An EGN 1.4 file of a game so far: every finished deal, and the deal in progress
    when one of its actions was taken. JSON-ready; valid under ``egn-schema-v1.json``.

    Each deal records ``playerCards`` (the dealt hands), the upcard, the calls with
    ``isAlone``, the dealer's ``discard``, ``aloneDefender`` (once the defenders have
    decided) and the tricks. ``finalScore`` is written when the game is over.
    :func:`load_egn` reads the file back to the same deals, actions and score (the kitty's
    order is not recorded; a deal stopped between two defenders' decisions is written up
    to the trump call).

    Args:
        game: the game.
        players: the four names by seat N, E, S, W (default "Player 1".."Player 4").
        title: an optional title.

    Raises:
        RecordError: the game cannot be expressed in EGN: a rule EGN lacks (see
            :func:`ruleset_from_rules`), a turned-up joker named blind, more than 100
            deals, or names that are not four texts of at most 64 characters.
    """
    names = list(players) if players else [f"Player {i + 1}" for i in range(4)]
    if len(names) != 4 or not all(isinstance(n, str) and len(n) <= 64 for n in names):
        raise RecordError("metadata.players", "expected four names of at most 64 characters")
    ruleset = ruleset_from_rules(game.rules)
    hands = list(game.finished_hands)
    if not game.is_over and game.hand.history:
        hands.append(game.hand)
    if len(hands) > 100:
        raise RecordError("deals", f"EGN holds at most 100 deals, this game has {len(hands)}")
    meta: dict[str, Any] = {}
    if title is not None:
        meta["title"] = title[:128]
    meta["players"] = names
    meta["initialScore"] = list(game.initial_score)
    if game.result is not None:
        meta["finalScore"] = list(game.score)
    meta["ruleset"] = ruleset
    return {
        "fileType": FILE_TYPE,
        "version": VERSION,
        "metadata": meta,
        "deals": [_hand_to_deal(h, i) for i, h in enumerate(hands)],
    }


def dumps_egn(game: Game, players: Sequence[str] = (), title: str | None = None) -> str:
    """:func:`game_to_egn` as JSON text.

    Raises:
        RecordError: as :func:`game_to_egn`.
    """
    return json.dumps(game_to_egn(game, players, title), indent=2, ensure_ascii=False)
