"""The cluster's harness works end to end (``tests/_cluster.py``): two ``euchre serve``
processes on one PostgreSQL database (a fresh one on the server of
``EUCHRE_TEST_POSTGRES_URL``; skipped without it, as the other PostgreSQL tests), Debian's
HAProxy in front of them with ``deploy/haproxy.cfg`` rendered without TLS.

What the balancer must do (docs/deploy.md): pass /readyz and the game's routes, refuse
the processes' own routes (/internal/..., /metrics) from outside, however the path is
spelled; and a table made through it is one table of the database, which every process
can read.
"""

from __future__ import annotations

import json
import signal
import subprocess
from pathlib import Path

import pytest

from _cluster import TEMPLATE, backend_states, cluster, get, haproxy_binary, post_json, private_postgres, render_haproxy
from test_storage import postgres_database

DENIED = ("/metrics", "/metrics/", "/internal/x", "/internal", "/%69nternal/x", "/internal%2Fx", "/%6Detrics",
          "/metrics?x=1")
"""Paths the balancer must answer 403: the processes' own routes, also percent-encoded
(the server decodes the path before routing it)."""


def test_fault_a_check_in_progress_read_as_another_result() -> None:
    """Regression (a fresh clone's CI, 2026-12-05): the harness read p2's state as
    ``("UP", "* L7OK")`` because HAProxy's stats were taken while a health check of p2 was
    under way, and the kill test failed with p2 up and well. The mark of a check in
    progress is not a result: the last check's result is read without it. The rows are
    HAProxy's ``show stat`` as it writes them (fields cut to those read)."""
    text = ("# pxname,svname,status,check_status\n"
            "euchre,FRONTEND,OPEN,\n"
            "euchre,p1,DOWN,* L4CON\n"
            "euchre,p2,UP,* L7OK\n"
            "euchre,p3,UP,L7OK\n"
            "euchre,BACKEND,UP,\n"
            "stats,p9,UP,L7OK\n")
    assert backend_states(text) == {"p1": ("DOWN", "L4CON"), "p2": ("UP", "L7OK"), "p3": ("UP", "L7OK")}


def test_two_processes_behind_haproxy_serve_one_database(tmp_path: Path) -> None:
    haproxy_binary()  # skip (or fail) before any database or process is made
    with postgres_database() as (url, _admin, _name), cluster(url, tmp_path, 2) as c:
        assert c.balancer is not None
        assert c.balancer.states() == {"p1": ("UP", "L7OK"), "p2": ("UP", "L7OK")}
        assert get(c.url + "/readyz") == (200, b'{"ok":true}')

        for path in DENIED:
            status, _ = get(c.url + path)
            assert status == 403, path
        # Positive control: each process itself serves /metrics, also when the path is
        # percent-encoded, so the 403 above is the balancer's doing.
        for process in c.processes.values():
            for path in ("/metrics", "/%6Detrics"):
                status, body = get(process.url + path)
                assert status == 200 and b"euchre_tables_live" in body, (process.name, path)

        status, made = post_json(c.url + "/api/tables", {"preset": "modern-standard"})
        assert status == 201, made
        assert made["links"]["N"] == f"{c.url}/play#{made['seats']['N']}"  # --public-url: the balancer
        # The balancer sends every request naming the table to one process (the hash of
        # ?table=); without it, round robin (on the hash ring: not strictly in turn, but
        # to both).
        shares = {}
        for query in (f"?table={made['table']}", ""):
            before = c.balancer.sessions()
            for _ in range(16):
                assert get(f"{c.url}/readyz{query}")[0] == 200
            after = c.balancer.sessions()
            shares[query] = sorted(after[name] - before[name] for name in after)
        assert shares[f"?table={made['table']}"] == [0, 16]
        assert shares[""][0] > 0 and sum(shares[""]) == 16, shares
        for process in c.processes.values():
            status, body = get(f"{process.url}/api/tables/{made['table']}/record.json")
            assert status == 409 and json.loads(body)["error"]["code"] == "not_over", (process.name, body)
            assert get(f"{process.url}/api/tables/no-such-table/record.json")[0] == 404  # control: not any answer


def test_the_harness_kills_stops_and_restarts_a_process_and_sees_the_balancer_follow(tmp_path: Path) -> None:
    """kill -9 takes p1 out of the balancer's pool (its checks fail) while p2 answers for
    both; a restart on the same port brings it back; SIGTERM stops p2 gracefully and
    takes it out too."""
    haproxy_binary()
    with postgres_database() as (url, _admin, _name), cluster(url, tmp_path, 2) as c:
        assert c.balancer is not None
        c.kill9("p1")
        c.wait_backend("p1", up=False)
        assert c.balancer.states()["p2"] == ("UP", "L7OK")
        assert [get(c.url + "/readyz")[0] for _ in range(4)] == [200] * 4  # round robin, p2 alone
        port = c.processes["p1"].port
        c.restart("p1")
        assert c.processes["p1"].port == port and c.processes["p1"].starts == 2
        # A graceful stop: uvicorn shuts the app down, then dies of the signal it caught
        # (it re-raises it since 0.29), which systemd and Docker count as a clean stop.
        assert c.terminate("p2") in (0, -signal.SIGTERM)
        assert "Application shutdown complete." in c.processes["p2"].log()
        c.wait_backend("p2", up=False)
        assert c.balancer.states()["p1"] == ("UP", "L7OK")
        status, made = post_json(c.url + "/api/tables", {"preset": "modern-standard"})
        assert status == 201, made


