"""One deal of an EGN file: read for shape, then its recorded calls, decisions and
cards driven through a hand (used by both the stand-in run and the checked replay)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from euchre.core.actions import DISCARD_BASE, PLAY_BASE, Action
from euchre.core.cards import JOKER, NO_TRUMP
from euchre.core.errors import RecordError
from euchre.core.hand import HandState, Phase
from euchre.records.egn.cards import _deck_card, card_from_egn
from euchre.records.egn.notation import _bool, _get, _int, _join, _list, _obj, _seat_text


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
            raise RecordError(where, "'Order' accepts the upcard, which is done only in round one (the first four calls); "
                                     "name a suit in round two")
        return int(Action.ORDER_UP_ALONE if alone else Action.ORDER_UP)
    if call in _CALL_SUITS:
        if phase != Phase.BID_ROUND_2:
            raise RecordError(where, f"{call!r} names trump, which is done only in round two (calls 5 to 8); "
                                     "round one is 'Order' or 'Pass'")
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
