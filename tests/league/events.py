"""Small builders of contract events for the league tests (imported, not collected)."""
from __future__ import annotations


def ron(winner: int, *, loser: int, han: int = 1, fu: int = 30, riichi=()) -> dict:
    """Winner first, as the rulebook says it: ``ron(1, loser=2)`` is "seat 1 rons seat 2"."""
    return {"kind": "ron", "loser": loser, "wins": [{"winner": winner, "han": han, "fu": fu}], "riichi": list(riichi)}


def tsumo(winner: int, han: int = 1, fu: int = 30, riichi=()) -> dict:
    return {"kind": "tsumo", "winner": winner, "han": han, "fu": fu, "riichi": list(riichi)}


def draw(tenpai=()) -> dict:
    return {"kind": "draw", "tenpai": list(tenpai), "riichi": []}


STOP = {"kind": "stop"}

# East 1 .. South 3: every hand a 1-han 30-fu ron by the player after the dealer
# from the player two after the dealer (the deal passes each time).
TO_SOUTH_4 = [ron((d + 1) % 4, loser=(d + 2) % 4) for d in (0, 1, 2, 3, 0, 1, 2)]
# South 4 (dealer = seat 3): a non-dealer mangan that ends the game (all last).
ALL_LAST_FINISH = [*TO_SOUTH_4, ron(0, loser=1, han=5)]
# Juki's optional agari-yame: the dealer tsumos a haneman, then chooses to stop.
AGARI_YAME_FINISH = [*TO_SOUTH_4, tsumo(3, han=6), STOP]


def record(game, position: int, event: dict, by=None):
    """Store ``event`` at ``position`` as the app would: a penalty event (a referee's) through the referee's
    service, which the table screen and the API hand it to; any other hand through the games service."""
    from league.games import services as game_services
    from league.games.selectors import is_penalty_event
    from league.referee.services import penalty_hand

    if is_penalty_event(event):
        return penalty_hand(game=game, position=position, event=event, by=by)[0]
    return game_services.hand_record(game=game, position=position, event=event, by=by)
