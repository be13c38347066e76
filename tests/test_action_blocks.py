"""The action codes lie in named, contiguous blocks (issue 35), and no code outside
``core/actions.py`` and ``core/action_blocks.py`` compares an action code with a number.

The layout is the table of ``core/actions.py``'s docstring and docs/engine.md; the
values asserted here are read from that table by hand.
"""

from __future__ import annotations

import ast
import pathlib
import random
import re

import pytest

from euchre.bots.knowledge import knowledge_of
from euchre.core import action_blocks
from euchre.core.actions import (
    BLOCK_AT,
    BLOCKS,
    CALL_ACE,
    CARD_CALL,
    DISCARD,
    GIVE,
    PLAY,
    Action,
    block_of,
    card_of_code,
    carries_card,
    is_call_ace_code,
    is_card_call_code,
    is_discard_code,
    is_give_code,
    is_play_code,
    is_spoken_code,
)
from euchre.core.cards import parse_card
from euchre.core.errors import ActionTypeError, EuchreValueError, IllegalActionError
from euchre.core.hand import HandState, Phase
from euchre.core.presets import preset
from euchre.core.views import view_of
from euchre.interop.features import action_size

SRC = pathlib.Path(__file__).resolve().parents[1] / "src" / "euchre"
DEFINERS = {SRC / "core" / "actions.py", SRC / "core" / "action_blocks.py"}
"""The two modules that write action codes as numbers."""


def test_blocks_by_hand() -> None:
    """The table of blocks, as docs/engine.md gives it (first and last code)."""
    got = {b.name: (b.first, b.last) for b in BLOCKS}
    assert got == {"pass": (0, 0), "accept": (1, 2), "name": (3, 12), "alone": (13, 14), "takeover": (15, 15),
                   "defend": (16, 16), "forfeit": (17, 17), "claim_hand": (18, 19), "discard": (20, 52),
                   "call_ace": (53, 56), "renege": (57, 57), "correction": (58, 59), "play": (60, 92),
                   "give": (100, 132), "no_call": (139, 139), "card_call": (140, 172)}


def test_every_action_in_exactly_one_block_and_blocks_disjoint() -> None:
    seen: set[int] = set()
    for b in BLOCKS:
        codes = set(range(b.first, b.end))
        assert not codes & seen, b.name
        seen |= codes
        assert all(BLOCK_AT[c] is b for c in codes)
    assert seen == {int(a) for a in Action}
    assert [b.first for b in BLOCKS] == sorted(b.first for b in BLOCKS)


def test_block_phases_name_phases() -> None:
    for b in BLOCKS:
        assert b.phases and all(p in Phase.__members__ for p in b.phases), b


def test_the_fixed_layouts_sizes() -> None:
    """93 codes without call_for_best (play card 32 is code 92), 133 with it."""
    assert action_size(preset("modern-standard")) == 93 == PLAY.end
    assert action_size(preset("modern-standard").replace(call_for_best="lone_maker")) == 133 == GIVE.end


@pytest.mark.parametrize(("code", "discard", "call", "play", "give", "card_call"), [
    (19, False, False, False, False, False),
    (20, True, False, False, False, False),
    (52, True, False, False, False, False),
    (53, False, True, False, False, False),
    (56, False, True, False, False, False),
    (57, False, False, False, False, False),
    (59, False, False, False, False, False),
    (60, False, False, True, False, False),
    (92, False, False, True, False, False),
    (93, False, False, False, False, False),
    (100, False, False, False, True, False),
    (132, False, False, False, True, False),
    (139, False, False, False, False, False),
    (140, False, False, False, False, True),
    (172, False, False, False, False, True),
    (-1, False, False, False, False, False),
])
def test_predicates_at_the_edges(code: int, discard: bool, call: bool, play: bool, give: bool, card_call: bool) -> None:
    assert (is_discard_code(code), is_call_ace_code(code), is_play_code(code), is_give_code(code),
            is_card_call_code(code)) == (discard, call, play, give, card_call)
    assert carries_card(code) == (discard or play or give or card_call)


