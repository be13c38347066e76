"""A fixed-width encoding of one seat's :class:`~euchre.core.views.PlayerView`, for data sets.

:func:`encode_view` turns a view into :data:`WIDTH` small integers (``bytes``, each an
int8 value 0..127), made only from the view's own fields: what the seat may know, never
another seat's hidden card (a test exchanges the hidden cards consistently with the view
and finds every element unchanged). Seats are *relative* to the viewer: relative seat 0
is the viewer, 1 the player on its left, 2 its partner, 3 the player on its right (in the
order of the table's ``left``); "own team" is the viewer's team. Card slots are card
numbers (``suit * 8 + rank``, suits C, D, H, S, ranks 7, 8, 9, T, J, Q, K, A; 32 is the
joker; see :mod:`euchre.core.cards`): a 24-card deck uses slots of 9 to A only.

The blocks, in order (:data:`BLOCKS` names each block and its width; :data:`FEATURE_NAMES`
names every element, e.g. ``hand.JH`` or ``calls.3.code.1``):

======================  =====  =====================================================
block                   width  meaning (1 = yes, 0 = no unless said)
======================  =====  =====================================================
``hand``                33     the viewer's cards now
``upcard``              33     the card turned up
``discard``             33     the card the viewer discarded as dealer (others never see it)
``played.R``            4x33   cards relative seat R played to the finished tricks
``trick.R``             4x33   the card relative seat R played to the trick in progress
``trick_leader``        4      who led the trick in progress (none before its first card)
``phase``               9      the phase (:class:`~euchre.core.hand.Phase`, 0..8)
``trump``               6      trump C, D, H, S, no trump, or not fixed yet
``dealer``              4      the dealer's relative seat
``maker``               4      the maker's relative seat (none before trump is fixed)
``alone``               4      the lone player's relative seat (none)
``defender_alone``      4      the lone defender's relative seat (none)
``active``              4      the seats taking part (a lone player's partner sits out)
``turn``                4      the seat to act (the viewer at every decision of a data set)
``upcard_to_dealer``    1      the upcard was taken up by the dealer
``joker_aside``         1      the joker was turned up and set aside
``calls.K``             12x22  the K-th call of the hand (K = 0..11, in the order made;
                               every action but the discard and the cards played):
                               ``seat`` 4 (relative seat) then ``code`` 18 (its action
                               code 0..17: pass, order, order-alone, name-C..name-NT
                               (3..7) and alone (8..12), alone, partner, take-over,
                               defend-alone, forfeit; :class:`~euchre.core.actions.Action`)
``void.R``              4x5    relative seat R has shown it holds no card of effective
                               suit C, D, H, S or the joker's own suit under no trump
``tricks_won``          2      tricks won so far by the own team and by the other (0..5)
``hand_sizes``          4      cards held now by each relative seat (0..8)
``score``               2      game score of the own team and of the other, before this
                               hand (capped at 127)
``target``              1      the points that win the game (capped at 127)
======================  =====  =====================================================

Twelve call slots hold every hand: at most four calls in each round of bidding, the
takeover, the maker's alone decision and two defenders' decisions (RULES.md decision 9);
a view with more raises an error rather than dropping one.
"""

from __future__ import annotations

import functools

from euchre.core.actions import DISCARD_BASE
from euchre.core.cards import EFFECTIVE_SUIT, NUM_CARDS, card_code
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.hand import Phase
from euchre.core.views import PlayerView

CALL_SLOTS = 12
"""Call slots in the ``calls`` block (see the module docstring)."""
CALL_CODES = DISCARD_BASE - 2
"""Codes of the calls, 0..17 (18 and 19 are no action)."""
CAP = 127
"""The largest value of an element (int8)."""

