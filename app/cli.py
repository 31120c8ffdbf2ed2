"""The ``fairtable`` command: serve the API, migrate the database, verify a campaign's
dice from an export or an audit bundle (offline: no server, no database), or back up and
restore one campaign whole (database access: the operator's, never an API answer)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.core.settings import Settings

import argparse
import sys

from pydantic import ValidationError


def _settings() -> Settings:
    from app.core.settings import get_settings

    try:
        return get_settings()
    except ValidationError as exc:
        sys.exit(f"fairtable: bad configuration: {exc.errors()[0]['msg']}")


def cmd_migrate(_: argparse.Namespace) -> int:
    from sqlalchemy import make_url

    from app.core.migrate import upgrade

    settings = _settings()
    upgrade(settings.database_url)
    shown = make_url(settings.database_url).render_as_string(hide_password=True)
    print(f"fairtable: database at {shown} is up to date")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from app.server import serve

    cmd_migrate(args)
    serve(
        host=args.host,
        port=args.port,
        uds=args.uds,
        workers=args.workers,
        log_level=args.log_level,
        access_log=not args.no_access_log,
    )
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """Exit 0 when every check passed, 1 otherwise (also for an unreadable file)."""
    import json

    from app.rules.verify import verify

    try:
        with open(args.file, encoding="utf-8") as handle:
            document = json.load(handle)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        print(f"FAIL: cannot read {args.file}: {exc}")
        return 1
    report = verify(document)
    print(report.summary())
    return 0 if report.ok else 1


def cmd_export(args: argparse.Namespace) -> int:
    """A full backup of one campaign, secret seed included: the file is written readable
    by its owner only."""
    import asyncio
    import os

    from app.core.database import create_database
    from app.core.errors import AppError
    from app.exchange.backup import backup

    async def run() -> bytes:
        database = create_database(_settings().database_url, pool_size=1)
        await database.start()
        try:
            return await backup(database, args.campaign_id)
        finally:
            await database.close()

    try:
        body = asyncio.run(run())
    except AppError as exc:
        print(f"fairtable: {exc.detail}", file=sys.stderr)
        return 1
    fd = os.open(args.file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(body)
    print(f"fairtable: campaign {args.campaign_id} backed up to {args.file} (keep it secret)")
    return 0


def cmd_import(args: argparse.Namespace) -> int:
    """Restore a backup made by ``fairtable export``; exit 1 (nothing written) if it does
    not verify, or the campaign is still there."""
    import asyncio
    from typing import Any

    from app.core.database import create_database
    from app.core.errors import AppError
    from app.exchange.backup import restore

    try:
        with open(args.file, "rb") as handle:
            text = handle.read()
    except OSError as exc:
        print(f"fairtable: cannot read {args.file}: {exc}", file=sys.stderr)
        return 1

    async def run() -> dict[str, Any]:
        database = create_database(_settings().database_url, pool_size=1)
        await database.start()
        try:
            return await restore(database, text)
        finally:
            await database.close()

    try:
        done = asyncio.run(run())
    except AppError as exc:
        print(f"fairtable: {exc.detail}", file=sys.stderr)
        return 1
    print(f"fairtable: campaign {done['id']} restored ({done['rolls']} rolls, "
          f"{done['members']} members)")  # fmt: skip
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fairtable", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="apply migrations, then serve the API")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--uds", help="listen on this Unix socket instead of host:port")
    serve.add_argument("--workers", type=int, default=1)
    serve.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )
    serve.add_argument("--no-access-log", action="store_true", help="do not log each request")
    serve.set_defaults(func=cmd_serve)
    migrate = sub.add_parser("migrate", help="apply database migrations and exit")
    migrate.set_defaults(func=cmd_migrate)
    check = sub.add_parser(
        "verify", help="check the hash chain and every die of an export or audit bundle"
    )
    check.add_argument("file", help="a campaign export or a saved GET /campaigns/{cid}/audit")
    check.set_defaults(func=cmd_verify)
    export = sub.add_parser(
        "export", help="back up one campaign whole, secret seed included (database access)"
    )
    export.add_argument("campaign_id")
    export.add_argument("file", help="where to write the backup (created mode 0600)")
    export.set_defaults(func=cmd_export)
    restore = sub.add_parser("import", help="restore a campaign from a `fairtable export` file")
    restore.add_argument("file")
    restore.set_defaults(func=cmd_import)
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
