from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.event_part_visibility import EventPartVisibility, check_event_part_visibility
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event_part_data import EventPartData


T = TypeVar("T", bound="EventPart")


@_attrs_define
class EventPart:
    """
    Attributes:
        seq (int):
        type_ (str):
        at (datetime.datetime):
        visibility (EventPartVisibility):
        user_id (None | str):
        data (EventPartData):
        prev_hash (None | str):
        hash_ (None | str):
        audience (list[str] | None | Unset):
    """

    seq: int
    type_: str
    at: datetime.datetime
    visibility: EventPartVisibility
    user_id: None | str
    data: EventPartData
    prev_hash: None | str
    hash_: None | str
    audience: list[str] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seq = self.seq

        type_ = self.type_

        at = self.at.isoformat()

        visibility: str = self.visibility

        user_id: None | str
        user_id = self.user_id

        data = self.data.to_dict()

        prev_hash: None | str
        prev_hash = self.prev_hash

        hash_: None | str
        hash_ = self.hash_

        audience: list[str] | None | Unset
        if isinstance(self.audience, Unset):
            audience = UNSET
        elif isinstance(self.audience, list):
            audience = self.audience

        else:
            audience = self.audience

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "at": at,
                "visibility": visibility,
                "user_id": user_id,
                "data": data,
                "prev_hash": prev_hash,
                "hash": hash_,
            }
        )
        if audience is not UNSET:
            field_dict["audience"] = audience

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event_part_data import EventPartData  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = d.pop("type")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        visibility = check_event_part_visibility(d.pop("visibility"))

        def _parse_user_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_id = _parse_user_id(d.pop("user_id"))

        data = EventPartData.from_dict(d.pop("data"))

        def _parse_prev_hash(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        prev_hash = _parse_prev_hash(d.pop("prev_hash"))

        def _parse_hash_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        hash_ = _parse_hash_(d.pop("hash"))

        def _parse_audience(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                audience_type_0 = cast(list[str], data)

                return audience_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        audience = _parse_audience(d.pop("audience", UNSET))

        event_part = cls(
            seq=seq,
            type_=type_,
            at=at,
            visibility=visibility,
            user_id=user_id,
            data=data,
            prev_hash=prev_hash,
            hash_=hash_,
            audience=audience,
        )

        return event_part