BLOCKS: tuple[tuple[str, int], ...] = (
    ("hand", NUM_CARDS), ("upcard", NUM_CARDS), ("discard", NUM_CARDS),
    *((f"played.{r}", NUM_CARDS) for r in range(4)),
    *((f"trick.{r}", NUM_CARDS) for r in range(4)),
    ("trick_leader", 4), ("phase", int(Phase.DONE) + 1), ("trump", 6), ("dealer", 4), ("maker", 4), ("alone", 4),
    ("defender_alone", 4), ("active", 4), ("turn", 4), ("upcard_to_dealer", 1), ("joker_aside", 1),
    *((f"calls.{k}", 4 + CALL_CODES) for k in range(CALL_SLOTS)),
    *((f"void.{r}", 5) for r in range(4)),
    ("tricks_won", 2), ("hand_sizes", 4), ("score", 2), ("target", 1),
)
"""``(block name, width)`` of every block, in order."""

OFFSET: dict[str, int] = {}
"""The index of each block's first element."""
_at = 0
for _name, _width in BLOCKS:
    OFFSET[_name] = _at
    _at += _width
WIDTH = _at
"""The number of elements of an encoded view (701)."""


def _element_names() -> tuple[str, ...]:
    cards = [card_code(c) for c in range(NUM_CARDS)]
    suits = ["C", "D", "H", "S", "NT"]
    out: list[str] = []
    for name, width in BLOCKS:
        base = name.split(".")[0]
        if width == NUM_CARDS:
            out += [f"{name}.{c}" for c in cards]
        elif base == "calls":
            out += [f"{name}.seat.{r}" for r in range(4)] + [f"{name}.code.{c}" for c in range(CALL_CODES)]
        elif base == "void":
            out += [f"{name}.{s}" for s in ["C", "D", "H", "S", "JK"]]
        elif name == "phase":
            out += [f"phase.{p.name}" for p in Phase if p <= Phase.DONE]
        elif name == "trump":
            out += [f"trump.{s}" for s in [*suits, "none"]]
        elif name in ("tricks_won", "score"):
            out += [f"{name}.own", f"{name}.other"]
        elif width == 1:
            out.append(name)
        else:
            out += [f"{name}.{r}" for r in range(width)]
    return tuple(out)


FEATURE_NAMES: tuple[str, ...] = _element_names()
"""The name of every element, in order (``hand.9C`` ... ``target``)."""

_UPCARD = OFFSET["upcard"]
_DISCARD = OFFSET["discard"]
_UPCARD_TO_DEALER = OFFSET["upcard_to_dealer"]
_JOKER_ASIDE = OFFSET["joker_aside"]
_TRICKS_WON = OFFSET["tricks_won"]
_HAND_SIZES = OFFSET["hand_sizes"]
_SCORE = OFFSET["score"]
_TARGET = OFFSET["target"]
_TRICK_LEADER = OFFSET["trick_leader"]
_PHASE = OFFSET["phase"]
_TRUMP = OFFSET["trump"]
_DEALER = OFFSET["dealer"]
_MAKER = OFFSET["maker"]
_ALONE = OFFSET["alone"]
_DEFENDER = OFFSET["defender_alone"]
_ACTIVE = OFFSET["active"]
_TURN = OFFSET["turn"]
_CALLS = OFFSET["calls.0"]
_CALL_WIDTH = 4 + CALL_CODES
_VOID = OFFSET["void.0"]
_PLAYED = OFFSET["played.0"]
_TRICK = OFFSET["trick.0"]


@functools.lru_cache(maxsize=64)
def _relative(left: tuple[int, ...], seat: int) -> tuple[int, ...]:
    rel = [0] * len(left)
    for r in range(len(left)):
        rel[seat] = r
        seat = left[seat]
    return tuple(rel)


def relative_seats(view: PlayerView) -> tuple[int, ...]:
    """For each seat (0..3), its seat relative to the viewer: 0 the viewer, 1 its left,
    2 its partner, 3 its right (following the table's ``left``).

    Raises:
        EuchreValueError: the table does not have four seats (the layout is for four),
            or the rules add decisions it does not describe (``Rules.extra_decisions``:
            a partner's best card, claims of the dealt hand).
    """
    table = view.rules.table
    if table.seats != 4:
        raise EuchreValueError(f"the feature layout is for four seats, not {table.seats}")
    rules = view.rules
    if rules.extra_decisions:
        raise EuchreValueError(f"the feature layout has no phases or calls for {'; '.join(rules.extra_decisions)} "
                               "(a card given face down, a claim round); record these rules without them")
    return _relative(table.left, view.seat)


