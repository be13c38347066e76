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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from euchre.core.errors import RulesError, RulesTypeError
from euchre.core.seats import Table, table_of


def _opt(default: Any, choices: tuple[Any, ...] | None, source: str, *, minimum: int | None = None,
         maximum: int | None = None) -> Any:
    return field(default=default, metadata={"choices": choices, "source": source, "minimum": minimum,
                                            "maximum": maximum})


MAX_GAME_LENGTH = 1000
"""The largest ``game_target`` and ``progressive_hands``: a game the engine plays to its
end (``Game`` stops any game at 10,000 hands; a game to 1,000 points takes some 600)."""


BOOL = (False, True)


@dataclass(frozen=True)
class Rules:
    """All options of one rule set. Immutable; build variants with :meth:`replace`.

    Construction validates every value and raises :class:`RulesError` for a value outside
    its allowed set, a clash between options, or a capability not supported yet.
    The description of each option is in :data:`euchre.core.options.OPTION_DOCS`; ``euchre rules`` shows them.
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
    game_target: int = _opt(10, None, "S000 L113, S001 L24, S002 L9, S003 L33; X-08", minimum=1,
                            maximum=MAX_GAME_LENGTH)
    laps: bool = _opt(False, BOOL, "D.C. ch. IV (X-04b); X-15a; X-20")
    slams: bool = _opt(False, BOOL, "X-15a, X-20")
    match_format: str = _opt("single_game", ("single_game", "rubber_best_of_3", "progressive_fixed_hands"), "Leeds & Dwight s1; X-32, X-48")
    progressive_hands: int = _opt(8, None, "X-32", minimum=1, maximum=MAX_GAME_LENGTH)
    progressive_movement: str = _opt("winners_up_losers_down", ("winners_up_losers_stay", "winners_up_losers_down", "fixed_rotation"), "X-49, X-50, X-51")
    # 4.6 Deal anomalies, irregularities, claims
    farmers_hand: bool = _opt(False, BOOL, "X-25, X-31b; RULES.md decision 23")
    ace_no_face_redeal: bool = _opt(False, BOOL, "X-25, X-36; RULES.md decision 23")
    nines_tens_redeal: bool = _opt(False, BOOL, "X-11; RULES.md decision 23")
    renege_mode: str = _opt("prevent", ("prevent", "penalize_on_claim"), "RULES.md decision 3")
    renege_penalty: int = _opt(2, None, "S000 L131 (2), S002 L13 (1); X-13d (3)", minimum=0)
    renege_penalty_lone: int = _opt(4, None, "X-30, X-52; X-13d (5)", minimum=0)
    renege_ends_hand: bool = _opt(True, BOOL, "X-29, X-30; Leeds & Dwight s70")
    false_claim_penalty: int = _opt(0, None, "X-29, X-30: 'an unproved accusation costs 2 at some events'; "
                                    "RULES.md decision 27", minimum=0)
    misdeal_policy: str = _opt("same_dealer", ("same_dealer", "deal_passes"), "S002 L13; Leeds & Dwight s41; X-29, X-36")
    faced_card_in_deal: str = _opt("new_deal", ("new_deal", "recipient_option"), "S002 L13; Leeds & Dwight s34")
    laydown_claims: str = _opt("not_allowed", ("not_allowed", "allowed"), "X-42")
    # 4.7 Display and hints
    turn_down_display: str = _opt("face_up_under_stock", ("face_down_on_stock", "face_up_under_stock"), "S000 L123, S001 L12")
    score_display: str = _opt("numeric", ("numeric", "counters_2_3", "counters_4_6", "counters_5_5"), "S000 L147-149, S002 L9; X-54")
    bridge_definition: str = _opt("uspcc", ("none", "dc_1862", "uspcc", "hoyle_1857"), "X-05; S001 L24; S002 L49-51")
    call_words: str = _opt("uspcc", ("dc_1862", "uspcc", "tournament", "modern"), "S000 L119-187; S001 L11-15; X-28")

    def __new__(cls, *args: Any, **options: Any) -> Rules:
        # The dataclass's own __init__ would refuse an unknown name with a bare
        # TypeError; this says which names are unknown (a RulesTypeError, a RulesError).
        unknown = sorted(set(options) - {f.name for f in dataclasses.fields(cls)})
        if unknown:
            raise RulesTypeError(f"unknown option(s): {', '.join(unknown)}; the options are listed by `euchre rules "
                                 "modern-standard` (or OPTION_NAMES)")
        if args:
            raise RulesTypeError("Rules takes its options by name, e.g. Rules(deck=32)")
        return super().__new__(cls)

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            choices = f.metadata["choices"]
            expected = type(f.default)
            if type(value) is not expected:
                kind = {"bool": "true or false", "int": "a whole number", "str": "a word"}.get(expected.__name__, expected.__name__)
                raise RulesTypeError(f"option {f.name} must be {kind}, not {type(value).__name__} {value!r}")
            if choices is not None and value not in choices:
                allowed = ", ".join(_show(c) for c in choices)
                raise RulesError(f"option {f.name} = {_show(value)} is not allowed; allowed: {allowed}")
            minimum = f.metadata["minimum"]
            if minimum is not None and value < minimum:
                raise RulesError(f"option {f.name} = {_number(value)} is below its minimum {minimum}")
            maximum = f.metadata["maximum"]
            if maximum is not None and value > maximum:
                raise RulesError(f"option {f.name} = {_number(value)} is above its maximum {maximum}")
        self._check_combinations()
        self._check_supported()
        object.__setattr__(self, "_table", table_of(self.num_players, self.variant))

    def _check_combinations(self) -> None:
        if self.canadian_loner and not self.alone_allowed:
            raise RulesError("canadian_loner = true needs alone_allowed = true (RULES.md decision 10)")
        if self.joker and self.no_trump_call:
            raise RulesError("joker = true cannot be combined with no_trump_call = true (RULES.md decision 10)")
        if self.cut_min_packet * 2 > self.deck + int(self.joker):
            raise RulesError(f"cut_min_packet = {self.cut_min_packet} leaves no legal cut of a {self.deck}-card deck")
        players = _VARIANT_PLAYERS[self.variant]
        if self.num_players not in players:
            wanted = " or ".join(map(str, players))
            raise RulesError(f"variant = {self.variant} needs num_players = {wanted}, not {self.num_players}")
        if self.num_players * 5 + 1 > self.cards_in_deck:
            raise RulesError(f"num_players = {self.num_players} needs a pack of at least {self.num_players * 5 + 1} "
                             f"cards (five each and the upcard); deck = {self.deck}"
                             + (" with the joker" if self.joker else ""))
        if self.variant != "partnership":
            # No partners at the table: no lone hands (Keller 1887 ch. 7: "there are no lone
            # hands in the two-handed game"; the cutthroat maker always plays alone). At
            # call-ace the maker may go alone instead of calling a partner (X-47; RULES.md
            # decision 21), but nobody knows whom to defend alone against.
            refused = ("defend_alone", "canadian_loner") if self.calls_partner else (
                "alone_allowed", "defend_alone", "canadian_loner")
            for name in refused:
                if getattr(self, name):
                    raise RulesError(f"{name} = true needs partners; with variant = {self.variant} every player "
                                     "plays for himself")
            if self.call_for_best != "none":  # a lone call-ace maker has no partner to give him a card
                raise RulesError(f"call_for_best = {self.call_for_best} needs partners; with variant = {self.variant} "
                                 "every player plays for himself")
        if self.renege_mode != "prevent" and self.calls_partner:
            # A revoke is penalised to the revoker's adversaries, and at call-ace they are
            # not known until the called card falls (RULES.md decisions 21 and 27).
            raise RulesError(f"renege_mode = {self.renege_mode} needs sides known from the deal; with variant = "
                             "call_ace the maker's partner is secret")
        if self.farmers_hand and (self.cards_in_deck != 24 or self.num_players != 4):
            # Three nines or tens are the lowest cards only in the 24-card pack, and the
            # kitty's three face-down cards under the upcard are the four-hand table's
            # (X-25; RULES.md decision 23).
            raise RulesError(f"farmers_hand = true needs deck = 24 without the joker and num_players = 4 (the kitty "
                             f"of the upcard and three cards face down), not deck = {self.deck}"
                             f"{' with the joker' if self.joker else ''}, num_players = {self.num_players}")
        if self.laps and self.game_target < self.max_hand_points:
            raise RulesError(
                f"laps = true needs game_target of at least {self.max_hand_points}: from {self.game_target - 1} points a "
                f"hand can score {self.max_hand_points}, and the {self.max_hand_points - 1} points carried would win the "
                f"next game before it starts (game_target = {self.game_target})")

    def _check_supported(self) -> None:
        unsupported = {
            "variant": self.variant not in ("partnership", "two_handed", "cutthroat", "call_ace"),
            "match_format": self.match_format == "rubber_best_of_3",
            "laydown_claims": self.laydown_claims != "not_allowed",
        }
        names = [f"{k} = {_show(getattr(self, k))}" for k, bad in unsupported.items() if bad]
        if names:
            raise RulesError("not yet supported: " + "; ".join(names))
        for name, dep in OPTION_DEPENDS.items():
            if not dep.supported and getattr(self, name) != _DEFAULTS[name]:
                raise RulesError(f"{name} = {_show(getattr(self, name))} takes effect only {dep.when}, which is not supported "
                                 f"yet; leave it at {_show(_DEFAULTS[name])}")

    @property
    def max_hand_points(self) -> int:
        """The most points one hand can score under these rules (for the laps check)."""
        points = [self.points_make, self.points_march, self.points_euchre, 1]  # 1: the stuck dealer's forfeit
        if self.super_euchre:
            points.append(4)
        if self.alone_allowed:
            points += [self.points_lone_make, self.points_lone_march, self.points_lone_euchred]
        if self.defend_alone:
            points += [self.points_defend_alone_euchre, 4]  # 4: the odd trick of S000 L179
        return max(points)

    def takes_effect(self, name: str) -> bool:
        """True when option ``name`` can change anything under these rules: it depends on
        no other option, or the option it depends on is set so that it does
        (:data:`OPTION_DEPENDS`). An option that does not take effect is *dormant*: its
        value is kept (a preset's choice, ready for when the other option is turned on)
        and changes nothing until then.

        Raises:
            RulesError: no option has that name.
        """
        if not isinstance(name, str):
            raise RulesTypeError(f"an option name is a text, not {name!r}")
        if name not in OPTION_NAMES:
            raise RulesError(f"unknown option {name!r}")
        dep = OPTION_DEPENDS.get(name)
        return dep is None or dep.holds(self)

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
            raise RulesTypeError(f"rules must be a mapping of options, not {type(data).__name__}")
        if not all(isinstance(k, str) for k in data):
            raise RulesTypeError(f"option names are texts, not {sorted(map(repr, data))}")
        unknown = sorted(set(data) - set(OPTION_NAMES))
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(map(str, unknown))}")
        return cls(**dict(data))

    @classmethod
    def from_stored(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from a stored mapping of options (a game record, a table in the web
        server's database), as :meth:`from_dict`, except that an option which takes
        effect only with something the engine does not play yet (the laws of
        irregularities: RULES.md decision 12) is read as its default: records written
        before those options were refused held a preset's law there, which never changed
        the game, so the game replays the same.

        Raises:
            RulesError / RulesTypeError: as :meth:`from_dict`.
        """
        if isinstance(data, Mapping):
            data = {k: (_DEFAULTS[k] if k in OPTION_DEPENDS and not OPTION_DEPENDS[k].supported else v)
                    for k, v in data.items()}
        return cls.from_dict(data)

    @property
    def claims(self) -> tuple[str, ...]:
        """The claims of the dealt hand these rules allow before the bidding, by option
        name (of :data:`CLAIM_OPTIONS`; RULES.md decision 23); empty when there is no
        claim round."""
        return tuple(name for name in CLAIM_OPTIONS if getattr(self, name))

    @property
    def revokes_possible(self) -> bool:
        """True in table mode (``renege_mode = penalize_on_claim``): a player may play any
        card he holds, a revoke is recorded, and a side may claim it under the preset's
        law (RULES.md decision 27)."""
        return self.renege_mode == "penalize_on_claim"

    @property
    def extra_decisions(self) -> tuple[str, ...]:
        """The options in effect that add decisions beyond the four-hand game's bids,
        lone calls, discard and play, as ``NAME = VALUE`` texts: ``call_for_best`` (a card
        given face down, the lone player's discard: RULES.md decision 20) and the claims
        of the dealt hand (a claim round, cards shown: decision 23). Fixed layouts (the
        batch kernel, the feature vectors of PettingZoo, OpenSpiel and self-play) have
        no place for them and refuse rules where this is not empty."""
        extra = [f"call_for_best = {self.call_for_best}"] if (
            self.call_for_best != "none" and self.takes_effect("call_for_best")) else []
        if self.renege_mode != "prevent":  # any card may be played, and revokes claimed (RULES.md decision 27)
            extra.append(f"renege_mode = {self.renege_mode}")
        return (*extra, *(f"{name} = true" for name in self.claims))

    @property
    def plays_to_target(self) -> bool:
        """True when a game ends as a side reaches ``game_target`` (``match_format =
        single_game``); False in progressive play, where a round ends after
        ``progressive_hands`` hands whatever the score (RULES.md decision 24)."""
        return self.match_format == "single_game"

    @property
    def calls_partner(self) -> bool:
        """True where the maker calls a secret partner by naming a card (``variant =
        call_ace``; X-47, X-57, RULES.md decision 21): no partners are fixed at the
        table, the holder of the called card is the maker's partner for the hand, known
        when it falls, and a finished hand may have two makers. The engine, the bots and
        the texts ask this, never the variant's name."""
        return self.variant == "call_ace"

    @property
    def cards_in_deck(self) -> int:
        """How many cards the pack holds (deck size plus the joker)."""
        return self.deck + int(self.joker)

    def __getstate__(self) -> dict[str, Any]:
        """What a pickle of these rules holds: the options and the table, not the caches
        the engine keeps beside them in ``__dict__`` (a new hand's constants, the hands'
        results), which are made again where the value is used."""
        return {k: v for k, v in self.__dict__.items() if not k.startswith("_") or k == "_table"}

    @property
    def table(self) -> Table:
        """The shape of the table these rules are played at (:mod:`euchre.core.seats`)."""
        table: Table = self.__dict__["_table"]
        return table


def _number(value: Any) -> str:
    """A whole number for a message; one too long to print whole by its size (Python
    refuses to print numbers of more than 4,300 digits)."""
    if abs(value) < 10**12:
        return str(value)
    return f"{'-' if value < 0 else ''}(a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits)"


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Rules))
OPTION_SOURCES: dict[str, str] = {f.name: f.metadata["source"] for f in dataclasses.fields(Rules)}
OPTION_CHOICES: dict[str, tuple[Any, ...] | None] = {f.name: f.metadata["choices"] for f in dataclasses.fields(Rules)}

