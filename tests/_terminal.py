"""What the terminal tests' children need from the test process (not a test module)."""

from __future__ import annotations

import signal


def as_at_a_terminal() -> None:
    """Run in a spawned child before it starts (``preexec_fn``): Ctrl-C's signal as a
    shell's foreground job has it (the default action, not blocked), whatever the test
    process had. A signal ignored or blocked is inherited across fork and exec: the
    tests' worker process had SIGINT so in some orders of the full suite, and the game
    then never heard a Ctrl-C (tests/test_cli_pty.py, the regression test of that
    fault, shows both)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
