"""Regenerate clients/python, the typed Python client (package ``fairtable-client``), from
the app's OpenAPI document, with the generator and ruff that pyproject.toml's test extra
pins (openapi-python-client's config: clients/python.yaml; its README: clients/templates).

    .venv/bin/python scripts/generate_client.py            # rewrites clients/python
    .venv/bin/python scripts/generate_client.py OUT_DIR    # writes elsewhere (tests/clients)

Run it after changing an endpoint or a schema, and commit the result: CI regenerates the
client and fails while the checked-in one differs (tests/clients/test_generated.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.core.documents import openapi_document  # noqa: E402

CLIENT = ROOT / "clients" / "python"


def generate(output: Path) -> None:
    """Write the client into ``output`` (replaced whole)."""
    with tempfile.TemporaryDirectory() as tmp:
        document = Path(tmp) / "openapi.json"
        document.write_text(json.dumps(openapi_document(), indent=2), encoding="utf-8")
        # The generator's post hooks call ruff: the one installed beside this Python.
        bin_dir = str(Path(sys.executable).parent)
        env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", "")}
        command = [
            sys.executable, "-m", "openapi_python_client", "generate",
            "--path", str(document),
            "--config", str(ROOT / "clients" / "python.yaml"),
            "--custom-template-path", str(ROOT / "clients" / "templates"),
            "--meta", "setup",
            "--output-path", str(output),
            "--overwrite",
            "--fail-on-warning",
        ]  # fmt: skip
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)  # noqa: S603
        if done.returncode != 0:
            sys.stderr.write(done.stdout + done.stderr)
            raise SystemExit(f"openapi-python-client failed ({done.returncode})")


def main(argv: list[str]) -> int:
    output = Path(argv[0]).resolve() if argv else CLIENT
    generate(output)
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
