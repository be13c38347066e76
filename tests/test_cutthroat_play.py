"""The cutthroat table (``cutthroat-3``) in the terminal and its records: three players
named 1, 2, 3, each for himself (RULES.md decision 19)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from euchre.records import loads


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from euchre.cli.main import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("seed", [3, 8])
def test_watch_plays_three_players_to_ten_and_names_the_two_losers(
        seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "c.json"
    code, out, err = run(capsys, "watch", "--preset", "cutthroat-3", "--bots", "random", "--seed", str(seed),
                         "--delay", "0", "--save", str(save))
    assert code == 0, err
    game, names = loads(save.read_text(encoding="utf-8"))
    assert names == ["random bot"] * 3 and game.result is not None
    assert not re.search(r"\b(North|South|East|West|N-S|E-W|partner)\b", out)
    # Tricks of three cards, one per player.
    assert len(re.findall(r"^    Player [123] +\S+$", out, flags=re.MULTILINE)) == 3 * out.count(" leads:")
    for line in re.findall(r"Score: .*", out):
        assert re.fullmatch(r"Score: Player 1 \d+, Player 2 \d+, Player 3 \d+ \(game to 10\)", line), line
    w = game.result.winner
    s = game.score
    assert s[w] >= 10 and all(s[w] > s[t] for t in range(3) if t != w)
    rest = [s[t] for t in range(3) if t != w]
    assert f"Player {w + 1} wins the game, {s[w]} to {rest[0]} and {rest[1]}." in out


def test_a_euchre_is_said_as_two_points_to_each_opponent(capsys: pytest.CaptureFixture[str]) -> None:
    """X-56: 'should he be euchred, both adversaries count two'."""
    code, out, _ = run(capsys, "watch", "--preset", "cutthroat-3", "--bots", "random", "--seed", "3", "--delay", "0")
    assert code == 0
    said = re.findall(r"Player (\d) \(maker\) took (\d) tricks?: euchre\. 2 points each to Player (\d) and Player (\d)\.",
                      out)
    assert said
    for maker, tricks, a, b in said:
        assert int(tricks) <= 2 and sorted({maker, a, b}) == ["1", "2", "3"]
