"""Golden playthroughs (DESIGN.md "Tests we keep"): a seeded game under every playable
preset and a few option mixes no preset has, played by seeded random bots, written out
with every state (phase, seat to act, trump, makers, who is alone, who plays, cards held,
tricks won, score) and every legal action set, and compared with the text kept in
``tests/golden/``. Any change in the engine's behaviour (a deal, a legal set, a trick's
winner, a score) shows as a diff of that text.

After a change of behaviour that is meant, write the files again and read the diff:

    EUCHRE_WRITE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from euchre.bots.random_bot import RandomBot
from euchre.core.actions import action_text
from euchre.core.cards import card_code, cards_of
from euchre.core.game import Game
from euchre.core.hand import HandState
from euchre.core.presets import PLAYABLE_PRESETS, preset
from euchre.core.rules import Rules
from euchre.core.seats import SEAT_LETTERS
from euchre.core.views import view_of

GOLDEN = Path(__file__).parent / "golden"
SEED = 2026


def _mixes() -> dict[str, Rules]:
    base = preset("modern-standard")
    return {
        "mix-forfeit-no-trump": base.replace(all_pass_round2="dealer_forfeit_or_call", no_trump_call=True),
        "mix-natural-canadian-discard-up": base.replace(
            require_trump_to_call="natural_trump", canadian_loner=True, dealer_may_discard_upcard=True,
            round2_may_name_turned_down=True),
        "mix-after-bidding-joker-next-card": base.replace(
            alone_declare_timing="after_bidding", joker=True, joker_turned_up="turn_next_card", deck=28,
            alone_who="maker_or_dealer_when_assisted"),
        "mix-lone-lead-defend-any": base.replace(
            alone_lead="lone_player", alone_who="maker_or_partner", defend_alone=True, defend_alone_against="any_maker",
            super_euchre=True, laps=True, slams=True, game_target=5),
        "mix-claims": base.replace(farmers_hand=True, nines_tens_redeal=True, ace_no_face_redeal=True, game_target=15),
    }


RULE_SETS: dict[str, Rules] = {name: preset(name) for name in PLAYABLE_PRESETS} | _mixes()


def _cards(mask: int) -> str:
    return " ".join(card_code(c) for c in cards_of(mask)) or "-"


LETTERS = SEAT_LETTERS


def _seat(seat: int) -> str:
    return LETTERS[seat] if seat != -1 else "-"


def _dash(values: tuple[int, ...] | list[int]) -> str:
    return "-".join(str(v) for v in values)


def _state(h: HandState) -> str:
    trump = "-" if h.trump == -1 else ("NT" if h.trump == 4 else "CDHS"[h.trump])
    playing = "".join(h.table.letters[s] for s in range(h.table.seats) if h.active >> s & 1)
    held = " ".join(str(m.bit_count()) for m in h.hands)
    return (f"{h.phase.name} turn {_seat(h.turn)} trump {trump} maker {_seat(h.maker)} alone {_seat(h.alone)} "
            f"defender {_seat(h.defender_alone)} playing {playing} held {held} won {_dash(h.tricks_won)}")


def playthrough(name: str, rules: Rules, seed: int = SEED) -> str:
    """The text of one seeded game (see the module docstring)."""
    global LETTERS
    LETTERS = rules.table.letters
    game = Game(rules, seed)
    bots = [RandomBot(seed * 4 + s) for s in range(rules.table.seats)]
    setup = game.setup
    draws = " ".join(f"{p}:{card_code(c)}" for p, c in setup.draws) or "-"
    out = [f"game {name} seed {seed} target {rules.game_target}",
           f"setup seating {' '.join(map(str, setup.seating))} first dealer {_seat(setup.first_dealer)} draws {draws}"]
    number = 0
    while not game.is_over:
        hand = game.hand
        number += 1
        out.append(f"hand {number} dealer {_seat(hand.dealer)} packets {hand.packets} upcard {card_code(hand.upcard)}"
                   f"{' (joker set aside)' if hand.joker_aside else ''} score {_dash(game.score)}")
        for s in range(rules.table.seats):
            out.append(f"  dealt {LETTERS[s]} {_cards(hand.deal_hands[s])}")
        out.append(f"  stock {' '.join(card_code(c) for c in hand.stock)}")
        while not hand.is_over:
            seat = hand.turn
            legal = " ".join(action_text(c) for c in hand.legal_codes())
            action = bots[seat].choose(view_of(hand, seat, game.score))
            out.append(f"  {_state(hand)} | legal {legal} | {LETTERS[seat]} {action_text(int(action))}")
            tricks = len(hand.tricks)
            result = game.apply(action)
            if len(hand.tricks) > tricks:
                t = hand.tricks[-1]
                played = " ".join(f"{LETTERS[s]}:{card_code(c)}" for s, c in zip(t.seats, t.cards, strict=True))
                out.append(f"  trick {len(hand.tricks)} led by {_seat(t.leader)}: {played} won by {_seat(t.winner)}")
            if result is not None:
                out.append(f"  {_state(hand)}")
                out.append(f"  result {result.label}: points {_dash(result.points)} "
                           f"tricks {_dash(result.tricks)}; score {_dash(game.score)}")
    r = game.result
    out.append("game over: " + ("no result" if r is None else
                                f"winner {rules.table.team_names[r.winner]} score {_dash(r.score)} "
                                f"games {r.games} carry {_dash(r.carry)}"))
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_golden_playthrough(name: str) -> None:
    path = GOLDEN / f"{name}.txt"
    text = playthrough(name, RULE_SETS[name])
    if os.environ.get("EUCHRE_WRITE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no golden file {path}: write it with EUCHRE_WRITE_GOLDEN=1 (see the module docstring)"
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        old, new = expected.splitlines(), text.splitlines()
        first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
        raise AssertionError(f"{name}: the playthrough changed at line {first + 1}:\n"
                             f"  kept: {old[first] if first < len(old) else '(end)'}\n"
                             f"  now:  {new[first] if first < len(new) else '(end)'}")


def test_every_golden_file_is_a_rule_set_played() -> None:
    """No stale golden file is left behind when a rule set is removed or renamed."""
    assert sorted(p.stem for p in GOLDEN.glob("*.txt")) == sorted(RULE_SETS)


def test_positive_control_a_changed_rule_shows_in_the_playthrough() -> None:
    """The comparison can fail: the same seed under another scoring is different text."""
    base = preset("modern-standard")
    assert playthrough("x", base) != playthrough("x", base.replace(points_march=3, game_target=11))
