"""Where a webhook may point: an http(s) URL whose host resolves to public addresses only.

A target on loopback, a private network, link-local (cloud metadata services), multicast,
reserved or unspecified addresses would let a storyteller make the server call into its
own network (server-side request forgery). The check runs twice: when a target is created
or its URL changed, and at every connection the delivery client opens (``GuardedBackend``):
the host is resolved there, each address checked, and the connection made to the checked
address itself, so a name that resolves elsewhere by the time of delivery (DNS rebinding)
gains nothing. ``VTT_WEBHOOK_ALLOW_PRIVATE=true`` lifts it (tests, a table on a LAN).
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from typing import Any

import httpcore
import httpx
from httpcore import AsyncNetworkStream

from app.core.errors import Unprocessable
from app.core.i18n import msg

RESOLVE_SECONDS = 5.0
IP = ipaddress.IPv4Address | ipaddress.IPv6Address


class AddressRefused(Exception):
    """The host is, or resolves to, an address webhooks may not reach."""


class Refused(httpcore.ConnectError):
    """A connection the delivery client did not open: its address is not public."""


def parse(url: str) -> httpx.URL:
    """``url`` as a target: http or https, a host, no user name or password in it (422)."""
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError, ValueError) as exc:
        raise Unprocessable(msg("url: not a URL")) from exc
    if parsed.scheme not in ("http", "https") or not parsed.host:
        raise Unprocessable(msg("url: only http and https URLs with a host are allowed"))
    if parsed.userinfo:
        raise Unprocessable(msg("url: a user name or password in the URL is not allowed"))
    return parsed


def _unmapped(address: IP) -> IP:
    """An IPv4 address an IPv6 one carries (``::ffff:10.0.0.1``, 6to4, Teredo), if any."""
    if isinstance(address, ipaddress.IPv6Address):
        inner = address.ipv4_mapped or address.sixtofour
        if inner is not None:
            return inner
        if address.teredo is not None:
            return address.teredo[1]
    return address


def is_public(address: IP) -> bool:
    address = _unmapped(address)
    return address.is_global and not (
        address.is_multicast or address.is_reserved or address.is_unspecified
    )


async def resolve(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to (an IP literal: itself)."""
    try:
        return [str(ipaddress.ip_address(host.strip("[]")))]
    except ValueError:
        pass
    loop = asyncio.get_running_loop()
    try:
        found = await asyncio.wait_for(
            loop.getaddrinfo(host, port, type=socket.SOCK_STREAM), RESOLVE_SECONDS
        )
    except (OSError, TimeoutError) as exc:
        raise AddressRefused(f"{host} does not resolve") from exc
    return list(dict.fromkeys(str(info[4][0]) for info in found))


async def public_addresses(host: str, port: int) -> list[str]:
    """The addresses of ``host``, all public; ``AddressRefused`` if any is not (a name with
    one private address among public ones is refused whole)."""
    addresses = await resolve(host, port)
    for address in addresses:
        if not is_public(ipaddress.ip_address(address.split("%", 1)[0])):
            raise AddressRefused(f"{host} is not a public address")
    if not addresses:
        raise AddressRefused(f"{host} does not resolve")
    return addresses


async def check(url: str, allow_private: bool) -> str:
    """A target's URL as given, once its syntax and (unless private ones are allowed) its
    addresses pass; 422 otherwise."""
    parsed = parse(url)
    if not allow_private:
        try:
            await public_addresses(parsed.host, parsed.port or _default_port(parsed))
        except AddressRefused:
            raise Unprocessable(
                msg(
                    "url: {host} is a loopback, private or otherwise non-public address, "
                    "or does not resolve; webhooks go to public addresses only",
                    host=parsed.host,
                )
            ) from None
    return url


def _default_port(url: httpx.URL) -> int:
    return 443 if url.scheme == "https" else 80


class GuardedBackend(httpcore.AsyncNetworkBackend):
    """httpcore's network backend, checking each connection's addresses first and then
    connecting to a checked address (TLS still verifies the URL's host name)."""

    def __init__(self, allow_private: bool) -> None:
        self._inner = httpcore.AnyIOBackend()
        self._allow_private = allow_private

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's signature
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> AsyncNetworkStream:
        if not self._allow_private:
            try:
                host = (await public_addresses(host, port))[0]
            except AddressRefused as exc:
                raise Refused(str(exc)) from exc
        return await self._inner.connect_tcp(
            host, port, timeout=timeout, local_address=local_address, socket_options=socket_options
        )

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's signature
        socket_options: Any = None,
    ) -> AsyncNetworkStream:
        raise Refused("webhooks do not go to Unix sockets")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


def client(allow_private: bool, timeout: float) -> httpx.AsyncClient:
    """The delivery client: no redirects followed, no proxy or .netrc from the
    environment (a proxy would bypass the address check), every connection checked."""
    transport = httpx.AsyncHTTPTransport(trust_env=False, retries=0)
    # httpx builds its pool without a way to name the network backend: rebuild it with
    # the same settings and ours (httpcore's public API).
    transport._pool = httpcore.AsyncConnectionPool(
        ssl_context=httpx.create_ssl_context(trust_env=False),
        max_connections=100,
        max_keepalive_connections=20,
        keepalive_expiry=30.0,
        network_backend=GuardedBackend(allow_private),
    )
    return httpx.AsyncClient(
        transport=transport,
        timeout=httpx.Timeout(timeout),
        follow_redirects=False,
        trust_env=False,
        headers={"user-agent": "Fairtable-Webhooks/1"},
    )
