from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_create_format import WebhookCreateFormat, check_webhook_create_format
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookCreate")


@_attrs_define
class WebhookCreate:
    """
    Attributes:
        url (str): http(s), on a public address.
        format_ (WebhookCreateFormat): `standard`: the event as JSON, signed per Standard Webhooks; `discord`: a
            readable message for a Discord channel's webhook URL.
        events (list[str] | None | Unset): Only these event types; omitted or null: every type.
        include_hidden (bool | Unset): Also what the storyteller creating it may read that the table may not (blind
            rolls, whispers to them…). Such a target is theirs alone. Default: False.
    """

    url: str
    format_: WebhookCreateFormat
    events: list[str] | None | Unset = UNSET
    include_hidden: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        format_: str = self.format_

        events: list[str] | None | Unset
        if isinstance(self.events, Unset):
            events = UNSET
        elif isinstance(self.events, list):
            events = self.events

        else:
            events = self.events

        include_hidden = self.include_hidden

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "format": format_,
            }
        )
        if events is not UNSET:
            field_dict["events"] = events
        if include_hidden is not UNSET:
            field_dict["include_hidden"] = include_hidden

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url")

        format_ = check_webhook_create_format(d.pop("format"))

        def _parse_events(data: object) -> list[str] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                events_type_0 = cast(list[str], data)

                return events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None | Unset, data)

        events = _parse_events(d.pop("events", UNSET))

        include_hidden = d.pop("include_hidden", UNSET)

        webhook_create = cls(
            url=url,
            format_=format_,
            events=events,
            include_hidden=include_hidden,
        )

        return webhook_create
