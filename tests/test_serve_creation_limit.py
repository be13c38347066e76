"""``euchre serve --creation-limit N`` (issue 36): the tables one client address may
create a minute, 20 unless given; a load test, whose clients all come from one
address, raises it. Bad values are one-line errors before anything starts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from euchre.server.config import sqlite_url


@pytest.fixture
def configs(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The uvicorn configs ``euchre serve`` would run (nothing is served)."""
    import uvicorn

    made: list[Any] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets=None: (made.append(server.config),
                                                                            setattr(server, "started", True)))
    return made


def test_serve_creation_limit_reaches_the_server_and_defaults_to_20(tmp_path: Path, configs: list[Any]) -> None:
    from euchre.cli.main import main

    db = sqlite_url(tmp_path / "serve.db")
    assert main(["serve", "--db", db, "--port", "8126"]) == 0
    assert configs[-1].app.state.config.create_per_minute == 20  # docs/server.md: 20 tables a minute
    assert main(["serve", "--db", db, "--port", "8126", "--creation-limit", "1000000"]) == 0
    assert configs[-1].app.state.config.create_per_minute == 1_000_000
    assert main(["serve", "--db", db, "--port", "8126", "--creation-limit", "3"]) == 0
    assert configs[-1].app.state.config.create_per_minute == 3


@pytest.mark.parametrize(("value", "says"), [
    ("0", "--creation-limit must be 1..1000000 tables a minute from one address, not 0"),
    ("-5", "--creation-limit must be 1..1000000 tables a minute from one address, not -5"),
    ("1000001", "--creation-limit must be 1..1000000 tables a minute from one address, not 1000001"),
    ("2.5", "invalid whole number '2.5'"),
    ("lots", "invalid whole number 'lots'"),
])
def test_a_bad_creation_limit_is_refused_before_anything_starts(tmp_path: Path, configs: list[Any],
                                                                capsys: pytest.CaptureFixture[str], value: str,
                                                                says: str) -> None:
    from euchre.cli.main import main

    db_file = tmp_path / "serve.db"
    assert main(["serve", "--db", sqlite_url(db_file), "--port", "8126", f"--creation-limit={value}"]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1, err
    assert configs == [] and not db_file.exists()  # no server, no database made
