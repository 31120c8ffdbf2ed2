from typing import Literal

WebhookReadFormat = Literal["discord", "standard"]

WEBHOOK_READ_FORMAT_VALUES: set[WebhookReadFormat] = {
    "discord",
    "standard",
}


def check_webhook_read_format(value: str) -> WebhookReadFormat:
    if value in WEBHOOK_READ_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_READ_FORMAT_VALUES!r}")
