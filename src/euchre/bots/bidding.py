"""The heuristic bot's decisions before the play: bidding, going alone, the takeover,
the dealer's discard and defending alone.

Every decision compares an estimate of tricks (:mod:`euchre.bots.strength`) with a
threshold. Sources of each rule (seed lines as stored in ``shared/seeds/``; REFERENCE
section 1K summarises them):

* ordering up, assisting, taking up, making trump: the side should win three tricks
  (S000 L119-129); the upcard strengthens whichever side the dealer is on, the eldest
  has the lead (S000 L191);
* "stealing the deal": ordering up on the adversary's deal when one point wins the game
  (S002 L23) lowers the bar;
* the bridge: at the bridge the eldest orders up to stop a lone hand unless he holds a
  sure trick (S002 L49-51; D.C. glossary, X-05; :func:`euchre.core.game.bridge_team`);
* passing to set up a euchre: an eldest strong in trumps and in next passes, hoping to
  euchre the dealer or to make next himself (S000 L187, S002 L29-31);
* lone hands: four high trumps and a side ace, three high trumps with an ace and a
  small card of its suit, left bower-ace-king with commanding side cards; the eldest may
  go with less because he leads (S000 L191-193);
* the discard: :mod:`euchre.bots.discard` (S002 L43, S000 L123);
* taking over a lone hand, defending alone: only with a clearly stronger hand
  (S000 L179, L185).

The thresholds are the fields of :class:`Policy` (tricks, 0..5, for the maker's side).

At a table without partners (the two-handed game) the maker's side is the maker alone:
no partner's share is added, no seat assists, and the estimates count one opponent's
five cards among the unknown ones (the rest of them are in the stock), not two
opponents' ten.
"""

from __future__ import annotations

from dataclasses import dataclass

from euchre.bots.discard import choose_discard
from euchre.bots.knowledge import Knowledge, popcount
from euchre.bots.strength import (
    Outlook,
    card_chances,
    expected_tricks,
    is_seed_lone_hand,
    outlook_for,
    sure_trick_at_the_bridge,
    trumps_high_first,
)
from euchre.core.actions import Action
from euchre.core.cards import ACE, JACK, NO_TRUMP, SAME_COLOUR, SUIT_MASK
from euchre.core.game import bridge_team
from euchre.core.hand import Phase
from euchre.core.rules import Rules
from euchre.core.views import PlayerView


@dataclass(frozen=True)
class Policy:
    """The numbers behind the bidding decisions (tricks, 0..5, for the maker's side).

    Attributes:
        partner_share: tricks an unseen partner adds on average to the caller's own.
        call: side tricks (own + partner's share + bonuses) needed to order up, assist,
            take up or make trump: the odd trick (S000 L119-129).
        eldest_adjust, assist_adjust, third_adjust, dealer_adjust, round2_adjust: added
            to ``call`` for the eldest ordering up, the dealer's partner assisting, the
            third hand ordering up, the dealer taking up, and anyone naming trump in
            round two.
        lone: own tricks needed to go alone: nearly every card a winner (S000 L191-193).
        takeover: own tricks needed to take a lone hand over from a partner who declared
            one (S000 L185): his hand is strong too, so only a near-certain march.
        lead_bonus: what holding the opening lead is worth (S000 L191: the eldest may go
            alone with less).
        next_bonus: for the eldest naming next in round two (S000 L187).
        steal_bonus: the bar is lowered by this on the adversary's deal when one point
            wins (S002 L23, "stealing the deal").
        danger_malus: the bar is raised by this when a euchre gives the opponents the game.
        set_up_euchre_margin: how far above the bar the eldest must be in next to pass a
            callable upcard (S000 L187).
        defend_alone: own defensive tricks (after ``defence_discount``) needed to defend
            alone (S000 L179).
        defence_discount: a maker, above all a lone one, holds the trumps: a defender's
            estimate is scaled by this.
        forfeit: with ``dealer_forfeit_or_call``, a stuck dealer calls only with this
            many side tricks.

    The role adjustments and ``lone`` were set by measurement: the share of calls made
    per role and estimate in self-play, then seat-balanced matches of 3000 games
    (modern-standard, :func:`euchre.bots.runner.play_match`) against the untuned
    values; the kept values gained about two points of points share together.
    """

    partner_share: float = 0.85
    call: float = 3.0
    eldest_adjust: float = 0.2
    assist_adjust: float = -0.4
    third_adjust: float = 0.0
    dealer_adjust: float = -0.3
    round2_adjust: float = -0.2
    lone: float = 3.8
    takeover: float = 4.75
    lead_bonus: float = 0.2
    next_bonus: float = 0.1
    steal_bonus: float = 0.2
    danger_malus: float = 0.2
    set_up_euchre_margin: float = 0.3
    defend_alone: float = 2.8
    defence_discount: float = 0.8
    forfeit: float = 2.3


