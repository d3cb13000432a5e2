""""What does each player need?": the cheapest win of the next hand that puts a player first.

``needs(record)`` replays a game record in progress and, for the next hand, looks among every
hand a record can carry -- each valid han/fu pair below mangan, the limits (mangan, haneman,
baiman, sanbaiman) and each yakuman multiple the ruleset pays (:func:`highest_yakuman`: a double
yakuman where the ruleset has one) -- as a ron off each other player and as a tsumo
(searching, not trying them all: :func:`cheapest`). Each try is settled by
:func:`scoring.settle.settle` on the game's own table (honba, the riichi sticks on the table,
the dealer's han minimum, West paid as dealer, kiriage, an agari-forbidden player...), and
ranked by :func:`scoring.final.ranks` (the ruleset's tie rule, as the final result ranks).
Nothing here re-implements a payment or a rule: a try the engine refuses is not a valid win,
and the answer is the cheapest accepted try that ranks the player first.

"Cheapest" is the contract's order (``needs.md``): the smallest rise of the winner's score,
then the fewest han, then the fewest fu. A limit is written by its han alone (mangan
``{"han": 5}``, haneman 6, baiman 8, sanbaiman 11) -- so a 4-han 40-fu hand, which pays a
mangan, is the mangan -- and a yakuman as ``{"yakuman": 1}``.

Pure Python: no Django import.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from scoring import messages as M
from scoring.errors import ScoringError
from scoring.final import ranks
from scoring.game import Game, play
from scoring.payments import FU_VALUES, LIMIT_HAN, HandValue, hand_value, win_points
from scoring.record import GameRecord, Ron, Tsumo, Win, parse_record
from scoring.rules import Ruleset
from scoring.settle import settle
from scoring.termination import Termination
from scoring.winds import SettlementContext


@dataclass(frozen=True)
class Candidate:
    """One hand a record can carry: han/fu, a limit's han, or a yakuman."""

    han: int | None = None
    fu: int | None = None
    yakuman: int | None = None

    def win(self, winner: int) -> Win:
        return Win(winner=winner, han=self.han, fu=self.fu, yakuman=self.yakuman)

    def to_json(self) -> dict[str, int]:
        if self.yakuman:
            return {"yakuman": self.yakuman}
        if self.fu is None:
            return {"han": self.han}
        return {"han": self.han, "fu": self.fu}


STACKED_YAKUMAN = ("daisuushii", "tsuuiisou", "suuankou", "suukantsu")
"""The most distinct yakuman one hand can hold (four winds of four concealed quads, all honours); with
tenhou the quads go and tenhou comes in, so four either way."""
STACKED_DOUBLES = ("daisuushii", "suuankou_tanki")
"""Of those, the ones a ruleset may pay double (a four-concealed-triplet hand on a pair wait is tanki)."""


def highest_yakuman(ruleset: Ruleset) -> int:
    """The biggest yakuman multiple one hand can pay under ``ruleset`` (issue 42 item 11: where a double yakuman
    would put a player first, "nobody can" is wrong): several yakuman add up only with ``yakuman_stacking``
    (then each double counts two); without it a hand is a single or, if the ruleset has any, a double yakuman;
    ``yakuman_cap`` bounds it all."""
    if ruleset.yakuman_stacking:
        most = len(STACKED_YAKUMAN) + sum(y in ruleset.double_yakuman for y in STACKED_DOUBLES)
    else:
        most = 2 if ruleset.double_yakuman else 1
    return max(1, min(most, ruleset.yakuman_cap)) if ruleset.yakuman_cap is not None else most


def candidates(ruleset: Ruleset) -> list[Candidate]:
    """Every hand worth trying, from the cheapest up: by basic points, then han, then fu.

    Below 5 han only the pairs that pay less than a mangan under this ruleset (kiriage
    included); a pair that already pays a limit is that limit, written by its han.
    """
    valued: list[tuple[tuple[int, int, int], Candidate]] = []
    for han in range(1, 5):
        for fu in FU_VALUES:
            try:
                value = hand_value(han, fu, ruleset)
            except ScoringError:
                continue
            if value.limit is None:
                valued.append(((value.base, han, fu), Candidate(han=han, fu=fu)))
    for han in LIMIT_HAN:
        valued.append(((hand_value(han, None, ruleset).base, han, 0), Candidate(han=han)))
    for multiple in range(1, highest_yakuman(ruleset) + 1):
        valued.append(((hand_value(0, None, ruleset, yakuman=multiple).base, 13 * multiple, 0),
                       Candidate(yakuman=multiple)))
    return [c for _key, c in sorted(valued, key=lambda kv: kv[0])]


