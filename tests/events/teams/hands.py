"""One hand that finishes a team league game in a chosen order: a triple ron off the 4th — the 1st wins
24,000, the 2nd 12,000, the 3rd 3,900 (East's baiman, mangan and 2 han 40 fu pay what a non-dealer's
sanbaiman, haneman and 3 han 30 fu do). Under Juki 2026 the points are +69.0, +17.0, −11.1, −74.9."""
from __future__ import annotations

from events.teams import services
from league.games import services as game_services
from league.models import Game

WIN = {1: ({"han": 8, "fu": 30}, {"han": 11, "fu": 30}),   # 24,000
       2: ({"han": 5, "fu": 30}, {"han": 6, "fu": 30}),    # 12,000
       3: ({"han": 2, "fu": 40}, {"han": 3, "fu": 30})}    # 3,900


def finish_in_order(fixture, seats: list[int]):
    """Enter the fixture's one hand: ``seats`` lists the seats 1st to 4th. Returns the finished game."""
    wins = [{"winner": seat, **WIN[place][0 if seat == 0 else 1]} for place, seat in enumerate(seats[:3], start=1)]
    game_services.hand_record(game=fixture.game, position=0, by=None,
                              event={"kind": "ron", "loser": seats[3], "riichi": [], "wins": wins})
    fixture.game.refresh_from_db()
    assert fixture.game.status == Game.Status.FINISHED
    return fixture.game


def play(fixture, finishing: list[int], teams) -> None:
    """Seat the fixture's game and enter its hand: ``finishing`` lists the team numbers 1st to 4th."""
    fixture = services.fixture_seat(fixture=fixture, by=None)
    seat_of = {s.team_id: s.seat for s in fixture.slots.all()}
    finish_in_order(fixture, [seat_of[teams[n].pk] for n in finishing])
