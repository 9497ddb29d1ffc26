import readline from 'node:readline';
import { ConfigError, loadConfig } from './config';
import { databaseOptions, openDatabase } from './db/open';
import { createLogger } from './logger';
import type { App } from './app';
import type { LiveRequestHandler } from './live/routes';
import { startLiveServer, type LiveServer } from './live/server';

const USAGE = `Usage: npm run console -- [--json] [--seed N] [--memory] [--web [HOST:]PORT]

Type slash commands as in Discord, one per line:
  /roll dice:1d20+5 label:Sneak attack     a value runs to the next name:
  /roll dice:"8d6 [fire]" secret:true      or quote it
  @gm /init begin            act as another user (default @player)
  #tavern /init list         switch to another channel
  click:"Next turn"          press a button of the last reply with buttons, or of the tracker
The first user seen in a fresh database administers the server.
  --json     one line of JSON per reply, per tracker message posted or edited and per direct message
  --seed N   reproducible dice
  --memory   a fresh in-memory database (else DATABASE_URL, or the embedded one in DATA_DIR)
  --web P    serve live pages on port P of this machine (HOST:P for another interface, 0.0.0.0:P for
             every one; PUBLIC_URL sets the address links use); @gm /init share gives a channel's link`;

interface ConsoleArgs {
  json: boolean;
  memory: boolean;
  seed?: number;
  web?: { host: string; port: number };
}

/** `8080`, `0.0.0.0:8080`; port 0 takes a free one. */
function webAddress(value: string | undefined): { host: string; port: number } | null {
  const match = /^(?:(.+):)?(\d{1,5})$/.exec(value ?? '');
  if (match === null || Number(match[2]) > 65535) return null;
  return { host: match[1] ?? '127.0.0.1', port: Number(match[2]) };
}

function parseArgs(argv: readonly string[]): ConsoleArgs | string {
  const args: ConsoleArgs = { json: false, memory: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') args.json = true;
    else if (arg === '--memory') args.memory = true;
    else if (arg === '--seed') {
      const value = argv[++i];
      if (value === undefined || !/^-?\d+$/.test(value)) return '--seed takes a whole number';
      args.seed = Number(value);
    } else if (arg === '--web') {
      const web = webAddress(argv[++i]);
      if (web === null) return '--web takes a port (8080) or a host and a port (0.0.0.0:8080)';
      args.web = web;
    } else if (arg === '--help' || arg === '-h') return USAGE;
    else return `unknown option ${arg}\n\n${USAGE}`;
  }
  return args;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n`);
    return args === USAGE ? 0 : 2;
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel ?? 'warn');
  // The database starts first, so that PGlite boots on a thread of its own while this one loads the commands.
  const database = openDatabase(databaseOptions(config, logger, args.memory));
  const [{ openApp }, { ConsoleSession }, { renderDirectJson, renderJson, renderMessageJson, renderReplyText, renderText }] =
    await Promise.all([import('./app'), import('./transports/console-session'), import('./transports/console-render')]);
  const app = await openApp({ config, logger, memory: args.memory, seed: args.seed, database, livePagesOff: 'console' });
  const web = args.web === undefined ? null : await serveLivePages(app, args.web, config.publicUrl);
  const session = new ConsoleSession(app.registry, app.services, app.consoleUsers);
  const interactive = process.stdin.isTTY === true && !args.json;
  const rl = readline.createInterface({ input: process.stdin, output: interactive ? process.stdout : undefined, terminal: interactive });
  if (interactive) {
    process.stdout.write(
      `Rollcall console on the ${app.database.kind} database (${app.database.where}). /help lists the commands; Ctrl-D quits.\n`,
    );
    rl.setPrompt('rollcall> ');
    rl.prompt();
  }
  try {
    for await (const line of rl) {
      const result = await session.handle(line);
      if (result) process.stdout.write(`${args.json ? renderJson(result) : renderText(result)}\n`);
      for (const message of session.messenger.takeChanged())
        process.stdout.write(
          `${
            args.json
              ? renderMessageJson(line, message)
              : renderReplyText(
                  message.reply,
                  `--- message ${message.change} in #${message.channelId}${message.pinned ? ' (pinned)' : ''} ---`,
                )
          }\n`,
        );
      for (const message of session.messenger.takeDirect())
        process.stdout.write(
          `${args.json ? renderDirectJson(line, message) : renderReplyText(message.reply, `--- direct message to @${message.user} ---`)}\n`,
        );
      if (interactive) rl.prompt();
    }
  } finally {
    await web?.close();
    await app.close();
  }
  return 0;
}

/** The live pages on `web`, with links to the port it got; the address goes to standard error, out of the replies' way. */
async function serveLivePages(app: App, web: { host: string; port: number }, publicUrl: string | null): Promise<LiveServer> {
  // The links need the port the server got (0 picks one), and the server needs the routes: it asks them once they exist.
  let routes: LiveRequestHandler = () => false;
  const server = await startLiveServer({
    port: web.port,
    host: web.host,
    routes: (req, res) => routes(req, res),
    logger: app.services.logger,
  });
  const local = `http://${web.host === '127.0.0.1' || web.host === '0.0.0.0' ? 'localhost' : web.host}:${server.port}`;
  const baseUrl = publicUrl ?? local;
  routes = (await app.serveLivePages({ baseUrl })).routes;
  process.stderr.write(`Live pages at ${baseUrl}/live/… — \`@gm /init share\` gives a channel's link.\n`);
  return server;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : `Rollcall could not start: ${error instanceof Error ? error.message : String(error)}`}\n`,
    );
    process.exitCode = 1;
  },
);
