"""Euchre evenings and leagues: progressive evenings and tournaments of fixed partnerships.

A progressive evening seats ``4 T`` players at ``T`` tables; each round every table plays
a fixed number of hands (the ``progressive-party`` preset, RULES.md decision 24), every
player records his side's points, and the next round's seating follows from the results
by the movement the organiser chose (:mod:`euchre.events.movements`). A tournament pairs
fixed partnerships: round robin, Swiss, single and double elimination
(:mod:`euchre.events.tournament`, its rounds in :mod:`euchre.events.pairings` and its
brackets in :mod:`euchre.events.bracket`). Scores are entered from real tables or played
by bots (:mod:`euchre.events.play`); a hand's points are :mod:`euchre.events.hand_tally`'s,
a table's result :mod:`euchre.events.tally`'s, the standings and tie-breaks
:mod:`euchre.events.standings`', their CSV and JSON :mod:`euchre.events.spreadsheet`';
:mod:`euchre.events.spec` holds one event's definition and :mod:`euchre.events.event` its
log, :mod:`euchre.events.store` keeps it in SQL, and :mod:`euchre.events.printing` prints
tally and table cards.

This package sits above the core and the analysis layer (it reuses the duplicate dealing
of :mod:`euchre.analysis.duplicate` and the bots); it imports nothing from the terminal
commands or the server.
"""
