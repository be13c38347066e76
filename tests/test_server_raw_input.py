"""Input that only a real ``euchre serve`` process sees (the framework's test client
cannot send it): a websocket text frame that is not UTF-8, and HTTP bodies with text
that UTF-8 cannot hold. Each is refused, nothing changes, and the server logs no error
and no traceback (a client must not be able to fill the log with tracebacks).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosedError
from websockets.sync.client import connect

from _server_process import RECEIVE_TIMEOUT, SeatClient, serving


def test_regression_a_text_frame_that_is_not_utf8_logged_a_traceback(tmp_path: Path) -> None:
    with serving(tmp_path) as server:
        made = server.create_table()
        with connect(server.ws_url, open_timeout=RECEIVE_TIMEOUT, close_timeout=2) as ws:
            ws.send(b'{"type": "chat", "text": "\xff\xfe"}', text=True)  # a text frame, not UTF-8
            with pytest.raises(ConnectionClosedError) as closed:
                ws.recv(timeout=RECEIVE_TIMEOUT)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1007  # RFC 6455: inconsistent data
        # The server goes on: a seat joins and is sent its state.
        north = SeatClient(server.ws_url, made["seats"]["N"])
        assert north.state is not None and north.state["table"] == made["table"]
        north.close()
        assert "Invalid UTF-8 sequence received from client." in server.log()
    # serving() has checked the log: no ERROR line, no traceback.


@pytest.mark.parametrize("body", [
    b'{"\\ud800": 1}',
    b'{"options": {"\\ud800": 1}}',
    b'{"options": {"joker_card": "\\ud800"}}',
    b'{"preset": "\\udfff"}',
])
def test_regression_a_lone_surrogate_in_a_new_table_answered_500(tmp_path: Path, body: bytes) -> None:
    with serving(tmp_path) as server:
        request = urllib.request.Request(f"{server.url}/api/tables", data=body, method="POST",
                                         headers={"content-type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=RECEIVE_TIMEOUT)
        assert refused.value.code == 400
        assert json.loads(refused.value.read())["error"]["code"] == "bad_json"
