"""The rules of a game in plain words, for players: the ``rules`` command of the terminal
game and the rules shown at a table.

No source tags here (``euchre rules PRESET`` shows every option with its source); each
sentence says what happens at the table under the :class:`~euchre.core.rules.Rules`
given, reading the same options the engine reads.
"""

from __future__ import annotations

from euchre.core.house_rules import in_effect
from euchre.core.rules import Rules
from euchre.text.side_words import a_point_to_the_opponents, has_partners, the_makers


def _pl(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _table(rules: Rules) -> str:
    n = rules.table.seats
    if rules.variant == "partnership":
        return "Four players in two partnerships; partners sit opposite."
    if rules.variant == "two_handed":
        return "Two players, each for himself."
    if rules.variant == "cutthroat":
        return "Three players, each for himself: the maker plays alone against the other two."
    return (f"{n} players, each for himself. The maker calls the best card of a suit; whoever holds it is his "
            "secret partner for the hand, known only when that card is played.")


def _pack(rules: Rules) -> str:
    low = {24: "nine", 28: "eight", 32: "seven"}[rules.deck]
    text = f"A pack of {rules.deck} cards, ace down to {low} in each suit"
    if rules.joker:
        text += (", and the two of spades as the benny, the highest trump" if rules.joker_card == "two_of_spades"
                 else ", and the joker, the highest trump")
    dealt = rules.table.seats * 5
    left = rules.cards_in_deck - dealt
    text = f"{text}. Five cards each; the top card of the {left} left over is turned up."
    if rules.joker:
        text += (" If that is the joker, the dealer names trump before looking at his cards."
                 if rules.joker_turned_up == "dealer_names_trump_blind" else " If that is the joker, the next card is "
                                                                            "turned instead.")
    return text


def _bidding(rules: Rules) -> list[str]:
    out = ["Round one: in turn from the dealer's left, each player may accept the upcard's suit as trump "
           "(the dealer then picks it up and discards a card) or pass."]
    if not rules.dealer_partner_may_assist and rules.variant == "partnership":
        out.append("The dealer's partner may not accept the upcard for the dealer; he passes or goes alone.")
    if rules.canadian_loner:
        out.append("The dealer's partner who orders the dealer up must play alone.")
    if rules.require_trump_to_call == "natural_trump":
        out.append("To make a suit trump you must hold a card of that suit itself.")
    all_pass = "both pass" if rules.table.seats == 2 else "all pass"
    second = f"Round two: if {all_pass}, each may name another suit as trump"
    if rules.no_trump_call:
        second += " or call no trump"
    out.append(second + ".")
    again = f"If {all_pass} again"
    out.append({
        "deal_passes_left": f"{again}, the cards are thrown in and the next player deals.",
        "same_dealer_redeals": f"{again}, the same dealer deals again.",
        "stick_the_dealer": f"{again}, the dealer is stuck: he must name trump.",
        "dealer_forfeit_or_call": f"{again}, the dealer must name trump or give "
                                  f"{a_point_to_the_opponents(rules.table)}.",
    }[rules.all_pass_round2])
    if rules.dealer_may_discard_upcard:
        out.append("The dealer who picks up the upcard may discard it again.")
    return out


def _alone(rules: Rules) -> list[str]:
    if not has_partners(rules.table) and not rules.calls_partner:
        return []  # every player plays for himself: no partner to play without (the table's sentence says so)
    if not rules.alone_allowed:
        return ["Nobody plays alone." if has_partners(rules.table) else "The maker always calls a partner."]
    who = {"maker_only": "The maker", "maker_or_dealer_when_assisted": "The maker, or the dealer his partner assisted",
           "maker_or_partner": "The maker, or his partner if he has not passed,"}[rules.alone_who]
    if rules.calls_partner:
        out = ["The maker may play alone instead of calling a partner."]
    else:
        out = [f"{who} may play alone; his partner lays his cards down."]
    if rules.defend_alone:
        out.append("A defender may play alone against a lone maker; his partner lays his cards down too.")
    if rules.call_for_best != "none":
        text = "A lone player takes his partner's best card and discards one."
        if not rules.dealer_may_discard_upcard:  # RULES.md decision 10
            text += " The dealer keeps the upcard he picked up: he never gives it or discards it."
        out.append(text)
    return out


def _play(rules: Rules) -> str:
    sits_out = " (the next one in play if he sits out)" if rules.alone_allowed and has_partners(rules.table) else ""
    return (f"The player left of the dealer leads{sits_out}; each must follow the suit led if he can. The jack of "
            "trump (the "
            "right bower) is the highest trump, then the jack of the same colour (the left bower), which counts as "
            "a trump for following suit. The highest trump wins the trick, or the highest card of the suit led.")


def _scoring(rules: Rules) -> list[str]:
    make, march = rules.points_make, rules.points_march
    makers = ("The maker and his partner each score" if rules.calls_partner
              else "The makers score" if rules.variant == "partnership" else "The maker scores")
    out = [f"{makers} {_pl(make, 'point')} for three or four tricks and {march} for all five (a march)."]
    if rules.alone_allowed and rules.variant not in ("cutthroat",):
        out.append(f"A lone hand scores {rules.points_lone_make} for three or four tricks, "
                   f"{rules.points_lone_march} for all five.")
    if rules.variant == "partnership":
        euchre = f"If the makers take fewer than three tricks they are euchred: the other side scores {rules.points_euchre}"
    else:
        who = "the maker's side takes" if rules.calls_partner else "the maker takes"
        others = "the other player scores" if rules.table.seats == 2 else "every other player scores"
        euchre = f"If {who} fewer than three tricks, it is a euchre: {others} {rules.points_euchre}"
    if rules.alone_allowed and rules.points_lone_euchred != rules.points_euchre:
        euchre += f" ({rules.points_lone_euchred} against a lone hand)"
    out.append(euchre + ".")
    if rules.defend_alone:
        out.append(f"A lone defender who euchres {the_makers(rules)} scores {rules.points_defend_alone_euchre}.")
    if rules.super_euchre:
        if has_partners(rules.table):
            out.append("Makers who take no trick at all are super-euchred: 4 points to the other side.")
        else:
            each = "the other player" if rules.table.seats == 2 else "each other player"
            out.append(f"A maker who takes no trick at all is super-euchred: 4 points to {each}.")
    if rules.plays_to_target:
        game = f"The first to {_pl(rules.game_target, 'point')} wins the game."
        if rules.laps:
            game += " Points beyond the target count in the next game (laps)."
        if rules.slams:
            game += " A game won while the losers have nothing counts double (a slam)."
        out.append(game)
    else:
        whose = "his side's" if has_partners(rules.table) else "his own"
        out.append(f"A round is {_pl(rules.progressive_hands, 'hand')}; each player records {whose} points.")
    return out


def _claims(rules: Rules) -> list[str]:
    out = []
    if rules.farmers_hand:
        out.append("A player dealt exactly three nines or three tens may swap them for the cards under the upcard.")
    if rules.nines_tens_redeal:
        out.append("A hand of only nines and tens, and no trump, may be thrown in for a new deal.")
    if rules.ace_no_face_redeal:
        out.append("A hand with an ace but no king, queen or jack may be thrown in.")
    if rules.revokes_possible:
        when = "during the play (a proved renege ends the hand)" if rules.renege_ends_hand else "after the last trick"
        who = "the other side" if has_partners(rules.table) else "another player"
        out.append(f"Any card may be played: failing to follow suit while holding it is a renege, which {who} "
                   f"may claim {when}; it costs {_pl(rules.renege_penalty, 'point')}.")
    return out


def rules_in_words(rules: Rules) -> list[str]:
    """The rules of a game as a few plain paragraphs (one sentence or more each), in the
    order a player needs them: the table, the pack and the deal, making trump, going
    alone, the play, the scoring and the end of the game, the claims of the dealt hand
    and renege calls, and the house rules in effect by name.

    Raises:
        RulesTypeError: ``rules`` is not a Rules (from :func:`in_effect`).
    """
    out = [_table(rules), _pack(rules), *_bidding(rules), *_alone(rules), _play(rules), *_scoring(rules), *_claims(rules)]
    house = in_effect(rules)
    if house:
        out.append(f"House rules on: {', '.join(house)}.")
    return out
