"""The deployment files agree with each other and with the ``euchre`` command
(``deploy/compose.yaml``, ``deploy/haproxy.cfg``, ``Dockerfile``; docs/deploy.md).

Docker cannot run here: what compose would do is checked by ``docker compose config``
where Docker is available, and the same topology runs without containers in
``tests/test_server_cluster_smoke.py``. These tests read the files: every server service
is in the balancer's list under its own name and port, its arguments are ones
``euchre serve`` takes (parsed by the real parser), and the one-shot ``migrate`` runs
before any server, on the servers' database.
"""

from __future__ import annotations

import ipaddress
import json
import re
from pathlib import Path
from typing import Any

import pytest

from euchre.cli.main import build_parser

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "deploy" / "compose.yaml"
HAPROXY = ROOT / "deploy" / "haproxy.cfg"
DOCKERFILE = ROOT / "Dockerfile"
ENV = {"EUCHRE_HOST": "euchre.example.org", "POSTGRES_PASSWORD": "pw"}
"""deploy/.env in the tests: what compose refuses to start without (the rest has defaults)."""


def _compose() -> dict[str, Any]:
    yaml = pytest.importorskip("yaml")
    loaded: dict[str, Any] = yaml.safe_load(COMPOSE.read_text())
    return loaded


def _interpolate(value: str) -> str:
    """Compose's ``${NAME}``, ``${NAME:-default}`` and ``${NAME:?message}`` with :data:`ENV`."""
    def one(m: re.Match[str]) -> str:
        name, default = m.group(1), m.group(3)
        if name in ENV:
            return ENV[name]
        if m.group(2) == ":-" and default is not None:
            return default
        raise AssertionError(f"{name} has no value in the test's environment")
    return re.sub(r"\$\{(\w+)(?:(:-|:\?)([^}]*))?\}", one, value)


def _servers(services: dict[str, Any]) -> dict[str, list[str]]:
    """Each service that runs ``euchre serve``: its command, interpolated."""
    return {name: [_interpolate(str(a)) for a in s["command"]] for name, s in services.items()
            if s.get("command", [None])[0] == "serve"}


def _balanced() -> list[tuple[str, str]]:
    """The ``(name, host:port)`` of each server line of the balancer's ``servers`` block."""
    text = HAPROXY.read_text()
    block = text[text.index("# BEGIN servers"):text.index("# END servers")]
    return [(m.group(1), m.group(2)) for m in re.finditer(r"^\s*server (\S+) (\S+)", block, flags=re.MULTILINE)]


def test_every_server_service_is_in_the_balancer_under_its_name_and_advertises_its_own_address() -> None:
    services = _compose()["services"]
    servers = _servers(services)
    assert sorted(servers) == ["server1", "server2", "server3"]
    assert _balanced() == [(name, f"{name}:8000") for name in sorted(servers)]
    parser = build_parser()
    for name, command in servers.items():
        args = parser.parse_args(command)  # each option is one `euchre serve` takes
        assert (args.name, args.advertise_url, args.port) == (name, f"http://{name}:8000", 8000)
        assert args.public and args.host == "0.0.0.0"  # inside the compose network only
        assert args.public_url == "https://euchre.example.org"
        assert args.db == "postgresql+psycopg://euchre@db:5432/euchre"  # no password on the command line
        assert args.search_workers == 2
        # The balancer's fixed address is the one proxy the servers trust, inside the subnet.
        balancer = _interpolate(services["haproxy"]["networks"]["default"]["ipv4_address"])
        assert args.trusted_proxy == balancer == "10.89.36.10"
        assert services[name]["depends_on"] == {"db": {"condition": "service_healthy"},
                                                "migrate": {"condition": "service_completed_successfully"}}
        assert "ports" not in services[name]  # reached through the balancer only


def test_migrate_runs_once_on_the_servers_database_and_only_the_balancer_is_published() -> None:
    services = _compose()["services"]
    migrate = services["migrate"]
    args = build_parser().parse_args([_interpolate(str(a)) for a in migrate["command"]])
    assert args.command == "migrate" and args.db == "postgresql+psycopg://euchre@db:5432/euchre"
    assert migrate["restart"] == "no" and migrate["depends_on"] == {"db": {"condition": "service_healthy"}}
    assert [name for name, s in services.items() if "ports" in s] == ["haproxy"]
    assert services["haproxy"]["image"] == "haproxy:2.8" and services["db"]["image"] == "postgres:16"
    assert services["haproxy"]["ports"] == ["80:80", "443:443"]
    mounts = services["haproxy"]["volumes"]
    assert "./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro" in mounts
    assert "./certs:/usr/local/etc/haproxy/certs:ro" in mounts
    assert "/usr/local/etc/haproxy/certs/euchre.pem" in HAPROXY.read_text()
    ipam = _compose()["networks"]["default"]["ipam"]["config"][0]
    subnet = ipaddress.ip_network(_interpolate(ipam["subnet"]))
    dynamic = ipaddress.ip_network(_interpolate(ipam["ip_range"]))
    balancer = ipaddress.ip_address(_interpolate(services["haproxy"]["networks"]["default"]["ipv4_address"]))
    assert dynamic.subnet_of(subnet) and balancer in subnet and balancer not in dynamic  # no other container takes it
    for name in ("migrate", "server1"):
        assert services[name]["environment"]["PGPASSWORD"].startswith("${POSTGRES_PASSWORD:?")


def test_the_image_runs_euchre_serve_as_a_user_with_a_health_check() -> None:
    """The Dockerfile's run stage: python:3.12-slim, the postgres extra installed, a
    non-root user, a HEALTHCHECK asking /healthz with Python (no curl in slim), and
    ``euchre serve --host 0.0.0.0 --public`` by default (parsed by the real parser)."""
    text = DOCKERFILE.read_text()
    run = text[text.rindex("\nFROM "):]
    assert run.startswith("\nFROM python:3.12-slim\n")
    assert '"euchre[postgres]"' in run and ".[postgres]" in text
    user = re.search(r"^USER (\S+)$", run, flags=re.MULTILINE)
    assert user is not None and user.group(1) not in ("root", "0")
    check = re.search(r"^HEALTHCHECK [^\n]*\\\n\s*CMD (\[[^\n]*\])$", run, flags=re.MULTILINE)
    assert check is not None
    probe = json.loads(check.group(1))
    assert probe[:2] == ["python", "-c"] and "http://127.0.0.1:8000/healthz" in probe[2]
    entry = re.search(r'^ENTRYPOINT \["(\w+)"\]$', run, flags=re.MULTILINE)
    cmd = re.search(r"^CMD (\[.*\])$", run, flags=re.MULTILINE)
    assert entry is not None and entry.group(1) == "euchre" and cmd is not None
    default = build_parser().parse_args(json.loads(cmd.group(1)))  # the exec form is JSON
    assert (default.command, default.host, default.port, default.public) == ("serve", "0.0.0.0", 8000, True)
