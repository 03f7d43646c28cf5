# syntax=docker/dockerfile:1
# Baihu: one container, one Node.js daemon. `docker run -v ./data:/baihu/data -p 5700:5700 baihu` is the whole install.
#
# Debian rather than Alpine: the pip packages users install come as glibc wheels (Qinglong ships a -debian image for
# the same reason), and trixie's Node.js is 20.19, the major the tests run on. Build arguments, all optional:
#   BASE_IMAGE           the Debian trixie image every stage starts from (the image test tier passes one it made with
#                        debootstrap: scripts/image.sh)
#   NPM_REGISTRY         an npm registry mirror for the build, e.g. https://registry.npmmirror.com/
#   APT_MIRROR           a Debian mirror that replaces deb.debian.org, e.g. http://mirrors.tuna.tsinghua.edu.cn
#                        (plain http: apt checks signatures, and the base has no CA bundle yet; kept in the image,
#                        where the panel's Linux dependencies use it)
#   NODE_EXTRA_CA_CERTS  a CA bundle the build's downloads trust (a company proxy that re-signs TLS): a path inside
#                        the build, handed in as a read-only volume and never copied into the image, e.g.
#                        podman build -v /etc/ssl/certs/ca-certificates.crt:/run/build-ca.crt:ro \
#                          --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt .
#   BAIHU_COMMIT, BAIHU_BUILD_DATE, BAIHU_RELEASE_FEED, BAIHU_PROJECT_URL: see below.
ARG BASE_IMAGE=debian:trixie-slim