DEFAULT_POLICY = Policy()
"""The intermediate bot's numbers at the four-hand table."""

SINGLE_POLICY = Policy(call=2.5, dealer_adjust=-0.6, eldest_adjust=0.8)
"""The intermediate bot's numbers at a table without partners (the two-handed game):
the maker must take three tricks by himself, and his own estimate is all there is (no
partner's share). Set by measurement: duplicate matches against ``beginner`` under the
``two-handed`` preset (3,000 deals, seed 1, :func:`euchre.analysis.duplicate.run_match`),
varying one number at a time from the four-hand values: ``call`` 3.0 took 52.8% of the
points, 2.0 52.3%, 2.4 57.4%, 2.5 57.9%, 2.6 57.4%, 3.4 43.7%; with ``call`` 2.5, the
dealer's ``dealer_adjust`` -0.6 58.2% (0.0: 55.9%, -0.9: 57.2%); then the non-dealer's
``eldest_adjust`` (his order gives the dealer the upcard) 0.8 60.4% (-0.2: 54.1%, 0.5:
59.8%, 1.1: 60.6%). docs/strength.md ("Two-handed") has the figures on other deals."""


CALL_ACE_POLICY = Policy(call=2.0, dealer_adjust=-0.6, eldest_adjust=0.0)
"""The intermediate bot's numbers at call-ace: the estimate counts the maker's own tricks
only, and the holder of the card he calls will play with him, so he calls with less than
the two-handed player needs. Set by measurement, duplicate matches (400 deals, seed 5,
:func:`euchre.analysis.duplicate.run_match`). Against the former ``beginner`` (three
trumps to call) at five seats the two-handed numbers took 48.6% of the points, ``call``
3.0 46.0%, 2.0 51.3%, 1.5 52.3%, 1.0 52.1% (all with the dealer's -0.6);
``eldest_adjust`` 0.0 rather than 0.8 changed nothing (the eldest's call gives nobody
the upcard here); ``lone`` 3.0 to 4.3 changed nothing beyond the noise. The best bar
depends on the field: against the present ``beginner`` (four trumps) and against
``random`` (margin per player-hand, five seats / six seats) ``call`` 1.5 gave +0.191 and
+0.098 / +0.165 and -0.016; 2.0 +0.226 and +0.173 / +0.206 and +0.079; 2.5 +0.138 and
+0.258 / +0.081 and +0.171; 3.0 +0.048 and +0.302 / +0.025 and +0.215. 2.0 has the most
in all: a euchre pays every other player, so calling pays against players who call
rarely and not against those who call on anything."""


def policy_for(rules: Rules) -> Policy:
    """The intermediate's numbers for a table: :data:`DEFAULT_POLICY` where players have
    partners, :data:`CALL_ACE_POLICY` where the maker calls his partner
    (:attr:`~euchre.core.rules.Rules.calls_partner`), :data:`SINGLE_POLICY` where every
    player plays for himself otherwise."""
    if rules.calls_partner:
        return CALL_ACE_POLICY
    return SINGLE_POLICY if rules.table.individual else DEFAULT_POLICY


HAND_CARDS = 5
"""Cards in each player's hand after the deal, at every table."""


