"""From a :class:`~euchre.core.rules.Rules` to the kernel's integer array ``ctx``.

Every rule the kernel applies is copied here from the core, so the kernel decides none of
its own: the cards' tables (``EFFECTIVE_SUIT``, ``SUIT_MASK``, ``TRICK_POWER``), the
table's seat rows (``left``, ``partner``, ``team``, ``next_active``, ``active_seats``,
``opening_leader``, for every seat and mask of the rules' :class:`~euchre.core.seats.Table`),
the points of every ending (:func:`~euchre.core.scoring.score_hand` for each trick count,
lone maker and lone defender), the call-ace maker's cards to call
(:func:`~euchre.core.after_trump.best_card`), the action codes (``NAME_CODES``, ``NAMED_SUIT``,
``GOES_ALONE``) and the options read by the phase machine. The layout of ``ctx`` is
:mod:`euchre.batch.layout`.

Which rules: every playable preset, whatever its table (two-handed, three-handed
cutthroat, the four-hand partnerships, call-ace at four to six) and railroad's call for
best, and any options set one by one. Refused with :class:`BatchRulesError`: the claims
of the dealt hand and table mode (``renege_mode``), which no preset has (a claim round
and a revoke's review are decisions the kernel does not play; play these rules with
:mod:`euchre.core`).
"""

from __future__ import annotations

from functools import cache

from euchre.batch import layout as k
from euchre.core.actions import GOES_ALONE, NAME_CODES, NAMED_SUIT
from euchre.core.after_trump import best_card
from euchre.core.cards import EFFECTIVE_SUIT, JACK, JOKER, NO_TRUMP, NUM_CARDS, SAME_COLOUR, SUIT_MASK, TRICK_POWER
from euchre.core.deal import pack_of
from euchre.core.errors import RulesError, RulesTypeError
from euchre.core.presets import PLAYABLE_PRESETS, preset
from euchre.core.rules import OPTION_CHOICES, Rules
from euchre.core.scoring import score_hand


class BatchRulesError(RulesError):
    """Rules the batch kernel cannot play (the claims of the dealt hand, table mode, a
    table of more than six seats), or a preset name that names no playable preset."""


def rules_of(rules: Rules | str) -> Rules:
    """``rules`` itself, or the playable preset it names.

    Raises:
        RulesTypeError: neither a Rules nor a str.
        BatchRulesError: a name that is not a playable preset, a table of more seats than
            :data:`euchre.batch.layout.MAX_SEATS`, or rules with a claim of the dealt hand
            or ``renege_mode`` other than ``prevent`` (the decisions of
            ``Rules.extra_decisions`` but ``call_for_best``, which the kernel plays).
    """
    if isinstance(rules, str):
        if rules not in PLAYABLE_PRESETS:
            raise BatchRulesError(f"the batch kernel plays the playable presets ({', '.join(PLAYABLE_PRESETS)}) "
                                  f"or any Rules value, not {str(rules)[:40]!r}")
        rules = preset(rules)
    if not isinstance(rules, Rules):
        raise RulesTypeError(f"rules must be a Rules value or a preset name, not {type(rules).__name__} {rules!r}")
    table = rules.table
    if table.seats > k.MAX_SEATS or 5 * table.seats + 1 > rules.cards_in_deck:
        raise BatchRulesError(f"the batch kernel plays tables of 2 to {k.MAX_SEATS} seats dealt from the pack, "
                              f"not {table.seats} seats with {rules.cards_in_deck} cards")
    refused = [what for what in rules.extra_decisions if not what.startswith("call_for_best")]
    if refused:
        raise BatchRulesError(f"the batch kernel cannot play {'; '.join(refused)} (a claim round or a revoke's review, "
                              "decisions no preset has); play these rules with euchre.core")
    return rules


