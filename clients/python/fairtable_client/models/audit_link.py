from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.audit_link_record_type_0 import AuditLinkRecordType0
    from ..models.audit_link_stored_type_0 import AuditLinkStoredType0


T = TypeVar("T", bound="AuditLink")


@_attrs_define
class AuditLink:
    """One link of the roll hash chain. ``record`` is null when the caller may not see the
    roll (the hash still chains). ``salt`` (v2) comes with every record you may read, and
    for every link once its ``salt_seed`` is revealed. ``stored`` appears only when the roll
    as the log stores it now does not match this, its latest link (changed or deleted).

        Attributes:
            seq (int):
            roll_id (str):
            prev_hash (str):
            hash_ (str):
            record (AuditLinkRecordType0 | None):
            version (int | Unset): 1: unsalted (before chain v2); 2: salted. Default: 1.
            salt_seed (int | None | Unset):
            salt (None | str | Unset):
            stored (AuditLinkStoredType0 | None | Unset):
    """

    seq: int
    roll_id: str
    prev_hash: str
    hash_: str
    record: AuditLinkRecordType0 | None
    version: int | Unset = 1
    salt_seed: int | None | Unset = UNSET
    salt: None | str | Unset = UNSET
    stored: AuditLinkStoredType0 | None | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_link_record_type_0 import AuditLinkRecordType0  # noqa: PLC0415
        from ..models.audit_link_stored_type_0 import AuditLinkStoredType0  # noqa: PLC0415

        seq = self.seq

        roll_id = self.roll_id

        prev_hash = self.prev_hash

        hash_ = self.hash_

        record: dict[str, Any] | None
        if isinstance(self.record, AuditLinkRecordType0):
            record = self.record.to_dict()
        else:
            record = self.record

        version = self.version

        salt_seed: int | None | Unset
        if isinstance(self.salt_seed, Unset):
            salt_seed = UNSET
        else:
            salt_seed = self.salt_seed

        salt: None | str | Unset
        if isinstance(self.salt, Unset):
            salt = UNSET
        else:
            salt = self.salt

        stored: dict[str, Any] | None | Unset
        if isinstance(self.stored, Unset):
            stored = UNSET
        elif isinstance(self.stored, AuditLinkStoredType0):
            stored = self.stored.to_dict()
        else:
            stored = self.stored

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "roll_id": roll_id,
                "prev_hash": prev_hash,
                "hash": hash_,
                "record": record,
            }
        )
        if version is not UNSET:
            field_dict["version"] = version
        if salt_seed is not UNSET:
            field_dict["salt_seed"] = salt_seed
        if salt is not UNSET:
            field_dict["salt"] = salt
        if stored is not UNSET:
            field_dict["stored"] = stored

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_link_record_type_0 import AuditLinkRecordType0  # noqa: PLC0415
        from ..models.audit_link_stored_type_0 import AuditLinkStoredType0  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        roll_id = d.pop("roll_id")

        prev_hash = d.pop("prev_hash")

        hash_ = d.pop("hash")

        def _parse_record(data: object) -> AuditLinkRecordType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                record_type_0 = AuditLinkRecordType0.from_dict(data)

                return record_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditLinkRecordType0 | None, data)

        record = _parse_record(d.pop("record"))

        version = d.pop("version", UNSET)

        def _parse_salt_seed(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        salt_seed = _parse_salt_seed(d.pop("salt_seed", UNSET))

        def _parse_salt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        salt = _parse_salt(d.pop("salt", UNSET))

        def _parse_stored(data: object) -> AuditLinkStoredType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                stored_type_0 = AuditLinkStoredType0.from_dict(data)

                return stored_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(AuditLinkStoredType0 | None | Unset, data)

        stored = _parse_stored(d.pop("stored", UNSET))

        audit_link = cls(
            seq=seq,
            roll_id=roll_id,
            prev_hash=prev_hash,
            hash_=hash_,
            record=record,
            version=version,
            salt_seed=salt_seed,
            salt=salt,
            stored=stored,
        )

        audit_link.additional_properties = d
        return audit_link

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
