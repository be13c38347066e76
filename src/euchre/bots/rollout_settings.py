"""The rollout bidder's settings (:class:`RolloutSettings`) and those of the levels that use it.

The figures behind each default are measured (:mod:`euchre.bots.rollout`'s docstring,
docs/strength.md).
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

from euchre.bots.inference import CALL_MODELS, GIVE_UP_MODES, INFER_SEATS, Judge, heuristic_code, learned_code
from euchre.core.errors import EuchreError, is_finite_number


@dataclass(frozen=True)
class RolloutSettings:
    """How the rollout bidder decides.

    Attributes:
        worlds: hidden worlds sampled per decision; every legal action is played out in
            each of them.
        z: standard errors of the paired gain an action must show over the heuristic's
            choice to replace it (0: the best mean wins).
        margin: points per hand the gain must exceed besides (noise guard).
        discard: also choose the dealer's discard by rollouts.
        screen: with more candidates than this, the first ``worlds // 2`` worlds screen
            them and only the heuristic's choice and the best ``screen - 1`` others get the
            rest (0: never screen).
        bid_tries: draws per world for the bidding inference in the rollouts' worlds
            (1: plain :func:`sample_world`).
        play_tries: the same for the worlds of the PIMC card play.
        infer: whose calls the inference checks (one of :data:`INFER_SEATS`). The
            levels read every other seat's: against plain PIMC-50, whose bidding the
            heuristic does not model, ``none`` and ``opponents`` each lost 0.035 points
            a hand over 400 duplicate deals (docs/strength.md, "The inference from the
            calls against plain PIMC").
        play_likelihood: the weight of a play world is multiplied by this for every card
            a checked seat played (with a choice of cards that follow suit) that the
            heuristic would not have played with the world's cards
            (:func:`play_disagreements`); 1 weighs every world alike (no inference from the
            play), smaller values trust the heuristic as a model of the others' play more.
        call_bias: points added to the learned bidding model's value of every call (each
            action but a pass) before the bot chooses (``learned`` bots only; with
            ``call_model="learned"`` the judge of the others' calls too): above 0
            bolder, below 0 more cautious. The model values a call with the heuristic
            playing the cards; against searching defenders a call is worth less
            (docs/strength.md, "Inference from the play, and a bias on the learned
            calls": -0.15 gained against plain PIMC, -0.3 less, +0.15 and +0.3 lost;
            the ``expert`` level's is :data:`EXPERT_CALL_BIAS`).
        score_aware: value a hand by the side's chance of winning the game after it
            (:func:`game_value`, where :func:`euchre.bots.equity.applies`) rather than by
            its points (:func:`hand_value`): at the bridge, at 8 or 9 points, the bids and
            lone calls then weigh what the points do for the game. Off in the levels:
            over 800 duplicate games against the same bidding by points it won 50.0%
            (docs/strength.md, "Score awareness").
        call_model: the model of the other bidders the inference checks their calls
            against (one of :data:`CALL_MODELS`): ``heuristic``, the ``intermediate``
            heuristic's call (:func:`heuristic_code`), or ``learned``, the learned
            bidding model's with this ``call_bias`` (:func:`learned_code`) in rounds one
            and two where a model decides the seat's view
            (:func:`euchre.bots.learned.model_for_view`), the heuristic's elsewhere.
            The levels use the heuristic: against plain PIMC-50 ``learned`` lost 0.039
            points a hand (-0.082 to +0.004) over 400 duplicate deals (docs/strength.md,
            "The learned model as the model of the bidders").
        give_up: when the inference of a decision stops checking calls that no world
            drawn agrees with (one of :data:`GIVE_UP_MODES`, :func:`inferred_worlds`):
            ``all``, every seat's calls once the worlds often disagree with any, or
            ``seat``, one seat's once the worlds often disagree with its own. The levels
            use ``all``: against plain PIMC-50 ``seat`` gained +0.006 points a hand
            (-0.015 to +0.027) over 400 duplicate deals (docs/strength.md, "Giving up
            the inference one seat at a time").
        postpone: value the cards of the PIMC play with the bot's next decision
            postponed (:func:`euchre.bots.postponed.postponed_values`: its next card one
            for all the worlds it cannot tell apart, not one per world), to suffer less
            from strategy fusion. Off in the levels: paired on 400 duplicate deals
            against plain PIMC-50 it gained -0.009 points a hand (-0.024 to +0.006;
            docs/strength.md, "Strategy fusion in the card play").
        play_race: 0, or the worlds in all of a close card choice: when the best card
            over the first worlds (the bot's ``play_worlds``) leads some other card by
            less than ``race_z`` standard errors of their paired per-world difference
            (:func:`euchre.bots.rollout.close_choice`), more worlds are drawn, as many
            as make this many in all, and they all decide. The further worlds come from
            a generator of their own (``RolloutBot.race_rng``), so that every other draw
            of the bot is what it would be without the race. Off in the levels: by
            PIMC's own measure ``play_race=300`` after 100 worlds gives back as much as
            400 worlds (about +0.0017 points a card choice, some +0.01 a hand) for 1.6
            times the worlds, but paired on 1,200 duplicate deals a preset against plain
            PIMC-50 it gained +0.009 (-0.014 to +0.033, modern-standard) and -0.005
            (-0.027 to +0.018, openspiel) points a hand, and its slowest choices take
            nearly three times the level's (docs/strength.md, "The sampling noise of
            the card play").
        race_z: the standard errors of :attr:`play_race`'s test (a positive number).
        heuristic_z: 0, or how near the heuristic's card must come to the best card of
            the PIMC play for the bot to play the heuristic's card instead: when the best
            leads it by less than this many standard errors of their paired per-world
            difference (:func:`euchre.bots.rollout.leads_by_less`). Open-hand values
            are indifferent to what the play tells the other seats and noisy at 100
            worlds; where they barely separate two cards, the heuristic's reading of the
            hidden hands decides. Off in the levels: at z = 1, paired on 1,200 duplicate
            deals against plain PIMC-50 (modern-standard), it gained -0.004 points a hand
            (-0.027 to +0.018), and against advanced at call-ace-6 on 150 it lost
            0.017 (-0.033 to -0.001; docs/strength.md, "The heuristic's card where PIMC
            barely prefers another").
    """

    worlds: int = 32
    z: float = 0.5
    margin: float = 0.0
    discard: bool = False
    screen: int = 3
    bid_tries: int = 12
    play_tries: int = 8
    infer: str = "others"
    play_likelihood: float = 1.0
    call_bias: float = 0.0
    score_aware: bool = False
    call_model: str = "heuristic"
    give_up: str = "all"
    postpone: bool = False
    play_race: int = 0
    race_z: float = 2.0
    heuristic_z: float = 0.0

    def __post_init__(self) -> None:
        if type(self.play_race) is not int or self.play_race < 0:
            raise EuchreError(f"play_race must be a whole number >= 0, not {self.play_race!r}")
        if not is_finite_number(self.race_z) or not self.race_z > 0:
            raise EuchreError(f"race_z must be a positive number, not {self.race_z!r}")
        if not is_finite_number(self.heuristic_z) or self.heuristic_z < 0:
            raise EuchreError(f"heuristic_z must be a number >= 0, not {self.heuristic_z!r}")
        for name in ("play_race", "heuristic_z"):
            if getattr(self, name) and self.play_likelihood < 1:
                raise EuchreError(f"{name} compares the worlds' values one by one; with play_likelihood < 1 "
                                  "the worlds are weighed, which its test does not take")
        if self.heuristic_z and self.postpone:
            raise EuchreError("heuristic_z compares the worlds' values of the cards; with postpone the cards "
                              "are valued otherwise, which its test does not take")
        for name in ("worlds", "bid_tries", "play_tries"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise EuchreError(f"{name} must be a whole number >= 1, not {value!r}")
        if type(self.screen) is not int or self.screen < 0:
            raise EuchreError(f"screen must be a whole number >= 0, not {self.screen!r}")
        for name in ("z", "margin", "call_bias"):
            value = getattr(self, name)
            if not is_finite_number(value):
                raise EuchreError(f"{name} must be a finite number, not {value!r}")
        like = self.play_likelihood
        if not isinstance(like, (int, float)) or isinstance(like, bool) or not 0 < like <= 1:
            raise EuchreError(f"play_likelihood must be a number in (0, 1], not {like!r}")
        if like < 1 and self.infer == "none":
            raise EuchreError("play_likelihood weighs the plays of the seats the inference checks; "
                              "with infer='none' it checks nobody's")
        for name in ("score_aware", "postpone"):
            if type(getattr(self, name)) is not bool:
                raise EuchreError(f"{name} must be True or False, not {getattr(self, name)!r}")
        if self.infer not in INFER_SEATS:
            raise EuchreError(f"infer must be one of {', '.join(INFER_SEATS)}, not {self.infer!r}")
        if self.call_model not in CALL_MODELS:
            raise EuchreError(f"call_model must be one of {', '.join(CALL_MODELS)}, not {self.call_model!r}")
        if self.give_up not in GIVE_UP_MODES:
            raise EuchreError(f"give_up must be one of {', '.join(GIVE_UP_MODES)}, not {self.give_up!r}")
        for name, default in (("call_model", "heuristic"), ("give_up", "all")):
            if getattr(self, name) == default:
                continue
            if self.infer == "none":
                raise EuchreError(f"{name} changes how the inference checks calls; with infer='none' it checks none")
            if self.bid_tries <= 1 and self.play_tries <= 1:
                raise EuchreError(f"{name} changes the inference, which draws one world and checks nothing "
                                  "with bid_tries and play_tries 1")

    def judge(self) -> Judge:
        """The action code the model of a bidder (:attr:`call_model`) takes in a view."""
        if self.call_model == "learned":
            return functools.partial(learned_code, bias=self.call_bias)
        return heuristic_code


DEFAULT_SETTINGS = RolloutSettings()
"""The rollout bidder's settings (measured; see the module docstring): the ``advanced``
level's, and the ``expert`` level's but for :data:`EXPERT_SETTINGS`."""


EXPERT_CALL_BIAS = -0.15
"""Points the ``expert`` level takes from the learned model's value of every call. The
model learned the worth of a call with the heuristic defending; a searching defender
beats more calls. Paired on the same duplicate deals against plain PIMC-50 it gained
+0.040 (modern-standard, seed 1, 400 deals), +0.022 (seed 2, 250) and +0.030 (openspiel,
seed 1, 400) points a hand, and against ``intermediate`` +0.005 (docs/strength.md,
"Inference from the play, and a bias on the learned calls"); -0.3 gained less and +0.15
and +0.3 lost."""


EXPERT_SETTINGS = dataclasses.replace(DEFAULT_SETTINGS, call_bias=EXPERT_CALL_BIAS)
"""The ``expert`` level's settings: :data:`DEFAULT_SETTINGS` with the call bias
:data:`EXPERT_CALL_BIAS` (the level bids by the learned model)."""


EXPERT_PLAY_WORLDS = 100
"""Worlds per card decision of the ``expert`` level. Against ``intermediate`` on the same
2,000 duplicate deals (seed 3), 100 worlds instead of 40 gained about +0.02 points per
hand (docs/strength.md, "Tuning the expert")."""

