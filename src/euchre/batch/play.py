"""Play many hands at once: :func:`play_hands` and the :class:`HandBatch` it returns.

    from euchre.batch import play_hands
    batch = play_hands("openspiel", 1_000_000, seed=7)       # random legal play, numba
    batch.points.mean(axis=0)                                # mean points per hand, N-S and E-W
    batch = play_hands("dc-club-1862", 1000, seed=7, policy=("simple", "random") * 2, record=True)
    batch.replay(0)                                          # hand 0 again, through HandState.apply

Hand ``i`` of a seed is the same whatever batch it is played in (``start`` picks the
first index), on either backend, so a long run can be split over processes or machines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from euchre.batch import layout as k
from euchre.batch.backend import get_backend
from euchre.batch.tables import context, rules_of
from euchre.core.actions import DISCARD, GIVE, PLAY
from euchre.core.cards import cards_of
from euchre.core.deal import pack_of
from euchre.core.errors import EuchreTypeError, EuchreValueError, require_int
from euchre.core.hand import HandState
from euchre.core.rules import Rules

POLICIES: dict[str, int] = {"random": k.P_RANDOM, "simple": k.P_SIMPLE}
"""The kernel's policies by name: ``random`` (every legal action equally likely) and
``simple`` (the greedy player of :func:`euchre.batch.kernel.simple_call` and
:func:`~euchre.batch.kernel.simple_card`)."""

MAX_SEED = (1 << 62) - 1
"""The largest seed, and the largest hand index plus one."""

MAX_DECISIONS = k.MAX_DECISIONS


@dataclass(frozen=True, eq=False)
class HandBatch:
    """The hands played by :func:`play_hands`: one row per hand, numpy arrays.

    Seats are those of the rules' table, 0..seats-1 (N, E, S, W at the four-hand table),
    sides the indices of ``rules.table.teams`` (N-S and E-W at the four-hand table; one
    per player where each plays for himself), cards are card numbers of
    :mod:`euchre.core.cards`, action codes those of :class:`~euchre.core.actions.Action`;
    -1 means "nobody" or "none".

    Attributes:
        rules: the rule set played.
        seed, start: the seed and the index of the first hand (row ``i`` is hand
            ``start + i``).
        policies: the policy of each seat, in seat order.
        backend: ``"numba"`` or ``"python"``.
        dealer, upcard: ``(n,)`` int8: the dealer and the card turned up (after a joker
            set aside under ``joker_turned_up = turn_next_card``).
        trump, maker, alone, defender_alone: ``(n,)`` int8: the trump (0..3, 4 for no
            trump), the seat that made it, the lone maker and the lone defender; -1 when
            the hand was passed out or nobody went alone.
        partner: ``(n,)`` int8: at call-ace, the maker's secret partner (the holder of
            the called card), -1 when nobody holds it, the maker went alone, or at any
            other table.
        tricks: ``(n, sides)`` int8: tricks won per side.
        points: ``(n, sides)`` int8: points the hand scored per side (the makers' side,
            or every side that defended: each opponent of a cutthroat maker; at call-ace
            the maker and his partner, or each other player; a pass-out scores nothing,
            the stuck dealer's forfeit 1 to every other side).
        passed_out, forfeit: ``(n,)`` bool: thrown in after two rounds of passes (with
            ``dealer_forfeit_or_call``: by the dealer's forfeit).
        decisions: ``(n,)`` int8: the decisions of the hand.
        actions: ``(n, MAX_DECISIONS)`` int16, with ``record=True``: each decision's
            action code, -1 after the last (else None).
        seats: ``(n, MAX_DECISIONS)`` int8, with ``record=True``: the seat that made each
            decision, -1 after the last (else None).
        legal: ``(n, MAX_DECISIONS)`` int64, with ``record=True``: each decision's legal
            set, a mask of action codes (bit ``code``) for a call, of card numbers for a
            discard, a card given for best or a card played (see :meth:`legal_codes`).
        trick_winners: ``(n, 5)`` int8, with ``record=True``: the winner of each trick.
        deal_hands: ``(n, seats)`` int64, with ``record=True``: each seat's cards as dealt
            (a mask of card numbers).
        stock_top: ``(n, 2)`` int8, with ``record=True``: the first two cards of the stock
            (the first is turned up, or set aside when it is the joker and the rules say
            so; -1 for a second card where the stock holds one); the order of the rest of
            the stock changes nothing.
    """

    rules: Rules
    seed: int
    start: int
    policies: tuple[str, ...]
    backend: str
    dealer: Any
    upcard: Any
    trump: Any
    maker: Any
    alone: Any
    defender_alone: Any
    partner: Any
    tricks: Any
    points: Any
    passed_out: Any
    forfeit: Any
    decisions: Any
    actions: Any = None
    seats: Any = None
    legal: Any = None
    trick_winners: Any = None
    deal_hands: Any = None
    stock_top: Any = None

    def __len__(self) -> int:
        return len(self.dealer)

    @property
    def is_recorded(self) -> bool:
        """True when the batch holds the deals and the decisions (``record=True``)."""
        return self.actions is not None

    def _row(self, i: int) -> int:
        if not self.is_recorded:
            raise EuchreValueError("this batch was played without record=True: it holds no deals or decisions")
        return require_int(i, "hand", 0, len(self) - 1)

    def legal_codes(self, i: int, step: int) -> tuple[int, ...]:
        """The legal action codes of decision ``step`` of hand ``i`` (ascending).

        Raises:
            EuchreTypeError / EuchreValueError: not a row or a decision of the batch, or
                the batch was not recorded.
        """
        row = self._row(i)
        step = require_int(step, "step", 0, int(self.decisions[row]) - 1)
        mask = int(self.legal[row, step])
        code = int(self.actions[row, step])
        for block in (GIVE, PLAY, DISCARD):
            if block.holds(code):
                return tuple(block.first + c for c in cards_of(mask))
        return tuple(cards_of(mask))  # a call: the mask's bits are the codes

    def hand_state(self, i: int) -> HandState:
        """Hand ``i`` as dealt, before any decision, as a checked
        :class:`~euchre.core.hand.HandState` (``HandState.from_deal``).

        Raises:
            EuchreTypeError / EuchreValueError: not a row of the batch, or the batch was
                not recorded.
        """
        row = self._row(i)
        hands = [list(cards_of(int(m))) for m in self.deal_hands[row]]
        top = [int(c) for c in self.stock_top[row] if c >= 0]
        used = {c for h in hands for c in h} | set(top)
        rest = [c for c in pack_of(self.rules.deck, self.rules.joker) if c not in used]
        return HandState.from_deal(self.rules, int(self.dealer[row]), hands, top + rest)

    def replay(self, i: int) -> HandState:
        """Hand ``i`` played again through the checked ``HandState.apply``, decision by
        decision, to its end.

        Raises:
            IllegalActionError: a recorded action the engine refuses (it never should).
            EuchreTypeError / EuchreValueError: as :meth:`hand_state`.
        """
        state = self.hand_state(i)
        for step in range(int(self.decisions[i])):
            state.apply(int(self.actions[i, step]))
        return state


def _policies(policy: str | Sequence[str], seats: int) -> tuple[str, ...]:
    names = (policy,) * seats if isinstance(policy, str) else policy
    if not isinstance(names, (tuple, list)) or not all(isinstance(p, str) for p in names):
        raise EuchreTypeError(f"policy must be a policy name or one per seat ({seats}), not {policy!r}")
    if len(names) != seats:
        raise EuchreValueError(f"policy needs one name per seat of the table ({seats}), not {len(names)}")
    for name in names:
        if name not in POLICIES:
            raise EuchreValueError(f"unknown policy {name!r}; the kernel's policies: {', '.join(POLICIES)}")
    return tuple(names)


def play_hands(rules: Rules | str, n: int, seed: int = 0, *, start: int = 0, dealer: int | None = None,
               policy: str | Sequence[str] = "random", record: bool = False, backend: str | None = None) -> HandBatch:
    """Play ``n`` whole hands in the batch kernel, each from its deal to its score.

    Each hand is dealt from a uniform shuffle and played under ``rules`` (the same phase
    machine as :class:`~euchre.core.hand.HandState`, on the core's tables) by the
    policy of each seat. Hand ``start + i`` of ``seed`` is the same hand whatever ``n``,
    ``start``, ``record`` and the backend.

    Args:
        rules: a :class:`~euchre.core.rules.Rules` or the name of a playable preset
            (every preset: :func:`euchre.batch.tables.rules_of` says what is refused).
        n: how many hands (0 or more).
        seed: 0 .. 2**62 - 1.
        start: the index of the first hand (``start + n`` at most 2**62).
        dealer: the dealer of every hand (a seat of the table), or None for a dealer
            drawn at random for each hand (as OpenSpiel's chance node draws him).
        policy: ``"random"`` (every legal action equally likely), ``"simple"`` (a greedy
            player: see :data:`POLICIES`), or one of them per seat, in seat order.
        record: keep every hand's deal, decisions, legal sets and trick winners (about
            740 bytes a hand; without, 22).
        backend: ``"numba"``, ``"python"`` or ``"auto"`` (:mod:`euchre.batch.backend`).

    Returns:
        A :class:`HandBatch`.

    Raises:
        RulesTypeError / BatchRulesError: rules the kernel cannot play
            (:func:`euchre.batch.tables.rules_of`).
        EuchreTypeError / EuchreValueError: another argument of the wrong type or value
            (the message names it).
        BatchBackendError: an unknown backend, or numba asked for and not installed.
    """
    rules = rules_of(rules)
    n = require_int(n, "n", 0)
    seed = require_int(seed, "seed", 0, MAX_SEED)
    start = require_int(start, "start", 0, MAX_SEED - n)
    seat = -1 if dealer is None else rules.table.seat(dealer, "dealer")
    names = _policies(policy, rules.table.seats)
    if not isinstance(record, bool):
        raise EuchreTypeError(f"record must be True or False, not {record!r}")
    be = get_backend(backend)
    ctx = be.ints(k.CTX_LEN, "int64")
    for i, v in enumerate(context(rules)):
        ctx[i] = v
    pol = be.ints(len(names), "int64")
    for i, name in enumerate(names):
        pol[i] = POLICIES[name]
    m = n if record else 0
    results = be.ints(n * k.R_LEN, "int8")
    actions = be.ints(m * k.MAX_DECISIONS, "int16")
    seats = be.ints(m * k.MAX_DECISIONS, "int8")
    legal = be.ints(m * k.MAX_DECISIONS, "int64")
    winners = be.ints(m * 5, "int8")
    deals = be.ints(m * k.DEAL_LEN, "int64")
    be.play_hands(ctx, pol, seed, start, n, seat, record, results, actions, seats, legal, winners, deals,
                  be.ints(k.ST_LEN, "int64"), be.ints(k.WS_LEN, "int64"), be.ints(4, "int64"))
    rows = np.asarray(results, dtype=np.int8).reshape(n, k.R_LEN)
    seats_n, sides = rules.table.seats, len(rules.table.teams)
    extra: dict[str, Any] = {}
    if record:
        extra = {
            "actions": np.asarray(actions, dtype=np.int16).reshape(n, k.MAX_DECISIONS),
            "seats": np.asarray(seats, dtype=np.int8).reshape(n, k.MAX_DECISIONS),
            "legal": np.asarray(legal, dtype=np.int64).reshape(n, k.MAX_DECISIONS),
            "trick_winners": np.asarray(winners, dtype=np.int8).reshape(n, 5),
            "deal_hands": np.asarray(deals, dtype=np.int64).reshape(n, k.DEAL_LEN)[:, :seats_n],
            "stock_top": np.asarray(deals, dtype=np.int64).reshape(n, k.DEAL_LEN)[:, -2:].astype(np.int8),
        }
    return HandBatch(
        rules=rules, seed=seed, start=start, policies=names, backend=be.name,
        dealer=rows[:, k.R_DEALER], upcard=rows[:, k.R_UPCARD], trump=rows[:, k.R_TRUMP], maker=rows[:, k.R_MAKER],
        alone=rows[:, k.R_ALONE], defender_alone=rows[:, k.R_DEFENDER_ALONE], partner=rows[:, k.R_PARTNER],
        tricks=rows[:, k.R_TRICKS:k.R_TRICKS + sides], points=rows[:, k.R_POINTS:k.R_POINTS + sides],
        passed_out=rows[:, k.R_PASSED_OUT].astype(bool), forfeit=rows[:, k.R_FORFEIT].astype(bool),
        decisions=rows[:, k.R_DECISIONS], **extra)