@dataclass(frozen=True)
class Seats:
    """The seats around one player: ``me``, ``partner`` (-1 at a table where every
    player plays for himself), the ``dealer``, the ``eldest``."""

    me: int
    partner: int
    dealer: int
    eldest: int

    @classmethod
    def of(cls, view: PlayerView) -> Seats:
        """The seats of a view."""
        table = view.table
        partner = table.partner[view.seat]
        return cls(view.seat, partner if partner != view.seat else -1, view.dealer, table.eldest(view.dealer))


def opponents_of(view: PlayerView) -> tuple[int, int]:
    """(the cards the opponents were dealt, how many opponents there are): (10, 2) at
    the four-hand table, (5, 1) in the two-handed game. The estimates' ``opponent_slots``
    and ``opponents`` (:func:`euchre.bots.strength.outlook_for`)."""
    n = len(view.table.opponents(view.seat))
    return HAND_CARDS * n, n


NO_TARGET = 1000
"""The target the bots reckon with in progressive play, which has none (RULES.md decision
24): so far away that every point counts in full."""


def target_of(view: PlayerView) -> int:
    """The points that win the game (``game_target``), or :data:`NO_TARGET` where a round
    of fixed hands is played (progressive)."""
    return view.rules.game_target if view.rules.plays_to_target else NO_TARGET


def points_needed(view: PlayerView) -> tuple[int, int]:
    """Points still needed by (my side, the nearest opponent side) to reach the target."""
    target = target_of(view)
    table = view.table
    team = table.team[view.seat]
    others = [target - view.score[t] for t in range(len(table.teams)) if t != team]
    return target - view.score[team], min(others)


def leads_first(view: PlayerView, alone_seat: int) -> bool:
    """True when this seat would lead the first trick if ``alone_seat`` (or -1) played
    alone (the rules' ``alone_lead``; S000 L173, S001 L17), as the engine decides it
    (:meth:`~euchre.core.seats.Table.opening_leader`)."""
    table = view.table
    active = table.active_seats(alone_seat)
    return table.opening_leader(view.dealer, active, alone_seat, view.rules.alone_lead) == view.seat


def going_alone_pays(view: PlayerView) -> bool:
    """False when a march with the partner already wins the game: a lone hand then adds
    only risk."""
    need, _ = points_needed(view)
    return view.rules.alone_allowed and need > view.rules.points_march


@dataclass(frozen=True)
class CallEstimate:
    """Estimates for one possible trump.

    Attributes:
        trump: the suit (0..3, or NO_TRUMP).
        own: tricks this hand may take by itself (after the dealer's discard).
        upcard_help: what the upcard adds to the partner's hand when he is the dealer.
        hand: the hand judged (mask).
        outlook: what was known of the other cards.
        partnered: False at a table without partners (no partner's share).
    """

    trump: int
    own: float
    upcard_help: float
    hand: int
    outlook: Outlook
    partnered: bool = True

    def side(self, policy: Policy) -> float:
        """Tricks for the side playing together: own, the partner's share (none without
        a partner), the upcard."""
        share = policy.partner_share if self.partnered else 0.0
        return self.own + share + self.upcard_help


def _upcard_estimate(view: PlayerView, kn: Knowledge, trump: int, seats: Seats) -> CallEstimate:
    """Estimates for accepting the upcard as trump (round one, a takeover before the
    discard, or the maker's alone decision). Playing alone, ``upcard_help`` is lost: a
    dealer whose partner goes alone sits out (RULES.md decision 9)."""
    up = 1 << view.upcard
    deck = kn.deck
    help_ = 0.0
    slots, opponents = opponents_of(view)
    if seats.me == seats.dealer:
        hand = kn.mine if (view.discard != -1 or kn.mine & up) else kn.mine | up
        dead = kn.dead
        if popcount(hand) > HAND_CARDS:
            allowed = hand if view.rules.dealer_may_discard_upcard else hand & ~up
            pre = outlook_for(deck, hand, dead, 0, slots, opponents)
            discarded = choose_discard(hand, trump, allowed, pre)
            hand &= ~(1 << discarded)
            dead |= 1 << discarded
        outlook = outlook_for(deck, hand, dead, 0, slots, opponents)
    elif seats.partner == seats.dealer:
        hand = kn.mine
        outlook = outlook_for(deck, hand, kn.dead | up, 0, slots, opponents)
        if not (view.upcard_to_dealer and view.sits_out(seats.dealer)):
            # The upcard strengthens the partner's hand (S000 L121: "himself and partner").
            alone_card = outlook_for(deck, up, kn.mine | kn.dead, 0, slots, opponents)
            help_ = 0.8 * card_chances(up, trump, alone_card)[view.upcard]
    else:
        hand = kn.mine
        against = 0 if (view.upcard_to_dealer and view.sits_out(seats.dealer)) else up
        outlook = outlook_for(deck, hand, kn.dead | (up & ~against), against, slots - popcount(against), opponents)
    return CallEstimate(trump, expected_tricks(hand, trump, outlook), help_, hand, outlook, seats.partner != -1)


