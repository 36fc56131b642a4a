# syntax=docker/dockerfile:1
# The back office as a container image. The build stage runs scripts/release.mjs — the same script the
# release test runs in CI (server/release.test.ts): our machines have no container runtime, so CI tests that
# script, and this file only wraps it. No secrets are baked in: every setting comes from the environment (or a
# *_FILE variable naming a mounted secret) at run time (README, "Configuration"; docs/operations.md, "Deploy").

# One exact Node.js release for both stages (bump it with the LTS line's security releases).
ARG NODE_IMAGE=node:24.21.0-trixie-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
# Exactly the lockfile (npm ci refuses one that disagrees with package.json), dev dependencies included: the
# build needs Vite and esbuild. The cache mount keeps downloads between builds, never in the image.
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
# The commit the image is built from (.git is not copied in): /healthz, the start-up log and build_info say it.
#   docker compose build --build-arg GIT_COMMIT=$(git rev-parse HEAD)   (compose.yaml passes $GIT_COMMIT)
ARG GIT_COMMIT=unknown
# Builds dist/ and dist-server/, then installs the production dependencies into /release with
# `npm ci --omit=dev` (from the same lockfile).
RUN --mount=type=cache,target=/root/.npm GIT_COMMIT=${GIT_COMMIT} node scripts/release.mjs /release

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/ukds
WORKDIR /app
COPY --from=build --chown=root:root /release /app
# Owned by the unprivileged user; a named volume mounted here starts with this owner (compose.yaml).
RUN mkdir -p /var/lib/ukds && chown node:node /var/lib/ukds
USER node
EXPOSE 3000
# Liveness (the process answers HTTP): an orchestrator may restart a container that fails it. Readiness
# (/readyz) is for routing, not restarting; compose.yaml checks that one instead.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1, not npm or a shell, so SIGTERM reaches the server and starts its drain.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=16", "dist-server/main.js"]
