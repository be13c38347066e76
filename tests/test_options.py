"""No inert option (RULES.md decision 1; issue 9): every field of ``Rules``, changed to
each of its other values, either changes something a player meets (the deal, the
legal actions, the play, the scoring, the game's result, or what the terminal and the
web page show) or is refused with a ``RulesError`` naming it. A new option that nothing
reads fails here.

The probe: seeded games between seeded random bots under the two rule sets, each game
recorded three ways: its record (every deal, action and result; without the ``rules``
key itself), the terminal's narration of it (:class:`euchre.cli.narrator.Narrator`, as
``euchre watch`` prints it) and every state the web page is sent for each seat and the
spectators (:func:`euchre.server.serialize.game_json`). An option of kind ``display``
(:data:`euchre.core.options.OPTION_KINDS`) must change both the terminal and the page.
An option that depends on another (:data:`euchre.core.rules.OPTION_DEPENDS`) is changed
with that other option set so that it takes effect, and is shown to change nothing
while it does not (its dependence is real).

The positive control: an option added to ``Rules`` that nothing reads is found inert.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
from functools import cache
from typing import Any

import pytest
from rich.console import Console

from euchre.bots.heuristic import HeuristicBot
from euchre.bots.random_bot import RandomBot
from euchre.cli.narrator import Narrator
from euchre.cli.table import run_table
from euchre.core.actions import Action
from euchre.core.errors import RulesError
from euchre.core.game import Game
from euchre.core.hand import Phase
from euchre.core.options import OPTION_KINDS
from euchre.core.rules import OPTION_CHOICES, OPTION_DEPENDS, OPTION_NAMES, Rules, _opt
from euchre.core.views import PlayerView, view_of
from euchre.records import game_to_record
from euchre.referee import Referee, RefereeError
from euchre.server.json_text import dumps
from euchre.server.serialize import game_json

BASE = Rules(game_target=4)
"""The context of every probe: the default rules, in a game to 4 (short games; slams and
laps need a game to end often with the losers on 0 or the winners past the target)."""
GAMES = 40
"""Games compared by their records at most (the comparison stops at the first that differs)."""
DISPLAY_GAMES = 8
"""Games compared by what the terminal and the page show, when the records do not differ."""


def _alternatives(name: str, value: Any) -> list[Any]:
    """The other values of an option: its other choices (for an option with a single
    allowed number, the next number, which must be refused), else a few whole numbers."""
    choices = OPTION_CHOICES[name]
    if choices is not None:
        if len(choices) == 1 and isinstance(value, int):
            return [value + 1]
        return [c for c in choices if c != value]
    if name == "game_target":
        return [5, 7, 10]
    return [value + 1, value + 3, max(0, value - 1)] if value > 1 else [value + 1, value + 3]


class _Passer(RandomBot):
    """Passes in round one whenever it may, and in round two half the time (so that hands
    reach round two, are passed out, stick the dealer); otherwise random."""

    def choose(self, view: PlayerView) -> Action:
        if Action.PASS in view.legal and (view.phase != Phase.BID_ROUND_2 or self.rng.random() < 0.5):
            return Action.PASS
        return super().choose(view)


class _Bold(HeuristicBot):
    """The heuristic's card play, but every call that goes alone or defends alone is
    taken when offered (lone hands, lone marches, lone defenders, takeovers)."""

    def choose(self, view: PlayerView) -> Action:
        bold = [a for a in view.legal if a.is_alone or a in (Action.TAKE_OVER_ALONE, Action.DEFEND_ALONE)]
        return bold[0] if bold else super().choose(view)


class _Wild(RandomBot):
    """Any legal action at all, uniformly: in table mode (``renege_mode =
    penalize_on_claim``) revokes and claims, upheld or not, come often (the built-in bots
    never revoke nor claim without proof); elsewhere the random bot."""

    def choose(self, view: PlayerView) -> Action:
        return view.legal[self.rng.randrange(len(view.legal))]


POLICIES = (_Wild, _Passer, HeuristicBot, _Bold)
"""The probe's players, one kind per game in turn: each makes other rare events common."""