@dataclass(frozen=True)
class Need:
    """The cheapest win that does it."""

    hand: Candidate
    value: HandValue
    """How the engine valued it (a paarenchan makes any hand a yakuman)."""
    points: int
    """The winner's score rise in the hand (honba and sticks included)."""
    payments: tuple[int, ...]
    """What the hand itself pays, without honba or sticks: ``(amount,)`` for a ron, ``(all,)``
    for a tsumo paid as dealer, ``(non_dealer, dealer)`` for a non-dealer's tsumo."""
    scores: tuple[int, ...]
    """Scores right after the hand."""
    usual: Need | None = None
    """Where this hand is an unusual shape (above 40 fu), the cheapest hand of at most 40 fu or a
    limit hand that does the same (what a player would call to mind)."""

    @property
    def unusual(self) -> bool:
        """A han/fu hand above 40 fu (2 han 110 fu, 1 han 80 fu): not what a player calls to mind."""
        return self.value.limit is None and not self.value.yakuman and (self.value.fu or 0) > USUAL_MAX_FU

    def hand_json(self) -> dict[str, int]:
        return self.hand.to_json() if not self.value.yakuman else {"yakuman": self.value.yakuman}

    def sort_key(self) -> tuple[int, int, int]:
        han = 13 * self.value.yakuman if self.value.yakuman else (self.hand.han or 0)
        return (self.points, han, self.hand.fu or 0)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"points": self.points, "hand": self.hand_json()}
        if self.usual is not None:
            out["usual"] = {**self.usual.hand_json(), "points": self.usual.points}
        return out


@dataclass(frozen=True)
class Ways:
    """The cheapest win by ron off each other player and by tsumo (each None when no such win does it)."""

    ron: Mapping[int, Need | None]
    tsumo: Need | None

    @property
    def possible(self) -> bool:
        return self.tsumo is not None or any(n is not None for n in self.ron.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "ron": {str(loser): (n.to_json() if n else None) for loser, n in self.ron.items()},
            "tsumo": self.tsumo.to_json() if self.tsumo else None,
        }


@dataclass(frozen=True)
class PlayerNeeds:
    seat: int
    rank: int
    """Rank now (the ruleset's tie rule)."""
    ron: Mapping[int, Need | None]
    """By ron off each other player (seat -> the cheapest win, or None)."""
    tsumo: Need | None
    to_win_game: Ways | None
    """The cheapest wins after which the game ENDS with this player first (the contract's
    ``to_win_game``): at all-last the return score West entry and agari-yame ask for, before it
    only a bust. None where the caller did not ask (``needs(..., to_win_game=False)``)."""

    @property
    def to_first(self) -> Ways:
        return Ways(ron=self.ron, tsumo=self.tsumo)

    @property
    def can_come_first(self) -> bool:
        return self.to_first.possible

    @property
    def win_differs(self) -> bool:
        """``to_win_game`` says something ``to_first`` does not (the contract then carries it)."""
        return self.to_win_game is not None and self.to_win_game.to_json() != self.to_first.to_json()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "rank": self.rank, "to_first": self.to_first.to_json()}
        if self.win_differs:
            out["to_win_game"] = self.to_win_game.to_json()
        return out


@dataclass(frozen=True)
class Needs:
    round: str
    honba: int
    sticks: int
    """Riichi sticks (count) on the table."""
    scores: tuple[int, ...]
    dealer: int
    paid_as_dealer: bool
    """Every win of this hand is paid as a dealer win (Juki's West)."""
    players: tuple[PlayerNeeds, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "honba": self.honba,
            "sticks": self.sticks,
            "scores": list(self.scores),
            "players": [p.to_json() for p in self.players],
        }


def _try(table: SettlementContext, hand: Candidate, winner: int, loser: int | None) -> Need | None:
    event = Tsumo(win=hand.win(winner)) if loser is None else Ron(loser=loser, wins=(hand.win(winner),))
    try:
        s = settle(table, event)
    except ScoringError:
        return None  # the engine does not allow this win here
    value = s.wins[0].value
    points = win_points(value, dealer=winner == table.dealer, tsumo=loser is None, ruleset=table.ruleset,
                        paid_as_dealer=table.paid_as_dealer)
    payments = tuple(points[k] for k in ("ron", "all", "non_dealer", "dealer") if k in points)
    scores = tuple(a + b for a, b in zip(table.scores, s.deltas, strict=False))
    return Need(hand=hand, value=value, points=s.deltas[winner], payments=payments, scores=scores)


