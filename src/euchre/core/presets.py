"""The named presets (REFERENCE section 5, RULES.md): each a :class:`Rules`, every value
with its source.

Each entry of the preset table names the preset it inherits from and its overrides,
each with the source of the value; values marked ``#interp`` are our reading where the
source is silent. :data:`PRESET_SOURCES` gives the source of every option of every
preset, which ``euchre rules`` shows.

The laws of irregularities (REFERENCE 4.6: ``renege_penalty``, ``renege_penalty_lone``,
``renege_ends_hand``, ``false_claim_penalty``, ``misdeal_policy``, ``faced_card_in_deal``)
are part of each preset's values, kept apart in the table of laws below with their
sources: the revoke laws take effect at a table that lets a person revoke
(``renege_mode = penalize_on_claim``, off in every preset: RULES.md decisions 3 and 27),
the laws of dealing when refereeing real cards (``euchre referee``, decision 28).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from euchre.core.errors import RulesError, RulesTypeError
from euchre.core.house_rules import apply as apply_house_rules
from euchre.core.rules import OPTION_SOURCES, Rules


def _call_ace(n: int, deck: int, deck_source: str) -> tuple[str, str, dict[str, tuple[Any, str]]]:
    """The call-ace preset for ``n`` players (RULES.md decision 21)."""
    return ("modern-standard", f"Call-ace euchre for {n}, each for himself, the maker calling a secret partner: "
            "X-35, X-47, the Call-Ace book (X-57); RULES.md decision 21.", {
                "variant": ("call_ace", "X-35: players compete individually; X-47; X-57 (a book on Call-Ace)"),
                "num_players": (n, "X-47 plays it with five; REFERENCE 2: four to six"),
                "deck": (deck, deck_source),
                "partnership_method": ("fixed_seats", "no fixed partners to form"),
                "dealer_partner_may_assist": (False, "no fixed partners"),
                "all_pass_round2": ("deal_passes_left", "X-47: trump is settled as in four-hand euchre"),
                "alone_allowed": (True, "X-47: the caller may choose to go alone"),
                "alone_declare_timing": ("after_bidding", "X-47: the card is called after the dealer's discard; "
                                         "going alone is the other answer then"),
                "points_make": (1, "X-47: one point for three or four tricks"),
                "points_march": (2, "X-47: two points for all five"),
                "points_euchre": (2, "X-47: two to the defenders, to each of them (RULES.md decision 21)"),
                "points_lone_make": (1, "#interp: X-47 silent; as the four-hand game (S001 L21)"),
                "points_lone_march": (5, "X-47: five for a lone march"),
                "points_lone_euchred": (2, "#interp: X-47 silent; as the four-hand game (S001 L23), to each defender"),
                "game_target": (10, "X-47: typically 10 points"),
            })


_PRESET_TABLE: dict[str, tuple[str | None, str, dict[str, tuple[Any, str]]]] = {
    "modern-standard": (None, "North American home game: S001 procedure, 24 cards, 10 points (X-08, X-27, X-35). The default.", {
        "call_words": ("modern", "X-28's words at a table that talks (X-08, X-27)"),
    }),
    "uspcc-official": ("modern-standard", "The U.S. Playing Card Co. official rules (seed S001).", {
        "call_words": ("uspcc", "S001 L11-15"),
        "deck": (32, "S001 L4 (28 and 24 also allowed)"),
        "partnership_method": ("cut_high_vs_low", "S001 L7: two lowest vs two highest"),
        "first_dealer_method": ("lowest_cut", "S001 L7"),
        "cut_rank_order": ("ace_low", "S001 L7: K Q J 10 9 8 7 A"),
        "cut_min_packet": (4, "S001 L8"),
        "deal_packets": ("3-2", "S001 L9 (2-3 equally legal; keep to the plan)"),
        "all_pass_round2": ("deal_passes_left", "S001 L13"),
        "round2_may_name_turned_down": (False, "S001 L13"),
        "alone_who": ("maker_only", "S001 L15"),
        "alone_declare_timing": ("with_call", "S001 L15"),
        "alone_lead": ("first_active_left_of_dealer", "S001 L17"),
        "points_lone_euchred": (2, "S001 L23"),
        "game_target": (10, "S001 L24 allows 5, 7 or 10 as agreed"),
        "bridge_definition": ("uspcc", "S001 L24"),
    }),
    "dc-club-1862": ("modern-standard", "The Washington D.C. Euchre Club, 1862 (seed S000).", {
        "deck": (32, "S000 L85"),
        "partnership_method": ("cut_high_vs_low", "S000 L113"),
        "first_dealer_method": ("lowest_cut", "S000 L113"),
        "cut_rank_order": ("ace_low", "S000 L113: ace lowest, knaves as at whist"),
        "cut_min_packet": (1, "#interp: S000 states no minimum"),
        "deal_packets": ("2-3", "S000 L115 (3-2 equally legal)"),
        "deal_pattern_scope": ("per_deal", "#interp: consistency not stated in S000"),
        "dealer_partner_may_assist": (True, "S000 L121"),
        "dealer_may_discard_upcard": (False, "S000 L123 'in lieu'"),
        "round2_may_name_turned_down": (False, "#interp: S000 silent; all contemporary codes forbid"),
        "all_pass_round2": ("deal_passes_left", "S000 L129 'the deal is forfeited'"),
        "alone_who": ("maker_or_partner", "S000 L183-187 (the later partner takes over: L185)"),
        "alone_declare_timing": ("with_call", "S000 L171"),
        "alone_lead": ("first_active_left_of_dealer", "S000 L173"),
        "defend_alone": (False, "S000 L179 describes it only as a coterie custom"),
        "points_march": (2, "S000 L139"),
        "points_lone_march": (4, "S000 L175"),
        "points_lone_make": (1, "S000 L175"),
        "points_lone_euchred": (4, "S000 L175"),
        "game_target": (5, "S000 L113"),
        "laps": (False, "ch. IV (outside the seed) treats laps as optional"),
        "turn_down_display": ("face_down_on_stock", "S000 L123"),
        "score_display": ("counters_2_3", "S000 L147-149"),
        "bridge_definition": ("dc_1862", "ch. V glossary (X-05)"),
        "call_words": ("dc_1862", "S000 L119-187"),
    }),
    "dc-club-1862-coteries": ("dc-club-1862", "The 'some coteries' custom that S000 L179 reports and disapproves.", {
        "points_lone_euchred": (2, "S000 L179"),
        "defend_alone": (True, "S000 L179: an opponent with high trumps may also play alone"),
        "defend_alone_scoring": ("odd_trick_scores_4", "S000 L179: the winner of the odd trick scores 4 (#interp of scope)"),
    }),
    "hoyle-1857": ("modern-standard", "Hoyle's Games, 1857 (seed S002).", {
        "call_words": ("uspcc", "S002 L35: the partner 'may assist'; the older words of S001"),
        "deck": (32, "S002 L9"),
        "partnership_method": ("cut_high_vs_low", "S002 L13: two highest vs two lowest"),
        "first_dealer_method": ("lowest_cut", "S002 L13"),
        "cut_rank_order": ("ace_low", "#interp: not stated in S002"),
        "cut_min_packet": (1, "#interp: not stated"),
        "deal_packets": ("2-3", "S002 L13 ('or vice versa')"),
        "deal_pattern_scope": ("per_deal", "S002 L13 'as commenced, so it must be continued' (#interp: scope)"),
        "round2_may_name_turned_down": (False, "S002 L13 'any other suit'"),
        "all_pass_round2": ("deal_passes_left", "S002 L13: the dealer may 'throw up the deal'"),
        "alone_who": ("maker_or_dealer_when_assisted", "S002 L47: disputed; agree at the start"),
        "points_lone_march": (4, "S002 L47"),
        "points_lone_make": (1, "#interp: not stated"),
        "points_lone_euchred": (2, "#interp: only the general euchre value is given"),
        "game_target": (5, "S002 L9"),
        "score_display": ("counters_2_3", "S002 L9"),
        "bridge_definition": ("hoyle_1857", "S002 L49-51"),
    }),
    "casual-web-003": ("modern-standard", "A modern rules web page (seed S003).", {
        "call_words": ("uspcc", "S003 L18: 'I assist'"),
        "deck": (32, "S003 L9: remove two through six"),
        "joker_turned_up": ("turn_next_card", "S003 L12"),
        "first_dealer_method": ("lowest_cut", "S003 L9"),
        "deal_packets": ("2-3", "S003 L16 'two or three at a time'"),
        "round2_may_name_turned_down": (False, "#interp: S003 L19 'a new suit'"),
        "all_pass_round2": ("same_dealer_redeals", "S003 L19"),
        "alone_who": ("maker_only", "#interp: S003 L22 gives no conditions"),
        "points_march": (3, "S003 L39"),
        "points_lone_march": (4, "S003 L41 (L22 says 5: the option allows 5)"),
        "points_lone_euchred": (2, "#interp: only the general euchre value"),
        "game_target": (5, "S003 L33"),
    }),
    "modern-tournament": ("modern-standard", "North American club and tournament sheets (X-28, X-29, X-30, X-42, X-52).", {
        "first_dealer_method": ("first_jack", "X-28 (X-29 uses first black jack)"),
        "deal_packets": ("dealer_choice", "X-28: 2s and 3s, or 1 at a time"),
        "deal_pattern_scope": ("per_game", "X-28: style kept for the round"),
        "all_pass_round2": ("stick_the_dealer", "X-28, X-29, X-30, X-42"),
        "stuck_dealer_may_name_turned_down": (False, "X-28"),
        "require_trump_to_call": ("none", "X-28b, X-42"),
        "canadian_loner": (False, "X-28"),
        "defend_alone": (False, "X-38"),
        "call_words": ("tournament", "X-28"),
    }),
    "openspiel": ("modern-standard", "The rules of OpenSpiel's euchre game, for side-by-side comparison (RULES.md).", {
        "deck": (24, "OpenSpiel euchre: 24 cards"),
        "all_pass_round2": ("stick_the_dealer", "OpenSpiel parameter stick_the_dealer (default true)"),
        "alone_declare_timing": ("after_bidding", "OpenSpiel: the maker decides after the dealer's discard"),
        "dealer_may_discard_upcard": (False, "OpenSpiel: the upcard is not a discard choice"),
        "defend_alone": (False, "OpenSpiel parameter allow_lone_defender (default false)"),
        "defend_alone_against": ("any_maker", "OpenSpiel: each defender may defend alone against any makers"),
        "super_euchre": (False, "RULES.md decision 8: OpenSpiel scores no super euchre"),
        "first_dealer_method": ("random", "OpenSpiel: the dealer is a chance outcome"),
    }),
    "british-benny": ("modern-standard", "British euchre with the benny (X-22, X-23, X-53).", {
        "deck": (24, "X-22"),
        "joker": (True, "X-22: the benny ranks above the right bower"),
        "joker_card": ("joker", "X-22 (two_of_spades allowed)"),
        "joker_turned_up": ("dealer_names_trump_blind", "X-22: the dealer's side are makers"),
        "first_dealer_method": ("highest_cut", "X-22"),
        "deal_packets": ("alternating_2-3", "X-22"),
        "game_target": (10, "X-22"),
    }),
    "modern-canadian": ("modern-standard", "The modern game with the Canadian loner house rule (X-06, X-11, X-37).", {
        "canadian_loner": (True, "X-06 note 4, X-11, X-37"),
    }),
    "railroad": ("uspcc-official", "USPCC Railroad Euchre, Keller 1887 (X-20, X-15c).", {
        "joker": (True, "X-20, X-15c"),
        "joker_turned_up": ("dealer_names_trump_blind", "#interp: source silent"),
        "defend_alone": (True, "X-20"),
        "defend_alone_scoring": ("euchre_scores_4", "X-20"),
        "call_for_best": ("lone_maker_and_lone_defender", "X-20, X-15c"),
        "laps": (True, "X-20"),
        "slams": (True, "X-20"),
        "game_target": (10, "X-15c"),
    }),
    "progressive-party": ("modern-standard", "Progressive euchre (X-32, X-48, X-49): one table's round of 8 hands, "
                          "each player scoring his side's points (RULES.md decision 24).", {
        "match_format": ("progressive_fixed_hands", "X-32"),
        "progressive_hands": (8, "X-32: each player deals twice"),
        "progressive_movement": ("winners_up_losers_down", "X-49"),
        "all_pass_round2": ("same_dealer_redeals", "X-32"),
    }),
    "two-handed": ("modern-standard", "Two-handed euchre: Keller 1887 ch. 7 (X-15b), Cassell's (X-45).", {
        "variant": ("two_handed", "X-15b: 'two-handed Euchre'"),
        "num_players": (2, "X-15b"),
        "deck": (32, "X-15b: 'twenty-two cards remain in the pack'; X-45: a piquet pack"),
        "partnership_method": ("fixed_seats", "no partners to form"),
        "first_dealer_method": ("lowest_cut", "X-15b: 'the deal is settled by cutting' (#interp: low deals, as the seeds)"),
        "deal_packets": ("2-3", "X-15b: 'first two cards to each player and then three'; X-45"),
        "dealer_partner_may_assist": (False, "no partner"),
        "all_pass_round2": ("deal_passes_left", "X-15b: 'a new deal is in order with the former non-dealer as the dealer'"),
        "alone_allowed": (False, "X-15b: 'there are no lone hands in the two-handed game'"),
        "points_march": (2, "X-15b: 'he is entitled to score but two points'; X-45"),
        "points_euchre": (2, "X-15b: 'a euchre counts two'; X-45"),
        "game_target": (5, "X-45: 'Five points constitute the game'"),
    }),
    "cutthroat-3": ("modern-standard", "Three-handed cut-throat euchre: Foster 1897 (X-55), Brisbane 1866 (X-56), X-44, X-46.", {
        "variant": ("cutthroat", "X-55: 'Cut-Throat Euchre', three players; S000 L95 names Cut-Throat"),
        "num_players": (3, "X-55, X-56: 'played by three persons'"),
        "partnership_method": ("fixed_seats", "no partners to form"),
        "dealer_partner_may_assist": (False, "no partners"),
        "all_pass_round2": ("stick_the_dealer", "X-46 recommends it for three (RULES.md decision 19)"),
        "alone_allowed": (False, "X-44: the maker always plays alone against the other two"),
        "points_make": (1, "X-44; X-56: 'the next dealer makes one point'"),
        "points_march": (3, "X-55: 'C makes a march, 3 points'; X-44"),
        "points_euchre": (2, "to each opponent: X-56 'both adversaries count two'; X-55"),
        "game_target": (10, "X-44 (X-55's and X-56's examples play to 5)"),
    }),
    "call-ace-4": _call_ace(4, 24, "#interp: the four-hand pack; 20 cards dealt, four left"),
    "call-ace-5": _call_ace(5, 28, "X-47: a pack without its 2s to 7s, three cards left"),
    "call-ace-6": _call_ace(6, 32, "#interp: 31 cards are needed; the 32-card pack of S000, S002, two left"),
}

_PRESET_LAWS: dict[str, dict[str, tuple[Any, str]]] = {
    "modern-standard": {
        "misdeal_policy": ("same_dealer", "X-29, X-36: today the same dealer deals again"),
        "faced_card_in_deal": ("new_deal", "#interp: no modern source found; a new deal, as Leeds & Dwight 1888 s34"),
    },
    "uspcc-official": {
        "renege_penalty": (2, "#interp: S001 gives no penalty"),
        "renege_penalty_lone": (4, "#interp: S001 gives no penalty"),
    },
    "dc-club-1862": {
        "renege_penalty": (2, "S000 L131"),
        "renege_penalty_lone": (2, "#interp: no separate lone value stated"),
        "renege_ends_hand": (False, "#interp: 19th-century codes add the penalty and play on"),
        "misdeal_policy": ("same_dealer", "#interp: S000 is silent on misdeals (the D.C. laws past chapter I are "
                           "not in the seed); REFERENCE 5.3: the same dealer deals again"),
        "faced_card_in_deal": ("new_deal", "#interp: S000 is silent on a card faced in the deal; REFERENCE 5.3: a "
                               "new deal by the same dealer"),
    },
    "hoyle-1857": {
        "renege_penalty": (1, "S002 L13"),
        "renege_penalty_lone": (1, "#interp"),
        "renege_ends_hand": (False, "#interp"),
        "misdeal_policy": ("deal_passes", "S002 L13 'the dealer losing his privilege'"),
        "faced_card_in_deal": ("recipient_option", "S002 L13"),
    },
    "modern-tournament": {
        "renege_penalty": (2, "X-29, X-30, X-52"),
        "renege_penalty_lone": (4, "X-30, X-52"),
        "renege_ends_hand": (True, "X-29, X-30"),
        "false_claim_penalty": (2, "X-29, X-30: 'an unproved accusation costs 2 at some events'"),
        "misdeal_policy": ("same_dealer", "X-29"),
    },
    "progressive-party": {
        "misdeal_policy": ("same_dealer", "X-32"),
    },
}


PRESET_DESCRIPTIONS: dict[str, str] = {name: entry[1] for name, entry in _PRESET_TABLE.items()}
"""Each preset in one line with its sources (``euchre rules``)."""

PRESET_PLAIN: dict[str, str] = {
    "modern-standard": "Today's North American home game: 24 cards, game to 10.",
    "uspcc-official": "The U.S. Playing Card Company's official rules: 32 cards, game to 10.",
    "dc-club-1862": "The Washington D.C. Euchre Club's laws of 1862: 32 cards, game to 5.",
    "dc-club-1862-coteries": "The D.C. club's game with the custom of some circles: a lone hand may be "
                             "defended alone.",
    "hoyle-1857": "Euchre as Hoyle's Games described it in 1857: 32 cards, game to 5.",
    "casual-web-003": "A modern rules page's game: 32 cards, a march scores 3, game to 5.",
    "modern-tournament": "Club and tournament rules: stick the dealer, game to 10.",
    "openspiel": "The rules of OpenSpiel's euchre, for comparing programs.",
    "british-benny": "British euchre with the benny (the joker) as the highest trump.",
    "modern-canadian": "The home game with the Canadian loner: a partner who orders the dealer up plays alone.",
    "railroad": "Railroad euchre: the joker, lone hands with the partner's best card, laps and slams.",
    "progressive-party": "One table's round of eight hands at a progressive evening.",
    "two-handed": "Two players, each for himself: 32 cards, game to 5.",
    "cutthroat-3": "Three players, each for himself: the maker plays alone against the other two.",
    "call-ace-4": "Four players, each for himself: the maker calls a secret partner.",
    "call-ace-5": "Five players, each for himself: the maker calls a secret partner.",
    "call-ace-6": "Six players, each for himself: the maker calls a secret partner.",
}
"""Each preset in one plain sentence for players (the create form, the table): no
source tag; :data:`PRESET_DESCRIPTIONS` has them."""


def _resolve(name: str) -> tuple[dict[str, Any], dict[str, str]]:
    parent, _, overrides = _PRESET_TABLE[name]
    if parent is None:
        values = {f.name: f.default for f in dataclasses.fields(Rules)}
        sources = {k: f"default ({OPTION_SOURCES[k]})" for k in values}
    else:
        values, sources = _resolve(parent)
        values, sources = dict(values), dict(sources)
    for key, (value, source) in overrides.items():
        values[key] = value
        sources[key] = source
    for key, (value, source) in _PRESET_LAWS.get(name, {}).items():
        values[key] = value
        sources[key] = source
    return values, sources


PRESET_NAMES: tuple[str, ...] = tuple(_PRESET_TABLE)
PLAYABLE_PRESETS: tuple[str, ...] = (
    "modern-standard", "modern-tournament", "uspcc-official", "dc-club-1862",
    "dc-club-1862-coteries", "hoyle-1857", "casual-web-003", "openspiel",
    "british-benny", "modern-canadian", "two-handed", "cutthroat-3", "railroad",
    "call-ace-4", "call-ace-5", "call-ace-6", "progressive-party",
)

FOUR_HAND_PRESETS: tuple[str, ...] = tuple(name for name in PLAYABLE_PRESETS if _resolve(name)[0]["variant"] == "partnership")
"""The playable presets of the four-hand partnership table (the others seat 2 or 3
players each for himself)."""

PRESET_SOURCES: dict[str, dict[str, str]] = {name: _resolve(name)[1] for name in PRESET_NAMES}
"""PRESET_SOURCES[preset][option]: where that preset's value of the option comes from."""

