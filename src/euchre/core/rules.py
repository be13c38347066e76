"""Every option of the game as one frozen value, the named presets, and their sources.

Each field of :class:`Rules` is an option of REFERENCE section 4 (plus
``defend_alone_against`` from RULES.md decision 8). Its metadata holds the allowed
values and the source. Options for table shapes and irregularities the engine does not
play yet are kept as fields, so records stay complete, but a value that would need them
raises :class:`~euchre.core.errors.RulesError` naming the option (RULES.md decision 1).

Presets are in REFERENCE section 5 and RULES.md; values marked ``#interp`` there are our
reading where the source is silent, and say so in :data:`PRESET_SOURCES`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from euchre.core.errors import RulesError


def _opt(default: Any, choices: tuple[Any, ...] | None, source: str, *, minimum: int | None = None) -> Any:
    return field(default=default, metadata={"choices": choices, "source": source, "minimum": minimum})


BOOL = (False, True)


@dataclass(frozen=True)
class Rules:
    """All options of one rule set. Immutable; build variants with :meth:`replace`.

    Construction validates every value and raises :class:`RulesError` for a value outside
    its allowed set, a clash between options, or a capability not supported yet.
    The docstring of each option is in :data:`OPTION_DOCS`; ``euchre rules`` shows them.
    """

    # 4.1 Structure and deck
    variant: str = _opt("partnership", ("partnership", "two_handed", "cutthroat", "call_ace"), "REFERENCE 4.1, S000 L95-101")
    num_players: int = _opt(4, (2, 3, 4, 5, 6), "REFERENCE 4.1")
    deck: int = _opt(24, (24, 28, 32), "S001 L4; X-08")
    joker: bool = _opt(False, BOOL, "S001 L4, L6; S003 L12")
    joker_card: str = _opt("joker", ("joker", "two_of_spades"), "X-22, X-23")
    joker_turned_up: str = _opt("dealer_names_trump_blind", ("turn_next_card", "dealer_names_trump_blind"), "S003 L12; X-22, X-11")
    # 4.2 Seating, first dealer, shuffle, cut, deal
    partnership_method: str = _opt("fixed_seats", ("fixed_seats", "cut_high_vs_low", "random"), "S000 L113, S001 L7, S002 L13")
    first_dealer_method: str = _opt("first_jack", ("lowest_cut", "highest_cut", "first_jack", "first_black_jack", "random"), "S000 L113, S001 L7; X-12, X-13, X-28, X-29")
    cut_rank_order: str = _opt("ace_low", ("ace_low", "jack_high", "whist"), "S000 L113, S001 L7; X-12")
    cut_min_packet: int = _opt(4, None, "S001 L8; Leeds & Dwight s29", minimum=1)
    deal_packets: str = _opt("2-3", ("2-3", "3-2", "alternating_2-3", "alternating_3-2", "one_at_a_time", "dealer_choice"), "S000 L115, S001 L9, S002 L13; X-31, X-28")
    deal_pattern_scope: str = _opt("per_deal", ("per_deal", "per_game"), "S001 L9, S002 L13; X-28")
    # 4.3 Bidding
    dealer_partner_may_assist: bool = _opt(True, BOOL, "S000 L121, S001 L11, S002 L35, S003 L18")
    canadian_loner: bool = _opt(False, BOOL, "X-06, X-11, X-37")
    require_trump_to_call: str = _opt("none", ("none", "natural_trump"), "X-11, X-29")
    dealer_may_discard_upcard: bool = _opt(False, BOOL, "S000 L123, S001 L10; Leeds & Dwight s88; X-34")
    round2_may_name_turned_down: bool = _opt(False, BOOL, "S001 L13, S002 L13")
    no_trump_call: bool = _opt(False, BOOL, "X-27")
    all_pass_round2: str = _opt("deal_passes_left", ("deal_passes_left", "same_dealer_redeals", "stick_the_dealer", "dealer_forfeit_or_call"), "S000 L129, S001 L13, S002 L13, S003 L19; X-28, X-11")
    stuck_dealer_may_name_turned_down: bool = _opt(False, BOOL, "X-28 (no), X-25 (yes)")
    # 4.4 Going alone
    alone_allowed: bool = _opt(True, BOOL, "S000 L169-171, S001 L15, S002 L45-47, S003 L22")
    alone_who: str = _opt("maker_only", ("maker_only", "maker_or_dealer_when_assisted", "maker_or_partner"), "S001 L15; S002 L47; S000 L183-187")
    alone_declare_timing: str = _opt("with_call", ("with_call", "after_bidding"), "S000 L171, S001 L15")
    alone_lead: str = _opt("first_active_left_of_dealer", ("first_active_left_of_dealer", "left_of_lone_player", "lone_player"), "S000 L173, L181, S001 L17; X-11")
    defend_alone: bool = _opt(False, BOOL, "S000 L179; X-19, X-20, X-11")
    defend_alone_scoring: str = _opt("euchre_scores_4", ("euchre_scores_4", "odd_trick_scores_4"), "X-19, X-20; S000 L179")
    defend_alone_against: str = _opt("lone_maker", ("lone_maker", "any_maker"), "RULES.md decision 8 (OpenSpiel allow_lone_defender)")
    call_for_best: str = _opt("none", ("none", "lone_maker", "lone_maker_and_lone_defender"), "X-20, X-15c")
    # 4.5 Scoring and match
    points_make: int = _opt(1, (1,), "S000 L139, S001 L19, S003 L37")
    points_march: int = _opt(2, (2, 3), "S000 L139, S001 L20, S002 L13; S003 L39")
    points_euchre: int = _opt(2, (2,), "S000 L141, S001 L23, S002 L17-19, S003 L35")
    points_lone_make: int = _opt(1, (1,), "S000 L175, S001 L21, S003 L22")
    points_lone_march: int = _opt(4, (4, 5), "S000 L175, S001 L21, S002 L47; S003 L22 vs L41")
    points_lone_euchred: int = _opt(2, (2, 4), "S001 L23; S000 L175")
    points_defend_alone_euchre: int = _opt(4, (4,), "X-19, X-20, X-11")
    super_euchre: bool = _opt(False, BOOL, "X-11")
    game_target: int = _opt(10, None, "S000 L113, S001 L24, S002 L9, S003 L33; X-08", minimum=1)
    laps: bool = _opt(False, BOOL, "D.C. ch. IV (X-04b); X-15a; X-20")
    slams: bool = _opt(False, BOOL, "X-15a, X-20")
    match_format: str = _opt("single_game", ("single_game", "rubber_best_of_3", "progressive_fixed_hands"), "Leeds & Dwight s1; X-32, X-48")
    progressive_hands: int = _opt(8, None, "X-32", minimum=1)
    progressive_movement: str = _opt("winners_up_losers_down", ("winners_up_losers_stay", "winners_up_losers_down", "fixed_rotation"), "X-49, X-50, X-51")
    # 4.6 Deal anomalies, irregularities, claims
    farmers_hand: bool = _opt(False, BOOL, "X-25")
    ace_no_face_redeal: bool = _opt(False, BOOL, "X-25, X-31b")
    nines_tens_redeal: bool = _opt(False, BOOL, "X-11")
    renege_mode: str = _opt("prevent", ("prevent", "penalize_on_claim"), "RULES.md decision 3")
    renege_penalty: int = _opt(2, None, "S000 L131 (2), S002 L13 (1); X-13d (3)", minimum=0)
    renege_penalty_lone: int = _opt(4, None, "X-30, X-52; X-13d (5)", minimum=0)
    renege_ends_hand: bool = _opt(True, BOOL, "X-29, X-30; Leeds & Dwight s70")
    misdeal_policy: str = _opt("same_dealer", ("same_dealer", "deal_passes"), "S002 L13; Leeds & Dwight s41; X-29, X-36")
    faced_card_in_deal: str = _opt("new_deal", ("new_deal", "recipient_option"), "S002 L13; Leeds & Dwight s34")
    laydown_claims: str = _opt("not_allowed", ("not_allowed", "allowed"), "X-42")
    # 4.7 Display and hints
    turn_down_display: str = _opt("face_up_under_stock", ("face_down_on_stock", "face_up_under_stock"), "S000 L123, S001 L12")
    score_display: str = _opt("numeric", ("numeric", "counters_2_3", "counters_4_6", "counters_5_5"), "S000 L147-149, S002 L9; X-54")
    bridge_definition: str = _opt("uspcc", ("none", "dc_1862", "uspcc", "hoyle_1857"), "X-05; S001 L24; S002 L49-51")
    call_words: str = _opt("uspcc", ("dc_1862", "uspcc", "tournament"), "S000 L119-187; S001 L11-15; X-28")

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            choices = f.metadata["choices"]
            expected = type(f.default)
            if type(value) is not expected:
                kind = {"bool": "true or false", "int": "a whole number", "str": "a word"}.get(expected.__name__, expected.__name__)
                raise RulesError(f"option {f.name} must be {kind}, not {value!r}")
            if choices is not None and value not in choices:
                allowed = ", ".join(_show(c) for c in choices)
                raise RulesError(f"option {f.name} = {_show(value)} is not allowed; allowed: {allowed}")
            minimum = f.metadata["minimum"]
            if minimum is not None and value < minimum:
                raise RulesError(f"option {f.name} = {value} is below its minimum {minimum}")
        self._check_combinations()
        self._check_supported()

    def _check_combinations(self) -> None:
        if self.canadian_loner and not self.alone_allowed:
            raise RulesError("canadian_loner = true needs alone_allowed = true (RULES.md decision 10)")
        if self.joker and self.no_trump_call:
            raise RulesError("joker = true cannot be combined with no_trump_call = true (RULES.md decision 10)")
        if self.cut_min_packet * 2 > self.deck + int(self.joker):
            raise RulesError(f"cut_min_packet = {self.cut_min_packet} leaves no legal cut of a {self.deck}-card deck")
        if self.variant == "partnership" and self.num_players != 4:
            raise RulesError("variant = partnership needs num_players = 4")

    def _check_supported(self) -> None:
        unsupported = {
            "variant": self.variant != "partnership",
            "call_for_best": self.call_for_best != "none",
            "match_format": self.match_format != "single_game",
            "farmers_hand": self.farmers_hand,
            "ace_no_face_redeal": self.ace_no_face_redeal,
            "nines_tens_redeal": self.nines_tens_redeal,
            "renege_mode": self.renege_mode != "prevent",
            "laydown_claims": self.laydown_claims != "not_allowed",
        }
        names = [f"{k} = {_show(getattr(self, k))}" for k, bad in unsupported.items() if bad]
        if names:
            raise RulesError("not yet supported: " + "; ".join(names))

    # -- conveniences -------------------------------------------------------
    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated again).

        Raises:
            RulesError: an unknown option name, or an invalid result.
        """
        unknown = sorted(set(changes) - set(OPTION_NAMES))
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(unknown)}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, as JSON-ready values."""
        return {name: getattr(self, name) for name in OPTION_NAMES}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from a mapping of option names (missing ones take the defaults).

        Raises:
            RulesError: an unknown option name or an invalid value.
        """
        if not isinstance(data, Mapping):
            raise RulesError(f"rules must be a mapping of options, not {type(data).__name__}")
        unknown = sorted(set(data) - set(OPTION_NAMES))
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(map(str, unknown))}")
        return cls(**dict(data))

    @property
    def cards_in_deck(self) -> int:
        """How many cards the pack holds (deck size plus the joker)."""
        return self.deck + int(self.joker)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules))
