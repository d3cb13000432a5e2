from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.routers import DefaultRouter

from club.auth import obtain_auth_token

from . import calculators, clubs, docs, games, imports, referee, seasons

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

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", docs.SwaggerDocsView.as_view(), name="docs"),
    path("docs/assets/<str:name>", docs.docs_asset, name="docs-asset"),
    path("auth/token/", obtain_auth_token, name="token"),
    path("calc/payments/", calculators.PaymentsCalculatorView.as_view(), name="calc-payments"),
    path("calc/hand/", calculators.HandCalculatorView.as_view(), name="calc-hand"),
    path("", include(router.urls)),
]