def test_decoders() -> None:
    jh = parse_card("JH")
    assert card_of_code(int(Action.play(jh))) == jh == PLAY.card(int(Action.play(jh)))
    assert card_of_code(int(Action.discard(jh))) == jh == DISCARD.card(int(Action.discard(jh)))
    assert card_of_code(int(Action.give(jh))) == jh == GIVE.card(int(Action.give(jh)))
    assert card_of_code(140 + jh) == jh == CARD_CALL.card(140 + jh)
    assert CALL_ACE.place(int(Action.CALL_H)) == 2 and CALL_ACE.code(3) == int(Action.CALL_S)
    assert block_of(55) is CALL_ACE and block_of(int(Action.DECLINE_CALL)).name == "no_call"
    with pytest.raises(EuchreValueError):
        card_of_code(int(Action.CALL_C))  # a call-ace call carries no card
    with pytest.raises(EuchreValueError):
        PLAY.card(int(Action.discard(jh)))
    with pytest.raises(EuchreValueError):
        PLAY.code(33)
    with pytest.raises(IllegalActionError):
        block_of(95)
    with pytest.raises(ActionTypeError):
        block_of(True)


def test_spoken_codes() -> None:
    """Every call is spoken (the call-ace call, the claims, the card calls of table mode);
    a card discarded, played or given is not."""
    assert all(is_spoken_code(c) for c in (0, 1, 12, 17, 19, 53, 56, 57, 58, 59, 139, 140, 172))
    assert not any(is_spoken_code(c) for c in (20, 52, 60, 92, 100, 132, -1, -2, 95))


def test_regression_knowledge_counted_the_call_ace_call_as_a_discard() -> None:
    """bots/knowledge.py read every code from 20 below the plays as a discard: the
    call-ace maker's own call (53-56) put a card number 33-36, no card, among the dead
    cards. The dead cards are cards of the deck."""
    rules = preset("call-ace-5")
    for seed in range(60):
        hand = HandState.deal(rules, 0, random.Random(seed))
        rng = random.Random(seed)
        while not hand.is_over and not any(is_call_ace_code(c) for _, c in hand.history):
            legal = hand.legal_codes()
            calls = [c for c in legal if is_call_ace_code(c)]
            hand.apply(calls[0] if calls else rng.choice([c for c in legal if c != Action.GO_ALONE] or legal))
        if hand.is_over:
            continue
        k = knowledge_of(view_of(hand, hand.maker))
        assert k.dead & ~k.deck == 0
        return
    pytest.fail("no hand reached a call-ace call")  # pragma: no cover


# ---------------------------------------------------------------- no numbers as codes
_CODE_NAME = re.compile(r"^(code|action)$|_(code|action)$")
"""A variable that holds an action code: ``code``, ``action``, ``next_code``, ..."""


def _code_like(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return bool(_CODE_NAME.search(node.id))
    if isinstance(node, ast.Attribute):
        return bool(_CODE_NAME.search(node.attr))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "int" and node.args:
        return _code_like(node.args[0])
    return False


def _int(node: ast.expr) -> int | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = _int(node.operand)
        return None if v is None else -v
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def code_literals(source: str) -> list[tuple[int, int]]:
    """``(line, number)`` of each number used as an action code in ``source``: a whole
    number 1..172 (the codes' range; 0 and the negative stand-ins of hidden actions are
    allowed, for ``code < 0``) compared with a variable named ``code`` or ``action`` (or
    ending ``_code``/``_action``), or 2..172 added to or subtracted from one (``code -
    60``; ``code + 1`` is allowed). Codes are named through ``Action`` and the blocks."""
    hits = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_code_like(o) for o in operands):
                hits += [(node.lineno, v) for o in operands if (v := _int(o)) is not None and 0 < v <= 172]
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            if _code_like(node.left) or _code_like(node.right):
                hits += [(node.lineno, v) for o in (node.left, node.right) if (v := _int(o)) is not None and 1 < v <= 172]
    return hits