class _Recorder:
    """A bot that, before each choice, notes the state the page would show its seat."""

    def __init__(self, bot: Any, game: list[Game], pages: list[str]) -> None:
        self.bot = bot
        self.game = game
        self.pages = pages

    def choose(self, view: PlayerView) -> Any:
        self.pages.append(dumps(game_json(self.game[0], view.seat)))
        return self.bot.choose(view)


MAX_HANDS = 60
"""A probe game stops after this many hands (rules that pass out often could go on long)."""


def _play(rules: Rules, seed: int, players: list[Any], narrator: Narrator | None) -> Game:
    game = Game(rules, seed, max_hands=MAX_HANDS)
    if narrator is None:
        while not game.is_over:
            seat = game.hand.turn
            game.apply(players[seat].choose(view_of(game.hand, seat, game.score)))
    else:
        run_table(game, players, narrator)
    return game


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


@cache
def record_probe(rules: Rules, seed: int) -> bytes:
    """The digest of one seeded game's record under ``rules`` (every deal, action and
    result, without the ``rules`` key itself) and of its result (laps, slams)."""
    policy = POLICIES[seed % len(POLICIES)]
    game = _play(rules, seed, [policy(seed * 4 + s) for s in range(4)], None)
    record = game_to_record(game)
    record.pop("rules")
    record.pop("preset")
    result = game.result
    record["result"] = None if result is None else dataclasses.asdict(result)
    return _digest(json.dumps(record, sort_keys=True))


@cache
def display_probe(rules: Rules, seed: int) -> tuple[bytes, bytes]:
    """The digests of what the terminal prints (as ``euchre watch``) and of every state
    the page is sent for the seat to act and the spectators, in one seeded game."""
    game_box: list[Game] = []
    pages: list[str] = []
    policy = POLICIES[seed % len(POLICIES)]
    players = [_Recorder(policy(seed * 4 + s), game_box, pages) for s in range(4)]
    out = io.StringIO()
    narrator = Narrator(Console(file=out, width=100, color_system=None, highlight=False), viewer=None, show_deal=True)
    game = Game(rules, seed, max_hands=MAX_HANDS)
    game_box.append(game)
    run_table(game, players, narrator)
    pages.append(dumps(game_json(game, None)))
    return _digest(out.getvalue()), _digest("\n".join(pages))


def changes(a: Rules, b: Rules, games: int = GAMES, display_games: int = DISPLAY_GAMES) -> set[str]:
    """What differs between games under ``a`` and under ``b`` with the same seeds: a
    subset of {"play", "terminal", "page"} (empty: nothing a player meets). The records
    are compared first; the terminal and the page only when the records do not differ,
    over the first ``display_games`` seeds."""
    for seed in range(games):
        if record_probe(a, seed) != record_probe(b, seed):
            return {"play"}
    found: set[str] = set()
    for seed in range(display_games):
        (ta, pa), (tb, pb) = display_probe(a, seed), display_probe(b, seed)
        if ta != tb:
            found.add("terminal")
        if pa != pb:
            found.add("page")
        if found == {"terminal", "page"}:
            break
    return found


def context(name: str) -> Rules:
    """The rules in which option ``name`` takes effect."""
    dep = OPTION_DEPENDS.get(name)
    return BASE if dep is None else BASE.replace(**dict(dep.enable))


def referee_probe(rules: Rules) -> list[str]:
    """What the referee of real cards rules, under ``rules``, for each irregularity of
    the deal (a misdeal before and after the turn-up, a card faced kept or not)."""
    out = []
    for entry in (lambda r: r.misdeal(False), lambda r: r.misdeal(True), lambda r: r.faced_card(1, keep=False),
                  lambda r: r.faced_card(1, keep=True)):
        ref = Referee(rules, first_dealer=0)
        try:
            ruling = entry(ref)
        except RefereeError as exc:
            out.append(f"refused: {exc}")
            continue
        out.append(f"{ruling.outcome} dealer={ruling.dealer}")
    return out


