"""Every text that names sides, partners, makers and defenders follows the table's shape
(issue 34; :mod:`euchre.text.side_words`).

For every preset the situations of each message kind are played and rendered as the
terminal, the summaries, ``euchre stats`` and the web page's state render them: a whole
game of ``euchre play`` with scripted answers against random bots (questions, menus,
every call and card, each hand's result, the game's summary) and of ``euchre watch``;
hands played on until each outcome has happened (the makers made, euchred, a march, a
lone hand where lone hands are played); the maker's question once trump is fixed where
the rules ask it (and the call-ace menu); ``euchre stats`` over the games played. Their
words are checked against ``rules.table`` by :func:`faults`:

- where every player plays for himself (two-handed, cutthroat-3, call-ace-N) no text
  says "makers", "your side", "the other side", "the others" (the others' points added
  up as if they were a side) or names a seat sitting out; "partner" only at call-ace and
  only of the partner the maker calls by a card, never a seat before the hand is over
  (RULES.md decision 21);
- at the four-hand partnership tables the partnership words stay (checked in each
  message: "(makers)", "makers take the point", "your side", the partner named);
- nowhere a plural written "(s)".

The checker's positive controls show it flags each fault the testers reported.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from euchre.bots import make_bot
from euchre.cli.commands import points_by_side, summary_lines
from euchre.cli.help_text import help_text
from euchre.cli.narrator import Narrator
from euchre.cli.prompts import HumanPlayer
from euchre.cli.render import result_line
from euchre.cli.stats import record_game
from euchre.core import Game, preset
from euchre.core.actions import Action
from euchre.core.hand import HandState, Phase
from euchre.core.presets import PLAYABLE_PRESETS
from euchre.core.rules import Rules
from euchre.core.scoring import MAKER_MAKES, MAKERS_MAKE
from euchre.core.views import view_of
from euchre.server.serialize import game_json, hand_json
from euchre.text.explain import rules_in_words
from euchre.text.glosses import GLOSSES, glosses_in
from euchre.text.side_words import has_partners
from euchre.text.words import plain
from test_cli import run

INDIVIDUAL = [name for name in PLAYABLE_PRESETS if not has_partners(preset(name).table)]
PARTNERSHIP = [name for name in PLAYABLE_PRESETS if has_partners(preset(name).table)]

_EVERYWHERE = ((re.compile(r"\w\(s\)"), "a plural written '(s)'"),)
_WITHOUT_SIDES = (
    (re.compile(r"\bmakers\b", re.IGNORECASE), "'makers' where the maker plays for himself"),
    (re.compile(r"\byour side\b", re.IGNORECASE), "'your side' where there are no sides"),
    (re.compile(r"\b(?:the other|another) side\b", re.IGNORECASE), "'the other side' where there are no sides"),
    (re.compile(r"\bthe others\b", re.IGNORECASE), "'the others' as if the other players were a side"),
    (re.compile(r"\([^()]*\bsitting out\)", re.IGNORECASE), "a seat named sitting out where nobody partners him"),
    (re.compile(r"\bthe first side\b", re.IGNORECASE), "'the first side' (to the points to win) where there are no sides"),
    (re.compile(r"\bsits? out\b", re.IGNORECASE), "a player sitting out where nobody's partner plays alone"),
    (re.compile(r"\bnobody plays alone\b", re.IGNORECASE),
     "'nobody plays alone' where the maker plays on his own against the others"),
)
_AT_TWO = (
    (re.compile(r"\ball pass", re.IGNORECASE), "'all pass' of two players"),
    (re.compile(r"\b(?:each|every) other player\b", re.IGNORECASE), "'each other player' where there is one"),
    (re.compile(r"\b(?:your )?opponents\b", re.IGNORECASE), "'opponents' where there is one"),
    (re.compile(r"\bthe other two\b", re.IGNORECASE), "'the other two' where there is one"),
)
"""Words of more than one other player, wrong at the two-handed table."""
_PARTNER = re.compile(r"\bpartners?\b", re.IGNORECASE)
_CALLED_PARTNER = re.compile(
    r"your partner for this hand|card for your partner|calls your partner|calling no partner|partner he called"
    r"|call a card for your partner|secret partner|calling a partner|the maker and his partner"
    r"|play without his partner", re.IGNORECASE)  # the house rule "Going alone" at call-ace: calling none
"""The words of call-ace's partner that name no seat: the partner the maker calls by a card."""
_FALLEN = re.compile(r"That is the called card: [\w ()]+ is [\w ()]+'s partner\.|played by [\w ()]+: [\w ()]+'s partner")
"""Call-ace: the partner named once his called card has fallen, when the table learns
him (RULES.md decision 21); tests/test_call_ace_announced.py checks that these lines
come only after the card is played."""
_REVEALED = re.compile(r"\b[\w ]+ \(partner\)")
"""A seat marked as the maker's partner: at call-ace only once the hand is over."""


