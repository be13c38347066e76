"""One builder of rules (issue 35, Layers): :func:`euchre.core.presets.build_rules` makes a
table's rules from a preset, house rules, options and a target, and the terminal's flags
(``cli.table.rules_of_flags``), the server's create and referee requests
(``server.table_requests.rules_of_request``) and the events' web form
(``server.event_request.spec_from_request``) all call it, each checking only its input's shape.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from euchre.cli.table import rules_of_flags
from euchre.core.errors import RulesError, RulesTypeError
from euchre.core.presets import build_rules, preset
from euchre.server.event_request import EventWebError, spec_from_request
from euchre.server.table_requests import CreateError, rules_of_request

SRC = Path(__file__).resolve().parents[1] / "src" / "euchre"


def test_preset_then_house_rules_then_options_then_target() -> None:
    base = preset("modern-standard")  # deal_passes_left, 24 cards, 10 points
    rules = build_rules("modern-standard", house_rules={"stick_the_dealer": True}, options={"deck": 32}, target=5)
    assert (rules.all_pass_round2, rules.deck, rules.game_target) == ("stick_the_dealer", 32, 5)
    assert rules.replace(all_pass_round2=base.all_pass_round2, deck=24, game_target=10) == base
    # Options come after the house rules: an option setting the same field wins.
    assert build_rules("modern-standard", house_rules={"stick_the_dealer": True},
                       options={"all_pass_round2": "deal_passes_left"}).all_pass_round2 == "deal_passes_left"
    assert build_rules("modern-tournament") is preset("modern-tournament")  # nothing over it: the preset itself
    # The same target given twice agrees.
    assert build_rules("modern-standard", options={"game_target": 7}, target=7).game_target == 7


@pytest.mark.parametrize(("kwargs", "error", "words"), [
    ({"preset_name": "no-such"}, RulesError, "unknown preset 'no-such'"),
    ({"preset_name": "cutthroat-3", "house_rules": {"going_alone": True}}, RulesError,
     "going_alone=on cannot be played: going alone needs a partner to sit out; at cut-throat each plays for himself"),
    ({"options": {"no_such_option": 1}}, RulesError, "unknown option"),
    ({"options": {1: 2}}, RulesTypeError, "option names are texts"),
    ({"target": "10"}, RulesTypeError, "target is a whole number or None, not '10'"),
    ({"options": {"game_target": 5}, "target": 7}, RulesError,
     "target 7 and options.game_target=5 disagree; give the target once"),
    ({"preset_name": "progressive-party", "target": 5}, RulesError,
     "target has no effect in progressive play, which plays a round of 8 hands; set their number with "
     "options.progressive_hands"),
])
def test_what_the_builder_refuses(kwargs: dict[str, Any], error: type[Exception], words: str) -> None:
    kwargs = {"preset_name": "modern-standard", **kwargs}
    with pytest.raises(error) as caught:
        build_rules(**kwargs)
    assert words in str(caught.value)


def test_the_messages_name_the_fields_as_the_caller_does() -> None:
    names = {"target": "--target", "options.game_target": "--option game_target"}.__getitem__
    with pytest.raises(RulesError, match=r"^--target 7 and --option game_target=5 disagree"):
        build_rules("modern-standard", options={"game_target": 5}, target=7, field_name=names)


def test_the_terminal_builds_through_the_core() -> None:
    flags = rules_of_flags("modern-standard", 5, ["deck=32"], ["stick=on"])  # an alias of stick_the_dealer
    assert flags == build_rules("modern-standard", house_rules={"stick_the_dealer": True}, options={"deck": 32},
                                target=5)
    with pytest.raises(RulesError, match=r"^--target has no effect in progressive play, .*--option progressive_hands=N"):
        rules_of_flags("progressive-party", 5)


def test_the_servers_requests_build_through_the_core() -> None:
    body = {"preset": "modern-standard", "house_rules": {"stick_the_dealer": True}, "options": {"deck": 32},
            "target": 5}
    rules, name = rules_of_request(body, 50)
    assert rules == build_rules("modern-standard", house_rules={"stick_the_dealer": True}, options={"deck": 32},
                                target=5)
    assert name is None  # options given: no preset's name
    with pytest.raises(CreateError) as caught:
        rules_of_request({"preset": "progressive-party", "target": 5}, 50, field="rules")
    assert caught.value.code == "bad_rules"
    assert caught.value.message.startswith("rules.target has no effect in progressive play")
    with pytest.raises(CreateError) as caught:  # the server's own limit stays the server's
        rules_of_request({"options": {"game_target": 99}}, 50)
    assert (caught.value.code, caught.value.message) == ("bad_request", "the game target may be at most 50")


def test_regression_the_server_let_target_override_options_game_target() -> None:
    """The terminal refused ``--target 7 --option game_target=5``; the server's create
    request played to 7 without a word. Both now ask the one builder."""
    with pytest.raises(CreateError) as caught:
        rules_of_request({"target": 7, "options": {"game_target": 5}}, 50)
    assert caught.value.code == "bad_rules"
    assert caught.value.message == "target 7 and options.game_target=5 disagree; give the target once"


def test_the_events_web_form_builds_through_the_core() -> None:
    spec, _, _ = spec_from_request({"players": ["A", "B", "C", "D"], "hands": 4,
                                    "house_rules": {"stick_the_dealer": True}}, "e")
    assert spec.rules == build_rules("progressive-party", house_rules={"stick_the_dealer": True},
                                     options={"progressive_hands": 4}).to_dict()
    with pytest.raises(EventWebError, match=r"target has no effect in progressive play.*set their number with hands"):
        spec_from_request({"players": ["A", "B", "C", "D"], "target": 5}, "e")


def _second_builders(path: Path) -> list[str]:
    """Lines of ``path`` that switch house rules over a preset beside the core's builder:
    an import of ``house_rules.apply`` (both builders that the core's replaced, in
    cli/table.py and server/table_requests.py, imported it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.name}:{node.lineno} imports house_rules.apply" for node in ast.walk(tree)
            if (isinstance(node, ast.ImportFrom) and node.module == "euchre.core.house_rules"
                and any(a.name == "apply" for a in node.names))
            or (isinstance(node, ast.Attribute) and node.attr == "apply"
                and getattr(node.value, "id", "") == "house_rules")]