USUAL_MAX_FU = 40
"""The usual hands: at most 40 fu, or a limit hand (the contract's ``usual``)."""

Goal = Callable[[Need, int, int | None], bool]
"""Does this win (need, winner, loser or None for a tsumo) do what is asked?"""


class Tries:
    """Every try settled once on one table: ``to_first``, ``to_win_game`` and their ``usual`` scan
    the same hands."""

    def __init__(self, table: SettlementContext) -> None:
        self.table = table
        self._done: dict[tuple[Candidate, int, int | None], Need | None] = {}

    def __call__(self, hand: Candidate, winner: int, loser: int | None) -> Need | None:
        key = (hand, winner, loser)
        if key not in self._done:
            self._done[key] = _try(self.table, hand, winner, loser)
        return self._done[key]


def cheapest(tries: Tries, winner: int, loser: int | None, hands: list[Candidate], goal: Goal,
             misses: int = 0, near: bool = False) -> Need | None:
    """The cheapest of ``hands`` by which ``winner`` (ron off ``loser``, or tsumo) meets ``goal``.

    ``hands`` come in the order of :func:`candidates` (basic points up). What a win pays rises with
    its basic points, and a bigger win only lowers the others' scores; both goals (first after the
    hand; the game over with the winner first) hold for every bigger win once they hold for one. So
    the first hand that does it can be searched for rather than scanned to (each try is a whole
    settlement), and from it only the hands that raise the winner's score by as little can beat it:
    the scan stops at the first hand that pays more. (The yakuman is always accepted where a
    smaller hand is: the dealer's han minimum and the others bind han/fu hands only.)

    ``misses``: how many of the first hands are known not to do it. ``near``: the answer is likely
    among the cheapest of the others (tried first, :func:`_gallop`) rather than anywhere (halving,
    :func:`_first_hit`, after the biggest hand). Either way the answer is the same.
    """
    return _cheapest(tries, winner, loser, hands, goal, misses, near)[0]


def _cheapest(tries: Tries, winner: int, loser: int | None, hands: list[Candidate], goal: Goal,
              misses: int, near: bool, seed: int | None = None) -> tuple[Need | None, int]:
    """:func:`cheapest`, and the index of the first hand that does it (``len(hands)`` where none
    does): no hand before it does it. ``seed``: where a like search (the same winner, another
    way to win) found its first hand; the search starts there (:func:`_around`)."""
    def hit(index: int) -> bool | None:
        need = tries(hands[index], winner, loser)
        return None if need is None else goal(need, winner, loser)

    last = len(hands) - 1
    if seed is not None:
        first = _around(hit, misses, min(max(seed, misses), last), last)
    elif near:
        # a refused biggest hand refuses them all (and otherwise the search ends on it)
        first = _gallop(hit, misses, last) if tries(hands[last], winner, loser) is not None else None
    else:
        # the biggest hand first: when not even it does it, no hand does
        first = _first_hit(hit, misses, last) if hit(last) else None
    if first is None:
        return None, len(hands)
    best: Need | None = None
    for hand in hands[first:]:
        need = tries(hand, winner, loser)
        if need is None:
            continue
        if best is not None and need.points > best.points:
            break
        if not goal(need, winner, loser):
            continue
        if best is None or need.sort_key() < best.sort_key():
            best = need
    return best, first


Hit = Callable[[int], bool | None]
"""Does hand ``i`` do it? None where the engine refuses it (a refused hand says nothing either way).
Every accepted hand after one that does it does it too."""


def _first_hit(hit: Hit, lo: int, hi: int) -> int:
    """The first index in [lo, hi] whose hand does it, by halving; ``hit(hi)`` does it."""
    while lo < hi:  # the first hit lies in [lo, hi], and hi is a hit
        mid = (lo + hi) // 2
        probe = mid  # the first accepted hand from mid on, short of hi
        while probe < hi and (verdict := hit(probe)) is None:
            probe += 1
        if probe < hi:
            if verdict:
                hi = probe
            else:
                lo = probe + 1
            continue
        # every hand in [mid, hi) is refused: the first hit is hi, or the last accepted hand before mid
        probe = mid - 1
        while probe >= lo and (verdict := hit(probe)) is None:
            probe -= 1
        if probe < lo or not verdict:
            return hi
        hi = probe
    return lo


