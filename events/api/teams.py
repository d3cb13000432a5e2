"""The team league's REST API (issue 37): read the leagues, a stage's team table, the schedule with its
line-ups (hidden picks stay hidden, as on the pages) and the individual ranking; a captain (or the
organiser) writes a slot's player: ``POST /api/team-slots/{id}/lineup/ {"member": <id>}``.

Refusals carry the domain's ``code`` (``events.error_codes.TeamLeagueErrorCode``): ``deadline``,
``max_games``, ``min_games``, ``not_on_roster``, ``same_time``, ``seated``."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import mixins, serializers
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.generics import get_object_or_404  # a malformed id: 404, not a 500
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from club.models import Member
from events.teams import selectors, services, standings
from events.teams.models import Slot, TeamLeague
from league.api.access import BaseViewSet


def _dec(value):
    return None if value is None else str(value)


class TeamLeagueSerializer(serializers.ModelSerializer):
    stages = serializers.SerializerMethodField()
    teams = serializers.SerializerMethodField()

    class Meta:
        model = TeamLeague
        fields = ["id", "club", "name", "format", "season", "lineup_deadline_minutes", "forfeit_points", "stages",
                  "teams"]

    def get_stages(self, league) -> list[dict]:
        return [{"number": s.number, "name": s.name, "carry": _dec(s.carry), "advancing": s.advancing,
                 "games_per_team": s.games_per_team, "player_min_games": s.player_min_games,
                 "player_max_games": s.player_max_games} for s in league.stages.order_by("number")]

    def get_teams(self, league) -> list[dict]:
        return [{"id": t.pk, "name": t.name, "colour": t.colour, "captain": t.captain_id,
                 "roster": [{"member": e.member_id, "name": e.member.display_name, "role": e.role,
                             "joined_on": e.joined_on, "left_on": e.left_on}
                            for e in t.roster.select_related("member").order_by("order", "id")]}
                for t in league.teams.select_related("captain").order_by("pk")]


class TeamLeagueViewSet(BaseViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin):
    """Team leagues the user may see (public ones, and their clubs')."""

    serializer_class = TeamLeagueSerializer
    queryset = TeamLeague.objects.none()

    def get_queryset(self):
        leagues = TeamLeague.objects.select_related("club").order_by("-created_at", "pk")
        visible = [lg.pk for lg in leagues if selectors.can_view(self.request.user, lg)]
        return leagues.filter(pk__in=visible)

    def _stage(self, league):
        number = self.request.query_params.get("stage")
        wanted = number and number.isdigit() and len(number) <= 4  # a stage number, not junk
        stage = league.stages.filter(number=int(number)).first() if wanted else selectors.current_stage(league)
        if stage is None:
            raise NotFound()
        return stage

    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        """The stage's team table (``?stage=N``; the latest opened by default): previous × carry + this stage."""
        stage = self._stage(self.get_object())
        rows = [{"place": r.place, "team": r.team.pk, "name": r.team.name, "previous": _dec(r.previous),
                 "carry": _dec(r.carry), "carried": _dec(r.carried), "stage_points": _dec(r.stage_points),
                 "total": _dec(r.total), "games": r.games} for r in standings.stage_table(stage)]
        return Response({"stage": stage.number, "name": stage.name, "rows": rows})

    @action(detail=True, methods=["get"])
    def schedule(self, request, pk=None):
        """The stage's match days and line-ups as the user may see them (a pick is hidden until the deadline)."""
        stage = self._stage(self.get_object())
        days = []
        for d in selectors.schedule(stage, user=request.user):
            days.append({"number": d.day.number, "starts_at": d.day.starts_at, "venue": d.day.venue,
                         "lineups_public": d.public, "deadline": d.day.deadline, "finished": bool(d.day.finished_at),
                         "fixtures": [{"id": f.fixture.pk, "table": f.fixture.table, "order": f.fixture.order,
                                       "game": f.fixture.game_id, "slots": [
                                           {"id": s.slot.pk, "seat": s.slot.seat, "team": s.team.pk,
                                            "player": s.name, "hidden": s.hidden, "forfeit": s.slot.forfeit,
                                            "points": _dec(s.points), "rank": s.rank} for s in f.slots]}
                                      for f in d.fixtures]})
        return Response({"stage": stage.number, "match_days": days})

    @action(detail=True, methods=["get"])
    def ranking(self, request, pk=None):
        """The individual ranking of the regular stage (``?min_games=N``)."""
        league = self.get_object()
        minimum = request.query_params.get("min_games", "0")
        rows = standings.individual_ranking(league, min_games=int(minimum) if minimum.isdigit() and len(minimum) <= 4
                                            else 0)
        return Response([{"place": r.place, "member": r.member.pk, "name": r.member.display_name,
                          "team": r.team.pk, "games": r.games, "points": _dec(r.points), "best": _dec(r.best),
                          "ranks": r.ranks, "win_rate": _dec(r.win_rate), "fourth_avoidance": _dec(r.fourth_avoidance)}
                         for r in rows])


class LineupPickSerializer(serializers.Serializer):
    member = serializers.IntegerField(
        min_value=1, max_value=2**63 - 1, help_text="The player's member id (their membership at the host club, or "
                                                "at their own club: the host club's is then used).")


class TeamSlotViewSet(BaseViewSet):
    """A fixture's seat for one team: its captain (or the organiser) picks the player."""

    permission_classes = [IsAuthenticated]
    queryset = Slot.objects.none()
    lookup_value_regex = "[0-9]{1,18}"  # an id a row can have; anything else is no address (404), never a 500
    serializer_class = LineupPickSerializer  # what OPTIONS describes (the action's body)

    @extend_schema(request=LineupPickSerializer,
                   responses={200: inline_serializer("LineupPicked", {
                       "id": serializers.IntegerField(), "member": serializers.IntegerField(),
                       "source": serializers.CharField()})})
    @action(detail=True, methods=["post"])
    def lineup(self, request, pk=None):
        slot = get_object_or_404(Slot.objects.select_related("fixture__match_day__stage__league__club", "team"),
                                 pk=pk)
        if not selectors.can_view(request.user, slot.fixture.match_day.stage.league):
            raise NotFound()
        data = LineupPickSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        member = get_object_or_404(Member, pk=data.validated_data["member"])
        slot = services.lineup_set(slot=slot, member=member, by=request.user)
        return Response({"id": slot.pk, "member": slot.member_id, "source": slot.source})
