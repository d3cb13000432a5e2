from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotifyConfig(AppConfig):
    name = "notify"
    verbose_name = _("Notifications")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        import logging

        # The audit log says a channel's service and events in words (issue 42 item 9), not "discord", "game_ended".
        from core.audit import register_value_words
        from notify import (
            personal,  # noqa: F401  (registers the task notify.poll_telegram)
            receivers,  # noqa: F401  (connects to the lower layers' signals)
        )
        from notify.models import ChannelKind, EventKind

        register_value_words("kind", ChannelKind)
        register_value_words("events", EventKind)

        # urllib3 logs each request's path at DEBUG: a webhook URL or bot token is a secret.
        logging.getLogger("urllib3.connectionpool").setLevel(logging.INFO)