def faults(text: str, rules: Rules, *, partner_known: bool = False) -> list[str]:
    """The words of ``text`` that do not fit the table of ``rules``, each with why; [] when
    every word fits.

    Args:
        text: the text rendered.
        rules: the rules of the game (``rules.table`` is the shape checked against).
        partner_known: call-ace: ``text`` is said once the hand is over, when the maker's
            partner is known (the result line may name him, and "makers" are two).
    """
    out = [f"{why}: {m.group()!r}" for rx, why in _EVERYWHERE for m in rx.finditer(text)]
    if has_partners(rules.table):
        return out
    rest = text
    secret = rules.calls_partner
    if secret and partner_known:
        rest = _REVEALED.sub("", rest)
        rest = re.sub(r"\bmakers take the point\b", "", rest)
    if secret:
        rest = _FALLEN.sub("", _CALLED_PARTNER.sub("", rest))
    out += [f"{why}: {m.group()!r}" for rx, why in _WITHOUT_SIDES for m in rx.finditer(rest)]
    out += [f"'partner' where nobody partners him: {m.group()!r}" for m in _PARTNER.finditer(rest)]
    if rules.table.seats == 2:
        out += [f"{why}: {m.group()!r}" for rx, why in _AT_TWO for m in rx.finditer(rest)]
    return out


# ------------------------------------------------------------------ the checker's controls

@pytest.mark.parametrize(("name", "text"), [
    ("cutthroat-3", "Player 2 (maker) took 4 tricks: makers take the point. 1 point to Player 2."),
    ("two-handed", "Hands played: 9. Points: you 0, the others 5."),
    ("call-ace-5", "You made ♠ spades trump. Play alone (Player 1 sitting out), or with your partner?"),
    ("call-ace-5", "Player 1 (maker) and Player 3 (partner) took 3 tricks: makers take the point."),
    ("cutthroat-3", "Your calls: 2, made 1; your side was euchred 1 time(s) as makers."),
    ("two-handed", "Not upheld: no player of another side revoked."),
    ("cutthroat-3", "The first side to 5 points wins the game."),  # the page's rules in words (issue 34)
    # the rules in words, issue 34's follow-up: a lone hand's wording at tables without one, two of two
    ("cutthroat-3", "Three players, each for himself: the maker plays alone against the other two. Nobody plays alone."),
    ("two-handed", "The player left of the dealer leads (the next one in play if he sits out)."),
    ("two-handed", "Round two: if all pass, each may name another suit as trump."),
    ("two-handed", "below 0: your opponents are expected to score"),
])
def test_the_checker_flags_partnership_words_at_a_table_each_for_himself(name: str, text: str) -> None:
    """Positive controls: each fault the testers reported (and its kin) is flagged at a
    table where every player plays for himself (the call-ace result line: while the
    hand is not over)."""
    assert faults(text, preset(name))


def test_the_checker_leaves_the_partnership_words_at_a_partnership_table_and_flags_s_plurals() -> None:
    """The same words are right at the four-hand table; "(s)" is wrong at any; the
    call-ace result line may name the partner once the hand is over; and a call of a
    partner's card names no seat."""
    ms, ca = preset("modern-standard"), preset("call-ace-5")
    assert faults("N-S (makers) took 3 tricks: makers take the point. Play alone (North sitting out), or with "
                  "your partner? Points: your side 4, the opponents 6.", ms) == []
    assert faults("You euchred the makers 2 time(s).", ms)
    assert faults("The first side to 10 points wins the game.", ms) == []
    assert faults("Player 1 (maker) and Player 3 (partner) took 3 tricks: makers take the point. 1 point each "
                  "to Player 1 and Player 3.", ca, partner_known=True) == []
    assert faults("I call the best heart. (call the best ♥ hearts card for your partner)", ca) == []
    assert faults("Player 3 (partner) plays the A♥.", ca)  # before the hand is over: a seat named
    assert faults("I call the best heart. (call the best ♥ hearts card for your partner)", preset("cutthroat-3"))


# ------------------------------------------------------------------ playing the situations

def _play_on(rules: Rules, seed: int, stop: Callable[[Game], bool], games: int = 40) -> Game | None:
    """Random bots play seeded games of ``rules`` until ``stop(game)`` holds before an
    action (the game is returned there), or ``games`` games end without it (None)."""
    for g in range(games):
        game = Game(rules, seed * 1000 + g)
        bots = [make_bot("random", seed * 1000 + g * 10 + s) for s in range(rules.table.seats)]
        while not game.is_over:
            if stop(game):
                return game
            game.apply(bots[game.turn].choose(view_of(game.hand, game.turn, game.score)))
        if stop(game):
            return game
    return None


