"""The house rules: the options players argue about, each under a plain name
(``stick_the_dealer``) with one plain sentence and no source tag (the sources stay in
``euchre rules``), switched on or off over a preset: ``euchre play --rule
stick_the_dealer=on`` in the terminal, the boxes of the page's create form. A house rule
is one option of :class:`~euchre.core.rules.Rules` and a value that switches it on;
switching it off gives the preset's own value back, or ``off`` where the preset had it on.

Shapes (the web server's ``GET /api/options``)::

    "house_rules": [{"key": "stick_the_dealer", "title": "Stick the dealer",
                     "sentence": "When everyone passes twice, the dealer must name trump."}],
    "presets": [{"name": ..., "house_rules": {"stick_the_dealer": false, ...}}]  (on in that preset)

A table's state carries the titles of the house rules in effect (:func:`in_effect`) so
that every seat sees them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from euchre.core.errors import RulesError
from euchre.core.rules import Rules


@dataclass(frozen=True)
class HouseRule:
    """One house rule.

    Attributes:
        key: its plain name (``stick_the_dealer``).
        option: the option of Rules it sets.
        on: the option's value when the rule is on.
        off: the value when the creator switches off a rule the preset has on.
        title: a short name, as players say it.
        sentence: what it does, in one plain sentence.
    """

    key: str
    option: str
    on: Any
    off: Any
    title: str
    sentence: str


HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule("stick_the_dealer", "all_pass_round2", "stick_the_dealer", "deal_passes_left", "Stick the dealer",
              "When everyone passes twice, the dealer must name trump."),
    HouseRule("going_alone", "alone_allowed", True, False, "Going alone",
              "The maker may play without his partner: 4 points for all five tricks."),
    HouseRule("defending_alone", "defend_alone", True, False, "Defending alone",
              "A defender may play alone against a lone maker: 4 points if he stops him."),
    HouseRule("canadian_loner", "canadian_loner", True, False, "Canadian loner",
              "The dealer's partner who orders the dealer up must play alone."),
    HouseRule("dealer_may_discard_upcard", "dealer_may_discard_upcard", True, False, "Dealer may discard the upcard",
              "The dealer who takes the upcard may put that same card away."),
    HouseRule("no_trump", "no_trump_call", True, False, "No trump",
              "In the second round a player may call no trump instead of a suit."),
    HouseRule("natural_trump", "require_trump_to_call", "natural_trump", "none", "Natural trump",
              "To make a suit trump you must hold a card of that suit itself (the left bower is not enough)."),
    HouseRule("joker", "joker", True, False, "The joker",
              "A joker is added to the pack as the highest trump of all."),
    HouseRule("farmers_hand", "farmers_hand", True, False, "Farmer's hand",
              "A player dealt exactly three nines or three tens may swap them for the three cards under the upcard."),
    HouseRule("nines_and_tens", "nines_tens_redeal", True, False, "Nines and tens",
              "A hand of only nines and tens, and no trump, may be thrown in for a new deal."),
    HouseRule("ace_no_face", "ace_no_face_redeal", True, False, "Ace, no face",
              "A hand with an ace but no king, queen or jack may be thrown in; the next player deals."),
    HouseRule("revokes", "renege_mode", "penalize_on_claim", "prevent", "Revokes (renege calls)",
              "Any card may be played; a player who fails to follow suit may be called for a renege, and the "
              "rules' penalty applies."),
)
"""The house rules of the create form, in the order shown."""


BY_KEY: dict[str, HouseRule] = {r.key: r for r in HOUSE_RULES}
"""The house rules by key."""


def is_on(rules: Rules, rule: HouseRule) -> bool:
    """True when ``rules`` have the house rule on."""
    return bool(getattr(rules, rule.option) == rule.on)


def house_rules_json() -> list[dict[str, str]]:
    """The house rules for ``GET /api/options`` (see the module docstring)."""
    return [{"key": r.key, "title": r.title, "sentence": r.sentence} for r in HOUSE_RULES]


def preset_house_rules(rules: Rules) -> dict[str, bool]:
    """Which house rules a preset's rules have on, by key: only those that can be
    switched there (going alone has no place at a table without partners, the farmer's
    hand none in a 32-card pack), so that a form offers no box that must fail."""
    out: dict[str, bool] = {}
    for r in HOUSE_RULES:
        on = is_on(rules, r)
        try:
            rules.replace(**{r.option: r.off if on else r.on})
        except RulesError:
            continue
        out[r.key] = on
    return out


def in_effect(rules: Rules) -> list[str]:
    """The titles of the house rules these rules have on (that take effect), for every
    seat to read."""
    return [r.title for r in HOUSE_RULES if is_on(rules, r) and rules.takes_effect(r.option)]


def changes_for(rules: Rules, wanted: Mapping[str, bool]) -> dict[str, Any]:
    """The option changes that turn the house rules of ``rules`` (a preset's) into
    ``wanted`` (key to on or off; the others keep the preset's state).

    Raises:
        RulesError: a key that is not a house rule's (the message lists them).
    """
    out: dict[str, Any] = {}
    for key, on in wanted.items():
        rule = BY_KEY.get(key)
        if rule is None:
            raise RulesError(f"unknown house rule {key!r}; the house rules are {', '.join(BY_KEY)}")
        if on != is_on(rules, rule):
            out[rule.option] = rule.on if on else rule.off
    return out


ALIASES: dict[str, str] = {
    "defend_alone": "defending_alone", "defend": "defending_alone", "go_alone": "going_alone", "alone": "going_alone",
    "loners": "going_alone", "stick": "stick_the_dealer", "screw_the_dealer": "stick_the_dealer",
    "hang_the_dealer": "stick_the_dealer", "std": "stick_the_dealer", "canadian": "canadian_loner",
    "benny": "joker", "farmer": "farmers_hand", "farmers": "farmers_hand", "nines_tens": "nines_and_tens",
    "no_ace_no_face": "ace_no_face", "renege": "revokes", "reneges": "revokes", "table_mode": "revokes",
    "discard_upcard": "dealer_may_discard_upcard", "notrump": "no_trump",
}
"""Other names people give the house rules (``defend_alone`` for ``defending_alone``,
``screw_the_dealer`` for ``stick_the_dealer``, ...), each read as the rule's key."""


def rule_key(text: str) -> str | None:
    """The key of the house rule ``text`` names, or None: its key or one of
    :data:`ALIASES`, in any case, with ``-`` or spaces for ``_``."""
    key = "_".join(text.strip().lower().replace("-", " ").replace("'", "").split())
    key = ALIASES.get(key, key)
    return key if key in BY_KEY else None


def parse_rule(text: str) -> tuple[str, bool]:
    """One house rule as a person writes it, ``KEY=on`` or ``KEY=off`` (also ``true``,
    ``false``, ``yes``, ``no``), as its key and whether it is on. The key may be one of
    :data:`ALIASES` (``defend_alone=on``), in any case.

    Raises:
        RulesError: no ``=``, an unknown key, or a value that is not on or off.
    """
    name, sep, raw = text.partition("=")
    name, raw = name.strip(), raw.strip().lower()
    if not sep or not name:
        raise RulesError(f"a house rule is written KEY=on or KEY=off (e.g. stick_the_dealer=on), not {text!r}")
    key = rule_key(name) or name
    if key not in BY_KEY:
        raise RulesError(f"unknown house rule {key!r}; the house rules are {', '.join(BY_KEY)}")
    if raw in ("on", "true", "yes"):
        return key, True
    if raw in ("off", "false", "no"):
        return key, False
    raise RulesError(f"house rule {key} is on or off, not {raw!r}")


_SHAPE: dict[str, str] = {"two_handed": "two-handed", "cutthroat": "cut-throat", "call_ace": "call-ace"}
"""The table shapes without fixed partners, as players name them."""


def _refusal(base: Rules, wanted: Mapping[str, bool]) -> str | None:
    """Why the house rules ``wanted`` (key to on or off) cannot be played over ``base``,
    in the game's words and naming the house rules typed, or None when nothing in this
    list refuses them (the core's own check still runs)."""
    changes = changes_for(base, wanted)

    def value(option: str) -> Any:
        return changes.get(option, getattr(base, option))

    def named(*keys: str) -> str:
        typed = [f"{k}={'on' if wanted[k] else 'off'}" for k in keys if k in wanted]
        return " with ".join(typed) if typed else keys[0]

    shape = _SHAPE.get(base.variant, "")
    each = f"at {shape} each plays for himself"
    if base.calls_partner:
        each = f"at {shape} the maker's partner is secret until the called card falls"
    if value("canadian_loner") and base.variant != "partnership":
        why = (f"at {shape} the dealer has no partner until the called card falls" if base.calls_partner
               else each)
        return (f"{named('canadian_loner')} cannot be played: the Canadian loner is the dealer's partner going "
                f"alone; {why}")
    if value("alone_allowed") and base.variant in ("two_handed", "cutthroat"):
        return f"{named('going_alone')} cannot be played: going alone needs a partner to sit out; {each}"
    if value("defend_alone") and base.variant != "partnership":
        return f"{named('defending_alone')} cannot be played: defending alone needs a partner to sit out; {each}"
    if value("canadian_loner") and not value("alone_allowed"):
        return (f"{named('going_alone', 'canadian_loner')} cannot be played: the Canadian loner is a lone hand "
                "(the dealer's partner who orders him up must go alone); switch canadian_loner off too, or keep "
                "going alone on")
    if value("joker") and value("no_trump_call"):
        return (f"{named('no_trump', 'joker')} cannot be played: the joker is always the highest trump, and at "
                "no trump there is none")
    if value("farmers_hand") and (base.cards_in_deck != 24 or value("joker") or base.num_players != 4):
        pack = f"a {base.deck}-card pack" + (" with the joker" if value("joker") else "")
        return (f"{named('farmers_hand', 'joker')} cannot be played: the farmer's hand is of three nines or tens, "
                "the lowest cards only in the 24-card pack without the joker, swapped for the three cards under "
                f"the upcard at a table of four; this table has {pack} and {base.num_players} players")
    if value("renege_mode") != "prevent" and base.calls_partner:
        return (f"{named('revokes')} cannot be played: a renege is penalised to the reneger's adversaries, and "
                f"{each}")
    return None


def apply(rules: Rules, wanted: Mapping[str, bool]) -> Rules:
    """The rules ``rules`` (a preset's) with the house rules ``wanted`` (key to on or off;
    the others keep the preset's state), for ``--rule`` and the create form.

    Raises:
        RulesError: an unknown key, or house rules that cannot be played at this table
            or together (``going_alone=on cannot be played: going alone needs a partner
            to sit out; at cut-throat each plays for himself``): the message names the
            house rules as keys and says the reason in the game's words, not through the
            options they set.
    """
    why = _refusal(rules, wanted)
    if why is not None:
        raise RulesError(why)
    return rules.replace(**changes_for(rules, wanted))
