"""A throwaway ``redis-server`` per test: the machine's shared Redis is never restarted.

Tests that need one skip with a visible reason when the binary is missing."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time

import pytest
import redis

REDIS_SERVER = shutil.which("redis-server")
needs_redis_server = pytest.mark.skipif(
    REDIS_SERVER is None, reason="redis-server is not installed (apt-get install redis-server)"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class RedisServer:
    """One ``redis-server`` process on a fixed port, to be killed and restarted at will."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        if REDIS_SERVER is None:
            raise RuntimeError("redis-server is not installed")
        self.process = subprocess.Popen(  # noqa: S603 - fixed arguments, no shell
            [
                REDIS_SERVER,
                *("--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--daemonize", "no"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
        try:
            deadline = time.monotonic() + 10
            while True:
                try:
                    client.ping()
                    return
                except redis.ConnectionError:
                    if time.monotonic() > deadline or self.process.poll() is not None:
                        raise
                    time.sleep(0.05)
        finally:
            client.close()

    def kill(self) -> None:
        """A crash, not a shutdown: every connection drops at once."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None
