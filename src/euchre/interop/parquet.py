"""Self-play decisions as Apache Parquet files (``pyarrow``, the optional ``parquet`` extra).

:class:`DecisionWriter` writes the rows of :mod:`euchre.analysis.selfplay` to a Parquet
file of schema :data:`SCHEMA` (zstd-compressed row groups of up to
:data:`ROW_GROUP` rows); :func:`read_decisions` reads one back with its metadata and
:func:`feature_matrix` gives the features as an ``(n, WIDTH)`` int8 NumPy array.
``pyarrow`` is imported when this module is, so import it only where a file is written
or read (``euchre selfplay`` does so after its arguments are checked).

The file's key-value metadata (bytes, UTF-8 JSON) carries what a reader needs to make
sense of the rows: ``euchre.format`` (the layout version, :data:`FORMAT`),
``euchre.rules`` (every option, :meth:`Rules.to_dict`), ``euchre.preset`` (its name, or
null), ``euchre.levels`` (the bots by seat N, E, S, W), ``euchre.seed``,
``euchre.feature_names`` (:data:`euchre.analysis.features.FEATURE_NAMES`), and
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

from euchre.analysis.features import FEATURE_NAMES, WIDTH
from euchre.analysis.selfplay import COLUMNS, Columns
from euchre.core.errors import EuchreTypeError, EuchreValueError
from euchre.core.presets import preset_of
from euchre.core.rules import Rules

FORMAT = 1
"""The version of the layout (columns and features); a change of either raises it."""

ROW_GROUP = 65_536
"""Rows per row group (a reader can read one group at a time)."""

SCHEMA = pa.schema([
    pa.field("game", pa.int32(), nullable=False),
    pa.field("game_seed", pa.int64(), nullable=False),
    pa.field("hand", pa.int16(), nullable=False),
    pa.field("step", pa.int16(), nullable=False),
    pa.field("seat", pa.int8(), nullable=False),
    pa.field("level", pa.dictionary(pa.int8(), pa.string()), nullable=False),
    pa.field("phase", pa.int8(), nullable=False),
    pa.field("features", pa.binary(WIDTH), nullable=False),
    pa.field("history", pa.list_(pa.int8()), nullable=False),
    pa.field("history_seat", pa.list_(pa.int8()), nullable=False),
    pa.field("legal", pa.list_(pa.int8()), nullable=False),
    pa.field("action", pa.int8(), nullable=False),
    pa.field("values", pa.list_(pa.float32())),
    pa.field("value_method", pa.dictionary(pa.int8(), pa.string())),
    pa.field("value_worlds", pa.int16()),
    pa.field("hand_points", pa.int8(), nullable=False),
    pa.field("hand_points_against", pa.int8(), nullable=False),
    pa.field("game_points", pa.int16(), nullable=False),
    pa.field("game_points_against", pa.int16(), nullable=False),
    pa.field("game_won", pa.bool_()),
])
"""The columns of a decision file (the same names as
:data:`euchre.analysis.selfplay.COLUMNS`, in that order)."""

if tuple(SCHEMA.names) != COLUMNS:  # pragma: no cover - both lists are this package's own
    raise EuchreValueError("the Parquet schema and selfplay.COLUMNS name different columns")


class DecisionFileError(EuchreValueError):
    """A file is not a decision file of this layout, or cannot be written there."""


def to_record_batch(columns: Columns) -> pa.RecordBatch:
    """The rows of ``columns`` as an Arrow record batch of :data:`SCHEMA`."""
    n = len(columns["game"])
    arrays: list[pa.Array] = []
    for field in SCHEMA:
        values = columns[field.name]
        if field.name == "features":  # the rows' bytes end to end: one buffer, no copy per row
            arrays.append(pa.Array.from_buffers(field.type, n, [None, pa.py_buffer(b"".join(values))]))
        elif pa.types.is_dictionary(field.type):
            names = list(dict.fromkeys(v for v in values if v is not None))
            index = {name: i for i, name in enumerate(names)}
            indices = pa.array([None if v is None else index[v] for v in values], field.type.index_type)
            arrays.append(pa.DictionaryArray.from_arrays(indices, pa.array(names, pa.string())))
        else:
            arrays.append(pa.array(values, field.type))
    return pa.RecordBatch.from_arrays(arrays, schema=SCHEMA)


def file_metadata(rules: Rules, levels: Sequence[str], seed: int, command: str | None = None) -> dict[bytes, bytes]:
    """The key-value metadata of a decision file (see the module docstring)."""
    meta: dict[str, Any] = {
        "euchre.format": FORMAT, "euchre.rules": rules.to_dict(), "euchre.preset": preset_of(rules),
        "euchre.levels": list(levels), "euchre.seed": seed, "euchre.feature_names": list(FEATURE_NAMES),
        "euchre.command": command,
    }
    return {k.encode(): json.dumps(v).encode() for k, v in meta.items()}


class DecisionWriter:
    """Writes decision rows to a Parquet file, a row group at a time.

    Use as a context manager (or call :meth:`close`): rows given to :meth:`write` are
    kept until :data:`ROW_GROUP` of them are waiting, then written.

    Args:
        path: the file to write (replaced if it exists).
        rules, levels, seed, command: for the file's metadata (:func:`file_metadata`).
        row_group: rows per row group.

    Raises:
        DecisionFileError: the file cannot be created.
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
        schema = SCHEMA.with_metadata(file_metadata(rules, levels, seed, command))
        try:
            self._writer = pq.ParquetWriter(self.path, schema, compression="zstd")
        except (OSError, pa.ArrowException) as exc:
            raise DecisionFileError(f"cannot write {str(self.path)!r}: {exc}") from None

    def write(self, columns: Columns) -> None:
        """Add rows (:data:`~euchre.analysis.selfplay.Columns`). They are turned into Arrow
        arrays at once (so that no Python objects pile up for the garbage collector to
        walk over and over) and written when a row group's worth is waiting."""
        batch = to_record_batch(columns)
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
    decoded from JSON: ``format``, ``rules``, ``preset``, ``levels``, ``seed``,
    ``feature_names``, ``command``).

    Raises:
        DecisionFileError: the file cannot be read as Parquet, or it is not a decision
            file of layout :data:`FORMAT`.
    """
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowException) as exc:
        raise DecisionFileError(f"cannot read {str(path)!r} as Parquet: {exc}") from None
    raw = table.schema.metadata or {}
    meta = {k.decode().removeprefix("euchre."): json.loads(v) for k, v in raw.items() if k.startswith(b"euchre.")}
    if meta.get("format") != FORMAT or tuple(table.schema.names) != COLUMNS:
        raise DecisionFileError(f"{str(path)!r} is not a decision file of layout {FORMAT} (euchre selfplay)")
    return table, meta


def feature_matrix(table: pa.Table) -> Any:
    """The ``features`` column as a NumPy int8 array of shape ``(rows, WIDTH)`` (needs
    NumPy; the column is ``fixed_size_binary(WIDTH)``, one byte per element).

    Raises:
        EuchreTypeError: ``table`` is not an Arrow table with a ``features`` column of
            that type.
    """
    import numpy as np

    if not isinstance(table, pa.Table) or "features" not in table.schema.names \
            or table.schema.field("features").type != pa.binary(WIDTH):
        raise EuchreTypeError(f"feature_matrix takes the Arrow table of a decision file, not {type(table).__name__}")
    column = table.column("features").combine_chunks()
    data = column.buffers()[1]
    return np.frombuffer(data, np.int8, count=len(column) * WIDTH, offset=column.offset * WIDTH).reshape(-1, WIDTH)