def _named_estimate(view: PlayerView, kn: Knowledge, trump: int) -> CallEstimate:
    """Estimates for naming ``trump`` in round two (the turned-down upcard is out of
    play); with no trump only high cards count, as nothing is ruffed."""
    slots, opponents = opponents_of(view)
    outlook = outlook_for(kn.deck, kn.mine, kn.dead | (1 << view.upcard), 0, slots, opponents)
    partnered = view.table.partner[view.seat] != view.seat
    return CallEstimate(trump, expected_tricks(kn.mine, trump, outlook), 0.0, kn.mine, outlook, partnered)


def _role_adjust(view: PlayerView, seats: Seats, policy: Policy) -> float:
    """The policy's adjustment of the bar for this seat's role in round one or two."""
    if view.phase == Phase.BID_ROUND_2:
        return policy.round2_adjust
    if seats.me == seats.dealer:
        return policy.dealer_adjust
    if seats.partner == seats.dealer:
        return policy.assist_adjust
    if seats.me != seats.eldest:
        return policy.third_adjust
    return policy.eldest_adjust


def _bar(view: PlayerView, seats: Seats, policy: Policy, *, upcard_to_opponent: bool) -> float:
    """The side tricks needed to call, after the role and score adjustments."""
    need, opp_need = points_needed(view)
    bar = policy.call + _role_adjust(view, seats, policy)
    if upcard_to_opponent and need <= view.rules.points_make:
        bar -= policy.steal_bonus  # "stealing the deal" (S002 L23)
    if opp_need <= view.rules.points_euchre:
        bar += policy.danger_malus
    return bar


def _lead_bonus(view: PlayerView, alone_seat: int, policy: Policy) -> float:
    return policy.lead_bonus if leads_first(view, alone_seat) else 0.0


def is_lone_hand(view: PlayerView, est: CallEstimate, policy: Policy) -> bool:
    """True when this seat should play ``est`` alone: its own tricks (plus the lead, if
    it would lead) reach ``policy.lone``, or it is one of the lone hands of S000 L191-193
    (:func:`euchre.bots.strength.is_seed_lone_hand`)."""
    if est.own + _lead_bonus(view, view.seat, policy) >= policy.lone:
        return True
    return is_seed_lone_hand(est.hand, est.trump, est.outlook, view.rules.deck, view.rules.joker)


def at_the_bridge_must_order(view: PlayerView, kn: Knowledge, seats: Seats) -> bool:
    """True when the eldest, his side at the bridge, should order up to stop a lone hand
    (S002 L49-51; X-05): he holds no sure trick, and the dealer's side could win the game
    with a lone march."""
    if seats.me != seats.eldest or not view.rules.alone_allowed:
        return False
    if bridge_team(view.rules, view.score) != view.table.team[view.seat]:
        return False
    _, opp_need = points_needed(view)
    if opp_need > view.rules.points_lone_march:
        return False
    trump = view.upcard >> 3
    slots, opponents = opponents_of(view)
    outlook = outlook_for(kn.deck, kn.mine, kn.dead, 1 << view.upcard, slots - 1, opponents)
    return not sure_trick_at_the_bridge(kn.mine, trump, outlook)


