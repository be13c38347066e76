"""``euchre replay`` of EGN files: what the file says about the game at the top, every
annotation beside the call or card it annotates, alternative lines indented under the
decision they replace, a record that goes on after its game was won shown to the hand
that won it, and hands counted from 1 in every line, errors included.

The records are built here: from ``tests/data/egn`` files (copied unchanged from the EGN
specification's examples, see the README there) with annotations, alternative lines and
extra deals written for these tests, or used as they are (``Quite_the_Hustle_Annotated``,
``Me_and_Bears``).
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre.cli.main import main
from euchre.cli.record_file import place_words
from euchre.core import RecordError
from euchre.core.game import Game
from euchre.core.presets import preset
from euchre.records import dumps
from euchre.records.egn import annotation_label, load_egn, read_egn

DATA = Path(__file__).parent / "data" / "egn"

CALL_LINE = re.compile(r'^  (North|East|South|West), [^:]+: "')
CARD_LINE = re.compile(r"^    (North|East|South|West) +\S+$")


@pytest.fixture(autouse=True)
def _eighty_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")


def read(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: Any, name: str = "game.egn",
           *options: str) -> tuple[int, str, str]:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return run(capsys, "replay", str(path), *options)


def one_line_error(code: int, err: str) -> str:
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def hand_section(out: str, number: int) -> list[str]:
    """The lines of ``Hand number`` (up to the next hand's rule or the game's end)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if re.search(rf"─ Hand {number} ─", line))
    end = next((i for i in range(start + 1, len(lines)) if re.search(r"─ (Hand \d+|Game over|Game stopped) ─", lines[i])),
               len(lines))
    return lines[start:end]


def annotated_comeback() -> Any:
    """Epic_Comeback.egn with a description, a game id, a player object, and in its first
    deal (East passes, South assists; tricks as in the file) annotations on calls and
    cards and two alternative lines, all written for these tests."""
    data = read("Epic_Comeback.egn")
    data["metadata"]["description"] = "Club final, table 3"
    data["metadata"]["gameId"] = "g-42"
    data["metadata"]["players"][1] = {"name": "Glanke", "playerIds": [{"id": "gl-1", "source": "club"}]}
    bidding, play = data["deals"][0]["phases"]
    bidding["callAnnotations"] = {"0": ["Plain pass note."], "1": ["[!]Good assist.", "Second text on the same call."]}
    play["playAnnotations"] = {
        "3": ["[??]The dealer's card ends trick one."],  # North 10♥, the last card of trick 1
        "4": ["Leading the club ace."],  # South A♣, the lead of trick 2
        "9": ["[?!] Dubious spade."],  # West Q♠, the second card of trick 3
    }
    data["deals"][0]["alternativeLines"] = [
        # South leads the ten of clubs instead of the ace; the line stops after one trick.
        {"branchIndex": 6, "phases": [{"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [["Tc", "Qc", "9c", "Jc"]],
                                       "playAnnotations": {"1": ["West could cover here."]}}]},
        # South names hearts in round one: a line the engine cannot follow.
        {"branchIndex": 1, "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["h"],
                                       "callAnnotations": {"0": ["Naming hearts at once."]}}]},
    ]
    return data


def past_the_end() -> Any:
    """Epic_Comeback.egn (N-S reach 10 in its ninth and last deal) with two more deals
    after it: copies of its second and third deals, dealt by East and South as the deal
    passes on; the first of them annotated (not shown: it is after the game)."""
    data = read("Epic_Comeback.egn")
    for number, source in ((9, 1), (10, 2)):
        extra = copy.deepcopy(data["deals"][source])
        extra["dealNumber"] = number
        data["deals"].append(extra)
    data["deals"][9]["phases"][0]["callAnnotations"] = {"0": ["After the game: not shown."]}
    return data


