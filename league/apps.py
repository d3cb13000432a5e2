from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "league"
    verbose_name = _("League")

    def ready(self) -> None:
        """The league's upper parts listen to its lower ones here (games and seasons import neither)."""
        from league.referee import receivers as referee_receivers  # noqa: F401  (connects them)
        from league.standings import receivers as standings_receivers  # noqa: F401  (connects them)
