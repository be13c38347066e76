"""Seeds for the terminal tests, found by what the game does instead of written down.

``euchre play --seed N`` makes the game with ``Game(rules, N)`` and the bots with
``make_bot(level, N * 4 + seat)``. :func:`person_turns` plays the bots exactly so, with
the person's answers given, and returns the person's view at each decision;
:func:`seed_where` looks for the first seed whose decisions fit a test (South deals and
is asked first in round one, say). A change to the shuffle or to the draw for the first
deal then moves a test to another seed instead of breaking it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from euchre.bots import make_bot
from euchre.core.actions import Action
from euchre.core.game import Game
from euchre.core.hand import Phase
from euchre.core.presets import preset
from euchre.core.views import PlayerView, view_of

Condition = Callable[[list[PlayerView]], bool]


def person_turns(seed: int, answers: Sequence[Action] = (), *, preset_name: str = "modern-standard", seat: int = 2,
                 level: str = "intermediate", target: int | None = None) -> list[PlayerView]:
    """The person's views at their first ``len(answers) + 1`` decisions of ``euchre play
    --seed seed`` (fewer when the game ends first), answering ``answers`` in turn (an
    answer that is not legal ends the list)."""
    rules = preset(preset_name)
    if target is not None:
        rules = rules.replace(game_target=target)
    game = Game(rules, seed)
    bots = [make_bot(level, seed * 4 + s) for s in range(4)]
    views: list[PlayerView] = []
    while not game.is_over:
        turn = game.hand.turn
        view = view_of(game.hand, turn, game.score)
        if turn != seat:
            game.apply(bots[turn].choose(view))
            continue
        views.append(view)
        if len(views) > len(answers) or answers[len(views) - 1] not in view.legal:
            break
        game.apply(answers[len(views) - 1])
    return views


@cache
def _search(key: str, condition: Condition, answers: tuple[Action, ...], preset_name: str, seat: int, level: str,
            target: int | None, limit: int) -> int:
    for seed in range(limit):
        if condition(person_turns(seed, answers, preset_name=preset_name, seat=seat, level=level, target=target)):
            return seed
    raise AssertionError(f"no seed below {limit} gives {key}")


def seed_where(key: str, condition: Condition, answers: Sequence[Action] = (), *, preset_name: str = "modern-standard",
               seat: int = 2, level: str = "intermediate", target: int | None = None, limit: int = 2000) -> int:
    """The first seed whose decisions for ``seat`` (see :func:`person_turns`) satisfy
    ``condition(views)``; ``key`` names the condition (for the cache and the message)."""
    return _search(key, condition, tuple(answers), preset_name, seat, level, target, limit)


ROUND_ONE_MENU = (Action.PASS, Action.ORDER_UP, Action.ORDER_UP_ALONE)


def _south_deals_and_is_asked_in_round_one(views: list[PlayerView]) -> bool:
    return bool(views) and views[0].dealer == 2 and views[0].phase == Phase.BID_ROUND_1 and views[0].legal == ROUND_ONE_MENU


def south_deals_round_one_seed() -> int:
    """A seed of ``euchre play`` (modern-standard, intermediate bots) in which South deals
    the first hand, the three bots pass, and South's first question is the round-one call
    with the menu pass / pick it up / pick it up alone."""
    return seed_where("South deals, asked first in round one", _south_deals_and_is_asked_in_round_one)
