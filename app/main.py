"""The app factory: settings, database, routers, error handlers and middleware."""

from __future__ import annotations

import hmac
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial

from fastapi import FastAPI, Request, Response
from fastapi_offline import FastAPIOffline

from app.accounts.routes import router as accounts_router
from app.campaigns.routes import router as campaigns_router
from app.characters.damage_routes import router as damage_router
from app.characters.routes import router as characters_router
from app.core import idempotency, metrics
from app.core.cors import install_cors
from app.core.database import create_database
from app.core.deps import needs_credential
from app.core.errors import AppError, Unauthorized, install_handlers
from app.core.heap import fix_mmap_threshold, tune_garbage_collector
from app.core.i18n import LanguageMiddleware, msg
from app.core.ids import configure_pepper
from app.core.limits import BodySizeLimit
from app.core.observe import ObserveRequests
from app.core.openapi import DESCRIPTION as OPENAPI_DESCRIPTION
from app.core.openapi import install_openapi, ok, problems
from app.core.operation_ids import operation_id
from app.core.ratelimit import AnonymousLimit, create_limiter, open_routes
from app.core.routing import ApiRoute, require_api_routes
from app.core.security import AuthCache, configure_password_hashing
from app.core.settings import Settings, get_settings
from app.core.writer import create_writer
from app.delegations.routes import router as delegations_router
from app.events.routes import router as events_router
from app.exchange.joining import WORKERS as import_workers
from app.exchange.routes import router as exchange_router
from app.fairness.routes import router as fairness_router
from app.grants.routes import router as grants_router
from app.messages.routes import router as messages_router
from app.odds.routes import router as odds_router
from app.overview.routes import router as overview_router
from app.problems.routes import router as problems_router
from app.realtime.broker_url import create_broker
from app.realtime.hub import start_hub
from app.realtime.routes import router as realtime_router
from app.roll_requests import sweep as roll_request_sweep
from app.roll_requests.routes import router as roll_requests_router
from app.rolls.routes import router as rolls_router
from app.rules import SystemDice
from app.stats import retention as stats_retention
from app.stats.routes import router as stats_router
from app.table.routes import router as table_router
from app.web.routes import router as web_router
from app.web.routes import static_files
from app.webhooks.delivery import start_worker as start_webhooks
from app.webhooks.routes import router as webhooks_router

API_PREFIX = "/api/v1"


def _read_pool(database: object) -> None:
    in_use = getattr(database, "connections_in_use", None)
    if in_use is not None:  # PostgreSQL: read at each scrape
        metrics.POOL_IN_USE.set(in_use())


