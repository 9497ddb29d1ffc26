# syntax=docker/dockerfile:1

# Build: install everything, generate the Prisma client (no native engine needed) and compile.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.js ./scripts/
COPY prisma ./prisma
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY commands ./commands
COPY scripts ./scripts
RUN npm run build

# Run: production dependencies only, compiled code, migrations; as the unprivileged node user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY prisma ./prisma
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# Pending migrations are applied first, then the bot starts (it would apply them itself too).
CMD ["sh", "-c", "node dist/scripts/migrate.js deploy && exec node dist/src/main.js"]
