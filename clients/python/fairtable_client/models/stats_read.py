from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stats_read_by import StatsReadBy, check_stats_read_by

if TYPE_CHECKING:
    from ..models.stats_item import StatsItem


T = TypeVar("T", bound="StatsRead")


@_attrs_define
class StatsRead:
    """
    Attributes:
        by (StatsReadBy):
        since (None | str):
        until (None | str):
        items (list[StatsItem]):
    """

    by: StatsReadBy
    since: None | str
    until: None | str
    items: list[StatsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        by: str = self.by

        since: None | str
        since = self.since

        until: None | str
        until = self.until

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "by": by,
                "since": since,
                "until": until,
                "items": items,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.stats_item import StatsItem  # noqa: PLC0415

        d = dict(src_dict)
        by = check_stats_read_by(d.pop("by"))

        def _parse_since(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        since = _parse_since(d.pop("since"))

        def _parse_until(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        until = _parse_until(d.pop("until"))

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = StatsItem.from_dict(items_item_data)

            items.append(items_item)

        stats_read = cls(
            by=by,
            since=since,
            until=until,
            items=items,
        )

        stats_read.additional_properties = d
        return stats_read

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
