"""The legal-action tuples the phase machine offers, and their caches.

A phase's legal actions are a pair of tuples: the codes (ints) and the same as
:class:`~euchre.core.actions.Action` values. Tuples cannot be changed by a caller, so
one pair can be shared by every hand that offers the same actions: the calls' pairs are
kept by their codes, the cards' pairs (playing or discarding any card of a hand) by the
hand's bit mask.
"""

from __future__ import annotations

from euchre.core.actions import ACTIONS, Action, action_text
from euchre.core.errors import ActionTypeError, IllegalActionError

# The action codes the phase machine offers, named through Action.
_PASS = int(Action.PASS)
_ORDER_UP = int(Action.ORDER_UP)
_ORDER_UP_ALONE = int(Action.ORDER_UP_ALONE)
_GO_ALONE = int(Action.GO_ALONE)
_PLAY_WITH_PARTNER = int(Action.PLAY_WITH_PARTNER)
_TAKE_OVER_ALONE = int(Action.TAKE_OVER_ALONE)
_DEFEND_ALONE = int(Action.DEFEND_ALONE)
_FORFEIT = int(Action.FORFEIT)
_FARMERS_HAND = int(Action.FARMERS_HAND)
_THROW_IN = int(Action.THROW_IN)

Legal = tuple[tuple[int, ...], tuple[Action, ...]]
"""A phase's legal actions: the codes and the same as Action values, both tuples."""

_LEGAL_OF_CODES: dict[tuple[int, ...], Legal] = {}
"""The calls' legal tuples by their codes (a few hundred distinct ones at most)."""
_PLAY_LEGAL: dict[int, Legal] = {}
"""The legal tuples of playing any card of a mask, by mask."""
_DISCARD_LEGAL: dict[int, Legal] = {}
"""The legal tuples of discarding any card of a mask, by mask."""
_GIVE_LEGAL: dict[int, Legal] = {}
"""The legal tuples of giving any card of a mask to a lone partner, by mask."""
_CACHE_LIMIT = 200_000


def _legal_of(codes: tuple[int, ...]) -> Legal:
    legal = _LEGAL_OF_CODES.get(codes)
    if legal is None:
        legal = (codes, tuple([ACTIONS[c] for c in codes]))
        if len(_LEGAL_OF_CODES) < _CACHE_LIMIT:
            _LEGAL_OF_CODES[codes] = legal
    return legal


def _cards_legal(mask: int, base: int, cache: dict[int, Legal]) -> Legal:
    """The legal tuples of playing (``base`` PLAY_BASE), discarding (DISCARD_BASE) or
    giving (GIVE_BASE) any card of ``mask``, put in ``cache``. Cached by value: the tuples are immutable, so
    sharing them is safe."""
    codes = []
    m = mask
    while m:
        low = m & -m
        codes.append(base + low.bit_length() - 1)
        m ^= low
    t = tuple(codes)
    legal = (t, tuple([ACTIONS[c] for c in t]))
    if len(cache) < _CACHE_LIMIT:
        cache[mask] = legal
    return legal


_LEGAL_TAKEOVER = _legal_of((_PASS, _TAKE_OVER_ALONE))
_LEGAL_ALONE_DECISION = _legal_of((_GO_ALONE, _PLAY_WITH_PARTNER))
_LEGAL_DEFEND = _legal_of((_PASS, _DEFEND_ALONE))

_NO_LEGAL: Legal = ((), ())
"""No action: the hand is over."""


def _safe_text(code: int) -> str:
    try:
        return action_text(code)
    except (IllegalActionError, ActionTypeError):
        return repr(code)
