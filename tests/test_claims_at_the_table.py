"""The claims of the dealt hand (RULES.md decision 23) where people and programs meet
them: ``--option`` in the terminal, the terminal's narration, the page's JSON, the bots'
card knowledge, and the fixed layouts that refuse them.

The deal is the one of ``tests/test_deal_claims.py``, worked by hand: West deals, North
(eldest) holds 9C 9D 9H AS KS, the upcard is AH with TS JS QS face down under it, so
North's farmer's hand takes TS JS QS and leaves 9C 9D 9H in the kitty.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import orjson
import pytest
from rich.console import Console

from euchre.bots.knowledge import knowledge_of
from euchre.cli.main import main
from euchre.cli.narrator import Narrator
from euchre.cli.render import result_line
from euchre.core import RulesError, preset, view_of
from euchre.core.cards import mask_of
from euchre.core.hand import HandState
from euchre.core.options import parse_option
from euchre.server.json_text import dumps as state_dumps
from euchre.server.serialize import hand_json

try:
    from . import _naive_euchre as kit
except ImportError:
    import _naive_euchre as kit  # type: ignore[no-redef]

N, E, S, W = 0, 1, 2, 3
MS = preset("modern-standard")
FARMER = MS.replace(farmers_hand=True)
ACE = MS.replace(ace_no_face_redeal=True)
NINES = MS.replace(nines_tens_redeal=True)
FARMER_DEAL = ["9C 9D 9H AS KS", "TC JC QC KC AC", "TD JD QD KD AD", "TH JH QH KH 9S"]
THREE_NINES = mask_of(kit.cards("9C 9D 9H"))


def farmer_state() -> HandState:
    return kit.make_state(FARMER, W, FARMER_DEAL, "AH", "TS JS QS")


def narrate(state: HandState, actions: list[str]) -> str:
    out = io.StringIO()
    narrator = Narrator(Console(file=out, width=120, color_system=None, highlight=False), viewer=None)
    for text in actions:
        seat, phase = state.turn, state.phase
        code = int(state.legal_actions()[[str(a) for a in state.legal_actions()].index(text)])
        state.apply(code)
        narrator.action(state, seat, code, phase)
    if state.result is not None:
        out.write(result_line(state.result, state.table) + "\n")
    return out.getvalue()


# -- --option over a preset ----------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("farmers_hand=true", ("farmers_hand", True)),
    ("farmers_hand = FALSE", ("farmers_hand", False)),
    ("game_target=5", ("game_target", 5)),
    ("all_pass_round2=stick_the_dealer", ("all_pass_round2", "stick_the_dealer")),
])
def test_an_option_is_read_as_its_type(text: str, expected: tuple[str, Any]) -> None:
    assert parse_option(text) == expected


@pytest.mark.parametrize(("text", "words"), [
    ("farmers_hand", "NAME=VALUE"),
    ("=true", "NAME=VALUE"),
    ("no_such=1", "unknown option 'no_such'"),
    ("farmers_hand=yes", "farmers_hand is true or false, not 'yes'"),
    ("game_target=ten", "game_target is a whole number written with the digits 0-9, not 'ten'"),
    ("game_target=١٠", "digits 0-9"),  # Arabic-Indic digits, which int() would read
    ("game_target=1_0", "digits 0-9"),
    ("game_target=" + "9" * 5000, "digits 0-9"),
    ("progressive_hands=100000", None),  # a whole number, refused by the rules' maximum (below)
])
def test_a_bad_option_is_refused_naming_it(text: str, words: str | None) -> None:
    if words is None:
        name, value = parse_option(text)
        with pytest.raises(RulesError, match=f"{name} = {value} is above its maximum 1000"):
            preset("progressive-party").replace(**{name: value})
        return
    with pytest.raises(RulesError, match=words):
        parse_option(text)


@pytest.mark.parametrize(("argv", "words"), [
    (["--target", "7", "--option", "game_target=5"], "disagree; give the target once"),
    (["--preset", "progressive-party", "--target", "5"], "--target has no effect in progressive play"),
])
def test_regression_a_target_that_would_be_ignored_is_refused(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                               words: str) -> None:
    """--target was overridden by --option game_target, and ignored in progressive play."""
    assert main(["watch", "--delay", "0", "--seed", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_watch_plays_the_options_given_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["watch", "--seed", "2", "--delay", "0", "--bots", "beginner", "--target", "3",
                 "--option", "farmers_hand=true", "--option", "ace_no_face_redeal=true"])
    out = " ".join(capsys.readouterr().out.split())  # the console wraps long lines
    assert code == 0
    assert "Euchre: modern-standard with farmers_hand=true, ace_no_face_redeal=true, game to 3." in out
    assert "No hand is claimed." in out  # the claim round is played: the options took effect


@pytest.mark.parametrize(("option", "words"), [
    ("farmers_hand=maybe", "farmers_hand is true or false"),
    ("deck=32", None),  # fine alone; with the farmer's hand it clashes (checked below)
])
def test_watch_refuses_bad_options_on_one_line(capsys: pytest.CaptureFixture[str], option: str,
                                               words: str | None) -> None:
    argv = ["watch", "--seed", "1", "--delay", "0", "--target", "1", "--option", option]
    if words is None:
        argv += ["--option", "farmers_hand=true"]
        words = "farmers_hand = true needs deck = 24"
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_sim_prints_a_command_that_rebuilds_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "2", "--bots", "beginner,beginner", "--target", "2",
                 "--option", "nines_tens_redeal=true"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--option nines_tens_redeal=true" in out


# -- the terminal's narration -----------------------------------------------------------

def test_the_terminal_tells_the_claim_the_cards_and_the_exchange() -> None:
    text = narrate(farmer_state(), ["farmers-hand", "pass", "pass", "pass"])
    assert "North, eldest hand: \"A farmer's hand.\"" in text
    assert "North shows 9♣ 9♦ 9♥." in text
    assert text.count("exchanges the three shown") == 1
    assert "No claim" not in text and "Turning it down" not in text  # passes of the claim round say nothing


def test_the_terminal_says_when_nobody_claims() -> None:
    state = kit.make_state(FARMER, W, ["TC JC QC KC AC", None, None, None], "AH")
    text = narrate(state, ["pass", "pass", "pass", "pass"])
    assert text.strip() == "No hand is claimed."


def test_a_thrown_in_hand_says_why_and_who_deals() -> None:
    ace = kit.make_state(ACE, W, ["AC 9C TD 9H TS", None, None, None], "KH")
    text = narrate(ace, ["throw-in"])
    assert "North shows" in text
    assert "Thrown in: an ace and no face. No score; the deal passes to the left." in text
    nines = kit.make_state(NINES, W, ["9C TC 9D TD 9S", None, None, None], "KH")
    text = narrate(nines, ["throw-in"])
    assert "Thrown in: a hand of nines and tens. No score; the same dealer deals again." in text


# -- the page ---------------------------------------------------------------------------

def test_the_page_lists_the_cards_a_claim_shows_to_every_seat() -> None:
    state = farmer_state()
    for text in ["farmers-hand", "pass", "pass", "pass"]:
        state.apply(text)
    for viewer in (N, E, S, W, None):
        hand, _ = hand_json(state, [0, 0], viewer)
        claims = [c for c in hand["calls"] if "cards" in c]
        assert len(claims) == 1 and claims[0]["seat"] == "N"
        assert [c["code"] for c in claims[0]["cards"]] == ["9C", "9D", "9H"]
        assert [c["words"] for c in hand["calls"]] == ["A farmer's hand.", "No claim.", "No claim.", "No claim."]


# -- the bots' card knowledge -------------------------------------------------------------

def test_bots_know_the_farmers_cards_before_and_after_the_exchange() -> None:
    state = farmer_state()
    state.apply("farmers-hand")
    before = knowledge_of(view_of(state, E))
    assert before.held[N] == THREE_NINES and not before.unknown & THREE_NINES
    for _ in range(3):
        state.apply("pass")
    for seat in (N, E, S, W):
        after = knowledge_of(view_of(state, seat))
        assert after.dead & THREE_NINES == THREE_NINES, seat  # in the kitty, out of play
        assert not after.held[N] & THREE_NINES and not after.unknown & THREE_NINES
    # Positive control: a view that forgets what was shown leaves the nines unknown.
    import dataclasses
    blind = dataclasses.replace(view_of(state, E), shown=())
    assert knowledge_of(blind).unknown & THREE_NINES == THREE_NINES


# -- the batch kernel refuses the claim round; the feature layout holds it ------------------

def _batch(rules: Any) -> Any:
    from euchre.batch import play_hands

    return play_hands(rules, 1)


def _pettingzoo(rules: Any) -> Any:
    pytest.importorskip("pettingzoo")
    from euchre.interop import pettingzoo as ep

    return ep.env("modern-standard", options={k: v for k, v in rules.to_dict().items() if v != MS.to_dict()[k]})


def _features(rules: Any) -> Any:
    from euchre.interop.features import check_rules

    return check_rules(rules)


def _selfplay(rules: Any) -> Any:
    import functools

    from euchre.analysis.selfplay import run_selfplay
    from euchre.bots import make_bot

    return list(run_selfplay(rules, [functools.partial(make_bot, "random")] * 4, ["random"] * 4, games=1))


@pytest.mark.parametrize("entry", [_batch])
@pytest.mark.parametrize("option", ["farmers_hand", "nines_tens_redeal", "ace_no_face_redeal"])
def test_fixed_layouts_refuse_the_claims_naming_the_option(entry: Any, option: str) -> None:
    with pytest.raises((RulesError, ValueError), match=f"{option} = true"):
        entry(MS.replace(**{option: True}))


@pytest.mark.parametrize("entry", [_batch, _features])
def test_fixed_layouts_take_the_same_rules_without_the_claims(entry: Any) -> None:
    """The control of the refusals above: without the claim options the same entry plays."""
    assert entry(MS.replace(farmers_hand=False)) is not None


@pytest.mark.parametrize("entry", [_pettingzoo, _features, _selfplay])
@pytest.mark.parametrize("option", ["farmers_hand", "nines_tens_redeal", "ace_no_face_redeal"])
def test_the_feature_layout_and_its_users_take_the_claims(entry: Any, option: str) -> None:
    """The one feature encoder holds the claim round (the claims are calls, the cards
    shown a section): the environments and self-play take these rules."""
    assert entry(MS.replace(**{option: True})) is not None


def test_the_features_show_the_farmers_cards_to_every_seat() -> None:
    """North claims a farmer's hand and shows his three nines (RULES.md decision 23):
    East's features hold them in ``shown`` for North (relative seat 3 of East) and the
    claim as East's first call row, kind 18 (farmers-hand)."""
    from euchre.analysis.features import CALL_KINDS, encode_view, layout

    state = farmer_state()
    state.apply("farmers-hand")
    lay = layout(state.rules)
    east = encode_view(view_of(state, E))
    shown = lay.offset["shown"]
    assert [k - shown - 3 * 33 for k in range(shown, shown + 4 * 33) if east[k]] == kit.cards("9C 9D 9H")
    row = lay.offset["calls"]
    assert [k - row for k in range(row, row + 4 + len(CALL_KINDS)) if east[k]] == [3, 4 + 18]
    assert CALL_KINDS[18] == "farmers-hand"
    # Positive control: before the claim nothing is shown
    assert not any(encode_view(view_of(farmer_state(), E))[shown:shown + 4 * 33])