def encode_view(view: PlayerView) -> bytes:
    """The :data:`WIDTH` elements of ``view`` (see the module docstring), as bytes (each
    byte one element, 0..127; read them as int8 or uint8).

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
        EuchreValueError: a table that does not have four seats, or more than
            :data:`CALL_SLOTS` calls.
    """
    if not isinstance(view, PlayerView):
        raise EuchreTypeError(f"encode_view takes a PlayerView (view_of(hand, seat)), not {type(view).__name__}")
    rel = relative_seats(view)
    out = bytearray(WIDTH)
    for c in view.hand:
        out[c] = 1
    out[_UPCARD + view.upcard] = 1
    if view.discard != -1:
        out[_DISCARD + view.discard] = 1
    trump = view.trump
    played = 0
    if trump != -1:
        # the cards played, and the voids shown (a follower who did not follow the led
        # suit), as PlayerView.voids() finds them
        eff = EFFECTIVE_SUIT[trump]
        for trick in view.tricks:
            cards = trick.cards
            led = eff[cards[0]]
            for s, c in zip(trick.seats, cards, strict=True):
                r = rel[s]
                out[_PLAYED + r * NUM_CARDS + c] = 1
                if eff[c] != led:
                    out[_VOID + r * 5 + led] = 1
            played += len(cards)
        cards = view.trick_cards
        if cards:
            led = eff[cards[0]]
            seats = view.trick_seats
            out[_TRICK_LEADER + rel[seats[0]]] = 1
            for s, c in zip(seats, cards, strict=True):
                r = rel[s]
                out[_TRICK + r * NUM_CARDS + c] = 1
                if eff[c] != led:
                    out[_VOID + r * 5 + led] = 1
            played += len(cards)
    out[_PHASE + int(view.phase)] = 1
    out[_TRUMP + (trump if trump != -1 else 5)] = 1
    out[_DEALER + rel[view.dealer]] = 1
    if view.maker != -1:
        out[_MAKER + rel[view.maker]] = 1
    if view.alone != -1:
        out[_ALONE + rel[view.alone]] = 1
    if view.defender_alone != -1:
        out[_DEFENDER + rel[view.defender_alone]] = 1
    if view.turn != -1:
        out[_TURN + rel[view.turn]] = 1
    active = view.active
    for s in range(4):
        if active >> s & 1:
            out[_ACTIVE + rel[s]] = 1
    if view.upcard_to_dealer:
        out[_UPCARD_TO_DEALER] = 1
    if view.joker_aside:
        out[_JOKER_ASIDE] = 1
    history = view.history
    at = _CALLS
    end = _CALLS + CALL_SLOTS * _CALL_WIDTH
    for s, code in history[:len(history) - played]:  # the calls come before the cards played
        if 0 <= code < DISCARD_BASE:
            if at == end:
                raise EuchreValueError(f"a hand of more than {CALL_SLOTS} calls does not fit the layout")
            out[at + rel[s]] = 1
            out[at + 4 + code] = 1
            at += _CALL_WIDTH
    team = view.rules.table.team[view.seat]
    won = view.tricks_won
    out[_TRICKS_WON] = won[team]
    out[_TRICKS_WON + 1] = won[1 - team]
    sizes = view.hand_sizes
    for s in range(4):
        out[_HAND_SIZES + rel[s]] = sizes[s]
    score = view.score
    out[_SCORE] = min(score[team], CAP)
    out[_SCORE + 1] = min(score[1 - team], CAP)
    out[_TARGET] = min(view.rules.game_target, CAP)
    return bytes(out)
