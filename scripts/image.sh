#!/usr/bin/env bash
# Builds the Baihu image without a Docker engine, from Debian's packages only (what the image test tier does; the
# README's Docker section shows how to run it):
#
#   scripts/image.sh base    the Debian trixie base image, made with debootstrap and imported with podman; cached
#                            (a tarball in ${XDG_CACHE_HOME:-~/.cache}/baihu/image/ and the image in the container
#                            storage), named after its recipe so that a change of the recipe makes a new one
#   scripts/image.sh build   builds this checkout's Dockerfile on that base with buildah (layers cached, so an
#                            unchanged checkout costs seconds); prints the image id on the last line
#
# Needs root and Debian's buildah, podman and debootstrap. The environment may add:
#   NODE_EXTRA_CA_CERTS  a CA bundle the registries are reached through (a proxy that re-signs TLS): handed to the
#                        build's RUN steps as a read-only volume and a build argument, never copied into the image
#   NPM_REGISTRY, APT_MIRROR   mirrors for the build (Dockerfile)
#   BAIHU_IMAGE_TAG      the name given to the image (default localhost/baihu:latest)
set -euo pipefail
cd "$(dirname "$0")/.."

suite=trixie
debian_mirror=http://deb.debian.org/debian
cache="${XDG_CACHE_HOME:-$HOME/.cache}/baihu/image"

log() { echo "[image] $*" >&2; }

# The base image's recipe: a minimal Debian as debian:trixie-slim is made (debootstrap's minbase variant, and dpkg
# told to leave out manuals, documentation and translations, as the slim images do). Its text names the image.
make_base() {
  local rootfs=$1
  debootstrap --variant=minbase "$suite" "$rootfs" "$debian_mirror" >&2
  cat >"$rootfs/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
EOF
  find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  rm -rf "$rootfs"/usr/share/{man,groff,info,locale,lintian}/* "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/log/*.log
}

base_name() {
  local key
  key="$({ declare -f make_base; echo "$suite $debian_mirror"; } | sha256sum | cut -c1-12)"
  echo "localhost/baihu-base:$suite-$key"
}

have_image() { buildah inspect --type image "$1" >/dev/null 2>&1; }

base() {
  local name tarball work
  name="$(base_name)"
  tarball="$cache/${name##*:}.tar"
  if ! have_image "$name"; then
    if [[ ! -s "$tarball" ]]; then
      log "making the base image $name with debootstrap (about a minute)"
      mkdir -p "$cache"
      work="$(mktemp -d "$cache/rootfs.XXXXXX")"
      # shellcheck disable=SC2064 # the folder is known now
      trap "rm -rf '$work'" EXIT
      make_base "$work/rootfs"
      tar --numeric-owner -C "$work/rootfs" -cf "$tarball.tmp" .
      mv "$tarball.tmp" "$tarball"
      rm -rf "$work"
      trap - EXIT
      # Tarballs of older recipes are of no use any more.
      find "$cache" -maxdepth 1 -name "$suite-*.tar" -not -name "${name##*:}.tar" -delete
    fi
    log "importing $tarball as $name"
    podman import --change 'CMD ["bash"]' "$tarball" "$name" >/dev/null
  fi
  echo "$name"
}

build() {
  local base_image tag iid args=()
  base_image="$(base)"
  tag="${BAIHU_IMAGE_TAG:-localhost/baihu:latest}"
  iid="$(mktemp)"
  # The commit and its date, not the time of the build: an unchanged checkout builds from the layer cache.
  args+=(--build-arg "BAIHU_COMMIT=$(git rev-parse HEAD 2>/dev/null || true)")
  args+=(--build-arg "BAIHU_BUILD_DATE=$(git log -1 --format=%cI 2>/dev/null || true)")
  if [[ -n "${NODE_EXTRA_CA_CERTS:-}" && -f "$NODE_EXTRA_CA_CERTS" ]]; then
    args+=(-v "$(realpath "$NODE_EXTRA_CA_CERTS"):/run/build-ca.crt:ro")
    args+=(--build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt)
  fi
  [[ -z "${NPM_REGISTRY:-}" ]] || args+=(--build-arg "NPM_REGISTRY=$NPM_REGISTRY")
  [[ -z "${APT_MIRROR:-}" ]] || args+=(--build-arg "APT_MIRROR=$APT_MIRROR")
  log "building the image on $base_image"
  # --format docker keeps the HEALTHCHECK (the OCI format has none). --jobs: the stages that do not read each other
  # run at once (the production modules compile while the build's download; the UI, the daemon and the native
  # helpers build side by side), as BuildKit runs them.
  buildah bud --isolation chroot --layers --jobs 4 --format docker --build-arg "BASE_IMAGE=$base_image" "${args[@]}" \
    --iidfile "$iid" -t "$tag" . >&2
  cat "$iid"
  echo
  rm -f "$iid"
}

case "${1:-}" in
  base) base ;;
  build) build ;;
  *)
    echo "usage: scripts/image.sh base|build" >&2
    exit 2
    ;;
esac
