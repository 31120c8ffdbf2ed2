"""The deployment files describe the topology README promises: no Docker engine runs here,
so the files are read as data, and the image's file layout is rebuilt and migrated."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from app.core.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
APPS = ("app1", "app2")


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return loaded


@pytest.fixture(scope="module")
def services(compose: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = compose["services"]
    return found


@pytest.fixture(scope="module")
def dockerfile() -> list[str]:
    """Instructions, continuation lines joined, comments dropped."""
    text = (ROOT / "Dockerfile").read_text()
    text = re.sub(r"\\\n\s*(#[^\n]*\n\s*)*", " ", text)
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


def instructions(dockerfile: list[str], keyword: str) -> list[str]:
    return [line[len(keyword) :].strip() for line in dockerfile if line.startswith(keyword + " ")]


def conditions(service: dict[str, Any]) -> dict[str, str]:
    return {name: spec["condition"] for name, spec in service["depends_on"].items()}


def test_the_stack_is_postgres_redis_a_one_shot_migration_two_replicas_and_nginx(
    services: dict[str, Any],
) -> None:
    assert set(services) == {"postgres", "redis", "migrate", *APPS, "nginx"}
    # Pinned to a patch release of PostgreSQL 16 and Redis 7.
    assert re.fullmatch(r"postgres:16\.\d+(-\w+)?", services["postgres"]["image"])
    assert re.fullmatch(r"redis:7\.\d+\.\d+(-\w+)?", services["redis"]["image"])
    assert re.fullmatch(r"nginx:\d+\.\d+\.\d+", services["nginx"]["image"])
    assert services["nginx"]["image"].split(":")[0] == "nginx"  # the official image


def test_migrations_run_once_and_complete_before_any_replica_starts(
    services: dict[str, Any],
) -> None:
    migrate = services["migrate"]
    assert migrate["command"] == ["migrate"]  # after the image's `python -m app.cli`
    assert migrate["restart"] == "no"
    assert conditions(migrate) == {"postgres": "service_healthy"}
    for name in APPS:
        assert conditions(services[name]) == {
            "migrate": "service_completed_successfully",
            "postgres": "service_healthy",
            "redis": "service_healthy",
        }
        assert "command" not in services[name]  # the image's `fairtable serve`


def test_every_service_that_others_wait_for_has_a_healthcheck(
    services: dict[str, Any], dockerfile: list[str]
) -> None:
    assert "pg_isready" in " ".join(services["postgres"]["healthcheck"]["test"])
    assert "ping" in services["redis"]["healthcheck"]["test"]
    # The replicas use the image's HEALTHCHECK; nginx waits for it.
    assert instructions(dockerfile, "HEALTHCHECK")
    assert conditions(services["nginx"]) == {name: "service_healthy" for name in APPS}


def test_replicas_and_migration_share_one_configuration_pointing_at_postgres_and_redis(
    services: dict[str, Any],
) -> None:
    env = services["migrate"]["environment"]
    for name in APPS:
        assert services[name]["environment"] == env
        assert services[name]["image"] == services["migrate"]["image"]
    assert env["VTT_ENVIRONMENT"] == "production"
    assert env["VTT_DATABASE_URL"].startswith("postgresql+asyncpg://")
    assert "@postgres:5432/" in env["VTT_DATABASE_URL"]
    postgres = services["postgres"]["environment"]
    assert env["VTT_DATABASE_URL"].endswith("/" + postgres["POSTGRES_DB"])
    assert env["VTT_DATABASE_URL"].split("//")[1].startswith(postgres["POSTGRES_USER"] + ":")
    assert env["VTT_BROKER_URL"] == "redis://redis:6379/0"
    # No default secret: compose refuses to start without one (`${VAR:?message}`).
    assert re.fullmatch(r"\$\{VTT_SECRET_KEY:\?[^}]+\}", env["VTT_SECRET_KEY"])
    for variable in env:
        assert variable.removeprefix("VTT_").lower() in Settings.model_fields, variable


def test_only_nginx_is_published_and_it_balances_both_replicas_with_websocket_upgrades(
    services: dict[str, Any],
) -> None:
    published = {name for name, service in services.items() if service.get("ports")}
    assert published == {"nginx"}
    mounts = services["nginx"]["volumes"]
    assert "./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro" in mounts
    conf = (ROOT / "deploy" / "nginx.conf").read_text()
    upstream = re.search(r"upstream fairtable \{(.*?)\}", conf, re.S)
    assert upstream is not None
    assert re.findall(r"server (\w+):8000", upstream.group(1)) == list(APPS)
    assert "proxy_pass http://fairtable;" in conf
    assert "proxy_http_version 1.1;" in conf
    assert "proxy_set_header Upgrade $http_upgrade;" in conf
    assert "proxy_set_header Connection $connection_upgrade;" in conf
    assert re.search(r"map \$http_upgrade \$connection_upgrade \{\s*default\s+upgrade;", conf)
    read_timeout = re.search(r"proxy_read_timeout (\d+)([smh]);", conf)
    assert read_timeout is not None and read_timeout.group(2) in "mh"  # sockets stay open


def test_the_image_runs_as_a_non_root_user_and_checks_healthz(dockerfile: list[str]) -> None:
    (base,) = instructions(dockerfile, "FROM")
    assert re.fullmatch(r"python:3\.11\.\d+-slim-bookworm", base)  # a pinned patch release
    users = instructions(dockerfile, "USER")
    assert users and users[-1] not in {"root", "0"}
    last_run = max(i for i, line in enumerate(dockerfile) if line.startswith("RUN "))
    assert dockerfile.index(f"USER {users[-1]}") > last_run  # nothing runs as root after it
    (check,) = instructions(dockerfile, "HEALTHCHECK")
    assert "urllib.request" in check and "/healthz" in check and "python" in check
    assert instructions(dockerfile, "ENTRYPOINT") == ['["python", "-m", "app.cli"]']
    (cmd,) = instructions(dockerfile, "CMD")
    assert cmd.startswith('["serve", "--host", "0.0.0.0"')
    assert "EXPOSE 8000" in dockerfile


def test_the_image_installs_the_locked_dependencies_and_copies_what_migrations_need(
    dockerfile: list[str],
) -> None:
    assert "pip install --require-hashes --no-deps -r requirements.lock" in instructions(
        dockerfile, "RUN"
    )
    copied = {line.split()[0].rstrip("/") for line in instructions(dockerfile, "COPY")}
    assert {"app", "migrations", "alembic.ini", "requirements.lock"} <= copied


def test_the_image_layout_migrates_a_database_from_any_working_directory(
    dockerfile: list[str], tmp_path: Path
) -> None:
    """The files the image copies, on the PYTHONPATH the image sets, are enough to run
    `fairtable migrate` (the runner finds alembic.ini next to the app package)."""
    workdir = tmp_path / "srv"
    workdir.mkdir()
    for line in instructions(dockerfile, "COPY"):
        *sources, _ = line.split()
        for source in sources:
            source = source.rstrip("/")
            origin = ROOT / source
            if origin.is_dir():
                shutil.copytree(
                    origin, workdir / source, ignore=shutil.ignore_patterns("__pycache__")
                )
            else:
                shutil.copy(origin, workdir / source)
    (image_root,) = instructions(dockerfile, "WORKDIR")
    assert f"PYTHONPATH={image_root}" in " ".join(instructions(dockerfile, "ENV"))
    database = tmp_path / "image.db"
    env = {
        **os.environ,
        "PYTHONPATH": str(workdir),
        "VTT_DATABASE_URL": f"sqlite+aiosqlite:///{database}",
    }
    script = (
        "from app.core.migrate import ROOT; print(ROOT);"
        " from app.cli import main; raise SystemExit(main(['migrate']))"
    )
    done = subprocess.run(  # noqa: S603 - our own interpreter, fixed arguments
        [sys.executable, "-c", script],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    imported_from, message = done.stdout.splitlines()[:2]
    assert Path(imported_from) == workdir  # not the checkout the tests run from
    assert "is up to date" in message
    assert database.stat().st_size > 0
