from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.audit_link import AuditLink
    from ..models.fairness_read import FairnessRead


T = TypeVar("T", bound="AuditBundle")


@_attrs_define
class AuditBundle:
    """What ``fairtable verify`` reads: the fairness state and the chain (one page of it).

    Concatenate the ``audit`` lists of every page (``after=next_after``) to get the whole
    chain; the ``fairness`` of the last page matches its end.

        Attributes:
            campaign_id (str):
            fairness (FairnessRead): The campaign's current commitment and every seed it ever used.

                ``last_seq`` and ``chain_head`` are the seq and the hash of the chain's last link as of
                this answer, so a verifier can tell that no link is missing at the end.
            audit (list[AuditLink]):
            next_after (int | None): Pass as `after` for the next page; null at the end.
    """

    campaign_id: str
    fairness: FairnessRead
    audit: list[AuditLink]
    next_after: int | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        campaign_id = self.campaign_id

        fairness = self.fairness.to_dict()

        audit = []
        for audit_item_data in self.audit:
            audit_item = audit_item_data.to_dict()
            audit.append(audit_item)

        next_after: int | None
        next_after = self.next_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "campaign_id": campaign_id,
                "fairness": fairness,
                "audit": audit,
                "next_after": next_after,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_link import AuditLink  # noqa: PLC0415
        from ..models.fairness_read import FairnessRead  # noqa: PLC0415

        d = dict(src_dict)
        campaign_id = d.pop("campaign_id")

        fairness = FairnessRead.from_dict(d.pop("fairness"))

        audit = []
        _audit = d.pop("audit")
        for audit_item_data in _audit:
            audit_item = AuditLink.from_dict(audit_item_data)

            audit.append(audit_item)

        def _parse_next_after(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_after = _parse_next_after(d.pop("next_after"))

        audit_bundle = cls(
            campaign_id=campaign_id,
            fairness=fairness,
            audit=audit,
            next_after=next_after,
        )

        audit_bundle.additional_properties = d
        return audit_bundle

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
