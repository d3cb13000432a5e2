#!/usr/bin/env bash
# Download the pinned requirements' wheels into wheelhouse/ (git-ignored) for a build whose RUN steps
# cannot reach PyPI themselves (here: PyPI only through a TLS-intercepting proxy whose CA the base image
# does not trust): the Dockerfile installs from wheelhouse/ alone when it holds wheels.
#
# The download runs in the build's own base image (BUILD_BASE), so that pip resolves for exactly the
# python the image runs (Debian's 3.11.2 needs wheels a later 3.11 does not), with this machine's CA
# bundle and pip settings. A second run for the same requirements.txt does nothing (REFRESH=1: again).
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD_BASE="${BUILD_BASE:-clubleague-local/python-build:3.11-bookworm}"
CA="${PIP_CERT:-${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}}"
mkdir -p wheelhouse
# Done already for these requirements (wheelhouse/.complete is the requirements.txt it was made for).
if [ -z "${REFRESH:-}" ] && cmp -s requirements.txt wheelhouse/.complete; then
    echo "wheelhouse: $(ls wheelhouse | grep -c '\.whl$') wheels (made for this requirements.txt)"
    exit 0
fi
docker run --rm --network host --user "$(id -u):$(id -g)" -e HOME=/tmp \
    -e PIP_DISABLE_PIP_VERSION_CHECK=1 -e PIP_CERT=/tmp/ca.crt -e PIP_DEFAULT_TIMEOUT=120 \
    ${PIP_INDEX_URL:+-e PIP_INDEX_URL="$PIP_INDEX_URL"} \
    -v "$CA:/tmp/ca.crt:ro" -v "$PWD/requirements.txt:/tmp/requirements.txt:ro" -v "$PWD/wheelhouse:/wheelhouse" \
    "$BUILD_BASE" sh -c 'python3 -m venv /tmp/v && /tmp/v/bin/pip download --quiet --only-binary=:all: \
        -r /tmp/requirements.txt -d /wheelhouse'
cp requirements.txt wheelhouse/.complete
echo "wheelhouse: $(ls wheelhouse | grep -c '\.whl$') wheels"
