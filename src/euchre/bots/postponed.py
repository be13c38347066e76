"""Card play that postpones the bot's next decision: one step of extended PIMC.

Plain PIMC values a card in each sampled world by the open-hand solver, which lets the
bot choose its later cards knowing that world's hidden cards: a different later card in
each world, where at the table it must choose one card for all the worlds it cannot tell
apart (*strategy fusion*; Frank and Basin 1998). :func:`postponed_values` takes that
fusion out of the bot's next decision, as extended PIMC does at depth one of the bot's
own moves (Arjonilla, Saffidine and Cazenave, "Perfect Information Monte Carlo with
Postponing Reasoning", 2024):

1. in each world, after the card, the other seats play on to the bot's next turn as the
   open-hand solver plays them (the card of best value for the seat's side, the lowest of
   equals);
2. the worlds are grouped by what the bot then sees: the cards played since its card
   (its own hand is the same in every world);
3. in each group the bot's next card is the one best over the group's worlds together
   (their weighted sum), each world's value for it from the open-hand solver.

A card's value is the weighted mean over the worlds. It equals the PIMC value where each
group holds one world (nothing to fuse), and is never above it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from euchre.core.actions import PLAY_BASE
from euchre.core.errors import EuchreError, is_finite_number
from euchre.core.hand import HandState, Phase
from euchre.solver import solve_points


def _solver_line(world: HandState, seat: int) -> int:
    """Push the other seats' cards, each the open-hand solver's best for its side (the
    lowest of equals), until ``seat`` is to play or the play is over; how many pushed."""
    pushed = 0
    while world.phase == Phase.PLAY and world.turn != seat:
        values = solve_points(world)
        best = max(values.values())
        world.push(PLAY_BASE + min(card for card, value in values.items() if value == best))
        pushed += 1
    return pushed


def postponed_values(worlds: Sequence[tuple[HandState, float, dict[int, int]]], seat: int,
                     every_card: bool = False) -> dict[int, float]:
    """The value of each card for ``seat``'s side with its next decision postponed (see
    the module docstring).

    A card's postponed value is never above its PIMC value (the weighted mean of the
    worlds' values), so a card whose PIMC value is below the postponed value of a card
    valued before it cannot be the best: unless ``every_card``, it is not valued again
    and keeps its PIMC value (an upper bound). The cards are valued in order of their
    PIMC values, best first; the best card is the same either way.

    Args:
        worlds: ``(world, weight, values)`` per sampled world: the world (a hand in the
            play with ``seat`` to play, every card known; left as it was), its weight
            (> 0), and the open-hand solver's points of each legal card there
            (:func:`euchre.solver.solve_points`). Every world shows ``seat`` the same:
            the same legal cards.
        every_card: value every card postponed, none by its PIMC bound.

    Returns:
        ``{card: weighted mean points of the hand for seat's side}``, one entry per
        legal card: negative when the other side is expected to score.

    Raises:
        EuchreError: no worlds, a weight not a finite number above 0, a world not in
            the play with ``seat`` to play, or values that are not those of the legal
            cards (the same in every world).
    """
    if not worlds:
        raise EuchreError("postponed values need at least one world")
    cards = sorted(worlds[0][2])
    if any(sorted(values) != cards for _, _, values in worlds):
        raise EuchreError("the worlds do not agree on the legal cards of the seat to play")
    if any(not (is_finite_number(weight) and weight > 0) for _, weight, _ in worlds):
        raise EuchreError("every world's weight must be a finite number above 0")
    for world, _, _ in worlds:
        if world.phase != Phase.PLAY or world.turn != seat:
            raise EuchreError(f"every world must be in the play with seat {seat} to play")
        if sorted(a.card for a in world.legal_actions() if a.is_play) != cards:
            raise EuchreError("the values must be those of the world's legal cards")
    weight_sum = sum(weight for _, weight, _ in worlds)
    pimc = {card: sum(weight * values[card] for _, weight, values in worlds) / weight_sum for card in cards}
    out: dict[int, float] = {}
    best = -math.inf
    for card in sorted(cards, key=lambda c: (-pimc[c], c)):
        if not every_card and pimc[card] < best - 1e-9:
            out[card] = pimc[card]  # cannot be the best: its bound is below
            continue
        out[card] = _postponed(worlds, seat, card) / weight_sum
        best = max(best, out[card])
    return {card: out[card] for card in cards}


def _postponed(worlds: Sequence[tuple[HandState, float, dict[int, int]]], seat: int, card: int) -> float:
    """The weighted sum over ``worlds`` of ``card``'s value with the next decision postponed."""
    total = 0.0
    groups: dict[tuple[int, ...], dict[int, float]] = {}
    for world, weight, values in worlds:
        start = len(world.history)
        world.push(PLAY_BASE + card)
        pushed = 1 + _solver_line(world, seat)
        nexts = solve_points(world) if world.phase == Phase.PLAY else {}
        if len(nexts) < 2:
            total += weight * values[card]  # no choice to fuse: the open-hand value
        else:
            group = groups.setdefault(tuple(code for _, code in world.history[start:]), {})
            for later, value in nexts.items():
                group[later] = group.get(later, 0.0) + weight * value
        for _ in range(pushed):
            world.pop()
    return total + sum(max(group.values()) for group in groups.values())
