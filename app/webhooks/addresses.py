"""Where a webhook may point: an http(s) URL whose host resolves to public addresses only.

A target on loopback, a private network, link-local (cloud metadata services), multicast,
reserved or unspecified addresses would let a storyteller make the server call into its
own network (server-side request forgery). The check runs twice: when a target is created
or its URL changed, and at every connection the delivery client opens: the host is
resolved there, each address checked, and the connection made to the checked
address itself, so a name that resolves elsewhere by the time of delivery (DNS rebinding)
gains nothing (app/webhooks/client.py). ``VTT_WEBHOOK_ALLOW_PRIVATE=true`` lifts it (tests,
a table on a LAN).
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from urllib.parse import SplitResult, urlsplit

from app.core.errors import Unprocessable
from app.core.i18n import msg

RESOLVE_SECONDS = 5.0
IP = ipaddress.IPv4Address | ipaddress.IPv6Address


class AddressRefused(Exception):
    """The host is, or resolves to, an address webhooks may not reach."""


def parse(url: str) -> SplitResult:
    """``url`` as a target: http or https, a host, no user name or password in it (422)."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - a port out of range raises here
    except ValueError as exc:
        raise Unprocessable(msg("url: not a URL")) from exc
    if any(c.isspace() for c in url):
        raise Unprocessable(msg("url: not a URL"))
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Unprocessable(msg("url: only http and https URLs with a host are allowed"))
    if parts.username is not None or parts.password is not None:
        raise Unprocessable(msg("url: a user name or password in the URL is not allowed"))
    return parts


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
    host = parsed.hostname or ""
    if not allow_private:
        try:
            await public_addresses(host, parsed.port or (443 if parsed.scheme == "https" else 80))
        except AddressRefused:
            raise Unprocessable(
                msg(
                    "url: {host} is a loopback, private or otherwise non-public address, "
                    "or does not resolve; webhooks go to public addresses only",
                    host=host,
                )
            ) from None
    return url
