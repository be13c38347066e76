"""Each hand's points on a progressive evening's tally, the organiser's X-50 twists, and
the hands as typed from a real table.

Scoring (X-32, RULES.md decision 24): every player records on his tally his side's
points of each hand, 1, 2 or 4, or X for nothing (``GameResult.player_points`` of a
``progressive-party`` round); a hand passed out is dealt again and is not one of the
round's hands. The organiser may add X-50's local twists (:class:`HouseScoring`): a lone
hand that makes it scores 5 for the loner and 4 for his partner, and a lone hand set gives
each opponent 3. #interp X-50's "makes it" is read as taking all five tricks (the lone
march, which scores 4 to both partners otherwise): a lone hand of three or four tricks
scores its usual 1.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any

from euchre.core.rules import Rules
from euchre.core.scoring import score_hand
from euchre.core.state import HandResult
from euchre.events.errors import EventError

SEATS = "NESW"


@dataclass(frozen=True)
class HouseScoring:
    """The organiser's scoring twists over the rules' (X-50); None keeps the rules' value.

    Attributes:
        lone_march_loner: the points the loner records for a lone march (X-50: 5).
        lone_march_partner: the points his partner records for it (X-50: 4).
        lone_euchred: the points each opponent records when a lone hand is euchred
            (X-50: 3).
    """

    lone_march_loner: int | None = None
    lone_march_partner: int | None = None
    lone_euchred: int | None = None

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None and (type(value) is not int or not 0 <= value <= 99):
                raise EventError(f"house scoring {f.name} must be a whole number of points 0..99 or none, not {value!r}")

    @property
    def is_plain(self) -> bool:
        """True when nothing differs from the rules."""
        return all(getattr(self, f.name) is None for f in fields(self))

    def to_dict(self) -> dict[str, int | None]:
        """The options by name (JSON)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HouseScoring:
        """The options from :meth:`to_dict`.

        Raises:
            EventError: an unknown name or a bad value.
        """
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise EventError(f"unknown house scoring {sorted(unknown)}; known: {sorted(names)}")
        return cls(**data)

    def describe(self) -> str:
        """The twists in words (empty when plain)."""
        parts = []
        if self.lone_march_loner is not None or self.lone_march_partner is not None:
            parts.append(f"a lone march scores {self.lone_march_loner if self.lone_march_loner is not None else 'its points'} "
                         f"for the loner and {self.lone_march_partner if self.lone_march_partner is not None else 'its points'} "
                         "for his partner")
        if self.lone_euchred is not None:
            parts.append(f"a lone hand euchred scores {self.lone_euchred} for each opponent")
        return "; ".join(parts)


X50 = HouseScoring(lone_march_loner=5, lone_march_partner=4, lone_euchred=3)
"""X-50's progressive scoring: 5 to a loner who makes it, 4 to his partner; a set loner
gives each opponent 3."""


@dataclass(frozen=True)
class HandTally:
    """One hand as the four players record it.

    Attributes:
        points: the points each seat records (N, E, S, W).
        loner: the seat of a lone hand that made its point (for the ``lone_hands``
            tie-break), or None.
        label: what happened, in words (``"march"``, ``"N alone: lone march"``), or
            empty for points entered as numbers.
    """

    points: tuple[int, int, int, int]
    loner: int | None = None
    label: str = ""

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        return {"points": list(self.points), "loner": self.loner, "label": self.label}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandTally:
        """From :meth:`to_dict`."""
        p = [int(x) for x in data["points"]]
        return cls((p[0], p[1], p[2], p[3]), data.get("loner"), str(data.get("label", "")))


def hand_points(rules: Rules, house: HouseScoring, maker: int, maker_tricks: int, alone: bool) -> HandTally:
    """The points each seat records for a hand played out.

    Args:
        rules: the rules (their points for a make, a march, a euchre and the lone hands:
            :func:`euchre.core.scoring.score_hand`).
        house: the organiser's twists.
        maker: the maker's seat (0 N .. 3 W); the loner when ``alone``.
        maker_tricks: the tricks (0..5) the makers took.
        alone: the maker played alone.

    Raises:
        EventError: a seat or trick count out of range.
    """
    if not 0 <= maker <= 3:
        raise EventError(f"the maker's seat is N, E, S or W, not {maker}")
    if not 0 <= maker_tricks <= 5:
        raise EventError(f"the makers take 0 to 5 tricks, not {maker_tricks}")
    makers_score, points, label = score_hand(rules, maker_tricks, alone, False)
    table = rules.table
    scorers = {maker, *table.mates[maker]} if makers_score else set(table.opponents(maker))
    per_seat = [points if s in scorers else 0 for s in range(table.seats)]
    if alone and makers_score and maker_tricks == 5:
        if house.lone_march_loner is not None:
            per_seat[maker] = house.lone_march_loner
        if house.lone_march_partner is not None:
            per_seat[table.partner[maker]] = house.lone_march_partner
    if alone and not makers_score and house.lone_euchred is not None:
        per_seat = [house.lone_euchred if s in scorers else 0 for s in range(table.seats)]
    who = f"{SEATS[maker]}{' alone' if alone else ''}"
    return HandTally((per_seat[0], per_seat[1], per_seat[2], per_seat[3]),
                     maker if alone and makers_score else None, f"{who}: {label}")


