"""The options as people read and write them: each option's description
(:data:`OPTION_DOCS`, shown by ``euchre rules`` and the page), what it changes
(:data:`OPTION_KINDS`: the play, only the display, or the referee's rulings), and one
option written ``NAME=VALUE`` read into its value (:func:`parse_option`). The options
themselves, their defaults, choices and sources are the fields of
:class:`~euchre.core.rules.Rules`."""

from __future__ import annotations

from typing import Any

from euchre.core.errors import RulesError
from euchre.core.rules import _DEFAULTS, OPTION_NAMES


def parse_option(text: str) -> tuple[str, Any]:
    """One option as a person writes it, ``NAME=VALUE`` (``farmers_hand=true``,
    ``game_target=5``, ``deck=32``, ``all_pass_round2=stick_the_dealer``), as the option's
    name and its value of the option's type (true/false for a yes-or-no option, a whole
    number, or a word). Whether the value is allowed is checked when the rules are
    built.

    Raises:
        RulesError: no ``=``, an unknown option name, or a value that is not of the
            option's type.
    """
    name, sep, raw = text.partition("=")
    name, raw = name.strip(), raw.strip()
    if not sep or not name:
        raise RulesError(f"an option is written NAME=VALUE (e.g. farmers_hand=true), not {text!r}")
    if name not in OPTION_NAMES:
        raise RulesError(f"unknown option {name!r}; the options are listed by `euchre rules modern-standard`")
    kind = type(_DEFAULTS[name])
    if kind is bool:
        if raw.lower() not in ("true", "false"):
            raise RulesError(f"option {name} is true or false, not {raw!r}")
        return name, raw.lower() == "true"
    if kind is int:
        # ASCII digits only (Python's int() also reads other scripts' digits and "1_0").
        if not (raw.removeprefix("-").isascii() and raw.removeprefix("-").isdigit()) or len(raw) > 12:
            raise RulesError(f"option {name} is a whole number written with the digits 0-9, not {raw[:40]!r}")
        return name, int(raw)
    return name, raw


