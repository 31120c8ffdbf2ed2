from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.formula_annotation import FormulaAnnotation


T = TypeVar("T", bound="FormulaResult")


@_attrs_define
class FormulaResult:
    """`result` of a formula (`kind: "formula"`, any ruleset).

    Attributes:
        total (float):
        formula (str): The formula, rewritten in a standard form.
        terms (list[float]): The signed value of each term of the top-level sum.
        text (str): The roll as the d20 package prints it (Markdown).
        annotations (list[FormulaAnnotation] | Unset):
    """

    total: float
    formula: str
    terms: list[float]
    text: str
    annotations: list[FormulaAnnotation] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        total = self.total

        formula = self.formula

        terms = self.terms

        text = self.text

        annotations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.annotations, Unset):
            annotations = []
            for annotations_item_data in self.annotations:
                annotations_item = annotations_item_data.to_dict()
                annotations.append(annotations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "total": total,
                "formula": formula,
                "terms": terms,
                "text": text,
            }
        )
        if annotations is not UNSET:
            field_dict["annotations"] = annotations

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.formula_annotation import FormulaAnnotation  # noqa: PLC0415

        d = dict(src_dict)
        total = d.pop("total")

        formula = d.pop("formula")

        terms = cast(list[float], d.pop("terms"))

        text = d.pop("text")

        _annotations = d.pop("annotations", UNSET)
        annotations: list[FormulaAnnotation] | Unset = UNSET
        if _annotations is not UNSET:
            annotations = []
            for annotations_item_data in _annotations:
                annotations_item = FormulaAnnotation.from_dict(annotations_item_data)

                annotations.append(annotations_item)

        formula_result = cls(
            total=total,
            formula=formula,
            terms=terms,
            text=text,
            annotations=annotations,
        )

        formula_result.additional_properties = d
        return formula_result

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
