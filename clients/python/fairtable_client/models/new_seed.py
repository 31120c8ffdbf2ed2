from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="NewSeed")


@_attrs_define
class NewSeed:
    """
    Attributes:
        number (int):
        commitment (str):
        client_seed (str):
        first_nonce (int):
    """

    number: int
    commitment: str
    client_seed: str
    first_nonce: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        commitment = self.commitment

        client_seed = self.client_seed

        first_nonce = self.first_nonce

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "commitment": commitment,
                "client_seed": client_seed,
                "first_nonce": first_nonce,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        number = d.pop("number")

        commitment = d.pop("commitment")

        client_seed = d.pop("client_seed")

        first_nonce = d.pop("first_nonce")

        new_seed = cls(
            number=number,
            commitment=commitment,
            client_seed=client_seed,
            first_nonce=first_nonce,
        )

        new_seed.additional_properties = d
        return new_seed

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