@cache
def context(rules: Rules) -> tuple[int, ...]:
    """The ``ctx`` array of a rule set (its layout: :mod:`euchre.batch.layout`), as a tuple.

    Raises:
        RulesTypeError / BatchRulesError: as :func:`rules_of`.
    """
    rules = rules_of(rules)
    table = rules.table
    ctx = [0] * k.CTX_LEN
    pack = pack_of(rules.deck, rules.joker)
    ctx[k.C_PACK_N] = len(pack)
    for i, card in enumerate(pack):
        ctx[k.C_PACK + i] = card
    ctx[k.C_JOKER_ASIDE] = int(rules.joker and rules.joker_turned_up == "turn_next_card")
    ctx[k.C_DP_ASSIST] = int(rules.dealer_partner_may_assist)
    ctx[k.C_CANADIAN] = int(rules.canadian_loner)
    ctx[k.C_NATURAL] = int(rules.require_trump_to_call == "natural_trump")
    ctx[k.C_DISCARD_UPCARD] = int(rules.dealer_may_discard_upcard)
    ctx[k.C_R2_TURNED_DOWN] = int(rules.round2_may_name_turned_down)
    ctx[k.C_NO_TRUMP] = int(rules.no_trump_call)
    ctx[k.C_ALL_PASS] = _index("all_pass_round2", rules.all_pass_round2,
                               ("deal_passes_left", "same_dealer_redeals", "stick_the_dealer", "dealer_forfeit_or_call"))
    ctx[k.C_STUCK_TURNED_DOWN] = int(rules.stuck_dealer_may_name_turned_down)
    ctx[k.C_ALONE_OK] = int(rules.alone_allowed)
    ctx[k.C_ALONE_WHO] = _index("alone_who", rules.alone_who,
                                ("maker_only", "maker_or_dealer_when_assisted", "maker_or_partner"))
    ctx[k.C_WITH_CALL] = int(rules.alone_declare_timing == "with_call")
    ctx[k.C_DEFEND] = int(rules.defend_alone)
    ctx[k.C_DEFEND_ANY] = int(rules.defend_alone_against == "any_maker")
    ctx[k.C_CALL_FOR_BEST] = _index("call_for_best", rules.call_for_best,
                                    ("none", "lone_maker", "lone_maker_and_lone_defender"))
    variant = _index("variant", rules.variant, ("partnership", "two_handed", "cutthroat", "call_ace"))
    ctx[k.C_CALL_ACE] = int(variant == 3)  # the others differ only in their Table
    seats = table.seats
    ctx[k.C_SEATS] = seats
    ctx[k.C_SIDES] = len(table.teams)
    ctx[k.C_EVERYONE] = table.everyone
    for seat in range(seats):
        ctx[k.C_LEFT + seat] = table.left[seat]
        ctx[k.C_PARTNER + seat] = table.partner[seat]
        ctx[k.C_TEAM + seat] = table.team[seat]
    for active in range(1 << seats):
        for seat in range(seats):
            ctx[k.C_NEXT_ACTIVE + active * k.MAX_SEATS + seat] = table.next_active[active][seat]
    for alone in range(-1, seats):
        for defender in range(-1, seats):
            ctx[k.C_ACTIVE_SEATS + (alone + 1) * k.SEAT_SLOTS + defender + 1] = table.active_seats(alone, defender)
    for dealer in range(seats):
        for active in range(1, 1 << seats):
            for alone in range(-1, seats):
                ctx[k.C_OPENING + (dealer * k.ACTIVE_MASKS + active) * k.SEAT_SLOTS + alone + 1] = table.opening_leader(
                    dealer, active, alone, rules.alone_lead)
    for trump in range(NO_TRUMP + 1):
        for card in range(NUM_CARDS):
            ctx[k.C_EFFECTIVE + trump * NUM_CARDS + card] = EFFECTIVE_SUIT[trump][card]
        for suit in range(4):
            ctx[k.C_SUIT_MASK + trump * 4 + suit] = SUIT_MASK[trump][suit]
            for card in range(NUM_CARDS):
                ctx[k.C_POWER + (trump * 4 + suit) * NUM_CARDS + card] = TRICK_POWER[trump][suit][card]
    for suit in range(4):
        left_bower = (SAME_COLOUR[suit] << 3) | JACK
        ctx[k.C_NATURAL_MASK + suit] = SUIT_MASK[suit][suit] & ~(1 << left_bower)
    for alone in range(2):
        for suit in range(NO_TRUMP + 1):
            ctx[k.C_NAME + alone * 5 + suit] = NAME_CODES[alone][suit]
    for code in range(20):
        ctx[k.C_NAMED_SUIT + code] = NAMED_SUIT[code]
    ctx[k.C_GOES_ALONE] = sum(1 << code for code in GOES_ALONE)
    for trump in range(NO_TRUMP + 1):
        for suit in range(4):
            ctx[k.C_BEST_CARD + trump * 4 + suit] = best_card(suit, trump, rules.joker)
    for tricks in range(6):
        for alone in range(2):
            for defender in range(2):
                makers, points, _ = score_hand(rules, tricks, bool(alone), bool(defender))
                row = k.C_SCORE + (tricks * 4 + alone * 2 + defender) * 2
                ctx[row] = int(makers)
                ctx[row + 1] = points
    for card in range(JOKER + 1):
        ctx[k.C_BIT_INDEX + (1 << card) % 37] = card
    return tuple(ctx)


def _index(name: str, value: str, order: tuple[str, ...]) -> int:
    """The kernel's number for an option's value; the kernel's order must list the
    option's every choice (a new choice in the core is refused here, not misread)."""
    choices = OPTION_CHOICES[name]
    if choices is None or set(choices) != set(order):
        raise BatchRulesError(f"the batch kernel does not know every value of {name} ({choices}); "
                              f"it knows {', '.join(order)}")
    return order.index(value)