def _gallop(hit: Hit, lo: int, last: int) -> int | None:
    """The first index in [lo, last] whose hand does it (None where none does), trying lo, lo + 1,
    lo + 3, lo + 7... up to the first hit, then halving back: few tries where it lies near lo."""
    step = 1
    while True:
        probe = lo + step - 1  # the first accepted hand from there on, short of last
        while probe < last and (verdict := hit(probe)) is None:
            probe += 1
        if probe >= last:
            return _first_hit(hit, lo, last) if hit(last) else None
        if verdict:
            return _first_hit(hit, lo, probe)
        lo, step = probe + 1, step * 2


def _around(hit: Hit, lo: int, seed: int, last: int) -> int | None:
    """The first index in [lo, last] whose hand does it (None where none does), searched outward
    from ``seed``: up from it by :func:`_gallop` where it does not do it, else down from it, doubling
    the step, to a hand that does not, then halving back. A winner's other ways to first usually
    need a hand near the one found for the last way (a ron off another player behind the leader:
    the same hand), so the answer is found in two or three tries rather than six or seven."""
    probe = seed  # the first accepted hand from the seed on, short of last
    while probe < last and (verdict := hit(probe)) is None:
        probe += 1
    if probe >= last:
        return _first_hit(hit, lo, last) if hit(last) else None
    if not verdict:
        return _gallop(hit, probe + 1, last)
    hi, step = probe, 1  # hi does it: the first hit lies in [lo, hi]
    while True:
        below = hi - step  # the first accepted hand from there down, not below lo
        while below >= lo and (verdict := hit(below)) is None:
            below -= 1
        if below < lo:
            return _first_hit(hit, lo, hi)
        if not verdict:  # no accepted hand before a miss does it
            return _first_hit(hit, below + 1, hi)
        hi, step = below, step * 2


def _is_usual(hand: Candidate) -> bool:
    return hand.fu is None or hand.fu <= USUAL_MAX_FU


def cheapest_usual(tries: Tries, winner: int, loser: int | None, hands: list[Candidate], goal: Goal,
                   misses: int = 0, near: bool = False, seed: int | None = None) -> tuple[Need | None, int]:
    """:func:`cheapest` (and the index of the first hand that does it), and where its answer is an
    unusual shape (above 40 fu) the cheapest usual hand that does the same as its ``usual``."""
    best, first = _cheapest(tries, winner, loser, hands, goal, misses, near, seed)
    if best is None or not best.unusual:
        return best, first
    usual = [h for h in hands if _is_usual(h)]
    # the usual hands before the first hand that does it do not do it either; the cheapest usual
    # one that does is likely among the next
    usual_misses = sum(1 for h in hands[:first] if _is_usual(h))
    return replace(best, usual=cheapest(tries, winner, loser, usual, goal, usual_misses, near=True)), first


def first_after(table: SettlementContext) -> Goal:
    """The goal of ``to_first``: the winner ranks first on the scores right after the hand."""
    known: dict[tuple[int, ...], tuple[int, ...]] = {}  # a try is asked about more than once

    def goal(need: Need, winner: int, loser: int | None) -> bool:
        if need.scores not in known:
            known[need.scores] = ranks(table.ruleset, need.scores)
        return known[need.scores][winner] == 1
    return goal


class _Probe(Game):
    """A game played on only to see whether it ends: its end is not scored (the final ranks are
    :func:`scoring.final.ranks` of the scores, as :func:`scoring.final.compute_final` ranks them)."""

    def _finish(self, ended_by: Termination) -> None:
        self.finished = True
        self.ended_by = ended_by
        self.awaiting_stop = False


def _fork(game: Game) -> Game:
    """A copy of ``game`` to play one more event on (its lists and sets copied, the rest shared: read only)."""
    other = copy.copy(game)
    other.__class__ = _Probe
    for name, value in vars(game).items():
        if isinstance(value, list | set | dict):
            setattr(other, name, copy.copy(value))
    return other


def game_won(game: Game) -> Goal:
    """The goal of ``to_win_game``: after the win the game is over with the winner first -- by the
    ruleset's own end conditions, played on a copy of the game (West entry's target, agari-yame and
    its minimum, a bust, sudden death). Where agari-yame is the dealer's choice (``stop``), a win
    after which the dealer may stop counts: the game ends when the winner says so."""
    first = first_after(game.table())
    known: dict[tuple[int, tuple[int, ...]], bool] = {}

    def goal(need: Need, winner: int, loser: int | None) -> bool:
        if not first(need, winner, loser):  # the game can only end with them first if they are first now
            return False
        # the end conditions read the scores after the hand (and who won): each such outcome is played once
        key = (winner, need.scores)
        if key not in known:
            known[key] = _ends_first(game, need, winner, loser)
        return known[key]
    return goal


