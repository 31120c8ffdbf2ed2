from typing import Literal

WebhookCreatedDisabledReasonType0 = Literal["failures", "gone", "owner_left"]

WEBHOOK_CREATED_DISABLED_REASON_TYPE_0_VALUES: set[WebhookCreatedDisabledReasonType0] = {
    "failures",
    "gone",
    "owner_left",
}


def check_webhook_created_disabled_reason_type_0(value: str) -> WebhookCreatedDisabledReasonType0:
    if value in WEBHOOK_CREATED_DISABLED_REASON_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_CREATED_DISABLED_REASON_TYPE_0_VALUES!r}")