def _kind(hand: HandState) -> set[str]:
    result = hand.result
    if result is None or not result.played or result.forfeit or result.maker is None:
        return set()
    kinds = set()
    if result.label in (MAKERS_MAKE, MAKER_MAKES):
        kinds.add("made")
    if "euchre" in result.label:
        kinds.add("euchred")
    if result.label == "march":
        kinds.add("march")
    if result.alone is not None:
        kinds.add("lone")
    if result.partner is not None:
        kinds.add("with a called partner")
    return kinds


def _expected_kinds(rules: Rules) -> set[str]:
    kinds = {"made", "euchred", "march"}
    if rules.alone_allowed:
        kinds.add("lone")
    if rules.calls_partner:
        kinds.add("with a called partner")
    return kinds


def _hands_of_each_kind(rules: Rules) -> dict[str, HandState]:
    found: dict[str, HandState] = {}
    want = _expected_kinds(rules)

    def enough(game: Game) -> bool:
        for hand in game.finished_hands:
            for k in _kind(hand) - set(found):
                found[k] = hand
        return want <= set(found)

    _play_on(rules, 7, enough)
    return found


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_each_hand_result_words_the_makers_by_the_table(name: str) -> None:
    """Made, euchred, march and lone results (and call-ace's with a called partner), as
    the terminal says them, with the glosses they bring: "(makers)" and "makers take the
    point" at a partnership table; "(maker)" and "the maker takes the point" where the
    maker plays for himself, the called partner named only once the hand is over."""
    rules = preset(name)
    table = rules.table
    found = _hands_of_each_kind(rules)
    assert set(found) >= _expected_kinds(rules), f"{name}: only {sorted(found)} happened"
    for kind, hand in found.items():
        result = hand.result
        assert result is not None and result.maker is not None
        line = result_line(result, table)
        glosses = " ".join(g.line() for g in glosses_in(line + " march euchre", None, rules))
        known = result.partner is not None
        assert faults(line, rules, partner_known=known) == [], (kind, line)
        assert faults(glosses, rules) == [], glosses
        maker = table.team_names[table.team[result.maker]]
        if has_partners(table):
            assert line.startswith(f"{maker} (makers) took "), line
            assert "the makers took" in glosses
        elif known:
            assert line.startswith(f"{maker} (maker) and {table.team_names[table.team[result.partner or 0]]} "
                                   "(partner) took "), line
        else:
            assert line.startswith(f"{maker} (maker) took "), line
            assert "the maker" in glosses and "the makers" not in glosses
        if kind == "made":
            two = has_partners(table) or known
            assert (MAKERS_MAKE if two else MAKER_MAKES) in line, line


def test_regression_two_handed_said_makers_take_the_point_of_one_maker() -> None:
    """Regression (a tester's finding): two-handed and cutthroat said "Player 2 (maker)
    took 4 tricks: makers take the point." The line for three or four tricks of a maker
    on his own, by the rule (X-15b: one point), word for word."""
    for name in ("two-handed", "cutthroat-3"):
        rules = preset(name)
        hand = _hands_of_each_kind(rules)["made"]
        r = hand.result
        assert r is not None and r.maker is not None
        title = rules.table.titles[r.maker]
        made = r.tricks[rules.table.team[r.maker]]
        assert made in (3, 4)
        assert result_line(r, rules.table) == (f"{title} (maker) took {made} tricks: the maker takes the point. "
                                               f"{rules.points_make} point to {title}.")


# ------------------------------------------------------------------ a whole game, as a person plays it

def _answers() -> Iterator[str]:
    k = 0
    while True:
        yield str(k % 7 + 1)
        k += 1


