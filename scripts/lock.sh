#!/usr/bin/env bash
# Regenerate requirements.lock (the production image installs exactly this) from
# pyproject.toml's runtime dependencies, with hashes. Run after changing a dependency;
# tests/docs/test_lockfile.py fails while the lock does not satisfy pyproject.toml.
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/pip install -q pip-tools
.venv/bin/pip-compile -q --generate-hashes --strip-extras --allow-unsafe --no-emit-index-url --no-emit-find-links \
  --output-file requirements.lock pyproject.toml
