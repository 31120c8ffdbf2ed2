from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.choice_body_choice import ChoiceBodyChoice, check_choice_body_choice

T = TypeVar("T", bound="ChoiceBody")


@_attrs_define
class ChoiceBody:
    """
    Attributes:
        choice (ChoiceBodyChoice):
    """

    choice: ChoiceBodyChoice

    def to_dict(self) -> dict[str, Any]:
        choice: str = self.choice

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "choice": choice,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        choice = check_choice_body_choice(d.pop("choice"))

        choice_body = cls(
            choice=choice,
        )

        return choice_body
