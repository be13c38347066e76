"""The referee of a game played with real cards: the score, the deal and the laws of
irregularities, from what one person enters hand by hand (RULES.md decision 28).

Four people play at a real table; the person keeping score enters each hand's result
(the maker, alone or not, the tricks the makers took), or every card of it
(:meth:`Referee.hand_cards`, which the engine replays), and any irregularity found. The
:class:`Referee` keeps the score under the rules (``game_target``, the bridge, laps,
slams, progressive rounds: the same :func:`~euchre.core.game.settle_hand` as a game at
the computer table), the dealer's turn, and the games of the evening, and answers every
entry with a :class:`Ruling`: the law, its source, and what now happens.

The laws, by entry (each with the preset's option where the sources disagree; a ruling
on an option cites the preset's own source of its value, :func:`law_source`, so that
dc-club-1862, whose code (S000) is silent on misdeals and faced cards, cites that
silence and the reading it follows, REFERENCE 5.3, not the modern sheets):

- a misdeal (a wrong number of cards found, before or after the turn-up):
  ``misdeal_policy``: ``deal_passes`` (S002 L13: "the dealer losing his privilege";
  Leeds & Dwight 1888 s41: a misdeal loses the deal) or ``same_dealer`` (X-29, X-36);
- a card faced in the deal: ``faced_card_in_deal``: ``new_deal`` by the same dealer
  (Leeds & Dwight s34) or ``recipient_option`` (S002 L13: the player it belongs to keeps
  it or calls a new deal);
- a deal out of turn: stopped before the trump is turned, the right dealer deals; after,
  the deal stands (Leeds & Dwight s40), and the deal then passes to the left of the
  player who dealt;
- a card exposed, a lead out of turn: no points; the card lies face up and either
  adversary may call it when its owner is to play (New York 1877 s12; Leeds & Dwight
  s46-s52: after a lead out of turn the adversaries may call the card led, or a suit
  from the offender or his partner at their next lead);
- a revoke claimed with the tricks as proof: the preset's ``renege_penalty`` (or
  ``renege_penalty_lone``); with ``renege_ends_hand`` the hand ends and the claimants
  score the penalty instead of it; else the penalty is scored first and the hand's
  result is entered next; a claim the tricks do not prove costs ``false_claim_penalty``
  (RULES.md decision 27);
- a dealer who failed to discard (six cards): the deal stands, the dealer's side scores
  nothing for the hand and the adversaries score 2, or 4 in a lone hand (Leeds & Dwight
  s90).

Entries that cannot be true are refused with a :class:`~euchre.core.errors.RefereeError`
naming what is wrong, and nothing changes: more than five tricks, a seat not at the
table, a lone hand where the rules have none, a defender alone who is a maker, a
revoke claimed against one's own side, a hand entered after the game is over.

The record (:meth:`Referee.to_dict`, :meth:`Referee.from_dict`) holds the rules by value
and the entries in order; reading it enters them again, so it replays exactly.
"""

from euchre.referee.entries import ENTRY_HELP, EntryError, enter
from euchre.referee.laws import Referee
from euchre.referee.rulings import RECORD_FORMAT, RefereeError, Ruling, law_source

__all__ = ["ENTRY_HELP", "RECORD_FORMAT", "EntryError", "Referee", "RefereeError", "Ruling", "enter", "law_source"]
