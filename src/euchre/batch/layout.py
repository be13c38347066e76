"""The batch kernel's arrays: the offsets of ``ctx`` (the rules), ``st`` (one hand's
state), ``ws`` (scratch) and of a hand's row of results, and the numbers the kernel
uses for the action codes, the phases and the policies.

Every seat row is laid out for :data:`MAX_SEATS` seats (the largest table the core
plays, six at call-ace), the slots past a table's last seat unused, so one compiled
kernel plays every table. :mod:`euchre.batch.tables` fills ``ctx`` from a
:class:`~euchre.core.rules.Rules`; the kernel's functions (:mod:`euchre.batch.kernel`)
read and write the others.
"""

from __future__ import annotations

from euchre.core.actions import CALL_BASE, DISCARD_BASE, GIVE_BASE, PLAY_BASE, Action
from euchre.core.cards import NUM_CARDS
from euchre.core.state import Phase

MAX_SEATS = 6
"""The most seats of a table the kernel plays (``Rules.num_players`` is 2..6)."""
SEAT_SLOTS = MAX_SEATS + 1
"""A seat or -1 ("nobody"), as an index: ``seat + 1`` is 0..MAX_SEATS."""
ACTIVE_MASKS = 1 << MAX_SEATS
"""The masks of seats taking part: 0 .. 2**MAX_SEATS - 1."""

# ------------------------------------------------------------------ action codes
A_PASS = int(Action.PASS)
A_ORDER_UP = int(Action.ORDER_UP)
A_ORDER_UP_ALONE = int(Action.ORDER_UP_ALONE)
A_GO_ALONE = int(Action.GO_ALONE)
A_PLAY_WITH_PARTNER = int(Action.PLAY_WITH_PARTNER)
A_TAKE_OVER_ALONE = int(Action.TAKE_OVER_ALONE)
A_DEFEND_ALONE = int(Action.DEFEND_ALONE)
A_FORFEIT = int(Action.FORFEIT)
A_CALL = CALL_BASE
"""``A_CALL + suit``: the call-ace maker calls the best card of ``suit``."""
A_DISCARD = DISCARD_BASE
A_PLAY = PLAY_BASE
A_GIVE = GIVE_BASE
"""``A_DISCARD``, ``A_PLAY``, ``A_GIVE`` + card: discard, play, give a card for best."""

# ------------------------------------------------------------------ phases
PH_ROUND_1 = int(Phase.BID_ROUND_1)
PH_ROUND_2 = int(Phase.BID_ROUND_2)
PH_BLIND = int(Phase.BLIND_NAME)
PH_TAKEOVER = int(Phase.TAKEOVER)
PH_DISCARD = int(Phase.DISCARD)
PH_ALONE = int(Phase.ALONE_DECISION)
"""The maker's alone decision; at call-ace his call of a partner (or going alone)."""
PH_DEFEND = int(Phase.DEFEND_ALONE)
PH_PLAY = int(Phase.PLAY)
PH_DONE = int(Phase.DONE)
PH_GIVE = int(Phase.GIVE_BEST)
"""Railroad: the lone player's partner gives him his best card."""
PH_BEST_DISCARD = int(Phase.BEST_DISCARD)
"""Railroad: the lone player, given the card, discards one."""

# ------------------------------------------------------------------ policies
P_RANDOM = 0
"""Every legal action equally likely."""
P_SIMPLE = 1
"""The greedy policy of :func:`euchre.batch.policy.simple_call` and
:func:`~euchre.batch.policy.simple_card`."""

# ------------------------------------------------------------------ option values
ALL_PASS_DEAL_PASSES = 0
ALL_PASS_SAME_DEALER = 1
ALL_PASS_STICK = 2
ALL_PASS_FORFEIT_OR_CALL = 3
"""The values of ``ctx[C_ALL_PASS]``, in the order of ``Rules.all_pass_round2``'s choices."""

WHO_MAKER_ONLY = 0
WHO_DEALER_WHEN_ASSISTED = 1
WHO_MAKER_OR_PARTNER = 2
"""The values of ``ctx[C_ALONE_WHO]``, in the order of ``Rules.alone_who``'s choices."""

BEST_NONE = 0
BEST_LONE_MAKER = 1
BEST_AND_LONE_DEFENDER = 2
"""The values of ``ctx[C_CALL_FOR_BEST]``, in the order of ``Rules.call_for_best``'s choices."""

