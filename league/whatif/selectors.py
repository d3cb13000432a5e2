"""The what-if comparison: a season's standings today and under a proposal, side by side.

A proposal is another ruleset (a preset or a club's ruleset version, with overrides) and/or
another rating method with its parameters. Under a ruleset proposal every finished game of the
season is replayed from its hand records by ``scoring.game.replay`` with the proposed ruleset;
a game the proposal cannot replay (an event it refuses, a game that would have ended earlier,
or one that would not be over yet) is listed with the engine's reason and left out of the
proposal's standings. The standings themselves are computed by the one home of the standings
rules, :func:`league.standings.stats.compute_standings`, on today's data and on the replayed data.

Reads only; the run's bookkeeping (progress, the stored result) is ``league.whatif.services``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from league.models import Season
from league.standings.services import load_season_data
from league.standings.stats import SeasonData, compute_standings
from scoring import messages as M
from scoring import ratings as R
from scoring.errors import ScoringError
from scoring.game import replay
from scoring.record import FORMAT
from scoring.rules import Ruleset as ScoringRuleset
from scoring.rules import resolve

Progress = Callable[[int, int], None]

NOT_OVER = M.Message(
    "Under the proposal this game is not over after its last recorded hand: it would go on at {round}.",
    "제안한 룰로는 기록된 마지막 국 뒤에도 대국이 끝나지 않습니다({round:으로} 이어짐).",
    texts={"ja": "提案のルールでは、この対局は記録された最後の局の後も終わりません（{round}に続きます）。",
           "zh-hans": "按提案的规则，此对局在最后记录的一局之后仍未结束（将继续进行{round}）。",
           "zh-hant": "按提案的規則，此對局在最後記錄的一局之後仍未結束（將繼續進行{round}）。"},
)
SEATS_DIFFER = M.Message(
    "The proposal is for {proposal}-player games; this game has {seats} players.",
    "제안한 룰은 {proposal}인용인데 이 대국은 {seats}인 대국입니다.",
    texts={"ja": "提案のルールは{proposal}人用ですが、この対局は{seats}人です。",
           "zh-hans": "提案的规则适用于{proposal}人对局；此对局有{seats}名玩家。",
           "zh-hant": "提案的規則適用於{proposal}人對局；此對局有{seats}名玩家。"},
)


_WINDS = {"ko": {"E": "동", "S": "남", "W": "서", "N": "북"}, "ja": {"E": "東", "S": "南", "W": "西", "N": "北"},
          "zh-hans": {"E": "东", "S": "南", "W": "西", "N": "北"},
          "zh-hant": {"E": "東", "S": "南", "W": "西", "N": "北"}}


def _round_words(code: str) -> M.Message:
    """"S4" in every language: "S4" / "남 4국" / "南4局"."""
    wind, number = code[:1], code[1:]
    return M.Message(code, f"{_WINDS['ko'].get(wind, wind)} {number}국", texts={
        lang: f"{_WINDS[lang].get(wind, wind)}{number}局" for lang in ("ja", "zh-hans", "zh-hant")})


class ProposalError(ValueError):
    """A proposal that is not a valid ruleset or rating: ``message`` (English) and ``message_ko``;
    ``localized(lang)`` says the engine's refusal in any of its languages (issue 38)."""

    def __init__(self, message: str, message_ko: str | None = None, *, error: ScoringError | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.message_ko = message_ko or message
        self.error = error

    def localized(self, lang: str | None) -> str:
        if self.error is not None:
            return self.error.localized(lang)
        return self.message_ko if (lang or "ko").lower().startswith("ko") else self.message


@dataclass(frozen=True)
class Proposal:
    """What to try: ``ruleset`` a contract ruleset spec (``{"base", "overrides"}``, None: each game
    keeps its own), ``rating_method``/``rating_params`` (None: the season's)."""

    ruleset: Mapping[str, Any] | None = None
    rating_method: str | None = None
    rating_params: Mapping[str, Any] | None = None
    label: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": dict(self.ruleset) if self.ruleset is not None else None,
                "rating_method": self.rating_method, "rating_params": dict(self.rating_params or {}),
                "label": self.label}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Proposal:
        return cls(ruleset=data.get("ruleset"), rating_method=data.get("rating_method"),
                   rating_params=data.get("rating_params") or None, label=data.get("label") or "")


