"""The words of the calls by style and seat role (euchre.text.words; REFERENCE 4.7
call_words, S000 L119-187, S001 L11-15, X-28), and the menu/card input parsing of the
terminal game (euchre.cli.choices)."""

from __future__ import annotations

import random

import pytest

from euchre.cli.choices import ChoiceError, choose_call, choose_card, command_of
from euchre.core.actions import Action
from euchre.core.cards import NO_TRUMP, parse_card
from euchre.core.game import Game
from euchre.core.hand import Phase
from euchre.core.presets import preset
from euchre.core.views import view_of
from euchre.text.words import (
    HIDDEN_DISCARD,
    describe,
    describe_history,
    describe_pending,
    plain,
    role_of,
)

N, E, S, W = 0, 1, 2, 3
JH = parse_card("JH")


def words(action: int, seat: int, phase: Phase, style: str, dealer: int = W, upcard: int = JH,
          viewer: int | None = None) -> str:
    return describe(action, seat, dealer=dealer, phase=phase, style=style, upcard=upcard, viewer=viewer)


def test_roles_follow_the_dealer() -> None:
    # S000 L117-121: the eldest hand is left of the dealer; the dealer's partner next.
    assert role_of(N, W) == "eldest hand"
    assert role_of(E, W) == "dealer's partner"
    assert role_of(S, W) == "third hand"
    assert role_of(W, W) == "dealer"


@pytest.mark.parametrize(("seat", "expected"), [
    (N, "I order it up."), (E, "I will assist."), (S, "I order it up."), (W, "I take it up."),
])
def test_dc_1862_accepting_the_upcard_by_role(seat: int, expected: str) -> None:
    # S000 L119 "I order it up", L121 "I will assist", L123 "I take it up".
    assert words(Action.ORDER_UP, seat, Phase.BID_ROUND_1, "dc_1862") == expected


@pytest.mark.parametrize(("seat", "expected"), [
    (N, "Pick it up."), (E, "I assist."), (S, "Pick it up."), (W, "Taking it up."),
])
def test_uspcc_accepting_the_upcard_by_role(seat: int, expected: str) -> None:
    # S001 L11: an opponent "Pick it up", the partner "I assist", the dealer "taking it up".
    assert words(Action.ORDER_UP, seat, Phase.BID_ROUND_1, "uspcc") == expected


def test_tournament_words_are_short() -> None:
    # "Pass", "Pick it up", "Alone", a suit name.
    assert words(Action.ORDER_UP, E, Phase.BID_ROUND_1, "tournament") == "Pick it up."
    assert words(Action.PASS, W, Phase.BID_ROUND_1, "tournament") == "Pass."
    assert words(Action.ORDER_UP_ALONE, N, Phase.BID_ROUND_1, "tournament") == "Pick it up. Alone."
    assert words(Action.name_trump(3), N, Phase.BID_ROUND_2, "tournament") == "Spades."
    assert words(Action.name_trump(3, True), N, Phase.BID_ROUND_2, "tournament") == "Spades. Alone."


def test_the_dealer_turns_it_down() -> None:
    # REFERENCE 4.7: "I turn it down" (dc_1862), "turning it down" (uspcc, S001 L12).
    assert words(Action.PASS, W, Phase.BID_ROUND_1, "dc_1862") == "I turn it down."
    assert words(Action.PASS, W, Phase.BID_ROUND_1, "uspcc") == "Turning it down."
    assert words(Action.PASS, N, Phase.BID_ROUND_1, "dc_1862") == "I pass."


def test_round_two_words() -> None:
    # S000 L129: "I make it ...", "I pass the making".
    assert words(Action.PASS, N, Phase.BID_ROUND_2, "dc_1862") == "I pass the making."
    assert words(Action.name_trump(2), N, Phase.BID_ROUND_2, "dc_1862") == "I make it hearts."
    assert words(Action.name_trump(NO_TRUMP), N, Phase.BID_ROUND_2, "dc_1862") == "I make it no trump."
    assert words(Action.name_trump(0, True), N, Phase.BID_ROUND_2, "dc_1862") == "I make it clubs. I Play Alone."


def test_uspcc_next_and_cross() -> None:
    # S001 L13: the other suit of the turned-down colour is "next", else "crossing it".
    assert words(Action.name_trump(1), N, Phase.BID_ROUND_2, "uspcc") == "Diamonds, making it next."
    assert words(Action.name_trump(3), N, Phase.BID_ROUND_2, "uspcc") == "Spades, crossing it."


def test_alone_words() -> None:
    # S000 L171 "I Play Alone"; S001 L15 "alone".
    assert words(Action.ORDER_UP_ALONE, E, Phase.BID_ROUND_1, "dc_1862") == "I will assist. I Play Alone."
    assert words(Action.ORDER_UP_ALONE, N, Phase.BID_ROUND_1, "uspcc") == "Pick it up. Alone."
    assert words(Action.TAKE_OVER_ALONE, S, Phase.TAKEOVER, "dc_1862") == "I Play Alone."
    assert words(Action.GO_ALONE, N, Phase.ALONE_DECISION, "uspcc") == "Alone."
    assert words(Action.DEFEND_ALONE, E, Phase.DEFEND_ALONE, "dc_1862") == "I Play Alone against him."
    assert words(Action.FORFEIT, W, Phase.BID_ROUND_2, "tournament") == "Forfeit."


