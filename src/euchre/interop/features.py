"""A seat's view of a hand as fixed-size numeric vectors and as text, for learning code.

Everything here is computed from a :class:`~euchre.core.views.PlayerView` alone (DESIGN.md:
bots and environments see only a view), so no element can depend on a card the seat may
not see. :mod:`euchre.interop.pettingzoo` uses :func:`observation` as its agents'
``observation``; :mod:`euchre.interop.openspiel_game` uses it as OpenSpiel's observation
tensor and :func:`information_state` as its information-state tensor.

Conventions: seats are absolute (N, E, S, W = 0..3; the seat seeing is marked in
``seat``); a *card block* has 33 elements, one per card number of
:mod:`euchre.core.cards` (``suit * 8 + rank``, ranks 7..A = 0..7, suits C, D, H, S; 32 the
joker), whatever the deck (the sevens and eights of a 24-card deck are always 0). Every
element is 0 or 1 except the four counts at the end, which are scaled into [0, 1].

The observation (:data:`OBSERVATION_SIZE` = 787 elements), in order:

==================  ======  ==================================================================
section             size    meaning
==================  ======  ==================================================================
``seat``            4       the seat seeing (one-hot)
``dealer``          4       the dealer (one-hot)
``turn``            4       the seat to act (one-hot; all 0 when the hand is over)
``phase``           9       the hand's phase, :class:`~euchre.core.state.Phase` order (one-hot)
``hand``            33      the seat's cards now (empty for a dealer naming trump blind)
``upcard``          33      the card turned up (one-hot)
``joker_aside``     1       the joker was turned up and set aside (``turn_next_card``)
``upcard_taken``    1       the upcard was taken up by the dealer (ordered, assisted, taken)
``discard``         33      the card this seat discarded as dealer (others never see it)
``trump``           5       trump: C, D, H, S, no trump (one-hot; all 0 before it is fixed)
``maker``           4       the seat that fixed trump (one-hot)
``alone``           4       the lone maker (one-hot)
``defender_alone``  4       the lone defender (one-hot)
``active``          4       the seats taking part (0 for a lone player's partner)
``calls``           16x23   the calls in order, one row each (at most 13 in a hand): the
                            caller (4, one-hot), then the call (19, one-hot): element ``c``
                            for call code ``c`` 0..17 of :class:`~euchre.core.actions.Action`
                            (pass, order up, name a suit, alone, ...), element 18 for the
                            dealer's discard (which card is in ``discard`` for the dealer
                            himself, unknown to the others); unused rows are 0
``played``          4x33    the cards each seat has played to tricks so far (seat-major)
``trick_leader``    4       the leader of the trick being played (one-hot)
``trick``           4x33    the card each seat has played to the trick being played
``tricks_won``      2       tricks won by N-S and E-W, divided by 5
``hand_sizes``      4       cards held by each seat, divided by 6
``score``           2       the game score of N-S and E-W before this hand, divided by the
                            target (at most 1)
==================  ======  ==================================================================

The information state (:data:`INFORMATION_STATE_SIZE` = 1527 elements) is the observation
followed by ``tricks`` (5x4x37): for each trick in order and each card of it in order of
play, the seat (4, one-hot) and the card (33, one-hot). With the ordered calls and the
seat's own cards this recalls everything the seat has seen in the hand.

:func:`observation_text` and :func:`information_state_text` give the same knowledge as text.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from euchre.core.actions import DISCARD_BASE, PLAY_BASE, action_text
from euchre.core.cards import NUM_CARDS, card_code
from euchre.core.errors import RulesError
from euchre.core.rules import Rules
from euchre.core.seats import SEAT_LETTERS
from euchre.core.state import Phase
from euchre.core.views import HIDDEN, PlayerView

CARD_SLOTS = NUM_CARDS
"""Elements of a card block: one per card number 0..32 (32 is the joker)."""

MAX_CALLS = 16
"""Rows of the ``calls`` section. A hand has at most 13 calls: 4 + 4 in the two rounds, a
takeover, the discard, the maker's alone decision and two defenders asked to defend alone."""

CALL_CODES = 18
"""Call codes 0..17 of :class:`~euchre.core.actions.Action` (pass .. forfeit)."""

CALL_WIDTH = 4 + CALL_CODES + 1
"""One row of ``calls``: the caller, the call code, and the discard flag."""

