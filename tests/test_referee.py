"""The referee of real cards (``euchre referee``; RULES.md decision 28): one test per law
point, per preset where the presets differ, each naming its source and asserting the
value the law gives; bad entries refused with nothing changed; a whole evening with
irregularities through the command, its record replayed."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from euchre.core import preset
from euchre.core.errors import RecordError
from euchre.core.presets import PLAYABLE_PRESETS
from euchre.referee import Referee, RefereeError

N, E, S, W = 0, 1, 2, 3


def ref(name: str, dealer: int = W, **options: object) -> Referee:
    rules = preset(name)
    return Referee(rules.replace(**options) if options else rules, dealer)


# ------------------------------------------------------------------ scoring and deal
def test_a_hand_scores_by_the_presets_table_and_the_deal_passes_left() -> None:
    """S001 L19-23 (uspcc-official): 3 tricks 1 point, a march 2, a lone march 4, a
    euchre 2; the deal passes left (all seeds)."""
    r = ref("uspcc-official")
    assert r.hand_result(N, 3).points == (1, 0) and r.dealer == N
    assert r.hand_result(E, 5).points == (0, 2) and r.dealer == E
    assert r.hand_result(S, 5, alone=True).points == (4, 0) and r.dealer == S
    assert r.hand_result(W, 2).points == (2, 0)
    assert r.score == [7, 2]


def test_the_dc_club_lone_euchre_costs_four_and_the_game_is_five() -> None:
    """S000 L175: a lone hand euchred gives the adversaries 4; S000 L113: a game of 5."""
    r = ref("dc-club-1862")
    ruling = r.hand_result(N, 2, alone=True)
    assert ruling.points == (0, 4)
    ruling = r.hand_result(E, 3)
    assert ruling.game_over and r.games[-1].winner == 1 and r.games[-1].score == (0, 5)


def test_all_passed_deal_passes_or_stays_by_the_preset() -> None:
    """S000 L129 (deal passes left); S003 L19 (casual-web-003: the same dealer deals again);
    stick the dealer (modern-tournament) never passes a hand out."""
    assert ref("dc-club-1862").passed_out().dealer == N
    assert ref("casual-web-003").passed_out().dealer == W
    with pytest.raises(RefereeError, match="the dealer must name trump when every player passes twice"):
        ref("modern-tournament").passed_out()


# ------------------------------------------------------------------ misdeals and faced cards
@pytest.mark.parametrize(("name", "next_dealer"), [("hoyle-1857", N), ("modern-standard", W), ("dc-club-1862", W)])
def test_a_misdeal_loses_the_deal_or_not_by_the_preset(name: str, next_dealer: int) -> None:
    """S002 L13 (hoyle-1857): after the turn-up the dealer loses his deal; modern (X-29,
    X-36) and the D.C. preset (#interp): the same dealer deals again. No points."""
    r = ref(name)
    ruling = r.misdeal(after_turn=True)
    assert ruling.dealer == next_dealer and r.dealer == next_dealer and ruling.points == (0, 0)
    assert r.score == [0, 0] and r.hand_number == 1


def test_a_card_faced_in_the_deal_hoyle_the_receiver_keeps_it_or_calls_a_new_deal() -> None:
    """S002 L13: the player it belongs to may keep it or demand a new deal."""
    r = ref("hoyle-1857")
    assert "keeps it" in r.faced_card(S, keep=True).law and r.dealer == W
    assert "new deal" in r.faced_card(S, keep=False).law and r.dealer == W


def test_a_card_faced_in_the_deal_modern_is_a_new_deal_without_option() -> None:
    """Leeds & Dwight s34 (faced_card_in_deal = new_deal): a new deal, no option."""
    r = ref("modern-standard")
    assert r.faced_card(S).dealer == W
    with pytest.raises(RefereeError, match="faced_card_in_deal"):
        r.faced_card(S, keep=True)


def test_a_deal_out_of_turn() -> None:
    """Leeds & Dwight s40: stopped before the trump is turned, the right dealer deals;
    after, it stands, and the deal then passes to the left of the one who dealt."""
    r = ref("modern-standard")
    assert r.deal_out_of_turn(E, trump_turned=False).dealer == W and r.dealer == W
    r.deal_out_of_turn(E, trump_turned=True)
    assert r.hand_result(N, 3).dealer == S  # the deal passes to the left of East, who dealt
    with pytest.raises(RefereeError, match="in turn"):
        r.deal_out_of_turn(S, trump_turned=True)


def test_exposed_card_and_lead_out_of_turn_give_no_points() -> None:
    """New York 1877 s12; Leeds & Dwight s46-s52."""
    r = ref("modern-standard")
    assert r.exposed_card(E).points == (0, 0) and "call" in r.exposed_card(E).law
    assert r.lead_out_of_turn(N).points == (0, 0) and r.score == [0, 0]


# ------------------------------------------------------------------ revokes
@pytest.mark.parametrize(("name", "penalty"), [("dc-club-1862", 2), ("hoyle-1857", 1)])
def test_a_proved_revoke_is_scored_first_and_the_hand_played_out(name: str, penalty: int) -> None:
    """T23, T24: S000 L131 (2 to the adversaries), S002 L13 (1); the hand is played out
    and scored as well (decision 27)."""
    r = ref(name)
    assert r.revoke(E, N, proved=True).points == (penalty, 0)
    assert r.score == [0, 0]  # scored with the hand
    ruling = r.hand_result(E, 3)
    assert ruling.points == (penalty, 1) and r.score == [penalty, 1]


def test_a_proved_renege_ends_the_hand_in_a_tournament() -> None:
    """X-29, X-30: the hand ends, 2 to the victims, 4 if a loner was involved."""
    r = ref("modern-tournament")
    ruling = r.revoke(N, E, proved=True)
    assert ruling.points == (0, 2) and r.score == [0, 2] and r.dealer == N and r.hand_number == 2
    assert r.revoke(W, S, proved=True, lone=True).points == (4, 0)


def test_an_unproved_claim_costs_the_claimants_in_a_tournament() -> None:
    """X-29, X-30: a false accusation costs 2 (modern-tournament), scored with the hand."""
    r = ref("modern-tournament")
    assert r.revoke(N, E, proved=False).points == (2, 0)
    assert r.hand_result(N, 3).points == (3, 0)


def test_the_revoke_penalty_takes_precedence() -> None:
    """Leeds & Dwight s4: at 4-4 in a game to 5 (hoyle-1857), E revokes and N-S get 1
    first: N-S win, though E-W march in the hand."""
    r = ref("hoyle-1857")
    r.hand_result(N, 5)
    r.hand_result(N, 5)
    r.hand_result(E, 5)
    r.hand_result(E, 5)
    assert r.score == [4, 4]
    r.revoke(E, N, proved=True)
    ruling = r.hand_result(E, 5)
    assert ruling.game_over and r.games[-1].winner == 0


def test_a_dealer_who_failed_to_discard() -> None:
    """Leeds & Dwight s90: the deal stands, the dealer's side scores nothing for the hand,
    the adversaries 2 (4 in a lone hand). West deals: E-W take 5 tricks but score 0."""
    r = ref("modern-standard")
    r.dealer_failed_to_discard()
    assert r.hand_result(E, 5).points == (2, 0)


# ------------------------------------------------------------------ refusals
@pytest.mark.parametrize(("entry", "words"), [
    (lambda r: r.hand_result(N, 6), "0 to 5 tricks"),
    (lambda r: r.hand_result(7, 3), "seat of the table"),
    (lambda r: r.hand_result(N, 3, defender_alone=S, alone=True), "makers' side"),
    (lambda r: r.revoke(N, S, proved=True), "same side"),
    (lambda r: r.hand_result(N, 3, defender_alone=E), "only against a maker who plays alone"),
    (lambda r: r.hand_result(N, -1), "0 to 5 tricks"),
])
def test_an_entry_that_cannot_be_true_is_refused_and_nothing_changes(entry: object, words: str) -> None:
    """Defending alone is on here (a house rule), so that its own checks are reached."""
    r = ref("modern-standard", defend_alone=True)
    r.hand_result(N, 3)
    before = (list(r.score), r.dealer, r.hand_number, list(r.entries))
    with pytest.raises(RefereeError, match=words):
        entry(r)  # type: ignore[operator]
    assert (r.score, r.dealer, r.hand_number, r.entries) == before


def test_no_lone_hand_at_the_two_handed_table() -> None:
    """Keller 1887 ch. 7: there are no lone hands in the two-handed game."""
    r = ref("two-handed", dealer=0)
    with pytest.raises(RefereeError, match="there is no lone hand to enter"):
        r.hand_result(0, 5, alone=True)
    assert r.hand_result(1, 3).points == (0, 1)


def test_call_ace_is_not_refereed() -> None:
    with pytest.raises(RefereeError, match="call-ace is not refereed"):
        Referee(preset("call-ace-5"))


def test_a_hand_after_the_game_is_refused_until_the_next_game() -> None:
    r = ref("dc-club-1862")
    r.hand_result(N, 5, alone=True)
    r.hand_result(N, 3)
    assert r.is_over
    with pytest.raises(RefereeError, match="game is over"):
        r.hand_result(N, 3)
    last = r.dealer
    r.next_game()
    assert r.score == [0, 0] and r.dealer == r.table.left[last]


# ------------------------------------------------------------------ records
def test_the_record_replays_exactly() -> None:
    r = ref("hoyle-1857")
    r.hand_result(N, 3)
    r.misdeal(after_turn=True)
    r.revoke(E, N, proved=True)
    r.hand_result(E, 4)
    r.faced_card(S, keep=True)
    again = Referee.from_dict(json.loads(json.dumps(r.to_dict())))
    assert (again.score, again.dealer, again.entries) == (r.score, r.dealer, r.entries)


@pytest.mark.parametrize("data", [{}, {"format": "euchre-referee/1", "entries": "x"},
                                  {"format": "euchre-referee/1", "entries": [{"kind": "hand", "maker": 0, "tricks": 9}]},
                                  {"format": "euchre-referee/1", "entries": [{"kind": "teleport"}]}])
def test_a_corrupt_record_is_refused_clearly(data: dict[str, object]) -> None:
    with pytest.raises(RecordError):
        Referee.from_dict(data)


def test_a_whole_evening_through_the_command(tmp_path: Path) -> None:
    """Two games of hoyle-1857 with irregularities, typed into ``euchre referee``; the
    saved record replays to the same score."""
    lines = ["hand N 3", "misdeal after", "hand N 7", "renege E N proved", "hand E 3", "faced S keep",
             "exposed W", "hand N 5 alone", "hand E 3", "next", "outofturn S after", "hand W 5", "nodiscard",
             "hand N 3", "score", "quit"]
    record = tmp_path / "evening.json"
    cmd = [sys.executable, "-m", "euchre.cli.main", "referee", "--preset", "hoyle-1857", "--dealer", "W",
           "--save", str(record)]
    done = subprocess.run(cmd, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60, check=False)
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "the makers take 0 to 5 tricks, not 7 (nothing changed)" in out
    assert "loses the deal" in out and "S002 L13" in out
    # Game 1: N-S 1; the misdeal passes the deal (no points); E's revoke gives N-S 1 first
    # and E-W make their point (2-1); N's lone march 4: N-S 6, E-W 1.
    assert "N-S win the game, 6 to 1." in out
    assert "the game is over; begin the next game" in out  # "hand E 3" after it
    data = json.loads(record.read_text())
    again = Referee.from_dict(data)
    assert len(again.games) == 1 and again.games[0].score == (6, 1)
    # Game 2 (West deals, left of South, the last dealer): South deals out of turn and it
    # stands; E-W march (2); the deal passes left of South: West, who fails to discard:
    # E-W score nothing for the hand and N-S 2, with their point: N-S 3, E-W 2.
    assert again.score == [3, 2] and again.dealer == N


# ------------------------------------------------------------------ every card
try:
    from . import _table_mode_deal as deal_kit
except ImportError:  # pragma: no cover
    import _table_mode_deal as deal_kit  # type: ignore[no-redef]

CARDS_LINE = ("cards N:JH,AH,KS,QS,AC E:9S,TS,AD,KD,9C S:JD,KH,AS,QD,TC W:QH,TH,KC,QC,JC up:9H order pass discard-JC "
              + " ".join(p for trick in deal_kit.TRICKS for p in trick))


def test_a_hand_entered_card_by_card_is_replayed_by_the_engine_revoke_and_all() -> None:
    """The deal of _table_mode_deal (worked by hand): N-S take 4 tricks (1 point); E
    revoked in trick 1 (S declines to take the lone hand over, S000 L183) and N claims
    after the last trick (dc-club-1862: 2 points, the hand played out, RULES.md decision
    27): N-S 3."""
    from euchre.referee import enter

    r = ref("dc-club-1862")
    ruling = enter(r, CARDS_LINE + " renege pass pass")
    assert ruling is not None and ruling.points == (3, 0) and r.score == [3, 0] and r.dealer == N
    again = Referee.from_dict(json.loads(json.dumps(r.to_dict())))
    assert again.score == [3, 0]


@pytest.mark.parametrize(("line", "words"), [
    (CARDS_LINE.replace("E:9S", "E:JH"), "entered twice"),
    (CARDS_LINE.replace("S:JD,KH,AS,QD,TC", "S:JD,KH,AS,QD,TC,9D"), "holds 6 cards"),
    (CARDS_LINE.replace("play-KS", "play-KH", 1), "action 4"),
    (CARDS_LINE.rsplit(" ", 4)[0], "not finished"),
    (CARDS_LINE.replace("up:9H", "up:2C"), "card"),
])
def test_a_hand_of_cards_that_cannot_be_true_is_refused(line: str, words: str) -> None:
    from euchre.referee import enter

    r = ref("dc-club-1862")
    with pytest.raises(RefereeError, match=words):
        enter(r, line)
    assert r.score == [0, 0] and r.entries == [] and r.dealer == W


# ------------------------------------------------------------------ regressions (a tester's findings)
def test_regression_revokes_on_both_sides_cancel_in_the_referee_as_at_the_table() -> None:
    """Leeds & Dwight s71: two revokes by N-S and one by E-W give E-W one penalty, not
    two against one (hoyle-1857, 1 point); N-S make their point: 1 to each side."""
    r = ref("hoyle-1857")
    r.revoke(N, E, proved=True)
    r.revoke(S, W, proved=True)
    r.revoke(E, N, proved=True)
    assert r.pending == (0, 1)
    assert r.hand_result(N, 3).points == (1, 1)
    r2 = ref("hoyle-1857")
    r2.revoke(N, E, proved=True)
    r2.revoke(E, N, proved=True)
    ruling = r2.hand_result(N, 3)
    assert ruling.points == (1, 0) and "cancel" in ruling.outcome


def test_regression_a_redeal_after_laws_of_the_deal_is_refused_not_losing_them() -> None:
    """A misdeal, a new deal for a faced card or a stopped deal after a revoke or a
    dealer's failure to discard in the same deal lost those points without a word."""
    r = ref("hoyle-1857")
    r.revoke(N, E, proved=True)
    for entry in (lambda: r.misdeal(after_turn=False), lambda: r.faced_card(S), lambda: r.deal_out_of_turn(E, False)):
        with pytest.raises(RefereeError, match="laws were entered"):
            entry()
    assert r.pending == (0, 1)


@pytest.mark.parametrize("entry", [
    lambda r: r.hand_result(N, 5, alone="no"),
    lambda r: r.revoke(E, N, "no"),
    lambda r: r.misdeal("no"),
    lambda r: r.dealer_failed_to_discard(lone="no"),
    lambda r: r.deal_out_of_turn(E, None),
    lambda r: r.faced_card(S, keep=1),
])
def test_regression_yes_or_no_arguments_must_be_true_or_false(entry: object) -> None:
    """A record edited by hand turned "false" into a proved revoke, "no" into a lone hand."""
    r = ref("hoyle-1857")
    with pytest.raises(RefereeError, match="true or false"):
        entry(r)  # type: ignore[operator]
    assert r.entries == []


def test_regression_a_record_with_a_yes_or_no_as_text_is_refused() -> None:
    r = ref("hoyle-1857")
    data = r.to_dict()
    data["entries"] = [{"kind": "revoke", "offender": 1, "claimant": 0, "proved": "false", "lone": False}]
    with pytest.raises(RecordError, match="true or false"):
        Referee.from_dict(data)


def test_regression_the_same_failure_to_discard_twice_and_lone_without_lone_hands() -> None:
    r = ref("hoyle-1857")
    r.dealer_failed_to_discard()
    with pytest.raises(RefereeError, match="already"):
        r.dealer_failed_to_discard()
    with pytest.raises(RefereeError, match="there is no lone hand to enter"):
        ref("two-handed", dealer=0).dealer_failed_to_discard(lone=True)


def test_regression_a_lone_revoke_needs_a_lone_hand() -> None:
    r = ref("hoyle-1857")
    r.revoke(E, N, proved=True, lone=True)
    with pytest.raises(RefereeError, match="lone hand"):
        r.hand_result(N, 3)
    assert r.hand_result(N, 3, alone=True).points == (1 + 1, 0)


@pytest.mark.parametrize(("line", "words"), [
    ("hand n 3 alone w defender w", "does not belong"),
    ("hand n 3 alone alone", "does not belong"),
    ("hand n " + "9" * 5000, "write: hand"),
    ("renege n n proved", "his own revoke"),
])
def test_regression_stray_words_and_own_claims_are_refused(line: str, words: str) -> None:
    from euchre.referee import enter

    r = ref("railroad")
    with pytest.raises(RefereeError, match=words):
        enter(r, line)


@pytest.mark.parametrize(("data", "where"), [
    ({"format": "euchre-referee/1", "rules": {}, "entries": [{"kind": ["hand"]}]}, "entries"),
    ({"format": "euchre-referee/1", "entries": []}, "rules"),
    ({"format": "euchre-referee/1", "rules": {}, "first_dealer": 9, "entries": []}, "first_dealer"),
    ({"format": "euchre-referee/1", "rules": {}, "entries": [{"kind": "hand", "maker": 0, "tricks": 3, "foo": 1}]},
     "not those"),
])
def test_regression_malformed_records_are_refused_naming_where(data: dict[str, object], where: str) -> None:
    with pytest.raises(RecordError, match=where):
        Referee.from_dict(data)


def test_regression_a_game_won_by_the_penalty_first_says_so() -> None:
    """hoyle at 4-4: N's revoke gives E-W the game first, though N's lone march takes N-S
    to 8; the message had it '5 to 8'."""
    r = ref("hoyle-1857")
    for maker in (E, E, E, E, N, N, N, N):
        r.hand_result(maker, 3)
    r.revoke(N, E, proved=True)
    ruling = r.hand_result(N, 5, alone=True)
    assert ruling.game_over and r.games[-1].winner == 1
    assert "by the penalty scored first" in ruling.outcome and "final score 5 to 8" in ruling.outcome


def test_regression_the_command_refuses_flags_with_load_and_an_unwritable_save(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    record.write_text(json.dumps(ref("hoyle-1857").to_dict()))
    cmd = [sys.executable, "-m", "euchre.cli.main", "referee", "--load", str(record), "--preset", "railroad"]
    done = subprocess.run(cmd, input="quit\n", capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and "--preset" in done.stderr and "Traceback" not in done.stderr
    (tmp_path / "y.json.tmp").mkdir()
    cmd = [sys.executable, "-m", "euchre.cli.main", "referee", "--save", str(tmp_path / "y.json")]
    done = subprocess.run(cmd, input="quit\n", capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2 and "cannot be written" in done.stderr and "Traceback" not in done.stderr


def test_regression_the_two_handed_referee_starts_without_dealer() -> None:
    cmd = [sys.executable, "-m", "euchre.cli.main", "referee", "--preset", "two-handed"]
    done = subprocess.run(cmd, input="hand 1 3\nquit\n", capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and "Points: 1 to Player 1." in done.stdout


def test_a_revoke_corrected_in_a_hand_entered_card_by_card_is_no_revoke() -> None:
    """The same deal, E correcting his 9C before trick 1 is quitted (New York 1877 s11):
    he plays TS, S plays AS again and W his KC (S wins). In trick 2 S calls the exposed 9C
    at E's turn (s12), and it falls to N's AC. N-S take tricks 1, 2 (N), 3 (N's JH) and 4
    (S's JD, the left bower): 4 tricks, 1 point, and no revoke to claim (every seat that
    may claim passes)."""
    from euchre.referee import enter

    r = ref("dc-club-1862")
    line = ("cards N:JH,AH,KS,QS,AC E:9S,TS,AD,KD,9C S:JD,KH,AS,QD,TC W:QH,TH,KC,QC,JC up:9H order pass discard-JC "
            "play-KS play-9C play-AS play-KC correct play-TS play-AS play-KC "
            "play-TC play-QC play-AC call-9C play-9C play-JH play-KD play-KH play-9H "
            "play-AH play-9S play-JD play-QH play-QD play-TH play-QS play-AD pass pass pass pass")
    ruling = enter(r, line)
    assert ruling is not None and ruling.points == (1, 0) and r.score == [1, 0]
    again = Referee.from_dict(json.loads(json.dumps(r.to_dict())))
    assert again.score == [1, 0]

def test_regression_the_help_of_entries_wrapped_into_the_wrong_column() -> None:
    """Regression (a new user's finding): the entries' help was a table 100 columns wide
    that an 80-column terminal wrapped into the wrong column; each line now fits in 78
    columns (the prompt's "> " before the first)."""
    from euchre.cli.referee import HELP

    assert all(len(line) <= 78 for line in HELP.splitlines())
    assert "renege OFFENDER CLAIMANT proved|unproved [lone]" in HELP and "score, help, quit" in HELP


# ------------------------------------------------------------------ issue 34: --load
def _referee(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *argv: str,
             lines: tuple[str, ...] = ("quit",)) -> tuple[int, str, str]:
    """``euchre referee ARGV`` in this process, the person typing ``lines``."""
    import builtins

    from euchre.cli.main import main

    typed = iter(lines)
    monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
    code = main(["referee", *argv])
    out, err = capsys.readouterr()
    return code, out, err


LOAD_REFUSAL = "euchre referee: error: --load goes on with the rules and dealer of the record; do not give "


@pytest.mark.parametrize(("flags", "named"), [
    (["--preset", "modern-standard"], "--preset"),  # the default preset, given: was accepted silently
    (["--preset", "hoyle-1857"], "--preset"),
    (["--preset", "railroad"], "--preset"),
    (["--target", "7"], "--target"),
    (["--dealer", "N"], "--dealer"),
    (["--rule", "stick_the_dealer=on"], "--rule"),
    (["--option", "game_target=7"], "--option"),
    (["--preset", "modern-standard", "--dealer", "E"], "--preset, --dealer"),
])
def test_regression_load_with_the_default_preset_given_was_accepted_silently(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, flags: list[str],
        named: str) -> None:
    """``--load FILE --preset modern-standard`` went on with the record's rules without a
    word, where any other preset was refused: the default was compared by value. Any
    preset given, the default too, is refused with the same message, and the record is
    left as it was."""
    record = tmp_path / "r.json"
    text = json.dumps(ref("hoyle-1857").to_dict())
    record.write_text(text)
    code, out, err = _referee(capsys, monkeypatch, "--load", str(record), *flags)
    assert (code, out, err) == (2, "", LOAD_REFUSAL + named + "\n")
    assert record.read_text() == text


def test_load_goes_on_with_the_records_rules_and_dealer(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The positive control of the refusals above: --load alone goes on (hoyle-1857, W
    dealt the first hand, N made his point: N deals next, N-S 1)."""
    record = tmp_path / "r.json"
    r = ref("hoyle-1857")
    r.hand_result(N, 3)
    record.write_text(json.dumps(r.to_dict()))
    code, out, err = _referee(capsys, monkeypatch, "--load", str(record), lines=("hand E 3", "quit"))
    assert code == 0, err
    flat = " ".join(out.split())
    assert f"Read 1 entry from {record}. Refereeing: hoyle-1857, game to 5." in flat  # not "1 entries"
    assert "Hand 2: North deals." in flat and "Points: 1 to E-W." in flat
    assert Referee.from_dict(json.loads(record.read_text())).score == [1, 1]


@pytest.mark.parametrize(("content", "words"), [
    (None, "cannot read {path}: No such file or directory"),
    ("dir", "cannot read {path}: it is a directory"),
    ('{"format": "euchre-referee/1", "entries": [', "cannot read {path}: not JSON (line 1, column 44)"),
    (b"\xff\xfe{}", "cannot read {path}: not UTF-8 text (byte 0)"),
    ("[" * 100000 + "]" * 100000, "cannot read {path}: nested too deeply to be a referee's record"),
    ('{"format": "euchre-record", "version": 1}', "{path} is no referee's record we can go on from: format: not a "
                                                   "referee's record (format 'euchre-referee/1')"),
    ('{"format": "euchre-referee/1", "rules": {}, "entries": [{"kind": "hand", "maker": 0, "tricks": 9}]}',
     "{path} is no referee's record we can go on from: entries[0]: the makers take 0 to 5 tricks, not 9"),
])
def test_regression_load_of_a_missing_file_printed_a_raw_errno(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        content: str | bytes | None, words: str) -> None:
    """``--load`` of a missing file printed "cannot read x: [Errno 2] No such file or
    directory: 'x'". A missing, unreadable or corrupt record is one clear line naming the
    file (exit 2), as everywhere in the command line, and nothing is written."""
    path = tmp_path / "evening.json"
    if content == "dir":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    elif content is not None:
        path.write_text(content)
    code, out, err = _referee(capsys, monkeypatch, "--load", str(path))
    assert code == 2 and out == ""
    assert err == f"euchre referee: error: --load: {words.format(path=path)}\n"
    assert "Errno" not in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ([] if content is None else ["evening.json"])


# ------------------------------------------------------------------ issue 34: a hand card by card
def test_regression_a_hand_entered_card_by_card_needed_four_undocumented_trailing_passes() -> None:
    """A ``cards`` entry was "not finished" until a ``pass`` was typed for every seat
    the engine asks for a claim after the last trick, which the help did not say. The
    entries now end with the last card, or with the claim: the deal of
    _table_mode_deal, E's revoke unclaimed: N-S take four tricks, 1 point (S000 L137)."""
    from euchre.referee import enter

    r = ref("dc-club-1862")
    ruling = enter(r, CARDS_LINE)
    assert ruling is not None and ruling.points == (1, 0) and r.score == [1, 0] and r.dealer == N
    assert Referee.from_dict(json.loads(json.dumps(r.to_dict()))).score == [1, 0]


@pytest.mark.parametrize("claim", ["renege", "renege-n", "renege-North", "renege-s", "renege pass pass"])
def test_a_revoke_claimed_after_the_last_card_needs_no_entries_after_it(claim: str) -> None:
    """The same deal, E's revoke claimed by N or by S after the last trick (dc-club-1862:
    2 points, the hand played out, RULES.md decision 27): N-S 1 + 2 = 3, however the claim
    is written; the old form with the passes still reads the same."""
    from euchre.referee import enter

    r = ref("dc-club-1862")
    ruling = enter(r, f"{CARDS_LINE} {claim}")
    assert ruling is not None and ruling.points == (3, 0) and r.score == [3, 0]


def test_a_claim_by_the_other_side_after_the_last_card_is_no_revoke() -> None:
    """E claims (N showed out of diamonds in trick 5, so E-W may): no N-S player revoked,
    so the claim is not upheld and costs false_claim_penalty, 0 in dc-club-1862; E's own
    revoke stays unclaimed. N-S score their point."""
    from euchre.referee import enter

    r = ref("dc-club-1862")
    ruling = enter(r, f"{CARDS_LINE} renege-e")
    assert ruling is not None and ruling.points == (1, 0)


@pytest.mark.parametrize(("claim", "words"), [
    ("renege-n renege-s", "South may not claim a revoke here"),  # N-S claimed; nobody failed to follow since
    ("renege-x", "renege-SEAT: 'x': not a seat at this table of 4; its seats are N (North)"),
    ("renege-2", "named by letter, not by number"),
])
def test_a_claim_by_a_seat_that_may_not_claim_is_refused(claim: str, words: str) -> None:
    from euchre.referee import enter

    r = ref("dc-club-1862")
    with pytest.raises(RefereeError, match=words.replace("(", r"\(").replace(")", r"\)")):
        enter(r, f"{CARDS_LINE} {claim}")
    assert r.entries == [] and r.score == [0, 0]


def test_the_help_of_the_cards_entry_says_how_a_hand_ends() -> None:
    from euchre.referee import ENTRY_HELP

    assert "after the last card: renege-SEAT (nothing more if none is)" in " ".join(ENTRY_HELP.split())


# ------------------------------------------------------------------ issue 34: each preset cites its own code
def test_regression_a_dc_club_1862_misdeal_cited_modern_sources() -> None:
    """A misdeal under dc-club-1862 kept the dealer citing X-29, X-36 (modern tournament
    sheets) as if they were the 1862 code's law. The 1862 D.C. code as the seed has it
    (S000) says nothing of misdeals: its laws past chapter I are not in the seed
    (REFERENCE 5.3). The referee says so and cites the reading it follows, REFERENCE
    5.3's #interp: the same dealer deals again."""
    r = ref("dc-club-1862")
    ruling = r.misdeal(after_turn=True)
    assert ruling.dealer == W and r.dealer == W
    assert ruling.source.startswith("misdeal_policy = same_dealer (dc-club-1862: #interp: S000 is silent on misdeals")
    assert "REFERENCE 5.3" in ruling.source and "X-" not in ruling.source


NINETEENTH_CENTURY = ("dc-club-1862", "dc-club-1862-coteries", "hoyle-1857")
"""The presets of the 1857 and 1862 codes: no modern source (X-..) and no later code
(Leeds & Dwight 1888) may be cited for their law."""


def cites_its_own(name: str, option: str, source: str) -> bool:
    """Whether a ruling's ``source`` cites preset ``name``'s own source of its value of
    ``option`` (PRESET_SOURCES, or the preset it inherits the value from), and no modern
    sheet or later code where the preset is an 1857 or 1862 code."""
    from euchre.core.presets import option_source

    setter, own = option_source(name, option)
    origin = name if setter == name else f"{name}, as {setter}"
    if not source.startswith(f"{option} = {getattr(preset(name), option)} ({origin}: {own})"):
        return False
    return name not in NINETEENTH_CENTURY or ("X-" not in source and "Leeds & Dwight" not in source)


def test_the_check_of_citations_refuses_the_old_ones() -> None:
    """Positive control: the citations given before the fix fail the check."""
    assert not cites_its_own("dc-club-1862", "misdeal_policy", "misdeal_policy = same_dealer (X-29, X-36)")
    assert not cites_its_own("hoyle-1857", "misdeal_policy",
                             "misdeal_policy = deal_passes (S002 L13; Leeds & Dwight 1888 s41)")
    assert not cites_its_own("dc-club-1862", "faced_card_in_deal", "faced_card_in_deal = new_deal (Leeds & Dwight 1888 s34)")


@pytest.mark.parametrize("name", [n for n in PLAYABLE_PRESETS if not preset(n).calls_partner])
def test_every_preset_cites_its_own_source_for_a_misdeal_and_a_faced_card(name: str) -> None:
    """The kind of the fault above: a preset citing another code's law. Each refereed
    preset's misdeal and faced-card rulings cite that preset's own source of its value."""
    for option, ruling in (("misdeal_policy", ref(name, dealer=0).misdeal(after_turn=False)),
                           ("faced_card_in_deal", ref(name, dealer=0).faced_card(1))):
        assert cites_its_own(name, option, ruling.source), ruling.source


def test_the_hoyle_misdeal_and_revoke_cite_hoyle_only() -> None:
    """S002 L13: the dealer loses his deal; a revoke costs 1. The misdeal cited Leeds &
    Dwight 1888 too, the revoke S000 L131 (2 points) and the modern sheets."""
    r = ref("hoyle-1857")
    assert r.misdeal(after_turn=True).source == ("misdeal_policy = deal_passes (hoyle-1857: S002 L13 'the dealer "
                                                 "losing his privilege'); RULES.md decision 28")
    source = r.revoke(E, N, proved=True).source
    assert source.startswith("renege_penalty = 1 (hoyle-1857: S002 L13), renege_ends_hand = false (hoyle-1857: ")
    assert "S000" not in source and "X-" not in source


def test_a_passed_out_hand_cites_the_presets_own_source() -> None:
    """S003 L19: the same dealer deals again (casual-web-003); S000 L129: the deal is
    forfeited to the left (dc-club-1862). Every seed was cited for every preset."""
    assert ref("casual-web-003").passed_out().source == "all_pass_round2 = same_dealer_redeals (casual-web-003: S003 L19)"
    assert ref("dc-club-1862").passed_out().source == ("all_pass_round2 = deal_passes_left (dc-club-1862: S000 L129 "
                                                       "'the deal is forfeited')")


def test_a_law_set_over_a_preset_says_so() -> None:
    """--option misdeal_policy=deal_passes over dc-club-1862 is no law of the D.C. code:
    the ruling says it was set over the preset and gives that value's sources; a house
    rule that leaves the law alone (stick the dealer) keeps the preset's citation."""
    changed = Referee(preset("dc-club-1862").replace(misdeal_policy="deal_passes"), W)
    ruling = changed.misdeal(after_turn=True)
    assert ruling.dealer == N
    assert ruling.source == ("misdeal_policy = deal_passes (set over dc-club-1862: S002 L13; Leeds & Dwight 1888 s41); "
                             "RULES.md decision 28")
    housed = Referee(preset("dc-club-1862").replace(all_pass_round2="stick_the_dealer"), W)
    assert housed.misdeal(after_turn=True).source.startswith("misdeal_policy = same_dealer (dc-club-1862: #interp")


# ------------------------------------------------------------------ issue 34 follow-up: a claim is explained
# Dealer N; clubs turned (9C) and ordered up by E (E-W make it), N discards 9S. E leads
# AH and S, holding TH, plays AD: a revoke, proved in trick 2 where S plays TH. N trumps
# trick 3 and wins 4 and 5: E-W take 2 tricks, euchred, 2 points to N-S (in all three
# presets). The 32-card presets leave the sevens and eights in the stock.
CLAIM_DEAL = "cards N:JC,AC,9D,TD,9S E:AH,KH,QH,JD,KC S:TH,AD,KD,QD,TS W:9H,JH,AS,KS,QS up:9C"
CLAIM_TRICKS = ["play-AH play-AD play-9H play-9D", "play-KH play-TH play-JH play-TD", "play-QH play-KD play-AS play-JC",
                "play-AC play-KC play-QD play-KS", "play-9C play-JD play-TS play-QS"]
CLAIM_BIDS = {"modern-tournament": "order discard-9S", "hoyle-1857": "order discard-9S",
              "dc-club-1862": "order pass discard-9S"}  # W declines to take the hand over (S000 L183)


def _claim_line(name: str, tricks: int = 5) -> str:
    return " ".join([CLAIM_DEAL, CLAIM_BIDS[name], *CLAIM_TRICKS[:tricks]])


@pytest.mark.parametrize(("name", "fine", "points"), [
    ("modern-tournament", 2, (2, 2)),  # an unproved accusation costs 2
    ("dc-club-1862", 0, (2, 0)),
    ("hoyle-1857", 0, (2, 0)),
])
def test_regression_a_failed_claim_in_a_hand_entered_card_by_card_was_scored_but_never_explained(
        name: str, fine: int, points: tuple[int, int]) -> None:
    """N claims after the last trick; no E-W player revoked. The ruling said only "The
    hand as entered: euchre." while modern-tournament moved 2 points for the claim. It
    now says the claim, that it failed, the law of the typed entry ("A revoke not proved
    by the tricks is no revoke", New York 1877 s10) and false_claim_penalty."""
    from euchre.referee import enter

    r = ref(name, dealer=N)
    ruling = enter(r, f"{_claim_line(name)} renege-N")
    assert ruling is not None and ruling.points == points and tuple(r.score) == points
    assert ruling.law == "The hand as entered: euchre. A revoke not proved by the tricks is no revoke."
    assert f"; New York 1877 s10; false_claim_penalty = {fine} ({name}" in ruling.source
    assert ruling.outcome.startswith("North claimed a revoke after the last trick. Not upheld: no player of another "
                                     "side revoked.")
    if fine:
        assert ("2 points to E-W, scored with the hand. Points: 2 to N-S, 2 to E-W. Of these, by the claims' laws: "
                "2 to E-W. East deals next.") in ruling.outcome
    else:
        assert ruling.outcome.endswith("revoked. Points: 2 to N-S. East deals next.")


@pytest.mark.parametrize(("name", "law", "penalty", "points"), [
    ("modern-tournament", "A proved revoke ends the hand; the claimants score the penalty instead of the hand.",
     "renege_penalty = 2 (modern-tournament: X-29, X-30, X-52), renege_ends_hand = true", (0, 2)),
    ("dc-club-1862", "A proved revoke: its penalty is scored with the hand, which is played out; equal numbers of "
     "revokes on the two sides cancel.", "renege_penalty = 2 (dc-club-1862: S000 L131), renege_ends_hand = false",
     (2, 2)),
    ("hoyle-1857", "A proved revoke: its penalty is scored with the hand, which is played out; equal numbers of "
     "revokes on the two sides cancel.", "renege_penalty = 1 (hoyle-1857: S002 L13), renege_ends_hand = false",
     (2, 1)),
])
def test_an_upheld_claim_in_a_hand_entered_card_by_card_is_explained(
        name: str, law: str, penalty: str, points: tuple[int, int]) -> None:
    """E claims after the last trick: S's revoke of trick 1 is proved by trick 2. The
    ruling says who claimed, that it was upheld with the revoke and its proof, the
    penalty (2, 2, 1 points to E-W), and the preset's law: modern-tournament scores it
    instead of the hand (E-W 2), the old codes with the hand (N-S 2 for the euchre)."""
    from euchre.referee import enter

    r = ref(name, dealer=N)
    ruling = enter(r, f"{_claim_line(name)} renege-E")
    assert ruling is not None and ruling.points == points and tuple(r.score) == points
    assert ruling.law.endswith(law)
    assert f"; New York 1877 s10; {penalty}" in ruling.source
    assert ruling.outcome.startswith(
        "East claimed a revoke after the last trick. Upheld. South revoked in trick 1: A♦ to a lead of hearts, "
        f"holding hearts (played 10♥ in trick 2). The penalty: {points[1]} to E-W. Points: ")


def test_a_claim_in_the_play_names_its_trick() -> None:
    """modern-tournament (a proved revoke ends the hand, X-29): E claims at his lead of
    trick 3; the hand ends there, E-W score the penalty, 2."""
    from euchre.referee import enter

    r = ref("modern-tournament", dealer=N)
    ruling = enter(r, f"{_claim_line('modern-tournament', tricks=2)} renege-E")
    assert ruling is not None and ruling.points == (0, 2)
    assert ruling.outcome.startswith("East claimed a revoke in trick 3. Upheld. South revoked in trick 1")


def test_regression_laws_entered_before_a_hand_of_cards_were_scored_but_not_said() -> None:
    """The same kind: a claim typed before the cards (``renege E N unproved``, 2 points
    to E-W under modern-tournament) was added to the hand entered card by card without a
    word, where a hand typed as a result says it. The euchre's 2 to N-S and the 2 to E-W."""
    from euchre.referee import enter

    r = ref("modern-tournament", dealer=N)
    enter(r, "renege E N unproved")
    ruling = enter(r, _claim_line("modern-tournament"))
    assert ruling is not None and ruling.points == (2, 2)
    assert ruling.outcome == "A revoke claimed but not proved cost 2. Points: 2 to N-S, 2 to E-W. East deals next."


def test_a_hand_of_cards_without_a_claim_cites_no_law_of_claims() -> None:
    from euchre.referee import enter

    ruling = enter(ref("modern-tournament", dealer=N), _claim_line("modern-tournament"))
    assert ruling is not None and ruling.law == "The hand as entered: euchre."
    assert ruling.outcome == "Points: 2 to N-S. East deals next." and "New York" not in ruling.source


@pytest.mark.parametrize("name", ["out.txt", "x.egn", "X.EGN", "evening"])
def test_regression_referee_save_said_egn_was_accepted_then_refused_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """``referee --save out.txt`` said the name "must end in .json or .egn", and ``--save
    x.egn`` was then refused (a refereed game has no cards for EGN); the help says
    FILE.json. The message lists only what the command accepts, and nothing is written."""
    code, out, err = _referee(capsys, monkeypatch, "--save", str(tmp_path / name))
    assert (code, out) == (2, "")
    assert err == (f"euchre referee: error: --save {tmp_path / name}: the referee's record is JSON (EGN records the "
                   "cards of every hand; a refereed game of results and laws has none); its name must end in .json\n")
    assert list(tmp_path.iterdir()) == []


def test_referee_save_takes_a_json_name(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The positive control: FILE.json (any case) is written."""
    code, _, err = _referee(capsys, monkeypatch, "--save", str(tmp_path / "E.JSON"), lines=("hand N 3", "quit"))
    assert code == 0, err
    assert Referee.from_dict(json.loads((tmp_path / "E.JSON").read_text())).score == [1, 0]


@pytest.mark.parametrize(("line", "tricks"), [("hand N 3", 3), ("hand N 03", 3), ("hand N 0", 0), ("hand N 00", 0)])
def test_the_tricks_are_read_in_the_digits_0_to_9_a_leading_zero_changing_nothing(line: str, tricks: int) -> None:
    """The decision (README, "Commands"): numbers are typed with the digits 0-9, as
    ``--target 07`` and a choice's ``01`` are read; ``03`` is 3 tricks (N-S make their
    point), ``00`` none (euchred: 2 to E-W)."""
    from euchre.referee import enter

    ruling = enter(ref("modern-standard", dealer=N), line)
    assert ruling is not None and ruling.points == ((1, 0) if tricks == 3 else (0, 2))


@pytest.mark.parametrize("digits", ["３", "٣", "³", "+3", "3.0"])
def test_regression_tricks_in_another_scripts_digits_got_only_the_entrys_form(digits: str) -> None:
    """``hand N ３`` was refused with the entry's form only, while ``hand N 03`` was read
    as 3: the refusal now says the tricks are typed with the digits 0-9, echoing them."""
    from euchre.referee import EntryError, enter

    r = ref("modern-standard", dealer=N)
    with pytest.raises(EntryError) as refused:
        enter(r, f"hand N {digits}")
    assert str(refused.value) == ("write: hand MAKER TRICKS [alone] [defender SEAT], e.g. hand N 3; TRICKS in the "
                                  f"digits 0-9, not {digits!r}")
    assert r.entries == [] and r.score == [0, 0]


@pytest.mark.parametrize(("extra", "named"), [({"version": 99}, "version"), ({"entires": []}, "entires"),
                                               ({"score": [9, 0]}, "score")])
def test_regression_a_referees_record_with_unknown_fields_was_read_ignoring_them(extra: dict[str, object],
                                                                                named: str) -> None:
    """A record sent back with ``"version": 99`` (or a misspelt field, or a score that
    the entries do not give) was read and the field dropped without a word. It is
    refused, naming the field and listing the record's fields, as the game's record is
    (records.refuse_unknown)."""
    r = ref("hoyle-1857")
    r.hand_result(N, 3)
    data = {**r.to_dict(), **extra}
    with pytest.raises(RecordError) as refused:
        Referee.from_dict(data)
    assert str(refused.value).endswith(f"unknown field {named!r}; a referee's record holds format, rules, "
                                       "first_dealer, entries")
    assert Referee.from_dict(r.to_dict()).score == [1, 0]  # the record as written reads


# ------------------------------------------------------------------ issue 34 follow-up: messages in the game's words
def test_regression_the_referee_echoed_a_seat_lowercased_and_listed_renege_for_renege_seat() -> None:
    """A new user's findings: ``hand N 3`` at cutthroat-3 was refused as "seat 'n': not a
    seat" (the line was lowercased before the seat was read), and a card typed after the
    last card of a ``cards`` entry was refused with the engine's "play-9C is not legal for
    N in revoke_claims; legal: pass, renege", though a claim is entered as renege-SEAT.
    Now the seat is echoed as typed, and the entries the claimant may type are listed,
    the part of the hand in words (the deal of CARDS_LINE: 23 actions, N asked first)."""
    from euchre.referee import EntryError, enter

    r = ref("cutthroat-3", 0)
    for line in ("hand N 3", "faced N", "exposed N", "renege N 1 proved", "hand 1 3 defender N"):
        with pytest.raises(EntryError, match=r"^seat 'N': not a seat at this table of 3; its seats are 1 "):
            enter(r, line)
    with pytest.raises(EntryError, match=r"^'Alones' does not belong here"):
        enter(r, "hand 1 3 Alones")
    r = ref("dc-club-1862")
    with pytest.raises(RefereeError) as refused:
        enter(r, f"{CARDS_LINE} play-9C")
    assert str(refused.value) == ("action 24 ('play-9C'): play-9C is not an entry for North now, in the claims of "
                                  "revokes after the last trick; the entries there: pass, renege-N")
    with pytest.raises(RefereeError, match=r"renege-SEAT: 'X': not a seat"):
        enter(r, f"{CARDS_LINE} renege-X")
    assert r.entries == [] and r.score == [0, 0]


@pytest.mark.parametrize(("name", "entry", "words"), [
    ("two-handed", lambda r: r.hand_result(0, 4, alone=True),
     "every player plays for himself at this table: there is no lone hand to enter"),
    ("modern-standard", lambda r: Referee(r.rules.replace(alone_allowed=False)).hand_result(0, 4, alone=True),
     "nobody plays alone under these rules (see alone_allowed in euchre rules)"),
    ("modern-tournament", lambda r: r.passed_out(),
     "under these rules the dealer must name trump when every player passes twice, so a hand cannot be passed out "
     "(see all_pass_round2 in euchre rules)"),
    ("modern-standard", lambda r: r.faced_card(1, keep=True),
     "under these rules a card faced in the deal means a new deal; the receiver has no option to keep it (see "
     "faced_card_in_deal in euchre rules)"),
])
def test_regression_the_referees_refusals_were_worded_as_option_settings(
        name: str, entry: Callable[[Referee], object], words: str) -> None:
    """A new user's finding: "these rules have no lone hands (alone_allowed = false)",
    "all_pass_round2 = stick_the_dealer: ...": each refusal says the rule in words, the
    option's key after it only as where to look it up."""
    with pytest.raises(RefereeError) as refused:
        entry(ref(name, 0))
    assert str(refused.value) == words
    assert " = " not in words


def test_regression_call_ace_was_refused_as_variant_equals_call_ace() -> None:
    """A new user's finding: call-ace was refused "(variant = call_ace is not refereed)"."""
    with pytest.raises(RefereeError) as refused:
        Referee(preset("call-ace-5"))
    assert str(refused.value).startswith("call-ace is not refereed: ") and "variant" not in str(refused.value)