def test_code_literals_finds_planted_ones() -> None:
    """Positive controls: the literals issue 35 found (core/corrections.py's ``60 <= code
    <= 92``, the terminal's ``code >= 20``, the EGN writer's ``3 <= code <= 12``), and
    negatives that name their codes."""
    planted = ("if 60 <= code <= 92:\n    last = code - 60\n"
               "if code >= 20 and phase == 4:\n    pass\n"
               "if bidding and 3 <= code <= 12:\n    pass\n"
               "if int(action) == 57:\n    pass\n")
    assert sorted(code_literals(planted)) == [(1, 60), (1, 92), (2, 60), (3, 20), (5, 3), (5, 12), (7, 57)]
    clean = ("if is_play_code(code):\n    last = PLAY.card(code)\n"
             "if code < 0 or code == Action.PASS or seat_code + 1 == 2:\n    pass\n"
             "if status_code == 404 or count >= 20:\n    pass\n")  # 404 lies past the codes
    assert code_literals(clean) == []


def test_no_action_code_written_as_a_number_outside_the_definers() -> None:
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        if path in DEFINERS:
            continue
        offenders += [f"{path.relative_to(SRC)}:{line}: {v}" for line, v in code_literals(path.read_text())]
    assert not offenders, "action codes written as numbers (use Action and the blocks of core/actions.py):\n" + \
        "\n".join(offenders)


def test_the_definers_do_write_numbers() -> None:
    """The scan would see the numbers of the block table itself (a control that it reads
    real source, not only the planted text)."""
    source = (SRC / "core" / "action_blocks.py").read_text()
    assert "Block(\"play\", 60, CARD_CODES" in source
    assert code_literals("if code == 60:\n    pass\n") == [(1, 60)]
    assert action_blocks.PLAY is PLAY


# ---------------------------------------------------------------- records of earlier versions
RECORDS = SRC.parents[1] / "tests" / "data" / "records"
"""Game records written by the version before the blocks (commit 34fa68d, ``git archive``
of its src/ run on seed 0, three hands each): a call-ace game with calls, a
call-for-best game with cards given, a table-mode game with claims, corrections and
card calls."""


@pytest.mark.parametrize("name", ["call-ace-5", "call-for-best", "table-mode"])
def test_records_of_the_earlier_version_load(name: str) -> None:
    from euchre import records

    text = (RECORDS / f"{name}-v1.json").read_text()
    game, players = records.loads(text)  # replays every action, checked
    assert records.dumps(game, players) == text
    hands = [*game.finished_hands, game.hand]
    blocks = {block_of(code).name for h in hands for _, code in h.history}
    expected = {"call-ace-5": "call_ace", "call-for-best": "give", "table-mode": "correction"}[name]
    assert expected in blocks and "play" in blocks
    for h in hands:  # each block's codes were taken in the phases the block names
        for (_, code), phase in zip(h.history, h.history_phases, strict=True):
            assert phase.name in block_of(code).phases, (code, phase)


def test_text_forms_keep_their_codes() -> None:
    """The numbers the fixed layouts, trained models and self-play files hold (Parquet
    stores codes as int16) stay those of the first numbering."""
    pinned = {"pass": 0, "order": 1, "order-alone": 2, "name-C": 3, "name-NT-alone": 12, "alone": 13,
              "partner": 14, "take-over": 15, "defend-alone": 16, "forfeit": 17, "farmers-hand": 18, "throw-in": 19,
              "discard-7C": 20, "discard-JK": 52, "call-C": 53, "call-S": 56, "renege": 57, "correct": 58,
              "stand": 59, "play-7C": 60, "play-JK": 92, "give-7C": 100, "give-JK": 132, "no-call": 139,
              "call-7C": 140, "call-JK": 172}
    assert {text: int(Action.parse(text)) for text in pinned} == pinned
