#!/usr/bin/env bash
# Build what the container tests (pytest -m docker) run, with nothing pulled from a registry:
#   1. the local base images from Debian's packages (build-local-base.sh);
#   2. wheelhouse/ when the build's containers cannot reach PyPI themselves (wheelhouse.sh);
#   3. this checkout's image, tagged $CLUBLEAGUE_TEST_IMAGE (clubleague:ci);
#   4. the previous release's image (CHANGELOG.md's newest release with a commit other than this
#      version), tagged clubleague:<version>: that commit's tree (git archive) with this checkout's
#      Dockerfile and deploy/docker/, as a user who installed it then would have run.
# Every step is cached (images, layers, wheels): a second run takes seconds.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
IMAGE="${CLUBLEAGUE_TEST_IMAGE:-clubleague:ci}"
BASE="${CLUBLEAGUE_BASE:-clubleague-local/python:3.11-bookworm}"
BUILD_BASE="${CLUBLEAGUE_BUILD_BASE:-clubleague-local/python-build:3.11-bookworm}"

log() { echo "[build-ci $(date +%T)] $*" >&2; }

log "base images"
bash deploy/docker/build-local-base.sh

build() {  # build CONTEXT TAG REVISION
    log "image $2 from $1"
    BUILD_BASE="$BUILD_BASE" bash "$1/deploy/docker/wheelhouse.sh" >&2
    docker build --network host -q --build-arg BASE="$BASE" --build-arg BUILD_BASE="$BUILD_BASE" \
        --build-arg CLUBLEAGUE_REVISION="$3" -t "$2" "$1" 2>&1 | grep -v -i -e deprecat -e buildx -e '^ *$' >&2 || true
    docker image inspect "$2" >/dev/null
}

build "$ROOT" "$IMAGE" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"

read -r PREV_VERSION PREV_COMMIT < <(.venv/bin/python -m tests.deploy.releases previous) || true
if [ -z "${PREV_COMMIT:-}" ]; then
    log "no previous release in CHANGELOG.md"
elif ! git cat-file -e "$PREV_COMMIT^{commit}" 2>/dev/null; then
    log "the previous release's commit $PREV_COMMIT is not in this clone (shallow?): its image is not built"
else
    TREE="${TMPDIR:-/tmp}/clubleague-release-$PREV_VERSION"
    rm -rf "$TREE.new" && mkdir -p "$TREE.new"
    git archive "$PREV_COMMIT" | tar -x -C "$TREE.new"
    cp Dockerfile .dockerignore "$TREE.new/"
    mkdir -p "$TREE.new/deploy/docker" && cp -r deploy/docker/. "$TREE.new/deploy/docker/"
    [ -d "$TREE/wheelhouse" ] && mv "$TREE/wheelhouse" "$TREE.new/"
    rm -rf "$TREE" && mv "$TREE.new" "$TREE"
    build "$TREE" "clubleague:$PREV_VERSION" "$PREV_COMMIT"
fi
log "done"
