"""House rules (:mod:`euchre.core.house_rules`): each is one option under a plain key with
one plain sentence, switched over a preset by ``--rule KEY=on|off`` in the terminal and by
the page's create form; the table is made with them, and every seat is told the house rules
in effect. Bad input is refused with a reason."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from euchre.cli.main import main
from euchre.core import preset
from euchre.core.errors import RulesError
from euchre.core.house_rules import HOUSE_RULES, changes_for, in_effect, parse_rule, preset_house_rules
from test_server import Peer, create, live, running

MS = preset("modern-standard")


def test_every_house_rule_is_an_option_with_a_plain_sentence() -> None:
    for rule in HOUSE_RULES:
        assert hasattr(MS, rule.option)
        assert rule.on != rule.off
        MS.replace(**{rule.option: rule.on})  # each can be switched on over the default preset
        # No source tags in what a player reads (S000, X-25, L123 ...).
        assert not re.search(r"\b(S00\d|X-\d+|L\d+)\b", rule.title + rule.sentence), rule
        assert rule.sentence.endswith(".") and len(rule.sentence) <= 120


def test_changes_turn_a_presets_house_rules_into_the_wanted_ones() -> None:
    tournament = preset("modern-tournament")  # stick the dealer
    assert preset_house_rules(tournament)["stick_the_dealer"] is True
    assert changes_for(tournament, {"stick_the_dealer": False}) == {"all_pass_round2": "deal_passes_left"}
    assert changes_for(tournament, {"stick_the_dealer": True}) == {}
    assert changes_for(MS, {"farmers_hand": True, "joker": False}) == {"farmers_hand": True}
    assert changes_for(MS, {"natural_trump": True}) == {"require_trump_to_call": "natural_trump"}
    with pytest.raises(RulesError, match="unknown house rule 'stick'"):
        changes_for(MS, {"stick": True})
    on = MS.replace(**changes_for(MS, {"farmers_hand": True, "defending_alone": True}))
    assert set(in_effect(on)) == {"Going alone", "Farmer's hand", "Defending alone"}
    # A rule on but without effect is not listed: defending alone needs lone hands.
    assert "Defending alone" not in in_effect(MS.replace(alone_allowed=False, defend_alone=True))


def test_the_form_gets_the_house_rules_and_each_presets_state(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        options = client.get("/api/options").json()
        assert [r["key"] for r in options["house_rules"]] == [r.key for r in HOUSE_RULES]
        by_name = {p["name"]: p for p in options["presets"]}
        for name, entry in by_name.items():
            assert entry["house_rules"] == preset_house_rules(preset(name))
        assert by_name["progressive-party"]["target"] is None and by_name["modern-standard"]["target"] == 10


def test_a_table_is_made_with_its_house_rules_and_every_seat_sees_them(tmp_path: Path) -> None:
    with running(tmp_path / "t.db") as client:
        made = create(client, preset="modern-tournament", bots="random",
                      house_rules={"stick_the_dealer": False, "farmers_hand": True, "going_alone": True})
        assert made["preset"] == "modern-tournament"  # the rules are stored in full, the name is the base's
        for token in (made["seats"]["N"], made["spectator"]):
            peer = Peer(client, token)
            assert peer.state is not None
            assert peer.state["house_rules"] == ["Going alone", "Farmer's hand"]
            assert peer.state["preset_changed"] is True
            peer.close()
        rules = live(client, made["table"]).rules
        assert rules.all_pass_round2 == "deal_passes_left" and rules.farmers_hand
        assert rules.deck == preset("modern-tournament").deck
        same = create(client, preset="modern-tournament", house_rules={"stick_the_dealer": True})
        assert same["preset"] == "modern-tournament"
        peer = Peer(client, same["seats"]["N"])
        assert peer.state is not None and peer.state["preset_changed"] is False  # nothing changed
        peer.close()


@pytest.mark.parametrize(("house", "code"), [
    ([1], "bad_request"),
    ({"no_such_rule": True}, "bad_request"),
    ({"farmers_hand": "yes"}, "bad_request"),
    ({"farmers_hand": 1}, "bad_request"),
    ({"all_pass_round2": True}, "bad_request"),  # an option's name, not a house rule's key
    ({"canadian_loner": True, "going_alone": False}, "bad_rules"),  # a Canadian loner needs lone hands
])
def test_bad_house_rules_are_refused_with_a_reason(tmp_path: Path, house: Any, code: str) -> None:
    with running(tmp_path / "t.db") as client:
        response = client.post("/api/tables", json={"house_rules": house})
        assert response.status_code == 400, response.text
        assert response.json()["error"]["code"] == code and "table" not in response.json()


@pytest.mark.parametrize(("text", "expected"), [
    ("stick_the_dealer=on", ("stick_the_dealer", True)),
    (" joker = OFF ", ("joker", False)),
    ("farmers_hand=yes", ("farmers_hand", True)),
])
def test_a_house_rule_is_read_on_or_off(text: str, expected: tuple[str, bool]) -> None:
    assert parse_rule(text) == expected


@pytest.mark.parametrize(("text", "words"), [
    ("stick_the_dealer", "KEY=on or KEY=off"),
    ("sticky=on", "unknown house rule 'sticky'"),
    ("joker=maybe", "house rule joker is on or off, not 'maybe'"),
])
def test_a_bad_house_rule_is_refused_naming_it(text: str, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        parse_rule(text)


def test_the_terminal_plays_the_house_rules_and_lists_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", "--preset", "modern-tournament", "--rule", "stick_the_dealer=off", "--rule",
                 "farmers_hand=on", "--seed", "2", "--delay", "0", "--bots", "beginner", "--target", "2"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Euchre: modern-tournament with stick_the_dealer=off, farmers_hand=on, game to 2." in out
    assert "No hand is claimed." in out or "A farmer's hand." in out  # the claim round is played
    assert main(["rules", "modern-tournament", "--house"]) == 0
    listed = " ".join(capsys.readouterr().out.split())
    for rule in HOUSE_RULES:
        assert rule.key in listed
    assert "stick_the_dealer on" in listed and "farmers_hand off" in listed
    assert main(["watch", "--rule", "sticky=on"]) == 2
    err = capsys.readouterr().err
    assert "unknown house rule 'sticky'" in err and len(err.strip().splitlines()) == 1


def test_regression_the_form_offers_only_rules_the_preset_can_switch() -> None:
    """'Going alone' was offered for two-handed, where it can only fail (no partners)."""
    from euchre.core.presets import PLAYABLE_PRESETS

    assert "going_alone" not in preset_house_rules(preset("two-handed"))
    assert "farmers_hand" not in preset_house_rules(preset("uspcc-official"))  # a 32-card pack
    assert "going_alone" in preset_house_rules(MS)
    for name in PLAYABLE_PRESETS:
        rules = preset(name)
        for key, on in preset_house_rules(rules).items():
            rules.replace(**changes_for(rules, {key: not on}))  # each box offered can be switched


def test_house_rules_are_read_under_the_names_people_give_them() -> None:
    """Issue 12 writes `--rule defend_alone=on`; people say "screw the dealer" and "the
    benny": each is read as its rule's key, in any case, with - or spaces."""
    from euchre.core.house_rules import parse_rule

    assert parse_rule("defend_alone=on") == ("defending_alone", True)
    assert parse_rule("Screw-the-dealer=ON") == ("stick_the_dealer", True)
    assert parse_rule("benny=off") == ("joker", False)
    assert parse_rule("stick_the_dealer=yes") == ("stick_the_dealer", True)
    with pytest.raises(RulesError, match="unknown house rule 'defend_al'"):
        parse_rule("defend_al=on")