OPTION_SOURCES: dict[str, str] = {f.name: f.metadata["source"] for f in dataclasses.fields(Rules)}
OPTION_CHOICES: dict[str, tuple[Any, ...] | None] = {f.name: f.metadata["choices"] for f in dataclasses.fields(Rules)}

OPTION_DOCS: dict[str, str] = {
    "variant": "Table shape; only the four-player partnership game is played so far.",
    "num_players": "Players at the table; follows from variant.",
    "deck": "24 (9-A), 28 (8-A) or 32 (7-A) cards.",
    "joker": "Add the joker (best bower), the highest trump and a trump for every purpose.",
    "joker_card": "The card that stands for the joker (the joker itself, or the two of spades).",
    "joker_turned_up": "When the joker is the upcard: turn the next stock card, or the dealer names trump blind.",
    "partnership_method": "How partners are formed: fixed seats, a draw (two highest against two lowest), or at random.",
    "first_dealer_method": "How the first dealer is chosen.",
    "cut_rank_order": "Card order when drawing or cutting for partners and deal.",
    "cut_min_packet": "Fewest cards in each packet of the cut.",
    "deal_packets": "How the five cards are dealt (with a random shuffle this only matters for replays).",
    "deal_pattern_scope": "Whether the packet pattern is kept for one deal or the whole game.",
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
    "call_for_best": "Railroad: the lone player calls for his partner's best card.",
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
    "match_format": "A single game, a rubber, or progressive play.",
    "progressive_hands": "Hands per round in progressive play.",
    "progressive_movement": "Movement between tables in progressive play.",
    "farmers_hand": "Farmer's hand: three 9s/10s may be exchanged for the kitty.",
    "ace_no_face_redeal": "A hand with an ace and no face card may be thrown in.",
    "nines_tens_redeal": "A hand of only 9s and 10s with no trump may be thrown in.",
    "renege_mode": "prevent: only legal cards are offered; penalize_on_claim: revokes are possible and penalised.",
    "renege_penalty": "Points for an established revoke (with penalize_on_claim).",
    "renege_penalty_lone": "Points for a revoke against a lone hand (with penalize_on_claim).",
    "renege_ends_hand": "A proved revoke ends the hand (with penalize_on_claim).",
    "misdeal_policy": "After a misdeal: the same dealer redeals or the deal passes (no effect while the computer deals).",
    "faced_card_in_deal": "A card faced in the deal: new deal, or the recipient's option (no effect while the computer deals).",
    "laydown_claims": "A player may show his hand to claim the remaining tricks.",
    "turn_down_display": "How a turned-down upcard is shown (display only).",
    "score_display": "How the score is shown (display only).",
    "bridge_definition": "Which scores count as 'at the bridge' (display and bot advice only).",
    "call_words": "The words used for calls (display only).",
}


