"""Load the demo club (idempotent): users, members, both club rulesets, seasons and games.

Games are generated from a fixed seed and every hand goes through ``league.games.services``,
so each record replays validly. Running the command again changes nothing.
"""
from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from club.models import Club, ClubRole, Member
from league.games import services as game_services
from league.games.errors import HandRefused
from league.games.selectors import game_replay
from league.models import Game, Penalty, Ruleset, Season
from league.referee import services as referee_services
from league.seasons import services as season_services

CLUB_SLUG = "juki-agit-demo"
CLUB_NAME = "주키 아지트 데모"

# username, password, display name, role (None: plain member), superuser
LOGINS = [
    ("admin", "admin1234", "김관리", ClubRole.Role.ADMIN, True),
    ("referee", "referee1234", "이심판", ClubRole.Role.REFEREE, False),
    ("host", "host1234", "박진행", ClubRole.Role.HOST, False),
    ("player", "player1234", "최하늘", None, False),
]
OTHER_MEMBERS = ["정민준", "강서연", "조도윤", "윤하은", "장지호", "임수아"]

# (season name, ruleset key, ruleset name, rating method, finished games, games in progress)
SEASONS = [
    ("2026 주키 시즌 1", "juki-agit-2026", "주키 아지트 2026", Season.RatingMethod.P_RATING, 3, 1),
    ("2026 ASI 리그", "asi-shirai", "A.S.I. 시라이", Season.RatingMethod.TOTAL, 2, 0),
]

# han/fu pairs that every ruleset accepts, weighted toward the common ones.
VALUES = [(1, 30)] * 4 + [(1, 40)] * 2 + [(2, 30)] * 4 + [(2, 40)] * 2 + [(3, 30)] * 3 + [(4, 30), (5, 30), (6, 30)]


class Command(BaseCommand):
    help = "Create the demo club, logins, rulesets, seasons and games (idempotent)."

    def handle(self, *args, **options) -> None:
        with transaction.atomic():
            club, members, users = self._club()
            for index, (name, key, rs_name, method, finished, in_progress) in enumerate(SEASONS):
                ruleset = self._ruleset(club, key, rs_name)
                season = Season.objects.filter(club=club, name=name).first()
                if season is None:
                    season = season_services.season_create(
                        club=club, name=name, ruleset=ruleset, starts_on=datetime.date(2026, 1, 1),
                        ends_on=datetime.date(2026, 6, 30), rating_method=method, min_games=1, by=users["admin"],
                    )
                if not season.games.exists():
                    self._games(season, members, users, finished, in_progress, seed=index)
        self.stdout.write(self.style.SUCCESS(
            f"Demo club {CLUB_NAME!r}: {Member.objects.filter(club=club).count()} members, "
            f"{Game.objects.filter(club=club).count()} games. Logins: "
            + ", ".join(f"{u}/{p}" for u, p, *_ in LOGINS)
        ))

    # ----------------------------------------------------------------------------------------
    def _club(self):
        club, _ = Club.objects.get_or_create(slug=CLUB_SLUG, defaults={"name": CLUB_NAME, "public_standings": True})
        User = get_user_model()
        users, members = {}, []
        for username, password, display, role, superuser in LOGINS:
            user = User.objects.filter(username=username).first()
            if user is None:
                user = User(username=username, is_staff=superuser, is_superuser=superuser)
                user.set_password(password)
                user.save()
            users[username] = user
            member, _ = Member.objects.get_or_create(club=club, display_name=display, defaults={"user": user})
            if member.user_id is None and not Member.objects.filter(user=user).exists():
                member.user = user
                member.save(update_fields=["user"])
            if role is not None:
                ClubRole.objects.get_or_create(club=club, member=member, role=role)
            members.append(member)
        for display in OTHER_MEMBERS:
            members.append(Member.objects.get_or_create(club=club, display_name=display)[0])
        return club, members, users

    def _ruleset(self, club: Club, key: str, name: str) -> Ruleset:
        existing = Ruleset.objects.filter(club=club, key=key).order_by("-created_at").first()
        if existing is not None:
            return existing
        return season_services.ruleset_create(club=club, key=key, name=name, base=key, version="1", by=None)

    def _games(self, season: Season, members, users, finished: int, in_progress: int, *, seed: int) -> None:
        rng = random.Random(f"club-league-demo-{seed}")
        referee = users["referee"]
        start = timezone.make_aware(datetime.datetime(2026, 1, 10, 19, 0))
        for n in range(finished + in_progress):
            seated = rng.sample(members, 4)
            game = game_services.game_start(
                season=season, table_label=f"{chr(ord('A') + n % 3)}", members=seated, by=None,
                started_at=start + datetime.timedelta(days=7 * n),
            )
            host_user = next((m.user for m in seated if m.user_id), referee)
            if n == 0:  # a chombo in the middle of the first game
                self._play(game, rng, host_user, limit=4)
                referee_services.penalty_give(game=game, member=seated[1], type="chombo", reason="노텐 리치 (데모)",
                                              by=referee)
            self._play(game, rng, host_user, limit=6 if n >= finished else 80)
        if season.ruleset.key.startswith("juki"):
            referee_services.penalty_give(
                season=season, member=members[-1], type=Penalty.Kind.SEASON_DEDUCTION, points=10,
                reason="무단 불참 (데모)", by=referee,
            )

    def _play(self, game: Game, rng: random.Random, by, *, limit: int) -> None:
        position = game.hands.count()
        while game.status == Game.Status.IN_PROGRESS and position < limit:
            state = game_replay(game).state
            for _attempt in range(40):
                event = self._event(rng, state)
                try:
                    game_services.hand_record(game=game, position=position, event=event, by=by)
                except HandRefused:
                    continue
                position += 1
                break
            else:
                raise RuntimeError("could not generate a valid demo hand")
            game.refresh_from_db()

    @staticmethod
    def _event(rng: random.Random, state) -> dict:
        if state.awaiting_stop:
            return {"kind": "stop"}
        seats = list(range(len(state.scores)))
        riichi = [p for p in seats if state.scores[p] >= 2000 and rng.random() < 0.2]
        roll = rng.random()
        if roll < 0.18:
            return {"kind": "draw", "tenpai": sorted(rng.sample(seats, rng.randint(0, 3)) + riichi), "riichi": riichi}
        han, fu = rng.choice(VALUES)
        winner = rng.choice(seats)
        if roll < 0.5:
            return {"kind": "tsumo", "winner": winner, "han": han, "fu": fu, "riichi": riichi}
        loser = rng.choice([p for p in seats if p != winner])
        return {"kind": "ron", "loser": loser, "wins": [{"winner": winner, "han": han, "fu": fu}],
                "riichi": [p for p in riichi if p != loser]}
