#!/usr/bin/env bash
# Regenerate requirements.lock (the production image installs exactly this) from
# pyproject.toml's runtime dependencies, with hashes. Run after changing a dependency;
# tests/docs/test_image.py fails while the lock does not satisfy pyproject.toml.
# uv resolves for every Python 3.11+ at once (--universal) and keeps each marker, so a
# dependency needed only on some of them (async-timeout below 3.11.3) is locked too;
# the pins already in the lock are kept unless pyproject.toml rules them out.
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/pip install -q uv
.venv/bin/uv pip compile pyproject.toml --universal --python-version 3.11 --generate-hashes \
  --no-strip-markers -o requirements.lock
