"""Test-suite setup: the engine's debug checks are on for every test (DESIGN.md, "push
is the fast unchecked path for search, documented as such, and validated in a debug mode
the tests use"): a bot, solver or search that pushes a code which is not legal fails the
test that runs it instead of corrupting a state unnoticed."""

from euchre.core.hand import set_debug_checks

set_debug_checks(True)
