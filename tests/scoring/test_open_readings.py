"""The readings each club rulebook leaves open (../shared/rules/juki-agit.md §8, asi-shirai.md §7, issue 23),
each a ``Ruleset`` option: one case per value, named after the rule, every number worked by hand.

The presets keep the reading the engine had before the option existed; a club sets its own.
"""

import pytest

from scoring.errors import ScoringError
from scoring.record import parse_event
from scoring.rules import PaoHonba, preset
from scoring.settle import settle
from tests.scoring.conftest import PASS, make_table, play, ron, win


def _settle(ruleset, event, **table):
    t = make_table(ruleset, **table)
    return settle(t, parse_event(event, players=t.players))


def _with(key: str, **overrides):
    return {"base": key, "overrides": overrides}


# --- pao on a ron off a third player: who pays the honba (issue 23 item 4) ----------------------------
# East 2 honba 1 (seat 1 deals): seat 0 rons seat 1's discard with daisangen; seat 2 fed the third
# dragon. 32,000 split 16,000 / 16,000; the honba is 300 in all.
DAISANGEN_PAO_RON = ron(win(0, yakuman=1, pao=2, pao_for="daisangen"), loser=1)
PAO_HONBA_CASES = [
    pytest.param("tenhou", {}, [32300, -16000, -16300, 0],
                 id="tenhou: the liable player pays the honba of a pao ron (the 2010 鳳南喰 log)"),
    pytest.param("tenhou", {"pao_ron_honba": "discarder"}, [32300, -16300, -16000, 0],
                 id="pao ron honba discarder: the discarder pays the honba, the pao split is the hand only"),
    pytest.param("tenhou", {"pao_ron_honba": "split"}, [32300, -16150, -16150, 0],
                 id="pao ron honba split: the two pay half the honba each, like the rest"),
    pytest.param("asi-shirai", {}, [32300, -16300, -16000, 0],
                 id="asi: the rulebook is silent, the discarder pays the honba (today's reading)"),
    pytest.param("juki-agit-2026", {}, [32300, -16300, -16000, 0],
                 id="juki: the rulebook is silent, the discarder pays the honba (today's reading)"),
    pytest.param("juki-agit-2026", {"pao_ron_honba": "liable"}, [32300, -16000, -16300, 0],
                 id="juki with pao ron honba liable: as Tenhou"),
]


@pytest.mark.parametrize(("key", "overrides", "deltas"), PAO_HONBA_CASES)
def test_pao_ron_honba(key, overrides, deltas):
    s = _settle(_with(key, **overrides), DAISANGEN_PAO_RON, dealer=1, honba=1)
    assert list(s.deltas) == deltas


def test_tenhou_pao_ron_honba_in_a_game():
    """The real game's hand replayed: East 1 all noten (honba 1), then the East 2 pao ron."""
    game = play("tenhou", [PASS, DAISANGEN_PAO_RON])
    row = game.rows[-1]
    assert (row.round, row.honba) == ("E2", 1)
    assert list(row.deltas) == [32300, -16000, -16300, 0]


@pytest.mark.parametrize(("key", "overrides", "deltas"), [
    pytest.param("tenhou", {}, [32300, -32300, 0, 0], id="the liable player as discarder pays all, honba too"),
])
def test_pao_ron_by_the_liable_player_is_not_split(key, overrides, deltas):
    s = _settle(_with(key, **overrides), ron(win(0, yakuman=1, pao=1, pao_for="daisangen"), loser=1), dealer=1, honba=1)
    assert list(s.deltas) == deltas


def test_presets_keep_their_pao_ron_honba():
    assert preset("tenhou").pao_ron_honba is PaoHonba.LIABLE
    assert preset("tenhou-sanma").pao_ron_honba is PaoHonba.LIABLE
    for key in ("asi-shirai", "juki-agit-2026", "juki-agit-sanma-2026", "mahjong-soul", "m-league"):
        assert preset(key).pao_ron_honba is PaoHonba.DISCARDER, key


# --- every other open reading: one case per value ---------------------------------------------------
def _draw(*tenpai: int) -> dict:
    return {"kind": "draw", "tenpai": list(tenpai)}


def _row(game, i: int = -1):
    return game.rows[i]


