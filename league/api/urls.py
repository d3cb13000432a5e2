from django.urls import path
from drf_spectacular.views import SpectacularAPIView

from . import calculators, docs

app_name = "api"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", docs.SwaggerDocsView.as_view(), name="docs"),
    path("docs/assets/<str:name>", docs.docs_asset, name="docs-asset"),
    path("calc/payments/", calculators.PaymentsCalculatorView.as_view(), name="calc-payments"),
    path("calc/hand/", calculators.HandCalculatorView.as_view(), name="calc-hand"),
]
