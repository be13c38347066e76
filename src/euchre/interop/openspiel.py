"""An adapter between our engine and OpenSpiel's ``euchre`` game (``pyspiel``).

OpenSpiel's game (google-deepmind/open_spiel, ``open_spiel/games/euchre/euchre.h`` and
``euchre.cc``) plays the rules of our ``openspiel`` preset (RULES.md, decision 8). This
module translates between the two engines; it decides no rule itself. ``pyspiel`` is
imported only inside :func:`load_openspiel_game` and :func:`new_openspiel_state`, so the
rest works without open_spiel installed.

Numbering (facts from ``euchre.h``/``euchre.cc``):

- **Seats.** OpenSpiel players 0..3 are North, East, South, West (``enum Seat``); the
  next player is ``(p + 1) % 4`` and the first bidder and first leader are
  ``(dealer + 1) % 4``. Our seats are N, E, S, W = 0..3 with the same clockwise
  direction (:mod:`euchre.core.seats`), so OpenSpiel player ``p`` is our seat ``p``,
  and this module asks the four-hand table (:data:`TABLE`) for every seat it works out.
- **Cards.** OpenSpiel card ``rank * 4 + suit`` (0..23) with ranks 9, T, J, Q, K, A =
  0..5 and suits C, D, H, S = 0..3; ours are ``suit * 8 + rank`` with ranks 7..A = 0..7
  (:mod:`euchre.core.cards`). So OpenSpiel card ``a`` is our card
  ``(a % 4) * 8 + a // 4 + 2``.
- **Chance actions.** First the dealer (0..3); then 20 cards, the ``k``-th (0-based) going
  to seat ``(dealer + k) % 4`` (so the dealer receives the first card); then the upcard.
  The other three cards of the kitty are never dealt.
- **Player actions.** 0..23 a card (the dealer's discard, or a card played); 24 pass;
  25..28 clubs, diamonds, hearts, spades as trump (in round one only the upcard's suit is
  offered, and choosing it orders the upcard up); 29 go alone, 30 play with partner. With
  ``allow_lone_defender`` the defenders' decision reuses 29 (defend alone) and 30
  (decline), asked of each defender in turn from the dealer's left.
- **Returns.** ``state.returns()`` gives each player the makers' score, positive for the
  makers' two seats and negated for the defenders' (zero-sum).

Our actions (:mod:`euchre.core.actions`) are context-free codes, while OpenSpiel's mean
different things in different phases (29 is "go alone" for the maker, "defend alone"
for a defender). The mapping functions therefore take the :class:`HandState` whose phase
gives the context, and must be called *before* the action is applied to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from euchre.core.actions import ACTIONS, DISCARD, PLAY, Action, action_text, is_discard_code, is_play_code
from euchre.core.cards import cards_of
from euchre.core.errors import CardError, EuchreError, RulesError
from euchre.core.hand import HandResult, HandState, Phase
from euchre.core.rules import Rules
from euchre.core.seats import FOUR_HANDED

GAME_NAME = "euchre"
"""The short name of the game in OpenSpiel's registry."""

NUM_CARDS = 24
"""OpenSpiel's deck: 9 to ace in four suits."""

OPENSPIEL_SUITS = 4
"""The suits of OpenSpiel's deck (C, D, H, S = 0..3): its card number is ``rank *
OPENSPIEL_SUITS + suit``. About suits, not seats."""

TABLE = FOUR_HANDED
"""OpenSpiel's table: four seats N, E, S, W in two partnerships, as ours
(:data:`euchre.core.seats.FOUR_HANDED`); its seat arithmetic is asked of it."""

NUM_DEALT = 20
"""Cards dealt to the players (five each); the upcard is the 21st card chance action."""

NUM_CHANCE_ACTIONS = 1 + NUM_DEALT + 1
"""Chance actions before the first bid: the dealer, 20 dealt cards, the upcard."""

PASS = 24
"""OpenSpiel's pass in either bidding round."""

TRUMP_BASE = 25
"""OpenSpiel's action ``TRUMP_BASE + suit`` names ``suit`` (0..3 = C, D, H, S) as trump."""

GO_ALONE = 29
"""OpenSpiel's "go alone": the maker's lone hand, or (lone defender option) defend alone."""

PLAY_WITH_PARTNER = 30
"""OpenSpiel's "play with partner": the maker declines to go alone, or a defender declines
to defend alone."""

NUM_DISTINCT_ACTIONS = 31
"""OpenSpiel's player actions are 0..30."""

_LOW_RANK = 2
"""Our rank index of the nine, OpenSpiel's lowest rank."""

