"""Euchre Game Notation (EGN): replay games recorded by people, and write ours.

EGN is a public JSON format (NextSuit-Labs/euchre-game-notation, Apache 2.0; schema
``egn-schema-v1.json``, docs ``README.md``, ``docs/replayer-logic.md``,
``docs/alternate-rules.md``). A file holds ``metadata`` (players by seat 0..3 clockwise,
``initialScore`` as [team 0/2, team 1/3], a ``ruleset``) and ``deals``: for each deal the
dealer seat and the upcard (``initialState``), a bidding phase (``calls`` in order from
the dealer's left, ``isAlone``, the dealer's ``discard``, ``aloneDefender``) and a play
phase (``tricks``: each trick's cards in the order they were played, starting with its
leader). Who led a trick, who won it and what a deal scored are not stored: a reader
works them out with the rules. Here our engine does that work (RULES.md decision 7):
every deal is replayed through :class:`~euchre.core.game.Game`, so every call and every
card is checked legal, each trick's winner and each deal's score are our engine's, and
the game ends the moment a side reaches the target.

Seats: EGN seat ``i`` is our seat ``i`` (0 N, 1 E, 2 S, 3 W); EGN team 0 (seats 0 and 2)
is our N-S. Cards: ``"Jc"`` style codes, see :func:`card_from_egn`.

Dealt hands. Most files do not record the dealt hands (``playerCards`` is absent or holds
empty lists). The reader then rebuilds each deal: it first runs the deal through the
engine with a stand-in deal (bids checked, cards placed without the check) only to learn,
from the engine, which seat played each card; each seat's hand is then the cards it
played, the dealer's also the upcard and the ``discard`` when he took it up, and every
card still unknown (the kitty, a lone player's partner's hand, an unrecorded discard, and
in a deal whose record stops early the cards not yet played) is filled from the unseen
cards deterministically (lowest card first, by bipartite matching so that a seat never
receives a card of a suit it showed out of). The filled cards never affect the legality of
what was recorded: the kitty and a sitting-out hand are never played, a discard leaves
the hand before play, and unplayed cards respect every void shown. The deal is then
replayed for real with every action checked. Consequently ``game.finished_hands[i]``
holds a *possible* deal: the played cards, the upcard and known discards are the file's;
the rest are stand-ins.

Rules. ``metadata.ruleset`` maps onto :class:`~euchre.core.rules.Rules` (see
:func:`rules_from_ruleset`); an option our engine cannot play raises
:class:`~euchre.core.errors.RecordError` naming it. Calls: ``"Pass"``; ``"Order"`` in
round one (ordering up, assisting or, by the dealer, taking up); a suit letter
``c``/``d``/``h``/``s`` (or ``n``, no trump) in round two; ``isAlone`` marks the making
call as alone; ``aloneDefender`` is the seat defending alone (``-1`` or absent: nobody).

Files in the wild deviate from the schema and are read anyway: version ``"1.0.0"``
(snake_case ``player_cards``/``initial_state``), ``kitty`` (the undealt cards other than
the upcard; ``""`` = unknown) and ``initialLead`` (checked against the leader our engine
computes). Keys the reader does not know are ignored. ``alternativeLines`` and the
``callAnnotations``/``playAnnotations`` are analysis, never part of the game:
:func:`load_egn` does not read them; :func:`read_egn` reads them with the title, date and
description, each alternative line followed through the engine as a deal of its own
(:mod:`euchre.records.egn.notes`); :func:`egn_annotations` lists the main line's annotations
without replaying.

A record whose deals stop before the end of the game is fine: the game is just not over
(its last deal may stop anywhere, even inside a trick; ``game.hand`` after the last
recorded deal is a stand-in dealt with a fixed seed). A record that goes on after the
game was won (some recorders keep recording) is read up to the hand that won it; the
deals after it are still checked, every call and card, as a game that goes on from the
next dealer, and :func:`read_egn` says what was left out (``EgnGame.after_end``, with a
line to print). Errors: everything corrupt or inconsistent raises ``RecordError(where,
why)`` with a JSON path such as ``deals[3].phases[1].tricks[2][1]``.

Writing: :func:`game_to_egn` writes version 1.4 with ``playerCards``, ``calls``,
``isAlone``, ``discard``, ``aloneDefender`` and ``tricks``; :func:`load_egn` reads it back
to the same deals, actions and score. A passed-out deal (all passed twice without stick
the dealer) is a bidding phase of eight ``"Pass"`` calls and no play phase. EGN has no
place for the order of the kitty, so a reread deal's stock holds the same cards in card
order.
"""

from __future__ import annotations

from euchre.records.egn.cards import card_from_egn, card_to_egn
from euchre.records.egn.deals import Step
from euchre.records.egn.notation import FILE_TYPE, MATCH_FILE_TYPE, VERSION
from euchre.records.egn.notes import AlternativeLine, annotation_label
from euchre.records.egn.reader import (
    AfterTheEnd,
    Annotation,
    EgnGame,
    egn_annotations,
    load_egn,
    load_emn,
    loads_egn,
    loads_emn,
    read_egn,
    read_emn,
)
from euchre.records.egn.ruleset import rules_from_ruleset, ruleset_from_rules
from euchre.records.egn.writer import dumps_egn, game_to_egn

__all__ = [
    "FILE_TYPE",
    "MATCH_FILE_TYPE",
    "VERSION",
    "AfterTheEnd",
    "AlternativeLine",
    "Annotation",
    "EgnGame",
    "Step",
    "annotation_label",
    "card_from_egn",
    "card_to_egn",
    "dumps_egn",
    "egn_annotations",
    "game_to_egn",
    "load_egn",
    "load_emn",
    "loads_egn",
    "loads_emn",
    "read_egn",
    "read_emn",
    "rules_from_ruleset",
    "ruleset_from_rules",
]