OPTION_DOCS: dict[str, str] = {
    "variant": "Table shape: the four-player partnership game, two-handed, cutthroat (three), or call-ace (four to six, each for himself, the maker calling a secret partner).",
    "num_players": "Players at the table; follows from variant.",
    "deck": "24 (9-A), 28 (8-A) or 32 (7-A) cards.",
    "joker": "Add the joker (best bower), the highest trump and a trump for every purpose.",
    "joker_card": "The card that stands for the joker: the joker itself, or the two of spades of the pack (the British benny, X-22); it is shown and typed as that card (2S) and is the joker in every rule.",
    "joker_turned_up": "When the joker is the upcard: turn the next stock card, or the dealer names trump blind.",
    "partnership_method": "How partners are formed: fixed seats, a draw (two highest against two lowest), or at random.",
    "first_dealer_method": "How the first dealer is chosen.",
    "cut_rank_order": "Card order when drawing or cutting for partners and deal.",
    "cut_min_packet": "Fewest cards in each packet of the cut.",
    "deal_packets": "How the five cards are dealt (with a random shuffle this only matters for replays).",
    "deal_pattern_scope": "With dealer_choice: whether the dealer chooses the packet pattern anew each deal, or the first choice is kept for the game.",
    "dealer_partner_may_assist": "The dealer's partner may accept the upcard (assist).",
    "canadian_loner": "A dealer's partner who accepts the upcard must play alone.",
    "require_trump_to_call": "natural_trump: a caller must hold a trump other than the left bower.",
    "dealer_may_discard_upcard": "The dealer may discard the upcard he took up.",
    "round2_may_name_turned_down": "In round two the turned-down suit may be named.",
    "no_trump_call": "Round two may name no trump.",
    "all_pass_round2": "What happens when all pass in round two.",
    "stuck_dealer_may_name_turned_down": "With stick the dealer, the stuck dealer may name the turned-down suit.",
    "alone_allowed": "Going alone is allowed.",
    "alone_who": "Who may go alone: the maker only, also the dealer when assisted, or the maker's partner who has not passed.",
    "alone_declare_timing": "Alone is declared with the call, or after trump is fixed.",
    "alone_lead": "Who leads when someone plays alone.",
    "defend_alone": "A defender may play alone against a lone maker.",
    "defend_alone_scoring": "Scoring of a lone maker against a lone defender.",
    "defend_alone_against": "Whether a defender may defend alone only against a lone maker, or against any makers.",
    "call_for_best": "Railroad: the lone player gets his partner's best card face down and discards one (also the lone defender with lone_maker_and_lone_defender).",
    "points_make": "Makers take 3 or 4 tricks.",
    "points_march": "Makers take all 5 tricks.",
    "points_euchre": "Makers take fewer than 3 tricks: points to the defenders.",
    "points_lone_make": "A lone maker takes 3 or 4 tricks.",
    "points_lone_march": "A lone maker takes all 5 tricks.",
    "points_lone_euchred": "A lone maker is euchred: points to the defenders.",
    "points_defend_alone_euchre": "A lone defender euchres the makers.",
    "super_euchre": "Makers playing together who take no trick give the defenders 4.",
    "game_target": "Points that win the game.",
    "laps": "Points beyond the target carry into the next game.",
    "slams": "A game won with the opponents on 0 counts as two games.",
    "match_format": "A single game to the target, a rubber (not supported yet), or progressive play: a fixed number of hands, every player scoring his side's points (RULES.md decision 24).",
    "progressive_hands": "Hands per round in progressive play (hands passed out and redealt are not counted).",
    "progressive_movement": "Movement between tables in progressive play.",
    "farmers_hand": "Farmer's hand: a player dealt exactly three 9s or three 10s may show them, before the bidding, and take the kitty's three face-down cards for them; two claims are a misdeal and the same dealer deals again.",
    "ace_no_face_redeal": "A hand with an ace and no king, queen or jack may be shown before the bidding and thrown in; the deal passes left.",
    "nines_tens_redeal": "A hand of only 9s and 10s, none of the upcard's suit, may be shown before the bidding and thrown in; the same dealer deals again.",
    "renege_mode": "prevent: only legal cards are offered; penalize_on_claim: revokes are possible and penalised.",
    "renege_penalty": "Points for an established revoke (with penalize_on_claim).",
    "renege_penalty_lone": "Points for a revoke against a lone hand (with penalize_on_claim).",
    "renege_ends_hand": "A proved revoke ends the hand and the claimants score the penalty instead of the hand; else the hand is played out, revokes are claimed after the last trick and each one's penalty is added (with penalize_on_claim).",
    "false_claim_penalty": "Points to the other side when a revoke claim is not upheld (with penalize_on_claim).",
    "misdeal_policy": "After a misdeal: the same dealer redeals or the deal passes (cards dealt by hand: euchre referee).",
    "faced_card_in_deal": "A card faced in the deal: new deal by the same dealer, or the receiver keeps it or calls one (cards dealt by hand: euchre referee).",
    "laydown_claims": "A player may show his hand to claim the remaining tricks.",
    "turn_down_display": "How a turned-down upcard is shown: face down on the stock, or face up under it (terminal and page).",
    "score_display": "How the score is shown: as numbers, or by counters: a three and a two (the D.C. tray and deuce), a six and a four, or two fives (terminal and page).",
    "bridge_definition": "Which scores count as 'at the bridge' (shown by the terminal and the page, and used by the bots' bidding).",
    "call_words": "The words used for calls (terminal and page).",
}


OPTION_KINDS: dict[str, str] = {
    name: ("display" if name in ("turn_down_display", "score_display", "call_words", "joker_card")
           else "referee" if name in ("misdeal_policy", "faced_card_in_deal") else "play")
    for name in OPTION_NAMES
}
"""What an option changes: ``play`` (the deal, the bidding, the play, the scoring or the
game; ``bridge_definition`` also changes what the terminal and the page show),
``display``: only what the terminal and the web page show, both of which honour it, or
``referee``: the rulings of the referee of real cards (:mod:`euchre.referee`; the
computer deals without error)."""
