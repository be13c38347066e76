"""The calls list of a seat's state: every decision of the hand but the cards played, in words.

A call's words depend on who is told them (:func:`euchre.text.words.describe`), so the
list is made per seat; a revoke claim's entry holds what it came to and the points its
law gives each side (table mode, RULES.md decision 27).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from euchre.core.actions import PLAY, Action, action_text, is_play_code
from euchre.core.hand import Phase
from euchre.core.revokes import false_claim_points, revoke_points
from euchre.core.seats import Table
from euchre.core.views import PlayerView
from euchre.server.state_parts import card_json, seat_text
from euchre.text.revoke_words import claim_outcome
from euchre.text.words import claim_round_length, describe

_UNLISTED = frozenset([*range(PLAY.first, PLAY.end), int(Action.LET_STAND)])
"""The codes of the history entries the calls list leaves out (:func:`is_listed`)."""


def is_listed(code: int) -> bool:
    """Whether the calls list (:func:`_calls_json`) shows a history entry of ``code``:
    every decision but a card played (shown as a card) and a card left standing after a
    revoke (it changes nothing): the bidding, discards, cards given for best (codes 100
    up), a called exposed card (140 up), claims. The list and its cache's key
    (:meth:`StateCache.calls_of`, through :func:`calls_history`) both read this one set,
    so they cannot disagree."""
    return code not in _UNLISTED


def calls_history(view: PlayerView) -> tuple[tuple[int, int], ...]:
    """The part of ``view.history`` its calls list is made from: up to and with its last
    listed entry (:func:`is_listed`). The cards played after the last call change none of
    the calls' words (an entry's phase and a claim's trick come from the entries before
    it), so the calls of a trick's states are made once."""
    history = view.history
    end = len(history)
    while end and history[end - 1][1] in _UNLISTED:  # is_listed, inlined: this runs for every seat's state
        end -= 1
    return history if end == len(history) else history[:end]


def _calls_json(view: PlayerView, viewer: int) -> list[dict[str, Any]]:
    # describe_history's words for the calls only (the plays are shown as cards, and
    # wording them for every state of every seat was a tenth of the server's time).
    out = []
    style = view.rules.call_words
    table = view.table
    history = calls_history(view)
    claims = claim_round_length(history, view.rules, view.upcard)
    shown = dict(view.shown)
    claim_no = 0
    played: list[int] = []  # the seats of the cards played so far, those taken back by a correction left out
    playing = sum(1 for s in range(table.seats) if not view.sits_out(s))
    for i, ((seat, code), phase) in enumerate(zip(history, view.history_phases[:len(history)], strict=True)):
        if is_play_code(code):
            played.append(seat)
        elif code == Action.CORRECT_REVOKE:
            # The corrected card and the cards played after it are taken back (decision 27).
            del played[max(k for k, s in enumerate(played) if s == seat):]
        if not is_listed(code):
            continue  # the cards are shown as cards; a card left standing changes nothing
        words = describe(code, seat, dealer=view.dealer, phase=phase, style=style, upcard=view.upcard, viewer=viewer,
                         table=table, claim=i < claims, joker_card=view.rules.joker_card)
        # A discard (HIDDEN) or a card given for best (HIDDEN_GIVE) that the viewer may
        # not see: no action text for it.
        text = None if code < 0 else action_text(code)
        entry: dict[str, Any] = {"seat": seat_text(seat, table), "action": text, "words": words}
        if code == Action.CLAIM_REVOKE:  # table mode: what the claim came to, with the proof (decision 27)
            entry["outcome"] = " ".join(claim_outcome(view.rules, view.claim_log, view.revokes, view.proofs, claim_no,
                                                      lambda s: table.titles[s], side_name(table)))
            entry["claim"] = {"upheld": view.claim_log[claim_no][1] > 0,
                              "trick": None if phase == Phase.REVOKE_CLAIMS else len(played) // playing + 1,
                              "points": claim_points(view, claim_no)}
            claim_no += 1
        if i < claims and seat in shown and code != Action.PASS:
            entry["cards"] = [card_json(c, view.rules.joker_card) for c in shown[seat]]  # a claim shows them to every seat
        out.append(entry)
    return out


def side_name(table: Table) -> Callable[[int], str]:
    """How the page writes a side of ``table`` (by its index in ``table.teams``): a
    partnership's letters joined by an en dash (``"E–W"``), a player's title
    (``"Player 2"``); the page's ``sideShort`` writes them the same way."""
    names = tuple(table.titles[team[0]] if len(team) == 1 else table.team_names[i].replace("-", "–")
                  for i, team in enumerate(table.teams))
    return names.__getitem__


def claim_points(view: PlayerView, k: int) -> list[int]:
    """The points the law gives each side for the ``k``-th revoke claim of ``view``'s
    hand (0-based; table mode, RULES.md decision 27): a claim upheld, the penalty of the
    revokes it established (:func:`~euchre.core.revokes.revoke_points`: to every side but
    the revoker's, the lone hand's penalty in a lone hand); a claim not upheld,
    ``false_claim_penalty`` to every side but the claimant's. One entry per side of the
    table. Where one side revoked twice and the hand ended at the claim (a side pays once)
    or revokes of both sides cancel (Leeds & Dwight 1888 s71), the hand's result holds
    what was scored in all; these are each claim's own."""
    seat, made = view.claim_log[k]
    table = view.table
    if made:
        before = sum(n for _, n in view.claim_log[:k])
        lone = view.alone != -1 or view.defender_alone != -1
        return list(revoke_points(view.rules, table, list(view.revokes[before:before + made]), lone))
    return list(false_claim_points(view.rules, table, seat))