def test_the_discard_is_shown_to_the_dealer_only() -> None:
    nine_c = parse_card("9C")
    assert words(Action.discard(nine_c), W, Phase.DISCARD, "uspcc", viewer=W) == "discards 9♣"
    assert words(Action.discard(nine_c), W, Phase.DISCARD, "uspcc", viewer=N) == "discards a card face down"
    assert words(HIDDEN_DISCARD, W, Phase.DISCARD, "uspcc", viewer=N) == "discards a card face down"
    assert words(Action.play(JH), N, Phase.PLAY, "uspcc") == "J♥"


def test_plain_glosses() -> None:
    assert plain(Action.ORDER_UP, upcard=JH) == "accept ♥ hearts as trump"
    assert plain(Action.name_trump(3, True)) == "name ♠ spades trump, alone"
    assert plain(Action.PASS) == "pass"


def test_history_phases_tell_the_passes_apart() -> None:
    """(Of the oracle that tells phases from the history, tests/_history_phases_model.py.)"""
    try:
        from ._history_phases_model import history_phases
    except ImportError:
        from _history_phases_model import history_phases  # type: ignore[no-redef]
    hist = [(N, 0), (E, 0), (S, 0), (W, 0), (N, 0), (E, int(Action.name_trump(3))), (S, 0)]
    phases = history_phases(hist)
    assert phases[:4] == [Phase.BID_ROUND_1] * 4
    assert phases[4:6] == [Phase.BID_ROUND_2] * 2
    assert phases[6] == Phase.DEFEND_ALONE  # a defender's pass after trump is fixed
    assert history_phases([(W, int(Action.name_trump(2)))]) == [Phase.BLIND_NAME]
    assert history_phases([(N, 1), (S, 0)]) == [Phase.BID_ROUND_1, Phase.TAKEOVER]


def test_history_and_pending_words_follow_a_real_hand() -> None:
    rules = preset("dc-club-1862")
    game = Game(rules, 11)
    rng = random.Random(2)
    hand = game.hand
    while not hand.is_over:
        seat = hand.turn
        pending = describe_pending(hand, hand.legal_actions()[0])
        assert pending
        hand.apply(rng.choice(hand.legal_actions()))
        view = view_of(hand, seat)
        said = describe_history(view, viewer=seat)
        assert len(said) == len(hand.history)
    spoken = [w for _, code, w in describe_history(hand) if code < 20]
    assert all(w.startswith("I ") for w in spoken)


# ----------------------------------------------------------------- input parsing
MENU_R1 = [Action.PASS, Action.ORDER_UP, Action.ORDER_UP_ALONE]
WORDS_R1 = ["Pass.", "Pick it up.", "Pick it up. Alone."]


@pytest.mark.parametrize(("text", "expected"), [
    ("1", Action.PASS), ("2", Action.ORDER_UP), ("3", Action.ORDER_UP_ALONE),
    ("pass", Action.PASS), ("p", Action.PASS), ("Pick it up", Action.ORDER_UP),
    ("order", Action.ORDER_UP), ("order alone", Action.ORDER_UP_ALONE), ("alone", Action.ORDER_UP_ALONE),
    ("assist", Action.ORDER_UP), ("Pick it up. Alone.", Action.ORDER_UP_ALONE),
])
def test_calls_by_number_or_words(text: str, expected: Action) -> None:
    assert choose_call(text, MENU_R1, WORDS_R1) == expected


def test_round_two_calls_by_suit() -> None:
    menu = [Action.PASS] + [Action.name_trump(s) for s in (0, 1, 3)] + [Action.name_trump(s, True) for s in (0, 1, 3)]
    words_ = [str(a) for a in menu]
    assert choose_call("spades", menu, words_) == Action.name_trump(3)
    assert choose_call("♦ alone", menu, words_) == Action.name_trump(1, True)
    assert choose_call("c", menu, words_) == Action.name_trump(0)
    with pytest.raises(ChoiceError, match="may not name hearts"):
        choose_call("hearts", menu, words_)


@pytest.mark.parametrize("text", ["", "0", "9", "xyzzy", "-1"])
def test_bad_calls_are_refused_with_a_message(text: str) -> None:
    with pytest.raises(ChoiceError):
        choose_call(text, MENU_R1, WORDS_R1)


def test_cards_by_code_or_number() -> None:
    shown = [parse_card(c) for c in ("JH", "AH", "KS", "9C")]
    legal = [Action.play(c) for c in shown]
    for text in ("JH", "jh", "j♥", "J♥", "1", "play jh"):
        assert choose_card(text, shown, legal, trump=2, led=None, discard=False) == Action.play(JH)
    assert choose_card("4", shown, legal, trump=2, led=None, discard=False) == Action.play(parse_card("9C"))


