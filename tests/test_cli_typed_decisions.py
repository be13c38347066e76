"""What a person types in ``euchre play`` that is not plainly a legal choice (issue 34):

* a call read from part of its words (a bare "alone" in round one, "up", "yes", a
  suit's letter) is shown in full and made only when confirmed; the menu number, the
  menu's words, the text form and whole words stay immediate;
* a word of the game typed when it does not apply (``correct`` with nothing to correct,
  ``renege`` in the bidding, ``call-9C``, ``order`` while a card is played) is answered
  with why, never "'correct' is not a card";
* a card this game's pack does not hold (``7S`` in the 24-card pack, the joker where
  there is none) is answered with the pack, not "You do not hold 7♠" (the referee's
  card-by-card entry too).
"""

from __future__ import annotations

import builtins
from collections.abc import Callable

import pytest

from euchre.cli.choices import ChoiceError, choose_card, names_a_call, read_call
from euchre.cli.not_now import action_word, why_not_now
from euchre.core import Game, preset
from euchre.core.actions import DISCARD_BASE, Action
from euchre.core.cards import JOKER, missing_from_pack, pack_words, parse_card
from euchre.core.state import Phase
from euchre.core.views import PlayerView, view_of
from euchre.referee import Referee, RefereeError, enter
from test_cli import flat, play_with, scripted

try:
    from . import _table_mode_deal as deal_kit
except ImportError:  # pragma: no cover
    import _table_mode_deal as deal_kit  # type: ignore[no-redef]

C = parse_card
R1 = [Action.PASS, Action.ORDER_UP, Action.ORDER_UP_ALONE]
R1_WORDS = ["Pass.", "Order it up.", "Order it up. I'll go alone."]
R2 = [Action.PASS, *(Action.name_trump(s) for s in (0, 2, 3)), *(Action.name_trump(s, True) for s in (0, 2, 3))]
R2_WORDS = [str(a) for a in R2]
TABLE_MODE = preset("modern-standard").replace(renege_mode="penalize_on_claim")


# ----------------------------------------------------------------- 1. confirming a shortened call
@pytest.mark.parametrize(("text", "menu", "words", "expected"), [
    ("alone", R1, R1_WORDS, Action.ORDER_UP_ALONE),  # the case: ordering up alone from one word
    ("loner", R1, R1_WORDS, Action.ORDER_UP_ALONE),
    ("go alone", R1, R1_WORDS, Action.ORDER_UP_ALONE),
    ("up", R1, R1_WORDS, Action.ORDER_UP),
    ("yes", R1, R1_WORDS, Action.ORDER_UP),
    ("h", R2, R2_WORDS, Action.name_trump(2)),  # a suit's letter names trump
    ("S", R2, R2_WORDS, Action.name_trump(3)),
    ("take", [Action.PASS, Action.TAKE_OVER_ALONE], ["Pass.", "I'll go alone instead."], Action.TAKE_OVER_ALONE),
    ("over", [Action.PASS, Action.TAKE_OVER_ALONE], ["Pass.", "I'll go alone instead."], Action.TAKE_OVER_ALONE),
    ("throw", [Action.PASS, Action.THROW_IN], ["No claim.", "I show my hand for a new deal."], Action.THROW_IN),
])
def test_fault_a_shortened_answer_made_a_weighty_call_without_asking(
        text: str, menu: list[Action], words: list[str], expected: Action) -> None:
    """Regression (issue 34): a bare "alone" in round one was taken as "Order it up. I'll
    go alone." at once. A call read from part of its words is read, but not in full: the
    player asks to confirm it."""
    assert read_call(text, menu, words) == (expected, False)