def _strong_in_next(view: PlayerView, kn: Knowledge, est: CallEstimate, seats: Seats, policy: Policy) -> bool:
    """The eldest's pass to set up a euchre (S000 L187; S002 L29-31).

    He passes a callable upcard when he holds a bower of its suit (so a dealer who takes
    up can be euchred), has no lone hand in it, and is strong "at next in suit": next is
    clearly callable, at least as good as the upcard's suit, and strong beyond the two
    jacks (an ace or king of next), so that he may make it first in round two.
    """
    if seats.me != seats.eldest:
        return False
    trump = view.upcard >> 3
    nxt = SAME_COLOUR[trump]
    trumps = trumps_high_first(kn.mine, trump)
    if len(trumps) < 2 or not any(c & 7 == JACK for c in trumps):
        return False
    next_high = [c for c in trumps_high_first(kn.mine, nxt) if c & 7 in (ACE, ACE - 1)]
    if not next_high:
        return False
    named = _named_estimate(view, kn, nxt)
    value = named.side(policy) + policy.lead_bonus + policy.next_bonus
    return (value >= policy.call + policy.set_up_euchre_margin and named.own >= est.own
            and not is_lone_hand(view, est, policy))


def bid_round_one(view: PlayerView, kn: Knowledge, policy: Policy = DEFAULT_POLICY) -> Action:
    """Pass, order up / assist / take up, alone or not (S000 L119-123)."""
    legal = set(view.legal)
    seats = Seats.of(view)
    trump = view.upcard >> 3
    est = _upcard_estimate(view, kn, trump, seats)
    alone_ok = Action.ORDER_UP_ALONE in legal and going_alone_pays(view)
    if alone_ok and is_lone_hand(view, est, policy):
        return Action.ORDER_UP_ALONE
    if Action.ORDER_UP in legal and at_the_bridge_must_order(view, kn, seats):
        return Action.ORDER_UP
    side = est.side(policy) + _lead_bonus(view, -1, policy)
    upcard_to_opponent = not view.table.same_team(seats.dealer, seats.me)
    if Action.ORDER_UP in legal and side >= _bar(view, seats, policy, upcard_to_opponent=upcard_to_opponent):
        if upcard_to_opponent and _strong_in_next(view, kn, est, seats, policy):
            return Action.PASS
        return Action.ORDER_UP
    return Action.PASS


def bid_round_two(view: PlayerView, kn: Knowledge, policy: Policy = DEFAULT_POLICY) -> Action:
    """Pass or name trump, alone or not; a stuck dealer names the best suit or forfeits
    (S000 L125-129, S001 L13)."""
    legal = set(view.legal)
    seats = Seats.of(view)
    suits = [a.named_suit for a in view.legal if a.is_naming and not a.is_alone]
    if not suits:
        return view.legal[0]
    lead_side = _lead_bonus(view, -1, policy)
    def value_of(est: CallEstimate) -> float:
        value = est.side(policy) + lead_side
        if seats.me == seats.eldest and est.trump == SAME_COLOUR[view.upcard >> 3]:
            value += policy.next_bonus  # S000 L187: "strong at next in suit"
        return value

    # suits is not empty, so max() always has a candidate (first best wins ties)
    best = max((_named_estimate(view, kn, suit) for suit in suits), key=value_of)
    best_value = value_of(best)
    lone_action = Action.name_trump(best.trump, alone=True)
    if lone_action in legal and going_alone_pays(view) and is_lone_hand(view, best, policy):
        return lone_action
    name = Action.name_trump(best.trump)
    if best_value >= _bar(view, seats, policy, upcard_to_opponent=False):
        return name
    if Action.PASS in legal:
        return Action.PASS
    if Action.FORFEIT in legal:
        _, opp_need = points_needed(view)
        if opp_need > 1 and best_value < policy.forfeit:
            return Action.FORFEIT
    return name  # stuck: name the best suit


