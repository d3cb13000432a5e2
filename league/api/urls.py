from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.routers import DefaultRouter

from club.auth import obtain_auth_token

from . import calculators, docs, views

app_name = "api"

router = DefaultRouter()
router.register("clubs", views.ClubViewSet, basename="club")
router.register("members", views.MemberViewSet, basename="member")
router.register("rulesets", views.RulesetViewSet, basename="ruleset")
router.register("seasons", views.SeasonViewSet, basename="season")
router.register("games", views.GameViewSet, basename="game")
router.register("hands", views.HandRecordViewSet, basename="hand")
router.register("penalties", views.PenaltyViewSet, basename="penalty")
router.register("imports", views.ImportBatchViewSet, basename="import")

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", docs.SwaggerDocsView.as_view(), name="docs"),
    path("docs/assets/<str:name>", docs.docs_asset, name="docs-asset"),
    path("auth/token/", obtain_auth_token, name="token"),
    path("calc/payments/", calculators.PaymentsCalculatorView.as_view(), name="calc-payments"),
    path("calc/hand/", calculators.HandCalculatorView.as_view(), name="calc-hand"),
    path("", include(router.urls)),
]
