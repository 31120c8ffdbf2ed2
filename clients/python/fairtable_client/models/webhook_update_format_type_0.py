from typing import Literal

WebhookUpdateFormatType0 = Literal["discord", "standard"]

WEBHOOK_UPDATE_FORMAT_TYPE_0_VALUES: set[WebhookUpdateFormatType0] = {
    "discord",
    "standard",
}


def check_webhook_update_format_type_0(value: str) -> WebhookUpdateFormatType0:
    if value in WEBHOOK_UPDATE_FORMAT_TYPE_0_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_UPDATE_FORMAT_TYPE_0_VALUES!r}")
