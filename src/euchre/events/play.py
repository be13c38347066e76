"""Tables of an event played by bots, and duplicate deals (every table of a round plays
the same cards).

A table is one :class:`~euchre.core.game.Game` of the event's rules (a progressive round of
``progressive_hands`` hands, or a game to the target in a tournament), its four seats
played by bots that see only their :func:`~euchre.core.views.view_of` views and whose
every choice the engine checks (:func:`euchre.analysis.duplicate.checked_choice`). The
bot in each seat is seeded from the table's seed and the seat, so a table plays the same
again from the same seed.

Duplicate deals (the method of duplicate bridge, as :mod:`euchre.analysis.duplicate` uses
it for matches between bots): every table of a round gets the same cards for the same
deal. The ``c``-th deal of a table (``c`` counts how often the deal has passed to the
left; a hand passed out and dealt again by the same dealer keeps ``c`` and counts ``j``,
its redeal) is :func:`~euchre.analysis.duplicate.deal_for` of the round's seed for ``j``
at index ``c``: shuffled from ``derive_seed("deal", derive_seed("event deal", seed, round,
j), c)`` and dealt by seat ``c mod 4``. Every table's first dealer is North
(:func:`euchre.events.movements.first_dealer`), so the ``c``-th deal is dealt by the same
seat at every table and every table holds the same cards in the same seats, whatever
happened at the other tables; tables that pass a deal out get the same redeal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from euchre.analysis.duplicate import deal_for, derive_seed, play_out
from euchre.bots import make_bot
from euchre.core.game import Game, Setup
from euchre.core.hand import HandState
from euchre.core.rules import Rules
from euchre.events.errors import EventError

MAX_HANDS = 1000
"""A game that has not ended after this many hands stops (a guard for rules that could
pass out for ever)."""


def round_deal_seed(seed: int, key: int | str, redeal: int) -> int:
    """The seed of a round's duplicate deals (``key``: the round's number or name) for
    the ``redeal``-th deal by the same dealer."""
    return derive_seed("event deal", seed, key, redeal)


class DuplicateDeals:
    """The deal provider of one table under duplicate deals (see the module docstring).

    One provider per game: :class:`~euchre.core.game.Game` calls it once for each new
    hand, in order, with ``(hand index, dealer)``.

    Args:
        rules: the event's rules.
        seed: the event's seed.
        key: the round (its number, or a bracket round's name).
    """

    def __init__(self, rules: Rules, seed: int, key: int | str) -> None:
        self.rules = rules
        self.seed = seed
        self.key = key
        self.deal = -1
        self.redeal = 0
        self.last_dealer: int | None = None

    def __call__(self, index: int, dealer: int) -> HandState:
        """The hand for the game's ``index``-th deal by ``dealer``."""
        if self.last_dealer is not None and dealer == self.last_dealer:
            self.redeal += 1
        else:
            self.deal += 1
            self.redeal = 0
        self.last_dealer = dealer
        hand = deal_for(self.rules, round_deal_seed(self.seed, self.key, self.redeal), self.deal)
        if hand.dealer != dealer:
            # Only a table whose first dealer is not North gets here: the same shuffle,
            # dealt by the dealer it has.
            rng = random.Random(derive_seed("deal", round_deal_seed(self.seed, self.key, self.redeal), self.deal))
            hand = HandState.deal(self.rules, dealer, rng)
        return hand


def play_table(rules: Rules, levels: Sequence[str], first_dealer: int, seed: int,
               duplicate_key: int | str | None = None, event_seed: int = 0) -> Game:
    """Play one table to the end of its game by bots.

    Args:
        rules: the event's rules (four-hand partnership).
        levels: the bot level of each seat N, E, S, W.
        first_dealer: the seat of the first dealer.
        seed: the table's seed (its shuffles, when not duplicate, and its bots).
        duplicate_key: the round's key for duplicate deals, or None for the table's own
            shuffles.
        event_seed: the event's seed (duplicate deals).

    Returns:
        The finished game (``game.result.player_points``: each seat's points).

    Raises:
        EventError: not four levels, or rules not of the four-hand partnership table.
        IllegalActionError: a bot chose an action its view did not offer.
    """
    if rules.table.seats != 4 or len(rules.table.teams) != 2:
        raise EventError("events are played at four-hand partnership tables (N-S against E-W)")
    if len(levels) != 4:
        raise EventError(f"one bot level per seat N, E, S, W, not {len(levels)}")
    bots = [make_bot(level, derive_seed("bot", seed, s)) for s, level in enumerate(levels)]
    provider = DuplicateDeals(rules, event_seed, duplicate_key) if duplicate_key is not None else None
    return play_out(Game(rules, derive_seed("table", seed), setup=Setup((0, 1, 2, 3), first_dealer, (), "event table"),
                         deal_provider=provider, max_hands=MAX_HANDS), bots)
