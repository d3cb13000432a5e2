"""Club management and self-service pages (namespace ``club``)."""
from django.urls import path

from club.web.views import manage, self_service

app_name = "club"
urlpatterns = [
    path("c/<slug:slug>/manage/members/", manage.members, name="members"),
    path("c/<slug:slug>/manage/members/bulk/", manage.members_bulk, name="members_bulk"),
    path("c/<slug:slug>/manage/members/<int:member_id>/", manage.member_detail, name="member_detail"),
    path("c/<slug:slug>/manage/members/<int:member_id>/invite/", manage.member_invite, name="member_invite"),
    path("c/<slug:slug>/manage/members/<int:member_id>/make-member/", manage.member_make_member,
         name="member_make_member"),
    path("c/<slug:slug>/manage/members/<int:member_id>/merge/", manage.member_merge, name="member_merge"),
    path("c/<slug:slug>/manage/members/<int:member_id>/person/", manage.member_person, name="member_person"),
    path("c/<slug:slug>/manage/requests/<int:request_id>/", manage.request_decide, name="request_decide"),
    path("c/<slug:slug>/manage/settings/", manage.club_settings, name="settings"),
    path("c/<slug:slug>/join/", self_service.join, name="join"),
    path("invite/", self_service.invite_redeem, name="invite"),
    path("invite/<str:code>/", self_service.invite_redeem, name="invite_redeem"),
    path("me/", self_service.me, name="me"),
    path("me/club/", self_service.switch_club, name="switch"),
    path("claims/new/<int:member_id>/", self_service.claim_create, name="claim_create"),
    path("c/<slug:slug>/manage/claims/", manage.claims_page, name="claims"),
    path("c/<slug:slug>/manage/claims/<int:claim_id>/", manage.claim_decide, name="claim_decide"),
]