# The words a refusal of a house rule must not use: an option's name or its value as the
# core writes it (alone_allowed = true, variant = cutthroat, renege_mode, ...).
_OPTION_WORDS = re.compile(r"\b(alone_allowed|defend_alone|no_trump_call|renege_mode|variant|deck|num_players)\b"
                           r"| = (true|false)\b")


def _refusals() -> list[tuple[str, str, bool, str]]:
    """(preset, key, on, message) of every house rule refused at every playable preset."""
    from euchre.core.house_rules import apply, is_on
    from euchre.core.presets import PLAYABLE_PRESETS

    out = []
    for name in PLAYABLE_PRESETS:
        rules = preset(name)
        for rule in HOUSE_RULES:
            on = not is_on(rules, rule)
            try:
                apply(rules, {rule.key: on})
            except RulesError as exc:
                out.append((name, rule.key, on, str(exc)))
    return out


def test_regression_going_alone_at_cutthroat_was_refused_naming_alone_allowed_and_variant(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`--preset cutthroat-3 --rule going_alone=on` said 'alone_allowed = true needs partners;
    with variant = cutthroat ...', a key the user did not type."""
    assert main(["play", "--preset", "cutthroat-3", "--rule", "going_alone=on"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert ("going_alone=on cannot be played: going alone needs a partner to sit out; at cut-throat each plays "
            "for himself") in err
    assert not _OPTION_WORDS.search(err), err


def test_every_refused_house_rule_is_named_as_typed_with_the_reason_in_words() -> None:
    """Each house rule at each table shape where it is refused: the message names the key
    typed and no option. Refused by hand: going alone, defending alone and the Canadian
    loner where each plays for himself (two-handed, cutthroat-3; at call-ace the latter
    two), the farmer's hand outside the 24-card pack of four, no trump with the joker,
    revokes at call-ace, going alone off under the Canadian loner."""
    refused = _refusals()
    assert {(n, k, on) for n, k, on, _ in refused} >= {
        ("cutthroat-3", "going_alone", True), ("two-handed", "going_alone", True),
        ("cutthroat-3", "defending_alone", True), ("call-ace-5", "defending_alone", True),
        ("two-handed", "canadian_loner", True), ("call-ace-4", "canadian_loner", True),
        ("uspcc-official", "farmers_hand", True), ("british-benny", "no_trump", True),
        ("call-ace-4", "revokes", True), ("modern-canadian", "going_alone", False)}
    for name, key, on, message in refused:
        assert message.startswith(f"{key}={'on' if on else 'off'} cannot be played: "), (name, message)
        assert not _OPTION_WORDS.search(message), (name, message)
    # Positive control: the core's own refusal is phrased through the options.
    with pytest.raises(RulesError) as exc:
        preset("cutthroat-3").replace(alone_allowed=True)
    assert _OPTION_WORDS.search(str(exc.value))


def test_house_rules_refused_together_name_both() -> None:
    from euchre.core.house_rules import apply

    with pytest.raises(RulesError, match=r"^no_trump=on with joker=on cannot be played: the joker is always"):
        apply(MS, {"joker": True, "no_trump": True})
    with pytest.raises(RulesError, match=r"^going_alone=off with canadian_loner=on cannot be played"):
        apply(MS, {"going_alone": False, "canadian_loner": True})
    assert apply(MS, {"joker": True}).joker  # one alone is played
