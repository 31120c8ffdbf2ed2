from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.face_histogram import FaceHistogram
    from ..models.totals import Totals


T = TypeVar("T", bound="StatsItem")


@_attrs_define
class StatsItem:
    """
    Attributes:
        observed (float): What the dice gave: successes, or totals.
        expected (float): What the stored odds expected, summed over the rolls.
        variance (float): The variance of that sum (the rolls are independent).
        z (float): (observed − expected) / √variance; 0 without variance.
        percentile (float): 100·Φ(z): how many tables would have done worse.
        user_id (str): The roller.
        character_id (None | str): The character (by=character); null by user.
        rolls (int): Every final roll counted.
        tests (int): Of them, the tests and saves: `observed` counts successes.
        totals (Totals):
        faces (list[FaceHistogram]):
    """

    observed: float
    expected: float
    variance: float
    z: float
    percentile: float
    user_id: str
    character_id: None | str
    rolls: int
    tests: int
    totals: Totals
    faces: list[FaceHistogram]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        observed = self.observed

        expected = self.expected

        variance = self.variance

        z = self.z

        percentile = self.percentile

        user_id = self.user_id

        character_id: None | str
        character_id = self.character_id

        rolls = self.rolls

        tests = self.tests

        totals = self.totals.to_dict()

        faces = []
        for faces_item_data in self.faces:
            faces_item = faces_item_data.to_dict()
            faces.append(faces_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "observed": observed,
                "expected": expected,
                "variance": variance,
                "z": z,
                "percentile": percentile,
                "user_id": user_id,
                "character_id": character_id,
                "rolls": rolls,
                "tests": tests,
                "totals": totals,
                "faces": faces,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.face_histogram import FaceHistogram  # noqa: PLC0415
        from ..models.totals import Totals  # noqa: PLC0415

        d = dict(src_dict)
        observed = d.pop("observed")

        expected = d.pop("expected")

        variance = d.pop("variance")

        z = d.pop("z")

        percentile = d.pop("percentile")

        user_id = d.pop("user_id")

        def _parse_character_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        character_id = _parse_character_id(d.pop("character_id"))

        rolls = d.pop("rolls")

        tests = d.pop("tests")

        totals = Totals.from_dict(d.pop("totals"))

        faces = []
        _faces = d.pop("faces")
        for faces_item_data in _faces:
            faces_item = FaceHistogram.from_dict(faces_item_data)

            faces.append(faces_item)

        stats_item = cls(
            observed=observed,
            expected=expected,
            variance=variance,
            z=z,
            percentile=percentile,
            user_id=user_id,
            character_id=character_id,
            rolls=rolls,
            tests=tests,
            totals=totals,
            faces=faces,
        )

        stats_item.additional_properties = d
        return stats_item

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