CLAIM_OPTIONS: tuple[str, ...] = ("farmers_hand", "nines_tens_redeal", "ace_no_face_redeal")
"""The options that let a seat claim its dealt hand before the bidding (a farmer's hand,
a hand of nines and tens, an ace and no face): with any of them the hand has a claim
round (RULES.md decision 23)."""


_DEFAULTS: dict[str, Any] = {f.name: f.default for f in dataclasses.fields(Rules)}

_VARIANT_PLAYERS: dict[str, tuple[int, ...]] = {
    "partnership": (4,), "two_handed": (2,), "cutthroat": (3,), "call_ace": (4, 5, 6),
}
"""The numbers of players each ``variant`` is played by (REFERENCE 4.1, 2)."""


@dataclass(frozen=True)
class Dependence:
    """When an option takes effect.

    Attributes:
        when: the condition in words, e.g. ``"with defend_alone = true"``.
        holds: the condition as a test of the rules.
        enable: option changes (from the default rules) that make the condition hold:
            the context in which a test of the option's effect changes it.
        supported: False when the condition needs a capability the engine does not
            play yet; the option must then keep its default (RULES.md decision 1).
    """

    when: str
    holds: Callable[[Rules], bool]
    enable: Mapping[str, Any]
    supported: bool = True


def _drawing(r: Rules) -> bool:
    return r.partnership_method == "cut_high_vs_low" or r.first_dealer_method in ("lowest_cut", "highest_cut")


