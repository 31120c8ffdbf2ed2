"""The production image, read as an operator relies on it: locked dependencies installed
before the source is copied, a non-root user with a writable data volume, a small build
context; and the lock file still satisfies pyproject.toml (the compose stack, the base
image and the healthcheck: tests/realtime/test_compose.py). No container runtime is
needed for these; the build-and-run test skips with its reason where there is none."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text()
INSTRUCTIONS = [
    line.strip() for line in DOCKERFILE.splitlines() if line.strip() and not line.startswith(" ")
]


def _index(prefix: str) -> int:
    return next(i for i, line in enumerate(INSTRUCTIONS) if line.startswith(prefix))


def test_the_dependency_layer_comes_from_the_lock_before_the_source() -> None:
    lock = _index("COPY requirements.lock")
    install = _index("RUN pip install --require-hashes")
    source = _index("COPY app/")
    assert lock < install < source


def test_the_image_runs_as_a_non_root_user_owning_its_data_volume() -> None:
    user = _index("USER ")
    assert INSTRUCTIONS[user] != "USER root"
    assert "chown fairtable /data" in DOCKERFILE
    assert 'VOLUME ["/data"]' in DOCKERFILE
    assert "VTT_DATABASE_URL=sqlite+aiosqlite:////data/" in DOCKERFILE
    assert _index("HEALTHCHECK") > user


def test_the_build_context_leaves_out_what_a_quick_start_makes() -> None:
    ignored = set((ROOT / ".dockerignore").read_text().split())
    assert {".git", ".venv", "*.db", "*.db-wal", "tests"} <= ignored


def _locked() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        found = re.match(r"^([A-Za-z0-9_.-]+)==([^\s\\]+)", line)
        if found:
            pins[canonicalize_name(found[1])] = found[2]
    return pins


def test_the_lock_file_satisfies_every_runtime_dependency() -> None:
    """Fails once a dependency is added or narrowed without running scripts/lock.sh."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = _locked()
    for spec in project["dependencies"]:
        wanted = Requirement(spec)
        name = canonicalize_name(wanted.name)
        assert name in pins, f"{wanted.name} is not in requirements.lock: run scripts/lock.sh"
        assert wanted.specifier.contains(pins[name], prereleases=True), (
            f"requirements.lock pins {name}=={pins[name]}, pyproject wants {wanted.specifier}"
        )
    assert all("--hash=sha256:" in block for block in _blocks())


# The oldest and the newest interpreters the image and the Quick start may run on.
_PYTHONS = [
    {"python_version": "3.11", "python_full_version": "3.11.0"},
    {"python_version": "3.13", "python_full_version": "3.13.9"},
]


def test_the_lock_holds_what_every_locked_package_needs_on_every_python() -> None:
    """A `--require-hashes --no-deps` install gets nothing the lock does not name: a
    package that redis needs only below Python 3.11.3 once crashed the server there."""
    pins = _locked()
    for name in pins:
        try:
            specs = metadata.requires(name) or []
        except metadata.PackageNotFoundError:
            continue  # locked for another Python than this one (its marker says which)
        for spec in specs:
            needed = Requirement(spec)
            for python in _PYTHONS:
                environment = {**python, "extra": ""}
                if needed.marker is None or needed.marker.evaluate(environment):
                    assert canonicalize_name(needed.name) in pins, (
                        f"{name} needs {needed} on Python {python['python_full_version']}: "
                        "run scripts/lock.sh"
                    )


def _blocks() -> list[str]:
    text = (ROOT / "requirements.lock").read_text()
    return [b for b in re.split(r"\n(?=[A-Za-z0-9])", text) if "==" in b.split("\n")[0]]


DOCKER = shutil.which("docker")


def _docker(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    assert DOCKER is not None
    command = [DOCKER, *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)  # noqa: S603


def _docker_works() -> bool:
    return DOCKER is not None and _docker("info").returncode == 0


_PROBE = (
    "import time, urllib.request as u; time.sleep(8); "
    "print(u.urlopen('http://127.0.0.1:8000/healthz').read())"
)


@pytest.mark.skipif(not _docker_works(), reason="no container runtime here (docker info fails)")
def test_the_image_builds_and_serves_on_sqlite_as_non_root() -> None:
    tag = "fairtable:test-image"
    assert _docker("build", "-t", tag, str(ROOT), timeout=900).returncode == 0
    started = _docker("run", "--rm", "-d", "-e", "VTT_ENVIRONMENT=development", tag)
    container = started.stdout.strip()
    try:
        done = _docker("exec", container, "python", "-c", _PROBE)
        assert '"ok"' in done.stdout, done.stderr
        assert _docker("exec", container, "id", "-u").stdout.strip() != "0"
    finally:
        _docker("rm", "-f", container)