def verdict(base: Rules, name: str, value: Any, kind: str) -> str:
    """``refused``, ``effect``, or ``inert`` for option ``name`` changed to ``value``."""
    try:
        changed = dataclasses.replace(base, **{name: value})
    except RulesError as exc:
        assert name in str(exc), f"the refusal of {name} = {value!r} does not name it: {exc}"
        return "refused"
    if kind == "referee":  # the laws of dealing by hand: only the referee of real cards meets them
        return "effect" if referee_probe(base) != referee_probe(changed) else "inert"
    found = changes(base, changed)
    if kind == "display":
        return "effect" if {"terminal", "page"} <= found else "inert"
    return "effect" if found else "inert"



CASES = [(name, value) for name in OPTION_NAMES for value in _alternatives(name, getattr(context(name), name))]


@pytest.mark.parametrize(("name", "value"), CASES, ids=[f"{n}={v}" for n, v in CASES])
def test_every_option_has_an_effect_or_is_refused(name: str, value: Any) -> None:
    base = context(name)
    assert verdict(base, name, value, OPTION_KINDS[name]) in ("refused", "effect"), (
        f"{name} = {value!r} changes nothing a player meets and is not refused")


DORMANT = [(name, value) for name, dep in OPTION_DEPENDS.items() if dep.supported and not dep.holds(BASE)
           for value in _alternatives(name, getattr(BASE, name))]


@pytest.mark.parametrize(("name", "value"), DORMANT, ids=[f"{n}={v}" for n, v in DORMANT])
def test_a_dependent_option_changes_nothing_until_its_condition_holds(name: str, value: Any) -> None:
    """OPTION_DEPENDS is true to the engine: while the option it depends on is off, the
    option changes nothing, and Rules.takes_effect says so."""
    assert not BASE.takes_effect(name) and context(name).takes_effect(name)
    try:
        changed = BASE.replace(**{name: value})
    except RulesError:
        return  # refused outright: nothing to show
    found = changes(BASE, changed, games=15, display_games=4)
    assert found == set(), f"{name} = {value!r} takes effect although {OPTION_DEPENDS[name].when!r} does not hold"


def test_every_option_is_walked() -> None:
    """The walk covers every field of Rules (a new field is walked without a change here)."""
    assert {n for n, _ in CASES} == set(OPTION_NAMES)
    assert set(OPTION_KINDS) == set(OPTION_NAMES)


@dataclasses.dataclass(frozen=True)
class _RulesWithAnInertOption(Rules):
    inert_option: bool = _opt(False, (False, True), "a test's positive control")


def test_positive_control_an_option_nothing_reads_is_found_inert() -> None:
    base = _RulesWithAnInertOption(game_target=4)
    assert verdict(base, "inert_option", True, "play") == "inert"
    assert verdict(base, "inert_option", True, "display") == "inert"
    # ... while a real option in the same rules is found to have its effect.
    assert verdict(base, "points_march", 3, "play") == "effect"



DORMANT_COMBOS = [
    ({"dealer_partner_may_assist": False}, "canadian_loner", True),
    ({"all_pass_round2": "stick_the_dealer", "round2_may_name_turned_down": True}, "stuck_dealer_may_name_turned_down", True),
    ({"dealer_partner_may_assist": False}, "alone_who", "maker_or_dealer_when_assisted"),
    ({"alone_allowed": False}, "defend_alone", True),
]


@pytest.mark.parametrize(("context_changes", "name", "value"), DORMANT_COMBOS, ids=[c[1] for c in DORMANT_COMBOS])
def test_regression_options_dormant_in_a_combination_say_so(context_changes: dict[str, Any], name: str, value: Any) -> None:
    """Found by a tester: these options changed nothing in these combinations while
    takes_effect() said they did. Now it says they do not, and they still change nothing."""
    base = BASE.replace(**context_changes)
    changed = base.replace(**{name: value})
    assert not changed.takes_effect(name)
    assert changes(base, changed, games=20, display_games=4) == set()