# ------------------------------------------------------------------ ctx offsets
C_PACK_N = 0
"""Cards in the pack (24, 25, 28, 29, 32 or 33)."""
C_PACK = 1
"""``ctx[C_PACK + k]``: the pack's cards (``euchre.core.deal.pack_of``)."""
C_JOKER_ASIDE = C_PACK + NUM_CARDS
"""1: a joker turned up is set aside and the next card turned (S003 L12)."""
C_DP_ASSIST = C_JOKER_ASIDE + 1
C_CANADIAN = C_DP_ASSIST + 1
C_NATURAL = C_CANADIAN + 1
C_DISCARD_UPCARD = C_NATURAL + 1
C_R2_TURNED_DOWN = C_DISCARD_UPCARD + 1
C_NO_TRUMP = C_R2_TURNED_DOWN + 1
C_ALL_PASS = C_NO_TRUMP + 1
C_STUCK_TURNED_DOWN = C_ALL_PASS + 1
C_ALONE_OK = C_STUCK_TURNED_DOWN + 1
C_ALONE_WHO = C_ALONE_OK + 1
C_WITH_CALL = C_ALONE_WHO + 1
C_DEFEND = C_WITH_CALL + 1
C_DEFEND_ANY = C_DEFEND + 1
C_CALL_FOR_BEST = C_DEFEND_ANY + 1
"""The options of :class:`~euchre.core.rules.Rules` of the same names, as ints."""
C_CALL_ACE = C_CALL_FOR_BEST + 1
"""1 at the call-ace table (``variant = call_ace``): the maker calls a secret partner."""
C_SEATS = C_CALL_ACE + 1
"""``table.seats``."""
C_SIDES = C_SEATS + 1
"""``len(table.teams)``: the sides that score."""
C_EVERYONE = C_SIDES + 1
"""``table.everyone``: the mask of every seat."""
C_LEFT = C_EVERYONE + 1
"""``ctx[C_LEFT + seat]``: ``table.left``."""
C_PARTNER = C_LEFT + MAX_SEATS
"""``ctx[C_PARTNER + seat]``: ``table.partner`` (the seat itself when it has none)."""
C_TEAM = C_PARTNER + MAX_SEATS
"""``ctx[C_TEAM + seat]``: ``table.team``."""
C_NEXT_ACTIVE = C_TEAM + MAX_SEATS
"""``ctx[C_NEXT_ACTIVE + active * MAX_SEATS + seat]``: ``table.next_active[active][seat]``."""
C_ACTIVE_SEATS = C_NEXT_ACTIVE + ACTIVE_MASKS * MAX_SEATS
"""``ctx[C_ACTIVE_SEATS + (alone + 1) * SEAT_SLOTS + defender_alone + 1]``: ``table.active_seats``."""
C_OPENING = C_ACTIVE_SEATS + SEAT_SLOTS * SEAT_SLOTS
"""``ctx[C_OPENING + (dealer * ACTIVE_MASKS + active) * SEAT_SLOTS + alone + 1]``:
``table.opening_leader`` under the rules' ``alone_lead``."""
C_EFFECTIVE = C_OPENING + MAX_SEATS * ACTIVE_MASKS * SEAT_SLOTS
"""``ctx[C_EFFECTIVE + trump * 33 + card]``: ``EFFECTIVE_SUIT[trump][card]``."""
C_SUIT_MASK = C_EFFECTIVE + 5 * NUM_CARDS
"""``ctx[C_SUIT_MASK + trump * 4 + suit]``: ``SUIT_MASK[trump][suit]``."""
C_POWER = C_SUIT_MASK + 5 * 4
"""``ctx[C_POWER + (trump * 4 + led) * 33 + card]``: ``TRICK_POWER[trump][led][card]``."""
C_NATURAL_MASK = C_POWER + 5 * 4 * NUM_CARDS
"""``ctx[C_NATURAL_MASK + suit]``: the trumps of ``suit`` but its left bower (natural_trump)."""
C_NAME = C_NATURAL_MASK + 4
"""``ctx[C_NAME + alone * 5 + suit]``: ``NAME_CODES[alone][suit]``."""
C_NAMED_SUIT = C_NAME + 10
"""``ctx[C_NAMED_SUIT + code]``: ``NAMED_SUIT[code]`` for the call codes 0..19."""
C_GOES_ALONE = C_NAMED_SUIT + 20
"""The call codes of ``GOES_ALONE`` as a bit mask (bit ``code``)."""
C_BEST_CARD = C_GOES_ALONE + 1
"""``ctx[C_BEST_CARD + trump * 4 + suit]``: ``calls.best_card(suit, trump, joker)``, the
card a call-ace maker calls for ``suit``."""
C_SCORE = C_BEST_CARD + 5 * 4
"""``ctx[C_SCORE + (maker_tricks * 4 + maker_alone * 2 + defender_alone) * 2 + k]``:
``score_hand``'s answer, k = 0: 1 when the makers score, k = 1: the points."""
C_BIT_INDEX = C_SCORE + 6 * 4 * 2
"""``ctx[C_BIT_INDEX + (1 << c) % 37]`` is ``c`` for c in 0..32 (2 is a primitive root mod 37)."""
CTX_LEN = C_BIT_INDEX + 37

