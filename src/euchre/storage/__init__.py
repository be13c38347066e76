"""Storage plumbing shared by the packages that keep data in SQL: the events' store
(:mod:`euchre.events.store`) and the server's (:mod:`euchre.server.storage`). See
:mod:`euchre.storage.sql`. A middle-layer package: it imports nothing of euchre."""
