"""The ``euchre`` command line: play, watch, replay, rules and sim (see :mod:`euchre.cli.main`)."""