TRICKS = 5
"""Tricks in a hand (five cards each)."""

ACTION_SIZE = PLAY_BASE + CARD_SLOTS

PROGRESSIVE_SCALE = 20
"""The points that stand for a full score section in progressive play, which has no game
target (RULES.md decision 24): a round of eight hands rarely brings a side past 20."""
"""Actions are the codes 0..92 of :class:`~euchre.core.actions.Action`; some numbers in the
range (18, 19, 53..59) are no action and are never legal."""

PHASES = int(Phase.DONE) + 1
"""Phases of the ``phase`` section: BID_ROUND_1 .. DONE (those of call_for_best, which
these vectors do not describe, come after them: :func:`check_rules`)."""

OBSERVATION_SECTIONS: tuple[tuple[str, int], ...] = (
    ("seat", 4), ("dealer", 4), ("turn", 4), ("phase", PHASES), ("hand", CARD_SLOTS),
    ("upcard", CARD_SLOTS), ("joker_aside", 1), ("upcard_taken", 1), ("discard", CARD_SLOTS),
    ("trump", 5), ("maker", 4), ("alone", 4), ("defender_alone", 4), ("active", 4),
    ("calls", MAX_CALLS * CALL_WIDTH), ("played", 4 * CARD_SLOTS), ("trick_leader", 4),
    ("trick", 4 * CARD_SLOTS), ("tricks_won", 2), ("hand_sizes", 4), ("score", 2),
)
"""The sections of :func:`observation` in order: ``(name, size)``."""

INFORMATION_STATE_SECTIONS: tuple[tuple[str, int], ...] = (
    *OBSERVATION_SECTIONS, ("tricks", TRICKS * 4 * (4 + CARD_SLOTS)),
)
"""The sections of :func:`information_state` in order: ``(name, size)``."""


def _offsets(sections: tuple[tuple[str, int], ...]) -> dict[str, slice]:
    out: dict[str, slice] = {}
    at = 0
    for name, size in sections:
        out[name] = slice(at, at + size)
        at += size
    return out


OBSERVATION_LAYOUT: dict[str, slice] = _offsets(OBSERVATION_SECTIONS)
"""``OBSERVATION_LAYOUT[name]``: the slice of section ``name`` in an observation vector."""

INFORMATION_STATE_LAYOUT: dict[str, slice] = _offsets(INFORMATION_STATE_SECTIONS)
"""``INFORMATION_STATE_LAYOUT[name]``: the slice of section ``name`` in an information state."""

OBSERVATION_SIZE = sum(size for _, size in OBSERVATION_SECTIONS)
"""Elements of an observation vector (787)."""

INFORMATION_STATE_SIZE = sum(size for _, size in INFORMATION_STATE_SECTIONS)
"""Elements of an information-state vector (1527)."""

_O = {name: s.start for name, s in OBSERVATION_LAYOUT.items()}
_TRICKS_AT = INFORMATION_STATE_LAYOUT["tricks"].start


def require_four_hand(rules: Rules, what: str) -> Rules:
    """``rules`` when they seat the four-hand partnerships, the only table these layouts
    (and the environments built on them) describe.

    Raises:
        RulesError: another table (two-handed, cutthroat), naming it.
    """
    table = rules.table
    if table.seats != 4 or table.individual:
        raise RulesError(f"{what} plays the four-hand partnership table only (four seats, N-S against E-W); these "
                         f"rules seat {table.seats} players each for himself (variant = {rules.variant})")
    return rules


def check_rules(rules: Rules) -> Rules:
    """``rules`` if these vectors can describe its hands, for the environments built on
    them (PettingZoo, OpenSpiel).

    Raises:
        RulesError: ``call_for_best`` takes effect: its phases (GIVE_BEST, BEST_DISCARD)
            and its actions (codes 100-132, giving a card face down) are outside the
            ``phase`` section and the action space 0..92 of these vectors; or a claim
            of the dealt hand (``Rules.claims``: the claim round and the cards shown are
            not in these vectors).
    """
    if rules.extra_decisions:
        raise RulesError(f"{'; '.join(rules.extra_decisions)} cannot be played here: their phases and actions (a card "
                         "given for best, codes 100-132; a claim round before the bidding and the cards it shows) are "
                         f"outside these vectors' phase section and action space 0..{ACTION_SIZE - 1}; play them with "
                         "euchre.core")
    return rules


