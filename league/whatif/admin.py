"""The what-if runs in the Django admin, read-only (``league.admin`` imports this module at its end)."""
from django.contrib import admin

from club.admin_scoping import ReadOnlyAdmin
from league.whatif.models import WhatIfRun


@admin.register(WhatIfRun)
class WhatIfRunAdmin(ReadOnlyAdmin):
    list_display = ("id", "season", "status", "done", "total", "created_by", "created_at")
    list_filter = ("status", "season")
    search_fields = ("season__name", "created_by__username")
