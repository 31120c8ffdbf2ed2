"""Audit links as a viewer receives them: version, salting seed and, when the viewer may
have it, the salt (docs/fairness.md, "The chain").

A v2 link's salt is handed out with its record (a link the viewer may read) and, for every
link, once the seed that salted it is revealed: then anyone can compute it anyway. Shared
by the audit pages, the export and the import (which rebuilds the links from the events it
is given instead of trusting the document's ``audit``)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.rules.chain import chain_record, link_salt

__all__ = ["SaltKey", "Salts", "is_stub", "link_of"]


@dataclass(frozen=True, slots=True)
class SaltKey:
    number: int
    links_from: int
    secret: bytes
    revealed: bool


class Salts:
    """Which seed salted the link at a seq: the last seed whose ``links_from`` is at most
    that seq; none (a v1 link) before the first."""

    __slots__ = ("_keys", "_starts", "campaign_id")

    def __init__(self, campaign_id: str, keys: Sequence[SaltKey]) -> None:
        self.campaign_id = campaign_id
        self._keys = sorted(keys, key=lambda key: key.links_from)
        self._starts = [key.links_from for key in self._keys]

    def key_of(self, seq: int) -> SaltKey | None:
        index = bisect_right(self._starts, seq) - 1
        return self._keys[index] if index >= 0 else None

    def salt(self, seq: int) -> str | None:
        key = self.key_of(seq)
        return None if key is None else link_salt(key.secret, self.campaign_id, seq)


def is_stub(data: Mapping[str, Any]) -> bool:
    """A roll event whose content did not travel with an export (a roll its storyteller
    may not read): it only carries its place in the chain."""
    return data.get("redacted") is True


def link_of(
    salts: Salts, seq: int, data: Mapping[str, Any], prev_hash: str, hash_: str, visible: bool
) -> dict[str, Any]:
    """The audit link of the roll event ``data`` at ``seq``, for a viewer who may
    (``visible``) or may not read its roll."""
    key = salts.key_of(seq)
    shown = visible and not is_stub(data)
    salt = None
    if key is not None and (shown or key.revealed):
        salt = link_salt(key.secret, salts.campaign_id, seq)
    return {
        "seq": seq,
        "roll_id": str(data["id"]),
        "version": 1 if key is None else 2,
        "salt_seed": None if key is None else key.number,
        "salt": salt,
        "prev_hash": prev_hash,
        "hash": hash_,
        "record": chain_record(data, seq) if shown else None,
    }
