#!/usr/bin/env bash
# Rebuilds migrations/versions/0001 from the models. Only while the project has not been
# released: once a schema ships, add new revisions instead (alembic revision --autogenerate).
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -f migrations/versions/*_0001_*.py
VTT_DATABASE_URL="sqlite+aiosqlite:///$tmp/gen.db" .venv/bin/alembic revision --autogenerate \
  -m "initial schema" --rev-id 0001 >/dev/null
VTT_DATABASE_URL="sqlite+aiosqlite:///$tmp/gen.db" .venv/bin/alembic upgrade head
VTT_DATABASE_URL="sqlite+aiosqlite:///$tmp/gen.db" .venv/bin/alembic check