def test_regression_ace_no_face_passes_the_deal_even_where_passed_out_hands_are_redealt() -> None:
    """An ace with no face is thrown in and "the deal is then passed clockwise" (X-25;
    RULES.md decision 23). Under all_pass_round2 = same_dealer_redeals the same dealer
    dealt again, because the throw-in was taken for a hand passed out by the bidding."""
    for rules in (preset("casual-web-003").replace(ace_no_face_redeal=True),
                  preset("progressive-party").replace(ace_no_face_redeal=True)):
        first = kit.make_state(rules, W, ["AC 9C TD 9H TS", None, None, None], "KH")
        game = kit.game_with_first_hand(rules, W, first)
        game.apply("throw-in")
        assert game.finished_hands[0].result is not None and game.finished_hands[0].result.thrown_in
        assert game.hand.dealer == N  # West's left
        passed = kit.game_with_first_hand(rules, W, kit.make_state(rules, W, [None] * 4, upcard="9H"))
        for _ in range(4 if passed.hand.claims_left else 0):
            passed.apply("pass")  # nobody claims
        for _ in range(8):
            passed.apply("pass")
        assert passed.hand.dealer == W  # a hand passed out by the bidding: the same dealer


def test_regression_an_egn_save_of_the_claims_is_refused_before_play(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    """The EGN export refused the claim round only at the first hand written, after play
    had begun; it is now refused with the rules, before the first deal, as progressive play is."""
    path = tmp_path / "claims.egn"
    assert main(["watch", "--delay", "0", "--seed", "12", "--option", "farmers_hand=true", "--save", str(path)]) == 2
    err = capsys.readouterr().err
    assert "farmers_hand = true" in err and "use a .json file" in err
    assert not path.exists() and not (tmp_path / "claims.egn.json").exists()


@pytest.mark.parametrize(("text", "expected"), [
    ("farmer's hand", "farmers-hand"), ("farmer’s hand", "farmers-hand"), ("farmers hand", "farmers-hand"),
    ("farmers", "farmers-hand"), ("FARMERS-HAND", "farmers-hand"), ("A farmer's hand.", "farmers-hand"),
    ("no claim", "pass"), ("pass", "pass"), ("1", "pass"),
])
def test_regression_a_claim_is_typed_in_plain_words(text: str, expected: str) -> None:
    """'farmer's hand' was refused for its stray letter s, 'farmers hand' as no call."""
    from euchre.cli.choices import choose_call
    from euchre.core.actions import Action

    menu = [Action.PASS, Action.FARMERS_HAND]
    assert str(choose_call(text, menu, ["No claim.", "A farmer's hand."])) == expected
    thrown = [Action.PASS, Action.THROW_IN]
    assert str(choose_call("throw in", thrown, ["No claim.", "I show my hand for a new deal."])) == "throw-in"


def test_regression_the_pages_pass_of_round_one_is_not_said_as_no_claim() -> None:
    """With the claims on, the page offered round one's pass as "No claim.": the cache of
    legal entries took the claim round's pass for round one's (same phase, seat, upcard)."""
    from euchre.server.state_cache import StateCache

    cache = StateCache()
    state = farmer_state()
    words: list[str] = []
    phases: list[str] = []
    for _ in range(5):  # the claim round's four decisions, then North's first bid
        hand, legal = hand_json(state, [0, 0], state.turn, cache.for_hand(0))
        decoded = orjson.loads(state_dumps({"hand": hand, "legal": legal}))  # the JSON fragments as sent
        words.append(next(e["words"] for e in decoded["legal"] if e["action"] == "pass"))
        phases.append(decoded["hand"]["phase"])
        state.apply("farmers-hand" if state.turn == N and not state.history else "pass")
    assert words == ["No claim."] * 4 + ["Pass."]
    assert phases == ["claims"] * 4 + ["bid_round_1"]


def test_regression_the_page_shows_the_games_last_hand_at_game_over() -> None:
    """At game over the page's "last hand" was the one before the hand that decided it."""
    from euchre.bots import make_bot
    from euchre.core.game import Game
    from euchre.server.serialize import game_json

    game = Game(MS.replace(game_target=3), 4)
    bots = [make_bot("random", s) for s in range(4)]
    while not game.is_over:
        game.apply(bots[game.hand.turn].choose(view_of(game.hand, game.hand.turn, game.score)))
    shown = game_json(game, N)["previous"]
    assert shown["hand_number"] == len(game.finished_hands)
    last = game.finished_hands[-1].result
    assert last is not None and shown["result"]["label"] == last.label


def test_regression_a_world_is_sampled_after_a_farmers_hand_played_to_its_end() -> None:
    """Once the hand was over, the sampler forgot the farmer's exchange and put his three
    shown cards back in his hand, which by then had none: "no deal is consistent"."""
    import random

    from euchre.bots import make_bot
    from euchre.core.sampling import farmer_exchanged, sample_world

    state = farmer_state()
    for text in ("farmers-hand", "pass", "pass", "pass"):
        state.apply(text)
    bots = [make_bot("random", s) for s in range(4)]
    while not state.is_over:
        state.apply(bots[state.turn].choose(view_of(state, state.turn)))
    for seat in (N, E, S, W):
        view = view_of(state, seat)
        assert farmer_exchanged(view) == N
        assert view_of(sample_world(view, random.Random(seat)), seat) == view
