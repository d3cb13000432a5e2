from django.contrib import admin

from club.admin_scoping import ClubScoped, ReadOnlyAdmin
from club.models import Claim, Club, ClubRole, Invite, Member, Person, Preference, Request


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
    list_display = ("name", "slug", "public_standings", "language", "created_at")
    list_filter = ("public_standings", "language")
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
    readonly_fields = ("person",)  # a person spans clubs: moved by a claim both clubs approve, not here
    list_select_related = ("club", "user")


@admin.register(Person)
class PersonAdmin(ClubScoped, admin.ModelAdmin):
    """A person is seen through a membership at one of the user's clubs; ids and names are edited here."""

    club_path = "memberships__club"
    list_display = ("__str__", "latin_name", "ema_id", "federation_id", "created_at")
    search_fields = ("latin_name", "ema_id", "federation_id", "memberships__display_name")
    list_filter = ("memberships__club",)


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


@admin.register(Preference)
class PreferenceAdmin(admin.ModelAdmin):
    """A login's own language (issue 38; chosen on "내 정보"). It belongs to no club: superusers only."""

    list_display = ("user", "language", "updated_at")
    list_filter = ("language",)
    search_fields = ("user__username",)
    list_select_related = ("user",)

    def has_module_permission(self, request):
        return request.user.is_superuser

    def has_view_permission(self, request, obj=None):
        return request.user.is_superuser

    def has_add_permission(self, request):
        return request.user.is_superuser

    def has_change_permission(self, request, obj=None):
        return request.user.is_superuser

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser

@admin.register(Claim)
class ClaimAdmin(ReadOnlyAdmin):
    """Claims ("이 기록은 저입니다") are decided by both clubs' admins on their claims pages: read-only here."""

    club_path = "target__club"
    list_display = ("claimant", "target", "status", "created_at", "decided_at")
    list_filter = ("status",)
    search_fields = ("target__display_name", "claimant__latin_name")
    list_select_related = ("claimant", "target")
