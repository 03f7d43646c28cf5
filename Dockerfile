# syntax=docker/dockerfile:1
# Baihu: one container, one Node.js daemon. `docker run -v ./data:/baihu/data -p 5700:5700 baihu` is the whole install.

# ---- build: install every dependency, build the UI, then drop the dev dependencies ----------------------------------
FROM node:22-alpine AS build
# better-sqlite3 compiles from source when no prebuilt binary fits the platform; the same compiler builds the run
# reaper and the process starter (daemon/native/*.c), which `npm ci` builds in its postinstall step — hence their
# sources come first.
RUN apk add --no-cache python3 make g++
WORKDIR /baihu
COPY package.json package-lock.json ./
COPY scripts/build-reaper.mjs ./scripts/
COPY daemon/native/*.c daemon/native/*.h ./daemon/native/
RUN npm ci --no-audit --no-fund
COPY . .
# The image is built without .git: the commit and the build date come in as build arguments (About page).
#   docker build --build-arg BAIHU_COMMIT=$(git rev-parse HEAD) --build-arg BAIHU_BUILD_DATE=$(date -u +%FT%TZ) .
ARG BAIHU_COMMIT=""
ARG BAIHU_BUILD_DATE=""
# --required: an image without the reaper would let detached processes of a run outlive stop and timeout.
RUN node scripts/build-reaper.mjs --required --force \
 && test -x daemon/native/baihu-reaper && test -x daemon/native/baihu-spawner \
 && npm run build:ui \
 && npm run build:daemon \
 && npm prune --omit=dev --no-audit --no-fund \
 && npm ci --prefix script-packages --omit=dev --no-audit --no-fund \
 && npm cache clean --force

# ---- runtime --------------------------------------------------------------------------------------------------------
FROM node:22-alpine
# python3/pip, bash and git for users' scripts and subscriptions; tini as PID 1; tzdata so TZ works;
# coreutils/procps so `timeout` and process-group kills behave as on a full Linux; su-exec for PUID/PGID.
RUN apk add --no-cache python3 py3-pip bash git tini tzdata coreutils procps su-exec

WORKDIR /baihu
# Where updates come from and where the project lives (docs/update.md, About page); empty = none.
ARG BAIHU_RELEASE_FEED=""
ARG BAIHU_PROJECT_URL=""
ENV NODE_ENV=production \
    BAIHU_APP_DIR=/baihu \
    BAIHU_DATA_DIR=/baihu/data \
    BAIHU_PORT=5700 \
    BAIHU_RELEASE_FEED=$BAIHU_RELEASE_FEED \
    BAIHU_PROJECT_URL=$BAIHU_PROJECT_URL

COPY --from=build /baihu/package.json /baihu/package-lock.json /baihu/tsconfig.json ./
COPY --from=build /baihu/node_modules ./node_modules
COPY --from=build /baihu/ui/dist ./ui/dist
# daemon/ holds the bundle (dist/), the run reaper and the process starter built above (native/baihu-reaper and
# native/baihu-spawner, static, for musl).
COPY --from=build /baihu/daemon ./daemon
COPY --from=build /baihu/shell ./shell
# axios, got, undici, dotenv, crypto-js, tough-cookie: what Qinglong's image lets every script require (NODE_PATH).
COPY --from=build /baihu/script-packages ./script-packages
# docker/ holds the entrypoint, the health check and select-version.mjs (which version starts: docs/update.md).
COPY --from=build /baihu/docker ./docker
# The guides and the changelog, shown on the About page.
COPY --from=build /baihu/docs ./docs
COPY --from=build /baihu/CHANGELOG.md ./CHANGELOG.md

# The data dir is writable by any uid so `--user 1000:1000` works on a fresh anonymous volume; a bind-mounted
# ./data keeps the host's ownership (make it writable for that user, or run as root with PUID/PGID).
RUN chmod 0755 docker/entrypoint.sh docker/healthcheck.sh docker/select-version.mjs shell/ql shell/task \
 && ln -sf /baihu/shell/ql /usr/local/bin/ql \
 && ln -sf /baihu/shell/task /usr/local/bin/task \
 && install -d -m 0777 /baihu/data

VOLUME /baihu/data
EXPOSE 5700
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD ["/baihu/docker/healthcheck.sh"]
ENTRYPOINT ["/sbin/tini", "--", "/baihu/docker/entrypoint.sh"]
