"""An independent, deliberately naive model of call-ace euchre (RULES.md decision 21,
from X-35 and X-47), on top of the naive individual table (``_naive_individual``).

Cards are two-character strings. What it adds to the table of players each for
himself: a lone hand may be declared with the bid (``order-alone``, ``name-H-alone``)
under ``alone_declare_timing = with_call``; after the dealer's discard (or the naming)
the maker calls the best card of a suit he does not hold (``call-H``: the ace of a plain
suit, the joker or else the right bower of trumps), or goes alone (``alone``: offered
with ``after_bidding`` timing, or when he holds the best card of every suit); whoever
holds the called card then is his partner, nobody when it is in the stock; three or
four tricks of the maker and his partner give each of them ``points_make``, five
``points_march``; with no partner (alone, or the card in the stock) the lone values;
fewer than three give ``points_euchre`` (or ``points_lone_euchred``) to every other
player. Not a test module.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

try:
    from ._naive_euchre import NT, SUITS, table_score
    from ._naive_individual import NaiveIndividualHand
except ImportError:
    from _naive_euchre import NT, SUITS, table_score  # type: ignore[no-redef]
    from _naive_individual import NaiveIndividualHand  # type: ignore[no-redef]


def best_of(suit: str, trump: str, joker: bool) -> str:
    """The best card of ``suit`` in the pack: the ace, or of trumps the joker (if any)
    else the right bower."""
    if suit == trump:
        return "JK" if joker else "J" + suit
    return "A" + suit


class NaiveCallAceHand(NaiveIndividualHand):
    """One call-ace hand; actions are the engine's text forms. Slow on purpose."""

    def __init__(self, opts: dict[str, Any], dealer: int, hands: Sequence[Sequence[str]], stock: Sequence[str]) -> None:
        super().__init__(opts, dealer, hands, stock)
        self.lone = False
        self.partner: int | None = None
        self.called: str | None = None
        self._alone_bid = False

    def _with_call(self) -> bool:
        return bool(self.o["alone_allowed"]) and self.o["alone_declare_timing"] == "with_call"

    def legal(self) -> list[str]:
        if self.phase == "call":
            hand = self.hands[self.maker] if self.maker is not None else []
            assert self.trump is not None
            calls = [f"call-{s}" for s in SUITS if best_of(s, self.trump, self.o["joker"]) not in hand]
            if (self.o["alone_allowed"] and self.o["alone_declare_timing"] == "after_bidding") or not calls:
                calls.append("alone")
            return calls
        out = super().legal()
        if self._with_call() and self.phase in ("r1", "r2"):
            out += [a + "-alone" for a in out if a == "order" or a.startswith("name-")]
        return out

    def apply(self, action: str) -> None:
        if self.phase == "call":
            assert action in self.legal(), (action, self.legal())
            if action == "alone":
                self.lone = True
            else:
                assert self.trump is not None
                self.called = best_of(action[-1].upper(), self.trump, self.o["joker"])
                self.partner = next((s for s in range(self.n) if self.called in self.hands[s]), None)
                self.lone = self.partner is None and bool(self.o["alone_allowed"])
            self.phase = "play"
            self.turn = self.leader = self._first_leader()
            return
        if self.phase in ("r1", "r2") and action.endswith("-alone"):
            assert action in self.legal(), (action, self.legal())
            self.lone = True
            self._alone_bid = True
            self._bid(action[: -len("-alone")])
            return
        super().apply(action)
        if self.phase == "done" and not self.passed_out and self.maker is not None:
            makers = {self.maker} | ({self.partner} if self.partner is not None else set())
            side, pts = table_score(self.o, sum(self.won[s] for s in makers), self.lone, False)
            self.points = tuple(pts if (s in makers) == (side == "makers") else 0 for s in range(self.n))

    def _bid(self, action: str) -> None:
        """A bid made with 'alone': as the plain bid (the base class's own check is of
        the plain form, which is legal whenever the alone form is)."""
        super().apply(action)

    def _first_leader(self) -> int:
        """The dealer's left leads; a lone maker leads or sits left-led by ``alone_lead``
        (REFERENCE 6.1 opening lead; nobody sits out at this table)."""
        if self.lone and self.partner is None and self._declared_alone():
            if self.o["alone_lead"] == "lone_player":
                assert self.maker is not None
                return self.maker
            if self.o["alone_lead"] == "left_of_lone_player":
                assert self.maker is not None
                return (self.maker + 1) % self.n
        return (self.dealer + 1) % self.n

    def _declared_alone(self) -> bool:
        return self.called is None

    def _begin_play(self) -> None:
        # After the discard or the naming: the maker calls (unless he bid alone).
        if self._alone_bid:
            self.phase = "play"
            self.turn = self.leader = self._first_leader()
            return
        self.phase = "call"
        assert self.maker is not None
        self.turn = self.maker


__all__ = ["NT", "NaiveCallAceHand", "best_of"]
