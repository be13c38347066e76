"""Game records: the project's own JSON record (:mod:`euchre.records.game_record`) that
replays to the identical game, and EGN, the public Euchre Game Notation
(:mod:`euchre.records.egn`).

Records sit beside the rules, not inside them: they import :mod:`euchre.core` and the core
never imports them (docs/DESIGN.md "Layers"). The names below are the record's public API::

    from euchre.records import dumps, loads
    text = dumps(game, ["Ann", "Bo", "Cy", "Di"])
    game, players = loads(text)
"""

from euchre.records.game_record import (
    FORMAT,
    MAX_HANDS,
    VERSION,
    dumps,
    game_to_record,
    load_record,
    loads,
    refuse_unknown,
)

__all__ = ["FORMAT", "MAX_HANDS", "VERSION", "dumps", "game_to_record", "load_record", "loads", "refuse_unknown"]