def test_wrong_cards_get_a_reason() -> None:
    shown = [parse_card(c) for c in ("JH", "JD", "KS", "9C")]
    legal = [Action.play(parse_card("KS"))]
    with pytest.raises(ChoiceError, match="no card 7"):
        choose_card("7", shown, legal, trump=2, led=3, discard=False)
    with pytest.raises(ChoiceError, match="do not hold"):
        choose_card("AS", shown, legal, trump=2, led=3, discard=False)
    with pytest.raises(ChoiceError, match="not a card"):
        choose_card("banana", shown, legal, trump=2, led=3, discard=False)
    with pytest.raises(ChoiceError, match="J♦ counts as a trump"):
        choose_card("JD", shown, legal, trump=2, led=3, discard=False)
    with pytest.raises(ChoiceError, match="may not discard the upcard"):
        choose_card("1", shown, [Action.discard(parse_card("9C"))], trump=2, led=None, discard=True, upcard=JH)


def test_commands() -> None:
    assert command_of(" Quit ") == "quit"
    assert command_of("?") == "help"
    assert command_of("hint") == "hint"
    assert command_of("h") is None  # "h" is hearts


def test_glosses_explain_jargon_once() -> None:
    # S001 L13 next / crossing; S001 L24, X-05 the bridge; S000 L119-129 the 1862 words.
    from euchre.text.glosses import GLOSSES, glosses_in

    seen: set[str] = set()
    said = words(Action.name_trump(1), N, Phase.BID_ROUND_2, "uspcc")  # "Diamonds, making it next."
    assert [g.key for g in glosses_in(said, seen)] == ["making it next"]
    assert glosses_in(said, seen) == []  # once
    assert [g.key for g in glosses_in("Spades, crossing it.")] == ["crossing it"]
    assert [g.key for g in glosses_in("Score: N-S 4, E-W 1 (game to 5); N-S at the bridge")] == ["at the bridge"]
    for style_words, key in (("I order it up.", "order it up"), ("I will assist.", "assist"),
                             ("I take it up.", "take it up"), ("Turning it down.", "turn it down"),
                             ("I pass the making.", "pass the making"), ("lone march", "march"),
                             ("lone hand euchred", "euchre")):
        assert [g.key for g in glosses_in(style_words)] == [key], style_words
    assert glosses_in("Pass.") == [] and glosses_in("Hearts.") == []
    assert all(len(g.line()) <= 78 for g in GLOSSES)
    assert GLOSSES[0].line() == '"making it next": naming the other suit of the turned-down card\'s colour'


def test_the_modern_presets_speak_as_modern_players_do() -> None:
    """Issue 12: "Pick it up", "Order it up", "I'll go alone", "Clubs" at today's tables
    (modern-standard and the presets built on it), the historic words at the historic
    presets; the dealer who declines just passes."""
    from euchre.core.hand import Phase
    from euchre.core.presets import preset
    from euchre.text.words import describe

    assert preset("modern-standard").call_words == "modern" and preset("dc-club-1862").call_words == "dc_1862"
    assert preset("uspcc-official").call_words == "uspcc" and preset("modern-tournament").call_words == "tournament"

    def say(action: Action, seat: int, phase: Phase = Phase.BID_ROUND_1) -> str:
        return describe(action, seat, dealer=0, phase=phase, style="modern", upcard=parse_card("9H"))

    assert say(Action.ORDER_UP, 1) == "Order it up."          # eldest hand
    assert say(Action.ORDER_UP, 2) == "Pick it up."           # the dealer's partner
    assert say(Action.ORDER_UP, 0) == "I'll pick it up."      # the dealer
    assert say(Action.ORDER_UP_ALONE, 3) == "Order it up. I'll go alone."
    assert say(Action.PASS, 0) == "Pass."
    assert say(Action.name_trump(0), 1, Phase.BID_ROUND_2) == "Clubs."
    assert say(Action.name_trump(3, alone=True), 1, Phase.BID_ROUND_2) == "Spades. I'll go alone."
    assert say(Action.GO_ALONE, 1, Phase.ALONE_DECISION) == "I'll go alone."


def test_what_players_read_has_no_source_tags() -> None:
    """The presets' plain descriptions (the create form) and the glosses of jargon carry
    no source tag; the tagged descriptions stay for `euchre rules`."""
    import re

    from euchre.core.presets import PLAYABLE_PRESETS, PRESET_DESCRIPTIONS, PRESET_PLAIN
    from euchre.text.glosses import GLOSSES

    tag = re.compile(r"\bS00\d|X-\d\d|#interp|RULES\.md|REFERENCE")
    assert set(PRESET_PLAIN) == set(PRESET_DESCRIPTIONS) >= set(PLAYABLE_PRESETS)
    assert not [n for n, text in PRESET_PLAIN.items() if tag.search(text)]
    assert not [g.key for g in GLOSSES if tag.search(g.text)]
    assert tag.search(PRESET_DESCRIPTIONS["dc-club-1862"])  # the positive control: the sourced text has them
