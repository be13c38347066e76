"""The sections of docs/commands.md, read for the tests that hold it to the parser.

Each section is headed ``## `euchre NAME` `` and opens with a fenced block holding the
command's usage line (``euchre NAME [...]``); what follows, to the next section, is its text.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
COMMANDS_DOC = ROOT / "docs" / "commands.md"


def command_sections() -> dict[str, tuple[str, str]]:
    """``{command name: (usage line, the section's text after the usage)}``, in the page's order.

    Raises:
        ValueError: a section without its usage block, or a usage of another command.
    """
    doc = COMMANDS_DOC.read_text(encoding="utf-8")
    parts = re.split(r"^## `euchre ([\w-]+)`\n", doc, flags=re.MULTILINE)
    sections: dict[str, tuple[str, str]] = {}
    for name, body in zip(parts[1::2], parts[2::2], strict=True):
        m = re.match(r"\n```\n(euchre [^\n]*)\n```\n(.*)", body, flags=re.DOTALL)
        if m is None:
            raise ValueError(f"docs/commands.md: the section of {name} does not open with its usage")
        usage, text = m.group(1), m.group(2)
        if not usage.startswith(f"euchre {name}"):
            raise ValueError(f"docs/commands.md: the section of {name} shows the usage {usage!r}")
        sections[name] = (usage, text)
    return sections


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """``{name: parser}`` of ``parser``'s subcommands (``euchre``'s commands, or the
    actions of ``euchre event``)."""
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)
