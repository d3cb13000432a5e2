from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.routers import DefaultRouter

from club.auth import ObtainAuthTokenThrottled
from events.api import teams as team_leagues

from . import calculators, clubs, docs, games, imports, referee, seasons
from .parsers import SafeJSONParser

# DRF's token view lists its own parsers: ours answers deep JSON or a NUL character with a 400, not a 500.
obtain_auth_token = ObtainAuthTokenThrottled.as_view(parser_classes=[SafeJSONParser, FormParser, MultiPartParser])

app_name = "api"

router = DefaultRouter()
router.register("clubs", clubs.ClubViewSet, basename="club")
router.register("members", clubs.MemberViewSet, basename="member")
router.register("rulesets", seasons.RulesetViewSet, basename="ruleset")
router.register("seasons", seasons.SeasonViewSet, basename="season")
router.register("games", games.GameViewSet, basename="game")
router.register("hands", games.HandRecordViewSet, basename="hand")
router.register("penalties", referee.PenaltyViewSet, basename="penalty")
router.register("imports", imports.ImportBatchViewSet, basename="import")
router.register("team-leagues", team_leagues.TeamLeagueViewSet, basename="team-league")
router.register("team-slots", team_leagues.TeamSlotViewSet, basename="team-slot")

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", docs.SwaggerDocsView.as_view(), name="docs"),
    path("docs/assets/<str:name>", docs.docs_asset, name="docs-asset"),
    path("auth/token/", obtain_auth_token, name="token"),
    path("calc/payments/", calculators.PaymentsCalculatorView.as_view(), name="calc-payments"),
    path("calc/hand/", calculators.HandCalculatorView.as_view(), name="calc-hand"),
    path("", include(router.urls)),
]