def hand_from_result(result: HandResult, rules: Rules, house: HouseScoring) -> HandTally | None:
    """The tally of a hand the engine played (None for a hand passed out or thrown in,
    which does not count: RULES.md decision 24). Without house twists each seat records
    its side's points of ``result.points`` exactly, as ``GameResult.player_points`` sums
    them; with them a lone march and a lone hand euchred are scored as
    :func:`hand_points` scores them."""
    if not result.played:
        return None
    table = rules.table
    team = table.team
    per_seat = [result.points[team[s]] for s in range(table.seats)]
    loner: int | None = None
    if result.alone is not None and result.maker is not None:
        maker_side = team[result.maker]
        if result.points[maker_side] > 0:
            loner = result.alone
        if result.defender_alone is None and not result.penalties:
            tricks = result.tricks[maker_side]
            if result.points[maker_side] > 0 and tricks == 5:
                if house.lone_march_loner is not None:
                    per_seat[result.alone] = house.lone_march_loner
                if house.lone_march_partner is not None:
                    per_seat[table.partner[result.alone]] = house.lone_march_partner
            elif result.points[maker_side] == 0 and house.lone_euchred is not None:
                per_seat = [house.lone_euchred if team[s] != maker_side else 0 for s in range(table.seats)]
    return HandTally((per_seat[0], per_seat[1], per_seat[2], per_seat[3]), loner, result.label)


_SEAT_HAND = re.compile(r"^\s*([nesw])\s+([0-5])(\s+alone)?\s*$", re.IGNORECASE)


_NUMBER = re.compile(r"^\s*(x|[0-9]{1,2})(\*?)\s*$", re.IGNORECASE)


def most_points(rules: Rules, house: HouseScoring) -> int:
    """The most points one player can record for one hand under ``rules`` and ``house``
    (a lone march, a euchre of a lone hand or of a lone defender, the house's lone
    scoring), so that a typed hand above it is refused."""
    return max(rules.points_march, rules.points_euchre, rules.points_lone_march, rules.points_lone_euchred,
               rules.points_defend_alone_euchre, house.lone_march_loner or 0, house.lone_march_partner or 0,
               house.lone_euchred or 0)


def parse_hand(text: str, rules: Rules, house: HouseScoring) -> HandTally:
    """One hand as typed by the organiser from a table's tally.

    Two forms:

    * what happened: the maker's seat and the tricks his side took, ``alone`` for a lone
      hand: ``N 3``, ``E 5 alone``, ``S 2`` (euchred); scored by the rules and ``house``;
    * the points each seat recorded, N E S W, by commas or spaces, ``X`` for nothing
      (X-32's tally marks): ``1,0,1,0``, ``X 2 X 2``; a ``*`` marks the player who made a
      lone hand (``5*,0,4,0``).

    Raises:
        EventError: neither form, or points that cannot be one hand's: more than one side
            scoring, partners recording different points (except a marked loner's lone
            march under ``house``), a marked loner on the side that did not score.
    """
    m = _SEAT_HAND.match(text)
    if m:
        return hand_points(rules, house, SEATS.index(m.group(1).upper()), int(m.group(2)), m.group(3) is not None)
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    cells = [_NUMBER.match(p) for p in parts]
    if len(parts) != 4 or any(c is None for c in cells):
        raise EventError(f"a hand is 'SEAT TRICKS [alone]' (e.g. 'N 3', 'E 5 alone') or four points N,E,S,W "
                         f"(e.g. '1,0,1,0', 'X,2,X,2', '5*,0,4,0'), not {text.strip()[:40]!r}")
    points = [0 if c.group(1).lower() == "x" else int(c.group(1)) for c in cells if c is not None]
    starred = [i for i, c in enumerate(cells) if c is not None and c.group(2)]
    if len(starred) > 1:
        raise EventError(f"only one player can make a lone hand in a hand: {text.strip()[:40]!r}")
    table = rules.table
    scoring = {table.team[s] for s in range(table.seats) if points[s]}
    if len(scoring) > 1:
        raise EventError(f"only one side scores on a hand (N-S or E-W): {text.strip()[:40]!r}")
    loner = starred[0] if starred else None
    if loner is not None and points[loner] == 0:
        raise EventError(f"the player marked * made a lone hand and records its points: {text.strip()[:40]!r}")
    for a, b in table.teams:
        if points[a] != points[b]:
            bonus = (loner in (a, b) and house.lone_march_loner is not None
                     and points[loner] == house.lone_march_loner
                     and points[table.partner[loner]] == (house.lone_march_partner if house.lone_march_partner is not None
                                                          else rules.points_lone_march))
            if not bonus:
                raise EventError(f"partners record the same points of a hand ({SEATS[a]} {points[a]}, {SEATS[b]} "
                                 f"{points[b]}), except a loner's lone march under the house scoring: "
                                 f"{text.strip()[:40]!r}")
    most = most_points(rules, house)
    if max(points) > most:
        raise EventError(f"no hand gives a player more than {most} points under these rules: {text.strip()[:40]!r}")
    return HandTally((points[0], points[1], points[2], points[3]), loner, "")


def parse_hands(text: str, rules: Rules, house: HouseScoring) -> list[HandTally]:
    """A table's hands separated by ``;`` (or new lines), each read by :func:`parse_hand`.

    Raises:
        EventError: a hand that cannot be read (the message says which, counting from 1).
    """
    out = []
    pieces = [p for p in re.split(r"[;\n]", text) if p.strip()]
    for i, piece in enumerate(pieces):
        try:
            out.append(parse_hand(piece, rules, house))
        except EventError as exc:
            raise EventError(f"hand {i + 1}: {exc}") from None
    if not out:
        raise EventError("no hands given; separate them by ';', e.g. 'N 3; E 5 alone; 1,0,1,0'")
    return out

