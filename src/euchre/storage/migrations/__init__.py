"""The project's one Alembic history: the server's tables, the events', the accounts' and
the player's statistics (run by :func:`euchre.storage.sql.migrate`)."""
