# syntax=docker/dockerfile:1
# The back office as a container image. The build stage runs scripts/release.mjs — the same script the
# release test runs in CI (server/release.test.ts): our machines have no container runtime, so CI tests that
# script, and this file only wraps it. No secrets are baked in: every setting comes from the environment at
# run time (README, "Configuration").

FROM node:24-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN node scripts/release.mjs /release

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/ukds
WORKDIR /app
COPY --from=build --chown=root:root /release /app
RUN mkdir -p /var/lib/ukds && chown node:node /var/lib/ukds
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=16", "dist-server/main.js"]
