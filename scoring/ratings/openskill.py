"""``openskill``: the openskill package's Plackett-Luce over finishing order, shown as an ordinal."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Iterable

from scoring.ratings.common import (
    OPENSKILL,
    GameResult,
    PlayerId,
    RatingParamsError,
    RatingResult,
    RatingStep,
    in_game_order,
    require_finite_float,
    require_whole,
)

@dataclass(frozen=True)
class OpenSkillParams:
    """openskill PlackettLuce; the shown rating is ordinal() = mu - z*sigma."""

    mu: float = 25.0
    sigma: float = 25.0 / 3.0
    beta: float = 25.0 / 6.0
    tau: float = 25.0 / 300.0
    z: float = 3.0
    decimals: int = 3

    def __post_init__(self) -> None:
        for name in ("mu", "sigma", "beta", "tau", "z"):
            object.__setattr__(self, name, float(getattr(self, name)))
        for name in ("mu", "sigma", "beta", "tau", "z"):
            require_finite_float(name, getattr(self, name))
        if self.sigma <= 0 or self.beta <= 0 or self.tau < 0:
            raise RatingParamsError("sigma and beta must be positive, tau not negative")
        require_finite_float("sigma", self.sigma, lo=1e-3)
        require_finite_float("beta", self.beta, lo=1e-3)
        require_finite_float("z", self.z, lo=0, hi=100)
        require_whole("decimals", self.decimals, lo=0, hi=6)



def openskill(games: Iterable[GameResult], params: OpenSkillParams = OpenSkillParams()) -> RatingResult:
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=params.mu, sigma=params.sigma, beta=params.beta, tau=params.tau)
    q = Decimal(1).scaleb(-params.decimals)

    def shown(r) -> Decimal:
        return Decimal(repr(r.ordinal(z=params.z))).quantize(q)

    skills: dict[PlayerId, Any] = {}
    counts: dict[PlayerId, int] = {}
    history: list[RatingStep] = []
    for game in in_game_order(games):
        teams = [[skills.get(p) or model.rating(name=str(p))] for p in game.players]
        before = [shown(t[0]) for t in teams]
        rated = model.rate(teams, ranks=list(game.ranks))
        for player, b, team in zip(game.players, before, rated):
            skills[player] = team[0]
            counts[player] = counts.get(player, 0) + 1
            history.append(RatingStep(game.game_id, player, b, shown(team[0])))
    ratings = {p: shown(r) for p, r in skills.items()}
    return RatingResult(OPENSKILL, ratings, counts, tuple(history))
