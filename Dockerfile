# syntax=docker/dockerfile:1

# Build: install everything, generate the Prisma client (no native engine needed), compile, and make
# the bot's entry one file with what it loads at start (scripts/bundle-bot.js).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.js scripts/prepare-launch.js scripts/run-built.js ./scripts/
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY commands ./commands
COPY scripts ./scripts
RUN npm run build

# Run: production dependencies only, compiled code, migrations; as the unprivileged node user.
FROM node:20-bookworm-slim AS runtime
# tini is PID 1: it passes docker stop's SIGTERM on to the bot, which then closes the database
# cleanly, and reaps orphans; node itself is not written to be PID 1.
RUN apt-get update \
    && apt-get install -y --no-install-recommends tini \
    && rm -rf /var/lib/apt/lists/*
# glibc's setting npm start gives the bot too (scripts/run-built.js says why).
ENV NODE_ENV=production DATA_DIR=/data MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY prisma ./prisma
# The live page's script and style sheet, served as they are (src/live/assets.ts finds them here).
COPY src/live/client ./src/live/client
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# One process, with no shell around it: the bot applies pending migrations itself as it starts.
# The Node flags npm start gives the bot (scripts/run-built.js says why).
CMD ["node", "--max-semi-space-size=2", "--liftoff-only", "dist/src/main.js"]
