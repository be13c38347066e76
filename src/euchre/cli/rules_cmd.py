"""``euchre rules``: the presets, one preset's options with their sources, or the
differences between two presets (RULES.md decision 2)."""

from __future__ import annotations

import argparse
from types import SimpleNamespace
from typing import Any, cast

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from euchre.core.errors import EuchreError
from euchre.core.house_rules import HOUSE_RULES, is_on
from euchre.core.options import OPTION_DOCS
from euchre.core.presets import (
    DEFAULT_PRESET,
    PLAYABLE_PRESETS,
    PRESET_DESCRIPTIONS,
    PRESET_NAMES,
    PRESET_SOURCES,
    preset,
    preset_values,
)
from euchre.core.rules import OPTION_DEPENDS, OPTION_NAMES, Rules
from euchre.text.side_words import plural


def show_value(value: Any) -> str:
    """An option's value as written in the rules (``true``/``false`` for booleans)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _table(*headers: str) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, expand=False)
    for h in headers:
        table.add_column(h, overflow="fold")
    return table


def list_presets(console: Console) -> None:
    """Print the table of presets with their descriptions, the default marked. Every
    preset is playable (:data:`~euchre.core.presets.PLAYABLE_PRESETS`), so no column
    says so."""
    table = _table("Preset", "Description")
    for name in PRESET_NAMES:
        label = f"{name} (default)" if name == DEFAULT_PRESET else name
        table.add_row(Text(label), Text(PRESET_DESCRIPTIONS[name]))
    console.print(table)
    console.print("Show one preset: euchre rules NAME; compare two: euchre rules NAME OTHER.")


def show_preset(console: Console, name: str) -> None:
    """Print every option of a preset with its value and its source.

    Raises:
        RulesError: no preset has that name.
    """
    values = preset_values(name)
    sources = PRESET_SOURCES[name]
    playable = "playable" if name in PLAYABLE_PRESETS else "not playable yet"
    console.print(f"{name} ({playable}): {PRESET_DESCRIPTIONS[name]}")
    table = _table("Option = value", "Source")
    table.columns[0].no_wrap = True
    shape = cast(Rules, SimpleNamespace(**values))  # only read by the conditions below
    for key in OPTION_NAMES:
        source = sources[key]
        dep = OPTION_DEPENDS.get(key)
        if dep is not None and dep.supported and not dep.holds(shape):
            source += f" (no effect here: it applies {dep.when})"
        table.add_row(Text(f"{key} = {show_value(values[key])}"), Text(source))
    console.print(table)
    console.print("'default (...)' is the engine default and its source; "
                  "'#interp' marks our reading where the source is silent.")


def compare_presets(console: Console, first: str, second: str) -> None:
    """Print the options on which two presets differ, each value with its source.

    Raises:
        RulesError: no preset has one of the names.
    """
    a, b = preset_values(first), preset_values(second)
    sa, sb = PRESET_SOURCES[first], PRESET_SOURCES[second]
    diff = [k for k in OPTION_NAMES if a[k] != b[k]]
    if not diff:
        console.print(f"{first} and {second} have the same value for every option.")
        return
    console.print(f"{plural(len(diff), 'option')} {'differs' if len(diff) == 1 else 'differ'} between {first} and {second}:")
    width = max(len(first), len(second))
    for key in diff:
        console.print()
        head = Text(key, style="bold")
        head.append(f": {OPTION_DOCS.get(key, '')}")
        console.print(head)
        vwidth = max(len(show_value(a[key])), len(show_value(b[key])))
        for name, values, sources in ((first, a, sa), (second, b, sb)):
            line = Text(f"  {name:<{width}}  ")
            line.append(f"{show_value(values[key]):<{vwidth}}", style="bold")
            line.append(f"  source: {sources[key]}")
            console.print(line)


def show_house_rules(console: Console, name: str) -> None:
    """Print the house rules (``--rule KEY=on|off``), each with its sentence and whether
    the preset ``name`` has it on.

    Raises:
        RulesError: an unknown or unplayable preset.
    """
    rules = preset(name)
    console.print(f"House rules over {name}; turn one on or off with --rule KEY=on or --rule KEY=off.")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("KEY", no_wrap=True)
    table.add_column(name, no_wrap=True)
    table.add_column("The rule")
    for rule in HOUSE_RULES:
        table.add_row(rule.key, "on" if is_on(rules, rule) else "off", f"{rule.title}: {rule.sentence}")
    console.print(table)


def cmd_rules(args: argparse.Namespace, console: Console) -> int:
    """Run ``euchre rules [PRESET [PRESET]]``. Returns the exit code.

    Raises:
        EuchreError: an unknown preset, or more than two names.
    """
    names: list[str] = args.presets
    if len(names) > 2:
        raise EuchreError(f"give at most two presets, not {len(names)}")
    if args.house:
        if len(names) > 1:
            raise EuchreError("--house shows the house rules of one preset; give at most one")
        show_house_rules(console, names[0] if names else DEFAULT_PRESET)
        return 0
    if not names:
        list_presets(console)
    elif len(names) == 1:
        show_preset(console, names[0])
    else:
        compare_presets(console, names[0], names[1])
    return 0
