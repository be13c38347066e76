"""``euchre play`` driven through a real pseudo-terminal (pexpect): a whole game to the
end, wrong entries answered with a message and a new prompt, and Ctrl-C / end of input
leaving cleanly with the record saved."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from euchre.records import loads

try:
    from ._cli_seeds import south_deals_round_one_seed
    from ._terminal import as_at_a_terminal
except ImportError:
    from _cli_seeds import south_deals_round_one_seed  # type: ignore[no-redef]
    from _terminal import as_at_a_terminal  # type: ignore[no-redef]

pexpect = pytest.importorskip("pexpect")
Child = Any  # pexpect.spawn (pexpect has no type stubs)

SCRIPT = Path(sys.executable).with_name("euchre")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
PROMPT = re.compile(r"(Your call \(1(?:-\d+)?\)|Your card \(1(?:-\d+)? or e\.g\. JH\)|Discard \(1(?:-\d+)? or e\.g\. 9C\)): ")
END = re.compile(r"Play again with the same rules\? \(y/n, or save FILE\): ")
LEAVE = re.compile(r"Leave this game\? Type y to quit, Enter to go on: ")
EXPECT_TIMEOUT = 60
"""Seconds an expected screen may take (the first start imports much; the machine may be busy)."""
CTRL_C_WAIT = 10
"""Seconds to wait for "Interrupted" after a Ctrl-C before pressing it again."""
ERRORS = ("You must follow suit", "may not discard", "There is no", "is not a card", "is not a call",
          "You do not hold", "You may discard")


def spawn(*args: str) -> Child:
    cmd, argv = (str(SCRIPT), list(args)) if SCRIPT.exists() else (sys.executable, ["-m", "euchre.cli.main", *args])
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    env.pop("NO_COLOR", None)
    return pexpect.spawn(cmd, argv, env=env, encoding="utf-8", dimensions=(24, 80), timeout=EXPECT_TIMEOUT,
                         preexec_fn=as_at_a_terminal)


def clean(text: str) -> str:
    return ANSI.sub("", text)


def finish(child: Child) -> int:
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None
    return int(child.exitstatus)


def test_a_whole_game_through_a_terminal(tmp_path: Path) -> None:
    record = tmp_path / "pty.json"
    child = spawn("play", "--seed", "8", "--target", "10", "--bots", "beginner", "--save", str(record))
    transcript: list[str] = []
    wrong = {"call": ["7", "xyzzy"], "card": ["banana", "9", "illegal"]}
    seen_errors: list[str] = []
    candidates: list[str] = []
    last_kind = ""
    prompts = 0
    while True:
        index = child.expect([PROMPT, END, pexpect.EOF])
        before = clean(child.before)
        transcript.append(before)
        if index == 1:  # the game is over: its summary, then "play again?"
            assert "Hands played:" in before and "Your calls:" in before
            child.sendline("n")
            continue
        if index == 2:
            break
        prompts += 1
        assert prompts < 400, "the game does not end"
        prompt = child.after
        kind = "call" if prompt.startswith("Your call") else "card"
        errored = any(e in before for e in ERRORS) and "Your hand:" not in before
        if errored:
            seen_errors.append(before.strip())
        if kind == "call":
            if wrong["call"]:
                child.sendline(wrong["call"].pop(0))
                continue
            child.sendline("1")
            continue
        if errored and candidates and last_kind == kind:
            child.sendline(candidates.pop(0))
            continue
        # A new card question: the status says which numbers may be played.
        follow = re.search(r"must follow suit: play (\d+)", before)
        if wrong["card"]:
            bad = wrong["card"].pop(0)
            if bad == "illegal":
                if follow is None:
                    wrong["card"].append("illegal")  # try again at a later trick
                else:
                    shown = re.findall(r"\((\d+) ", before.split("Your hand:")[-1])
                    if shown:
                        child.sendline(shown[0])
                        candidates = [follow.group(1)]
                        last_kind = kind
                        continue
            else:
                child.sendline(bad)
                candidates = [follow.group(1)] if follow else [str(k) for k in range(1, 7)]
                last_kind = kind
                continue
        first = follow.group(1) if follow else "1"
        candidates = [str(k) for k in range(1, 7) if str(k) != first]
        last_kind = kind
        child.sendline(first)
    assert finish(child) == 0
    text = "".join(transcript)
    assert "Game over" in text and ("You win!" in text or "You lose." in text)
    assert "Record saved to" in text
    assert "Traceback" not in text
    joined = "\n".join(seen_errors)
    assert "There is no choice 7" in joined
    assert "'xyzzy' is not a call" in joined
    assert "'banana' is not a card" in joined
    assert "There is no card 9" in joined
    assert "You must follow suit" in joined
    game, names = loads(record.read_text(encoding="utf-8"))
    assert game.result is not None and max(game.score) >= 3
    assert names[2] == "You"


def quit_game(child: Child) -> None:
    """Type quit, confirm it, and see the program end cleanly (exit 0)."""
    child.sendline("quit")
    child.expect(LEAVE)
    child.sendline("y")
    child.expect("Game stopped")
    assert finish(child) == 0


def _first_prompt(child: Child) -> str:
    child.expect(PROMPT)
    return clean(child.before)


def test_ctrl_c_exits_cleanly_and_keeps_the_record(tmp_path: Path) -> None:
    record = tmp_path / "intr.json"
    child = spawn("play", "--seed", "4", "--bots", "random", "--save", str(record))
    shown = _first_prompt(child)
    assert "Your hand:" in shown
    # The prompt is on the screen a moment before CPython's readline waits for a key: a
    # SIGINT in between is only acted on at the next key or signal (a CPython race; a
    # person presses Ctrl-C again). So Ctrl-C is pressed again while no answer comes.
    for _ in range(4):
        child.sendintr()
        if child.expect(["Interrupted", pexpect.TIMEOUT], timeout=CTRL_C_WAIT) == 0:
            break
    else:
        raise AssertionError(f"no 'Interrupted' after four Ctrl-C (alive: {child.isalive()}); "
                             f"the screen showed {clean(child.before)!r}")
    rest = child.read()
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in rest and "Record saved" in clean(rest)
    loads(record.read_text(encoding="utf-8"))


@pytest.mark.parametrize("inherited", ["ignored", "blocked"])
def test_fault_ctrl_c_unheard_when_the_test_process_ignores_or_blocks_sigint(tmp_path: Path, inherited: str) -> None:
    """The game hears Ctrl-C even when the process that starts it ignores or blocks
    SIGINT (as the tests' worker did in some orders of the full suite): the children
    start as a shell's foreground job would (:func:`as_at_a_terminal`). Without it this
    test fails: the game stays alive and silent through every Ctrl-C."""
    old_handler = signal.getsignal(signal.SIGINT)
    old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, set())
    try:
        if inherited == "ignored":
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        else:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        child = spawn("play", "--seed", "4", "--bots", "random", "--save", str(tmp_path / "intr.json"))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)
        signal.signal(signal.SIGINT, old_handler)
    _first_prompt(child)
    for _ in range(4):
        child.sendintr()
        if child.expect(["Interrupted", pexpect.TIMEOUT], timeout=CTRL_C_WAIT) == 0:
            break
    else:
        raise AssertionError(f"no 'Interrupted' after four Ctrl-C (alive: {child.isalive()})")
    child.read()
    child.close()
    assert child.exitstatus == 130


def test_end_of_input_exits_cleanly_and_keeps_the_record(tmp_path: Path) -> None:
    record = tmp_path / "eof.json"
    child = spawn("play", "--seed", "4", "--bots", "random", "--seat", "E", "--save", str(record))
    _first_prompt(child)
    child.sendeof()
    child.expect("end of input")
    assert finish(child) == 0
    loads(record.read_text(encoding="utf-8"))


def test_quit_and_help(tmp_path: Path) -> None:
    record = tmp_path / "quit.json"
    child = spawn("play", "--seed", "4", "--bots", "random", "--save", str(record))
    _first_prompt(child)
    child.sendline("?")
    child.expect("How to answer")
    child.expect(PROMPT)
    quit_game(child)
    loads(record.read_text(encoding="utf-8"))


ARROWS = {"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D"}
NO_READLINE = "import sys; sys.modules['readline'] = None; from euchre.cli.main import main; sys.exit(main())"


@pytest.mark.parametrize("readline", [True, False], ids=["readline", "no-readline"])
def test_fault2_arrow_keys_in_a_terminal_place_no_bid(tmp_path: Path, readline: bool) -> None:
    """An arrow key then Enter at the call prompt never makes a call: with readline it
    moves the cursor (the line is empty); without, the escape sequence is refused."""
    record = tmp_path / "arrows.json"
    if readline:
        child = spawn("play", "--seed", str(south_deals_round_one_seed()), "--save", str(record))
    else:
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        child = pexpect.spawn(sys.executable, ["-c", NO_READLINE, "play", "--seed", str(south_deals_round_one_seed()),
                                               "--save", str(record)],
                              env=env, encoding="utf-8", dimensions=(24, 80), timeout=EXPECT_TIMEOUT,
                              preexec_fn=as_at_a_terminal)
    shown = _first_prompt(child)
    assert "Round one:" in shown and child.after.startswith("Your call")
    said = []
    for key in ("up", "right", "left", "down"):
        child.send(ARROWS[key] + "\r")
        child.expect(PROMPT)
        said.append(clean(child.before))
        assert child.after.startswith("Your call")
    text = " ".join(" ".join(said).split())
    expected = "Type a number" if readline else "control or escape characters"
    assert text.count(expected) == 4, text
    assert "Trump:" not in text and "plays alone" not in text and "Traceback" not in text
    quit_game(child)
    game, _ = loads(record.read_text(encoding="utf-8"))
    assert [seat for seat, _ in game.hand.history] == [3, 0, 1]  # the bots passed; South made no call


def test_table_mode_a_revoke_claimed_through_a_terminal(tmp_path: Path) -> None:
    """Table mode (RULES.md decision 27) through a real terminal: against careless bots,
    South follows suit when the game tells him how, and types ``renege`` whenever a claim
    is offered; the claims are answered with their outcome (upheld with the proof, or not
    upheld and what it costs), the game ends, and the record replays with the claims."""
    record = tmp_path / "renege.json"
    child = spawn("play", "--seed", "5", "--preset", "modern-tournament", "--rule", "revokes=on",
                  "--bots", "careless", "--save", str(record))
    claimed = 0
    outcomes: list[str] = []
    prompts = 0
    while True:
        index = child.expect([PROMPT, END, pexpect.EOF])
        before = clean(child.before)
        outcomes += re.findall(r"(Upheld\.|Not upheld:)", before)
        if index == 1:
            child.sendline("n")
            continue
        if index == 2:
            break
        prompts += 1
        assert prompts < 500, "the game does not end"
        if child.after.startswith("Your card") and "type renege to claim" in before and claimed < 6:
            child.sendline("renege")
            claimed += 1
            continue
        menu_claim = re.search(r"(\d)  Renege!", before)
        if child.after.startswith("Your call") and menu_claim and claimed < 6:
            child.sendline(menu_claim.group(1))  # the claims after the last trick
            claimed += 1
            continue
        follow = re.search(r"Follow suit with (\d)", before)
        child.sendline(follow.group(1) if follow else "1")
    assert finish(child) == 0
    assert claimed >= 1 and len(outcomes) >= claimed
    data = json.loads(record.read_text())
    assert data["rules"]["renege_mode"] == "penalize_on_claim"
    assert any(code == "renege" for hand in data["hands"] for _seat, code in hand["actions"])
    game, _players = loads(record.read_text())  # replays, claims and all
    assert game.is_over and list(game.score) == data["final_score"]


def test_table_mode_a_revoke_corrected_through_a_terminal(tmp_path: Path) -> None:
    """Table mode through a real terminal: South revokes on purpose (a card other than the
    ones the game says follow suit), is asked before the trick is quitted, and corrects:
    the narration says so, his card lies exposed, and the record holds the correction
    (New York 1877 s11; RULES.md decision 27)."""
    record = tmp_path / "correct.json"
    child = spawn("play", "--seed", "5", "--preset", "dc-club-1862", "--rule", "revokes=on",
                  "--bots", "intermediate", "--save", str(record))
    revoked = corrected = False
    prompts = 0
    while not corrected:
        child.expect(PROMPT)
        before = clean(child.before)
        prompts += 1
        assert prompts < 300, "no chance to revoke came"
        if "Before the trick is quitted" in before and child.after.startswith("Your call"):
            menu = re.search(r"(\d)  I correct my revoke", before)
            assert menu, before
            child.sendline(menu.group(1))
            corrected = True
            continue
        follow = re.findall(r"(\d) \S+(?: or |: any other card)", before.split("Follow suit with")[-1]) \
            if "Follow suit with" in before else []
        size = re.search(r"Your card \(1-(\d)", child.after)
        if follow and size and not revoked:
            wrong = next(str(i) for i in range(1, int(size.group(1)) + 1) if str(i) not in follow)
            child.sendline(wrong)
            revoked = True
            continue
        if child.after.startswith("Discard"):  # the last card: never the upcard just taken up
            child.sendline(re.findall(r"1-(\d)", child.after)[0])
            continue
        child.sendline(follow[0] if follow else "1")
    child.expect(PROMPT)
    after = clean(child.before)
    assert '"I correct my revoke."' in after and "exposed card" in after
    quit_game(child)
    data = json.loads(record.read_text())
    assert any(code == "correct" for hand in data["hands"] for _seat, code in hand["actions"])


def test_the_game_commands_through_a_terminal(tmp_path: Path) -> None:
    """``rules``, ``last``, ``undo`` (at the first decision: nothing to take back; after
    one: back to it, the same question again), ``save FILE`` in the middle of a game and
    ``quit`` with its confirmation, typed at a real terminal's prompts."""
    saved = tmp_path / "middle.json"
    child = spawn("play", "--seed", "4", "--bots", "random", "--no-stats")
    first = _first_prompt(child)
    child.sendline("rules")
    child.expect(r"The rules of this game \(modern-standard\):")
    child.expect(PROMPT)
    child.sendline("last")
    child.expect("No trick has been played yet.")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect("Nothing to take back: this is your first decision.")
    asked = child.expect(PROMPT)
    question = child.match.group(1)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(r"Taken back to your last decision \(hand 1\)\.")
    child.expect(PROMPT)
    assert child.match.group(1) == question and asked == 0
    assert "Your hand:" in first
    child.sendline(f"save {saved}")
    child.expect("Record saved to")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(LEAVE)
    child.sendline("")  # Enter: the game goes on
    child.expect(PROMPT)
    quit_game(child)
    game, _ = loads(saved.read_text(encoding="utf-8"))
    assert not game.finished_hands and game.hand.history == []  # saved back at the first decision: nothing made