def test_no_surface_builds_rules_beside_the_core() -> None:
    found = [hit for path in sorted(SRC.rglob("*.py")) if path != SRC / "core" / "presets.py"
             for hit in _second_builders(path)]
    assert found == []


def test_the_builders_check_finds_a_second_builder(tmp_path: Path) -> None:
    """Positive control: the check above catches both spellings."""
    planted = tmp_path / "second.py"
    planted.write_text("from euchre.core.house_rules import apply as a\nfrom euchre.core import house_rules\n"
                       "rules = house_rules.apply(base, {})\n", encoding="utf-8")
    assert _second_builders(planted) == ["second.py:1 imports house_rules.apply", "second.py:3 imports house_rules.apply"]


@pytest.mark.parametrize("bad", [{}, [], "", 0, False, "modern-standrd"])
def test_regression_an_empty_preset_in_an_event_request_was_read_as_the_default(bad: object) -> None:
    """A tester's ``"preset": {}`` created an event of the default preset: any value that
    is no four-hand preset's name is refused, naming the field; absent or null gives the
    format's own preset."""
    with pytest.raises(EventWebError, match="preset must be a four-hand partnership preset"):
        spec_from_request({"players": ["A", "B", "C", "D"], "hands": 4, "preset": bad}, "e")
    for given in ({}, {"preset": None}):
        spec, _, _ = spec_from_request({"players": ["A", "B", "C", "D"], "hands": 4, **given}, "e")
        assert spec.preset == "progressive-party"
