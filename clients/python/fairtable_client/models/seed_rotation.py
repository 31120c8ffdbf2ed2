from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.new_seed import NewSeed
    from ..models.seed_read import SeedRead


T = TypeVar("T", bound="SeedRotation")


@_attrs_define
class SeedRotation:
    """
    Attributes:
        by (str): The storyteller who rotated the seed.
        revealed (SeedRead): One committed seed. ``server_seed`` is null until the seed is revealed by a rotation;
            ``end_nonce`` (exclusive) too: until then the seed serves every new draw.
        current (NewSeed):
    """

    by: str
    revealed: SeedRead
    current: NewSeed
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        by = self.by

        revealed = self.revealed.to_dict()

        current = self.current.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "by": by,
                "revealed": revealed,
                "current": current,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.new_seed import NewSeed  # noqa: PLC0415
        from ..models.seed_read import SeedRead  # noqa: PLC0415

        d = dict(src_dict)
        by = d.pop("by")

        revealed = SeedRead.from_dict(d.pop("revealed"))

        current = NewSeed.from_dict(d.pop("current"))

        seed_rotation = cls(
            by=by,
            revealed=revealed,
            current=current,
        )

        seed_rotation.additional_properties = d
        return seed_rotation

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
