from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClientSeedBody")


@_attrs_define
class ClientSeedBody:
    """A new client seed: 1..64 printable ASCII characters (no control characters).

    Attributes:
        client_seed (str):
    """

    client_seed: str

    def to_dict(self) -> dict[str, Any]:
        client_seed = self.client_seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "client_seed": client_seed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        client_seed = d.pop("client_seed")

        client_seed_body = cls(
            client_seed=client_seed,
        )

        return client_seed_body
