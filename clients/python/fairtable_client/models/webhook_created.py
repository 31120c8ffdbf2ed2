from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_created_disabled_reason_type_0 import (
    WebhookCreatedDisabledReasonType0,
    check_webhook_created_disabled_reason_type_0,
)
from ..models.webhook_created_format import WebhookCreatedFormat, check_webhook_created_format

T = TypeVar("T", bound="WebhookCreated")


@_attrs_define
class WebhookCreated:
    """
    Attributes:
        id (str):
        campaign_id (str):
        created_by (str):
        url (str):
        format_ (WebhookCreatedFormat):
        events (list[str] | None):
        include_hidden (bool):
        enabled (bool):
        disabled_reason (None | WebhookCreatedDisabledReasonType0): Why the server disabled it: `failures` (the oldest
            undelivered event kept failing), `gone` (the receiver answered 410), `owner_left` (its storyteller left the
            campaign); null when enabled or disabled by a storyteller.
        delivered_seq (int): The last event seq delivered or passed over.
        failures (int): Failed attempts in a row at the next event.
        next_attempt_at (datetime.datetime | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        secret (str): The signing secret (`whsec_…`): shown this once only.
    """

    id: str
    campaign_id: str
    created_by: str
    url: str
    format_: WebhookCreatedFormat
    events: list[str] | None
    include_hidden: bool
    enabled: bool
    disabled_reason: None | WebhookCreatedDisabledReasonType0
    delivered_seq: int
    failures: int
    next_attempt_at: datetime.datetime | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    secret: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        campaign_id = self.campaign_id

        created_by = self.created_by

        url = self.url

        format_: str = self.format_

        events: list[str] | None
        if isinstance(self.events, list):
            events = self.events

        else:
            events = self.events

        include_hidden = self.include_hidden

        enabled = self.enabled

        disabled_reason: None | str
        if isinstance(self.disabled_reason, str):
            disabled_reason = self.disabled_reason
        else:
            disabled_reason = self.disabled_reason

        delivered_seq = self.delivered_seq

        failures = self.failures

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        secret = self.secret

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "campaign_id": campaign_id,
                "created_by": created_by,
                "url": url,
                "format": format_,
                "events": events,
                "include_hidden": include_hidden,
                "enabled": enabled,
                "disabled_reason": disabled_reason,
                "delivered_seq": delivered_seq,
                "failures": failures,
                "next_attempt_at": next_attempt_at,
                "created_at": created_at,
                "updated_at": updated_at,
                "secret": secret,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        campaign_id = d.pop("campaign_id")

        created_by = d.pop("created_by")

        url = d.pop("url")

        format_ = check_webhook_created_format(d.pop("format"))

        def _parse_events(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                events_type_0 = cast(list[str], data)

                return events_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        events = _parse_events(d.pop("events"))

        include_hidden = d.pop("include_hidden")

        enabled = d.pop("enabled")

        def _parse_disabled_reason(data: object) -> None | WebhookCreatedDisabledReasonType0:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                disabled_reason_type_0 = check_webhook_created_disabled_reason_type_0(data)

                return disabled_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WebhookCreatedDisabledReasonType0, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        delivered_seq = d.pop("delivered_seq")

        failures = d.pop("failures")

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        secret = d.pop("secret")

        webhook_created = cls(
            id=id,
            campaign_id=campaign_id,
            created_by=created_by,
            url=url,
            format_=format_,
            events=events,
            include_hidden=include_hidden,
            enabled=enabled,
            disabled_reason=disabled_reason,
            delivered_seq=delivered_seq,
            failures=failures,
            next_attempt_at=next_attempt_at,
            created_at=created_at,
            updated_at=updated_at,
            secret=secret,
        )

        webhook_created.additional_properties = d
        return webhook_created

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
