from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "league"
    verbose_name = _("League")

    def ready(self) -> None:
        """The league's upper parts listen to its lower ones here (games and seasons import neither)."""
        from core.once import register_result
        from league.models import Game, HandRecord, Penalty, RefereeCall
        from league.referee import receivers as referee_receivers  # noqa: F401  (connects them)
        from league.standings import receivers as standings_receivers  # noqa: F401  (connects them)

        # What a claimed once-only key points at (``AlreadyDone.result``); a hand may be undone since.
        register_result("hand", HandRecord, undoable=True)
        register_result("game", Game)
        register_result("penalty", Penalty)
        register_result("referee_call", RefereeCall)

        # The audit log says these stored codes in words (issue 42 item 9): a call's reason, a member's roles.
        from club.models import ClubRole
        from core.audit import register_value_words
        from league.models.referee import RefereeCallReason

        register_value_words("reason", RefereeCallReason)
        register_value_words("roles", ClubRole.Role)
