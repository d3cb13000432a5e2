#!/usr/bin/env bash
# Build the base images the Dockerfile and compose.yaml use, from Debian's packages alone (no image
# registry): CI and machines without Docker Hub. Each is built once; a second run finds them (or their
# cached layers) and takes seconds.
#
#   clubleague-local/debian:bookworm          minbase bookworm (mmdebstrap → docker import)
#   clubleague-local/python:3.11-bookworm     + python3, python3-venv   (the image's BASE)
#   clubleague-local/python-build:3.11-bookworm  + gettext (msgfmt)     (the image's BUILD_BASE)
#   clubleague-local/postgres:15              Debian's postgresql-15, the official image's env and volume
#   clubleague-local/redis:7                  Debian's redis-server
#
# Needs root (or fakeroot) for mmdebstrap and a running Docker engine. REBUILD=1 rebuilds everything.
set -euo pipefail
cd "$(dirname "$0")/local"

MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
SECURITY="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
ROOTFS=clubleague-local/debian:bookworm

have() { [ -z "${REBUILD:-}" ] && docker image inspect "$1" >/dev/null 2>&1; }

if ! have "$ROOTFS"; then
    command -v mmdebstrap >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq mmdebstrap; }
    echo "mmdebstrap bookworm → $ROOTFS" >&2
    # Like debian:bookworm-slim: no documentation, manual pages or other languages' messages.
    mmdebstrap --variant=minbase --include=ca-certificates,tzdata \
        --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
        --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/info/*' \
        --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-include=/usr/share/locale/locale.alias' \
        --aptopt='APT::Install-Recommends "false"' \
        bookworm - "deb $MIRROR bookworm main" "deb $MIRROR bookworm-updates main" "deb $SECURITY bookworm-security main" \
        | docker import -c 'ENV LANG=C.UTF-8' -c 'CMD ["bash"]' - "$ROOTFS"
fi

build() {  # build TAG DOCKERFILE
    if ! have "$1"; then
        echo "docker build $2 → $1" >&2
        docker build --network host -q -f "$2" -t "$1" . >/dev/null
    fi
}
build clubleague-local/python:3.11-bookworm python.Dockerfile
build clubleague-local/python-build:3.11-bookworm python-build.Dockerfile
build clubleague-local/postgres:15 postgres.Dockerfile
build clubleague-local/redis:7 redis.Dockerfile