# Sanma noten payments (juki §8: "no amount anywhere in the text"): one tenpai, two noten.
@pytest.mark.parametrize(("noten_payment", "deltas"), [
    pytest.param(3000, [3000, -1500, -1500], id="sanma noten payments 3,000 in all: +3,000 / -1,500 each"),
    pytest.param(2000, [2000, -1000, -1000], id="sanma noten payments 2,000 in all: +2,000 / -1,000 each"),
])
def test_sanma_noten_payments(noten_payment, deltas):
    s = _settle(_with("juki-agit-sanma-2026", noten_payment=noten_payment), _draw(0))
    assert list(s.deltas) == deltas


# Sanma honba on a tsumo ("본장 1회 당 300점", "쯔모 손실 없음"): honba 1, seat 1 tsumos 1 han 30 fu
# (700 from the dealer, 500 from the other, halves rounded up).
@pytest.mark.parametrize(("overrides", "deltas"), [
    pytest.param({}, [-850, 1500, -650], id="sanma tsumo honba 150 from each payer (300 in all)"),
    pytest.param({"sanma_honba_tsumo_loss": True}, [-800, 1400, -600],
                 id="sanma tsumo honba 100 from each payer (the 4-player share)"),
])
def test_sanma_tsumo_honba(overrides, deltas):
    s = _settle(_with("juki-agit-sanma-2026", **overrides), {"kind": "tsumo", "winner": 1, "han": 1, "fu": 30},
                honba=1)
    assert list(s.deltas) == deltas


# Sanma: North's share of a tsumo split oddly (1 han 30 fu: the 4-player 300 / 300 / 500).
@pytest.mark.parametrize(("split", "winner", "deltas"), [
    pytest.param("halves_rounded_up", 1, [-700, 1200, -500],
                 id="sanma no tsumo loss, halves rounded up: non-dealer 700 / 500 (1,200 in all)"),
    pytest.param("four_player_total", 1, [-700, 1100, -400],
                 id="sanma no tsumo loss, the 4-player total: non-dealer 700 / 400 (1,100 in all)"),
    pytest.param("halves_rounded_up", 0, [1600, -800, -800], id="sanma dealer tsumo halves rounded up: 800 all"),
    pytest.param("four_player_total", 0, [1500, -800, -700],
                 id="sanma dealer tsumo, the 4-player 1,500: 800 from the next seat, 700 from the other"),
])
def test_sanma_tsumo_split(split, winner, deltas):
    s = _settle(_with("juki-agit-sanma-2026", sanma_tsumo_split=split),
                {"kind": "tsumo", "winner": winner, "han": 1, "fu": 30})
    assert list(s.deltas) == deltas


# Sanma nagashi payments ("쯔모 손실 없음" is said of a tsumo): a non-dealer's nagashi.
@pytest.mark.parametrize(("overrides", "deltas"), [
    pytest.param({}, [-5000, 8000, -3000], id="sanma nagashi without tsumo loss: dealer 5,000, other 3,000"),
    pytest.param({"sanma_nagashi_tsumo_loss": True}, [-4000, 6000, -2000],
                 id="sanma nagashi with tsumo loss: dealer 4,000, other 2,000"),
])
def test_sanma_nagashi_payments(overrides, deltas):
    s = _settle(_with("juki-agit-sanma-2026", **overrides), {"kind": "nagashi", "players": [1], "tenpai": []})
    assert list(s.deltas) == deltas


# Is a flower a dora? (only "북도라 없음, 화패 4장 사용"): menzen tsumo + pinfu, one flower.
@pytest.mark.parametrize(("flower_dora", "han"), [
    pytest.param(True, 3, id="a flower is one dora"),
    pytest.param(False, 2, id="a flower only gives its replacement draw, no dora"),
])
def test_flower_dora(flower_dora, han, needs_hand_engine):
    from scoring.hand import HandContext, evaluate

    hand = {"tiles": "234p567p345s678s99s", "win": "5s", "seat_wind": "S", "round_wind": "E", "tsumo": True,
            "flowers": 1}
    rs = preset("juki-agit-sanma-2026").derive(flower_dora=flower_dora)
    result = evaluate(hand, rs, HandContext(seat_wind="S", round_wind="E", is_dealer=False, tsumo=True))
    assert result.value.han == han


