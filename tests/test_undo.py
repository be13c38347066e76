"""Undo (``HandState.push`` / ``pop``) gives back every field of a hand's state.

The fields are enumerated from the class, as the language lists them (the ``__slots__``
of every class of ``HandState``'s MRO), never from a list kept with the undo: a field
added to the state later is checked here without a change to this file. At every
state of random hands under every playable preset (and table mode, the claims of the
dealt hand and call-for-best), every legal action is pushed and popped, and every field
must then equal its value before. The controls: an undo that leaves one field out (a
call's, and one a card's play changes) is caught by the same check.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import euchre.core.hand as hand_module
from euchre.core import HandState, preset
from euchre.core.presets import PLAYABLE_PRESETS
from euchre.core.rules import Rules
from euchre.core.state import CALL_FIELDS, CARD_FIELDS, PLAY_FIELDS, STATE_FIELDS, HandFields
from euchre.core.undo import LIST, LOG, MASKS, VALUE, field_kind, make_undo


def fields_of(cls: type) -> tuple[str, ...]:
    """Every slot the class and its bases declare (the language's own list)."""
    return tuple(name for klass in cls.__mro__ for name in vars(klass).get("__slots__", ()))


def _frozen(value: Any) -> Any:
    """A value to compare later: a container that can change in place is copied deeply."""
    if isinstance(value, (list, dict, set, bytearray)):
        return copy.deepcopy(value)
    return value


def differences(state: HandState, code: int) -> list[str]:
    """The fields that push(code) then pop() left different from before (none when undo
    is right)."""
    names = fields_of(type(state))
    before = {name: _frozen(getattr(state, name)) for name in names}
    state.push(code)
    state.pop()
    return [name for name in names if getattr(state, name) != before[name]]


def _rule_sets() -> Iterator[tuple[str, Rules]]:
    for name in PLAYABLE_PRESETS:
        yield name, preset(name)
    yield "dc-club-1862, table mode", preset("dc-club-1862").replace(renege_mode="penalize_on_claim")
    yield "modern-standard, table mode", preset("modern-standard").replace(renege_mode="penalize_on_claim")
    yield "modern-standard, claims", preset("modern-standard").replace(
        farmers_hand=True, nines_tens_redeal=True, ace_no_face_redeal=True)
    yield "modern-standard, call for best", preset("modern-standard").replace(call_for_best="lone_maker_and_lone_defender")


RULE_SETS = list(_rule_sets())


def check_random_hands(rules: Rules, hands: int, seed: int) -> list[tuple[str, str]]:
    """Plays ``hands`` random hands; at every state pushes and pops every legal action.
    Returns (state, field) for each difference found at the first state that shows one
    (the state is meaningless after it)."""
    rng = random.Random(seed)
    for _ in range(hands):
        state = HandState.deal(rules, rng.randrange(rules.table.seats), rng)
        while not state.is_over:
            for code in state.legal_codes():
                found = differences(state, code)
                if found:
                    return [(repr(state), name) for name in found]
            # also from a state whose legal tuples are not computed yet
            state._legal = None
            found = differences(state, state.legal_codes()[0])
            if found:
                return [(repr(state), name) for name in found]
            state.push(rng.choice(state.legal_codes()))
    return []


@pytest.mark.parametrize(("name", "rules"), RULE_SETS, ids=[n for n, _ in RULE_SETS])
def test_push_then_pop_gives_back_every_field(name: str, rules: Rules) -> None:
    assert check_random_hands(rules, hands=12, seed=35) == []


def test_the_check_sees_every_field_of_the_state() -> None:
    """The check compares every slot of HandState: those of the deal, the play, the
    calls and the laws (a field added to any of them is compared too)."""
    names = fields_of(HandState)
    for field in ("rules", "dealer", "hands", "history", "trick_cards", "tricks_won", "_legal", "passes",
                  "trump", "revokes", "kept", "_stack"):
        assert field in names
    assert len(names) == len(set(names))


@pytest.mark.parametrize(("saver", "left_out", "rules"), [
    ("save_call", "passes", preset("modern-standard")),
    ("save_call", "upcard_to_dealer", preset("modern-standard")),
    ("save_play", "tricks_won", preset("modern-standard")),
    ("save_play", "trick_cards", preset("modern-standard")),
    ("save_card", "history", preset("modern-standard")),
    ("save_card", "hands", preset("call-ace-5")),
    ("save_card", "trick_seats", preset("two-handed")),
    ("save_state", "revokes", preset("dc-club-1862").replace(renege_mode="penalize_on_claim")),
])
def test_an_undo_that_leaves_a_field_out_is_caught(monkeypatch: pytest.MonkeyPatch, saver: str, left_out: str,
                                                    rules: Rules) -> None:
    """Positive control: the saver of push made without one field (as if the field were
    declared in a class that push does not save, or left out of a list) is caught, and
    the check names that field."""
    fields = {"save_call": CALL_FIELDS, "save_card": CARD_FIELDS, "save_play": PLAY_FIELDS, "save_state": STATE_FIELDS}
    promises = {"save_card": {"one_seat": True, "appends_only": True}, "save_play": {"one_seat": True},
                "save_call": {"appends_only": True}}
    broken: Callable[[HandFields], tuple[Any, ...]] = make_undo([n for n in fields[saver] if n != left_out],
                                                               **promises.get(saver, {}))[0]
    monkeypatch.setattr(hand_module, saver, broken)
    found = check_random_hands(rules, hands=40, seed=35)
    assert found, f"leaving {left_out} out of {saver} was not caught"
    # the field itself; the undo stack too where its records hold the field's list
    assert left_out in {field for _, field in found} <= {left_out, "_stack"}


@pytest.mark.parametrize(("saver", "fields", "promises", "rules"), [
    # a card that ends the trick replaces the trick's lists: its record must keep them whole
    ("save_play", PLAY_FIELDS, {"one_seat": True, "appends_only": True}, preset("modern-standard")),
    # a call changes the held cards of other seats than the one to act (the dealer's
    # discard after the upcard is ordered up, the best card given to a lone partner)
    ("save_call", CALL_FIELDS, {"one_seat": True, "appends_only": True}, preset("modern-standard")),
    ("save_call", CALL_FIELDS, {"one_seat": True, "appends_only": True},
     preset("modern-standard").replace(call_for_best="lone_maker")),
])
def test_a_record_that_promises_too_much_is_caught(monkeypatch: pytest.MonkeyPatch, saver: str,
                                                    fields: tuple[str, ...], promises: dict[str, bool],
                                                    rules: Rules) -> None:
    """Positive control of the card records' promises (make_undo's ``one_seat`` and
    ``appends_only``): given to a record of actions that break them, the check sees it."""
    broken: Callable[[HandFields], tuple[Any, ...]] = make_undo(fields, **promises)[0]
    monkeypatch.setattr(hand_module, saver, broken)
    assert check_random_hands(rules, hands=40, seed=35)


@pytest.mark.parametrize(("saver", "fields", "promises"), [
    # a call appends to the history but not to the trick's lists
    ("save_call", CALL_FIELDS, {"appends_one": True}),
    # a card that ends the trick replaces the trick's lists
    ("save_play", PLAY_FIELDS, {"one_seat": True, "appends_one": True}),
])
def test_a_record_that_promises_one_append_too_many_is_caught(monkeypatch: pytest.MonkeyPatch, saver: str,
                                                               fields: tuple[str, ...],
                                                               promises: dict[str, bool]) -> None:
    """Positive control of ``appends_one`` (the records of a card that does not end the
    trick): given to a record of actions that append other than one item to each log,
    restoring fails: the check sees a difference, or the list to cut back is empty."""
    broken: Callable[[HandFields], tuple[Any, ...]] = make_undo(fields, **promises)[0]
    monkeypatch.setattr(hand_module, saver, broken)
    try:
        found: list[tuple[str, str]] | str = check_random_hands(preset("modern-standard"), hands=40, seed=35)
    except IndexError as error:  # pop from an empty list
        found = str(error)
    assert found


def test_field_kinds_come_from_the_annotations() -> None:
    """How undo saves each field is read from its type: the history, the tricks and the
    trick's lists are logs, the held cards masks per seat, the tricks won a list, the
    rest values."""
    for name in ("history", "tricks", "trick_cards", "trick_seats"):
        assert field_kind(name) == LOG
    assert field_kind("hands") == MASKS
    for name in ("tricks_won",):
        assert field_kind(name) == LIST
    for name in ("trump", "phase", "result", "_legal", "revokes", "kept"):
        assert field_kind(name) == VALUE


class _WithAField(HandFields):
    """HandFields and one more field, as a developer might add it."""

    __slots__ = ("extra_count", "extra_log")
    extra_count: int
    extra_log: list[int]


def test_a_field_added_to_a_class_is_saved_without_naming_it_in_undo() -> None:
    """make_undo takes the fields from the class: a class with an added value field and
    an added list gets both back."""
    names = [n for n in fields_of(_WithAField) if n in ("extra_count", "extra_log", "turn")]
    save, restore = make_undo(names, _WithAField)
    state = _WithAField()
    state.extra_count, state.extra_log, state.turn = 3, [1, 2], 0
    record = save(state)
    state.extra_count, state.turn = 4, 2
    state.extra_log.append(7)
    restore(state, record)
    assert (state.extra_count, state.extra_log, state.turn) == (3, [1, 2], 0)


def test_a_field_without_a_type_is_refused() -> None:
    """A slot declared without its type cannot be saved by kind: make_undo says so."""
    class Untyped(HandFields):
        __slots__ = ("mystery",)

    with pytest.raises(TypeError, match="mystery"):
        make_undo(["mystery"], Untyped)