# --------------------------------------------------------------------------- the top
def test_regression_replay_header_had_no_title_or_date(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The replay of an EGN file showed only the players: now the title, the date (its
    ``T`` a space), the description and the game id come first, where the file has them."""
    code, out, err = run(capsys, "replay", str(DATA / "Quite_the_Hustle_Annotated.egn"))
    assert code == 0, err
    assert out.splitlines()[:8] == [
        "Quite_the_Hustle_Annotated.egn: 11 hands, game to 10.",
        "Title: Quite the Hustle",
        "Date: 2026-07-06 16:48",
        "Players:",
        "  North  Charliehustle4192",
        "  East   Big Bad Bill",
        "  South  Brownsbacker07",
        "  West   boombaddis",
    ]
    code, out, err = replay(tmp_path, capsys, annotated_comeback())
    assert code == 0, err
    assert out.splitlines()[:10] == [
        "game.egn: 9 hands, game to 10.",
        "Title: Epic 0-7 Comeback",
        "Date: 2026-05-30 03:51",
        "Description: Club final, table 3",
        "Game id: g-42",
        "Starting score: N-S 0, E-W 7 (not 0-0).",
        "Players:",
        "  North  Ace_189x",
        "  East   Glanke",
        "  South  Brownslacke®07",
    ]


def test_title_from_the_file_is_cleaned_and_a_bad_one_refused(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    data = read("Six_Points_in_Two_Hands.egn")
    data["metadata"]["title"] = "Evil\x1b[2J title"
    data["metadata"]["date"] = "last Tuesday"
    code, out, err = replay(tmp_path, capsys, data)
    assert code == 0, err
    assert "Title: Evil?[2J title" in out.splitlines() and "Date: last Tuesday" in out.splitlines()
    assert "\x1b" not in out
    data["metadata"]["title"] = 7
    line = one_line_error(*replay(tmp_path, capsys, data)[::2])
    assert line.endswith("game.egn: metadata.title: expected a text, found int")


# --------------------------------------------------------------------------- annotations
def test_regression_annotations_were_not_shown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every annotation is on the line right after its call or card (before the glosses,
    the consequences and the trick's winner), in file order, with its label in words."""
    code, out, err = replay(tmp_path, capsys, annotated_comeback())
    assert code == 0, err
    hand = hand_section(out, 1)
    calls = [i for i, line in enumerate(hand) if CALL_LINE.match(line)]
    assert [hand[i] for i in calls] == ['  East, eldest hand: "Pass."', '  South, dealer\'s partner: "Pick it up."']
    assert hand[calls[0] + 1] == "    Note: Plain pass note."
    assert hand[calls[1] + 1:calls[1] + 3] == ["    Note (! great play): Good assist.",
                                               "    Note: Second text on the same call."]
    cards = [i for i, line in enumerate(hand) if CARD_LINE.match(line)]
    assert len(cards) == 20
    assert hand[cards[3]].split() == ["North", "10♥"]
    assert hand[cards[3] + 1:cards[3] + 3] == ["      Note (?? blunder): The dealer's card ends trick one.",
                                               "  South wins trick 1 with J♥.  Tricks: N-S 1, E-W 0"]
    assert hand[cards[4]].split() == ["South", "A♣"]
    assert hand[cards[4] + 1] == "      Note: Leading the club ace."
    assert hand[cards[9]].split() == ["West", "Q♠"]
    assert hand[cards[9] + 1] == "      Note (?! dubious): Dubious spade."
    notes = [line.strip() for line in hand if line.strip().startswith("Note")]
    assert notes == ["Note: Plain pass note.", "Note (! great play): Good assist.", "Note: Second text on the same call.",
                     "Note: Naming hearts at once.", "Note (?? blunder): The dealer's card ends trick one.",
                     "Note: Leading the club ace.", "Note: West could cover here.", "Note (?! dubious): Dubious spade."]
    assert out.count("Note") == len(notes)  # none elsewhere


def test_annotation_of_a_call_in_a_real_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", str(DATA / "Quite_the_Hustle_Annotated.egn"))
    assert code == 0, err
    hand = hand_section(out, 11)
    first_call = next(i for i, line in enumerate(hand) if CALL_LINE.match(line))
    assert hand[first_call:first_call + 3] == [
        '  East, eldest hand: "Pass."',
        "    Note: Can't really consider donating with the L here. Just bad luck for",
        "    them.",
    ]


def test_long_notes_wrap_indented_and_fit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay", str(DATA / "Quite_the_Hustle_Annotated.egn"))
    assert code == 0
    lines = out.splitlines()
    assert all(len(line) <= 80 for line in lines)
    # No spaces at the ends of lines (but the main narration's own wrap of "... a new suit may be / named.").
    assert [line for line in lines if line != line.rstrip() and not line.endswith("a new suit may be ")] == []


def test_annotation_labels() -> None:
    assert annotation_label("[??]Lost it.") == ("??", "blunder", "Lost it.")
    assert annotation_label("[?] Passed.") == ("?", "mistake", "Passed.")
    assert annotation_label("[?!]x") == ("?!", "dubious", "x")
    assert annotation_label("[!?]x") == ("!?", "interesting", "x")
    assert annotation_label("[!!]x") == ("!!", "brilliant", "x")
    assert annotation_label("[!]x") == ("!", "great play", "x")
    assert annotation_label("[x] plain") == ("", "", "[x] plain")


# --------------------------------------------------------------------------- alternative lines
def test_regression_alternative_lines_were_not_shown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An alternative line is indented under the card or call it replaces, followed by
    the engine (seats, the trick's winner, its notes in place), or shown as written with
    the reason when the engine cannot follow it; then the main line goes on."""
    code, out, err = replay(tmp_path, capsys, annotated_comeback())
    assert code == 0, err
    hand = hand_section(out, 1)
    at = hand.index('  South, dealer\'s partner: "Pick it up."')
    assert hand[at + 3:at + 8] == [
        "    Alternative line 2, instead of South's call (it cannot be followed: 'h'",
        "    names trump, which is done only in round two (calls 5 to 8); round one is",
        "    'Order' or 'Pass'):",
        "      Calls: h",
        "      On call 1 (h):",
    ]
    assert hand[at + 8] == "        Note: Naming hearts at once."
    assert hand[at + 9].startswith('  "pick it up"')  # the gloss, then the main line goes on
    lead = hand.index("      Note: Leading the club ace.")
    assert hand[lead + 1:lead + 10] == [
        "      Alternative line 1, instead of South's A♣:",
        "        Trick 2 - South leads:",
        "          South            10♣",
        "          West             Q♣",
        "            Note: West could cover here.",
        "          North            9♣",
        "          East             J♣",
        "        West wins trick 2 with Q♣.  Tricks: N-S 1, E-W 1",
        "        (the line stops here)",
    ]
    assert hand[lead + 10].split() == ["West", "Q♣"]  # the main line's trick 2 goes on


def test_alternative_lines_of_a_real_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "replay", str(DATA / "Quite_the_Hustle_Annotated.egn"))
    assert code == 0, err
    hand = hand_section(out, 2)
    at = hand.index("    North            9♥")
    assert hand[at + 1:at + 7] == [
        "      Alternative line 1, instead of North's 9♥:",
        "        Trick 1 - North leads:",
        "          North            A♦",
        "            Note: Seems like an easy euchre when leading the Ad. Leading the 9h",
        "            doesn't make much sense when we're not guaranteed to get the lead",
        "            back later to play diamonds.",
    ]
    end = hand.index("        E-W (makers) took 2 tricks: euchre. 2 points to N-S.")
    assert hand[end + 1] == "    East             K♥"
    hand = hand_section(out, 7)
    at = hand.index('  North, dealer: "Pass."')  # EGN is read in modern-standard's words (words.py: modern)
    assert hand[at + 1:at + 4] == ["    Alternative line 1, instead of North's call:",
                                   '      North, dealer: "I\'ll pick it up."',
                                   "        Note: Definitely need to order this as dealer."]
    # A line that starts inside a trick says which cards are on the table.
    code, out, _ = run(capsys, "replay", str(DATA / "Me_and_Bears.egn"), "--hand", "8")
    assert code == 0
    at = out.splitlines().index("      Alternative line 1, instead of West's 10♥:")
    assert out.splitlines()[at + 1] == "        Trick 1, after East 9♠, South 10♦:"


def test_alternative_lines_are_read_not_replayed() -> None:
    """The lines change nothing in the game, and each one that the engine follows agrees
    with the file: its cards from the branch on are the line's, in order."""
    data = annotated_comeback()
    record = read_egn(data)
    plain, _ = load_egn(read("Epic_Comeback.egn"))
    assert [h.history for h in record.game.finished_hands] == [h.history for h in plain.finished_hands]
    followed, refused = sorted(record.lines[0], key=lambda line: line.hand is None)
    assert followed.hand is not None and refused.hand is None and "round two" in refused.problem
    assert (followed.kind, followed.index, followed.offsets) == ("play", 4, (0, 4))
    assert followed.notes == {("play", 1): ("West could cover here.",)}


# --------------------------------------------------------------------------- past the end
def test_regression_record_past_its_game_was_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record that goes on after one side reached the target was refused ("the game was
    already over"): it is shown to the hand that won the game, then one line says which
    hands are left out and why, and the exit code is 0."""
    code, out, err = replay(tmp_path, capsys, past_the_end(), "past.egn")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[:2] == ["past.egn: 11 hands, 9 in the game, game to 10.",
                         "Hands 10-11 were played after the game was won; they are not shown."]
    assert re.fullmatch("─+ Game over ─+", lines[-3])
    assert lines[-2:] == ["N-S win the game, 11 to 9.",
                          "Hands 10-11 are not shown: the record goes on after N-S reached 10 in hand 9."]
    assert "Hand 9 " in out and "Hand 10" not in out and out.count("not shown") == 2
    assert "After the game" not in out
    # --hand of a hand left out says why it is not there.
    code, _, err = replay(tmp_path, capsys, past_the_end(), "past.egn", "--hand", "10")
    assert one_line_error(code, err).endswith(
        "--hand 10: the record has hands 1 to 9; hands 10-11 are not shown: the record goes on after N-S reached "
        "10 in hand 9.")
    code, out, _ = replay(tmp_path, capsys, past_the_end(), "past.egn", "--hand", "9")
    assert code == 0 and "Hand 9" in out and "are not shown:" not in out
    assert out.splitlines()[:2] == ["past.egn: 11 hands, 9 in the game, game to 10.",
                                    "Hands 10-11 were played after the game was won; they are not shown."]


def test_regression_replay_said_9_hands_of_a_record_of_11(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``euchre replay`` of a record that goes on after the game was won said "9
    hand(s)" where the file holds 11 deals: its header counts the file's 11 deals, the 9
    of the game, and says that hands 10-11 came after the game was won; one deal after
    the end is one hand (singular)."""
    code, out, _ = replay(tmp_path, capsys, past_the_end(), "past.egn")
    assert code == 0 and out.splitlines()[0] == "past.egn: 11 hands, 9 in the game, game to 10."
    data = past_the_end()
    del data["deals"][10]
    code, out, _ = replay(tmp_path, capsys, data)
    assert out.splitlines()[:2] == ["game.egn: 10 hands, 9 in the game, game to 10.",
                                    "Hand 10 was played after the game was won; it is not shown."]


def test_regression_a_starting_score_showed_only_in_the_first_hands_line(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Epic_Comeback.egn starts at 0-7 (its initialScore): the header says so, and each
    hand's running score goes on from it. From the hands' points (1, 2, 2 to N-S; 1 to
    E-W; 1 to N-S; 1 to E-W; 2, 1, 2 to N-S) the scores before hands 1 to 9 are 0-7,
    1-7, 3-7, 5-7, 5-8, 6-8, 6-9, 8-9, 9-9, and 11-9 at the end. Shown alone (--hand 5),
    a hand has the header and its score from the start too. Our JSON record the same:
    a game from 4-7. A game from 0-0 has no such line (the positive control)."""
    code, out, _ = run(capsys, "replay", str(DATA / "Epic_Comeback.egn"))
    assert code == 0 and "Starting score: N-S 0, E-W 7 (not 0-0)." in out.splitlines()[:8]
    before = re.findall(r"Dealer: \w+\.  Score: N-S (\d+), E-W (\d+)", out)
    assert [(int(a), int(b)) for a, b in before] == [(0, 7), (1, 7), (3, 7), (5, 7), (5, 8), (6, 8), (6, 9), (8, 9),
                                                      (9, 9)]
    assert "N-S win the game, 11 to 9." in out
    code, out, _ = run(capsys, "replay", str(DATA / "Epic_Comeback.egn"), "--hand", "5")
    assert "Starting score: N-S 0, E-W 7 (not 0-0)." in out and "Dealer: North.  Score: N-S 5, E-W 8" in out
    game = Game(preset("modern-standard"), 5, initial_score=(4, 7))
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    record = tmp_path / "from47.json"
    record.write_text(dumps(game, ["Ann", "Bob", "Cy", "Di"]), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(record))
    assert code == 0 and "Starting score: N-S 4, E-W 7 (not 0-0)." in out
    assert re.search(r"Hand 1 ─+\nDealer: \w+\.  Score: N-S 4, E-W 7", out)
    code, out, _ = run(capsys, "replay", str(DATA / "Quite_the_Hustle_Annotated.egn"))
    assert "Starting score" not in out


def test_one_deal_past_the_end_is_one_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = past_the_end()
    del data["deals"][10]
    code, out, _ = replay(tmp_path, capsys, data)
    assert code == 0
    assert out.splitlines()[-1] == "Hand 10 is not shown: the record goes on after N-S reached 10 in hand 9."


@pytest.mark.parametrize(("change", "place"), [
    (lambda d: d["deals"][9]["phases"][1]["tricks"][2].__setitem__(1, d["deals"][9]["phases"][1]["tricks"][0][0]),
     "hand 10, trick 3, card 2 (at deals[9].phases[1].tricks[2][1] in the file): 'Jd' was already played or "
     "discarded at hand 10, trick 1, card 1 (at deals[9].phases[1].tricks[0][0] in the file)"),
    (lambda d: d["deals"][10]["initialState"].__setitem__("dealer", 3),
     "hand 11 (at deals[10].initialState.dealer in the file): the deal passes to the left: seat 2 (S) deals now, "
     "the file says 3"),
    (lambda d: d["deals"][9]["phases"][0]["calls"].__setitem__(0, "h"),
     "hand 10, call 1 (at deals[9].phases[0].calls[0] in the file): 'h' names trump, which is done only in round "
     "two (calls 5 to 8); round one is 'Order' or 'Pass'"),
    (lambda d: d["metadata"].__setitem__("finalScore", [12, 9]),
     "metadata.finalScore: the replay ends at [11, 9] (and [15, 9] after the deals recorded past it), the file "
     "says [12, 9]"),
])
def test_a_corrupt_record_past_its_game_is_still_refused(change: Any, place: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The deals after the end are checked as a game that goes on: a wrong card, dealer or
    call there is refused with one line naming the place, exit code 2."""
    data = past_the_end()
    change(data)
    line = one_line_error(*replay(tmp_path, capsys, data, "bad.egn")[::2])
    assert line == f"euchre replay: error: {tmp_path / 'bad.egn'}: {place}"


def test_final_score_of_a_record_past_its_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The file's finalScore may be the game's or the score after every recorded deal (the
    two deals copied after the end are marches for N-S, 2 points each, as in the file's
    hands 2 and 3)."""
    for final in ([11, 9], [15, 9]):
        data = past_the_end()
        data["metadata"]["finalScore"] = final
        code, _, err = replay(tmp_path, capsys, data)
        assert code == 0, err


# --------------------------------------------------------------------------- counted from 1
def test_regression_errors_counted_deals_from_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An error named the place by its JSON path only (``deals[3]...``, counted from 0)
    and said 'calls 4-7': the place now reads as the display counts, from 1, with the path
    after it for finding it in the file."""
    data = read("Epic_Comeback.egn")
    data["deals"][3]["phases"][1]["tricks"][1][2] = "Xx"
    line = one_line_error(*replay(tmp_path, capsys, data)[::2])
    assert ": hand 4, trick 2, card 3 (at deals[3].phases[1].tricks[1][2] in the file): " in line
    assert "deals[3]" not in line.replace("(at deals[3].phases[1].tricks[1][2] in the file)", "")
    data = read("Epic_Comeback.egn")
    data["deals"][1]["phases"][0]["calls"][7] = "Order"
    line = one_line_error(*replay(tmp_path, capsys, data)[::2])
    assert "hand 2, call 8 (at deals[1].phases[0].calls[7] in the file): 'Order' accepts the upcard, which is done " \
           "only in round one (the first four calls)" in line
    match = read("MotE_W5_Match.emn")
    match["games"][4]["gameData"]["deals"][2]["phases"][0]["calls"][0] = "Call"
    line = one_line_error(*replay(tmp_path, capsys, match, "match.emn")[::2])
    assert "match.emn: game 5, hand 3, call 1 (at games[4].gameData.deals[2].phases[0].calls[0] in the file): " \
           "unknown call 'Call'" in line


def test_place_words() -> None:
    assert place_words("deals[9]") == "hand 10 (at deals[9] in the file)"
    assert place_words("deals[0].alternativeLines[1].branchIndex") == \
        "hand 1, alternative line 2 (at deals[0].alternativeLines[1].branchIndex in the file)"
    assert place_words("hands[2].actions[0]") == "hand 3, action 1 (at hands[2].actions[0] in the file)"
    assert place_words("metadata.finalScore") == "metadata.finalScore"
    assert place_words("") == ""


# --------------------------------------------------------------------------- bad analysis
@pytest.mark.parametrize(("change", "end"), [
    (lambda d: d["deals"][0]["phases"][0].__setitem__("callAnnotations", {"x": ["a"]}),
     "hand 1 (at deals[0].phases[0].callAnnotations.x in the file): annotation keys are action indexes such as '0'"),
    (lambda d: d["deals"][0]["phases"][0].__setitem__("callAnnotations", {"2": ["a"]}),
     "hand 1 (at deals[0].phases[0].callAnnotations in the file): key '2' annotates a call that is not there: "
     "2 calls here (keys '0' to '1')"),
    (lambda d: d["deals"][0]["phases"][1].__setitem__("playAnnotations", {"0": [3]}),
     "hand 1 (at deals[0].phases[1].playAnnotations.0 in the file): expected a list of texts"),
    (lambda d: d["deals"][0]["alternativeLines"][0].__setitem__("branchIndex", 22),
     "hand 1, alternative line 1 (at deals[0].alternativeLines[0].branchIndex in the file): 22 names no call or "
     "card of this deal: it has 2 call(s) and 20 card(s), counted together from 0"),
])
def test_malformed_analysis_is_one_line(change: Any, end: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    data = annotated_comeback()
    change(data)
    assert one_line_error(*replay(tmp_path, capsys, data)[::2]).endswith(end)


ANNOTATED = annotated_comeback()
KEYS = ["callAnnotations", "playAnnotations", "alternativeLines", "branchIndex", "phases", "calls", "tricks", "0", "1"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_analysis_is_read_or_refused_with_a_place(data: st.DataObject) -> None:
    """Annotations and alternative lines changed at random: read_egn reads the file or
    raises a RecordError naming a place, never anything else (the replay turns it into
    one line)."""
    doc = copy.deepcopy(ANNOTATED)
    deal = doc["deals"][0]
    targets: list[tuple[Any, Any]] = [(deal["phases"][0], "callAnnotations"), (deal["phases"][1], "playAnnotations"),
                                      (deal, "alternativeLines"), (deal["alternativeLines"][0], "branchIndex"),
                                      (deal["alternativeLines"][0]["phases"][0], "tricks"),
                                      (deal["alternativeLines"][1]["phases"][0], "calls"),
                                      (deal["alternativeLines"][0], "phases")]
    for _ in range(data.draw(st.integers(1, 3))):
        parent, key = data.draw(st.sampled_from(targets))
        parent[key] = data.draw(st.recursive(
            st.none() | st.booleans() | st.integers(-2, 30) | st.sampled_from(["Pass", "Order", "h", "Tc", "Qc", "x", ""]),
            lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(KEYS), inner, max_size=3),
            max_leaves=10))
    try:
        read_egn(doc)
    except RecordError as exc:
        assert exc.where.startswith("deals[0]"), exc


# ------------------------------------------------------------------ the same game from JSON and from EGN
def _drawn_game(name: str, seed: int) -> Game:
    """A game of preset ``name`` to 5 points played out by random legal actions."""
    import random as random_mod
    game = Game(preset(name).replace(game_target=5), seed)
    rng = random_mod.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.hand.legal_actions()))
    return game


def _replay_lines(capsys: pytest.CaptureFixture[str], path: Path) -> list[str]:
    """``euchre replay`` of ``path`` without what EGN cannot hold: the header's file name
    and how the first dealer was drawn (the lines before the first hand)."""
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if "Hand 1" in line)
    return [lines[0].replace(path.name, "FILE"), *lines[1:first]][:6] + lines[first:]


@pytest.mark.parametrize(("name", "seed"), [("modern-standard", 2), ("modern-standard", 7), ("modern-canadian", 3),
                                            ("british-benny", 4), ("modern-standard", 11)])
def test_regression_egn_replay_spoke_other_call_words_than_json(name: str, seed: int, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """The same game replayed from our JSON record said West, third hand: "Order it up."
    and from EGN "Pick it up." (the dealer: "I'll pick it up." / "Taking it up."): the
    rules read from EGN took ``Rules()``'s default uspcc call words, not the modern
    words of modern-standard, the base the reader documents. EGN records no call words;
    a game of a preset with the modern words now replays line for line the same from
    either file (all but the file's name, and the draw for the first deal, which EGN
    does not record)."""
    from euchre.records.egn import dumps_egn
    game = _drawn_game(name, seed)
    names = ["Ann", "Bob", "Cy", "Di"]
    (tmp_path / "g.json").write_text(dumps(game, names), encoding="utf-8")
    (tmp_path / "g.egn").write_text(dumps_egn(game, names), encoding="utf-8")
    from_json = _replay_lines(capsys, tmp_path / "g.json")
    from_egn = _replay_lines(capsys, tmp_path / "g.egn")
    assert from_json == from_egn
    assert any('"' in line for line in from_egn)  # the calls are spoken (in words, the thing compared)
