"""How the texts of a game name its sides, from the table's shape (``rules.table``).

At a table of partnerships (a side of two or more players: the four-hand game) the
texts speak of partners, the makers, the defenders, "your side" and "the other side".
Where every player plays for himself (two-handed, cutthroat: X-15b, X-56) there are no
sides to speak of: the texts say "the maker", "the defenders" or "the other players",
"you", and each player by name. Call-ace (X-35, X-47; RULES.md decision 21) is such a
table too, but the maker calls a secret partner by a card: until that card is played
nobody else knows him, so the texts name no partner's seat; a finished hand names the
maker and the partner he called.

The texts of the terminal, the summaries, ``euchre stats``, ``euchre review`` and the
menu glosses the web page receives ask here (or the table itself: ``Table.mates``,
``Table.team_names``) rather than assume four seats in two partnerships
(``tests/test_table_words.py`` checks them for every preset). Words only: nothing here
changes a rule.
"""

from __future__ import annotations

from euchre.core.rules import Rules
from euchre.core.seats import Table


def has_partners(table: Table) -> bool:
    """True when the table has a side of two or more players (the four-hand partnership
    table), False where every player plays for himself."""
    return any(len(team) > 1 for team in table.teams)



def plural(count: int, noun: str, nouns: str = "") -> str:
    """``count`` and the noun in the right number: ``"1 point"``, ``"2 points"``,
    ``"0 points"``; ``nouns`` is the plural where it is not ``noun + "s"``."""
    return f"{count} {noun if count == 1 else (nouns or noun + 's')}"


def times(count: int) -> str:
    """How often, in words: ``"never"``, ``"once"``, ``"twice"``, ``"3 times"``.
    "never" stands before the verb: a sentence with a count that may be zero is built
    by :func:`how_often`."""
    return {0: "never", 1: "once", 2: "twice"}.get(count, f"{count} times")


def how_often(count: int, subject: str, verb: str, rest: str = "") -> str:
    """A sentence part saying how often ``subject`` did ``verb``, with "never" before
    the verb: ``how_often(0, "you", "euchred the maker")`` is ``"you never euchred the
    maker"``, ``how_often(3, "your side was", "euchred", " as makers")`` is ``"your side
    was euchred 3 times as makers"``."""
    if count == 0:
        return f"{subject} never {verb}{rest}"
    return f"{subject} {verb} {times(count)}{rest}"


def the_makers(rules: Rules) -> str:
    """Who makes trump, as a glossary or a summary names them in general: ``"the
    makers"`` at a partnership table, ``"the maker"`` where every player plays for
    himself, ``"the maker and any partner he called"`` at call-ace."""
    if has_partners(rules.table):
        return "the makers"
    if rules.calls_partner:
        return "the maker and any partner he called"
    return "the maker"


def another_side(table: Table) -> str:
    """A player who may claim or be claimed against in the laws of revokes: ``"a player
    of another side"`` at a partnership table, ``"another player"`` where every player
    plays for himself."""
    return "a player of another side" if has_partners(table) else "another player"


def a_point_to_the_opponents(table: Table) -> str:
    """What a stuck dealer who forfeits gives (every other side scores one point):
    ``"a point to the opponents"`` at a partnership table, ``"a point to the other
    player"`` at the two-handed one, ``"a point to each other player"`` where more play
    each for himself."""
    if has_partners(table):
        return "a point to the opponents"
    return "a point to the other player" if table.seats == 2 else "a point to each other player"


def the_adversaries(table: Table) -> str:
    """The players against one player, in the laws: ``"the adversaries"``, or ``"his
    adversary"`` at the two-handed table, where there is one."""
    return "his adversary" if table.seats == 2 else "the adversaries"


def different_sides(table: Table) -> str:
    """Whose revokes cancel (Leeds & Dwight 1888 s71): ``"on the two sides"`` at a
    partnership table, ``"by different players"`` where every player plays for himself."""
    return "on the two sides" if has_partners(table) else "by different players"


def capital(text: str) -> str:
    """``text`` with its first letter a capital (the rest as it is): ``"the maker"`` ->
    ``"The maker"``."""
    return text[:1].upper() + text[1:]


def relative_value_words(table: Table, whose: str) -> str:
    """What a value of the expert means where every player plays for himself: his points
    less the other players' mean (:mod:`euchre.bots.advice`), and what below 0 says.
    ``whose`` names the player (``"you"``, ``"the deciding player"``): ``"the expected
    points of this hand for you, less the mean of the other players' (below 0: the other
    players are expected to score more)"``; of the other player's at the two-handed table."""
    if table.seats == 2:
        return (f"the expected points of this hand for {whose}, less the other player's (below 0: the other player "
                "is expected to score more)")
    return (f"the expected points of this hand for {whose}, less the mean of the other players' (below 0: the other "
            "players are expected to score more)")