# A non-dealer's nagashi while the dealer is tenpai ("유국만관 화료로 인정" with "텐파이렌짱"): E1, seat 1.
@pytest.mark.parametrize(("keeps", "where"), [
    pytest.param(True, ("E1", 1), id="juki nagashi as a win: a tenpai dealer keeps the deal, honba +1"),
    pytest.param(False, ("E2", 0), id="juki nagashi as a win: the deal passes as after any non-dealer win"),
])
def test_nagashi_with_a_tenpai_dealer(keeps, where):
    game = play(_with("juki-agit-2026", nagashi_win_tenpai_renchan=keeps),
                [{"kind": "nagashi", "players": [1], "tenpai": [0]}])
    assert (game.state.round, game.state.honba) == where


# A.S.I. noten payments at a nagashi (2g "화료역이아닌 유국으로 처리"): seat 1 nagashi, seat 2 tenpai.
@pytest.mark.parametrize(("overrides", "deltas"), [
    pytest.param({}, [-4000, 8000, -2000, -2000], id="asi nagashi: the nagashi payments replace noten payments"),
    pytest.param({"nagashi_noten_payments": True}, [-5000, 7000, 1000, -3000],
                 id="asi nagashi: noten payments as well as the nagashi payments"),
])
def test_nagashi_noten_payments(overrides, deltas):
    s = _settle(_with("asi-shirai", **overrides), {"kind": "nagashi", "players": [1], "tenpai": [2]})
    assert list(s.deltas) == deltas


# West: does exactly the target end the game? ("반환점을 넘기면 종료", 넘기다 = to go past.) Eight
# all-noten draws lead into West (target lowered to 28,000 so one tenpai payment lands on it exactly).
@pytest.mark.parametrize(("above", "finished"), [
    pytest.param(False, True, id="west sudden death on reaching the target: exactly 28,000 ends the game"),
    pytest.param(True, False, id="west sudden death only past the target: exactly 28,000 plays on"),
])
def test_west_exactly_the_target(above, finished):
    game = play(_with("juki-agit-2026", west_entry_target=28000, sudden_death_above_target=above),
                [PASS] * 8 + [_draw(0)])
    assert game.rows[-1].round == "W1"
    assert game.state.scores[0] == 28000
    assert game.state.finished is finished


# South 4: the top dealer wins (or is tenpai) while below 30,000. Seven all-noten draws reach S4 (seat
# 3 deals, honba 7); the dealer rons 1 han 30 fu: 1,500 + 2,100 = 3,600 -> 28,600, top.
S4_DEALER_RON = ron(win(3, han=1, fu=30), loser=0)


@pytest.mark.parametrize(("key", "goes_west", "event", "where"), [
    pytest.param("juki-agit-2026", True, S4_DEALER_RON, "W1", id="juki S4 top dealer win below 30,000: West starts"),
    pytest.param("juki-agit-2026", False, S4_DEALER_RON, "S4", id="juki S4 top dealer win below 30,000: plays on"),
    pytest.param("asi-shirai", True, _draw(3), "W1", id="asi S4 top dealer tenpai below 30,000: West starts"),
    pytest.param("asi-shirai", False, _draw(3), "S4", id="asi S4 top dealer tenpai below 30,000: plays on"),
])
def test_south_4_top_dealer_below_30000(key, goes_west, event, where):
    game = play(_with(key, yame_below_min_goes_west=goes_west), [PASS] * 7 + [event])
    assert game.rows[-1].round == "S4"
    assert game.state.round == where
    assert not game.state.finished


# Is West 4 an all-last? (1f "오라스 친이 톱일 경우 … 종료", 1g "북입은 없음".) Eight draws into West, three
# more to West 4 (seat 3 deals, honba 11): the dealer rons 1 han 30 fu, 1,500 + 3,300 -> 29,800, top.
@pytest.mark.parametrize(("all_last", "finished"), [
    pytest.param(True, True, id="asi west 4 as an all-last: the top dealer's win ends the game"),
    pytest.param(False, False, id="asi west 4 not an all-last: the dealer plays on below 30,000"),
])
def test_west_4_all_last(all_last, finished):
    game = play(_with("asi-shirai", west_last_all_last=all_last), [PASS] * 11 + [ron(win(3, han=1, fu=30), loser=0)])
    assert game.rows[-1].round == "W4"
    assert game.state.scores[3] == 29800
    assert game.state.finished is finished
    if finished:
        assert game.final.ended_by == "agari_yame"  # issue 40 item 2: what ended it, not "west_end"
    else:
        assert (game.state.round, game.state.honba) == ("W4", 12)