@pytest.mark.parametrize(("text", "menu", "words", "expected"), [
    ("3", R1, R1_WORDS, Action.ORDER_UP_ALONE),  # the menu number
    ("Order it up. I'll go alone.", R1, R1_WORDS, Action.ORDER_UP_ALONE),  # the menu's words
    ("order-alone", R1, R1_WORDS, Action.ORDER_UP_ALONE),  # the text form
    ("order alone", R1, R1_WORDS, Action.ORDER_UP_ALONE),
    ("pick it up alone", R1, R1_WORDS, Action.ORDER_UP_ALONE),
    ("assist", R1, R1_WORDS, Action.ORDER_UP),
    ("order", R1, R1_WORDS, Action.ORDER_UP),
    ("pass", R1, R1_WORDS, Action.PASS),
    ("p", R1, R1_WORDS, Action.PASS),  # passing is taken at once
    ("hearts", R2, R2_WORDS, Action.name_trump(2)),
    ("spades alone", R2, R2_WORDS, Action.name_trump(3, True)),
    ("take over", [Action.PASS, Action.TAKE_OVER_ALONE], ["Pass.", "I'll go alone instead."], Action.TAKE_OVER_ALONE),
    ("alone", [Action.GO_ALONE, Action.PLAY_WITH_PARTNER], ["I'll go alone.", "With my partner."], Action.GO_ALONE),
    ("defend", [Action.PASS, Action.DEFEND_ALONE], ["Pass.", "I'll defend alone."], Action.DEFEND_ALONE),
    ("throw in", [Action.PASS, Action.THROW_IN], ["No claim.", "I show my hand for a new deal."], Action.THROW_IN),
])
def test_the_number_the_menu_words_and_whole_words_make_the_call_at_once(
        text: str, menu: list[Action], words: list[str], expected: Action) -> None:
    assert read_call(text, menu, words) == (expected, True)


def test_fault_ambiguous_words_listed_the_calls_with_a_doubled_full_stop() -> None:
    menu = [Action.PASS, Action.GO_ALONE, Action.TAKE_OVER_ALONE]
    with pytest.raises(ChoiceError, match=r"'loner' could mean several calls: 2 I'll go alone; 3 I'll go alone "
                                          r"instead\. Type the number\.$"):
        read_call("loner", menu, ["Pass.", "I'll go alone.", "I'll go alone instead."])


def _answers_then_quit(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                       answers: list[str]) -> str:
    code, out, _ = play_with(monkeypatch, capsys, answers)
    assert code == 0
    return flat(out)


