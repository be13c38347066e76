"""Optional accounts: a name and a password (hashed with argon2id, the ``argon2-cffi``
package's defaults), login sessions that expire, and the account that plays a seat.

Guests need none of this: a seat link plays without an account. A person logged in who
opens a seat link is recorded as that seat's account (:meth:`Accounts.record_seat`, the
first account to open it keeps it), which is what makes a game rated
(:mod:`euchre.server.ratings`).

Sessions: a random token (256 bits) in an HttpOnly cookie; only its SHA-256 is stored,
with the time it expires (``session_seconds`` after the login). The clock is a
parameter, so that a test can move time on.

Every method blocks (SQL): call it from a worker thread in async code.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import Engine

from euchre.events.spec import name_key  # the stored key: NFKC, case folded, spaces collapsed
from euchre.server.names import BLANKS, BOT_WORDS, mixes_scripts, passes_for, same_name
from euchre.server.ratings import GUEST, account_subject
from euchre.storage.accounts import AccountStore

NAME_MAX = 24
PASSWORD_MIN = 8
PASSWORD_MAX = 256
SESSION_SECONDS = 30 * 24 * 3600.0
"""A login lasts 30 days."""

_NAME = re.compile(r"^[^\W_][\w .'-]*$")
_NOT_A_PERSON = BOT_WORDS | {"guest", "guests", "spectator", "spectators"}
"""What an account's name may not read as (:func:`euchre.server.names.passes_for`)."""


class AccountError(Exception):
    """A request about accounts refused: ``code``, HTTP ``status`` and a message that
    says what was wrong (never which of a name and a password was wrong at a login)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Account:
    """An account: its id (random, URL-safe), its name as written, whether its player's
    page is public."""

    id: str
    name: str
    public: bool


def token_hash(token: str) -> str:
    """The SHA-256 (hex) under which a session token is stored."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def check_name(name: object) -> str:
    """A name as it will be kept (spaces collapsed).

    Raises:
        AccountError: ``bad_name``: not 1 to 24 letters, digits, spaces or ``_ . ' -``
            starting with a letter or digit, a name that could pass for a bot, a guest
            or a spectator, or one that mixes look-alike scripts.
    """
    if not isinstance(name, str):
        raise AccountError(400, "bad_name", "the name must be text")
    clean = " ".join(unicodedata.normalize("NFKC", name).split())
    if not 1 <= len(clean) <= NAME_MAX or not _NAME.match(clean) or any(ch in BLANKS for ch in clean):
        raise AccountError(400, "bad_name", f"a name is 1 to {NAME_MAX} letters, digits, spaces or _ . ' - "
                                            "and starts with a letter or a digit")
    if passes_for(clean, _NOT_A_PERSON):
        raise AccountError(400, "bad_name", f"{clean!r} could be taken for a bot, a guest or a spectator; choose another")
    if mixes_scripts(clean):
        raise AccountError(400, "bad_name", f"{clean!r} mixes letters of scripts that look alike (it could pass for "
                                            "another name); write it in one script")
    return clean


def check_password(password: object) -> str:
    """The password, checked for its length only (8 to 256 characters).

    Raises:
        AccountError: ``bad_password``.
    """
    if not isinstance(password, str) or not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise AccountError(400, "bad_password", f"a password is {PASSWORD_MIN} to {PASSWORD_MAX} characters")
    return password


