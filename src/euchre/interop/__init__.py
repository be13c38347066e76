"""Adapters between the engine and other ecosystems, kept out of the core.

- :mod:`euchre.interop.openspiel`: OpenSpiel's ``euchre`` game (``pyspiel``): card and
  action numbers in both directions, a hand's deal as OpenSpiel chance actions, and
  OpenSpiel's per-player returns as our per-team points.
- :mod:`euchre.interop.parquet`: self-play decisions (``euchre selfplay``) as Apache
  Parquet files (``pyarrow``, the ``parquet`` extra).

Third-party packages are imported lazily inside the functions that need them, so
``import euchre.interop`` works without them installed.
"""

from __future__ import annotations