# Options of Rules that must hold these values for OpenSpiel to play the same game.
# Options that change nothing in one hand played by the computer (game target, cut,
# packets of the deal, display, ...) are not checked.
_REQUIRED: dict[str, Any] = {
    "variant": "partnership",
    "deck": 24,
    "joker": False,
    "dealer_partner_may_assist": True,
    "canadian_loner": False,
    "require_trump_to_call": "none",
    "dealer_may_discard_upcard": False,
    "round2_may_name_turned_down": False,
    "no_trump_call": False,
    "stuck_dealer_may_name_turned_down": False,
    "alone_allowed": True,
    "call_for_best": "none",
    "alone_who": "maker_only",
    "alone_declare_timing": "after_bidding",
    "alone_lead": "first_active_left_of_dealer",
    "points_make": 1,
    "points_march": 2,
    "points_euchre": 2,
    "points_lone_make": 1,
    "points_lone_march": 4,
    "points_lone_euchred": 2,
    "points_defend_alone_euchre": 4,
    "super_euchre": False,
    "renege_mode": "prevent",
}
_REQUIRED_WITH_DEFEND_ALONE: dict[str, Any] = {
    "defend_alone_against": "any_maker",
    "defend_alone_scoring": "euchre_scores_4",
}
_STICK_THE_DEALER = {"stick_the_dealer": True, "deal_passes_left": False, "same_dealer_redeals": False}


# ---------------------------------------------------------------------------- cards
def card_to_openspiel(card: int) -> int:
    """OpenSpiel's number (0..23) of one of our card numbers (``suit * 8 + rank``).

    Raises:
        CardError: the card is not in OpenSpiel's 24-card deck (a 7, an 8, the joker, or
            not a card number).
    """
    if not isinstance(card, int) or not 0 <= card < 32 or card & 7 < _LOW_RANK:
        raise CardError(f"card {card!r} is not in OpenSpiel's 24-card deck (9 to A)")
    return ((card & 7) - _LOW_RANK) * OPENSPIEL_SUITS + (card >> 3)


def card_from_openspiel(os_card: int) -> int:
    """Our card number of an OpenSpiel card (``rank * 4 + suit``, 0..23).

    Raises:
        CardError: the number is not 0..23.
    """
    if not isinstance(os_card, int) or not 0 <= os_card < NUM_CARDS:
        raise CardError(f"OpenSpiel card numbers are 0..23, not {os_card!r}")
    rank, suit = divmod(os_card, OPENSPIEL_SUITS)
    return suit * 8 + rank + _LOW_RANK


# ---------------------------------------------------------------------------- rules
def openspiel_parameters(rules: Rules) -> dict[str, bool]:
    """The OpenSpiel game parameters that play the same game as ``rules``.

    Returns:
        ``{"allow_lone_defender": ..., "stick_the_dealer": ...}``, from our options
        ``defend_alone`` and ``all_pass_round2`` (``stick_the_dealer`` gives true;
        ``deal_passes_left`` and ``same_dealer_redeals`` give false: OpenSpiel then ends
        the hand unscored, as our engine does for one hand).

    Raises:
        RulesError: OpenSpiel cannot play these rules; the message names every option
            that would have to change and the value it would need.
    """
    wrong = [f"{name} = {getattr(rules, name)!r} (needs {value!r})"
             for name, value in _REQUIRED.items() if getattr(rules, name) != value]
    if rules.defend_alone:
        wrong += [f"{name} = {getattr(rules, name)!r} (needs {value!r} with defend_alone)"
                  for name, value in _REQUIRED_WITH_DEFEND_ALONE.items() if getattr(rules, name) != value]
    if rules.all_pass_round2 not in _STICK_THE_DEALER:
        wrong.append(f"all_pass_round2 = {rules.all_pass_round2!r} (needs one of {', '.join(map(repr, _STICK_THE_DEALER))})")
    if wrong:
        raise RulesError("OpenSpiel's euchre cannot play these rules: " + "; ".join(wrong))
    return {
        "allow_lone_defender": rules.defend_alone,
        "stick_the_dealer": _STICK_THE_DEALER[rules.all_pass_round2],
    }


def load_openspiel_game(rules: Rules) -> Any:
    """OpenSpiel's ``euchre`` game (a ``pyspiel.Game``) with the parameters of ``rules``.

    Raises:
        RulesError: OpenSpiel cannot play these rules (see :func:`openspiel_parameters`).
        ImportError: open_spiel is not installed.
    """
    params = openspiel_parameters(rules)
    import pyspiel

    return pyspiel.load_game(GAME_NAME, params)