def _play_transcript(name: str, seed: int, capsys: pytest.CaptureFixture[str],
                     monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *more: str) -> str:
    """``euchre play`` of a whole game of ``name`` against random bots (or as ``more``
    says), every question answered from the menu numbers (a refused card is asked
    again), no second game."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "400")  # one printed line a line: a phrase is never split by wrapping
    answers = _answers()

    def read(prompt: str) -> str:
        return "n" if prompt.startswith("Play again") else next(answers)

    import euchre.cli.play as play_module

    monkeypatch.setattr(play_module, "make_reader", lambda console: read)
    code, out, err = run(capsys, "play", "--preset", name, "--seed", str(seed), "--bots", "random", *more)
    assert code == 0, err
    return out


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_a_whole_game_of_play_watch_and_stats_words_sides_by_the_table(
        name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Every line of a person's whole game (questions, menus, calls, tricks, results, the
    summary), of its replay, of a watched game, of ``euchre stats`` over it and of the rules in words
    fits the table; the summary and the stats name each player's own points where every
    player plays for himself, and the partnership's at the four-hand table."""
    rules = preset(name)
    saved = tmp_path / "played.json"
    out = _play_transcript(name, 11, capsys, monkeypatch, tmp_path, "--save", str(saved))
    code, watched, _ = run(capsys, "watch", "--preset", name, "--seed", "11", "--bots", "random", "--delay", "0")
    assert code == 0
    code, replayed, _ = run(capsys, "replay", str(saved))
    assert code == 0 and ("Game over" in replayed or "Round over" in replayed)
    code, stats, _ = run(capsys, "stats")
    assert code == 0 and f"{name}, random bots: 1 game, won" in stats
    rules_text = " ".join(rules_in_words(rules)) + "\n" + help_text(rules)
    assert max(len(line) for line in out.splitlines()) > 80  # the lines are not wrapped
    for text, what in ((out, "play"), (watched, "watch"), (replayed, "replay"), (stats, "stats"),
                       (rules_text, "rules and help")):
        # A call-ace hand's result line names the partner: the hand is over.
        bad = [(line, f) for line in text.splitlines()
               for f in faults(line, rules, partner_known=bool(re.search(r" took \d tricks?: ", line)))]
        assert bad == [], (what, bad[:4])
    summary = next(line for line in out.splitlines() if line.startswith("Hands played:"))
    if has_partners(rules.table):
        assert re.search(r"Points: your side \d+, the opponents \d+\.", summary), summary
        assert re.search(r"points: \d+ for, \d+ against", stats), stats
    else:
        assert re.search(r"Points: Player 1 \(you\) \d+, Player 2 \d+", summary), summary
        others = list(rules.table.titles[1:])  # the person sits at Player 1
        against = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1]
        assert f"You are Player 1, playing for yourself against {against}. " in out  # not "A and B and C"
        assert re.search(r"points: you \d+ in \d+ hands?; the other players? ", stats), stats
        assert "places: " in stats