# ---------------------------------------------------------------------------
# Presets (REFERENCE section 5, RULES.md). Each entry: the preset it inherits from
# and its overrides, each with the source of the value.

_PRESET_TABLE: dict[str, tuple[str | None, str, dict[str, tuple[Any, str]]]] = {
    "modern-standard": (None, "North American home game: S001 procedure, 24 cards, 10 points (X-08, X-27, X-35). The default.", {}),
    "uspcc-official": ("modern-standard", "The U.S. Playing Card Co. official rules (seed S001).", {
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
        "renege_penalty": (2, "#interp: S001 gives no penalty"),
        "renege_penalty_lone": (4, "#interp: S001 gives no penalty"),
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
        "renege_penalty": (2, "S000 L131"),
        "renege_penalty_lone": (2, "#interp: no separate lone value stated"),
        "renege_ends_hand": (False, "#interp: 19th-century codes add the penalty and play on"),
        "misdeal_policy": ("same_dealer", "#interp: D.C. laws 2+ not recovered"),
        "faced_card_in_deal": ("new_deal", "#interp"),
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
        "renege_penalty": (1, "S002 L13"),
        "renege_penalty_lone": (1, "#interp"),
        "renege_ends_hand": (False, "#interp"),
        "misdeal_policy": ("deal_passes", "S002 L13 'the dealer losing his privilege'"),
        "faced_card_in_deal": ("recipient_option", "S002 L13"),
        "score_display": ("counters_2_3", "S002 L9"),
        "bridge_definition": ("hoyle_1857", "S002 L49-51"),
    }),
    "casual-web-003": ("modern-standard", "A modern rules web page (seed S003).", {
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
        "renege_penalty": (2, "X-29, X-30, X-52"),
        "renege_penalty_lone": (4, "X-30, X-52"),
        "renege_ends_hand": (True, "X-29, X-30"),
        "misdeal_policy": ("same_dealer", "X-29"),
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
    "railroad": ("uspcc-official", "USPCC Railroad Euchre, Keller 1887 (X-20, X-15c). Not playable yet: calling for best.", {
        "joker": (True, "X-20, X-15c"),
        "joker_turned_up": ("dealer_names_trump_blind", "#interp: source silent"),
        "defend_alone": (True, "X-20"),
        "defend_alone_scoring": ("euchre_scores_4", "X-20"),
        "call_for_best": ("lone_maker_and_lone_defender", "X-20, X-15c"),
        "laps": (True, "X-20"),
        "slams": (True, "X-20"),
        "game_target": (10, "X-15c"),
    }),
    "progressive-party": ("modern-standard", "Progressive euchre (X-32, X-48, X-49). Not playable yet: progressive format.", {
        "match_format": ("progressive_fixed_hands", "X-32"),
        "progressive_hands": (8, "X-32: each player deals twice"),
        "progressive_movement": ("winners_up_losers_down", "X-49"),
        "all_pass_round2": ("same_dealer_redeals", "X-32"),
        "misdeal_policy": ("same_dealer", "X-32"),
    }),
    "two-handed": ("modern-standard", "Two-handed euchre (X-15b, X-45). Not playable yet: two players.", {
        "variant": ("two_handed", "X-15b"),
        "num_players": (2, "X-15b"),
        "deck": (32, "X-45"),
        "first_dealer_method": ("lowest_cut", "#interp"),
        "dealer_partner_may_assist": (False, "no partner"),
        "alone_allowed": (False, "X-15b: no lone hands"),
        "game_target": (5, "X-45"),
    }),
    "cutthroat-3": ("modern-standard", "Three-handed cutthroat (X-44, X-46). Not playable yet: three players.", {
        "variant": ("cutthroat", "X-44"),
        "num_players": (3, "X-44"),
        "dealer_partner_may_assist": (False, "no partners"),
        "all_pass_round2": ("stick_the_dealer", "X-46"),
        "alone_allowed": (False, "the maker always plays alone"),
        "points_march": (3, "[unverified]"),
    }),
}

PRESET_DESCRIPTIONS: dict[str, str] = {name: entry[1] for name, entry in _PRESET_TABLE.items()}


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
    return values, sources


PRESET_NAMES: tuple[str, ...] = tuple(_PRESET_TABLE)
PLAYABLE_PRESETS: tuple[str, ...] = (
    "modern-standard", "modern-tournament", "uspcc-official", "dc-club-1862",
    "dc-club-1862-coteries", "hoyle-1857", "casual-web-003", "openspiel",
    "british-benny", "modern-canadian",
)

PRESET_SOURCES: dict[str, dict[str, str]] = {name: _resolve(name)[1] for name in PRESET_NAMES}
"""PRESET_SOURCES[preset][option]: where that preset's value of the option comes from."""


def preset(name: str) -> Rules:
    """The named preset (REFERENCE section 5).

    Raises:
        RulesError: no preset has that name, or it needs a capability not supported yet
            (the message names the options).
    """
    if not isinstance(name, str) or name not in _PRESET_TABLE:
        raise RulesError(f"unknown preset {name!r}; presets: {', '.join(PRESET_NAMES)}")
    values, _ = _resolve(name)
    try:
        return Rules(**values)
    except RulesError as exc:
        raise RulesError(f"preset {name}: {exc}") from None


DEFAULT_PRESET = "modern-standard"


def preset_values(name: str) -> dict[str, Any]:
    """The option values of a preset without validating them (for display).

    Raises:
        RulesError: no preset has that name.
    """
    if not isinstance(name, str) or name not in _PRESET_TABLE:
        raise RulesError(f"unknown preset {name!r}; presets: {', '.join(PRESET_NAMES)}")
    return _resolve(name)[0]


def preset_of(rules: Rules) -> str | None:
    """The name of a preset equal to ``rules``, or None."""
    for name in PLAYABLE_PRESETS:
        if preset(name) == rules:
            return name
    return None
