from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SeedRead")


@_attrs_define
class SeedRead:
    """One committed seed. ``server_seed`` is null until the seed is revealed by a rotation;
    ``end_nonce`` (exclusive) too: until then the seed serves every new draw.

        Attributes:
            number (int):
            commitment (str):
            server_seed (None | str):
            client_seed (str):
            first_nonce (int):
            end_nonce (int | None):
            revealed_at (datetime.datetime | None):
            links_from (int | None | Unset): The first link seq this seed salts (chain v2); null: it salts none.
    """

    number: int
    commitment: str
    server_seed: None | str
    client_seed: str
    first_nonce: int
    end_nonce: int | None
    revealed_at: datetime.datetime | None
    links_from: int | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        commitment = self.commitment

        server_seed: None | str
        server_seed = self.server_seed

        client_seed = self.client_seed

        first_nonce = self.first_nonce

        end_nonce: int | None
        end_nonce = self.end_nonce

        revealed_at: None | str
        if isinstance(self.revealed_at, datetime.datetime):
            revealed_at = self.revealed_at.isoformat()
        else:
            revealed_at = self.revealed_at

        links_from: int | None | Unset
        if isinstance(self.links_from, Unset):
            links_from = UNSET
        else:
            links_from = self.links_from

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "commitment": commitment,
                "server_seed": server_seed,
                "client_seed": client_seed,
                "first_nonce": first_nonce,
                "end_nonce": end_nonce,
                "revealed_at": revealed_at,
            }
        )
        if links_from is not UNSET:
            field_dict["links_from"] = links_from

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        commitment = d.pop("commitment")

        def _parse_server_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        server_seed = _parse_server_seed(d.pop("server_seed"))

        client_seed = d.pop("client_seed")

        first_nonce = d.pop("first_nonce")

        def _parse_end_nonce(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        end_nonce = _parse_end_nonce(d.pop("end_nonce"))

        def _parse_revealed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revealed_at_type_0 = datetime.datetime.fromisoformat(data)

                return revealed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revealed_at = _parse_revealed_at(d.pop("revealed_at"))

        def _parse_links_from(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        links_from = _parse_links_from(d.pop("links_from", UNSET))

        seed_read = cls(
            number=number,
            commitment=commitment,
            server_seed=server_seed,
            client_seed=client_seed,
            first_nonce=first_nonce,
            end_nonce=end_nonce,
            revealed_at=revealed_at,
            links_from=links_from,
        )

        seed_read.additional_properties = d
        return seed_read

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
