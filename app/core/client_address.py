"""The address a request came from, as seen through the proxies the operator trusts.

Throttling and rate limits count per client address, so the address must not be one a
client can choose: ``X-Forwarded-For`` is read only when the direct peer is a trusted proxy
(``VTT_TRUSTED_PROXIES``), and then from the right, skipping further trusted hops, because
everything left of the last untrusted hop was written by the client itself.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable, Sequence

from starlette.requests import HTTPConnection

__all__ = ["TrustedProxies", "client_address"]

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class TrustedProxies:
    """The networks whose ``X-Forwarded-For`` is believed, parsed once from the setting."""

    def __init__(self, networks: Iterable[str]) -> None:
        self.networks: tuple[Network, ...] = tuple(
            ipaddress.ip_network(item.strip(), strict=False) for item in networks if item.strip()
        )

    def trusts(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)

    def resolve(self, peer: str, forwarded_for: Sequence[str]) -> str:
        """The client address, given the direct peer and the ``X-Forwarded-For`` headers."""
        if not self.trusts(peer):
            return peer
        hops = [hop.strip() for header in forwarded_for for hop in header.split(",")]
        for hop in reversed([hop for hop in hops if hop]):
            if not self.trusts(hop):
                return hop if _is_ip(hop) else peer
        return peer


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def client_address(connection: HTTPConnection, proxies: TrustedProxies) -> str:
    """For an HTTP request or a websocket alike."""
    peer = connection.client.host if connection.client else "unknown"
    return proxies.resolve(peer, connection.headers.getlist("x-forwarded-for"))