def proposal_ruleset(proposal: Proposal) -> ScoringRuleset | None:
    """The proposed ruleset, or ``ProposalError`` with the engine's reason when it is not a valid one."""
    if proposal.ruleset is None:
        return None
    try:
        return resolve(dict(proposal.ruleset))
    except ScoringError as exc:
        raise ProposalError(exc.message, exc.localized("ko"), error=exc) from exc
    except (TypeError, ValueError) as exc:  # a derive() refusal that is not a ScoringError
        raise ProposalError(str(exc)) from exc


def check_proposal(proposal: Proposal) -> None:
    """Refuse a proposal whose ruleset or rating parameters are not valid (``ProposalError``)."""
    proposal_ruleset(proposal)
    if proposal.rating_method is not None or proposal.rating_params:
        try:
            R.params_from_dict(R.method_key(proposal.rating_method or R.TOTAL), proposal.rating_params)
        except R.RatingParamsError as exc:
            raise ProposalError(str(exc)) from exc


@dataclass(frozen=True)
class _Rules:
    """What ``compute_standings`` asks of ``season.ruleset``."""

    rules: ScoringRuleset

    def to_scoring(self) -> ScoringRuleset:
        return self.rules


@dataclass(frozen=True)
class _ProposedSeason:
    """The season as ``compute_standings`` reads it, with the proposal's ruleset and rating."""

    ruleset: Any
    rating_method: str
    rating_params: Mapping[str, Any]
    min_games: int
    best_n: int | None
    club_id: int | None = None
    """The season's club: its visitors are ranked or listed as the club says (issue 36)."""
    club: Any = None


@dataclass
class Comparison:
    rows: list[dict[str, Any]]
    """One per player: name, today (rank, total, rating), proposal (the same), ``change`` (places up)."""
    invalid: list[dict[str, Any]]
    """Games the proposal cannot replay: game id, label, date, reason (en, ko)."""
    games: int
    replayed: int
    method_today: str
    method_proposal: str
    changed_games: list[dict[str, Any]] = field(default_factory=list)
    """Games whose ranks or points differ under the proposal."""

    def to_json(self) -> dict[str, Any]:
        return {"rows": self.rows, "invalid": self.invalid, "games": self.games, "replayed": self.replayed,
                "method_today": self.method_today, "method_proposal": self.method_proposal,
                "changed_games": self.changed_games}


def _replayed(data: SeasonData, rules: ScoringRuleset, spec: Mapping[str, Any], labels: Mapping[int, dict],
              progress: Progress | None) -> tuple[SeasonData, list[dict], list[dict]]:
    games, scores, invalid, changed = [], {}, [], []
    total = len(data.games)
    for i, game in enumerate(data.games, start=1):
        info = labels.get(game.game_id, {})
        names = [data.names.get(m, str(m)) for m in game.players]
        reason: ScoringError | None = None
        if len(game.players) != rules.players:
            reason = ScoringError(SEATS_DIFFER, proposal=rules.players, seats=len(game.players))
        else:
            record = {"format": FORMAT, "ruleset": dict(spec), "players": names,
                      "hands": data.events.get(game.game_id, [])}
            try:
                result = replay(record)
            except ScoringError as exc:
                reason = exc
            else:
                if result.final is None:
                    reason = ScoringError(NOT_OVER, round=_round_words(result.state.round))
        if reason is not None:
            invalid.append({"game_id": game.game_id, **info, "hand": reason.hand,
                            "reason": reason.message, "reason_ko": reason.localized("ko"),
                            "reasons": {lang: reason.localized(lang) for lang in M.LANGUAGES}})
        else:
            final = result.final
            new = replace(game, points=tuple(R.to_decimal(p) for p in final.points), ranks=tuple(final.ranks))
            games.append(new)
            scores[game.game_id] = list(final.scores)
            if new.points != game.points or new.ranks != game.ranks:
                changed.append({"game_id": game.game_id, **info, "players": names,
                                "ranks_today": list(game.ranks), "ranks_proposal": list(new.ranks),
                                "points_today": [str(p) for p in game.points],
                                "points_proposal": [str(p) for p in new.points]})
        if progress is not None:
            progress(i, total)
    return replace(data, games=games, scores=scores), invalid, changed


