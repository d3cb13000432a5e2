"""Season awards (issue 26 item 4), each rule on a small hand-written season: who wins, ties say so,
a rate award needs its minimum sample, and the evidence (game and hand) is the winner's."""
from __future__ import annotations

import pytest

from league.standings.awards import RULES, Minimums, season_awards


def player(member_id, name, **counts):
    """A standings row (``league.standings.stats._row``) with only what the awards read."""
    row = {"member_id": member_id, "name": name, "games": 0, "rank_sum": 0, "rank_counts": [0, 0, 0, 0],
           "hands": 0, "deal_ins": 0, "riichi": 0, "riichi_wins": 0, "best": None, "streak": None,
           "yakuman_hands": [], "comebacks": 0, "comeback_games": [], "near_busts": 0, "near_bust_games": []}
    row.update(counts)
    return row


# 가 (Ga), 나 (Na), 다 (Da): three players of a small season
GA = dict(games=4, rank_sum=6, rank_counts=[2, 2, 0, 0], hands=40, deal_ins=4, riichi=10, riichi_wins=5,
          best=[2000, 5, 30, 0, 11, 3], streak=[2, 11, 5], yakuman_hands=[], comebacks=1, comeback_games=[12],
          near_busts=0)
NA = dict(games=5, rank_sum=13, rank_counts=[2, 0, 1, 2], hands=50, deal_ins=5, riichi=10, riichi_wins=6,
          best=[8000, 13, None, 1, 13, 7], streak=[2, 14, 2], yakuman_hands=[[13, 7]], comebacks=0,
          near_busts=2, near_bust_games=[12, 14])
DA = dict(games=3, rank_sum=5, rank_counts=[1, 2, 0, 0], hands=30, deal_ins=1, riichi=4, riichi_wins=4,
          best=[1920, 4, 30, 0, 12, 0], streak=None, yakuman_hands=[], comebacks=0, near_busts=0)
SEASON = [player(1, "가", **GA), player(2, "나", **NA), player(3, "다", **DA)]
LOW = Minimums(games=1, hands=10, riichi=3)


def _award(rows, key, minimums=LOW):
    return next(a for a in season_awards(rows, minimums) if a["key"] == key)


def _names(award):
    return [w["name"] for w in award["winners"]]


@pytest.mark.parametrize(("key", "winners", "value", "tie"), [
    ("most_firsts", ["가", "나"], "2", True),
    ("best_average_rank", ["가"], "1.5000", False),
    ("biggest_hand", ["나"], "8000", False),
    ("most_yakuman", ["나"], "1", False),
    ("longest_dealer_streak", ["가", "나"], "2", True),
    ("lowest_deal_in_rate", ["다"], "0.0333", False),
    ("highest_riichi_win_rate", ["다"], "1.0000", False),
    ("iron_player", ["나"], "5", False),
    ("best_comeback", ["가"], "1", False),
    ("most_tobi_survived", ["나"], "2", False),
], ids=["most-1st-places-tied", "best-average-placement", "biggest-hand-by-basic-points", "most-yakuman",
        "longest-dealer-streak-tied", "lowest-deal-in-rate", "highest-riichi-win-rate", "iron-player-most-games",
        "comeback-from-last-at-south-1", "most-near-tobi-survived"])
def test_each_award_on_a_small_season(key, winners, value, tie):
    award = _award(SEASON, key)
    assert (_names(award), award["value"], award["tie"]) == (winners, value, tie)


@pytest.mark.parametrize(("key", "minimums", "winners"), [
    ("best_average_rank", Minimums(games=5, hands=10, riichi=3), ["나"]),
    ("lowest_deal_in_rate", Minimums(games=1, hands=40, riichi=3), ["가", "나"]),
    ("highest_riichi_win_rate", Minimums(games=1, hands=10, riichi=10), ["나"]),
    ("highest_riichi_win_rate", Minimums(games=1, hands=10, riichi=11), []),
], ids=["average-placement-needs-the-minimum-games", "deal-in-rate-needs-the-minimum-hands",
        "riichi-win-rate-needs-the-minimum-riichi", "nobody-with-enough-riichi-nobody-wins"])
def test_rate_awards_need_their_minimum(key, minimums, winners):
    assert _names(_award(SEASON, key, minimums)) == winners


@pytest.mark.parametrize(("key", "evidence"), [
    ("biggest_hand", [{"game": 13, "position": 7, "value": [8000, 13, None, 1]}]),  # base, han, fu, yakuman
    ("most_yakuman", [{"game": 13, "position": 7}]),
    ("most_tobi_survived", [{"game": 12, "position": None}, {"game": 14, "position": None}]),
    ("best_comeback", [{"game": 12, "position": None}]),
], ids=["biggest-hand-links-its-hand", "yakuman-links-its-hand", "near-tobi-links-the-games",
        "comeback-links-the-game"])
def test_the_winners_evidence_is_linked(key, evidence):
    [winner] = _award(SEASON, key)["winners"]
    assert winner["evidence"] == evidence


def test_an_empty_season_has_every_award_without_winner():
    awards = season_awards([], LOW)
    assert [a["key"] for a in awards] == [r.key for r in RULES]
    assert all(a["winners"] == [] and a["tie"] is False for a in awards)


def test_a_tie_on_a_rate_is_exact_not_rounded():
    # 1/3 and 2/6 are the same rate; 333/1000 is not, though it rounds the same
    rows = [player(1, "가", hands=30, deal_ins=10), player(2, "나", hands=60, deal_ins=20),
            player(3, "다", hands=1000, deal_ins=334)]
    award = _award(rows, "lowest_deal_in_rate")
    assert (_names(award), award["tie"]) == (["가", "나"], True)
