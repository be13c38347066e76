"""The two-handed game (preset ``two-handed``, Keller 1887 ch. 7, X-15b; Cassell's, X-45)
in the player-facing layer: ``euchre play`` through a real terminal, ``watch``,
``replay``, ``sim``, records that replay exactly, and EGN's refusal.

What is asserted comes from the rules, not from the code's output: two players, each
for himself (X-15b: no partners), five cards each, tricks of two cards, one score per
player, 1 point for a make and 2 for a march or a euchre (no lone hands, X-15b), a game
to 5. The bots are the ``random`` level and a local bot that takes the first legal
action, so the tests run whatever the bot levels can do at this table.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

from euchre.bots import make_bot
from euchre.core import Action, Game, RecordError, preset, view_of
from euchre.core.views import PlayerView
from euchre.records import dumps, loads
from euchre.records.egn import dumps_egn, load_egn
from euchre.text.words import role_of

try:
    from ._terminal import as_at_a_terminal
except ImportError:
    from _terminal import as_at_a_terminal  # type: ignore[no-redef]

TWO = preset("two-handed")
TARGET = 5  # X-15b: the game is five points
HAND_POINTS = {1, 2}  # make 1; march 2; euchre 2 (X-15b; no lone hands)
FOUR_HAND_WORDS = re.compile(r"\b(North|South|East|West|N-S|E-W|partner)\b")
EGN_DIR = Path(__file__).parent / "data" / "egn"


class FirstLegal:
    """Takes the first legal action of its view."""

    def choose(self, view: PlayerView) -> Action:
        return view.legal[0]


def play_out(seed: int, players: list[Any]) -> Game:
    game = Game(TWO, seed)
    while not game.is_over:
        seat = game.turn
        game.apply(players[seat].choose(view_of(game.hand, seat, game.score)))
    return game


def check_two_handed_game(game: Game) -> None:
    """What the rules say of any finished two-handed game."""
    assert game.result is not None
    assert len(game.score) == 2
    winner = game.result.winner
    assert game.score[winner] >= TARGET > game.score[1 - winner]
    total = [0, 0]
    for hand in game.finished_hands:
        assert hand.result is not None
        scored = [p for p in hand.result.points if p]
        assert len(scored) <= 1 and all(p in HAND_POINTS for p in scored)
        total = [t + p for t, p in zip(total, hand.result.points, strict=True)]
        for trick in hand.tricks:
            assert len(trick.cards) == 2
    assert total == list(game.score)


# ----------------------------------------------------------------- records
@pytest.mark.parametrize("seed", range(12))
def test_every_two_handed_game_replays_exactly_from_its_record(seed: int) -> None:
    players = [make_bot("random", seed), FirstLegal()] if seed % 2 else [FirstLegal(), make_bot("random", seed)]
    game = play_out(seed, players)
    check_two_handed_game(game)
    text = dumps(game, ["Ann", "Bob"])
    again, names = loads(text)
    assert names == ["Ann", "Bob"]
    assert again.rules == TWO and again.is_over
    assert [h.history for h in again.finished_hands] == [h.history for h in game.finished_hands]
    assert [h.deal_hands for h in again.finished_hands] == [h.deal_hands for h in game.finished_hands]
    assert again.score == game.score and again.result == game.result
    assert dumps(again, names) == text


def test_a_record_seats_the_players_by_the_table_letters() -> None:
    game = play_out(3, [FirstLegal(), FirstLegal()])
    record = json.loads(dumps(game))
    first = record["hands"][0]
    assert set(first["hands"]) == {"1", "2"}  # seats 1 and 2, no N/E/S/W
    assert all(len(cards) == 5 for cards in first["hands"].values())  # X-15b: five cards each
    assert {seat for seat, _ in first["actions"]} <= {"1", "2"}


def test_a_corrupt_two_handed_record_names_the_seat_it_expected() -> None:
    record = json.loads(dumps(play_out(4, [FirstLegal(), FirstLegal()])))
    record["hands"][0]["dealer"] = "N"
    with pytest.raises(RecordError, match=r"hands\[0\]\.dealer.*not a seat: 'N' \(use 1, 2\)"):
        loads(json.dumps(record))


# --------------------------------------------------------------------- EGN
def test_egn_export_of_a_two_handed_game_is_refused_naming_num_players() -> None:
    game = play_out(5, [FirstLegal(), FirstLegal()])
    with pytest.raises(RecordError, match=r"num_players.*variant = two_handed with num_players = 2"):
        dumps_egn(game, ["Ann", "Bob"])


def test_egn_import_of_a_game_of_two_players_is_refused_naming_num_players() -> None:
    data = json.loads((EGN_DIR / "Me_and_Bears.egn").read_text(encoding="utf-8"))
    load_egn(data)  # positive control: the file as it is reads
    data["metadata"].setdefault("ruleset", {})["num_players"] = 2
    with pytest.raises(RecordError, match=r"num_players 2: only the four-player partnership game"):
        load_egn(data)


# ------------------------------------------------------------------- words
def test_the_non_dealer_bids_first_as_the_eldest_hand() -> None:
    """X-15b: the non-dealer is dealt first and bids first; at a table of two there is no
    dealer's partner and no third hand."""
    table = TWO.table
    assert role_of(0, 1, table) == "eldest hand" and role_of(1, 0, table) == "eldest hand"
    assert role_of(0, 0, table) == "dealer" and role_of(1, 1, table) == "dealer"


