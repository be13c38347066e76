"""A side whose seats play different levels (``expert+intermediate``), the partner
measurement of the strength issue (:mod:`euchre.bots.side`)."""

from __future__ import annotations

import functools
import random

import pytest

from euchre.analysis.duplicate import deal_for, run_match
from euchre.bots import make_bot
from euchre.bots.heuristic import HeuristicBot
from euchre.bots.random_bot import RandomBot
from euchre.bots.side import MixedSideBot, parse_side
from euchre.cli.arena import parse_bots
from euchre.core.errors import EuchreError, EuchreValueError
from euchre.core.presets import preset
from euchre.core.views import view_of
from test_cli import assert_one_line_error, run

RULES = preset("modern-standard")


def test_parse_side_reads_levels_joined_by_plus() -> None:
    assert parse_side("expert") is None
    assert parse_side("Expert + intermediate") == ("expert", "intermediate")
    with pytest.raises(EuchreValueError, match=r"'nobody'.*is not a level"):
        parse_side("expert+nobody")
    with pytest.raises(EuchreValueError, match=r"'\(nothing\)'"):
        parse_side("expert+")


def test_each_seat_plays_the_level_of_its_place_in_its_side() -> None:
    """N and E are the first seats of N-S and E-W (Table.teams), S and W the second."""
    hand = deal_for(RULES, 3, 0)
    bot = MixedSideBot(("intermediate", "random"), 7)
    for seat, kind in ((0, HeuristicBot), (1, HeuristicBot), (2, RandomBot), (3, RandomBot)):
        assert type(bot.bot_for(view_of(hand, seat))) is kind
    assert bot.name == "intermediate+random"


def test_a_side_of_bots_already_made_seats_them_by_place() -> None:
    """``bots=``: the given bots, not new ones from the names; one bot per name."""
    hand = deal_for(RULES, 3, 0)
    first, second = RandomBot(1), HeuristicBot(2)
    bot = MixedSideBot(("variant", "intermediate"), bots=(first, second))
    assert [bot.bot_for(view_of(hand, seat)) for seat in range(4)] == [first, first, second, second]
    assert bot.name == "variant+intermediate"
    with pytest.raises(EuchreValueError, match="one bot per level"):
        MixedSideBot(("a", "b"), bots=(first,))


def test_a_mixed_seat_chooses_as_its_level_does() -> None:
    """Against the level's own bot made with the same seed, over a whole random hand."""
    hand = deal_for(RULES, 5, 1)
    rng = random.Random(2)
    mixed = [MixedSideBot(("intermediate", "beginner"), 40 + s) for s in range(4)]
    alone = [make_bot("intermediate" if s in (0, 1) else "beginner", 40 + s) for s in range(4)]
    while not hand.is_over:
        view = view_of(hand, hand.turn)
        assert mixed[hand.turn].choose(view) == alone[hand.turn].choose(view)
        hand.apply(rng.choice(view.legal))


def test_a_side_of_one_level_twice_is_that_level() -> None:
    """Positive control of the measurement: ``intermediate+intermediate`` against
    ``intermediate`` cancels exactly, as two copies of one bot do; ``beginner+intermediate``
    against ``intermediate`` does not."""
    same = run_match(RULES, functools.partial(MixedSideBot, ("intermediate", "intermediate")),
                     functools.partial(make_bot, "intermediate"), deals=20, seed=4)
    assert all(d.a_points == d.b_points for d in same.deals)
    other = run_match(RULES, functools.partial(MixedSideBot, ("beginner", "intermediate")),
                      functools.partial(make_bot, "intermediate"), deals=20, seed=4)
    assert any(d.a_points != d.b_points for d in other.deals)


def test_the_arena_takes_a_mixed_side_where_the_sides_have_that_many_seats() -> None:
    bots = parse_bots("expert+intermediate,intermediate", RULES)
    assert [b.label for b in bots] == ["expert+intermediate", "intermediate"]
    with pytest.raises(EuchreError, match="names 2 levels; the sides of this table have 1 seat"):
        parse_bots("expert+intermediate,intermediate", preset("cutthroat-3"))
    with pytest.raises(EuchreError, match="names 3 levels"):
        parse_bots("expert+intermediate+beginner,intermediate", RULES)


def test_a_side_of_the_wrong_size_is_refused_when_it_plays() -> None:
    hand = deal_for(preset("cutthroat-3"), 1, 0)
    with pytest.raises(EuchreValueError, match=r"names 2 levels for a side of 1 seat$"):
        MixedSideBot(("intermediate", "random"), 0).choose(view_of(hand, hand.turn))
    with pytest.raises(EuchreValueError, match="two or more levels"):
        MixedSideBot(("intermediate",), 0)


def test_arena_command_with_a_mixed_side(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "arena", "--bots", "intermediate+beginner,beginner", "--deals", "4", "--seed", "1")
    assert code == 0
    assert "intermediate+beginner" in out
    assert "--bots intermediate+beginner,beginner" in out
    code, _, err = run(capsys, "arena", "--bots", "expert+nobody,beginner", "--deals", "4")
    assert_one_line_error(code, err, "'nobody'", "is not a level")
