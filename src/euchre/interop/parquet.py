"""Self-play decisions as Apache Parquet files (``pyarrow``, the optional ``parquet`` extra).

:class:`DecisionWriter` writes the rows of :mod:`euchre.analysis.selfplay` under any
playable preset to a Parquet file of schema :func:`decision_schema` of its rules
(zstd-compressed row groups of up to :data:`ROW_GROUP` rows): the ``features`` column is
``fixed_size_binary(size)`` with ``size`` the elements of the rules' feature layout
(:func:`euchre.analysis.features.layout`: 1,064 at the four-hand table, 642 two-handed,
1,518 at call-ace with six), and the action codes (``action``, ``history``, ``legal``) are
int16, wide enough for every code (a card given for best at railroad is 100-132, past
int8's 127). :func:`read_decisions` reads a file back with its metadata, files of the earlier
four-hand layout (:data:`FORMAT` 1, one byte an action code) included, and
:func:`feature_matrix` gives the features as an ``(n, size)`` int8 NumPy array.
``pyarrow`` is imported when this module is, so import it only where a file is written
or read (``euchre selfplay`` does so after its arguments are checked).

The file's key-value metadata (bytes, UTF-8 JSON) carries what a reader needs to make
sense of the rows: ``euchre.format`` (the layout version, :data:`FORMAT`),
``euchre.rules`` (every option, :meth:`Rules.to_dict`), ``euchre.preset`` (its name, or
null), ``euchre.levels`` (the bots by seat), ``euchre.seed``, ``euchre.layout`` (the
feature layout: ``seats``, ``sides``, ``calls``, ``size``, ``sections`` as ``[name,
size]`` pairs in order and ``high``, each element's largest value),
``euchre.feature_names`` (every element's name, :attr:`Layout.names`), and
``euchre.command`` (the command line that wrote it, when given). The meaning of every
column is in ``docs/research.md``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from euchre.analysis.features import FOUR_HAND, Layout, layout
from euchre.analysis.selfplay import COLUMNS, Columns
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.presets import preset_of
from euchre.core.rules import Rules

FORMAT = 2
"""The version of the layout (columns, their types, the metadata); a change raises it.
1: the four-hand table only, action codes as int8; 2: every table, codes as int16, the
feature layout in the metadata."""

FORMATS = (1, FORMAT)
"""The versions :func:`read_decisions` reads."""

ROW_GROUP = 65_536
"""Rows per row group (a reader can read one group at a time)."""

CODE = pa.int16()
"""The Arrow type of an action code (``action``, and the items of ``history`` and
``legal``): codes reach 172 (:mod:`euchre.core.actions`), -1 and -2 stand for hidden ones."""

_WIDENED = {"action": CODE, "history": pa.list_(CODE), "legal": pa.list_(CODE)}
"""The columns format 1 stored as int8, and their type since format 2."""


def decision_schema(width: int) -> pa.Schema:
    """The columns of a decision file whose features are ``width`` elements (the same
    names as :data:`euchre.analysis.selfplay.COLUMNS`, in that order).

    Raises:
        EuchreValueError: ``width`` is not a whole number >= 1.
    """
    if type(width) is not int or width < 1:
        raise EuchreValueError(f"the features' width must be a whole number >= 1, not {width!r}")
    return pa.schema([
        pa.field("game", pa.int32(), nullable=False),
        pa.field("game_seed", pa.int64(), nullable=False),
        pa.field("hand", pa.int16(), nullable=False),
        pa.field("step", pa.int16(), nullable=False),
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("level", pa.dictionary(pa.int8(), pa.string()), nullable=False),
        pa.field("phase", pa.int8(), nullable=False),
        pa.field("features", pa.binary(width), nullable=False),
        pa.field("history", pa.list_(CODE), nullable=False),
        pa.field("history_seat", pa.list_(pa.int8()), nullable=False),
        pa.field("legal", pa.list_(CODE), nullable=False),
        pa.field("action", CODE, nullable=False),
        pa.field("values", pa.list_(pa.float32())),
        pa.field("value_method", pa.dictionary(pa.int8(), pa.string())),
        pa.field("value_worlds", pa.int16()),
        pa.field("hand_points", pa.int8(), nullable=False),
        pa.field("hand_points_against", pa.int8(), nullable=False),
        pa.field("game_points", pa.int16(), nullable=False),
        pa.field("game_points_against", pa.int16(), nullable=False),
        pa.field("game_won", pa.bool_()),
    ])


SCHEMA = decision_schema(FOUR_HAND.size)
"""The schema of a decision file at the four-hand table (features of 1,064 elements)."""

if tuple(SCHEMA.names) != COLUMNS:  # pragma: no cover - both lists are this package's own
    raise EuchreValueError("the Parquet schema and selfplay.COLUMNS name different columns")


class DecisionFileError(EuchreValueError):
    """A file is not a decision file of a known layout, or cannot be written there."""


def to_record_batch(columns: Columns, schema: pa.Schema = SCHEMA) -> pa.RecordBatch:
    """The rows of ``columns`` as an Arrow record batch of ``schema`` (a
    :func:`decision_schema`).

    Raises:
        EuchreValueError: a row's features are not the schema's width.
    """
    n = len(columns["game"])
    arrays: list[pa.Array] = []
    for field in schema:
        values = columns[field.name]
        if field.name == "features":  # the rows' bytes end to end: one buffer, no copy per row
            data = b"".join(values)
            width = field.type.byte_width
            if len(data) != n * width or any(len(v) != width for v in values):
                raise EuchreValueError(f"the features of a row are {sorted({len(v) for v in values})} bytes; this "
                                       f"file's rows hold {width} (the layout of the rules it was opened with)")
            arrays.append(pa.Array.from_buffers(field.type, n, [None, pa.py_buffer(data)]))
        elif pa.types.is_dictionary(field.type):
            names = list(dict.fromkeys(v for v in values if v is not None))
            index = {name: i for i, name in enumerate(names)}
            indices = pa.array([None if v is None else index[v] for v in values], field.type.index_type)
            arrays.append(pa.DictionaryArray.from_arrays(indices, pa.array(names, pa.string())))
        else:
            arrays.append(pa.array(values, field.type))
    return pa.RecordBatch.from_arrays(arrays, schema=schema)


def layout_metadata(lay: Layout) -> dict[str, Any]:
    """A feature layout as the file's ``euchre.layout`` (JSON: ``seats``, ``sides``,
    ``calls``, ``size``, ``sections`` as ``[name, size]`` pairs, ``high``)."""
    return {"seats": lay.seats, "sides": lay.sides, "calls": lay.calls, "size": lay.size,
            "sections": [[name, size] for name, size in lay.sections], "high": list(lay.high)}


def file_metadata(rules: Rules, levels: Sequence[str], seed: int, command: str | None = None) -> dict[bytes, bytes]:
    """The key-value metadata of a decision file (see the module docstring).

    Raises:
        RulesError: rules the feature layout does not describe (table mode).
    """
    lay = layout(rules)
    meta: dict[str, Any] = {
        "euchre.format": FORMAT, "euchre.rules": rules.to_dict(), "euchre.preset": preset_of(rules),
        "euchre.levels": list(levels), "euchre.seed": seed, "euchre.layout": layout_metadata(lay),
        "euchre.feature_names": list(lay.names), "euchre.command": command,
    }
    return {k.encode(): json.dumps(v).encode() for k, v in meta.items()}


class DecisionWriter:
    """Writes decision rows to a Parquet file, a row group at a time.

    Use as a context manager (or call :meth:`close`): rows given to :meth:`write` are
    kept until :data:`ROW_GROUP` of them are waiting, then written.

    Args:
        path: the file to write (replaced if it exists).
        rules: the rules the rows were played under (any playable preset): the width of
            the features column is their layout's size; with levels, seed and command
            they make the file's metadata (:func:`file_metadata`).
        row_group: rows per row group.

    Raises:
        DecisionFileError: the file cannot be created.
        RulesError: rules the feature layout does not describe (table mode).
    """

    def __init__(self, path: str | Path, rules: Rules, levels: Sequence[str], seed: int,
                 command: str | None = None, row_group: int = ROW_GROUP) -> None:
        if type(row_group) is not int or row_group < 1:
            raise EuchreValueError(f"row_group must be a whole number >= 1, not {row_group!r}")
        self.path = Path(path)
        self.rows = 0
        self._row_group = row_group
        self._batches: list[pa.RecordBatch] = []
        self._waiting = 0
        schema = decision_schema(layout(rules).size).with_metadata(file_metadata(rules, levels, seed, command))
        try:
            self._writer = pq.ParquetWriter(self.path, schema, compression="zstd")
        except (OSError, pa.ArrowException) as exc:
            raise DecisionFileError(f"cannot write {str(self.path)!r}: {exc}") from None

    def write(self, columns: Columns) -> None:
        """Add rows (:data:`~euchre.analysis.selfplay.Columns`). They are turned into Arrow
        arrays at once (so that no Python objects pile up for the garbage collector to
        walk over and over) and written when a row group's worth is waiting.

        Raises:
            EuchreValueError: the rows' features are not the width of the writer's rules
                (rows of other rules); nothing of them is kept.
        """
        batch = to_record_batch(columns, self._writer.schema)
        self._batches.append(batch)
        self._waiting += batch.num_rows
        if self._waiting >= self._row_group:
            self.flush()

    def flush(self) -> None:
        """Write the rows waiting, as one row group."""
        if self._waiting:
            table = pa.Table.from_batches(self._batches, schema=self._writer.schema)
            self._writer.write_table(table, row_group_size=self._waiting)
            self.rows += self._waiting
            self._batches = []
            self._waiting = 0

    def close(self) -> None:
        """Write what is waiting and finish the file."""
        self.flush()
        self._writer.close()

    def __enter__(self) -> DecisionWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_decisions(path: str | Path) -> tuple[pa.Table, dict[str, Any]]:
    """A decision file's rows and its metadata (keys without the ``euchre.`` prefix, values
    decoded from JSON: ``format``, ``rules``, ``preset``, ``levels``, ``seed``, ``layout``,
    ``feature_names``, ``command``).

    A file of format 1 (the four-hand table, action codes as int8) comes back with the
    codes widened to int16, as format 2 stores them; its ``layout`` is the four-hand
    table's when its ``feature_names`` are that layout's, else null (an older layout:
    ``feature_names`` still names each element).

    Raises:
        DecisionFileError: the file cannot be read as Parquet, or it is not a decision
            file of a layout of :data:`FORMATS` (its columns, or a features column not as
            wide as its feature names).
    """
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowException) as exc:
        raise DecisionFileError(f"cannot read {str(path)!r} as Parquet: {exc}") from None
    raw = table.schema.metadata or {}
    try:
        meta = {k.decode().removeprefix("euchre."): json.loads(v) for k, v in raw.items() if k.startswith(b"euchre.")}
    except ValueError:
        meta = {}
    not_ours = DecisionFileError(f"{str(path)!r} is not a decision file of layout {' or '.join(map(str, FORMATS))} "
                                 "(euchre selfplay)")
    if meta.get("format") not in FORMATS or tuple(table.schema.names) != COLUMNS:
        raise not_ours
    features = table.schema.field("features").type
    names = meta.get("feature_names")
    if not pa.types.is_fixed_size_binary(features) or not isinstance(names, list) or len(names) != features.byte_width:
        raise not_ours
    if meta["format"] == 1:
        for name, wide in _WIDENED.items():
            i = table.schema.get_field_index(name)
            table = table.set_column(i, pa.field(name, wide, nullable=False), table.column(i).cast(wide))
        meta["layout"] = layout_metadata(FOUR_HAND) if names == list(FOUR_HAND.names) else None
    return table, meta


def feature_matrix(table: pa.Table) -> Any:
    """The ``features`` column as a NumPy int8 array of shape ``(rows, size)``, ``size``
    the elements of the file's layout (needs NumPy; the column is
    ``fixed_size_binary(size)``, one byte per element).

    Raises:
        EuchreTypeError: ``table`` is not an Arrow table with a ``features`` column of
            that type.
    """
    import numpy as np

    if not isinstance(table, pa.Table) or "features" not in table.schema.names \
            or not pa.types.is_fixed_size_binary(table.schema.field("features").type):
        raise EuchreTypeError(f"feature_matrix takes the Arrow table of a decision file, not {type(table).__name__}")
    width = table.schema.field("features").type.byte_width
    if table.num_rows == 0:
        return np.zeros((0, width), np.int8)
    column = table.column("features").combine_chunks()
    data = column.buffers()[1]
    return np.frombuffer(data, np.int8, count=len(column) * width, offset=column.offset * width).reshape(-1, width)
