# Fairtable: one API process per container. Scale out with several containers behind a load
# balancer and VTT_BROKER_URL=redis://… (see docker-compose.yml and README.md).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    # The source tree below (app/ beside migrations/ and alembic.ini) is the one imported:
    # the migration runner finds the Alembic history next to the app package.
    PYTHONPATH=/srv/fairtable

WORKDIR /srv/fairtable

# Dependencies first: this layer is rebuilt only when pyproject.toml changes.
COPY pyproject.toml README.md ./
COPY app/ app/
RUN pip install .

COPY migrations/ migrations/
COPY alembic.ini ./

RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin fairtable
USER fairtable

EXPOSE 8000

HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2)"]

# `fairtable serve` applies the migrations once (a no-op when they are applied), then serves.
# With several replicas, run `fairtable migrate` as a one-shot service before them (compose).
CMD ["fairtable", "serve", "--host", "0.0.0.0", "--port", "8000"]
