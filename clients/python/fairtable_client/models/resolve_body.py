from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.resolve_body_decision import ResolveBodyDecision, check_resolve_body_decision

T = TypeVar("T", bound="ResolveBody")


@_attrs_define
class ResolveBody:
    """
    Attributes:
        decision (ResolveBodyDecision):
    """

    decision: ResolveBodyDecision

    def to_dict(self) -> dict[str, Any]:
        decision: str = self.decision

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "decision": decision,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        decision = check_resolve_body_decision(d.pop("decision"))

        resolve_body = cls(
            decision=decision,
        )

        return resolve_body
