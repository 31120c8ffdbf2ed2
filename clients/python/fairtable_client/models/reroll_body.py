from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RerollBody")


@_attrs_define
class RerollBody:
    """
    Attributes:
        die (int): Index of the die in `dice`.
    """

    die: int

    def to_dict(self) -> dict[str, Any]:
        die = self.die

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "die": die,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        die = d.pop("die")

        reroll_body = cls(
            die=die,
        )

        return reroll_body
