from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FederationConfig(AppConfig):
    name = "federation"
    verbose_name = _("Federations")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from federation import receivers  # noqa: F401  (hears the league's and the events' signals)