# ---- toolchain: Debian's Node.js with its headers, npm, and the compiler for better-sqlite3 and the native helpers --
FROM ${BASE_IMAGE} AS toolchain
ARG APT_MIRROR=""
ARG NPM_REGISTRY=""
ARG NODE_EXTRA_CA_CERTS=""
# npm from the npm registry, the version the project's machines run (scripts/install-npm.mjs says why not Debian's).
ARG NPM_VERSION=11.19.1
ARG NPM_INTEGRITY=sha512-ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g==
RUN set -eu; \
    if [ -n "$APT_MIRROR" ]; then \
      find /etc/apt -maxdepth 2 -type f \( -name sources.list -o -path '*/sources.list.d/*' \) \
        -exec sed -i -E "s#https?://deb\.debian\.org#${APT_MIRROR%/}#" {} +; \
    fi; \
    ca="${NODE_EXTRA_CA_CERTS:+-o Acquire::https::CAInfo=$NODE_EXTRA_CA_CERTS}"; \
    apt-get $ca update; \
    DEBIAN_FRONTEND=noninteractive apt-get $ca -o Dpkg::Options::=--force-unsafe-io install -y \
      --no-install-recommends \
      nodejs libnode-dev python3 make g++ libc6-dev ca-certificates; \
    rm -rf /var/lib/apt/lists/*
COPY scripts/install-npm.mjs /tmp/
RUN node /tmp/install-npm.mjs "$NPM_VERSION" "$NPM_INTEGRITY" /usr/local

# ---- modules: node_modules (all, for the build; production only, for the image) and the script packages -----------
# A layer of its own, cached until package.json or package-lock.json change.
FROM toolchain AS modules
ARG NPM_REGISTRY=""
ARG NODE_EXTRA_CA_CERTS=""
# better-sqlite3 compiles from source against Debian's Node headers (its prebuilt binaries come from GitHub).
ENV npm_config_nodedir=/usr npm_config_build_from_source=true npm_config_update_notifier=false
WORKDIR /baihu
COPY package.json package-lock.json ./
# `npm ci` builds the native helpers in its postinstall step: their sources come first.
COPY scripts/build-reaper.mjs ./scripts/
COPY daemon/native/ ./daemon/native/
RUN npm ci --no-audit --no-fund --registry "${NPM_REGISTRY:-https://registry.npmjs.org/}" \
 && mkdir /production \
 && cp -a package.json package-lock.json node_modules /production/ \
 && npm prune --prefix /production --omit=dev --no-audit --no-fund
# axios, got, undici, dotenv, crypto-js, tough-cookie: what Qinglong's image lets every script require (NODE_PATH).
COPY script-packages/package.json script-packages/package-lock.json ./script-packages/
RUN npm ci --prefix script-packages --omit=dev --no-audit --no-fund \
      --registry "${NPM_REGISTRY:-https://registry.npmjs.org/}" \
 && npm cache clean --force

# ---- build: the UI, the daemon bundle and the native helpers --------------------------------------------------------
FROM modules AS build
# Only what the build reads: a change to the tests, the docs or the shell scripts rebuilds nothing here.
COPY tsconfig.json ./
COPY scripts/build-daemon.mjs ./scripts/
COPY daemon ./daemon
COPY ui ./ui
# The image is built without .git: the commit and the build date come in as build arguments (About page).
#   docker build --build-arg BAIHU_COMMIT=$(git rev-parse HEAD) --build-arg BAIHU_BUILD_DATE=$(date -u +%FT%TZ) .
ARG BAIHU_COMMIT=""
ARG BAIHU_BUILD_DATE=""
# --required: an image without the reaper would let detached processes of a run outlive stop and timeout. The
# helpers are linked statically (glibc allows it for them), so they run in the runtime stage without the compiler.
RUN node scripts/build-reaper.mjs --required --force \
 && test -x daemon/native/baihu-reaper && test -x daemon/native/baihu-spawner \
 && npm run build:ui \
 && npm run build:daemon

# ---- runtime --------------------------------------------------------------------------------------------------------
FROM ${BASE_IMAGE}
ARG APT_MIRROR=""
ARG NODE_EXTRA_CA_CERTS=""
# nodejs (npm comes from the toolchain: the dependency area installs with it, as Qinglong's users expect); python3
# and pip for users' scripts (python is python3); bash, git and openssh-client for tasks and subscriptions (keys in
# data/ssh.d); curl, as shell tasks use it; tini as PID 1; tzdata so TZ works; procps so process-group kills and `ps`
# behave as on a full Linux; util-linux's setpriv for PUID/PGID. No compiler: native npm packages need the build
# stage's tools.
RUN set -eu; \
    if [ -n "$APT_MIRROR" ]; then \
      find /etc/apt -maxdepth 2 -type f \( -name sources.list -o -path '*/sources.list.d/*' \) \
        -exec sed -i -E "s#https?://deb\.debian\.org#${APT_MIRROR%/}#" {} +; \
    fi; \
    ca="${NODE_EXTRA_CA_CERTS:+-o Acquire::https::CAInfo=$NODE_EXTRA_CA_CERTS}"; \
    apt-get $ca update; \
    DEBIAN_FRONTEND=noninteractive apt-get $ca -o Dpkg::Options::=--force-unsafe-io install -y \
      --no-install-recommends \
      nodejs python3 python3-pip python-is-python3 bash git openssh-client curl ca-certificates \
      tini tzdata procps util-linux; \
    rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin

WORKDIR /baihu
# Where updates come from and where the project lives (docs/update.md, About page); empty = none.
ARG BAIHU_RELEASE_FEED=""
ARG BAIHU_PROJECT_URL=""
# PIP_BREAK_SYSTEM_PACKAGES: `pip install` typed in the container's shell installs into the image's python, as on
# Qinglong (Debian refuses it otherwise, PEP 668); the dependency area installs into data/deps/python instead, which
# survives a new container (docs/scripts.md).
ENV NODE_ENV=production \
    BAIHU_APP_DIR=/baihu \
    BAIHU_DATA_DIR=/baihu/data \
    BAIHU_PORT=5700 \
    BAIHU_RELEASE_FEED=$BAIHU_RELEASE_FEED \
    BAIHU_PROJECT_URL=$BAIHU_PROJECT_URL \
    PIP_BREAK_SYSTEM_PACKAGES=1 \
    PIP_ROOT_USER_ACTION=ignore \
    PIP_DISABLE_PIP_VERSION_CHECK=1

COPY --from=toolchain /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/npm
COPY package.json package-lock.json tsconfig.json ./
COPY --from=modules /production/node_modules ./node_modules
COPY --from=modules /baihu/script-packages ./script-packages
COPY --from=build /baihu/ui/dist ./ui/dist
# daemon/ holds the bundle (dist/), the sources (`ql`), the run reaper and the process starter built above
# (native/baihu-reaper and native/baihu-spawner).
COPY --from=build /baihu/daemon ./daemon
COPY shell ./shell
# docker/ holds the entrypoint, the health check and select-version.mjs (which version starts: docs/update.md).
COPY docker ./docker
# The guides and the changelog, shown on the About page.
COPY docs ./docs
COPY CHANGELOG.md ./

# The data dir is writable by any uid so `--user 1000:1000` works on a fresh anonymous volume; a bind-mounted
# ./data keeps the host's ownership (make it writable for that user, or run as root with PUID/PGID).
RUN chmod 0755 docker/entrypoint.sh docker/healthcheck.sh docker/select-version.mjs shell/ql shell/task \
 && ln -sf ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -sf ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && ln -sf /baihu/shell/ql /usr/local/bin/ql \
 && ln -sf /baihu/shell/task /usr/local/bin/task \
 && install -d -m 0777 /baihu/data

VOLUME /baihu/data
EXPOSE 5700
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD ["/baihu/docker/healthcheck.sh"]
# -s: tini reaps orphans as a subreaper too when it is not PID 1 (`buildah run`, `docker run --init`), without a
# warning.
ENTRYPOINT ["/usr/bin/tini", "-s", "--", "/baihu/docker/entrypoint.sh"]