def _ends_first(game: Game, need: Need, winner: int, loser: int | None) -> bool:
    """Play the win on a copy of ``game``: is it over with the winner first (or may the winner, the
    dealer, now stop it)?"""
    win = need.hand.win(winner)
    event = Tsumo(win=win) if loser is None else Ron(loser=loser, wins=(win,))
    after = _fork(game)
    try:
        after.apply(event, game.events)
    except ScoringError:
        return False
    if after.finished:
        return ranks(game.rs, after.scores)[winner] == 1
    return after.awaiting_stop and after.dealer == winner


def _ways(tries: Tries, winner: int, leads: bool, hands: list[Candidate], first: Goal,
          won: Goal | None) -> tuple[Ways, Ways | None]:
    """``to_first`` and ``to_win_game`` of ``winner`` (``leads``: ranked first now, when any win
    likely keeps them first; ``won`` None: ``to_win_game`` not asked for). The game can only end with
    the winner first where they are first after the hand: no hand before the first that puts them
    first wins the game, and the hands just after it are tried first (each try of ``won`` plays the
    game on)."""
    to_first: dict[int | None, Need | None] = {}
    to_win_game: dict[int | None, Need | None] = {}
    seed = win_seed = None  # where the last way's searches found their first hands
    for loser in [*(q for q in range(tries.table.ruleset.players) if q != winner), None]:
        to_first[loser], misses = cheapest_usual(tries, winner, loser, hands, first, near=leads, seed=seed)
        if misses < len(hands):
            seed = misses
        if won is not None:
            to_win_game[loser], found = cheapest_usual(tries, winner, loser, hands, won, misses, near=True,
                                                       seed=win_seed)
            if found < len(hands):
                win_seed = found
    def ways(by: dict[int | None, Need | None]) -> Ways:
        return Ways(ron={q: n for q, n in by.items() if q is not None}, tsumo=by[None])
    return ways(to_first), (ways(to_win_game) if won is not None else None)


def cheapest_first(table: SettlementContext, winner: int, loser: int | None, hands: list[Candidate]) -> Need | None:
    """The cheapest of ``hands`` by which ``winner`` (ron off ``loser``, or tsumo) ranks first after the hand."""
    return cheapest(Tries(table), winner, loser, hands, first_after(table))


def next_hand(record: GameRecord | Mapping[str, Any]) -> Game:
    """The game replayed up to its next hand; refuses a finished game."""
    if not isinstance(record, GameRecord):
        record = parse_record(record)
    game = play(record)
    if game.finished:
        raise ScoringError(M.NEEDS_GAME_OVER, how=game.ended_by.phrase if game.ended_by else "")
    return game


def needs(record: GameRecord | Mapping[str, Any], *, to_win_game: bool = True) -> Needs:
    """What each player needs in the next hand to come first (``python -m scoring needs``).

    ``to_win_game=False``: only ``to_first`` (each player's ``to_win_game`` is None), for a caller that
    shows no more -- the table screen before all-last, where only a bust could end the game. Those
    searches play the game on after each try, most of the work: about three quarters of it at South 3.
    """
    game = next_hand(record)
    table = game.table()
    state = game.state()
    rs = game.rs
    hands = candidates(rs)
    now = ranks(rs, table.scores)
    first, tries = first_after(table), Tries(table)
    won = game_won(game) if to_win_game else None
    players = []
    for p in range(rs.players):
        to_first, to_win_game = _ways(tries, p, now[p] == 1, hands, first, won)
        players.append(PlayerNeeds(seat=p, rank=now[p], ron=to_first.ron, tsumo=to_first.tsumo,
                                   to_win_game=to_win_game))
    return Needs(
        round=state.round,
        honba=state.honba,
        sticks=state.sticks,
        scores=state.scores,
        dealer=state.dealer,
        paid_as_dealer=table.paid_as_dealer,
        players=tuple(players),
    )


__all__ = [
    "USUAL_MAX_FU", "Candidate", "Need", "Needs", "PlayerNeeds", "Ways", "candidates", "cheapest", "cheapest_first",
    "highest_yakuman", "needs", "next_hand",
]
