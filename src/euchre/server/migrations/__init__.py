"""The Alembic migrations of the server's database (run by ``Store.migrate``)."""
