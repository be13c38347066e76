"""Undo for search: the records :meth:`HandState.push <euchre.core.hand.HandState.push>`
saves and :meth:`~euchre.core.hand.HandState.pop` restores, made from the fields as
:mod:`euchre.core.state` declares them.

No list of field names is kept here or anywhere else: a record's fields are the slots
of the field classes (``CardFields``, ``PlayFields``, ``CallFields``, ``HandFields``), as the language
enumerates them (:func:`~euchre.core.state.slots_of`), and each field is saved by its
kind, read from its annotation:

- a *log* (annotated ``Log[...]``: a list only appended to, or replaced by another):
  the list and its length; restoring puts the list back and cuts it to that length. The
  record of an action that only appends (a card that does not end the trick) keeps the
  length alone;
- *masks* (annotated ``Masks[...]``: a list per seat, ``hands``): a copy, but in the
  records of a card's play, which changes only the element of the seat to act, that
  one element;
- any other list: a copy (the copy is put back);
- anything else: the value itself (values that nothing changes in place: ints, tuples,
  frozen results, the legal tuples).

A record is a tuple whose first item is the function that restores it, so that
``pop`` restores any record the same way (``record[0](hand, record)``). The savers and
restorers are compiled once, at import, from the fields (as :mod:`dataclasses` writes
``__init__``): a record is one tuple display, its restoring one unpacking assignment,
the cheapest way CPython reads and writes many slots. A field added to a field class
is saved by every record that covers the class, with nothing else to change.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import Any

from euchre.core.state import ACTING_SEAT, CALL_FIELDS, CARD_FIELDS, FIELDS, PLAY_FIELDS, STATE_FIELDS, HandFields

Record = tuple[Any, ...]
"""An undo record: the restoring function, then the saved fields."""
Saver = Callable[[HandFields], Record]
Restorer = Callable[[HandFields, Record], None]

LOG, MASKS, LIST, VALUE = "log", "masks", "list", "value"
"""The kinds of field (see the module's docstring)."""


def field_kind(name: str, cls: type = HandFields) -> str:
    """The kind of field ``name`` of ``cls`` (LOG, LIST or VALUE), from its annotation.

    Raises:
        TypeError: the field has no annotation (every field of the state is declared
            with its type, which says how undo saves it)."""
    for klass in cls.__mro__:
        annotations = inspect.get_annotations(klass)
        if name in annotations:
            text = str(annotations[name])
            if text.startswith("Log["):
                return LOG
            if text.startswith("Masks["):
                return MASKS
            if text.startswith("list[") or text == "list":
                return LIST
            return VALUE
    raise TypeError(f"the field {name!r} of {cls.__name__} has no annotation: undo cannot tell how to save it")


def make_undo(names: Iterable[str], cls: type = HandFields, *, one_seat: bool = False,
              appends_only: bool = False, appends_one: bool = False) -> tuple[Saver, Restorer]:
    """A saver of the fields ``names`` of a ``cls`` object and the restorer of its
    records, compiled from the fields' kinds (:func:`field_kind`) as straight-line code
    (one tuple display, one unpacking: no loop, no attribute looked up by name).

    Two promises of the actions a record is for, which make it smaller (the records of
    a card's play make them; ``tests/test_undo.py`` breaks each and is caught):

    - ``one_seat``: the action changes a ``Masks`` field only at the seat to act
      (:data:`~euchre.core.state.ACTING_SEAT`, which must be among ``names``): that one
      element is saved, not a copy of the list;
    - ``appends_only``: the action only appends to the logs, never replaces them: their
      lengths alone are saved (restoring cuts each back in place);
    - ``appends_one``: the action appends exactly one item to every log it saves (a card
      that does not end the trick: one to the history and one to each of the trick's
      lists): nothing of them is saved, and restoring removes each one's last item.
    """
    names = list(names)
    if one_seat and ACTING_SEAT not in names:
        raise ValueError(f"a one-seat record must save the seat to act, {ACTING_SEAT!r}")
    items = ["restore"]
    targets = ["_"]
    after = []
    for i, name in enumerate(names):
        if not name.isidentifier():  # pragma: no cover - slots are identifiers
            raise ValueError(f"not a field name: {name!r}")
        kind = field_kind(name, cls)
        if kind == LOG and appends_one:
            after.append(f"    h.{name}.pop()\n")
        elif kind == LOG and appends_only:
            items.append(f"len(h.{name})")
            targets.append(f"n{i}")
            after.append(f"    del h.{name}[n{i}:]\n")
        elif kind == LOG:
            items += [f"h.{name}", f"len(h.{name})"]
            targets += [f"h.{name}", f"n{i}"]
            after.append(f"    del h.{name}[n{i}:]\n")
        elif kind == MASKS and one_seat:
            items.append(f"h.{name}[h.{ACTING_SEAT}]")
            targets.append(f"m{i}")
            after.append(f"    h.{name}[h.{ACTING_SEAT}] = m{i}\n")  # the seat to act is restored by then
        elif kind in (LIST, MASKS):
            items.append(f"h.{name}[:]")
            targets.append(f"h.{name}")
        else:
            items.append(f"h.{name}")
            targets.append(f"h.{name}")
    source = (f"def restore(h, record):\n    ({', '.join(targets)},) = record\n{''.join(after)}"
              f"def save(h):\n    return ({', '.join(items)},)\n")
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<undo of {cls.__name__}>", "exec"), namespace)  # noqa: S102 - our own text, from slots
    saver: Saver = namespace["save"]
    restorer: Restorer = namespace["restore"]
    return saver, restorer


def make_copier(names: Iterable[str], cls: type = HandFields) -> Callable[[HandFields, HandFields], None]:
    """A function setting the fields ``names`` of one ``cls`` object from another's,
    lists (logs or not) copied, so that the two share nothing that changes."""
    lines = [f"    o.{n} = h.{n}[:]\n" if field_kind(n, cls) != VALUE else f"    o.{n} = h.{n}\n" for n in names]
    namespace: dict[str, Any] = {}
    exec(compile(f"def copy(h, o):\n{''.join(lines)}", f"<copy of {cls.__name__}>", "exec"), namespace)  # noqa: S102
    copier: Callable[[HandFields, HandFields], None] = namespace["copy"]
    return copier


save_card, restore_card = make_undo(CARD_FIELDS, one_seat=True, appends_one=True)
"""A card played outside table mode that does not end the trick: the fields of
``CardFields`` (such a card changes the held cards of its seat only, and appends one
item to each log: the history, the trick's cards and seats)."""
save_play, restore_play = make_undo(PLAY_FIELDS, one_seat=True)
"""A card played outside table mode that ends the trick: the fields of ``CardFields``
and ``PlayFields`` (it changes the held cards of its seat only; quitting the trick
replaces the trick's lists, so the logs are kept whole)."""
save_call, restore_call = make_undo(CALL_FIELDS, appends_only=True)
"""A call outside table mode: the fields of ``CardFields``, ``PlayFields`` and
``CallFields`` (a call appends to the logs, the history and its phases, and replaces
none)."""
save_state, restore_state = make_undo(STATE_FIELDS)
"""Any action in table mode, and :meth:`Game.apply`'s undo of a hand's last action:
every field but those fixed at the deal."""
copy_fields = make_copier(FIELDS)
"""Every field of one hand set on another (:meth:`HandState.copy`)."""
