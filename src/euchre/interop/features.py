"""A seat's view of a hand as the learning environments give it: NumPy vectors scaled into
[0, 1], the legal actions as a mask, and the same knowledge as text.

The vectors are the one feature encoder's (:mod:`euchre.analysis.features`: seats and
sides relative to the observer, every table), each element divided by its ``high`` so that
it lies in [0, 1]. :mod:`euchre.interop.pettingzoo` uses :func:`observation` as its
agents' ``observation``; :mod:`euchre.interop.openspiel_game` uses it as OpenSpiel's
observation tensor and :func:`information_state` (the observation, then every trick of
the hand in order of play) as its information-state tensor. Everything is computed from a
:class:`~euchre.core.views.PlayerView` alone.

The information state appends ``tricks`` (5 x n x (n + 33) elements at a table of ``n``
seats): for each trick in order and each card of it in order of play, the player's
relative seat (n, one-hot) and the card (33, one-hot). With the ordered calls and the
seat's own cards this recalls everything the seat has seen in the hand.

Actions are the codes of :class:`~euchre.core.actions.Action`; :func:`action_size` is the
number of codes a rule set can use (93 without ``call_for_best``, 133 with it, whose cards
given face down are codes 100..132); numbers in the range that are no action of the rules
(18, 19, 53..59 at the four-hand table without claims) are never legal.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from euchre.analysis.features import CALL_KINDS, TRICKS, Layout, check_rules, encode_view, layout, relative_seats
from euchre.core.actions import GIVE, PLAY, action_text
from euchre.core.cards import NUM_CARDS, card_code
from euchre.core.errors import EuchreTypeError
from euchre.core.rules import Rules
from euchre.core.views import HIDDEN, HIDDEN_GIVE, PlayerView

__all__ = [
    "CALL_KINDS", "CARD_SLOTS", "TRICKS", "action_mask", "action_size", "check_rules", "fill_information_state",
    "fill_observation", "information_state", "information_state_sections", "information_state_size",
    "information_state_text", "layout", "observation", "observation_text",
]

CARD_SLOTS = NUM_CARDS
"""Elements of a card block: one per card number 0..32 (32 is the joker)."""


def action_size(rules: Rules) -> int:
    """The number of action codes of ``rules`` (OpenSpiel's ``num_distinct_actions``, the
    size of PettingZoo's ``Discrete`` space and of the action mask): 133 when a card may be
    given face down for best (``call_for_best``, codes 100..132), else 93 (play card 32 is
    code 92).

    Raises:
        RulesError: as :func:`~euchre.analysis.features.check_rules`."""
    check_rules(rules)
    if rules.call_for_best != "none" and rules.takes_effect("call_for_best"):
        return GIVE.end
    return PLAY.end


def information_state_sections(rules: Rules) -> tuple[tuple[str, int], ...]:
    """The sections of :func:`information_state` for ``rules``: the observation's
    (:attr:`Layout.sections`), then ``tricks``."""
    lay = layout(rules)
    return (*lay.sections, ("tricks", TRICKS * lay.seats * (lay.seats + CARD_SLOTS)))


def information_state_size(rules: Rules) -> int:
    """Elements of an information-state vector for ``rules``."""
    return sum(size for _, size in information_state_sections(rules))


@functools.lru_cache(maxsize=64)
def _scale(high: tuple[int, ...]) -> Any:
    return (1.0 / np.asarray(high, dtype=np.float64)).astype(np.float32)


def _check_view(view: object) -> PlayerView:
    if not isinstance(view, PlayerView):
        raise EuchreTypeError(f"features are made from a PlayerView (euchre.core.views.view_of), not {type(view).__name__}")
    return view


def fill_observation(view: PlayerView, out: Any) -> Layout:
    """Write :func:`observation` of ``view`` into the first elements of ``out``, a float
    array (OpenSpiel's observers fill their own buffer); return the layout.

    Raises:
        As :func:`observation`."""
    raw = encode_view(_check_view(view))
    lay = layout(view.rules)
    out[:lay.size] = np.frombuffer(raw, dtype=np.uint8) * _scale(lay.high)
    return lay


def fill_information_state(view: PlayerView, out: Any) -> None:
    """Write :func:`information_state` of ``view`` into ``out``, a zeroed float array of
    :func:`information_state_size` elements.

    Raises:
        As :func:`observation`."""
    lay = fill_observation(view, out)
    n = lay.seats
    rel = relative_seats(view)
    width = n + CARD_SLOTS
    at0 = lay.size
    tricks = [(t.seats, t.cards) for t in view.tricks]
    if view.trick_cards:
        tricks.append((view.trick_seats, view.trick_cards))
    for i, (seats, cards) in enumerate(tricks):
        for k, (s, c) in enumerate(zip(seats, cards, strict=True)):
            at = at0 + (i * n + k) * width
            out[at + rel[s]] = 1
            out[at + n + c] = 1


def observation(view: PlayerView, dtype: Any = np.float32) -> Any:
    """The observation vector of a seat's view: the encoder's elements
    (:mod:`euchre.analysis.features`) each divided by its ``high``.

    Returns:
        A 1-D NumPy array of ``layout(view.rules).size`` elements in [0, 1].

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
        RulesError / EuchreValueError: as :func:`euchre.analysis.features.fill`.
    """
    out = np.zeros(layout(_check_view(view).rules).size, dtype=dtype)
    fill_observation(view, out)
    return out


def information_state(view: PlayerView, dtype: Any = np.float32) -> Any:
    """The information-state vector of a seat's view: the observation, then every trick's
    cards in order of play (see the module docstring).

    Returns:
        A 1-D NumPy array of :func:`information_state_size` elements in [0, 1].

    Raises:
        As :func:`observation`.
    """
    out = np.zeros(information_state_size(_check_view(view).rules), dtype=dtype)
    fill_information_state(view, out)
    return out


def action_mask(view: PlayerView) -> Any:
    """The legal actions of a view as a 0/1 vector over the action codes.

    Returns:
        A NumPy int8 array of :func:`action_size` elements: 1 at the code of each action
        in ``view.legal`` (all 0 when it is not the seat's turn).

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
    """
    out = np.zeros(action_size(_check_view(view).rules), dtype=np.int8)
    for a in view.legal:
        out[int(a)] = 1
    return out


# ---------------------------------------------------------------------------- text
def _cards(cards: Any) -> str:
    return " ".join(card_code(c) for c in cards) or "-"


def _call(code: int) -> str:
    if code == HIDDEN:
        return "discard"
    return "give" if code == HIDDEN_GIVE else action_text(code)


def observation_text(view: PlayerView) -> str:
    """The knowledge of :func:`observation` as one line of text, seats by their letters
    (``N``, ``E``, ... or ``1``, ``2``, ...), e.g. ``seat S dealer N turn E play hand 9H JH
    upcard JD taken trump D maker E ...``.

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
    """
    v = _check_view(view)
    table = v.rules.table
    letters = table.letters

    def seat(s: int) -> str:
        return letters[s] if s >= 0 else "-"

    played_count = len(v.trick_cards) + sum(len(t.cards) for t in v.tricks)
    calls = [f"{seat(s)}:{_call(c)}" for s, c in v.history[:len(v.history) - played_count]]
    played = " ".join(f"{seat(s)}:{_cards(c for t in v.tricks for ts, c in zip(t.seats, t.cards, strict=True) if ts == s)}"
                      for s in range(table.seats))
    trick = " ".join(f"{seat(s)}:{card_code(c)}" for s, c in zip(v.trick_seats, v.trick_cards, strict=True)) or "-"
    trump = "-" if v.trump < 0 else ("NT" if v.trump == 4 else "CDHS"[v.trump])
    shown = " ".join(f"{seat(s)}:{_cards(c)}" for s, c in v.shown) or "-"
    parts = [
        f"seat {seat(v.seat)} dealer {seat(v.dealer)} turn {seat(v.turn)} {v.phase.name.lower()}",
        f"hand {_cards(v.hand)}",
        f"upcard {card_code(v.upcard)}" + (" joker-aside" if v.joker_aside else "") + (" taken" if v.upcard_to_dealer else ""),
        f"discard {card_code(v.discard) if v.discard >= 0 else '-'}",
        f"trump {trump} maker {seat(v.maker)} alone {seat(v.alone)} defender-alone {seat(v.defender_alone)}"
        + (f" called {card_code(v.called)} partner {seat(v.known_partner())}" if v.called != -1 else ""),
        f"active {''.join(letters[s] for s in range(table.seats) if v.active >> s & 1)}",
        f"shown {shown}",
        f"calls {' '.join(calls) or '-'}",
        f"played {played}",
        f"trick {trick}",
        f"tricks {'-'.join(map(str, v.tricks_won))} sizes {'/'.join(map(str, v.hand_sizes))} "
        f"score {'-'.join(map(str, v.score))}",
    ]
    return "; ".join(parts)


def information_state_text(view: PlayerView) -> str:
    """Everything the seat has seen of the hand, as text: its seat, the dealer, its cards
    now, the upcard, its own discard, the score, the cards shown by claims, and every
    action in order as the seat saw it (another seat's discard is ``discard``, a card given
    face down between two others ``give``). Two views give the same text exactly when the
    seat cannot tell them apart.

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
    """
    v = _check_view(view)
    letters = v.rules.table.letters
    history = " ".join(f"{letters[s]}:{_call(c)}" for s, c in v.history) or "-"
    shown = " ".join(f"{letters[s]}:{_cards(c)}" for s, c in v.shown)
    return (f"seat {letters[v.seat]} dealer {letters[v.dealer]} score {'-'.join(map(str, v.score))} "
            f"hand {_cards(v.hand)} upcard {card_code(v.upcard)}{' joker-aside' if v.joker_aside else ''} "
            f"discard {card_code(v.discard) if v.discard >= 0 else '-'}{' shown ' + shown if shown else ''} "
            f"history {history}")
