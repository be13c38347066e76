"""Our JSON game record holds only the fields its writer writes (records/game_record.py,
``game_to_record``): the reader refuses any other, by where it lies, as the referee's
record reader does (issue 34's follow-up: a referee's record with ``"version": 99``
was read and the field dropped)."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from euchre.core.errors import RecordError
from euchre.core.game import Game
from euchre.core.presets import preset
from euchre.records import game_to_record, load_record


def _record() -> dict[str, Any]:
    game, rng = Game(preset("modern-standard"), 5), random.Random(5)
    while len(game.finished_hands) < 2:
        game.apply(rng.choice(game.legal_actions()))
    data: dict[str, Any] = json.loads(json.dumps(game_to_record(game, ["Ann", "Bob", "Cy", "Di"])))
    return data


def test_the_record_as_written_reads() -> None:
    """The positive control: every field the writer writes is read."""
    game, names = load_record(_record())
    assert names == ["Ann", "Bob", "Cy", "Di"] and len(game.finished_hands) == 2


@pytest.mark.parametrize(("path", "key", "where", "what"), [
    ((), "extra", "extra", "a record holds format, version, rules, preset, seed, players, setup, initial_score, "
                           "max_hands, hands, final_score, winner"),
    ((), "final_scores", "final_scores", "a record holds format"),
    (("setup",), "dealer", "setup.dealer", "the setup holds seating, first_dealer, draws, method"),
    (("hands", 1), "notes", "hands[1].notes", "a hand holds dealer, hands, stock, actions, packets, result"),
    (("hands", 0, "hands"), "X", "hands[0].hands.X", "the deal (a hand a seat) holds N, E, S, W"),
    (("hands", 0, "result"), "winner", "hands[0].result.winner", "a result holds points, tricks, label"),
])
def test_regression_unknown_fields_of_a_record_were_dropped_without_a_word(path: tuple[Any, ...], key: str,
                                                                          where: str, what: str) -> None:
    data = _record()
    obj = data
    for step in path:
        obj = obj[step]
    obj[key] = copy.deepcopy(obj.get("N", 1)) if key == "X" else 1
    with pytest.raises(RecordError) as refused:
        load_record(data)
    assert str(refused.value).startswith(f"{where}: unknown field {key!r}; {what}"), str(refused.value)