def test_fault_bare_alone_in_round_one_is_asked_before_it_is_made(monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Regression (issue 34), through ``euchre play``: "alone" is shown as the whole call
    and asked about; Enter (or n) makes nothing and the question comes again; y makes it."""
    out = _answers_then_quit(monkeypatch, capsys, ["alone", "", "alone", "n"])
    assert out.count("'alone' is read as \"") == 2 and "I'll go alone.\" (accept" in out
    assert out.count("Make this call? Type y to make it, Enter to choose again [y/N]:") == 2
    assert out.count("Not made: choose again.") == 2
    assert "plays alone" not in out and "Trump:" not in out  # no call was made
    out = _answers_then_quit(monkeypatch, capsys, ["alone", "y"])
    assert "plays alone" in out and "Not made" not in out
    out = _answers_then_quit(monkeypatch, capsys, ["3"])  # the menu number: no question
    assert "plays alone" in out and "Make this call?" not in out


def test_the_end_of_input_at_the_confirmation_makes_no_call(monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from _cli_seeds import south_deals_round_one_seed
    from test_cli import run

    monkeypatch.setattr(builtins, "input", scripted(iter(["alone"])))
    code, out, _ = run(capsys, "play", "--seed", str(south_deals_round_one_seed()), "--no-stats")
    assert code == 0 and "Game stopped (end of input)." in out and "plays alone" not in out


# ----------------------------------------------------------------- 2. a word that does not apply now
def _view_where(rules_name_or_rules: object, seed: int, wanted: Callable[[PlayerView], bool]) -> PlayerView:
    """The first view of the seat to act, in a game played by taking each first legal
    action, that ``wanted`` accepts."""
    rules = preset(rules_name_or_rules) if isinstance(rules_name_or_rules, str) else rules_name_or_rules
    game = Game(rules, seed)  # type: ignore[arg-type]
    for _ in range(400):
        view = view_of(game.hand, game.turn, game.score)
        if wanted(view):
            return view
        game.apply(game.legal_actions()[-1] if view.phase == Phase.BID_ROUND_1 else game.legal_actions()[0])
    raise AssertionError("no such moment")


def _playing(view: PlayerView) -> bool:
    return view.phase == Phase.PLAY


def _bidding(view: PlayerView) -> bool:
    return view.phase == Phase.BID_ROUND_1


def _discarding(view: PlayerView) -> bool:
    return view.phase == Phase.DISCARD


WORDS = ["correct", "stand", "let it stand", "renege", "revoke", "claim", "call-9C", "call-AS", "no-call", "no call",
         "call-H", "order", "pass", "name-H", "alone", "partner", "forfeit", "hearts", "order up", "play-AH",
         "discard-9C", "give-JH"]
"""Words of the game, each of which is no legal choice at the moments tested."""


@pytest.mark.parametrize("rules", ["modern-standard", TABLE_MODE], ids=["no-revokes", "table-mode"])
@pytest.mark.parametrize("moment", [_playing, _bidding, _discarding], ids=["play", "bidding", "discard"])
def test_fault_a_word_of_the_game_was_answered_not_a_card(rules: object, moment: Callable[[PlayerView], bool]) -> None:
    """Regression (issue 34): ``correct`` with nothing to correct was answered "'correct'
    is not a card". Every word of the game typed when it is no legal choice gets a reason
    (``why_not_now``); a word that is no action gets none (the positive control: the
    usual answer, "is not a card", still comes for it)."""
    view = _view_where(rules, 3, moment)
    for word in WORDS:
        if any(str(a) == word for a in view.legal):
            continue
        code = action_word(word)
        if view.phase == Phase.BID_ROUND_1 and (names_a_call(word) or (code is not None and code < DISCARD_BASE)):
            continue  # a call of the bidding at a call: choose_call names the calls of the menu
        if word.split("-")[0] in ("play", "discard", "give") and view.phase in (Phase.PLAY, Phase.DISCARD):
            continue  # a card of the moment's kind is read by choose_card (tested below)
        why = why_not_now(view, word)
        assert why is not None and "not a card" not in why, (word, why)
    assert why_not_now(view, "xyzzy") is None
    assert why_not_now(view, "JH") is None and why_not_now(view, "2") is None


def test_correct_with_nothing_to_correct_says_so_and_when_it_is_allowed() -> None:
    plain = _view_where("modern-standard", 3, _playing)
    assert why_not_now(plain, "correct") == (
        "There is nothing to correct: these rules prevent revokes (only cards that follow suit can be played), so a "
        "card never needs correcting.")
    table = _view_where(TABLE_MODE, 3, _playing)
    why = why_not_now(table, "correct")
    assert why is not None and why.startswith("There is nothing to correct now: when a card you played did not follow "
                                              "suit although you held the suit (a revoke), you are asked, once the "
                                              "trick is complete and before it is quitted, to correct it or let it "
                                              "stand; now you play a card")
    assert why_not_now(table, "let it stand") is not None and "no card to let stand now" in why_not_now(table, "stand")


def test_the_laws_words_at_their_own_moments() -> None:
    """At the moment a revoke may be corrected, ``correct`` is a legal choice (no
    message); at the call of an exposed card, a card that is not exposed is named as
    such, and ``renege`` in the bidding says when a revoke is claimed."""
    state = deal_kit.deal(TABLE_MODE)
    bidding = view_of(state, state.turn)
    assert why_not_now(bidding, "renege") == (
        "No revoke can be claimed now: a revoke is claimed during the play, once a player of another side has failed "
        "to follow suit; now is the time for a call: choose from the menu (1 to 3), or type 'pass' or 'order'.")
    deal_kit.bid(state, False)
    for p in ("play-KS", "play-9C", "play-AS", "play-KC"):
        state.apply(p)
    assert state.phase == Phase.REVOKE_CORRECTION and state.turn == deal_kit.E
    correcting = view_of(state, deal_kit.E)
    assert why_not_now(correcting, "correct") is None and why_not_now(correcting, "stand") is None
    state.apply("correct")
    deal_kit.play(state, ["play-TS", "play-AS", "play-KC", "play-TC", "play-QC", "play-AC"])
    assert state.phase == Phase.CALL_CARD and state.turn == deal_kit.S
    calling = view_of(state, deal_kit.S)
    assert why_not_now(calling, "call-9C") is None  # E's exposed card
    assert why_not_now(calling, "call-AD") == ("You may call only an exposed card of the player to play (call-9C), or "
                                               "make no call (no-call).")


def test_fault_a_card_typed_with_the_verb_of_another_moment_was_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: "discard JH" typed when a card is to be played played JH (the verb
    was dropped); the verb of another moment is refused, the moment's own is read (with
    a space or the text form's hyphen)."""
    shown = [C("JH"), C("AH"), C("KS")]
    legal = [Action.play(c) for c in shown]
    for text in ("discard JH", "discard-JH", "give JH", "give-1"):
        with pytest.raises(ChoiceError, match=r"This is no moment to (discard|give) a card: now you play a card"):
            choose_card(text, shown, legal, trump=2, led=None, discard=False)
    assert choose_card("play-JH", shown, legal, trump=2, led=None, discard=False) == Action.play(C("JH"))
    assert choose_card("play 2", shown, legal, trump=2, led=None, discard=False) == Action.play(C("AH"))
    with pytest.raises(ChoiceError, match="This is no moment to play a card: now you discard a card face down"):
        choose_card("play-JH", shown, [Action.discard(c) for c in shown], trump=2, led=None, discard=True)


def test_the_words_of_the_laws_at_a_card_prompt_through_euchre_play(monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """South deals and takes up the upcard ("2"); at the discard's prompt the words of the
    game get their reasons, and a seven is no card of the 24-card pack."""
    out = _answers_then_quit(monkeypatch, capsys, ["2", "correct", "renege", "call-9C", "order", "7S", "JK"])
    assert "not a card" not in out and "You do not hold" not in out
    assert "There is nothing to correct: these rules prevent revokes" in out
    assert "These rules prevent revokes: only cards that follow suit can be played, so there is never a revoke to " \
           "claim." in out
    assert "There is no exposed card to call" in out
    assert "The bidding is over (trump is" in out and "now you discard a card face down" in out
    assert "This game is played with 24 cards, nine to ace: it has no sevens." in out
    assert "This game is played with 24 cards, nine to ace: it has no joker." in out


def test_commands_at_play_again_say_the_game_is_over(capsys: pytest.CaptureFixture[str]) -> None:
    from euchre.cli.play import _play_again
    from euchre.cli.render import make_console

    game = Game(preset("modern-standard").replace(game_target=1), 4)
    while not game.is_over:  # the first to speak orders up alone: the hand is played
        game.apply(game.legal_actions()[-1 if game.hand.phase == Phase.BID_ROUND_1 else 0])
    given = iter(["undo", "hint", "rules", "last", "n"])
    assert _play_again(make_console(record_width=300), lambda prompt: next(given), game, ["N"] * 4) is False
    out = flat(capsys.readouterr().out)
    assert "The game is over: a finished game cannot be taken back." in out
    assert "The game is over: there is no choice left to hint at." in out
    assert "The game is over: rules is for a game in play." in out
    assert "Last trick (hand" in out and "No answer understood" not in out
    given = iter(["exit"])
    assert _play_again(make_console(record_width=300), lambda prompt: next(given), game, ["N"] * 4) is False


# ----------------------------------------------------------------- 3. a card the pack does not hold
@pytest.mark.parametrize(("text", "deck", "joker", "joker_card", "expected"), [
    ("7S", 24, False, "joker", "This game is played with 24 cards, nine to ace: it has no sevens."),
    ("8h", 24, False, "joker", "This game is played with 24 cards, nine to ace: it has no eights."),
    ("7♠", 28, False, "joker", "This game is played with 28 cards, eight to ace: it has no sevens."),
    ("JK", 24, False, "joker", "This game is played with 24 cards, nine to ace: it has no joker."),
    ("2H", 32, False, "joker", "This game is played with 32 cards, seven to ace: it has no twos."),
    ("2H", 24, True, "two_of_spades",
     "This game is played with 25 cards, nine to ace and the two of spades (the benny): it has no twos other than the "
     "two of spades."),
    ("8H", 28, False, "joker", None), ("7S", 32, False, "joker", None), ("JK", 24, True, "joker", None),
    ("2S", 24, True, "two_of_spades", None), ("9C", 24, False, "joker", None), ("xyzzy", 24, False, "joker", None),
])
def test_a_card_the_pack_does_not_hold_names_the_pack(text: str, deck: int, joker: bool, joker_card: str,
                                                      expected: str | None) -> None:
    """S001 L4: the 24-card pack is nine to ace, the 28-card eight to ace, the 32-card
    seven to ace; the joker (or the two of spades standing for it, X-22) only where the
    rules add it."""
    assert missing_from_pack(text, deck, joker, joker_card) == expected


def test_pack_words() -> None:
    assert pack_words(24, False) == "24 cards, nine to ace"
    assert pack_words(32, True) == "33 cards, seven to ace and the joker"


def test_fault_a_seven_in_a_24_card_game_said_you_do_not_hold_it() -> None:
    """Regression (issue 34): "7S" in a 24-card game said "You do not hold 7♠"; it says the
    pack has no sevens. A card of the pack not held still says so (the positive control)."""
    shown = [C("JH"), C("AH"), C("KS")]
    legal = [Action.play(c) for c in shown]
    with pytest.raises(ChoiceError, match=r"^This game is played with 24 cards, nine to ace: it has no sevens\.$"):
        choose_card("7S", shown, legal, trump=2, led=None, discard=False, deck=24)
    with pytest.raises(ChoiceError, match=r"^This game is played with 24 cards, nine to ace: it has no joker\.$"):
        choose_card("play JK", shown, legal, trump=2, led=None, discard=False, deck=24)
    with pytest.raises(ChoiceError, match=r"^You do not hold 9♠\.$"):
        choose_card("9S", shown, legal, trump=2, led=None, discard=False, deck=24)
    with pytest.raises(ChoiceError, match=r"^You do not hold 7♠\.$"):
        choose_card("7S", shown, legal, trump=2, led=None, discard=False, deck=32)
    shown_joker = [*shown, JOKER]
    assert choose_card("JK", shown_joker, [Action.play(c) for c in shown_joker], trump=2, led=None, discard=False,
                       deck=24, has_joker=True) == Action.play(JOKER)


REFEREE_HANDS = "N:AS,AH,KS,QS,AC E:9C,TC,JC,QC,KC S:9D,TD,JD,QD,KD W:9H,TH,JH,QH,KH"


@pytest.mark.parametrize(("entry", "expected"), [
    (REFEREE_HANDS.replace("AS", "7S") + " up:9S order",
     "This game is played with 24 cards, nine to ace: it has no sevens (7S, North)"),
    (REFEREE_HANDS + " up:8S order", "This game is played with 24 cards, nine to ace: it has no eights (8S, the upcard)"),
    (REFEREE_HANDS.replace("AS", "JK") + " up:9S order",
     "This game is played with 24 cards, nine to ace: it has no joker (JK, North)"),
    (REFEREE_HANDS + " up:9S pass pass pass order discard-AC play-7S",
     "action 6 ('play-7S'): This game is played with 24 cards, nine to ace: it has no sevens."),
])
def test_the_referees_card_entry_names_the_pack(entry: str, expected: str) -> None:
    """The referee's card-by-card entry (``cards``): a card outside this game's pack is
    named with the pack; nothing is recorded."""
    ref = Referee(preset("modern-standard"), 0)
    with pytest.raises(RefereeError) as caught:
        enter(ref, "cards " + entry)
    assert str(caught.value) == expected and ref.entries == []



@pytest.mark.parametrize("moment", [_playing, _bidding, _discarding], ids=["play", "bidding", "discard"])
@pytest.mark.parametrize("typed", ["7S", "play 7S", "discard-7S", "give-8H"])
def test_fault_a_seven_at_a_call_said_it_is_a_card_with_no_word_of_the_pack(
        typed: str, moment: Callable[[PlayerView], bool]) -> None:
    """Regression (issue 34 follow-up): "7S" at a call of a 24-card game said "'7S' is a
    card, but now is the time for a call" with no word that the pack has no sevens. Every
    prompt names the pack first; at a call it then says what to do now. In a 32-card
    game a seven gets no such word (the positive control)."""
    view = _view_where("modern-standard", 3, moment)
    rank = "sevens" if "7" in typed else "eights"
    why = why_not_now(view, typed)
    assert why is not None and why.startswith(f"This game is played with 24 cards, nine to ace: it has no {rank}."), why
    if moment is _bidding:
        assert "Now is the time for a call: choose from the menu" in why
    else:
        assert why == f"This game is played with 24 cards, nine to ace: it has no {rank}."
    seven_pack = _view_where("uspcc-official", 3, moment)
    assert "This game is played" not in (why_not_now(seven_pack, typed) or "")
