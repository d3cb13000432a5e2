"""``openskill``: the openskill package's Plackett-Luce over finishing order, shown as an ordinal."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from scoring.ratings.common import (
    OPENSKILL,
    GameResult,
    PlayerId,
    RatingFold,
    RatingParamsError,
    RatingResult,
    RatingStep,
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



class OpenSkillFold(RatingFold):
    """The state: each player's openskill mu and sigma (floats, stored as their repr: exact)."""

    method = OPENSKILL

    def __init__(self, params: OpenSkillParams = OpenSkillParams()) -> None:
        from openskill.models import PlackettLuce

        super().__init__(params)
        self.model = PlackettLuce(mu=params.mu, sigma=params.sigma, beta=params.beta, tau=params.tau)
        self.quantum = Decimal(1).scaleb(-params.decimals)
        self.skills: dict[PlayerId, Any] = {}
        self.shown_now: dict[PlayerId, Decimal] = {}  # shown(skills[p]), kept: the next game's "before"

    def shown(self, rating: Any) -> Decimal:
        return Decimal(repr(rating.ordinal(z=self.params.z))).quantize(self.quantum)

    def apply(self, game: GameResult) -> tuple[RatingStep, ...]:
        teams = [[self.skills.get(p) or self.model.rating(name=str(p))] for p in game.players]
        before = [self.shown_now[p] if p in self.skills else self.shown(t[0])
                  for p, t in zip(game.players, teams, strict=False)]
        rated = self.model.rate(teams, ranks=list(game.ranks))
        steps = []
        for player, b, team in zip(game.players, before, rated, strict=False):
            self.skills[player] = team[0]
            self.shown_now[player] = after = self.shown(team[0])
            self.count(player)
            steps.append(RatingStep(game.game_id, player, b, after))
        return tuple(steps)

    def ratings(self) -> dict[PlayerId, Decimal]:
        return dict(self.shown_now)

    def _player_state(self, player: PlayerId) -> list:
        skill = self.skills[player]
        return [repr(float(skill.mu)), repr(float(skill.sigma))]

    def _load_player(self, player: PlayerId, values: list) -> None:
        mu, sigma = (float(v) for v in values)
        self.skills[player] = skill = self.model.rating(mu=mu, sigma=sigma, name=str(player))
        self.shown_now[player] = self.shown(skill)


def openskill(games: Iterable[GameResult], params: OpenSkillParams = OpenSkillParams()) -> RatingResult:
    return OpenSkillFold(params).run(games)
