from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SeedPart")


@_attrs_define
class SeedPart:
    """
    Attributes:
        number (int):
        commitment (str):
        server_seed (None | str):
        client_seed (str):
        first_nonce (int):
        end_nonce (int | None):
        revealed_at (datetime.datetime | None):
        links_from (int | None):
    """

    number: int
    commitment: str
    server_seed: None | str
    client_seed: str
    first_nonce: int
    end_nonce: int | None
    revealed_at: datetime.datetime | None
    links_from: int | None

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

        links_from: int | None
        links_from = self.links_from

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "commitment": commitment,
                "server_seed": server_seed,
                "client_seed": client_seed,
                "first_nonce": first_nonce,
                "end_nonce": end_nonce,
                "revealed_at": revealed_at,
                "links_from": links_from,
            }
        )

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

        def _parse_links_from(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        links_from = _parse_links_from(d.pop("links_from"))

        seed_part = cls(
            number=number,
            commitment=commitment,
            server_seed=server_seed,
            client_seed=client_seed,
            first_nonce=first_nonce,
            end_nonce=end_nonce,
            revealed_at=revealed_at,
            links_from=links_from,
        )

        return seed_part