def _metrics_listener(settings: Settings, database: object) -> metrics.MetricsServer | None:
    """``/metrics`` on ``VTT_METRICS_PORT``, when set (and not served by the supervisor of
    several workers, app/server.py)."""
    if not settings.metrics or settings.metrics_port is None:
        return None
    if os.environ.get(metrics.SUPERVISOR_SERVES):
        return None
    return metrics.serve_metrics(
        settings.metrics_host, settings.metrics_port, partial(_read_pool, database)
    )


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    configure_password_hashing(settings.password_time_cost, settings.password_memory_kib)
    configure_pepper(settings.secret_key)
    idempotency.configure(settings.idempotency_ttl_seconds)
    stats_retention.configure(settings.stats_minute_tally_days)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        database = create_database(settings.database_url, pool_size=settings.db_pool_size)
        await database.start()
        app.state.database = database
        app.state.broker = broker = create_broker(settings.broker_url, settings.redis_prefix)
        await broker.start()
        publish = broker.publish_nowait
        app.state.writer = create_writer(
            database, metrics.counting_publish(publish) if settings.metrics else publish
        )
        if limiter is not None:
            await limiter.start()
        hub = start_hub(app.state, settings.ws_queue_size, settings.presence_heartbeat_seconds)
        purger = idempotency.start_purger(
            app.state.writer, settings.idempotency_purge_seconds, settings.idempotency_purge_batch
        )
        minute_purger = stats_retention.start_purger(app.state.writer)
        sweeper = roll_request_sweep.start_sweeper(
            database, app.state.writer, settings.roll_request_sweep_seconds
        )
        app.state.metrics_server = listener = _metrics_listener(settings, database)
        webhooks = start_webhooks(app.state, settings) if settings.webhook_delivery else None
        tune_garbage_collector()
        fix_mmap_threshold()
        try:
            yield
        finally:
            if listener is not None:
                listener.close()
            await hub.close_all()  # 1001 to every socket, before the database goes
            await idempotency.stop_purger(purger)
            await stats_retention.stop_purger(minute_purger)
            await roll_request_sweep.stop_sweeper(sweeper)
            if webhooks is not None:  # the attempts under way finish, before the writer goes
                await webhooks.stop()
            await app.state.writer.close()
            await import_workers.close()
            if limiter is not None:
                await limiter.close()
            await broker.close()
            await database.close()

    # /docs and /redoc serve Swagger UI and ReDoc from the fastapi-offline package's own
    # copies (/static-offline-docs/…): a table without internet keeps its reference.
    app = FastAPIOffline(
        generate_unique_id_function=partial(operation_id, prefix=API_PREFIX),
        title="Fairtable",
        version="1.0.0",
        summary="Dice everyone at the table can trust: rolled, stored and answered by the server.",
        description=OPENAPI_DESCRIPTION,
        lifespan=lifespan,
        # No validator badge: Swagger UI would load it from validator.swagger.io.
        swagger_ui_parameters={"validatorUrl": None},
    )
    # Every API endpoint refuses a query parameter it does not declare (422).
    app.router.route_class = ApiRoute
    app.state.settings = settings
    app.state.auth_cache = AuthCache(settings.auth_cache_seconds)
    # None: dice come from each campaign's committed seed. Tests may put a ScriptedDice here.
    app.state.dice = SystemDice() if settings.dice == "system" else None
    # Per user in get_principal, per client address in AnonymousLimit; None when off.
    app.state.ratelimiter = limiter = create_limiter(settings)
    install_handlers(app)

    # Rolls first: routes are matched in order, and rolling is what a table does most.
    routers = (
        rolls_router,
        accounts_router,
        campaigns_router,
        characters_router,
        delegations_router,
        damage_router,
        grants_router,
        exchange_router,
        odds_router,
        table_router,
        roll_requests_router,
        messages_router,
        fairness_router,
        events_router,
        webhooks_router,
        realtime_router,
        overview_router,
        stats_router,
        problems_router,
    )
    require_api_routes(routers)
    for router in routers:
        app.include_router(router, prefix=API_PREFIX)
    install_openapi(app, routers, API_PREFIX)

    @app.get(
        "/healthz", tags=["health"], summary="Liveness", responses=ok(200, {"status": "ok"}, "Up.")
    )
    async def healthz() -> dict[str, str]:
        """The process is up."""
        return {"status": "ok"}

    @app.get(
        "/readyz",
        tags=["health"],
        summary="Readiness",
        responses={**ok(200, {"status": "ready"}, "Ready."), **problems(503)},
    )
    async def readyz() -> dict[str, str]:
        """The database answers."""
        try:
            async with app.state.database.read() as db:
                await db.fetchone("SELECT 1")
        except Exception as exc:
            raise AppError(
                msg("the database is unreachable"), status=503, title="Unavailable"
            ) from exc
        return {"status": "ready"}

    if settings.metrics and settings.metrics_port is None:  # else on its own port

        @app.get("/metrics", include_in_schema=False)
        async def prometheus_metrics(request: Request) -> Response:
            """Prometheus text format; with ``VTT_METRICS_TOKEN``, only for that bearer."""
            if settings.metrics_token is not None:
                given = request.headers.get("authorization", "")
                if not hmac.compare_digest(
                    given.encode(), f"Bearer {settings.metrics_token}".encode()
                ):
                    raise Unauthorized(msg("/metrics needs the metrics token (VTT_METRICS_TOKEN)"))
            _read_pool(request.app.state.database)
            return Response(metrics.exposition(), media_type=metrics.CONTENT_TYPE_LATEST)

    # The web client last: its routes never shadow the API's, and /api/... 404s stay
    # problem+json because the page answers only its own client routes (app/web/routes.py).
    app.include_router(web_router)
    app.mount("/static", static_files(), name="static")

    if limiter is not None:  # inside CORS, so a 429 carries its headers
        anonymous = open_routes(routers, API_PREFIX, needs_credential)
        app.add_middleware(
            AnonymousLimit,
            limiter=limiter,
            routes=anonymous,
            proxies=settings.trusted_proxies,
        )
    install_cors(app, settings.cors_origins)  # OPTIONS answered; CORS for the origins set
    app.add_middleware(
        BodySizeLimit,
        max_bytes=settings.max_body_bytes,
        wider={f"{API_PREFIX}/campaigns/import": settings.max_import_bytes},
    )
    app.add_middleware(LanguageMiddleware)  # every answer knows its language
    # Outermost: the request id is on every answer, refusals of the layers above included.
    app.add_middleware(
        ObserveRequests, metrics_on=settings.metrics, log_requests=settings.log_format == "json"
    )
    return app