def _game_labels(data: SeasonData) -> dict[int, dict]:
    from league.models import Game

    ids = [g.game_id for g in data.games]
    rows = Game.objects.filter(pk__in=ids).values_list("id", "table_label", "started_at")
    return {pk: {"table_label": label, "started_at": started.isoformat() if started else None}
            for pk, label, started in rows}


def _by_member(rows: list[dict]) -> dict[int, dict]:
    return {r["member_id"]: r for r in rows}


def _side(row: dict | None) -> dict[str, Any] | None:
    if row is None or not row["games"]:
        return None  # no game on this side: no rank, no rating (not a rating of 0)
    return {"rank": row["rank"], "total": row["total"], "rating": row["rating_display"], "games": row["games"],
            "qualified": row["qualified"]}


def compare(season: Season, proposal: Proposal, *, progress: Progress | None = None) -> Comparison:
    """Today's standings and the proposal's, per player (``ProposalError`` for an invalid proposal)."""
    check_proposal(proposal)
    rules = proposal_ruleset(proposal)
    data = load_season_data(season, events=rules is not None)  # the hands only when the games are replayed
    today_rows, today_ratings = compute_standings(data)
    invalid: list[dict] = []
    changed: list[dict] = []
    proposed_data = data
    if rules is not None:
        proposed_data, invalid, changed = _replayed(data, rules, proposal.ruleset, _game_labels(data), progress)
    elif progress is not None:
        progress(len(data.games), len(data.games))
    method = proposal.rating_method or season.rating_method
    params = proposal.rating_params if proposal.rating_method or proposal.rating_params else season.rating_params
    proposed_season = _ProposedSeason(
        ruleset=_Rules(rules) if rules is not None else season.ruleset, rating_method=method,
        rating_params=dict(params or {}), min_games=season.min_games, best_n=season.best_n,
        club_id=season.club_id, club=season.club,
    )
    proposal_rows, proposal_ratings = compute_standings(replace(proposed_data, season=proposed_season))
    today, proposed = _by_member(today_rows), _by_member(proposal_rows)
    rows = []
    for member_id in [r["member_id"] for r in today_rows] + [m for m in proposed if m not in today]:
        a, b = today.get(member_id), proposed.get(member_id)
        name = (a or b)["name"]
        change = None
        if a and b and a["rank"] is not None and b["rank"] is not None:
            change = a["rank"] - b["rank"]
        rows.append({"member_id": member_id, "name": name, "today": _side(a), "proposal": _side(b),
                     "change": change})
    rows.sort(key=lambda r: (r["proposal"] is None or r["proposal"]["rank"] is None,
                             (r["proposal"] or {}).get("rank") or 0, r["name"]))
    return Comparison(rows=rows, invalid=invalid, games=len(data.games), replayed=len(proposed_data.games),
                      method_today=today_ratings["method"], method_proposal=proposal_ratings["method"],
                      changed_games=changed)


def comparison_context(result: Mapping[str, Any]) -> dict[str, Any]:
    """What ``league/whatif/_comparison.html`` shows of a stored comparison: the result and its rating
    methods by their names (one label when both sides rate alike)."""
    labels = {R.method_key(key): str(label) for key, label in Season.RatingMethod.choices}
    today = labels.get(result.get("method_today"), result.get("method_today"))
    proposal = labels.get(result.get("method_proposal"), result.get("method_proposal"))
    # a player with no game on a side (all theirs refused by the proposal) has no rank and no rating there:
    # the table says so in words, never "—" or a rating of 0 (issue 42 item 11: "— — −18.4 0.0")
    rows = [{**row, "sides": (row.get("today"), row.get("proposal"))} for row in result.get("rows") or ()]
    return {"result": result, "rows": rows, "method_today": today, "method_proposal": proposal,
            "method_label": today if today == proposal else f"{today} → {proposal}"}


__all__ = ["Comparison", "Proposal", "ProposalError", "check_proposal", "compare", "comparison_context",
           "proposal_ruleset"]