def test_one_pass_from_each_of_the_two_players_ends_round_one() -> None:
    """(Of the oracle that tells phases from the history, tests/_history_phases_model.py.)"""
    from euchre.core.hand import Phase
    try:
        from ._history_phases_model import history_phases
    except ImportError:
        from _history_phases_model import history_phases  # type: ignore[no-redef]

    # dealer 0: player 2 (seat 1) passes, the dealer turns it down, player 2 names hearts
    history = [(1, int(Action.PASS)), (0, int(Action.PASS)), (1, int(Action.NAME_H))]
    assert history_phases(history, TWO.table) == [Phase.BID_ROUND_1, Phase.BID_ROUND_1, Phase.BID_ROUND_2]
    # positive control: at the four-hand table the third pass is still round one
    assert history_phases(history)[2] == Phase.BLIND_NAME


# --------------------------------------------------------------- commands
def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from euchre.cli.main import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_watch_shows_two_hands_of_five_and_tricks_of_two(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "w.json"
    code, out, err = run(capsys, "watch", "--preset", "two-handed", "--bots", "random", "--seed", "11",
                         "--delay", "0", "--save", str(save))
    assert code == 0, err
    assert not FOUR_HAND_WORDS.search(out)
    game, names = loads(save.read_text(encoding="utf-8"))
    check_two_handed_game(game)
    assert names == ["random bot", "random bot"]
    deal_lines = re.findall(r"^  (Player [12]) ((?:\S+ ){4}\S+)$", out, flags=re.MULTILINE)
    assert len(deal_lines) == 2 * len(game.finished_hands)  # each hand: two players' five cards
    assert [p for p, _ in deal_lines[:2]] == ["Player 1", "Player 2"]
    trick_heads = out.count(" leads:")
    card_lines = len(re.findall(r"^    Player [12] +\S+$", out, flags=re.MULTILINE))
    assert card_lines == 2 * trick_heads
    for line in re.findall(r"Score: .*", out):
        assert re.fullmatch(r"Score: Player 1 \d+, Player 2 \d+ \(game to 5\)(; Player [12] at the bridge)?", line), line
    w = game.result.winner if game.result else -1
    assert f"Player {w + 1} wins the game, {game.score[w]} to {game.score[1 - w]}." in out


def test_watch_levels_per_player_and_a_wrong_count(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "watch", "--preset", "two-handed", "--bots", "random,beginner", "--seed", "1",
                       "--delay", "0", "--target", "1")
    assert code == 0
    assert "Bots: Player 1 random, Player 2 beginner." in out
    code, _, err = run(capsys, "watch", "--preset", "two-handed", "--bots", "random,random,random", "--delay", "0")
    assert code == 2 and "give 1 or 2 bot level(s)" in err


def test_replay_lists_two_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = play_out(6, [FirstLegal(), make_bot("random", 1)])
    path = tmp_path / "r.json"
    path.write_text(dumps(game, ["Ann", "Bob"]), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    head = out[out.index("Players:"):out.index("Hand 1")]
    assert "  Player 1 Ann\n  Player 2 Bob\n" in head
    assert not FOUR_HAND_WORDS.search(out)
    assert f"Hand {len(game.finished_hands)}" in out


@pytest.mark.parametrize("seat, title", [("1", "Player 1"), ("2", "Player 2"), ("player 2", "Player 2")])
def test_play_seats_the_person_by_the_tables_seat_names(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                                        seat: str, title: str) -> None:
    import builtins

    monkeypatch.setattr(builtins, "input", lambda prompt="": "quit")
    code, out, _ = run(capsys, "play", "--preset", "two-handed", "--bots", "random", "--seat", seat, "--seed", "2")
    assert code == 0
    other = "Player 2" if title == "Player 1" else "Player 1"
    assert f"You are {title}, playing for yourself against {other}." in out


def test_play_refuses_a_four_hand_seat_at_the_two_handed_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--preset", "two-handed", "--seat", "S")
    assert code == 2
    assert "not a seat at this table of 2; its seats are 1 (Player 1), 2 (Player 2)" in err


def test_play_save_to_egn_is_refused_before_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "--preset", "two-handed", "--save", str(tmp_path / "g.egn"))
    assert code == 2
    assert "EGN cannot record these rules" in err and "num_players = 2" in err
    assert not (tmp_path / "g.egn").exists()


def test_review_refuses_a_seat_the_table_does_not_have(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.json"
    path.write_text(dumps(play_out(7, [FirstLegal(), FirstLegal()])), encoding="utf-8")
    code, _, err = run(capsys, "review", str(path), "--seat", "3")
    assert code == 2 and "its seats are 1 (Player 1), 2 (Player 2)" in err


def test_sim_names_the_players_not_the_partnerships(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "sim", "--preset", "two-handed", "--bots", "random,random", "--games", "6")
    assert code == 0, err
    assert "Player 1 (random) against Player 2 (random), two-handed: 6 games" in out
    assert "Games won by Player 1" in out and not FOUR_HAND_WORDS.search(out)


# ------------------------------------------------------------ the terminal
SCRIPT = Path(sys.executable).with_name("euchre")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
PROMPT = re.compile(r"(Your call \(1(?:-\d+)?\)|Your card \(1(?:-\d+)? or e\.g\. JH\)|Discard \(1(?:-\d+)? or e\.g\. 9C\)): ")
PLAYABLE = re.compile(r"(?<![(\d])(\d) ")


def spawn(*args: str) -> Any:
    cmd, argv = (str(SCRIPT), list(args)) if SCRIPT.exists() else (sys.executable, ["-m", "euchre.cli.main", *args])
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    for k in ("COLUMNS", "LINES", "NO_COLOR"):
        env.pop(k, None)
    return pexpect.spawn(cmd, argv, env=env, encoding="utf-8", dimensions=(24, 80), timeout=30,
                         preexec_fn=as_at_a_terminal)


END = re.compile(r"Play again with the same rules\? \(y/n, or save FILE\): ")
LEAVE = re.compile(r"Leave this game\? Type y to quit, Enter to go on: ")

def play_through(child: Any, stop_after: int | None = None) -> str:
    """Answer every question (the first call; the first card not in brackets) until the
    game ends or ``stop_after`` answers; returns the transcript."""
    transcript: list[str] = []
    answers = 0
    hand_line = ""
    while True:
        index = child.expect([PROMPT, END, LEAVE, pexpect.EOF])
        before = ANSI.sub("", child.before)
        transcript.append(before)
        if index == 1:  # the game is over: "play again?"
            child.sendline("n")
            continue
        if index == 2:  # "quit" is confirmed
            child.sendline("y")
            continue
        if index == 3:
            break
        transcript.append(child.after)
        for line in before.splitlines():
            if line.startswith(("Your hand:", "You took up")):
                hand_line = line.split("Your hand:")[-1]
        if stop_after is not None and answers == stop_after:
            child.sendline("quit")
            continue
        if child.after.startswith("Your call"):
            child.sendline("1")
        else:
            child.sendline(PLAYABLE.findall(hand_line)[0])
        answers += 1
        assert answers < 300, "the game does not end"
    return "".join(transcript)


def test_a_whole_two_handed_game_through_a_terminal(tmp_path: Path) -> None:
    record = tmp_path / "pty2.json"
    child = spawn("play", "--preset", "two-handed", "--seed", "21", "--bots", "random", "--save", str(record))
    out = play_through(child)
    child.close()
    assert child.exitstatus == 0
    assert "You are Player 1, playing for yourself against Player 2. Bots: random." in out
    assert not FOUR_HAND_WORDS.search(out.replace("Play with partner", ""))
    for line in re.findall(r"Score: [^\n]*", out):
        assert re.match(r"Score: Player 1 \(you\) \d+, Player 2 \d+ \(game to 5\)", line), line
    assert "Your call, Player 1 (eldest hand):" in out or "Your call, Player 1 (dealer):" in out
    game, names = loads(record.read_text(encoding="utf-8"))
    check_two_handed_game(game)
    assert names == ["You", "random bot"]
    you_won = game.result is not None and game.result.winner == 0
    assert ("You win!" if you_won else "You lose.") in out


def test_quit_keeps_a_two_handed_record_that_replays(tmp_path: Path) -> None:
    record = tmp_path / "quit2.json"
    child = spawn("play", "--preset", "two-handed", "--seed", "22", "--bots", "random", "--save", str(record))
    out = play_through(child, stop_after=4)
    child.close()
    assert child.exitstatus == 0 and "Game stopped." in out
    game, _ = loads(record.read_text(encoding="utf-8"))
    assert not game.is_over
    you = sum(1 for h in [*game.finished_hands, game.hand] for seat, _ in h.history if seat == 0)
    assert you == 4  # the four answers given, all by Player 1