class Accounts:
    """Accounts, sessions and seat accounts in the server's database (their rows:
    :class:`euchre.storage.accounts.AccountStore`).

    Args:
        engine: the server's SQLAlchemy engine (the schema migrated).
        clock: seconds since the epoch (``time.time``; a test passes its own).
        session_seconds: how long a login lasts.
        hasher: the argon2 hasher (default: ``argon2-cffi``'s recommended parameters).
    """

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.time,
                 session_seconds: float = SESSION_SECONDS, hasher: PasswordHasher | None = None) -> None:
        self.engine = engine
        self.store = AccountStore(engine)
        self.clock = clock
        self.session_seconds = session_seconds
        self.hasher = hasher if hasher is not None else PasswordHasher()
        self._dummy = self.hasher.hash(secrets.token_urlsafe(16))  # a login for no account takes as long

    # ------------------------------------------------------------------ accounts
    def register(self, name: object, password: object) -> tuple[Account, str]:
        """A new account, logged in: ``(account, session token)``.

        Raises:
            AccountError: ``bad_name``, ``bad_password``, ``name_taken`` (409: the name,
                in any case or spacing, belongs to another account).
        """
        clean, secret = check_name(name), check_password(password)
        account = Account(secrets.token_urlsafe(9), clean, False)
        hashed = self.hasher.hash(secret)
        if self._taken_by_look(clean):
            raise AccountError(409, "name_taken", f"the name {clean!r} reads as another account's; choose another")
        if not self.store.add(account.id, clean, name_key(clean), hashed, self.clock()):
            raise AccountError(409, "name_taken", f"the name {clean!r} is taken; choose another")
        return account, self._new_session(account.id)

    def _taken_by_look(self, name: str) -> bool:
        """Whether an account's name reads as ``name`` (:func:`euchre.server.names.same_name`).
        Reads every name: sign-ups are few and limited per address."""
        return any(same_name(name, other) for other in self.store.all_names())

    def login(self, name: object, password: object) -> tuple[Account, str]:
        """Log in: ``(account, new session token)``.

        Raises:
            AccountError: ``bad_login`` (401) for a wrong name or a wrong password alike.
        """
        wrong = AccountError(401, "bad_login", "wrong name or password")
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > PASSWORD_MAX:
            raise wrong
        row = self.store.by_key(name_key(name))
        stored = self._dummy if row is None else row.password_hash
        try:
            self.hasher.verify(stored, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            raise wrong from None
        if row is None:  # pragma: no cover - the dummy's password is random and never given
            raise wrong
        if self.hasher.check_needs_rehash(stored):
            self.store.set_password_hash(row.id, self.hasher.hash(password))
        try:
            token = self._new_session(row.id)
        except AccountError:  # deleted while the password was checked: as an unknown name
            raise wrong from None
        return Account(row.id, row.name, row.public), token

    def _check_password_of(self, account_id: str, password: object) -> None:
        """Raise unless ``password`` is the account's.

        Raises:
            AccountError: ``wrong_password`` (401), ``no_account`` (404: deleted meanwhile).
        """
        row = self.store.get(account_id)
        if row is None:
            raise AccountError(404, "no_account", "this account no longer exists")
        try:
            if not isinstance(password, str) or len(password) > PASSWORD_MAX:
                raise VerifyMismatchError
            self.hasher.verify(row.password_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            raise AccountError(401, "wrong_password", "that is not this account's password") from None

    def change_password(self, account_id: str, current: object, new: object) -> str:
        """Change the account's password, given the current one: every session of the
        account ends (a stolen login stops working) and a new one is returned.

        Raises:
            AccountError: ``bad_password`` (the new one's length), ``wrong_password``,
                ``no_account``.
        """
        secret = check_password(new)
        self._check_password_of(account_id, current)
        if not self.store.change_password(account_id, self.hasher.hash(secret)):
            raise AccountError(404, "no_account", "this account no longer exists")
        return self._new_session(account_id)

    def delete(self, account_id: str, password: object) -> None:
        """Delete the account, given its password, in one transaction: its sessions, its
        seats, its ratings and its name. The games it played stay in the other players'
        histories, their seat no longer tied to anyone (as a guest's); the name is free
        again.

        Raises:
            AccountError: ``wrong_password``, ``no_account``.
        """
        self._check_password_of(account_id, password)
        if not self.store.delete(account_id, account_subject(account_id), GUEST):
            raise AccountError(404, "no_account", "this account no longer exists")  # deleted meanwhile

    def _new_session(self, account_id: str) -> str:
        """A new session of the account.

        Raises:
            AccountError: ``no_account`` (404): the account was deleted meanwhile (a
                login or a password change racing its deletion).
        """
        token = secrets.token_urlsafe(32)
        now = self.clock()
        if not self.store.add_session(token_hash(token), account_id, now, now + self.session_seconds):
            raise AccountError(404, "no_account", "this account no longer exists")
        return token

    def logout(self, token: str) -> None:
        """End a session (nothing when there is none)."""
        self.store.delete_session(token_hash(token))

    def account_for(self, token: str | None) -> Account | None:
        """The account of a session token, or None: no token, no such session, or one
        that has expired (it is deleted)."""
        if not token or len(token) > 100:
            return None
        hashed = token_hash(token)
        found = self.store.session(hashed)
        if found is None:
            return None
        expires_at, row = found
        if self.clock() >= expires_at:
            self.store.delete_session(hashed)
            return None
        return Account(row.id, row.name, row.public)

    def get(self, account_id: str) -> Account | None:
        """The account with this id, or None."""
        row = self.store.get(account_id)
        return None if row is None else Account(row.id, row.name, row.public)

    def set_public(self, account_id: str, public: bool) -> None:
        """Make the account's player page public (anyone may read it) or private."""
        self.store.set_public(account_id, public)

    def public_ids(self) -> set[str]:
        """The accounts whose pages are public."""
        return self.store.public_ids()

    def names(self, ids: set[str]) -> dict[str, str]:
        """The names of these accounts."""
        return self.store.names(ids)

    # ------------------------------------------------------------------ seats
    def record_seat(self, table_id: str, seat: int, account_id: str) -> bool:
        """Record that ``account_id`` plays ``seat`` of a table; the first account to
        open a seat keeps it. Returns True when this call recorded it."""
        return self.store.record_seat(table_id, seat, account_id, self.clock())

    def seat_accounts(self, table_id: str) -> dict[int, str]:
        """The account of each seat of a table that has one."""
        return self.store.seat_accounts(table_id)

    def tables_with_accounts(self, among: list[str] | None = None) -> set[str]:
        """Every table at which an account has a seat (only those of ``among`` when given)."""
        return self.store.tables_with_accounts(among)
