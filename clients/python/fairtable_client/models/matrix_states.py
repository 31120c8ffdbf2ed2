from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="MatrixStates")


@_attrs_define
class MatrixStates:
    """
    Attributes:
        unconscious (bool | Unset):
        dead (bool | Unset):
        panicked (bool | Unset):
    """

    unconscious: bool | Unset = UNSET
    dead: bool | Unset = UNSET
    panicked: bool | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        unconscious = self.unconscious

        dead = self.dead

        panicked = self.panicked

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if unconscious is not UNSET:
            field_dict["unconscious"] = unconscious
        if dead is not UNSET:
            field_dict["dead"] = dead
        if panicked is not UNSET:
            field_dict["panicked"] = panicked

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        unconscious = d.pop("unconscious", UNSET)

        dead = d.pop("dead", UNSET)

        panicked = d.pop("panicked", UNSET)

        matrix_states = cls(
            unconscious=unconscious,
            dead=dead,
            panicked=panicked,
        )

        matrix_states.additional_properties = d
        return matrix_states

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