def _to_target(r: Rules) -> bool:
    return r.match_format == "single_game"


def _law(r: Rules) -> bool:
    return r.renege_mode == "penalize_on_claim"


OPTION_DEPENDS: dict[str, Dependence] = {
    "joker_turned_up": Dependence("with joker = true", lambda r: r.joker, {"joker": True}),
    "partnership_method": Dependence("at a table of partners (variant = partnership)",
                                     lambda r: r.variant == "partnership", {}),
    "dealer_partner_may_assist": Dependence("at a table of partners (variant = partnership)",
                                            lambda r: r.variant == "partnership", {}),
    "joker_card": Dependence("with joker = true", lambda r: r.joker, {"joker": True}),
    "cut_rank_order": Dependence(
        "when cards are drawn (partnership_method = cut_high_vs_low, or first_dealer_method lowest_cut or highest_cut)",
        _drawing, {"first_dealer_method": "lowest_cut"}),
    "deal_pattern_scope": Dependence("with deal_packets = dealer_choice", lambda r: r.deal_packets == "dealer_choice",
                                     {"deal_packets": "dealer_choice"}),
    "stuck_dealer_may_name_turned_down": Dependence(
        "with all_pass_round2 = stick_the_dealer and round2_may_name_turned_down = false (else anyone may name it)",
        lambda r: r.all_pass_round2 == "stick_the_dealer" and not r.round2_may_name_turned_down,
        {"all_pass_round2": "stick_the_dealer"}),
    "canadian_loner": Dependence("with dealer_partner_may_assist = true", lambda r: r.dealer_partner_may_assist
                                 and r.variant == "partnership", {}),
    "alone_who": Dependence(
        "with alone_allowed = true at a table of partners (and, for maker_or_dealer_when_assisted, "
        "dealer_partner_may_assist = true)",
        lambda r: r.alone_allowed and r.variant == "partnership"
        and (r.alone_who != "maker_or_dealer_when_assisted" or r.dealer_partner_may_assist), {}),
    "defend_alone": Dependence(
        "with alone_allowed = true, or defend_alone_against = any_maker (nobody else can be defended against alone)",
        lambda r: r.alone_allowed or r.defend_alone_against == "any_maker", {}),
    "call_for_best": Dependence("with alone_allowed = true (lone_maker_and_lone_defender differs from lone_maker only with "
                                "defend_alone = true)", lambda r: r.alone_allowed, {}),
    "alone_declare_timing": Dependence("with alone_allowed = true", lambda r: r.alone_allowed, {}),
    "alone_lead": Dependence("with alone_allowed = true", lambda r: r.alone_allowed, {}),
    "points_lone_make": Dependence("with alone_allowed = true", lambda r: r.alone_allowed, {}),
    "points_lone_march": Dependence("with alone_allowed = true", lambda r: r.alone_allowed, {}),
    "points_lone_euchred": Dependence("with alone_allowed = true", lambda r: r.alone_allowed, {}),
    "defend_alone_scoring": Dependence("with defend_alone = true", lambda r: r.defend_alone and r.alone_allowed,
                                       {"defend_alone": True}),
    "defend_alone_against": Dependence("with defend_alone = true", lambda r: r.defend_alone, {"defend_alone": True}),
    "points_defend_alone_euchre": Dependence("with defend_alone = true", lambda r: r.defend_alone, {"defend_alone": True}),
    "progressive_hands": Dependence("with match_format = progressive_fixed_hands",
                                    lambda r: r.match_format == "progressive_fixed_hands",
                                    {"match_format": "progressive_fixed_hands"}),
    "game_target": Dependence("in a game to a target (match_format = single_game; progressive play counts hands)",
                              _to_target, {}),
    "laps": Dependence("in a game to a target (match_format = single_game)", _to_target, {}),
    "slams": Dependence("in a game to a target (match_format = single_game)", _to_target, {}),
    "bridge_definition": Dependence("in a game to a target (match_format = single_game)", _to_target, {}),
    "progressive_movement": Dependence("in a progressive event of several tables (the movement between them)",
                                       lambda r: False, {}, supported=False),
    "renege_penalty": Dependence("in table mode (renege_mode = penalize_on_claim)", _law,
                                 {"renege_mode": "penalize_on_claim"}),
    "renege_penalty_lone": Dependence("in table mode (renege_mode = penalize_on_claim) with alone_allowed = true",
                                      lambda r: _law(r) and r.alone_allowed, {"renege_mode": "penalize_on_claim"}),
    "renege_ends_hand": Dependence("in table mode (renege_mode = penalize_on_claim)", _law,
                                   {"renege_mode": "penalize_on_claim"}),
    "false_claim_penalty": Dependence("in table mode (renege_mode = penalize_on_claim)", _law,
                                      {"renege_mode": "penalize_on_claim"}),
    "misdeal_policy": Dependence("for cards dealt by hand (refereeing a real table: euchre referee)",
                                 lambda r: r.variant != "call_ace", {}),
    "faced_card_in_deal": Dependence("for cards dealt by hand (refereeing a real table: euchre referee)",
                                     lambda r: r.variant != "call_ace", {}),
}
"""The options that take effect only when another option is set (see
:meth:`Rules.takes_effect`). An option not listed here takes effect under any rules."""
