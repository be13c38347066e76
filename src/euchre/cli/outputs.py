"""The files the commands write end in their format's suffix.

A command that writes one format (``event print --pdf``, ``event export --csv`` and
``--json``) refuses a name with another ending before it does any work, and says the
ending it expects: a PDF written under ``cards.txt`` would be opened as text. Where the
name chooses the format (``--save``: our JSON record, or EGN when the name ends in
``.egn``) it must end in one of the formats' suffixes. The plots (``--plot FILE.png``,
:func:`euchre.analysis.plot.check_plot_path`) and ``selfplay --out FILE.parquet`` follow
the same rule. Suffixes are compared without regard to case (``CARDS.PDF`` is a PDF).
"""

from __future__ import annotations

from pathlib import Path

from euchre.cli.text import clean
from euchre.core.errors import EuchreError


def check_output(name: str, suffixes: tuple[str, ...], what: str, option: str) -> Path:
    """The file ``name`` (``~`` expanded) for writing ``what``, checked to end in one of
    ``suffixes``.

    Args:
        name: the file name given.
        suffixes: the endings accepted, with their dot (``(".pdf",)``).
        what: the file's contents in words, for the message (``"the cards are a PDF
            file"``).
        option: how the person gave the name (``--pdf``).

    Raises:
        EuchreError: the name is empty, or does not end in one of ``suffixes``; the
            message names the option, the name and the endings expected.
    """
    if not name.strip():
        raise EuchreError(f"{option}: the file name is empty")
    path = Path(name).expanduser()
    if path.suffix.lower() not in suffixes:
        endings = " or ".join(suffixes)
        raise EuchreError(f"{option} {clean(name, 100)}: {what}; its name must end in {endings}")
    return path
