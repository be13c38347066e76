# The euchre web server as a container image (docs/deploy.md; deploy/compose.yaml runs it).
#
#   docker build -t euchre .
#   docker run --rm euchre migrate --db postgresql+psycopg://euchre@db/euchre
#   docker run --rm -p 8000:8000 euchre serve --host 0.0.0.0 --public --db ...
#
# The entry point is the `euchre` command; the default arguments serve on port 8000 of
# every interface (--public: only a TLS balancer such as deploy/haproxy.cfg should be
# in front of it) with the SQLite file of the user's data folder. A deployment gives
# its own arguments (--db, --name, --advertise-url, --public-url), as compose does.

# ---- build: the project's wheel and those of its dependencies (PostgreSQL's driver too)
FROM python:3.12-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip wheel --no-cache-dir --wheel-dir /wheels ".[postgres]"

# ---- run: the wheels installed, nothing of the build kept
FROM python:3.12-slim
RUN useradd --system --uid 10001 --user-group --create-home --home-dir /var/lib/euchre euchre
COPY --from=build /wheels /tmp/wheels
RUN pip install --no-cache-dir --no-index --find-links /tmp/wheels "euchre[postgres]" && rm -rf /tmp/wheels
USER euchre
WORKDIR /var/lib/euchre
ENV PYTHONUNBUFFERED=1
EXPOSE 8000
# Liveness only (the process answers HTTP); the balancer asks /readyz, which also asks
# the database. curl is not in the slim image: Python asks. Port 8000, as CMD serves.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2).status != 200)"]
# docker stop sends SIGTERM: the server hands its tables to the other processes and exits.
STOPSIGNAL SIGTERM
ENTRYPOINT ["euchre"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8000", "--public"]
