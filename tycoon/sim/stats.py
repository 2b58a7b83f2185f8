"""Small statistics for balance reports: Wilson intervals and running summaries."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (good near 0 and 1 and for small samples).

    ``successes`` may be fractional (a win shared by tied winners counts 1/k each).
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Summary:
    """Count, mean, spread, extremes and a histogram of whole-number values (Welford's method)."""

    count: int = 0
    mean: float = 0.0
    _m2: float = 0.0
    minimum: float = math.inf
    maximum: float = -math.inf
    histogram: dict[int, int] = field(default_factory=dict)

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self._m2 += delta * (value - self.mean)
        self.minimum = min(self.minimum, value)
        self.maximum = max(self.maximum, value)
        key = round(value)
        self.histogram[key] = self.histogram.get(key, 0) + 1

    @property
    def sd(self) -> float:
        return math.sqrt(self._m2 / (self.count - 1)) if self.count > 1 else 0.0

    def quantile(self, q: float) -> float:
        """A quantile of the rounded values (exact for whole-number data)."""
        if not self.count:
            return math.nan
        target = q * (self.count - 1)
        seen = 0
        for key in sorted(self.histogram):
            seen += self.histogram[key]
            if seen > target:
                return float(key)
        return float(max(self.histogram))

    def to_json(self) -> dict[str, float]:
        if not self.count:
            return {"count": 0}
        return {
            "count": self.count,
            "mean": self.mean,
            "sd": self.sd,
            "min": self.minimum,
            "median": self.quantile(0.5),
            "max": self.maximum,
        }


def difference_interval(
    wins_a: float, games_a: int, wins_b: float, games_b: int, z: float = Z95
) -> tuple[float, float, float]:
    """The difference of two win rates ``b - a`` with Newcombe's hybrid score interval (his
    method 10, built from the two Wilson intervals): ``(difference, low, high)``. An interval that
    excludes 0 marks a difference significant at the 5% level (for the default ``z``)."""
    p_a = wins_a / games_a if games_a else 0.0
    p_b = wins_b / games_b if games_b else 0.0
    low_a, high_a = wilson_interval(wins_a, games_a, z)
    low_b, high_b = wilson_interval(wins_b, games_b, z)
    difference = p_b - p_a
    low = difference - math.sqrt((p_b - low_b) ** 2 + (high_a - p_a) ** 2)
    high = difference + math.sqrt((high_b - p_b) ** 2 + (p_a - low_a) ** 2)
    return difference, max(-1.0, low), min(1.0, high)
