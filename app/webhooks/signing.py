"""Standard Webhooks signatures (the specification's symmetric scheme, ``v1``).

A secret is ``whsec_`` and the base64 of 32 random bytes. Each attempt is signed as
``HMAC-SHA256(secret, "{webhook-id}.{webhook-timestamp}.{body}")`` and sent in three
headers: ``webhook-id`` (the event's, the same on every retry: receivers deduplicate on
it), ``webhook-timestamp`` (the attempt's, in seconds: receivers refuse old ones) and
``webhook-signature`` (``v1,`` and the base64 of the HMAC).

Written with the standard library rather than the ``standardwebhooks`` package: the scheme
is a dozen lines, and the tests then check these signatures with that package, an
implementation independent of this one.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

PREFIX = "whsec_"
SECRET_BYTES = 32


def new_secret() -> str:
    return PREFIX + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


def message_id(campaign_id: str, seq: int) -> str:
    """The ``webhook-id`` of an event: one per event, whatever the attempt or the instance
    (and no ``.`` in it, which the signed content uses as its separator)."""
    return f"msg_{campaign_id}_{seq}"


def headers(secret: str, msg_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    """The three Standard Webhooks headers for one attempt at sending ``body``."""
    key = base64.b64decode(secret.removeprefix(PREFIX))
    signed = b"%s.%d.%s" % (msg_id.encode(), timestamp, body)
    digest = hmac.new(key, signed, hashlib.sha256).digest()
    return {
        "webhook-id": msg_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": "v1," + base64.b64encode(digest).decode(),
    }
