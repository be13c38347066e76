"""Analysis of play: duplicate matches between bots and plots of their results.

- :mod:`euchre.analysis.duplicate`: duplicate deals and games (each played twice with
  the sides' seats exchanged), run over several processes with identical results.
- :mod:`euchre.analysis.contract`: how the bidding of a hand ended (maker, trump, lone
  hand, lone defender), as a duplicate deal records it for each play.
- :mod:`euchre.analysis.sources`: where a duplicate match's margin comes from (the deals
  bid to the same contract at both tables, and the ways the bidding differed).
- :mod:`euchre.analysis.plot`: a PNG of point shares with confidence intervals (needs
  matplotlib, imported only when a plot is drawn).
"""

from euchre.analysis.duplicate import (
    BotFactory,
    DuplicateDeal,
    DuplicateGame,
    MatchRecord,
    deal_for,
    derive_seed,
    play_duplicate_deal,
    play_duplicate_game,
    play_hand,
    run_match,
    run_matches,
)
from euchre.analysis.plot import ShareBar, check_plot_path, plot_shares

__all__ = [
    "BotFactory", "DuplicateDeal", "DuplicateGame", "MatchRecord", "ShareBar", "check_plot_path", "deal_for", "derive_seed",
    "play_duplicate_deal", "play_duplicate_game", "play_hand", "plot_shares", "run_match", "run_matches",
]