DEFAULT_PRESET = "modern-standard"


def _check_name(name: object) -> str:
    if not isinstance(name, str):
        raise RulesTypeError(f"a preset name is a str, not {type(name).__name__} {name!r}; presets: {', '.join(PRESET_NAMES)}")
    if name not in _PRESET_TABLE:
        raise RulesError(f"unknown preset {name!r}; presets: {', '.join(PRESET_NAMES)}")
    return name


@cache
def _preset(name: str) -> Rules:
    values, _ = _resolve(name)
    try:
        return Rules(**values)
    except RulesError as exc:
        raise RulesError(f"preset {name}: {exc}") from None


def preset(name: str) -> Rules:
    """The named preset (REFERENCE section 5). Rules are immutable, so every call for a
    name returns the same value.

    Raises:
        RulesTypeError: ``name`` is not a str.
        RulesError: no preset has that name, or it needs a capability not supported yet
            (the message names the options).
    """
    return _preset(_check_name(name))


def _plain(field: str) -> str:
    return field


def build_rules(preset_name: str, *, house_rules: Mapping[str, bool] | None = None,
                options: Mapping[str, Any] | None = None, target: int | None = None,
                field_name: Callable[[str], str] = _plain) -> Rules:
    """The rules of a table: the preset ``preset_name``, then its house rules switched
    (``house_rules``: key to on or off, :func:`euchre.core.house_rules.apply`), then
    ``options`` (option name to value, :meth:`Rules.replace`) over them, then the game
    target ``target`` (points to win; None keeps the preset's). The one builder of every
    surface: the terminal's ``--preset/--rule/--option/--target``, the server's create
    and referee requests, the events (which read the request's shape themselves and
    pass values here).

    Args:
        field_name: how the caller's input names a field in a message, from
            ``"target"``, ``"options.game_target"`` and ``"options.progressive_hands"``
            (the terminal: ``--target``, ``--option game_target``; the server:
            ``rules.target``); by default the field's own name.

    Raises:
        RulesTypeError: a preset name, option name or target of the wrong type.
        RulesError: an unknown preset, house rule or option; house rules that cannot
            be played at this table or together (the message in the game's words);
            an option's invalid value or options that clash; a target given in
            progressive play (which plays a round of ``progressive_hands`` hands, not
            to a target), or one that disagrees with ``options``' ``game_target``.
    """
    rules = preset(preset_name)
    if house_rules:
        rules = apply_house_rules(rules, house_rules)
    changes = dict(options or {})
    if not all(isinstance(k, str) for k in changes):
        raise RulesTypeError(f"option names are texts, not {sorted(map(repr, changes))[:5]}")
    if changes:
        rules = rules.replace(**changes)
    if target is not None:
        if type(target) is not int:
            raise RulesTypeError(f"{field_name('target')} is a whole number or None, not {target!r}")
        if "game_target" in changes and changes["game_target"] != target:
            raise RulesError(f"{field_name('target')} {target} and {field_name('options.game_target')}="
                             f"{changes['game_target']} disagree; give the target once")
        if not rules.plays_to_target:
            raise RulesError(f"{field_name('target')} has no effect in progressive play, which plays a round of "
                             f"{rules.progressive_hands} hands; set their number with "
                             f"{field_name('options.progressive_hands')}")
        rules = rules.replace(game_target=target)
    return rules


