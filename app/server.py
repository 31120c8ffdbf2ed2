"""uvicorn, run the way a table needs it: ``fairtable serve`` and the live tests go through here.

What differs from a plain ``uvicorn app.main:create_app``:

- Shutdown says 1001 (going away). uvicorn's own shutdown fails every open websocket with
  1012 before the app's lifespan shutdown runs, so the hub would never get to close them
  itself. ``GoingAwayServer`` lets the hub close its sockets first, with 1001 and a reason;
  uvicorn then finds them closed.
- Websocket defaults: no per-message compression (it costs about 30 KiB of zlib state per
  socket, and our messages are small) and a 64 KiB frame limit instead of 16 MiB (the hub
  refuses anything over 4 KiB with 1009 anyway; this bounds what uvicorn buffers first).
  uvicorn's sans-I/O websockets protocol writes frames straight to the transport: in
  bench/ws_bench.py it cut the 1,000-socket fan-out from ~1.3x to ~1.15x the bare server.
- SIGTERM ends the process through Python's exit path, with status 0 once the graceful
  shutdown is done, as ``--workers N``'s supervisor already does. uvicorn shuts down, then
  raises the signal again; with its default action the process died there, skipping every
  ``finally`` and ``atexit`` (multiprocessing's removes the import workers' fork-server
  folder from the temp dir, so every restart left one more behind).
- Logging: uvicorn's own configuration, with ``app.core.log_redaction.RedactSecrets`` on
  every handler, so no token, key, ticket, invite code or password reaches a log line
  (the access log shows ``?ticket=[redacted]``); the app's loggers write through it too.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import tempfile
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

import uvicorn
from uvicorn.supervisors import multiprocess

from app.core.log_redaction import log_config

APP = "app.main:create_app"
WS_MAX_FRAME_BYTES = 64 * 1024
GRACEFUL_SHUTDOWN_SECONDS = 10


class GoingAwayServer(uvicorn.Server):
    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        with _exit_on_sigterm():
            await super().serve(sockets)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        hub = hub_of(self.config.loaded_app)
        if hub is not None:
            await hub.close_all()
        await super().shutdown(sockets)


class GoingAwayProcess(multiprocess.Process):
    """A worker of ``--workers N`` that runs a ``GoingAwayServer``: uvicorn's supervisor
    builds a plain ``Server`` in each worker, and has no option to change that."""

    @property
    def server(self) -> uvicorn.Server:
        if self._server is None:
            self._server = GoingAwayServer(config=self.config)
        return self._server


@contextlib.contextmanager
def _exit_on_sigterm() -> Iterator[None]:
    """SIGTERM as ``SystemExit`` while uvicorn serves: uvicorn restores this handler and
    raises the signal again once it has shut down (see the module doc)."""
    if threading.current_thread() is not threading.main_thread():
        yield  # a server in a thread: its signals are the main thread's
        return
    before = signal.signal(signal.SIGTERM, _exit)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _exit(_signum: int, _frame: FrameType | None) -> None:
    raise SystemExit(0)


def hub_of(app: Any) -> Any:
    """The hub on the app's state, looking through the middleware uvicorn wraps it in."""
    for _ in range(8):
        if app is None:
            return None
        hub = getattr(getattr(app, "state", None), "hub", None)
        if hub is not None:
            return hub
        app = getattr(app, "app", None)
    return None


def serve(
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    uds: str | None = None,
    workers: int = 1,
    log_level: str = "info",
    access_log: bool = True,
    log_format: str = "text",
) -> None:
    made: str | None = None  # the metrics folder this start made, removed when it stops
    if workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        # Each worker writes its metrics here; /metrics in any worker adds them up.
        made = tempfile.mkdtemp(prefix="fairtable-metrics-")
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = made
    listener = _metrics_port(workers)
    config = uvicorn.Config(
        APP,
        factory=True,
        host=host,
        port=port,
        uds=uds,
        workers=workers,
        log_level=log_level,
        log_config=log_config(log_level, log_format),
        access_log=access_log and log_format != "json",
        ws_per_message_deflate=False,
        ws_max_size=WS_MAX_FRAME_BYTES,
        ws="websockets-sansio",
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS,
    )
    try:
        if config.workers > 1:
            # The supervisor pickles its Process objects into the workers (spawn), so ours
            # must be the class it instantiates.
            multiprocess.Process = GoingAwayProcess  # type: ignore[misc]
            multiprocess.Multiprocess(config, sockets=[config.bind_socket()]).run()
        else:
            GoingAwayServer(config).run()
    except KeyboardInterrupt:
        pass
    finally:
        if listener is not None:
            listener.close()
        if uds and os.path.exists(uds):
            os.remove(uds)
        if made is not None:  # else every restart would leave one more behind
            shutil.rmtree(made, ignore_errors=True)


def _metrics_port(workers: int) -> Any:
    """With several workers and ``VTT_METRICS_PORT``, the supervisor serves that port (one
    listener, adding up every worker's files) and tells the workers to leave it alone; one
    worker serves it itself (app/main.py)."""
    if workers <= 1:
        return None
    from app.core.settings import get_settings

    settings = get_settings()
    if not settings.metrics or settings.metrics_port is None:
        return None
    from app.core import metrics  # after PROMETHEUS_MULTIPROC_DIR: it reads every worker's

    os.environ[metrics.SUPERVISOR_SERVES] = "1"
    return metrics.serve_metrics(settings.metrics_host, settings.metrics_port)