def _check_view(view: object) -> PlayerView:
    if not isinstance(view, PlayerView):
        from euchre.core.errors import EuchreTypeError

        raise EuchreTypeError(f"features are made from a PlayerView (euchre.core.views.view_of), not {type(view).__name__}")
    if len(view.hand_sizes) != 4 or len(view.tricks_won) != 2:
        raise RulesError(f"these features describe the four-hand partnership table only, not a view of "
                         f"{len(view.hand_sizes)} seats")
    check_rules(view.rules)
    return view


def _fill_observation(view: PlayerView, out: Any) -> None:
    """Write the observation of ``view`` into the zeroed float array ``out`` (its first
    :data:`OBSERVATION_SIZE` elements)."""
    o = _O
    out[o["seat"] + view.seat] = 1
    out[o["dealer"] + view.dealer] = 1
    if view.turn >= 0:
        out[o["turn"] + view.turn] = 1
    out[o["phase"] + int(view.phase)] = 1
    for c in view.hand:
        out[o["hand"] + c] = 1
    out[o["upcard"] + view.upcard] = 1
    out[o["joker_aside"]] = float(view.joker_aside)
    out[o["upcard_taken"]] = float(view.upcard_to_dealer)
    if view.discard >= 0:
        out[o["discard"] + view.discard] = 1
    if view.trump >= 0:
        out[o["trump"] + view.trump] = 1
    for name, seat in (("maker", view.maker), ("alone", view.alone), ("defender_alone", view.defender_alone)):
        if seat >= 0:
            out[o[name] + seat] = 1
    for s in range(4):
        if view.active >> s & 1:
            out[o["active"] + s] = 1
    row = o["calls"]
    for seat, code in view.history:
        if code >= PLAY_BASE:
            break  # the calls all come before the first card played
        if row >= o["calls"] + MAX_CALLS * CALL_WIDTH:  # pragma: no cover - at most 13 calls
            break
        out[row + seat] = 1
        out[row + 4 + (CALL_CODES if (code == HIDDEN or code >= DISCARD_BASE) else code)] = 1
        row += CALL_WIDTH
    for t in view.tricks:
        for s, c in zip(t.seats, t.cards, strict=True):
            out[o["played"] + s * CARD_SLOTS + c] = 1
    if view.trick_seats:
        out[o["trick_leader"] + view.trick_seats[0]] = 1
    for s, c in zip(view.trick_seats, view.trick_cards, strict=True):
        out[o["played"] + s * CARD_SLOTS + c] = 1
        out[o["trick"] + s * CARD_SLOTS + c] = 1
    out[o["tricks_won"]] = view.tricks_won[0] / TRICKS
    out[o["tricks_won"] + 1] = view.tricks_won[1] / TRICKS
    for s in range(4):
        out[o["hand_sizes"] + s] = view.hand_sizes[s] / 6
    target = view.rules.game_target if view.rules.plays_to_target else PROGRESSIVE_SCALE
    out[o["score"]] = min(view.score[0] / target, 1.0)
    out[o["score"] + 1] = min(view.score[1] / target, 1.0)


def observation(view: PlayerView, dtype: Any = np.float32) -> Any:
    """The observation vector of a seat's view (layout in the module docstring).

    Args:
        view: the seat's view (:func:`euchre.core.views.view_of`).
        dtype: the NumPy dtype of the result (default float32).

    Returns:
        A 1-D NumPy array of :data:`OBSERVATION_SIZE` elements in [0, 1].

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
    """
    out = np.zeros(OBSERVATION_SIZE, dtype=dtype)
    _fill_observation(_check_view(view), out)
    return out


def information_state(view: PlayerView, dtype: Any = np.float32) -> Any:
    """The information-state vector of a seat's view: the observation, then every trick's
    cards in order of play (layout in the module docstring).

    Returns:
        A 1-D NumPy array of :data:`INFORMATION_STATE_SIZE` elements in [0, 1].

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
    """
    out = np.zeros(INFORMATION_STATE_SIZE, dtype=dtype)
    fill_information_state(_check_view(view), out)
    return out


