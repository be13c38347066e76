"""The two of spades as the benny (``joker_card = two_of_spades``; X-22, X-23: British
euchre may use the two of spades of the pack for the joker). It is the joker in every
rule, the highest trump; only what people see and type changes: ``2♠`` / ``2S`` instead
of ``Joker`` / ``JK``. Records keep the joker's code ``JK``, so a game replays the same.
"""

from __future__ import annotations

import io

import orjson
import pytest
from rich.console import Console

from euchre.bots import make_bot
from euchre.cli.choices import ChoiceError, choose_card
from euchre.cli.narrator import Narrator
from euchre.cli.table import run_table
from euchre.core import preset, view_of
from euchre.core.actions import Action
from euchre.core.cards import JOKER, Card, CardError, parse_card
from euchre.core.game import Game
from euchre.records import dumps, loads
from euchre.server.json_text import dumps as state_dumps
from euchre.server.serialize import game_json
from euchre.server.state_cache import StateCache
from euchre.text.words import card_words, describe_pending, plain

BENNY = preset("british-benny")
TWO = BENNY.replace(joker_card="two_of_spades")


def test_the_two_of_spades_is_shown_and_typed_for_the_joker() -> None:
    assert Card(JOKER).pretty("two_of_spades") == "2♠" and Card(JOKER).pretty() == "Joker"
    assert Card(JOKER).name_text("two_of_spades") == "Two of Spades (the benny)"
    assert card_words(JOKER, "two_of_spades") == "2♠"
    for text in ("2S", "2s", "2♠", " 2S "):
        assert parse_card(text, "two_of_spades") == JOKER
    assert parse_card("JK", "two_of_spades") == JOKER  # the joker's own code still reads
    with pytest.raises(CardError):
        parse_card("2S")  # no two of spades in a euchre pack where the joker is the joker
    assert plain(Action.play(JOKER), joker_card="two_of_spades") == "play 2♠"


def test_the_play_is_the_jokers() -> None:
    """Same seed, same game: the option changes no deal, no legal set, no score."""
    for seed in range(6):
        a, b = Game(BENNY, seed), Game(TWO, seed)
        bots_a = [make_bot("random", seed * 4 + s) for s in range(4)]
        bots_b = [make_bot("random", seed * 4 + s) for s in range(4)]
        while not a.is_over:
            assert a.legal_codes() == b.legal_codes()
            a.apply(bots_a[a.hand.turn].choose(view_of(a.hand, a.hand.turn, a.score)))
            b.apply(bots_b[b.hand.turn].choose(view_of(b.hand, b.hand.turn, b.score)))
        assert b.is_over and a.score == b.score
        assert [h.history for h in a.finished_hands] == [h.history for h in b.finished_hands]
        back, _ = loads(dumps(b))
        assert back.rules.joker_card == "two_of_spades" and back.score == b.score


def test_the_terminal_shows_two_of_spades_and_never_joker() -> None:
    for rules, shown, hidden in ((TWO, "2♠", "Joker"), (BENNY, "Joker", "2♠")):
        game = Game(rules, 7)
        out = io.StringIO()
        narrator = Narrator(Console(file=out, width=100, color_system=None, highlight=False), viewer=None,
                            show_deal=True)
        run_table(game, [make_bot("beginner", 28 + s) for s in range(4)], narrator)
        text = out.getvalue()
        assert shown in text and hidden not in text, rules.joker_card


def test_a_person_types_2s_for_the_benny() -> None:
    legal = [Action.play(JOKER), Action.play(parse_card("AH"))]
    shown = [JOKER, parse_card("AH")]
    assert choose_card("2s", shown, legal, trump=2, led=None, discard=False, joker_card="two_of_spades") == legal[0]
    assert choose_card("play 2♠", shown, legal, trump=2, led=None, discard=False,
                       joker_card="two_of_spades") == legal[0]
    with pytest.raises(ChoiceError, match="not a card"):
        choose_card("2s", shown, legal, trump=2, led=None, discard=False)


def test_the_page_shows_two_of_spades_with_the_jokers_code() -> None:
    for seed in range(40):
        game = Game(TWO, seed)
        seat = next((s for s in range(4) if JOKER in game.hand.hand_of(s)), None)
        if seat is not None:
            break
    else:  # pragma: no cover - the joker is dealt to some seat in one of 40 deals
        pytest.fail("no deal gave a seat the joker")
    for cache in (None, StateCache()):
        hand = orjson.loads(state_dumps(game_json(game, seat, cache)))["hand"]
        joker = [c for c in hand["cards"] if c["code"] == "JK"]
        assert joker == [{"code": "JK", "short": "2♠", "name": "Two of Spades (the benny)", "suit": "J"}]
    words = describe_pending(view_of(game.hand, seat), Action.play(JOKER))
    assert words == "2♠"
