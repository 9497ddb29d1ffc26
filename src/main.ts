import type { Logger } from 'pino';
import type { App } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { databaseOptions, openDatabase } from './db/open';
import type { Transport } from './transports/transport';
import { createLogger } from './logger';
import type { LiveServer } from './live/server';

const NO_TOKEN = `Rollcall needs a Discord bot token to connect to Discord.

Create an application at https://discord.com/developers/applications, add a bot, and put its token
in DISCORD_TOKEN and the application's id in DISCORD_APPLICATION_ID (in the environment or in a
.env file: copy .env.example). Register the slash commands once with \`npm run register\`, then run
\`npm start\` again. The README's "Running on Discord" section walks through it.

To try the bot without Discord, run \`npm run console\`: the same commands in your terminal, on an
embedded database.`;

const NO_APPLICATION_ID =
  "DISCORD_APPLICATION_ID must be set too when DISCORD_PUBLIC_KEY and PORT are: answers after the first one go through the application's webhook.";

/** Where `/init share` links point when PUBLIC_URL is unset: this machine. */
function livePagesUrl(config: Config, port: number): string {
  return config.publicUrl ?? `http://localhost:${port}`;
}

/** Whether the configuration asks for HTTP interactions rather than the gateway. */
function servesHttp(config: Config): config is Config & { discordPublicKey: string; port: number; discordApplicationId: string } {
  return config.discordPublicKey !== null && config.port !== null && config.discordApplicationId !== null;
}

/**
 * Loads the transport's modules (discord.js, for the gateway) while the database starts on its
 * thread, rather than after it is up. A failure to load is startTransport's to report.
 */
function preloadTransport(config: Config): void {
  const loading = servesHttp(config) ? import('./transports/http-interactions') : import('./transports/gateway');
  loading.catch(() => undefined);
}

/** Half of HTTP interactions' settings is most likely a mistake: say so, as the gateway is used instead. */
function warnOfHalfHttp(config: Config, logger: Logger): void {
  if (config.discordPublicKey !== null || config.port !== null)
    logger.warn('HTTP interactions need both DISCORD_PUBLIC_KEY and PORT; connecting to the gateway instead');
}

/**
 * HTTP interactions when both the public key and a port are set, with the live pages on the same
 * server; otherwise the gateway, with the live pages on WEB_PORT when it is set.
 */
async function startTransport(
  config: Config,
  token: string,
  app: App,
  logger: Logger,
): Promise<{ transport: Transport; web: LiveServer | null }> {
  const common = { token, apiUrl: config.discordApiUrl, registry: app.registry, services: app.services, logger };
  const live = (at: number) => app.serveLivePages({ baseUrl: livePagesUrl(config, at), trustProxy: config.trustProxy });
  if (servesHttp(config)) {
    const { discordPublicKey: publicKey, port, discordApplicationId: applicationId } = config;
    if (config.shardCount !== null) logger.warn('SHARD_COUNT applies to the gateway only; HTTP interactions need no shards');
    if (config.webPort !== null) logger.warn('WEB_PORT applies to the gateway only; live pages are served on PORT with the interactions');
    const [{ routes }, { startHttpInteractions }] = await Promise.all([live(port), import('./transports/http-interactions')]);
    return {
      transport: await startHttpInteractions({ ...common, publicKey, port, applicationId, ledger: app.interactionLedger, web: routes }),
      web: null,
    };
  }
  warnOfHalfHttp(config, logger);
  const { startLiveServer } = await import('./live/server');
  const web =
    config.webPort === null ? null : await startLiveServer({ port: config.webPort, routes: (await live(config.webPort)).routes, logger });
  try {
    const { startGateway } = await import('./transports/gateway');
    return { transport: await startGateway({ ...common, shardCount: config.shardCount }), web };
  } catch (error) {
    await web?.close();
    throw error;
  }
}

async function run(config: Config): Promise<void> {
  if (!config.discordToken) {
    process.stderr.write(`${NO_TOKEN}\n`);
    process.exitCode = 1;
    return;
  }
  if (config.discordPublicKey !== null && config.port !== null && config.discordApplicationId === null) {
    process.stderr.write(`${NO_APPLICATION_ID}\n`);
    process.exitCode = 1;
    return;
  }
  const logger = createLogger(config.logLevel ?? 'info');
  const started = startUp(config, config.discordToken, logger);

  // Handlers go in before anything starts: a signal during start-up waits for it, then stops.
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'stopping: finishing the interactions in flight');
    started
      .then(async ({ app, transport, web }) => {
        await transport.stop();
        await web?.close();
        await app.close();
      })
      .then(
        () => {
          logger.info('stopped');
          process.exitCode = 0;
        },
        (error: unknown) => {
          logger.error({ err: error }, 'failed to stop cleanly');
          process.exitCode = 1;
        },
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await started;
}

async function startUp(config: Config, token: string, logger: Logger): Promise<{ app: App; transport: Transport; web: LiveServer | null }> {
  // The database starts first: PGlite boots on a thread of its own while this one loads the commands and discord.js.
  const database = openDatabase(databaseOptions(config, logger, false));
  // Its failure is reported by openApp, which awaits it; meanwhile it must not count as unhandled.
  database.catch(() => undefined);
  const { openApp, registry } = await import('./app');
  preloadTransport(config);
  const opening = openApp({ config, logger, database });
  if (!servesHttp(config) && config.webPort === null) return connectWhileOpening(config, token, opening, registry, logger);
  const app = await opening;
  // Closing the database on failure lets the process exit with its error (a port in use, say) instead of hanging.
  const started = await startTransport(config, token, app, logger).catch(async (error: unknown) => {
    await app.close();
    throw error;
  });
  return { app, ...started };
}

/**
 * Over the gateway without live pages, the connection to Discord needs nothing from the database:
 * it connects while the database opens. Whichever fails first is the error; the other is stopped.
 */
async function connectWhileOpening(
  config: Config,
  token: string,
  opening: Promise<App>,
  registry: App['registry'],
  logger: Logger,
): Promise<{ app: App; transport: Transport; web: null }> {
  warnOfHalfHttp(config, logger);
  const { startGateway } = await import('./transports/gateway');
  const services = opening.then((app) => app.services);
  // Until the gateway awaits it, a database that fails must not count as unhandled.
  services.catch(() => undefined);
  const connecting = startGateway({ token, apiUrl: config.discordApiUrl, registry, services, logger, shardCount: config.shardCount });
  const [app, transport] = await Promise.allSettled([opening, connecting]);
  if (app.status === 'rejected') {
    if (transport.status === 'fulfilled') await transport.value.stop();
    throw app.reason;
  }
  if (transport.status === 'rejected') {
    await app.value.close();
    throw transport.reason;
  }
  return { app: app.value, transport: transport.value, web: null };
}

function start(): void {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
    return;
  }
  run(config).catch((error: unknown) => {
    process.stderr.write(`Rollcall could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}

start();