def fill_information_state(view: PlayerView, out: Any) -> None:
    """Write :func:`information_state` of ``view`` into ``out``, a zeroed float array of
    :data:`INFORMATION_STATE_SIZE` elements (OpenSpiel's observers fill their own buffer)."""
    _fill_observation(view, out)
    width = 4 + CARD_SLOTS
    tricks = [(t.seats, t.cards) for t in view.tricks]
    if view.trick_cards:
        tricks.append((view.trick_seats, view.trick_cards))
    for i, (seats, cards) in enumerate(tricks):
        for k, (s, c) in enumerate(zip(seats, cards, strict=True)):
            at = _TRICKS_AT + (i * 4 + k) * width
            out[at + s] = 1
            out[at + 4 + c] = 1


def fill_observation(view: PlayerView, out: Any) -> None:
    """Write :func:`observation` of ``view`` into ``out``, a zeroed float array of
    :data:`OBSERVATION_SIZE` elements."""
    _fill_observation(view, out)


def action_mask(view: PlayerView) -> Any:
    """The legal actions of a view as a 0/1 vector over the action codes 0..92.

    Returns:
        A NumPy int8 array of :data:`ACTION_SIZE` elements: 1 at the code of each action
        in ``view.legal`` (all 0 when it is not the seat's turn).

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
    """
    out = np.zeros(ACTION_SIZE, dtype=np.int8)
    for a in _check_view(view).legal:
        out[int(a)] = 1
    return out


# ---------------------------------------------------------------------------- text
def _cards(cards: Any) -> str:
    return " ".join(card_code(c) for c in cards) or "-"


def _seat(seat: int) -> str:
    return SEAT_LETTERS[seat] if seat >= 0 else "-"


def _call(code: int) -> str:
    return "discard" if code == HIDDEN else action_text(code)


def observation_text(view: PlayerView) -> str:
    """The knowledge of :func:`observation` as one line of text, e.g.
    ``seat S dealer N turn E play hand 9H JH upcard JD taken trump D maker E ...``.

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
    """
    v = _check_view(view)
    calls = [f"{_seat(s)}:{_call(c)}" for s, c in v.history if c < PLAY_BASE]
    played = " ".join(f"{_seat(s)}:{_cards(c for t in v.tricks for ts, c in zip(t.seats, t.cards, strict=True) if ts == s)}"
                      for s in range(4))
    trick = " ".join(f"{_seat(s)}:{card_code(c)}" for s, c in zip(v.trick_seats, v.trick_cards, strict=True)) or "-"
    trump = "-" if v.trump < 0 else ("NT" if v.trump == 4 else "CDHS"[v.trump])
    parts = [
        f"seat {_seat(v.seat)} dealer {_seat(v.dealer)} turn {_seat(v.turn)} {v.phase.name.lower()}",
        f"hand {_cards(v.hand)}",
        f"upcard {card_code(v.upcard)}" + (" joker-aside" if v.joker_aside else "") + (" taken" if v.upcard_to_dealer else ""),
        f"discard {card_code(v.discard) if v.discard >= 0 else '-'}",
        f"trump {trump} maker {_seat(v.maker)} alone {_seat(v.alone)} defender-alone {_seat(v.defender_alone)}",
        f"active {''.join(SEAT_LETTERS[s] for s in range(4) if v.active >> s & 1)}",
        f"calls {' '.join(calls) or '-'}",
        f"played {played}",
        f"trick {trick}",
        f"tricks {v.tricks_won[0]}-{v.tricks_won[1]} sizes {'/'.join(map(str, v.hand_sizes))} score {v.score[0]}-{v.score[1]}",
    ]
    return "; ".join(parts)


def information_state_text(view: PlayerView) -> str:
    """Everything the seat has seen of the hand, as text: its seat, the dealer, its cards
    now, the upcard, its own discard, the score, and every action in order as the seat saw
    it (another seat's discard is ``discard``). Two views give the same text exactly when
    the seat cannot tell them apart.

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
    """
    v = _check_view(view)
    history = " ".join(f"{_seat(s)}:{_call(c)}" for s, c in v.history) or "-"
    return (f"seat {_seat(v.seat)} dealer {_seat(v.dealer)} score {v.score[0]}-{v.score[1]} hand {_cards(v.hand)} "
            f"upcard {card_code(v.upcard)}{' joker-aside' if v.joker_aside else ''} "
            f"discard {card_code(v.discard) if v.discard >= 0 else '-'} history {history}")
