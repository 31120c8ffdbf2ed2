"""The ``fairtable`` command: serve the API, migrate the database, or verify a campaign's
dice from an export or an audit bundle (offline: no server, no database)."""

from __future__ import annotations

import argparse
import sys

from pydantic import ValidationError


def _settings():  # type: ignore[no-untyped-def]
    from app.core.settings import get_settings

    try:
        return get_settings()
    except ValidationError as exc:
        sys.exit(f"fairtable: bad configuration: {exc.errors()[0]['msg']}")


def cmd_migrate(_: argparse.Namespace) -> int:
    from app.core.migrate import upgrade

    settings = _settings()
    upgrade(settings.database_url)
    print(f"fairtable: database at {settings.database_url} is up to date")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    cmd_migrate(args)
    uvicorn.run(
        "app.main:create_app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level="info",
        timeout_graceful_shutdown=10,
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fairtable", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="apply migrations, then serve the API")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1)
    serve.set_defaults(func=cmd_serve)
    migrate = sub.add_parser("migrate", help="apply database migrations and exit")
    migrate.set_defaults(func=cmd_migrate)
    check = sub.add_parser(
        "verify", help="check the hash chain and every die of an export or audit bundle"
    )
    check.add_argument("file", help="a campaign export or a saved GET /campaigns/{cid}/audit")
    check.set_defaults(func=cmd_verify)
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
