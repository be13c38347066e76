"""The web server: play Euchre with friends in a browser.

``create_app(ServerConfig(db_url=...))`` builds the Starlette application; ``euchre
serve`` runs it with uvicorn. The pieces:

- :mod:`euchre.server.config`: the settings and limits;
- :mod:`euchre.server.storage`: the database (SQLAlchemy; Alembic migrations) with an
  append-only event log per table;
- :mod:`euchre.server.hub`: creating tables and opening them by invite token;
- :mod:`euchre.server.table`: one table in play and its clients' requests (checked,
  stored, then applied); its state, what it shows and its bots' task in
  :mod:`~euchre.server.table_state`, :mod:`~euchre.server.table_shown` and
  :mod:`~euchre.server.table_running`;
- :mod:`euchre.server.connection`: one websocket's outbox;
- :mod:`euchre.server.serialize`: what a seat or a spectator is sent, from the core's views;
- :mod:`euchre.server.protocol`: the websocket messages, their checks and error codes;
- :mod:`euchre.server.app`: the routes, the websocket session and the page.

The server decides nothing about the rules: legality and visibility come from the core.
See ``docs/server.md``.
"""

from euchre.server.app import create_app
from euchre.server.config import ServerConfig, default_db_url

__all__ = ["ServerConfig", "create_app", "default_db_url"]