def test_a_private_postgresql_restart_takes_the_processes_out_of_the_pool_and_back(tmp_path: Path) -> None:
    """The harness's own PostgreSQL server stopped: /readyz of both processes answers
    503, so the balancer has no server and answers 503 itself; started again on the same
    port, both come back and a table can be made through the balancer."""
    haproxy_binary()
    with private_postgres() as db, cluster(db.url, tmp_path, 2) as c:
        assert c.balancer is not None
        db.stop()
        for name in c.processes:
            c.wait_backend(name, up=False)
        assert get(c.url + "/readyz")[0] == 503
        status, body = get(c.processes["p1"].url + "/readyz")
        assert status == 503 and json.loads(body)["error"]["code"] == "not_ready"
        db.start()
        for name in c.processes:
            c.wait_backend(name, up=True)
        status, made = post_json(c.url + "/api/tables", {"preset": "modern-standard"})
        assert status == 201, made


# ---------------------------------------------------------------------- the one template
def test_the_test_configuration_is_the_deploy_template_with_only_the_marked_blocks_replaced(tmp_path: Path) -> None:
    """What the tests run differs from what compose runs only in the marked blocks: the
    binds, the servers, the stats socket and Docker's resolvers; every rule (the 403s, the
    hashing on ``table``, the checks on /readyz, the timeouts) is the same line. Both the
    template (with a certificate where compose mounts it) and the rendering pass
    ``haproxy -c``."""
    template = TEMPLATE.read_text()
    rendered = render_haproxy(template, port=8123, servers=[("p1", 9001), ("p2", 9002)],
                              stats_socket=tmp_path / "admin.sock")
    kept = [line for line in template.splitlines() if line.strip() and "BEGIN" not in line and "END" not in line]
    for line in ("    http-request deny deny_status 403 if { path,url_dec -m beg /internal /metrics }",
                 "    balance url_param table", "    hash-type consistent", "    option httpchk GET /readyz",
                 "    http-check expect status 200", "    timeout tunnel 1h", "    option forwardfor"):
        assert line in kept and line in rendered.splitlines(), line
    dropped = {line for line in kept if line not in rendered.splitlines()}
    assert {line.split()[0] for line in dropped} <= {"bind", "http-request", "http-response", "server", "stats",
                                                      "resolvers", "nameserver", "hold", "#"}, dropped
    assert "    bind 127.0.0.1:8123" in rendered.splitlines() and " ssl crt " not in rendered and "ssl_fc" not in rendered
    assert "    server p2 127.0.0.1:9002 inter 250ms" in rendered.splitlines()
    assert "resolvers docker" not in rendered and "redirect" not in rendered

    binary = haproxy_binary()
    (tmp_path / "test.cfg").write_text(rendered)
    checked = subprocess.run([binary, "-c", "-f", str(tmp_path / "test.cfg")], capture_output=True, text=True,
                             check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # The template itself, with a throw-away certificate where compose mounts one.
    certs = tmp_path / "certs"
    certs.mkdir()
    made = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                           "/CN=localhost", "-keyout", str(certs / "key.pem"), "-out", str(certs / "crt.pem")],
                          capture_output=True, check=False)
    if made.returncode != 0:
        pytest.skip("openssl could not make a certificate")
    (certs / "euchre.pem").write_bytes((certs / "crt.pem").read_bytes() + (certs / "key.pem").read_bytes())
    (tmp_path / "deploy.cfg").write_text(template.replace("/usr/local/etc/haproxy/certs/", f"{certs}/")
                                         .replace("/var/lib/haproxy/", f"{tmp_path}/"))
    checked = subprocess.run([binary, "-c", "-f", str(tmp_path / "deploy.cfg")], capture_output=True, text=True,
                             check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.parametrize("broken", ["a block missing", "a block twice"])
def test_a_template_whose_markers_were_edited_away_is_refused(broken: str, tmp_path: Path) -> None:
    template = TEMPLATE.read_text()
    if broken == "a block missing":
        template = template.replace("# BEGIN stats", "# stats")
    else:
        start = template.index("    # BEGIN servers")
        template += template[start:template.index("# END servers") + len("# END servers\n")]
    with pytest.raises(ValueError, match="must have each of the blocks"):
        render_haproxy(template, port=1, servers=[], stats_socket=tmp_path / "s")
