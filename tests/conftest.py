"""Test-suite setup: the engine's debug checks are on for every test (DESIGN.md, "push
is the fast unchecked path for search, documented as such, and validated in a debug mode
the tests use"): a bot, solver or search that pushes a code which is not legal fails the
test that runs it instead of corrupting a state unnoticed."""

import os
import tempfile

from _browser_fixtures import browser, server  # noqa: F401 - the browser tests' fixtures, for every module
from euchre.core.hand import set_debug_checks

set_debug_checks(True)

# The user data directory (platformdirs: the statistics of `euchre play`, the server's
# default database) is a fresh temporary one for the tests and the processes they start,
# never the developer's own.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="euchre-test-data-")