# ---------------------------------------------------------------------------- the deal
def chance_actions(hand: HandState) -> list[int]:
    """The OpenSpiel chance actions that deal the same cards as ``hand``.

    Returns:
        22 actions: the dealer's seat, then 20 OpenSpiel card numbers of which the
        ``k``-th goes to seat ``(dealer + k) % 4`` (each seat's cards lowest first by our
        numbering), then the upcard. The order of cards within a seat's hand does not
        matter to either engine. Depends only on the deal, so any state of the hand will do.

    Raises:
        CardError: the hand holds a card outside OpenSpiel's 24-card deck.
    """
    dealer = hand.dealer
    hands = [list(cards_of(hand.deal_hands[seat])) for seat in range(TABLE.seats)]
    out = [dealer]
    for k in range(NUM_DEALT):
        out.append(card_to_openspiel(hands[TABLE.left_of(dealer, k)][k // TABLE.seats]))
    out.append(card_to_openspiel(hand.upcard))
    return out


def hand_from_chance_actions(rules: Rules, actions: Sequence[int]) -> HandState:
    """Our hand for the chance actions of an OpenSpiel deal (see :func:`chance_actions`).

    Args:
        rules: our rule set (normally the ``openspiel`` preset).
        actions: the first 22 actions of an OpenSpiel history: dealer, 20 cards, upcard.
            The stock is the upcard followed by the three undealt cards, lowest first.

    Raises:
        EuchreError: not 22 actions, the dealer is not 0..3, a card is not 0..23 or is
            dealt twice, or the deal is not one of ``rules``' deck.
    """
    if len(actions) != NUM_CHANCE_ACTIONS:
        raise EuchreError(f"an OpenSpiel deal is {NUM_CHANCE_ACTIONS} chance actions, not {len(actions)}")
    dealer = actions[0]
    if not isinstance(dealer, int) or not 0 <= dealer < TABLE.seats:
        raise EuchreError(f"the first chance action is the dealer 0..3, not {dealer!r}")
    cards = [card_from_openspiel(a) for a in actions[1:]]
    if len(set(cards)) != len(cards):
        raise EuchreError("a card is dealt twice in the OpenSpiel chance actions")
    hands: list[list[int]] = [[] for _ in range(TABLE.seats)]
    for k in range(NUM_DEALT):
        hands[TABLE.left_of(dealer, k)].append(cards[k])
    upcard = cards[NUM_DEALT]
    rest = sorted(set(map(card_from_openspiel, range(NUM_CARDS))) - set(cards))
    return HandState.from_deal(rules, dealer, hands, [upcard, *rest])


def new_openspiel_state(hand: HandState, game: Any) -> Any:
    """A ``pyspiel.State`` of ``game`` that has dealt the same cards as ``hand``.

    Args:
        hand: any state of our hand (only its deal is used).
        game: the OpenSpiel euchre game, e.g. from :func:`load_openspiel_game`.

    Returns:
        The OpenSpiel state after the 22 chance actions, at the first bid. Apply the
        hand's history with :func:`action_to_openspiel` to bring it to the same point.

    Raises:
        CardError: the hand holds a card outside OpenSpiel's deck.
    """
    state = game.new_initial_state()
    for action in chance_actions(hand):
        state.apply_action(action)
    return state


# ---------------------------------------------------------------------------- actions
def action_to_openspiel(hand: HandState, action: int) -> int:
    """OpenSpiel's action (0..30) for our action ``action`` taken now in ``hand``.

    Args:
        hand: the hand *before* the action is applied; its phase gives the meaning.
        action: one of our action codes (an :class:`Action` or its int).

    Returns:
        Round one: pass -> 24, order up -> 25 + the upcard's suit. Round two: pass -> 24,
        name suit ``s`` -> 25 + s. Discard or play of a card -> its OpenSpiel card.
        The maker's decision: go alone -> 29, play with partner -> 30. A defender's:
        defend alone -> 29, pass -> 30.

    Raises:
        EuchreError: the action has no OpenSpiel counterpart in this phase (for example
            an alone call with the bid, or a no-trump call). Legality is not checked.
    """
    code = int(action)
    phase = hand.phase
    if phase == Phase.BID_ROUND_1:
        if code == Action.PASS:
            return PASS
        if code == Action.ORDER_UP:
            return TRUMP_BASE + (hand.upcard >> 3)
    elif phase == Phase.BID_ROUND_2:
        if code == Action.PASS:
            return PASS
        if Action.NAME_C <= code <= Action.NAME_S:
            return TRUMP_BASE + code - Action.NAME_C
    elif phase == Phase.DISCARD:
        if is_discard_code(code):
            return card_to_openspiel(DISCARD.card(code))
    elif phase == Phase.ALONE_DECISION:
        if code == Action.GO_ALONE:
            return GO_ALONE
        if code == Action.PLAY_WITH_PARTNER:
            return PLAY_WITH_PARTNER
    elif phase == Phase.DEFEND_ALONE:
        if code == Action.DEFEND_ALONE:
            return GO_ALONE
        if code == Action.PASS:
            return PLAY_WITH_PARTNER
    elif phase == Phase.PLAY and is_play_code(code):
        return card_to_openspiel(PLAY.card(code))
    raise EuchreError(f"{_text(code)} has no OpenSpiel action in phase {phase.name.lower()}")


def action_from_openspiel(hand: HandState, os_action: int) -> Action:
    """Our action for OpenSpiel's action ``os_action`` (0..30) taken now in ``hand``.

    The inverse of :func:`action_to_openspiel`: 24 is pass; 25..28 order up (round one,
    the upcard's suit only) or name that suit (round two); 29/30 go alone / play with
    partner for the maker, defend alone / pass for a defender; 0..23 the card discarded
    or played.

    Args:
        hand: the hand *before* the action is applied; its phase gives the meaning.
        os_action: an OpenSpiel player action.

    Raises:
        EuchreError: the number means nothing in this phase (for example a suit other
            than the upcard's in round one). Legality is otherwise left to ``hand.apply``.
    """
    a = int(os_action)
    phase = hand.phase
    if phase in (Phase.BID_ROUND_1, Phase.BID_ROUND_2) and a == PASS:
        return Action.PASS
    if phase == Phase.BID_ROUND_1 and a == TRUMP_BASE + (hand.upcard >> 3):
        return Action.ORDER_UP
    if phase == Phase.BID_ROUND_2 and TRUMP_BASE <= a < GO_ALONE:
        return Action.name_trump(a - TRUMP_BASE)
    if phase == Phase.DISCARD and 0 <= a < NUM_CARDS:
        return Action.discard(card_from_openspiel(a))
    if phase == Phase.ALONE_DECISION and a in (GO_ALONE, PLAY_WITH_PARTNER):
        return Action.GO_ALONE if a == GO_ALONE else Action.PLAY_WITH_PARTNER
    if phase == Phase.DEFEND_ALONE and a in (GO_ALONE, PLAY_WITH_PARTNER):
        return Action.DEFEND_ALONE if a == GO_ALONE else Action.PASS
    if phase == Phase.PLAY and 0 <= a < NUM_CARDS:
        return Action.play(card_from_openspiel(a))
    raise EuchreError(f"OpenSpiel action {a} means nothing in phase {phase.name.lower()}")


def legal_openspiel_actions(hand: HandState) -> list[int]:
    """Our legal actions in ``hand``, as OpenSpiel actions, ascending (as
    ``pyspiel.State.legal_actions()`` lists them). Empty when the hand is over.

    Raises:
        EuchreError: a legal action has no OpenSpiel counterpart (the rules are not ones
            OpenSpiel plays; see :func:`openspiel_parameters`).
    """
    return sorted(action_to_openspiel(hand, code) for code in hand.legal_codes())


# ---------------------------------------------------------------------------- results
def openspiel_returns(result: HandResult) -> list[float]:
    """What OpenSpiel's ``state.returns()`` gives for our hand result.

    Returns:
        Four floats by seat N, E, S, W: the points the seat's team scored minus the points
        the other team scored (one side scores on each hand, so ``+p`` for the scoring
        team's seats and ``-p`` for the others; all zero for a thrown-in hand).
    """
    points = result.points
    return [float(points[team] - points[TABLE.other_team(team)]) for team in TABLE.team]


def points_from_openspiel_returns(returns: Sequence[float]) -> tuple[int, int]:
    """Our per-team points (N-S, E-W) from OpenSpiel's per-player returns.

    Raises:
        EuchreError: not four returns, partners' returns differ, the sum is not zero, or
            a value is not a whole number of points.
    """
    if len(returns) != TABLE.seats:
        raise EuchreError(f"OpenSpiel returns four values (one per player), not {len(returns)}")
    ns, ew = returns[0], returns[1]
    if returns[2] != ns or returns[3] != ew or ns + ew != 0 or ns != int(ns):
        raise EuchreError(f"OpenSpiel returns are zero-sum between partnerships: {list(returns)!r}")
    return (int(ns), 0) if ns >= 0 else (0, int(ew))


# ---------------------------------------------------------------------------- helpers
def _text(code: int) -> str:
    if code in ACTIONS:
        return action_text(code)
    return repr(code)
