from typing import Literal

WebhookReadDisabledReasonType0 = Literal["failures", "gone", "owner_left"]

WEBHOOK_READ_DISABLED_REASON_TYPE_0_VALUES: set[WebhookReadDisabledReasonType0] = {
    "failures",
    "gone",
    "owner_left",
}


def check_webhook_read_disabled_reason_type_0(value: str) -> WebhookReadDisabledReasonType0:
    if value in WEBHOOK_READ_DISABLED_REASON_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_READ_DISABLED_REASON_TYPE_0_VALUES!r}")