def preset_values(name: str) -> dict[str, Any]:
    """The option values of a preset without validating them (for display).

    Raises:
        RulesTypeError: ``name`` is not a str.
        RulesError: no preset has that name.
    """
    return _resolve(_check_name(name))[0]


def option_source(name: str, option: str) -> tuple[str, str]:
    """Where the preset ``name`` takes its value of ``option`` from: the preset that sets
    it (``name`` itself, or the one it inherits the value from: ``two-handed`` keeps
    ``modern-standard``'s misdeal law) and that value's source, as
    :data:`PRESET_SOURCES` gives it.

    Raises:
        RulesError: an unknown preset or option.
    """
    current = _check_name(name)
    if option not in OPTION_SOURCES:
        raise RulesError(f"unknown option {str(option)[:40]!r}")
    while True:
        parent, _, overrides = _PRESET_TABLE[current]
        if parent is None or option in overrides or option in _PRESET_LAWS.get(current, {}):
            return current, PRESET_SOURCES[current][option]
        current = parent


def nearest_preset(rules: Rules) -> str:
    """The playable preset ``rules`` are, or were most likely set over: the one whose
    options differ from them in the fewest (none: :func:`preset_of`; house rules or
    options over a preset: that preset), the first of :data:`PLAYABLE_PRESETS` on a tie.

    Raises:
        RulesTypeError: ``rules`` is not a Rules."""
    if not isinstance(rules, Rules):
        raise RulesTypeError(f"nearest_preset takes a Rules, not {type(rules).__name__}")
    names = [f.name for f in dataclasses.fields(Rules)]

    def differences(name: str) -> int:
        other = preset(name)
        return sum(getattr(rules, key) != getattr(other, key) for key in names)

    return min(PLAYABLE_PRESETS, key=differences)


def preset_of(rules: Rules) -> str | None:
    """The name of a playable preset equal to ``rules``, or None.

    Raises:
        RulesTypeError: ``rules`` is not a Rules."""
    if not isinstance(rules, Rules):
        raise RulesTypeError(f"preset_of takes a Rules, not {type(rules).__name__}")
    for name in PLAYABLE_PRESETS:
        if preset(name) == rules:
            return name
    return None
