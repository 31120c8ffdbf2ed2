from typing import Literal

WebhookCreatedFormat = Literal["discord", "standard"]

WEBHOOK_CREATED_FORMAT_VALUES: set[WebhookCreatedFormat] = {
    "discord",
    "standard",
}


def check_webhook_created_format(value: str) -> WebhookCreatedFormat:
    if value in WEBHOOK_CREATED_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_CREATED_FORMAT_VALUES!r}")
