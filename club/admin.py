from django.contrib import admin
from django.contrib.admin.utils import get_fields_from_path

from club.models import Club, ClubRole, Invite, Member, Request
from league.ui.admin import ReadOnlyAdmin


def _member_clubs(user) -> set[int]:
    return set(Member.objects.filter(user=user, active=True).values_list("club_id", flat=True))


def _admin_clubs(user) -> set[int]:
    return set(
        ClubRole.objects.filter(member__user=user, member__active=True, role=ClubRole.Role.ADMIN)
        .values_list("club_id", flat=True)
    )


class ClubScoped:
    """Rows of the user's clubs only (superusers: all); changes for the club's admins."""

    club_path = "club"

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        if request.user.is_superuser:
            return qs
        return qs.filter(**{f"{self.club_path}__in": _member_clubs(request.user)})

    def _club_id(self, obj):
        return obj.pk if self.club_path == "pk" else getattr(obj, f"{self.club_path}_id")

    def has_view_permission(self, request, obj=None):
        ok = super().has_view_permission(request, obj)
        if not ok or obj is None or request.user.is_superuser:
            return ok
        return self._club_id(obj) in _member_clubs(request.user)

    def has_change_permission(self, request, obj=None):
        ok = super().has_change_permission(request, obj)
        if not ok or obj is None or request.user.is_superuser:
            return ok
        return self._club_id(obj) in _admin_clubs(request.user)

    def has_delete_permission(self, request, obj=None):
        ok = super().has_delete_permission(request, obj)
        if not ok or obj is None or request.user.is_superuser:
            return ok
        return self._club_id(obj) in _admin_clubs(request.user)

    def get_list_filter(self, request):
        """Relation filters offer only the values in the user's rows (not every club's names)."""
        filters = super().get_list_filter(request)
        if request.user.is_superuser:
            return filters
        out = []
        for f in filters:
            if isinstance(f, str) and get_fields_from_path(self.model, f)[-1].is_relation:
                out.append((f, admin.RelatedOnlyFieldListFilter))
            else:
                out.append(f)
        return out

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if not request.user.is_superuser:
            clubs = _admin_clubs(request.user)
            if db_field.remote_field.model is Club:
                kwargs["queryset"] = Club.objects.filter(pk__in=clubs)
            elif db_field.remote_field.model is Member:
                kwargs["queryset"] = Member.objects.filter(club__in=clubs)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


class MemberInline(admin.TabularInline):
    model = Member
    extra = 0
    fields = ("display_name", "user", "active")
    autocomplete_fields = ("user",)


class ClubRoleInline(admin.TabularInline):
    model = ClubRole
    extra = 0
    autocomplete_fields = ("member",)


@admin.register(Club)
class ClubAdmin(ClubScoped, admin.ModelAdmin):
    club_path = "pk"
    list_display = ("name", "slug", "public_standings", "created_at")
    list_filter = ("public_standings",)
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [MemberInline, ClubRoleInline]

    def has_add_permission(self, request):
        return request.user.is_superuser and super().has_add_permission(request)


@admin.register(Member)
class MemberAdmin(ClubScoped, admin.ModelAdmin):
    list_display = ("display_name", "club", "user", "active", "joined_at")
    list_filter = ("club", "active")
    search_fields = ("display_name", "user__username", "user__email")
    autocomplete_fields = ("user",)
    list_select_related = ("club", "user")


@admin.register(ClubRole)
class ClubRoleAdmin(ClubScoped, admin.ModelAdmin):
    list_display = ("member", "club", "role")
    list_filter = ("club", "role")
    search_fields = ("member__display_name", "member__user__username")
    autocomplete_fields = ("member",)
    list_select_related = ("club", "member")


@admin.register(Invite)
class InviteAdmin(ReadOnlyAdmin):
    """Invites are made and used through the club's pages (``club.services``): read-only here."""

    list_display = ("member", "club", "code", "created_at", "expires_at", "used_at")
    list_filter = ("club",)
    search_fields = ("member__display_name", "code")
    list_select_related = ("club", "member")


@admin.register(Request)
class RequestAdmin(ReadOnlyAdmin):
    """Join and rename requests are decided on the club's member page: read-only here."""

    list_display = ("display_name", "kind", "club", "user", "status", "created_at")
    list_filter = ("club", "kind", "status")
    search_fields = ("display_name", "user__username")
    list_select_related = ("club", "user")
