from typing import Literal

WebhookCreateFormat = Literal["discord", "standard"]

WEBHOOK_CREATE_FORMAT_VALUES: set[WebhookCreateFormat] = {
    "discord",
    "standard",
}


def check_webhook_create_format(value: str) -> WebhookCreateFormat:
    if value in WEBHOOK_CREATE_FORMAT_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {WEBHOOK_CREATE_FORMAT_VALUES!r}")
