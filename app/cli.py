"""The ``fairtable`` command: serve the API, migrate the database, verify a campaign's
dice from an export or an audit bundle (offline: no server, no database), or back up and
restore one campaign whole (database access: the operator's, never an API answer)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.core.settings import Settings

import argparse
import os
import sys

from pydantic import ValidationError

from app.core.heap import tune_garbage_collector


def _settings() -> Settings:
    from app.core.settings import get_settings

    try:
        return get_settings()
    except ValidationError as exc:
        sys.exit(f"fairtable: bad configuration: {exc.errors()[0]['msg']}")


def cmd_migrate(_: argparse.Namespace) -> int:
    from sqlalchemy import make_url

    from app.core.migrate import DatabaseUnavailable, upgrade

    settings = _settings()
    shown = make_url(settings.database_url).render_as_string(hide_password=True)
    try:
        upgrade(settings.database_url)
    except DatabaseUnavailable as exc:
        sys.exit(f"fairtable: cannot use the database at {shown}: {exc}")
    print(f"fairtable: database at {shown} is up to date")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from app.server import serve

    cmd_migrate(args)
    serve(
        log_format=_settings().log_format,
        host=args.host,
        port=args.port,
        uds=args.uds,
        workers=args.workers,
        log_level=args.log_level,
        access_log=not args.no_access_log,
    )
    return 0


def cmd_messages(args: argparse.Namespace) -> int:
    """Bring app/locale/*/LC_MESSAGES/messages.po in step with the messages in the code."""
    from app.core.i18n_catalogue import update_catalogues

    for path in update_catalogues(args.language or None):
        print(f"fairtable: updated {path}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """Exit 0 when every check passed, 1 otherwise (also for an unreadable file)."""
    from app.exchange.commands import verify_file

    return verify_file(args.file)


def cmd_export(args: argparse.Namespace) -> int:
    """A full backup of one campaign, secret seed included: the file is written readable
    by its owner only."""
    from app.exchange.commands import export_file

    return export_file(_settings().database_url, args.campaign_id, args.file)


def cmd_import(args: argparse.Namespace) -> int:
    """Restore a backup made by ``fairtable export``; exit 1 (nothing written) if it does
    not verify, or the campaign is still there."""
    from app.exchange.commands import import_file
    from app.stats import retention as stats_retention

    settings = _settings()
    stats_retention.configure(settings.stats_minute_tally_days)
    return import_file(settings.database_url, args.file, settings.max_import_line_bytes)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("at least 1")
    return value


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("at least 0")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("a number of seconds") from None
    if not 0 <= value <= 86400:
        raise argparse.ArgumentTypeError("between 0 and 86400 seconds")
    return value


def cmd_demo(args: argparse.Namespace) -> int:
    """Fill a new 3d6 campaign with ``--rolls`` genuine, chained rolls (app/rolls/bulk.py)
    and print its id, an API key for each member, and the rate."""
    import asyncio

    from app.core.database import create_database
    from app.core.ids import configure_pepper
    from app.core.migrate import upgrade
    from app.core.security import configure_password_hashing
    from app.rolls.bulk import MOST_SPREAD, Demo, generate
    from app.stats import retention as stats_retention

    if args.rolls * args.every > MOST_SPREAD:
        print("fairtable: --rolls x --every spans more than ten years", file=sys.stderr)
        return 2
    settings = _settings()
    if args.database_url:
        settings = settings.model_copy(update={"database_url": args.database_url})
    upgrade(settings.database_url)
    configure_password_hashing(settings.password_time_cost, settings.password_memory_kib)
    configure_pepper(settings.secret_key)  # the API keys must match the server's
    stats_retention.configure(settings.stats_minute_tally_days)
    shown = sys.stderr.isatty()

    def progress(done: int) -> None:
        if shown:
            print(f"\rfairtable: {done}/{args.rolls} rolls", end="", file=sys.stderr)

    async def run() -> Demo:
        database = create_database(settings.database_url, pool_size=2)
        await database.start()
        try:
            return await generate(
                database,
                settings,
                args.rolls,
                name=args.campaign_name,
                workers=args.workers,
                progress=progress,
                every=args.every,
            )
        finally:
            await database.close()

    demo = asyncio.run(run())
    if shown:
        print(file=sys.stderr)
    print(f"campaign_id={demo.campaign_id}")
    for username, key in demo.keys.items():
        print(f"api_key {username}={key}")
    print(f"rolls={demo.rolls} seconds={demo.seconds:.3f} rolls_per_second={demo.rate:.0f}")
    return 0


def cmd_openapi(args: argparse.Namespace) -> int:
    import json

    from app.core.documents import openapi_document

    text = json.dumps(openapi_document(), indent=2, ensure_ascii=False) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text)
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
    messages = sub.add_parser(
        "messages", help="add the code's new messages to the server's catalogues (app/locale)"
    )
    messages.add_argument(
        "language", nargs="*", help="a new language to create a catalogue for (e.g. de)"
    )
    messages.set_defaults(func=cmd_messages)
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
    demo = sub.add_parser("demo", help="fill a new 3d6 campaign with N genuine chained rolls")
    demo.add_argument("--rolls", type=_positive, default=1000)
    demo.add_argument("--campaign-name", default="Demo campaign")
    demo.add_argument(
        "--workers",
        type=_count,
        default=os.cpu_count() or 1,
        help="processes that make the rolls (default: one a core; 0: this one alone)",
    )
    demo.add_argument(
        "--every",
        type=_seconds,
        default=0.0,
        help="seconds between two rolls, the last about now (default 0: all now)",
    )
    demo.add_argument("--database-url", help="instead of VTT_DATABASE_URL")
    demo.set_defaults(func=cmd_demo)
    openapi = sub.add_parser(
        "openapi", help="write the OpenAPI document (JSON) without a server or a database"
    )
    openapi.add_argument("-o", "--output", default="-", help="a file, or - for stdout")
    openapi.set_defaults(func=cmd_openapi)
    args = parser.parse_args(argv)
    tune_garbage_collector()  # the commands build rows by the thousand, as the server does
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
