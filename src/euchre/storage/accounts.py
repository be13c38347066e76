"""The accounts kept in SQL: the accounts, their login sessions and the seats they play
(the tables ``euchre_account``, ``euchre_session`` and ``euchre_seat_account`` of the
schema's one metadata, :mod:`euchre.storage.tables`).

What an account may be called, how its password is hashed and checked, and how long a
login lasts are the server's (:mod:`euchre.server.accounts`, the caller); this module
reads and writes the rows, each method one transaction. Names are compared by their
stored key (``name_key``), which the caller computes.

Every method blocks (SQL): call it from a worker thread in async code.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from euchre.storage.tables import account_table, game_seat_table, rating_table, seat_account_table, session_table

__all__ = ["AccountRow", "AccountStore"]


@dataclass(frozen=True)
class AccountRow:
    """An account as kept: its id, its name as written, whether its player's page is
    public, and its password's hash (argon2's text)."""

    id: str
    name: str
    public: bool
    password_hash: str


class AccountStore:
    """The rows of the accounts, sessions and seat accounts.

    Args:
        engine: the server's SQLAlchemy engine (the schema migrated).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # ------------------------------------------------------------------ accounts
    def add(self, account_id: str, name: str, key: str, password_hash: str, created_at: float) -> bool:
        """Keep a new account (not public). Returns False, keeping nothing, when its id
        or its name's key is another account's."""
        try:
            with self.engine.begin() as connection:
                connection.execute(insert(account_table).values(
                    id=account_id, name=name, name_key=key, password_hash=password_hash, public=0,
                    created_at=created_at))
        except IntegrityError:
            return False
        return True

    def all_names(self) -> list[str]:
        """Every account's name, as written."""
        with self.engine.connect() as connection:
            return [str(n) for n in connection.execute(select(account_table.c.name)).scalars().all()]

    def by_key(self, key: str) -> AccountRow | None:
        """The account whose name has the key ``key``, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(select(account_table).where(account_table.c.name_key == key)).first()
        return None if row is None else _account(row)

    def get(self, account_id: str) -> AccountRow | None:
        """The account with this id, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(select(account_table).where(account_table.c.id == account_id)).first()
        return None if row is None else _account(row)

    def set_password_hash(self, account_id: str, password_hash: str) -> None:
        """Replace the account's password hash (the same password hashed anew)."""
        with self.engine.begin() as connection:
            connection.execute(update(account_table).where(account_table.c.id == account_id)
                               .values(password_hash=password_hash))

    def change_password(self, account_id: str, password_hash: str) -> bool:
        """Replace the account's password hash and end every session of the account, in
        one transaction. Returns False when there is no such account."""
        with self.engine.begin() as connection:
            changed = connection.execute(update(account_table).where(account_table.c.id == account_id)
                                         .values(password_hash=password_hash)).rowcount
            connection.execute(delete(session_table).where(session_table.c.account_id == account_id))
        return bool(changed)

    def delete(self, account_id: str, subject: str, guest: str) -> bool:
        """Delete the account in one transaction: its sessions, its seats, its ratings
        (those of the rating subject ``subject``) and its name; the finished games it
        played stay, their seat recorded as the subject ``guest``, tied to no account.
        Returns False, deleting nothing, when there is no such account."""
        try:
            with self.engine.begin() as connection:
                connection.execute(delete(session_table).where(session_table.c.account_id == account_id))
                connection.execute(delete(seat_account_table).where(seat_account_table.c.account_id == account_id))
                connection.execute(delete(rating_table).where(rating_table.c.subject == subject))
                connection.execute(update(game_seat_table).where(game_seat_table.c.account_id == account_id)
                                   .values(account_id=None, subject=guest))
                if not connection.execute(delete(account_table).where(account_table.c.id == account_id)).rowcount:
                    raise _NoAccount  # the transaction is rolled back
        except _NoAccount:
            return False
        return True

    def set_public(self, account_id: str, public: bool) -> None:
        """Make the account's player page public or private."""
        with self.engine.begin() as connection:
            connection.execute(update(account_table).where(account_table.c.id == account_id).values(public=int(public)))

    def public_ids(self) -> set[str]:
        """The accounts whose pages are public."""
        with self.engine.connect() as connection:
            return {str(r[0]) for r in connection.execute(select(account_table.c.id).where(account_table.c.public == 1))}

    def names(self, ids: set[str]) -> dict[str, str]:
        """The names of these accounts (those that exist)."""
        if not ids:
            return {}
        with self.engine.connect() as connection:
            rows = connection.execute(select(account_table.c.id, account_table.c.name).where(account_table.c.id.in_(ids)))
            return {str(r[0]): str(r[1]) for r in rows}

    # ------------------------------------------------------------------ sessions
    def add_session(self, token_hash: str, account_id: str, created_at: float, expires_at: float) -> bool:
        """Keep a new session of the account. Returns False, keeping nothing, when there
        is no such account (deleted meanwhile)."""
        try:
            with self.engine.begin() as connection:
                if connection.execute(select(account_table.c.id).where(account_table.c.id == account_id)).first() is None:
                    return False
                connection.execute(insert(session_table).values(token_hash=token_hash, account_id=account_id,
                                                                created_at=created_at, expires_at=expires_at))
        except IntegrityError:  # the account deleted between the check and the insert
            return False
        return True

    def delete_session(self, token_hash: str) -> None:
        """End a session (nothing when there is none)."""
        with self.engine.begin() as connection:
            connection.execute(delete(session_table).where(session_table.c.token_hash == token_hash))

    def session(self, token_hash: str) -> tuple[float, AccountRow] | None:
        """When the session expires (seconds since the epoch) and its account, or None."""
        with self.engine.connect() as connection:
            row = connection.execute(
                select(session_table.c.expires_at, account_table)
                .join(account_table, account_table.c.id == session_table.c.account_id)
                .where(session_table.c.token_hash == token_hash)).first()
        return None if row is None else (float(row.expires_at), _account(row))

    # ------------------------------------------------------------------ seats
    def record_seat(self, table_id: str, seat: int, account_id: str, created_at: float) -> bool:
        """Record that the account plays ``seat`` of a table, unless the seat has an
        account already. Returns True when this call recorded it."""
        try:
            with self.engine.begin() as connection:
                taken = connection.execute(select(seat_account_table.c.account_id).where(
                    (seat_account_table.c.table_id == table_id) & (seat_account_table.c.seat == seat))).first()
                if taken is not None:
                    return False
                connection.execute(insert(seat_account_table).values(
                    table_id=table_id, seat=seat, account_id=account_id, created_at=created_at))
        except IntegrityError:  # another process recorded it at the same moment
            return False
        return True

    def seat_accounts(self, table_id: str) -> dict[int, str]:
        """The account of each seat of a table that has one."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(seat_account_table.c.seat, seat_account_table.c.account_id)
                                      .where(seat_account_table.c.table_id == table_id))
            return {int(r[0]): str(r[1]) for r in rows}

    def tables_with_accounts(self, among: list[str] | None = None) -> set[str]:
        """Every table at which an account has a seat (only those of ``among`` when given)."""
        query = select(seat_account_table.c.table_id).distinct()
        if among is not None:
            if not among:
                return set()
            query = query.where(seat_account_table.c.table_id.in_(among))
        with self.engine.connect() as connection:
            return {str(r[0]) for r in connection.execute(query)}


class _NoAccount(Exception):
    """Raised inside a transaction to roll it back: the account is not there."""


def _account(row: object) -> AccountRow:
    return AccountRow(str(row.id), str(row.name), bool(row.public), str(row.password_hash))  # type: ignore[attr-defined]
