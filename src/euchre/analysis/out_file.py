"""The check, before a long run, that a command's output file can be written.

``euchre arena --plot`` and ``--deals-out``, ``euchre review --plot`` and ``euchre
selfplay --out`` each run for minutes before they write; a name they cannot write is
refused first, by this one check, so that no run's result is lost at its end.
"""

from __future__ import annotations

import os
from pathlib import Path

from euchre.core.errors import EuchreError


def check_out_file(path: str | Path, *, what: str, kind: str, suffix: str) -> Path:
    """Check that ``path`` names a file that can be written (created or replaced).

    Args:
        path: the name given.
        what: the file in words, for the messages (``"the plot"``).
        kind: its format in words (``"a PNG file"``).
        suffix: the ending its name must have, lower case (``".png"``; any case is taken).

    Returns:
        ``path`` as a :class:`Path`.

    Raises:
        EuchreError: the name does not end in ``suffix`` (or ends in a slash), its
            directory does not exist or cannot be written, the name is taken by something
            other than a regular file or by a file that cannot be written, or the system
            refuses the name (e.g. too long).
    """
    text = str(path)
    out = Path(path)
    if out.suffix.lower() != suffix or out.name.lower() == suffix or text.endswith(("/", os.sep)):
        raise EuchreError(f"{what} is {kind}; its name must end in {suffix}, not {text!r}")
    if not out.parent.is_dir():
        raise EuchreError(f"cannot write {what} {text!r}: there is no directory {str(out.parent)!r}")
    try:
        exists = out.exists()
        if exists and not out.is_file():
            raise EuchreError(f"cannot write {what} {text!r}: it exists and is not a regular file")
        if not os.access(out.parent, os.W_OK) or (exists and not os.access(out, os.W_OK)):
            raise EuchreError(f"cannot write {what} {text!r}: permission denied")
    except OSError as exc:  # e.g. a name too long
        raise EuchreError(f"cannot write {what} {text!r}: {exc.strerror or exc}") from None
    return out
