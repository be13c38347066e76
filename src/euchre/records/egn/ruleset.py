"""An EGN ``metadata.ruleset`` to and from our :class:`~euchre.core.rules.Rules`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from euchre.core.errors import EuchreError, RecordError, RecordTypeError
from euchre.core.presets import preset
from euchre.core.rules import Rules
from euchre.records.egn.notation import _join

_RULESET_KEYS = frozenset({
    "std", "min_rank", "winning_score", "num_deals", "canadian", "loner_lead", "loner_march_score",
    "loner_euchred_score", "defend_alone", "farmers", "partners_best", "go_under", "joker", "num_players",
    "allow_no_trump", "fast_break", "four_trick_tokens",
})
_UNPLAYABLE_FLAGS = {
    "farmers": "farmer's hands", "partners_best": "partner's best (call for best)", "go_under": "going under",
    "fast_break": "fast break scoring", "four_trick_tokens": "four-trick tokens",
}
_DECK_OF_MIN_RANK = {9: 24, 8: 28, 7: 32}
_LONER_LEAD = {"LEFT_OF_DEALER": "first_active_left_of_dealer", "LEFT_OF_LONER": "left_of_lone_player"}


NUM_PLAYERS_REASON = ("EGN plays the four-player partnership game; its num_players field leaves the "
                      "other tables' team assignment, lead and scoring to each parser (alternate-rules.md), "
                      "and its scores are two team scores (Team 0/2, Team 1/3)")
"""Why a game at another table than the four-hand partnerships is not written to EGN,
nor read from it."""


def rules_from_ruleset(ruleset: Any, where: str = "metadata.ruleset") -> Rules:
    """Our :class:`Rules` for an EGN ``ruleset`` (absent keys take EGN's defaults).

    The base is the ``modern-standard`` preset (the maker alone declares with the call,
    the dealer's partner may assist, round two may not name the turned-down suit, the
    modern call words: EGN records no words, so the replay of an EGN file reads as a
    modern-standard game's does, not in ``Rules()``'s default ``uspcc`` words) with
    ``dealer_may_discard_upcard = True`` (EGN's rules say only that the dealer discards
    one card), and: ``std`` (default true) -> ``all_pass_round2`` ``stick_the_dealer`` /
    ``deal_passes_left``; ``min_rank`` 9/8/7 -> ``deck`` 24/28/32; ``winning_score``
    (default 10) -> ``game_target``; ``canadian`` -> ``canadian_loner``; ``loner_lead``
    ``LEFT_OF_DEALER``/``LEFT_OF_LONER`` -> ``alone_lead``
    ``first_active_left_of_dealer``/``left_of_lone_player``; ``loner_march_score`` ->
    ``points_lone_march`` (4 or 5); ``loner_euchred_score`` -> ``points_lone_euchred``
    (2 or 4); ``defend_alone`` (against a lone maker; a euchre by the lone defender
    scores 4); ``joker``; ``allow_no_trump`` -> ``no_trump_call``. Source:
    docs/alternate-rules.md.

    Raises:
        RecordError: an unknown option, a value of the wrong type, or a rule our engine
            cannot play (``num_deals``, farmers, partner's best, going under, fast break,
            four-trick tokens, a player count other than 4, a 36-card deck, scores our
            options do not allow); the message names it.
    """
    if ruleset is None:
        ruleset = {}
    if not isinstance(ruleset, Mapping):
        raise RecordError(where, f"expected an object, found {type(ruleset).__name__}")
    for key in ruleset:
        if key not in _RULESET_KEYS:
            raise RecordError(_join(where, str(key)), "unknown ruleset option; a rule this reader does not know could change the game")

    def flag(key: str, default: bool) -> bool:
        value = ruleset.get(key, default)
        if not isinstance(value, bool):
            raise RecordError(_join(where, key), f"expected true or false, found {value!r}")
        return value

    def number(key: str, default: int) -> int:
        value = ruleset.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(_join(where, key), f"expected a whole number, found {value!r}")
        return value

    for key, name in _UNPLAYABLE_FLAGS.items():
        if flag(key, False):
            raise RecordError(_join(where, key), f"{name} is not a rule our engine plays")
    if number("num_players", 4) != 4:
        raise RecordError(_join(where, "num_players"), f"num_players {number('num_players', 4)}: only the four-player "
                          f"partnership game is read from EGN ({NUM_PLAYERS_REASON})")
    min_rank = number("min_rank", 9)
    if min_rank not in _DECK_OF_MIN_RANK:
        raise RecordError(_join(where, "min_rank"), f"min_rank {min_rank}: the deck runs down to 9, 8 or 7 (24, 28 or 32 cards)")
    if number("num_deals", 0) != 0:
        raise RecordError(_join(where, "num_deals"), "games of a fixed number of deals are not played; our games end at a target score")
    target = number("winning_score", 10)
    if target < 1:
        raise RecordError(_join(where, "winning_score"), f"winning_score {target}: a game needs a target of at least 1")
    loner_lead = ruleset.get("loner_lead", "LEFT_OF_DEALER")
    if not isinstance(loner_lead, str) or loner_lead not in _LONER_LEAD:
        raise RecordError(_join(where, "loner_lead"), f"expected LEFT_OF_DEALER or LEFT_OF_LONER, found {loner_lead!r}")
    march = number("loner_march_score", 4)
    if march not in (4, 5):
        raise RecordError(_join(where, "loner_march_score"), f"{march}: a lone march scores 4 or 5 in our rules")
    euchred = number("loner_euchred_score", 2)
    if euchred not in (2, 4):
        raise RecordError(_join(where, "loner_euchred_score"), f"{euchred}: a euchred lone hand gives 2 or 4 in our rules")
    options = {
        "deck": _DECK_OF_MIN_RANK[min_rank],
        "all_pass_round2": "stick_the_dealer" if flag("std", True) else "deal_passes_left",
        "game_target": target,
        "canadian_loner": flag("canadian", False),
        "alone_lead": _LONER_LEAD[loner_lead],
        "points_lone_march": march,
        "points_lone_euchred": euchred,
        "defend_alone": flag("defend_alone", False),
        "joker": flag("joker", False),
        "no_trump_call": flag("allow_no_trump", False),
        "dealer_may_discard_upcard": True,
    }
    try:
        return preset("modern-standard").replace(**options)
    except EuchreError as exc:
        raise RecordError(where, str(exc)) from None


def ruleset_from_rules(rules: Rules) -> dict[str, Any]:
    """The EGN ``ruleset`` of our rules (the inverse of :func:`rules_from_ruleset`).

    Options EGN has no word for are accepted when EGN's reading is at least as permissive
    and scores the same (e.g. ``alone_allowed = false``, ``natural_trump``,
    ``dealer_may_discard_upcard``), or when they do not touch the play of a game
    (display, drawing for seats, laps, slams).

    Raises:
        RecordTypeError: ``rules`` is not a Rules.
        RecordError: an option that would make the recorded game replay or score
            differently under EGN's rules; the message names it.
    """
    if not isinstance(rules, Rules):
        raise RecordTypeError("", f"ruleset_from_rules takes a Rules, not {type(rules).__name__}")
    if rules.variant != "partnership" or rules.num_players != 4:
        raise RecordError("metadata.ruleset.num_players", f"EGN cannot express variant = {rules.variant} with "
                          f"num_players = {rules.num_players}: {NUM_PLAYERS_REASON}")
    problems: list[str] = []

    def need(option: str, ok: bool) -> None:
        if not ok:
            problems.append(f"{option} = {getattr(rules, option)}")

    need("all_pass_round2", rules.all_pass_round2 in ("stick_the_dealer", "deal_passes_left"))
    need("round2_may_name_turned_down", not rules.round2_may_name_turned_down)
    need("stuck_dealer_may_name_turned_down", not rules.stuck_dealer_may_name_turned_down or rules.all_pass_round2 != "stick_the_dealer")
    need("alone_who", rules.alone_who == "maker_only" or not rules.alone_allowed)
    need("alone_declare_timing", rules.alone_declare_timing == "with_call" or not rules.alone_allowed)
    need("alone_lead", rules.alone_lead != "lone_player")
    need("points_march", rules.points_march == 2)
    need("super_euchre", not rules.super_euchre)
    need("match_format", rules.match_format == "single_game")  # EGN's winning_score ends a game by points
    for name in rules.claims:  # EGN's bidding has no round of claims before the first bid (RULES.md decision 23)
        problems.append(f"{name} = true (EGN has no claim round before the bidding)")
    if rules.revokes_possible:  # EGN has no notation for a revoke claim nor its penalty (RULES.md decision 27)
        problems.append(f"renege_mode = {rules.renege_mode} (EGN records no revoke claim nor its penalty; "
                        "save the game as JSON)")
    if rules.defend_alone:
        need("defend_alone_against", rules.defend_alone_against == "lone_maker")
        need("defend_alone_scoring", rules.defend_alone_scoring == "euchre_scores_4")
    if rules.call_for_best != "none" and rules.takes_effect("call_for_best"):
        # EGN names the rule (partners_best) but records no card given nor the lone
        # player's discard after it, so the hand could not be replayed.
        problems.append(f"call_for_best = {rules.call_for_best} (EGN's partners_best has no notation for the card "
                        "given face down nor the lone player's discard)")
    if problems:
        raise RecordError("metadata.ruleset", "EGN cannot express " + "; ".join(problems))
    return {
        "std": rules.all_pass_round2 == "stick_the_dealer",
        "min_rank": {24: 9, 28: 8, 32: 7}[rules.deck],
        "winning_score": rules.game_target,
        "canadian": rules.canadian_loner,
        "loner_lead": "LEFT_OF_LONER" if rules.alone_lead == "left_of_lone_player" else "LEFT_OF_DEALER",
        "loner_march_score": rules.points_lone_march,
        "loner_euchred_score": rules.points_lone_euchred,
        "defend_alone": rules.defend_alone,
        "joker": rules.joker,
        "allow_no_trump": rules.no_trump_call,
        "num_players": 4,
    }