# Agari-yame: automatic, or the dealer's choice ("아가리야메 있음"). S4, the dealer rons 4 han 30 fu:
# 11,600 + 2,100 -> 38,700, top and over 30,000.
@pytest.mark.parametrize(("mode", "finished", "awaiting"), [
    pytest.param("optional", False, True, id="juki agari-yame the dealer's choice: awaits a stop"),
    pytest.param("auto", True, False, id="juki agari-yame automatic: the game ends"),
])
def test_agari_yame(mode, finished, awaiting):
    game = play(_with("juki-agit-2026", agari_yame=mode), [PASS] * 7 + [ron(win(3, han=4, fu=30), loser=0)])
    assert (game.state.finished, game.state.awaiting_stop) == (finished, awaiting)


# Paarenchan ("팔연장", no definition). The dealer wins 2 han 30 fu rons (2 han: Juki's 5th-renchan
# minimum) from seats 1, 2, 3 in turn; a draw with only the dealer tenpai keeps the deal.
def _dealer_run(pattern: str) -> list[dict]:
    out, loser = [], 1
    for c in pattern:
        if c == "W":
            out.append(ron(win(0, han=2, fu=30), loser=loser))
            loser = loser % 3 + 1
        else:
            out.append(_draw(0))
    return out


@pytest.mark.parametrize(("count", "pattern", "paarenchan"), [
    pytest.param("wins", "WWWWDWWW", False, id="paarenchan wins: a tenpai draw breaks the streak"),
    pytest.param("wins", "WWWWWWW", True, id="paarenchan wins: the 8th win in a row"),
    pytest.param("wins_through_draws", "WWWWDWWW", True,
                 id="paarenchan wins through draws: the 8th win, the draw neither counts nor breaks"),
    pytest.param("wins_through_draws", "WWWDWWW", False, id="paarenchan wins through draws: a draw does not count"),
    pytest.param("deals", "WWWDWWW", True, id="paarenchan deals: the 8th consecutive deal, the draw counts"),
])
def test_paarenchan_count(count, pattern, paarenchan):
    game = play(_with("juki-agit-2026", paarenchan_count=count), _dealer_run(pattern + "W"))
    assert game.rows[-1].round == "E1"
    assert (game.rows[-1].wins[0].value.yakuman == 1) is paarenchan


# Partial pao with two yakuman ("역만 부분 책임지불(대삼원, 대사희)"): a double-yakuman tsumo, seat 1 liable.
@pytest.mark.parametrize(("partial", "deltas"), [
    pytest.param(True, [-16000, -40000, 64000, -8000],
                 id="partial pao: the liable player pays the pao yakuman, the rest is a normal tsumo"),
    pytest.param(False, [0, -64000, 64000, 0], id="full pao: the liable player pays both yakuman"),
])
def test_partial_pao(partial, deltas):
    s = _settle(_with("juki-agit-2026", pao_partial=partial),
                {"kind": "tsumo", "winner": 2, "yakuman": 2, "pao": 1, "pao_for": "daisangen"})
    assert list(s.deltas) == deltas


# The dealer's 5th renchan: do dora count toward the 2 han? ("친의 5연장 시 친만 2판 묶음".)
@pytest.mark.parametrize(("counts_dora", "accepted"), [
    pytest.param(False, False, id="juki 5th renchan minimum: yaku only, 1 han + 1 dora is refused"),
    pytest.param(True, True, id="juki 5th renchan minimum: dora count, 1 han + 1 dora wins"),
])
def test_dealer_minimum_and_dora(counts_dora, accepted):
    event = ron(win(0, han=2, fu=30, dora=1), loser=1)
    spec = _with("juki-agit-2026", dealer_min_han_counts_dora=counts_dora)
    if accepted:
        assert list(_settle(spec, event, renchan=5).deltas) == [2900 + 0, -2900, 0, 0]
    else:
        with pytest.raises(ScoringError, match="2"):
            _settle(spec, event, renchan=5)


# Honba on a double ron (1k "공탁금은 아타마하네" names only the deposits): honba 1, seat 0 deals in to
# seats 1 and 2 (1 han 30 fu, 1,000 each); seat 1 is the head bump.
@pytest.mark.parametrize(("honba", "deltas"), [
    pytest.param("head_bump", [-2300, 1300, 1000, 0], id="asi double ron: honba to the head-bump winner only"),
    pytest.param("each", [-2600, 1300, 1300, 0], id="asi double ron: honba to each winner"),
])
def test_double_ron_honba(honba, deltas):
    s = _settle(_with("asi-shirai", multi_ron_honba=honba), ron(win(1, han=1, fu=30), win(2, han=1, fu=30), loser=0),
                honba=1)
    assert list(s.deltas) == deltas


