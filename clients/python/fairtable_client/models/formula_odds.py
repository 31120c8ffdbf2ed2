from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.formula_odds_totals import FormulaOddsTotals


T = TypeVar("T", bound="FormulaOdds")


@_attrs_define
class FormulaOdds:
    """`odds` of a formula, as `GET /odds/formula` answers them: every possible total, or
    why not (`no_totals`).

        Attributes:
            min_ (float):
            max_ (float):
            mean (float | Unset): Absent only when not known exactly.
            totals (FormulaOddsTotals | Unset): The chance of each total.
            exact (bool | Unset): `false` when exploding dice left out totals.
            truncated_below (float | Unset): With `exact: false`: what the left-out totals weigh at most.
            no_totals (str | Unset): Why `totals` is absent.
    """

    min_: float
    max_: float
    mean: float | Unset = UNSET
    totals: FormulaOddsTotals | Unset = UNSET
    exact: bool | Unset = UNSET
    truncated_below: float | Unset = UNSET
    no_totals: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        min_ = self.min_

        max_ = self.max_

        mean = self.mean

        totals: dict[str, Any] | Unset = UNSET
        if not isinstance(self.totals, Unset):
            totals = self.totals.to_dict()

        exact = self.exact

        truncated_below = self.truncated_below

        no_totals = self.no_totals

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "min": min_,
                "max": max_,
            }
        )
        if mean is not UNSET:
            field_dict["mean"] = mean
        if totals is not UNSET:
            field_dict["totals"] = totals
        if exact is not UNSET:
            field_dict["exact"] = exact
        if truncated_below is not UNSET:
            field_dict["truncated_below"] = truncated_below
        if no_totals is not UNSET:
            field_dict["no_totals"] = no_totals

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.formula_odds_totals import FormulaOddsTotals  # noqa: PLC0415

        d = dict(src_dict)
        min_ = d.pop("min")

        max_ = d.pop("max")

        mean = d.pop("mean", UNSET)

        _totals = d.pop("totals", UNSET)
        totals: FormulaOddsTotals | Unset
        if isinstance(_totals, Unset):
            totals = UNSET
        else:
            totals = FormulaOddsTotals.from_dict(_totals)

        exact = d.pop("exact", UNSET)

        truncated_below = d.pop("truncated_below", UNSET)

        no_totals = d.pop("no_totals", UNSET)

        formula_odds = cls(
            min_=min_,
            max_=max_,
            mean=mean,
            totals=totals,
            exact=exact,
            truncated_below=truncated_below,
            no_totals=no_totals,
        )

        formula_odds.additional_properties = d
        return formula_odds

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
