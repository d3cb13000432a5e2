"""Complete games from the two rulebooks, with scores and points worked out by hand."""

from tests.scoring.conftest import PASS, play, ron, tsumo, win


def test_asi_west_entry_then_sudden_death():
    hands = [
        ron(win(2, han=2, fu=30), loser=1),   # E1: P3 +2000 -> 27000 / P2 23000; E2
        tsumo(1, han=1, fu=30),         # E2 (dealer P2): 500 all -> P2 24500, others -500; renchan, honba 1
        PASS,                           # E2-1 all noten: E3, honba 2
        {"kind": "draw", "tenpai": [0], "riichi": [0]},  # E3-2: P1 riichi, tenpai alone +3000-1000;
        #   E4 honba 3, sticks 1000
        ron(win(0, han=1, fu=30), loser=3),   # E4-3 (dealer P4): P1 1000 + 900 + 1000 stick; S1 honba 0
        PASS, PASS, PASS,               # S1, S2, S3 all noten -> S4 honba 3
        PASS,                           # S4-3: nobody has 30000 -> West 1, honba 4
        ron(win(2, han=1, fu=30), loser=1),   # W1-4: P3 +1000+1200 -> sudden death at >= 30000
    ]
    r = play("asi-shirai", hands)
    # Scores step by step:
    # E1: [25000, 23000, 27000, 25000]; E2: [24500, 24500, 26500, 24500]
    # E3 draw: P1 -1000 stick +3000, others -1000: [26500, 23500, 25500, 23500], sticks 1000
    # E4 ron P4->P1 1000+900+1000: [29400, 23500, 25500, 21600]; S4 ends with nobody >= 30000
    # W1 ron P2->P3 1000+1200: [29400, 21300, 27700, 21600] -> nobody >= 30000 yet
    assert r.state.scores == (29400, 21300, 27700, 21600)
    assert not r.state.finished
    assert r.state.round == "W2"
    r = play("asi-shirai", hands + [ron(win(2, han=2, fu=30), loser=3)])
    # W2-0: P3 +2000 from P4 -> 29700: still below
    assert r.state.scores == (29400, 21300, 29700, 19600)
    r = play("asi-shirai", hands + [ron(win(2, han=2, fu=30), loser=3), ron(win(0, han=2, fu=30), loser=3)])
    # W3 (dealer P3) P1 rons P4 for 2000 -> 31400: sudden death.
    assert r.state.ended_by == "sudden_death"
    assert r.final.scores == (31400, 21300, 29700, 17600)
    # Points: P1 1.4+20+20 = 41.4; P3 -0.3+10 = 9.7; P2 -8.7-10 = -18.7; P4 -12.4-20 = -32.4
    assert r.final.ranks == (1, 3, 2, 4)
    assert r.final.points == (41.4, -18.7, 9.7, -32.4)


def test_juki_agari_yame_by_stop_with_yellow_cards_and_leftover_sticks():
    hands = [
        ron(win(1, han=3, fu=30), loser=2, riichi=[0]),  # E1: P1 riichi; P2 +3900+1000: [24000, 29900, 21100, 25000]
        {"kind": "penalty", "player": 3, "type": "yellow_card"},
        {"kind": "penalty", "player": 3, "type": "yellow_card"},  # E2: P4 pays 3000 to each:
        #   [27000, 32900, 24100, 16000]
        PASS, PASS, PASS, PASS, PASS,               # E2, E3, E4, S1, S2 noten -> S3 honba 5
        {"kind": "draw", "tenpai": [3], "riichi": [3]},  # S3-5: P4 riichi, alone tenpai: +3000-1000, others -1000
        tsumo(3, han=4, fu=30),                     # S4-6 (dealer P4): 3900 all + 600 each = 13500, stick 1000
    ]
    r = play("juki-agit-2026", hands)
    # After S3 draw: [26000, 31900, 23100, 18000], sticks 1000
    # S4 dealer tsumo: 4500 from each: [21500, 27400, 18600, 32500] -> dealer top >= 30000: may stop
    assert r.state.scores == (21500, 27400, 18600, 32500)
    assert r.state.awaiting_stop
    assert r.state.renchan == 1
    assert r.state.honba == 7
    r = play("juki-agit-2026", hands + [{"kind": "stop"}])
    assert r.state.ended_by == "stop"
    # Points: P4 2.5+30+20 = 52.5; P2 -2.6+10 = 7.4; P1 -8.5-10 = -18.5; P3 -11.4-30 = -41.4
    assert r.final.ranks == (3, 2, 4, 1)
    assert r.final.points == (-18.5, 7.4, -41.4, 52.5)
    assert sum(r.final.points) == 0


def test_asi_tobi_with_penalty_point_deposit_to_first():
    hands = [
        {"kind": "penalty", "player": 2, "type": "penalty_point"},  # P3 puts 1000 on the table
        {"kind": "draw", "tenpai": [0]},                            # E1: P1 +3000, others -1000; dealer keeps
        # E1-1: dealer haneman 18000 + 300 + 1000 sticks
        ron(win(0, han=6), loser=1),
        ron(win(3, han=3, fu=30), loser=1),                               # E1-2: P4 3900+600 -> P2 below 0: tobi
    ]
    r = play("asi-shirai", hands)
    # [28000, 24000, 23000, 24000] sticks 1000 -> [47300, 5700, 23000, 24000] -> [47300, 1200, 23000, 28500]
    assert r.state.ended_by is None
    r = play("asi-shirai", hands + [ron(win(2, han=2, fu=30), loser=1)])
    # E2: P3 2000 from P2 -> P2 -800: tobi.
    assert r.state.ended_by == "tobi"
    assert r.final.scores == (47300, -800, 25000, 28500)
    # P1 17.3+20+20 = 57.3; P4 -1.5+10 = 8.5; P3 -5-10 = -15; P2 -30.8-20 = -50.8
    assert r.final.points == (57.3, -50.8, -15.0, 8.5)


def test_asi_deliberate_chombo_game():
    hands = [ron(win(2, han=1, fu=30), loser=1), {"kind": "chombo", "offender": 2, "deliberate": True}]
    r = play("asi-shirai", hands)
    # [25000, 24000, 26000, 25000] -> P3 pays 30000 to each: [55000, 54000, -64000, 55000]
    assert r.state.ended_by == "deliberate_chombo"
    assert r.final.scores == (55000, 54000, -64000, 55000)
    # seat order: P1 1st (25+20+20=65), P4 2nd (25+10=35), P2 3rd (24-10=14), P3 4th (-94-20=-114)
    assert r.final.points == (65.0, 14.0, -114.0, 35.0)