# ------------------------------------------------------------------ st offsets
S_HANDS = 0
"""``st[S_HANDS + seat]``: the cards the seat holds (a mask)."""
S_DEALER = S_HANDS + MAX_SEATS
S_UPCARD = S_DEALER + 1
S_PHASE = S_UPCARD + 1
S_TURN = S_PHASE + 1
S_PASSES = S_TURN + 1
S_TRUMP = S_PASSES + 1
S_MAKER = S_TRUMP + 1
S_ALONE = S_MAKER + 1
S_DEFENDER_ALONE = S_ALONE + 1
S_ACTIVE = S_DEFENDER_ALONE + 1
S_UP_TO_DEALER = S_ACTIVE + 1
S_DISCARDED = S_UP_TO_DEALER + 1
S_ALONE_DECIDED = S_DISCARDED + 1
S_TAKEOVER_DONE = S_ALONE_DECIDED + 1
S_DEFEND_DONE = S_TAKEOVER_DONE + 1
S_BEST_DONE = S_DEFEND_DONE + 1
S_CALLED = S_BEST_DONE + 1
S_PARTNER = S_CALLED + 1
"""The fields of :class:`~euchre.core.state.HandFields` of the same names (``upcard_to_dealer``,
``called``: the called card, ``partner``: the call-ace maker's secret partner)."""
S_LEADER = S_PARTNER + 1
S_NPLAYED = S_LEADER + 1
"""Cards in the trick being played."""
S_LED = S_NPLAYED + 1
"""The effective suit led to it."""
S_BEST = S_LED + 1
"""The ``TRICK_POWER`` of the card winning it so far."""
S_BEST_SEAT = S_BEST + 1
S_TRICKS = S_BEST_SEAT + 1
"""Tricks finished."""
S_WON = S_TRICKS + 1
"""``st[S_WON + side]``: tricks won per side."""
S_POINTS = S_WON + MAX_SEATS
"""``st[S_POINTS + side]``: the hand's points per side."""
S_PASSED_OUT = S_POINTS + MAX_SEATS
S_FORFEIT = S_PASSED_OUT + 1
S_WINNERS = S_FORFEIT + 1
"""``st[S_WINNERS + k]``: the winner of trick ``k``."""
ST_LEN = S_WINNERS + 5

# ------------------------------------------------------------------ ws offsets
W_PACK = 0
"""The pack being shuffled (NUM_CARDS slots)."""
W_CALLS = NUM_CARDS
"""The legal calls of the decision in hand (up to 16)."""
W_NCALLS = W_CALLS + 16
WS_LEN = W_NCALLS + 1

# ------------------------------------------------------------------ outputs
R_DEALER = 0
R_UPCARD = 1
R_TRUMP = 2
R_MAKER = 3
R_ALONE = 4
R_DEFENDER_ALONE = 5
R_PARTNER = 6
"""The call-ace maker's partner (the holder of the called card), or -1."""
R_PASSED_OUT = 7
R_FORFEIT = 8
R_DECISIONS = 9
R_TRICKS = 10
"""``R_TRICKS + side``: tricks won per side of the table."""
R_POINTS = R_TRICKS + MAX_SEATS
"""``R_POINTS + side``: points scored per side."""
R_LEN = R_POINTS + MAX_SEATS

MAX_DECISIONS = 64
"""More than any hand takes: at most 12 bids (two rounds at six seats), 9 decisions after
trump (the partner's takeover, two discards, the alone decision, a card given for best
and its discard twice, defending alone at the four-hand table), 30 cards; a record holds
this many decisions a hand."""
DEAL_LEN = MAX_SEATS + 2
"""A recorded deal: the hands as dealt (masks, one slot per seat), the first two cards
of the stock (-1 where the stock holds one card)."""
