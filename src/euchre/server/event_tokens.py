"""The links of an event derived from its organiser token: the public standings token,
the seats of its online tables, the secret seed of its duplicate deals.

Each is HMAC-SHA256 keyed by the organiser token, so the organiser's page can show the
links again while only their hashes are stored.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from euchre.server.table_requests import MAX_SEED, TOKEN_BYTES


def seat_token(organiser_token: str, table_id: str, seat: str) -> str:
    """The invite token of a seat (``N``..``W``, or ``spectator``) of an event's online
    table: 144 bits of HMAC-SHA256 keyed by the organiser token (only its hash is
    stored, like every invite token)."""
    digest = hmac.new(organiser_token.encode(), f"seat:{table_id}:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode().rstrip("=")


def public_token(organiser_token: str) -> str:
    """The public standings token of the event whose organiser token this is (96 bits of
    HMAC-SHA256), so that the organiser's page can show the public link again."""
    digest = hmac.new(organiser_token.encode(), b"public standings", hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode().rstrip("=")


def deal_seed(organiser_token: str) -> int:
    """The secret seed of an event's duplicate deals on its online tables (62 bits of
    HMAC-SHA256 keyed by the organiser token): the same for every table of the event, so
    that a round's tables get the same cards, and known to nobody who has only the
    event's export or a seat's link."""
    digest = hmac.new(organiser_token.encode(), b"duplicate deals", hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") % MAX_SEED