@pytest.mark.parametrize("name", ["two-handed", "cutthroat-3"])
def test_the_laws_of_revokes_name_no_side_where_each_plays_for_himself(
        name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Table mode (revokes possible, RULES.md decision 27) at a table without sides: the
    claims, corrections, their outcomes and the answers to a misplaced "renege" say
    "another player", never "the other side" or "your side's last claim"."""
    from euchre.cli.not_now import why_not_now

    rules = preset(name).replace(renege_mode="penalize_on_claim")
    out = _play_transcript(name, 2, capsys, monkeypatch, tmp_path, "--bots", "careless", "--option",
                           "renege_mode=penalize_on_claim")
    assert "Renege!" in out and "revoke" in out  # the laws' texts were said
    bad = [(line, f) for line in out.splitlines() for f in faults(line, rules)]
    assert bad == [], bad[:4]
    game = _play_on(rules, 1, lambda g: not g.is_over and g.hand.phase == Phase.BID_ROUND_1)
    assert game is not None
    said = why_not_now(view_of(game.hand, game.turn, game.score), "renege")
    assert said is not None and "once another player has failed to follow suit" in said


@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_the_summary_gives_each_player_his_own_points_where_each_plays_for_himself(name: str) -> None:
    """The end-of-game summary, for every seat: at a partnership table "your side N, the
    opponents M" (the sides' totals); where every player plays for himself each player's
    points by name (the sum of what the hands gave him) and who won, never "the others
    29"; euchres counted in words."""
    rules = preset(name)
    game = _play_on(rules, 3, lambda g: g.is_over)
    assert game is not None and game.result is not None
    table = rules.table
    points = [0] * len(table.teams)
    for hand in game.finished_hands:
        if hand.result is not None and hand.result.played:
            points = [a + b for a, b in zip(points, hand.result.points, strict=True)]
    assert points_by_side(game) == points
    for seat in range(table.seats):
        lines = summary_lines(game, seat)
        text = " ".join(lines)
        assert faults(text, rules) == [], text
        mine = table.team[seat]
        if has_partners(table):
            assert f"Points: your side {points[mine]}, the opponents {points[1 - mine]}." in lines[0]
            continue
        each = ", ".join(f"{table.titles[s]}{' (you)' if s == seat else ''} {points[s]}" for s in range(table.seats))
        w = game.result.winner
        won = "; a tie" if w is None else "; you won" if w == seat else f"; {table.titles[w]} won"
        assert lines[0].endswith(f"Points: {each}{won}."), lines[0]


def test_regression_the_summary_and_stats_added_up_the_others_and_said_time_s(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Regression (testers' findings): cutthroat-3's summary said "Points: you 0, the others
    5" and "euchred ... 0 time(s)"; call-ace-5's stats said "the others 29". Now each
    player's own points, and the others' in stats as one player's average: the totals
    of the games kept divided by the other players, computed here from the games."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for name in ("cutthroat-3", "call-ace-5"):
        rules = preset(name)
        others_total = mine_total = 0
        for seed in (1, 2):
            game = _play_on(rules, seed, lambda g: g.is_over)
            assert game is not None
            assert record_game(game, 0, name, "random")
            points = points_by_side(game)
            mine_total += points[0]
            others_total += sum(points[1:])
            summary = " ".join(summary_lines(game, 0))
            assert "the others" not in summary and "(s)" not in summary
        code, out, _ = run(capsys, "stats", "--preset", name)
        assert code == 0
        average = others_total / (rules.table.seats - 1)
        assert f"points: you {mine_total} in " in out and f"the other players {average:.1f} each on average" in out
        assert "the others" not in out and "(s)" not in out


# ------------------------------------------------------------------ the maker's question and the call-ace menu

def _at_alone_decision(rules: Rules, calls: bool = False) -> Game | None:
    """A game at the maker's decision after the bidding (with ``calls``: one where he
    may call a card), played by random bots; a fresh one at each call."""
    def there(game: Game) -> bool:
        return (not game.is_over and game.hand.phase == Phase.ALONE_DECISION
                and (not calls or any(Action(a).is_call for a in game.hand.legal_actions())))
    return _play_on(rules, 5, there)


ASKED = [name for name in PLAYABLE_PRESETS
         if preset(name).alone_allowed and preset(name).alone_declare_timing == "after_bidding"]
"""The presets whose maker is asked once trump is fixed (RULES.md decision 9)."""


def _ask(game: Game, answers: list[str]) -> tuple[Action, str]:
    """The person at the seat to act is asked (question and menu shown) and answers."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=400, highlight=False, emoji=False, markup=False)  # no line wrapped
    narrator = Narrator(console, viewer=game.turn)
    narrator.game_start(game, setup=False)
    narrator.hand_start(game.hand, len(game.finished_hands) + 1, game.score)
    typed = iter(answers)
    player = HumanPlayer(game, console, narrator, lambda prompt: next(typed))
    action = player.choose(view_of(game.hand, game.turn, game.score))
    return action, buffer.getvalue()


def test_the_maker_is_asked_after_bidding_in_the_presets_that_ask() -> None:
    """The question below is asked in every call-ace preset (and in the four-hand presets
    that decide alone after the bidding): the test of it is not empty."""
    assert set(INDIVIDUAL) - {"two-handed", "cutthroat-3"} <= set(ASKED)
    assert any(has_partners(preset(n).table) for n in ASKED)


@pytest.mark.parametrize("name", ASKED)
def test_the_makers_question_names_his_partner_only_where_he_has_one(name: str) -> None:
    """The maker's question once trump is fixed, its menu and the web's labels of it: at
    a partnership table alone or with the partner, who is named sitting out; at call-ace
    a card that calls a partner or alone, naming no seat (the question said "Play alone
    (Player 1 sitting out), or with your partner?" to Player 1 himself)."""
    rules = preset(name)
    game = _at_alone_decision(rules)
    assert game is not None, f"{name}: no maker was asked"
    seat = game.turn
    _, shown = _ask(game, ["1"])
    question = next(line for line in shown.splitlines() if line.startswith("You made "))
    assert faults(shown, rules) == [], shown
    table = rules.table
    if table.mates[seat]:
        mate = table.titles[table.mates[seat][0]]
        assert question.endswith(f"Play alone ({mate} sitting out), or with your partner?"), question
    else:
        assert table.titles[seat] not in question and "sitting out" not in question
        assert "Call the best card of a suit" in question or question.endswith("You play alone.")
    _, legal = hand_json(game.hand, game.score, seat)
    labels = " ".join(f"{e['label']} {e['words']}" for e in legal)
    assert faults(labels, rules) == [], labels
    if not has_partners(table):
        assert "partner sitting out" not in labels
        assert plain(Action.GO_ALONE, table=table) == "play alone, calling no partner"


def test_regression_call_ace_calls_typed_by_their_words_were_refused() -> None:
    """Regression (a tester's finding): the call-ace menu offered "I call the best
    heart." but "hearts", "best heart" and "call hearts" were answered "You may not name
    hearts now." Every wording the menu shows (its words and its gloss) and the short
    forms call the best card of that suit."""
    rules = preset("call-ace-5")

    def fresh() -> Game:
        game = _at_alone_decision(rules, calls=True)
        assert game is not None
        return game

    game = fresh()
    for call in [Action(a) for a in game.hand.legal_actions() if Action(a).is_call]:
        suit = ("club", "diamond", "heart", "spade")[call.called_suit]
        symbol = "♣♦♥♠"[call.called_suit]
        for typed in (f"{suit}s", suit, f"best {suit}", f"call {suit}s", f"the best {suit}", symbol,
                      f"I call the best {suit}.", f"call the best {symbol} {suit}s card for your partner",
                      suit[0]):
            chosen, shown = _ask(fresh(), [typed, "y"])
            assert chosen == call, (typed, shown)
    suit = ("club", "diamond", "heart", "spade")[call.called_suit]
    chosen, shown = _ask(fresh(), [f"{suit}s alone", "alone", "y"])
    assert chosen == Action.GO_ALONE and "Going alone calls no card" in shown


# ------------------------------------------------------------------ the web page's state

@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_the_web_states_words_fit_the_table(name: str) -> None:
    """The words a seat's state carries (each call's words, each choice's label, the last
    hand's result label) over a whole game fit the table; at the two-handed and
    cutthroat tables the result of three or four tricks is "the maker takes the point"."""
    rules = preset(name)
    rng = random.Random(4)
    game = Game(rules, 4)
    labels: set[str] = set()
    while not game.is_over:
        state = game_json(game, game.turn)
        texts = list(_strings({"hand": state["hand"], "legal": state["legal"]}, {"label", "words", "outcome"}))
        assert texts and faults(" | ".join(texts), rules) == [], texts
        previous = state["previous"]
        if previous is not None and previous.get("result"):
            labels.add(previous["result"]["label"])
            # call-ace: the last hand is over, its partner known
            assert faults(previous["result"]["label"], rules, partner_known=True) == []
        game.apply(rng.choice(game.hand.legal_actions()))
    if not has_partners(rules.table) and not rules.calls_partner:
        assert MAKERS_MAKE not in labels


def _strings(value: Any, keys: set[str], key: str = "") -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, keys, k)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v, keys, key)
    elif isinstance(value, str) and key in keys:
        yield value


def test_the_glosses_of_the_four_hand_table_are_unchanged() -> None:
    """The glossary words of the four-hand table stay as they were (the makers)."""
    ms = preset("modern-standard")
    march = next(g for g in GLOSSES if g.key == "march")
    assert glosses_in("a march", None, ms) == [march] and march.text == "the makers took all five tricks"
    assert [g.text for g in glosses_in("a march", None, preset("cutthroat-3"))] == ["the maker took all five tricks"]


def test_the_side_words_follow_the_shape_and_count_in_words() -> None:
    """The helpers every text asks: partners only at a table with a side of two; counts
    in words, never "(s)"; a forfeit to the opponents, the other player, or each other
    player (every other side scores one, REFERENCE 4.2 dealer_forfeit_or_call)."""
    from euchre.text.side_words import a_point_to_the_opponents, another_side, plural, the_makers, times

    four, two, three, five = (preset(n) for n in ("modern-standard", "two-handed", "cutthroat-3", "call-ace-5"))
    assert [has_partners(r.table) for r in (four, two, three, five)] == [True, False, False, False]
    assert [r.calls_partner for r in (four, two, three, five)] == [False, False, False, True]
    assert [times(n) for n in (0, 1, 2, 3)] == ["never", "once", "twice", "3 times"]
    assert [plural(n, "hand") for n in (0, 1, 2)] == ["0 hands", "1 hand", "2 hands"]
    assert plural(1, "revoke or claim", "revokes or claims") == "1 revoke or claim"
    assert [the_makers(r) for r in (four, three, five)] == ["the makers", "the maker",
                                                            "the maker and any partner he called"]
    assert [another_side(r.table) for r in (four, three)] == ["a player of another side", "another player"]
    assert [a_point_to_the_opponents(r.table) for r in (four, two, three)] == [
        "a point to the opponents", "a point to the other player", "a point to each other player"]


# ------------------------------------------------------------------ the referee's rulings

REFEREED = [name for name in PLAYABLE_PRESETS if not preset(name).calls_partner]
"""The presets the referee keeps (call-ace is not refereed: RULES.md decision 28)."""


def _rulings(rules: Rules) -> list[str]:
    """Every ruling's law and outcome (and the refusals' messages) of the referee under
    ``rules``: each kind of hand result, each irregularity, each refused entry; a fresh
    referee an entry (one may end the game)."""
    from euchre.referee import Referee, RefereeError

    said: list[str] = []
    entries: list[Callable[[Referee], object]] = [
        lambda r: r.hand_result(0, 3), lambda r: r.hand_result(0, 5), lambda r: r.hand_result(0, 1),
        lambda r: r.hand_result(0, 0), lambda r: r.passed_out(), lambda r: r.misdeal(False),
        lambda r: r.misdeal(True), lambda r: r.faced_card(1), lambda r: r.faced_card(1, keep=True),
        lambda r: r.deal_out_of_turn(1, False), lambda r: r.deal_out_of_turn(1, True),
        lambda r: r.exposed_card(1), lambda r: r.lead_out_of_turn(1), lambda r: r.revoke(1, 0, True),
        lambda r: r.revoke(1, 0, False), lambda r: r.dealer_failed_to_discard(),
        lambda r: r.hand_result(0, 6), lambda r: r.revoke(1, 1, True), lambda r: r.hand_result(0, 4, alone=True),
        lambda r: r.hand_result(0, 5, alone=True), lambda r: r.hand_result(0, 2, defender_alone=0),
        lambda r: (r.revoke(1, 0, True), r.revoke(0, 1, True), r.hand_result(0, 3))[-1],
        lambda r: (r.dealer_failed_to_discard(), r.hand_result(1, 4))[-1],
    ]
    for entry in entries:
        try:
            ruling = entry(Referee(rules))
        except RefereeError as exc:
            said.append(str(exc))
            continue
        said.append(f"{ruling.law} {ruling.outcome}")  # type: ignore[attr-defined]
    return said


@pytest.mark.parametrize("name", REFEREED)
def test_the_referees_rulings_word_the_makers_by_the_table(name: str) -> None:
    """Every ruling and refusal of ``euchre referee`` (each hand result, misdeal, faced
    card, deal out of turn, exposed card, lead out of turn, revoke claimed and proved or
    not, a dealer's failure to discard, each entry refused) fits the table of each
    preset it referees."""
    rules = preset(name)
    bad = [(text, f) for text in _rulings(rules) for f in faults(text, rules)]
    assert bad == [], bad[:4]


def test_regression_the_referee_said_the_makers_of_one_maker() -> None:
    """Regression (a new user's finding, issue 34 follow-up): ``hand 1 3`` at cutthroat-3
    was ruled "The makers took 3 tricks: the maker takes the point." and ``hand 1 5`` at
    two-handed "The makers took 5 tricks: march." One maker, one verb (X-15b: a march
    scores 2 at the two-handed table); the four-hand table keeps its makers."""
    from euchre.referee import Referee

    three = Referee(preset("cutthroat-3"), 1).hand_result(0, 3)
    assert three.law == "The maker took 3 tricks: the maker takes the point."
    assert faults("The makers took 3 tricks: the maker takes the point.", preset("cutthroat-3"))  # the old words
    two = Referee(preset("two-handed")).hand_result(0, 5)
    assert two.law == "The maker took 5 tricks: march." and two.points == (2, 0)
    four = Referee(preset("modern-standard")).hand_result(0, 3)
    assert four.law.startswith("The makers took 3 tricks: ")


def test_the_side_words_of_the_laws_count_the_adversaries() -> None:
    """The laws' words for the players against one player: one adversary at the
    two-handed table, adversaries at the others; revokes that cancel are on the two sides,
    or by different players where each plays for himself (Leeds & Dwight 1888 s71)."""
    from euchre.text.side_words import capital, different_sides, the_adversaries

    four, two, three = (preset(n).table for n in ("modern-standard", "two-handed", "cutthroat-3"))
    assert [the_adversaries(t) for t in (four, two, three)] == ["the adversaries", "his adversary", "the adversaries"]
    assert [different_sides(t) for t in (four, three)] == ["on the two sides", "by different players"]
    assert capital("the maker") == "The maker" and capital("") == ""


# ------------------------------------------------------------------ the hint's caption

@pytest.mark.parametrize("name", ["modern-standard", "two-handed", "cutthroat-3", "call-ace-5"])
def test_regression_the_hint_called_relative_values_the_points_for_you_and_opponents_of_one(name: str) -> None:
    """Regression (a new user's finding): at the tables where each plays for himself the
    hint said "the average points of this hand for you after it (below 0: your opponents
    are expected to score)", though its values are his points less the other players'
    mean (bots.advice), as ``review`` says; and "opponents" of the one other player at
    two-handed. Now the caption says what the values are, as ``review`` does, by the
    table's shape; the help's word of the hint too."""
    rules = preset(name)
    game = _play_on(rules, 1, lambda g: not g.is_over and g.hand.phase == Phase.BID_ROUND_1)
    assert game is not None
    _, shown = _ask(game, ["hint", "1", "y"])
    caption = " ".join(shown[shown.index("Hint: the expert's value"):shown.index("Best first:")].split()[1:])
    assert faults(shown, rules) == [] and faults(help_text(rules), rules) == [], shown
    if has_partners(rules.table):
        assert caption.endswith("the average points of this hand for your side (N-S) after it (below 0: the other "
                                "side is expected to score).") or "for your side (E-W)" in caption, caption
    elif rules.table.seats == 2:
        assert caption.endswith("The expected points of this hand for you, less the other player's (below 0: the "
                                "other player is expected to score more)."), caption
        assert "less the other player's)" in " ".join(help_text(rules).split())
    else:
        assert caption.endswith("The expected points of this hand for you, less the mean of the other players' "
                                "(below 0: the other players are expected to score more)."), caption
        assert "less the other players' mean)" in " ".join(help_text(rules).split())


# ------------------------------------------------------------------ the rules in words

@pytest.mark.parametrize("name", PLAYABLE_PRESETS)
def test_the_rules_in_words_fit_the_table(name: str) -> None:
    """The ``rules`` text of every preset passes the words checker (a lone hand, a seat
    sitting out, "all pass" only where they can be)."""
    rules = preset(name)
    text = " ".join(rules_in_words(rules))
    assert faults(text, rules) == [], faults(text, rules)


def test_regression_the_rules_text_said_the_cutthroat_maker_plays_alone_and_nobody_plays_alone() -> None:
    """Regression (a new user's finding): cutthroat-3's rules said "the maker plays alone
    against the other two." and "Nobody plays alone."; two-handed's "Nobody plays alone.",
    "(the next one in play if he sits out)" and "If all pass again". The table's sentence
    says who plays against whom; no lone hand, no seat out, both of two players pass; the
    four-hand table keeps its lone hands and the seat sitting out."""
    three, two = (rules_in_words(preset(n)) for n in ("cutthroat-3", "two-handed"))
    assert three[0] == "Three players, each for himself: the maker plays alone against the other two."
    assert not any("alone" in p for p in three[1:]) and not any("sits out" in p for p in three)
    assert not any("alone" in p or "sits out" in p for p in two)
    assert "Round two: if both pass, each may name another suit as trump." in two
    assert "If both pass again, the cards are thrown in and the next player deals." in two
    four = rules_in_words(preset("modern-standard"))
    assert any("(the next one in play if he sits out)" in p for p in four)
    assert "The maker may play alone; his partner lays his cards down." in four


def test_regression_the_events_tie_breaks_were_listed_as_keys(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """`euchre event standings` said 'Tie-breaks: lone_hands, rounds_won, head_to_head.'"""
    from euchre.cli.main import main

    db = f"sqlite:///{tmp_path / 'e.sqlite3'}"
    assert main(["event", "create", "fri", "--db", db, "--players", "A,B,C,D,E,F,G,H", "--tables", "2",
                 "--rounds", "1", "--seed", "1"]) == 0
    capsys.readouterr()
    assert main(["event", "standings", "fri", "--db", db]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Tie-breaks: lone hands, rounds won, head to head." in out


def test_regression_the_summary_and_stats_said_euchred_0_times() -> None:
    """'As a defender you euchred the maker 0 times.', 'your side was euchred 0 times as
    makers': zero is "never", before the verb. A count of one still reads "once" after
    it (the positive control)."""
    from euchre.cli.commands import SideRecord
    from euchre.cli.stats import group_lines

    cut = " ".join(summary_lines(Game(preset("cutthroat-3"), 1), 0))
    assert "As a defender you never euchred the maker." in cut and "0 times" not in cut
    ms = " ".join(summary_lines(Game(preset("modern-standard"), 1), 0))
    assert "You never euchred the makers." in ms and "0 times" not in ms
    import dataclasses

    fields = dict.fromkeys((f.name for f in dataclasses.fields(SideRecord)), 0)
    zero = SideRecord(**fields)
    once = SideRecord(**{**fields, "euchred": 1, "euchres": 0, "called": 1})
    lines = " ".join(group_lines("modern-standard", [(None, zero, None), (None, once, None)]))
    assert "your side was euchred once as makers; you never euchred the makers" in lines
    lines = " ".join(group_lines("cutthroat-3", [(None, zero, None)]))
    assert "you were never euchred as the maker; as a defender you never euchred the maker" in lines, lines


def test_regression_stuck_at_two_players_said_all_passed() -> None:
    """'You are stuck (all passed)' of two players: both passed."""
    from euchre.cli.questions import _all_passed

    two, four = Game(preset("two-handed"), 1), Game(preset("modern-standard"), 1)
    assert _all_passed(view_of(two.hand, 0, two.score)) == "both passed"
    assert _all_passed(view_of(four.hand, 0, four.score)) == "all passed"