def blind_name(view: PlayerView, rng_choice: int) -> Action:
    """The dealer names trump before seeing his hand (the joker turned up): every suit is
    alike, he takes the joker whatever he names; never alone blind. ``rng_choice`` picks
    the suit (the bot's seeded generator)."""
    names = [a for a in view.legal if a.is_naming and not a.is_alone]
    if not names:
        return view.legal[0]
    return names[rng_choice % len(names)]


def _fixed_trump_estimate(view: PlayerView, kn: Knowledge) -> CallEstimate:
    """Estimates for the trump already fixed, from this seat's hand."""
    if view.upcard_to_dealer:
        return _upcard_estimate(view, kn, view.trump, Seats.of(view))
    return _named_estimate(view, kn, view.trump)


def take_over(view: PlayerView, kn: Knowledge, policy: Policy = DEFAULT_POLICY) -> Action:
    """The maker's partner takes the lone hand over only with a near-certain march when
    the maker declared one, or with a lone hand when he did not (S000 L183-187)."""
    if not going_alone_pays(view):
        return Action.PASS
    est = _fixed_trump_estimate(view, kn)
    if view.alone == -1:
        return Action.TAKE_OVER_ALONE if is_lone_hand(view, est, policy) else Action.PASS
    lone = est.own + _lead_bonus(view, view.seat, policy)
    return Action.TAKE_OVER_ALONE if lone >= policy.takeover else Action.PASS


def alone_decision(view: PlayerView, kn: Knowledge, policy: Policy = DEFAULT_POLICY) -> Action:
    """With ``after_bidding`` timing, the maker goes alone with a lone hand
    (S000 L191-193)."""
    if not going_alone_pays(view):
        return Action.PLAY_WITH_PARTNER
    est = _fixed_trump_estimate(view, kn)
    return Action.GO_ALONE if is_lone_hand(view, est, policy) else Action.PLAY_WITH_PARTNER


def call_partner(view: PlayerView, kn: Knowledge, policy: Policy = DEFAULT_POLICY) -> Action:
    """The call-ace maker's call (RULES.md decision 21): alone with a lone hand when
    going alone is offered; else the best trump when he lacks it (its holder is the
    strongest partner), else the ace of his shortest plain suit, to ruff it while the
    partner's ace wins (the Call-Ace book's "ruffing the called suit").

    Returns:
        One of ``view.legal`` (``GO_ALONE`` or a call)."""
    calls = [a for a in view.legal if a.is_call]
    if Action.GO_ALONE in view.legal:
        if not calls or (going_alone_pays(view) and is_lone_hand(view, _fixed_trump_estimate(view, kn), policy)):
            return Action.GO_ALONE
    trump = view.trump
    if trump != NO_TRUMP and Action.call(trump) in calls:
        return Action.call(trump)
    return min(calls, key=lambda a: (popcount(kn.mine & SUIT_MASK[trump][a.called_suit]), int(a)))


def discard(view: PlayerView, kn: Knowledge) -> Action:
    """The dealer's discard (:func:`euchre.bots.discard.choose_discard`)."""
    allowed = sum(1 << a.card for a in view.legal if a.is_discard)
    slots, opponents = opponents_of(view)
    outlook = outlook_for(kn.deck, kn.mine, kn.dead, 0, slots, opponents)
    return Action.discard(choose_discard(kn.mine, view.trump, allowed, outlook))


def defend_alone(view: PlayerView, kn: Knowledge, policy: Policy = DEFAULT_POLICY) -> Action:
    """Defend alone only when this hand alone should take three tricks against the
    makers' trumps (S000 L179: "holding high cards in the trump suit")."""
    if view.trump == NO_TRUMP:
        return Action.PASS
    against = 0
    for s in view.table.opponents(view.seat):
        against |= kn.held[s]
    outlook = outlook_for(kn.deck, kn.mine, kn.dead, against, kn.opponent_slots(view), opponents_of(view)[1])
    own = policy.defence_discount * expected_tricks(kn.mine, view.trump, outlook)
    has_trumps = bool(kn.mine & SUIT_MASK[view.trump][view.trump])
    return Action.DEFEND_ALONE if has_trumps and own >= policy.defend_alone else Action.PASS
