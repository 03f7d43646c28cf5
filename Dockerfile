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
#
# Stages, so that a change rebuilds only what reads it and independent stages can run at once (BuildKit does;
# buildah with --jobs): system (the runtime's Debian packages) → toolchain (+ compiler, npm) → modules (the
# production node_modules), script-packages, build-modules (what the build reads) → ui, daemon, native → the image.
# A change to daemon/ rebuilds the daemon bundle and the image's last layers; to ui/, the UI; to the lockfile, the
# modules. Stages that start from the same stage begin with different steps: buildah, building them at once, would
# otherwise make two cached copies of a common first step and find only one of them the next time.

# ---- system: Debian's packages the image runs with ---------------------------------------------------------------
# nodejs (npm comes from the toolchain: the dependency area installs with it, as Qinglong's users expect); python3
# and pip for users' scripts (python is python3); bash, git and openssh-client for tasks and subscriptions (keys in
# data/ssh.d); curl, as shell tasks use it; tini as PID 1; tzdata so TZ works; procps so process-group kills and `ps`
# behave as on a full Linux; util-linux's setpriv for PUID/PGID. No compiler in the image: native npm packages need
# the toolchain's.
FROM ${BASE_IMAGE} AS system
ARG APT_MIRROR=""
ARG NODE_EXTRA_CA_CERTS=""
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

# ---- toolchain: the system's Node.js with its headers, the compiler for better-sqlite3 and the native helpers, npm -
# On top of the system stage, so the native addon is compiled against the very Node.js the image runs.
FROM system AS toolchain
ARG NPM_REGISTRY=""
ARG NODE_EXTRA_CA_CERTS=""
# npm from the npm registry, the version the project's machines run (scripts/install-npm.mjs says why not Debian's).
ARG NPM_VERSION=11.19.1
ARG NPM_INTEGRITY=sha512-ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g==
RUN set -eu; \
    ca="${NODE_EXTRA_CA_CERTS:+-o Acquire::https::CAInfo=$NODE_EXTRA_CA_CERTS}"; \
    apt-get $ca update; \
    DEBIAN_FRONTEND=noninteractive apt-get $ca -o Dpkg::Options::=--force-unsafe-io install -y \
      --no-install-recommends \
      libnode-dev make g++ libc6-dev; \
    rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin
COPY scripts/install-npm.mjs /tmp/
RUN node /tmp/install-npm.mjs "$NPM_VERSION" "$NPM_INTEGRITY" /usr/local
ENV npm_config_update_notifier=false
WORKDIR /baihu

# ---- modules: the production node_modules, cached until package.json or package-lock.json change ------------------
FROM toolchain AS modules
# better-sqlite3 compiles from source against Debian's Node headers (its prebuilt binaries come from GitHub).
ENV npm_config_nodedir=/usr npm_config_build_from_source=true
ARG NPM_REGISTRY=""
ARG NODE_EXTRA_CA_CERTS=""
COPY package.json package-lock.json ./
# --ignore-scripts, then the install scripts of the two dependencies that have one (better-sqlite3's addon, the
# check of esbuild's binary that tsx runs): the checkout's own postinstall builds the native helpers, which the
# native stage does from their sources.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --registry "${NPM_REGISTRY:-https://registry.npmjs.org/}" \
 && npm rebuild better-sqlite3 esbuild \
 && npm cache clean --force

# ---- script-packages: what Qinglong's image lets every script require (NODE_PATH) --------------------------------
# axios, got, undici, dotenv, crypto-js, tough-cookie.
FROM toolchain AS script-packages
COPY script-packages/package.json script-packages/package-lock.json ./script-packages/
ARG NPM_REGISTRY=""
ARG NODE_EXTRA_CA_CERTS=""
RUN npm ci --prefix script-packages --omit=dev --no-audit --no-fund \
      --registry "${NPM_REGISTRY:-https://registry.npmjs.org/}" \
 && npm cache clean --force

# ---- build-modules: every package the UI and daemon builds read (nothing of them is compiled: no install scripts) --
FROM toolchain AS build-modules
COPY package.json package-lock.json ./
ARG NPM_REGISTRY=""
ARG NODE_EXTRA_CA_CERTS=""
RUN npm ci --ignore-scripts --no-audit --no-fund --registry "${NPM_REGISTRY:-https://registry.npmjs.org/}"

# ---- ui: the web UI's bundle (it reads ui/ and the shared contract only) ------------------------------------------
FROM build-modules AS ui
COPY ui ./ui
COPY daemon/src/contract ./daemon/src/contract
COPY tsconfig.json ./
RUN npm run build:ui

# ---- daemon: the daemon's bundle (daemon/dist) beside its sources (`ql` falls back to them) -----------------------
FROM build-modules AS daemon
COPY daemon ./daemon
COPY scripts/build-daemon.mjs ./scripts/
COPY tsconfig.json ./
# The image is built without .git: the commit and the build date come in as build arguments (About page).
#   docker build --build-arg BAIHU_COMMIT=$(git rev-parse HEAD) --build-arg BAIHU_BUILD_DATE=$(date -u +%FT%TZ) .
ARG BAIHU_COMMIT=""
ARG BAIHU_BUILD_DATE=""
RUN npm run build:daemon

# ---- native: the run reaper and the process starter ---------------------------------------------------------------
# --required: an image without the reaper would let detached processes of a run outlive stop and timeout. The
# helpers are linked statically (glibc allows it for them), so they run in the image without the compiler.
FROM toolchain AS native
COPY scripts/build-reaper.mjs ./scripts/
COPY daemon/native ./daemon/native
RUN node scripts/build-reaper.mjs --required --force \
 && test -x daemon/native/baihu-reaper && test -x daemon/native/baihu-spawner

# ---- the image -------------------------------------------------------------------------------------------------------
FROM system
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
COPY --from=modules /baihu/node_modules ./node_modules
COPY --from=script-packages /baihu/script-packages ./script-packages
COPY --from=ui /baihu/ui/dist ./ui/dist
# daemon/ holds the bundle (dist/), the sources (`ql`), the run reaper and the process starter (native/).
COPY --from=daemon /baihu/daemon ./daemon
COPY --from=native /baihu/daemon/native/baihu-reaper /baihu/daemon/native/baihu-spawner ./daemon/native/
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
