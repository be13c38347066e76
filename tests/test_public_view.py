"""What a spectator is shown (:func:`euchre.core.views.public_view_of`): only what every
seat sees. Regression: a spectator's state was the eldest hand's view, and in railroad
the eldest himself may give his lone partner a card face down or, defending alone,
discard one: spectators were shown those cards."""

from __future__ import annotations

import random

from euchre.core import HandState, preset, view_of
from euchre.core.actions import is_discard_code, is_give_code
from euchre.core.views import HIDDEN, HIDDEN_GIVE, public_view_of


def test_regression_spectators_saw_the_eldest_hands_cards_given_face_down_in_railroad() -> None:
    rules = preset("railroad")
    rng = random.Random(11)
    eldest_gave = 0
    for i in range(300):
        hand = HandState.deal(rules, i % 4, rng)
        while not hand.is_over:
            public = public_view_of(hand)
            assert public.hand == () and public.discard == -1 and public.legal == ()
            assert not [c for _, c in public.history if is_give_code(c) or is_discard_code(c)], public.history
            eldest = hand.table.eldest(hand.dealer)
            own = view_of(hand, eldest)
            # The positive control: the eldest's own view shows what he gave or discarded.
            if any(s == eldest and (is_give_code(c) or is_discard_code(c)) for s, c in own.history):
                eldest_gave += 1
                assert any(c in (HIDDEN, HIDDEN_GIVE) for _, c in public.history)
            hand.apply(rng.choice(hand.legal_actions()))
    assert eldest_gave > 0  # the case happened
