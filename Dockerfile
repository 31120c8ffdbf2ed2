# Fairtable: one API process per container. Scale out with several containers behind a load
# balancer and VTT_BROKER_URL=redis://… (see docker-compose.yml and README.md).
# The base image is pinned to a patch release; refresh it (and requirements.lock) on purpose.
FROM python:3.11.13-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    # The source tree below (app/ beside migrations/ and alembic.ini) is the one imported:
    # the migration runner finds the Alembic history next to the app package.
    PYTHONPATH=/srv/fairtable \
    # SQLite out of the box, in the data volume the non-root user owns.
    VTT_DATABASE_URL=sqlite+aiosqlite:////data/fairtable.db \
    # One JSON object a log line, one line per request (docs/operations.md).
    VTT_LOG_FORMAT=json

WORKDIR /srv/fairtable

# Dependencies first, exactly as locked (hashes checked): this layer is rebuilt only when
# requirements.lock changes, never for a change of the source.
COPY requirements.lock ./
RUN pip install --require-hashes --no-deps -r requirements.lock

# The source, imported from here (PYTHONPATH): nothing to build or install.
COPY alembic.ini ./
COPY migrations/ migrations/
COPY app/ app/

RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin fairtable \
    && mkdir /data && chown fairtable /data
VOLUME ["/data"]
USER fairtable

EXPOSE 8000

HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]

# `fairtable …` in the container is `python -m app.cli …`.
ENTRYPOINT ["python", "-m", "app.cli"]

# `fairtable serve` applies the migrations once (a no-op when they are applied), then serves.
# With several replicas, run `fairtable migrate` as a one-shot service before them (compose).
CMD ["serve", "--host", "0.0.0.0", "--port", "8000"]
