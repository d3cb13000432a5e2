# The image of tests/deploy/test_systemd_units.py: this checkout's image (clubleague:ci, deploy/docker/build-ci.sh)
# with Debian's systemd as init and the layout deploy/systemd/*.service expect (docs/deploy.md): the app in
# /srv/clubleague/app with its .venv, run as the clubleague user. The units themselves are mounted from the
# checkout when the container starts, so the test runs the files that ship.
ARG IMAGE=clubleague:ci
FROM ${IMAGE}
USER root
RUN apt-get update && apt-get install -y --no-install-recommends systemd systemd-sysv procps \
    && apt-get clean && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home-dir /srv/clubleague --shell /usr/sbin/nologin clubleague \
    && mkdir -p /srv/clubleague/media /etc/clubleague \
    && ln -s /app /srv/clubleague/app && ln -s /opt/venv /app/.venv \
    && chown clubleague:clubleague /srv/clubleague/media \
    && systemctl mask getty.target console-getty.service systemd-logind.service systemd-remount-fs.service \
       systemd-udevd.service systemd-firstboot.service
ENV container=docker
STOPSIGNAL SIGRTMIN+3
ENTRYPOINT ["/sbin/init"]
CMD []