# A double-West pair in the West round (3a "(더블동, 더블남일 경우 4부)"): riichi ron with 111m closed
# (8 fu), a ryanmen wait and a West pair for the West seat: 20 + 10 + 8 + 4 = 42 -> 50 fu, or with 2 fu
# for the pair 40 fu. 1 han: 1,600 or 1,300.
@pytest.mark.parametrize(("in_west", "fu"), [
    pytest.param(True, 50, id="asi double west pair is 4 fu like double east and south"),
    pytest.param(False, 40, id="asi double west pair is 2 fu: only double east and south are named"),
])
def test_double_west_pair(in_west, fu, needs_hand_engine):
    from scoring.hand import HandContext, evaluate

    hand = {"tiles": "111m234m567p678s33z", "win": "8s", "seat_wind": "W", "round_wind": "W", "tsumo": False,
            "riichi": True}
    rs = preset("asi-shirai").derive(double_wind_pair_in_west=in_west)
    result = evaluate(hand, rs, HandContext(seat_wind="W", round_wind="W", is_dealer=False, tsumo=False))
    assert result.value.fu == fu


def test_double_east_pair_is_4_fu_either_way(needs_hand_engine):
    from scoring.hand import HandContext, evaluate

    hand = {"tiles": "111m234m567p678s11z", "win": "8s", "seat_wind": "E", "round_wind": "E", "tsumo": False,
            "riichi": True}
    rs = preset("asi-shirai").derive(double_wind_pair_in_west=False)
    result = evaluate(hand, rs, HandContext(seat_wind="E", round_wind="E", is_dealer=True, tsumo=False))
    assert result.value.fu == 50


# Three penalty points: in the game or in one hand? (5c-ㄱ "3회" against 5c-ㄴ "한 국에서".) Seat 1 gets
# one in East 1 and two in East 2.
def _penalty(player: int) -> dict:
    return {"kind": "penalty", "player": player, "type": "penalty_point"}


@pytest.mark.parametrize(("per_hand", "chombo"), [
    pytest.param(False, True, id="asi penalty points counted per game: the 3rd in the game is a chombo"),
    pytest.param(True, False, id="asi penalty points counted per hand: two in a hand stay deposits"),
])
def test_penalty_points_scope(per_hand, chombo):
    game = play(_with("asi-shirai", penalty_points_per_hand=per_hand),
                [_penalty(1), PASS, _penalty(1), _penalty(1), PASS])
    outcomes = [r.outcome for r in game.rows]
    assert ("chombo" in outcomes) is chombo
    assert game.state.penalty_points[1] == 3


# Before 2024-12: the dealer and an abortive draw; triple ron.
@pytest.mark.parametrize(("keeps", "where"), [
    pytest.param(True, ("E1", 1), id="juki 2023-11 abortive draw: the dealer keeps the deal"),
    pytest.param(False, ("E2", 1), id="juki 2023-11 abortive draw: the deal passes"),
])
def test_abortive_draw_and_the_deal(keeps, where):
    game = play(_with("juki-agit-2023-11", abort_dealer_keeps=keeps), [{"kind": "abort", "reason": "four_winds"}])
    assert (game.state.round, game.state.honba) == where


TRIPLE = ron(win(1, han=1, fu=30), win(2, han=1, fu=30), win(3, han=1, fu=30), loser=0)


def test_triple_ron_before_2024_12_is_three_wins():
    assert list(_settle("juki-agit-2023-11", TRIPLE).deltas) == [-3000, 1000, 1000, 1000]


def test_triple_ron_before_2024_12_as_an_abortive_draw():
    with pytest.raises(ScoringError):
        _settle(_with("juki-agit-2023-11", triple_ron_abort=True), TRIPLE)


