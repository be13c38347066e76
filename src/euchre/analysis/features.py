"""The one feature encoder: a seat's :class:`~euchre.core.views.PlayerView` as a fixed-width
vector of small whole numbers, at a table of any shape.

Analysis, self-play data sets (:mod:`euchre.analysis.selfplay`) and the learning
environments (:mod:`euchre.interop.features`: PettingZoo, OpenSpiel) all use this encoder.
:func:`layout` says what each element means for a rule set; :func:`encode` (floats),
:func:`encode_view` (bytes, one a element) and :func:`fill` (into a zeroed buffer of the
caller's) give the values. Every element is a whole number from 0 to its ``high``
(:attr:`Layout.high`: 1 for a yes/no element, 5 for tricks, 6 for cards held, up to 127
for the score and the target), so dividing by ``high`` scales the vector into [0, 1] (the
environments do).

**Made from the view alone** (DESIGN.md: bots and environments see only a view): no
element can depend on a card the seat may not see. A test exchanges the hidden cards
consistently with the view (:func:`euchre.core.sampling.sample_world`) under every preset
and finds every element unchanged, where an encoder that peeks is caught.

**Seats are relative to the observer**: relative seat 0 is the seat seeing, 1 the next
seat in turn order (its left), and so on round the table to ``seats - 1`` (its right); at
the four-hand table 2 is the partner. **Sides are relative too**: side 0 is the observer's
own, then the other sides in the order their first player comes after the observer (at
the four-hand table side 1 is the other partnership; where each plays for himself, side
``r`` is relative seat ``r``). At call-ace the maker's partner is hidden and changes every
hand: the sides are the single players, and ``partner`` says who the observer knows to be
the maker's partner (:meth:`~euchre.core.views.PlayerView.known_partner`).

Card slots are card numbers (``suit * 8 + rank``; suits C, D, H, S; ranks 7, 8, 9, T, J, Q,
K, A; 32 the joker; :mod:`euchre.core.cards`): a 24-card deck leaves the sevens and eights
0. With ``n`` seats, ``m`` sides and ``R`` call rows (:func:`call_rows`), the sections in
order (:attr:`Layout.sections`; :attr:`Layout.names` names every element):

======================  ==========  ======================================================
section                 size        meaning (1 yes, 0 no, unless said)
======================  ==========  ======================================================
``hand``                33          the observer's cards now (none for a dealer naming blind)
``upcard``              33          the card turned up
``discard``             33          the cards the observer discarded (as dealer, or as a lone
                                    player after his partner's best card); no one else sees them
``given``               33          a card given face down for best that the observer saw
                                    (he gave it or received it; ``call_for_best``)
``called``              33          call-ace: the card the maker called
``shown``               n x 33      the cards relative seat r showed by a claim of its hand
``played``              n x 33      the cards relative seat r played to the finished tricks
``trick``               n x 33      the card relative seat r played to the trick in progress
``trick_leader``        n           who led the trick in progress
``phase``               14          the phase (:class:`~euchre.core.state.Phase`, one-hot)
``trump``               6           trump C, D, H, S, no trump, or not fixed yet
``dealer``              n           the dealer
``maker``               n           the maker (none before trump is fixed)
``alone``               n           the lone maker
``defender_alone``      n           the lone defender
``partner``             n           call-ace: the maker's partner as far as the observer knows
``active``              n           the seats taking part (a lone player's partner sits out)
``turn``                n           the seat to act (none when the hand is over)
``upcard_to_dealer``    1           the dealer took the upcard up
``joker_aside``         1           the joker was turned up and set aside
``calls``               R x (n+26)  the calls in the order made (every action before the first
                                    card played), one row each: the caller's relative seat
                                    (n), then the kind (26): codes 0..19 of
                                    :class:`~euchre.core.actions.Action` (pass, order up,
                                    order up alone, name C..NT, the same alone, go alone,
                                    play with partner, take over, defend alone, forfeit,
                                    farmer's hand, throw in), ``discard`` (which card only
                                    in ``discard``, for the one who did), ``give`` (a card
                                    given face down), ``call-C`` .. ``call-S`` (call-ace)
``void``                n x 5       relative seat r has shown it holds no card of effective
                                    suit C, D, H, S, or the joker's own suit under no trump
``tricks_won``          m           tricks won so far by each relative side (0..5)
``hand_sizes``          n           cards each relative seat holds now (0..6)
``score``               m           each relative side's game score before this hand (up to
                                    the target, or 127 in progressive play)
``target``              1           the points that win the game (up to 127)
======================  ==========  ======================================================

At the four-hand table (``n = 4``, ``m = 2``, 14 call rows) that is 1,064 elements.

Rules whose decisions the layout does not hold are refused by :func:`check_rules`
(:class:`~euchre.core.errors.RulesError`): table mode (``renege_mode =
penalize_on_claim``), where cards may be played against suit, taken back and called. Every
playable preset is described.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Protocol

from euchre.core.actions import CALL_ACE, DISCARD, DISCARD_BASE, GIVE, action_text, is_call_ace_code, is_discard_code, is_give_code
from euchre.core.cards import EFFECTIVE_SUIT, NUM_CARDS, card_code
from euchre.core.errors import EuchreTypeError, EuchreValueError, RulesError
from euchre.core.presets import DEFAULT_PRESET, preset
from euchre.core.rules import Rules
from euchre.core.seats import Table
from euchre.core.state import Phase
from euchre.core.views import HIDDEN, HIDDEN_GIVE, PlayerView

CALL_CODES = DISCARD_BASE
"""The call codes 0..19 that are their own kind (pass .. throw in)."""

CALL_KINDS: tuple[str, ...] = (
    *(action_text(c) for c in range(CALL_CODES)), "discard", "give", "call-C", "call-D", "call-H", "call-S",
)
"""The kinds of a call row, in order (26)."""

class Buffer(Protocol):
    """Anything that takes ``out[i] = value`` for a whole number: a ``bytearray``, a list,
    a NumPy array."""

    def __setitem__(self, index: int, value: int, /) -> None: ...


_DISCARD_KIND = CALL_CODES
_GIVE_KIND = CALL_CODES + 1
_CALL_KIND = CALL_CODES + 2

TRICKS = 5
"""Tricks in a hand (five cards to each seat)."""

HAND_HIGH = 6
"""The most cards a seat holds: five, and a sixth for a moment (the dealer's, or a lone
player's before his discard)."""

CAP = 127
"""The largest value of any element (a byte of int8)."""

PROGRESSIVE_SCORE_HIGH = CAP
"""The ``high`` of a score in progressive play, which has no target (RULES.md decision 24)."""


def check_rules(rules: Rules) -> Rules:
    """``rules`` when the layout describes their hands: every table, every preset.

    Raises:
        RulesTypeError: not a Rules.
        RulesError: table mode (``renege_mode = penalize_on_claim``): a card played against
            suit, corrected, taken back or called has no place in the layout (the
            message says so).
    """
    if not isinstance(rules, Rules):
        from euchre.core.errors import RulesTypeError

        raise RulesTypeError(f"the feature layout is made for a Rules value, not {type(rules).__name__}")
    if rules.renege_mode != "prevent":
        raise RulesError(f"renege_mode = {rules.renege_mode} cannot be encoded: revokes played, claimed, corrected "
                         "and exposed cards called have no place in the feature layout; play these rules with "
                         "euchre.core")
    return rules


def call_rows(rules: Rules) -> int:
    """Rows of the ``calls`` section for ``rules``: the most calls a hand can have at their
    table. Two rounds of bidding (``2n``), the takeover, the dealer's discard, the maker's
    alone decision (or call-ace's call), one defending-alone decision per other seat
    (``n - 1``); under ``call_for_best`` two cards given and two discards after them (a
    lone maker and a lone defender); with claims of the dealt hand, one claim or pass per
    seat (``n``). A hand with more raises an error rather than drop one."""
    n = rules.table.seats
    rows = 3 * n + 2
    if rules.call_for_best != "none" and rules.takes_effect("call_for_best"):
        rows += 4
    if rules.claims:
        rows += n
    return rows


@dataclass(frozen=True)
class Layout:
    """What each element of an encoded view means, for one table shape.

    Attributes:
        seats: ``n``, the table's seats.
        sides: ``m``, the table's sides.
        calls: ``R``, the rows of the ``calls`` section.
        sections: ``(name, size)`` of every section, in order.
        offset: each section's first element.
        size: the number of elements.
        names: every element's name, in order (``hand.JH``, ``played.1.9C``,
            ``calls.3.seat.1``, ``calls.3.order``, ``void.2.S``, ``score.0``, ``target``).
        high: every element's largest value (1, 5, 6 or up to 127).
    """

    seats: int
    sides: int
    calls: int
    sections: tuple[tuple[str, int], ...]
    offset: dict[str, int]
    size: int
    names: tuple[str, ...]
    high: tuple[int, ...]

    def section(self, name: str) -> slice:
        """The slice of section ``name`` in a vector.

        Raises:
            EuchreValueError: no such section."""
        if name not in self.offset:
            raise EuchreValueError(f"no section {name!r}; the sections are {', '.join(self.offset)}")
        size = dict(self.sections)[name]
        return slice(self.offset[name], self.offset[name] + size)


def layout(rules: Rules) -> Layout:
    """The layout of the vectors of ``rules`` (see the module docstring); the same object
    for rules of one table shape and call rows.

    Raises:
        RulesTypeError / RulesError: as :func:`check_rules`.
    """
    check_rules(rules)
    score_high = min(rules.game_target, CAP) if rules.plays_to_target else PROGRESSIVE_SCORE_HIGH
    return _layout(rules.table.seats, len(rules.table.teams), call_rows(rules), score_high)


@functools.lru_cache(maxsize=64)
def _layout(n: int, m: int, rows: int, score_high: int) -> Layout:
    c = NUM_CARDS
    phases = len(Phase)
    sections: tuple[tuple[str, int], ...] = (
        ("hand", c), ("upcard", c), ("discard", c), ("given", c), ("called", c),
        ("shown", n * c), ("played", n * c), ("trick", n * c), ("trick_leader", n), ("phase", phases),
        ("trump", 6), ("dealer", n), ("maker", n), ("alone", n), ("defender_alone", n), ("partner", n),
        ("active", n), ("turn", n), ("upcard_to_dealer", 1), ("joker_aside", 1),
        ("calls", rows * (n + len(CALL_KINDS))), ("void", n * 5), ("tricks_won", m), ("hand_sizes", n),
        ("score", m), ("target", 1),
    )
    offset: dict[str, int] = {}
    at = 0
    for name, size in sections:
        offset[name] = at
        at += size
    cards = [card_code(k) for k in range(c)]
    names: list[str] = []
    high: list[int] = []
    for name, size in sections:
        if size == c:
            part = [f"{name}.{k}" for k in cards]
        elif name in ("shown", "played", "trick"):
            part = [f"{name}.{r}.{k}" for r in range(n) for k in cards]
        elif name == "phase":
            part = [f"phase.{p.name}" for p in Phase]
        elif name == "trump":
            part = [f"trump.{s}" for s in ("C", "D", "H", "S", "NT", "none")]
        elif name == "calls":
            part = [f"calls.{k}.{x}" for k in range(rows)
                    for x in [*(f"seat.{r}" for r in range(n)), *CALL_KINDS]]
        elif name == "void":
            part = [f"void.{r}.{s}" for r in range(n) for s in ("C", "D", "H", "S", "JK")]
        elif size == 1:
            part = [name]
        else:
            part = [f"{name}.{r}" for r in range(size)]
        names += part
        top = {"tricks_won": TRICKS, "hand_sizes": HAND_HIGH, "score": score_high, "target": CAP}.get(name, 1)
        high += [top] * size
    return Layout(n, m, rows, sections, offset, at, tuple(names), tuple(high))


@functools.lru_cache(maxsize=256)
def _relative(table: Table, seat: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each seat its relative seat, and for each side its relative side, as seen from
    ``seat``."""
    order = table.clockwise_from(seat)
    rel = [0] * table.seats
    side_rank: dict[int, int] = {}
    for r, s in enumerate(order):
        rel[s] = r
        side_rank.setdefault(table.team[s], len(side_rank))
    return tuple(rel), tuple(side_rank[t] for t in range(len(table.teams)))


def relative_seats(view: PlayerView) -> tuple[int, ...]:
    """For each seat of the view's table, its seat relative to the observer: 0 the observer,
    then 1, 2, ... in turn order (the next seat to its left first).

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
    """
    if not isinstance(view, PlayerView):
        raise EuchreTypeError(f"relative_seats takes a PlayerView, not {type(view).__name__}")
    return _relative(view.rules.table, view.seat)[0]


def relative_sides(view: PlayerView) -> tuple[int, ...]:
    """For each side of the view's table, its side relative to the observer: 0 the
    observer's own, then the others in the order their first player follows him.

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
    """
    if not isinstance(view, PlayerView):
        raise EuchreTypeError(f"relative_sides takes a PlayerView, not {type(view).__name__}")
    return _relative(view.rules.table, view.seat)[1]


def _kind(code: int) -> int:
    """The call kind of a history code before the play."""
    if 0 <= code < CALL_CODES:
        return code
    if code == HIDDEN or is_discard_code(code):
        return _DISCARD_KIND
    if code == HIDDEN_GIVE or is_give_code(code):
        return _GIVE_KIND
    if is_call_ace_code(code):
        return _CALL_KIND + CALL_ACE.place(code)
    raise EuchreValueError(f"action code {code} is not a call the feature layout holds")  # pragma: no cover


def fill(view: PlayerView, out: Buffer) -> Layout:
    """Write the elements of ``view`` into ``out``, a zeroed buffer of at least
    :attr:`Layout.size` elements that takes ``out[i] = int`` (a ``bytearray``, a list, a
    NumPy array), and return the layout.

    Raises:
        EuchreTypeError: ``view`` is not a PlayerView.
        RulesError: rules the layout does not describe (:func:`check_rules`).
        EuchreValueError: more calls than the layout's rows (:func:`call_rows`).
    """
    if not isinstance(view, PlayerView):
        raise EuchreTypeError(f"features are made from a PlayerView (euchre.core.views.view_of), not "
                              f"{type(view).__name__}")
    lay = layout(view.rules)
    _fill(view, lay, out)
    return lay


def _fill(view: PlayerView, lay: Layout, out: Buffer) -> None:
    o = lay.offset
    n = lay.seats
    put = out.__setitem__
    rel, side = _relative(view.rules.table, view.seat)
    c = NUM_CARDS
    for k in view.hand:
        put(k, 1)
    put(o["upcard"] + view.upcard, 1)
    if view.discard != -1:
        put(o["discard"] + view.discard, 1)
    called = view.called
    if called != -1:
        put(o["called"] + called, 1)
    for s, shown in view.shown:
        for k in shown:
            put(o["shown"] + rel[s] * c + k, 1)
    trump = view.trump
    played = len(view.trick_cards) + sum(len(t.cards) for t in view.tricks)
    if trump != -1:
        eff = EFFECTIVE_SUIT[trump]
        rows = [(t.seats, t.cards, o["played"]) for t in view.tricks]
        if view.trick_cards:
            rows.append((view.trick_seats, view.trick_cards, o["trick"]))
            put(o["trick_leader"] + rel[view.trick_seats[0]], 1)
        for seats, cards, base in rows:
            led = eff[cards[0]]
            for s, k in zip(seats, cards, strict=True):
                r = rel[s]
                put(base + r * c + k, 1)
                if eff[k] != led:
                    put(o["void"] + r * 5 + led, 1)
    put(o["phase"] + int(view.phase), 1)
    put(o["trump"] + (trump if trump != -1 else 5), 1)
    put(o["dealer"] + rel[view.dealer], 1)
    for name, seat in (("maker", view.maker), ("alone", view.alone), ("defender_alone", view.defender_alone),
                       ("partner", view.known_partner()), ("turn", view.turn)):
        if seat != -1:
            put(o[name] + rel[seat], 1)
    active = view.active
    for s in range(n):
        if active >> s & 1:
            put(o["active"] + rel[s], 1)
    if view.upcard_to_dealer:
        put(o["upcard_to_dealer"], 1)
    if view.joker_aside:
        put(o["joker_aside"], 1)
    history = view.history
    width = n + len(CALL_KINDS)
    at = o["calls"]
    end = at + lay.calls * width
    for s, code in history[:len(history) - played]:  # the calls all come before the first card played
        if not (code < CALL_CODES or code in (HIDDEN, HIDDEN_GIVE) or is_discard_code(code) or is_give_code(code)
                or is_call_ace_code(code)):
            raise EuchreValueError(f"action code {code} among the calls: not a hand the layout holds")
        if at == end:
            raise EuchreValueError(f"a hand of more than {lay.calls} calls does not fit the layout")
        put(at + rel[s], 1)
        put(at + n + _kind(code), 1)
        if s == view.seat and is_discard_code(code):
            put(o["discard"] + DISCARD.card(code), 1)
        elif is_give_code(code):
            put(o["given"] + GIVE.card(code), 1)
        at += width
    for t, won in enumerate(view.tricks_won):
        put(o["tricks_won"] + side[t], won)
    for s, size in enumerate(view.hand_sizes):
        put(o["hand_sizes"] + rel[s], size)
    score_high = lay.high[o["score"]]
    for t, points in enumerate(view.score):
        put(o["score"] + side[t], min(points, score_high))
    put(o["target"], min(view.rules.game_target, CAP))


def encode_view(view: PlayerView) -> bytes:
    """The elements of ``view`` (:func:`layout` of its rules) as bytes, one byte an element
    (0..127: read them as int8 or uint8), as self-play data sets store them.

    Raises:
        As :func:`fill`.
    """
    if not isinstance(view, PlayerView):
        raise EuchreTypeError(f"encode_view takes a PlayerView (view_of(hand, seat)), not {type(view).__name__}")
    out = bytearray(layout(view.rules).size)
    fill(view, out)
    return bytes(out)


def encode(view: PlayerView) -> list[float]:
    """The elements of ``view`` (:func:`layout` of its rules) as a list of floats, each a
    whole number from 0 to its ``high``.

    Raises:
        As :func:`fill`.
    """
    return [float(x) for x in encode_view(view)]


FOUR_HAND = layout(preset(DEFAULT_PRESET))
"""The layout of the four-hand partnership table (the default preset's)."""

WIDTH = FOUR_HAND.size
"""Elements of an encoded view at the four-hand table (:data:`FOUR_HAND`)."""

FEATURE_NAMES = FOUR_HAND.names
"""The name of every element at the four-hand table (:data:`FOUR_HAND`)."""