# Oka, decimals, ties and leftover sticks (A.S.I. 1a gives only "25,000점 시작 30,000점 반환").
@pytest.mark.parametrize(("overrides", "scores", "sticks", "points"), [
    pytest.param({}, (40000, 30000, 20000, 9000), 1, (50.0 + 1, 10.0, -20.0, -41.0),
                 id="asi oka 20,000 to 1st, leftover stick to 1st"),
    pytest.param({"oka": 0, "return_points": 25000}, (40000, 30000, 20000, 10000), 0, (35.0, 15.0, -15.0, -35.0),
                 id="asi without oka: points from 25,000"),
    pytest.param({"leftover_sticks": "lost"}, (40000, 30000, 20000, 9000), 1, (50.0, 10.0, -20.0, -41.0),
                 id="asi leftover sticks lost"),
    pytest.param({}, (35000, 35000, 15000, 15000), 0, (45.0, 15.0, -25.0, -35.0), id="asi ties by seat order"),
    pytest.param({"tie_rule": "split"}, (35000, 35000, 15000, 15000), 0, (30.0, 30.0, -30.0, -30.0),
                 id="asi ties split the uma and oka"),
    pytest.param({}, (40300, 30000, 20000, 9700), 0, (50.3, 10.0, -20.0, -40.3), id="asi points keep decimals"),
    pytest.param({"rounding": "round_half_up"}, (40300, 30000, 20000, 9700), 0, (50, 10, -20, -40),
                 id="asi points rounded half up"),
])
def test_final_points_readings(overrides, scores, sticks, points):
    from scoring.final import compute_final
    from scoring.rules import resolve

    final = compute_final(resolve(_with("asi-shirai", **overrides)), scores, sticks=sticks * 1000, ended_by="all_last")
    assert tuple(final.points) == pytest.approx(points)


# Sanma uma ("우마 20"): usually +20 / 0 / -20.
@pytest.mark.parametrize(("uma", "points"), [
    pytest.param((20000, 0, -20000), (35.0, 0.0, -35.0), id="sanma uma 20 read as +20 / 0 / -20"),
    pytest.param((10000, 0, -10000), (25.0, 0.0, -25.0), id="sanma uma read as +10 / 0 / -10"),
])
def test_sanma_uma(uma, points):
    from scoring.final import compute_final
    from scoring.rules import resolve

    final = compute_final(resolve(_with("juki-agit-sanma-2026", uma=list(uma))), (45000, 30000, 15000), sticks=0,
                          ended_by="all_last")
    assert tuple(final.points) == pytest.approx(points)


# Renhou (Juki: a yakuman; the value is the club's): a first-turn ron, kanchan wait, no other yaku.
@pytest.mark.parametrize(("renhou", "expected"), [
    pytest.param("yakuman", 32000, id="renhou a yakuman"),
    pytest.param("mangan", 8000, id="renhou a mangan"),
])
def test_renhou_value(renhou, expected, needs_hand_engine):
    s = _settle(_with("juki-agit-2026", renhou=renhou),
                ron(win(2, hand={"tiles": "123m567m234p678s55p", "win": "7s", "renhou": True}), loser=1))
    assert s.deltas[2] == expected


# Sanma: a pinfu-shape hand won on a flower's replacement tile ("영상개화로 화료 시 쯔모 2부 있음" against
# pinfu tsumo at 20 fu): menzen tsumo + rinshan + flower dora, with or without pinfu.
@pytest.mark.parametrize(("key", "extra", "pinfu", "han", "fu"), [
    pytest.param("juki-agit-sanma-2026", {"flowers": 1}, True, 4, 20,
                 id="win on a flower replacement: pinfu tsumo at 20 fu"),
    pytest.param("juki-agit-sanma-2026", {"flowers": 1}, False, 3, 30,
                 id="win on a flower replacement: rinshan with its tsumo fu, no pinfu, 30 fu"),
    pytest.param("tenhou-sanma", {"kita": 1}, False, 3, 30,
                 id="win on a kita replacement: rinshan with its tsumo fu, no pinfu, 30 fu"),
])
def test_flower_rinshan_pinfu(key, extra, pinfu, han, fu, needs_hand_engine):
    from scoring.hand import HandContext, evaluate

    hand = {"tiles": "234p567p345s678s99s", "win": "5s", "seat_wind": "S", "round_wind": "E", "tsumo": True,
            "rinshan": True, **extra}
    rs = preset(key).derive(flower_rinshan_pinfu=pinfu)
    result = evaluate(hand, rs, HandContext(seat_wind="S", round_wind="E", is_dealer=False, tsumo=True))
    assert (result.value.han, result.value.fu) == (han, fu)
    assert ("pinfu" in {y.id for y in result.yaku}) is pinfu
