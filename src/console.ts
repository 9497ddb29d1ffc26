import readline from 'node:readline';
import { ConfigError, loadConfig } from './config';
import { databaseOptions, openDatabase, type StartStep } from './db/open';
import { createLogger } from './logger';
import type { App } from './app';
import type { LiveRequestHandler } from './live/routes';
import { startLiveServer, type LiveServer } from './live/server';
import { DEFAULT_FILES_FOLDER } from './transports/console-files';
import { stylesWanted } from './transports/console-styles';

const USAGE = `Usage: npm run console -- [--json] [--seed N] [--memory] [--files DIR] [--web [HOST:]PORT]

Type slash commands as in Discord, one per line:
  /roll dice:1d20+5 label:Sneak attack     a value runs to the next name:
  /roll dice:"8d6 [fire]" secret:true      or quote it
  /character import json:{"format": …}     JSON as written, over several lines if pasted so
  /character import json:@bram.json        or read from a file
  /character import file:@hollis.json      attach a file
  @gm /init begin            act as another user (default @player)
  #tavern /init list         switch to another channel
  click:"Next turn"          press a button of the last reply with buttons, or of the tracker
  // a comment               and so is # followed by a space
The first user seen in a fresh database administers the server.
  --json       one line of JSON per reply, per tracker message posted or edited and per direct message
  --seed N     reproducible dice
  --memory     a fresh in-memory database (else DATABASE_URL, or the embedded one in DATA_DIR)
  --files DIR  where the files replies carry (charts, exports) are saved (default ./${DEFAULT_FILES_FOLDER})
  --web P      serve live pages on port P of this machine (HOST:P for another interface, 0.0.0.0:P for
               every one; PUBLIC_URL sets the address links use); @gm /init share gives a channel's link
docs/console.md says more.`;

/** What a slow step of the start is doing, and how often it happens. */
const STEPS: Record<StartStep, string> = {
  creating: 'Creating the embedded database: the first launch on a new data folder only, some seconds…',
  migrating: 'Bringing the database up to date with the migrations: once after an update, some seconds…',
};

interface ConsoleArgs {
  json: boolean;
  memory: boolean;
  seed?: number;
  files: string;
  web?: { host: string; port: number };
}

/** `8080`, `0.0.0.0:8080`; port 0 takes a free one. */
function webAddress(value: string | undefined): { host: string; port: number } | null {
  const match = /^(?:(.+):)?(\d{1,5})$/.exec(value ?? '');
  if (match === null || Number(match[2]) > 65535) return null;
  return { host: match[1] ?? '127.0.0.1', port: Number(match[2]) };
}

function parseArgs(argv: readonly string[]): ConsoleArgs | string {
  const args: ConsoleArgs = { json: false, memory: false, files: DEFAULT_FILES_FOLDER };
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
    } else if (arg === '--files') {
      const value = argv[++i];
      if (value === undefined || value === '') return '--files takes a folder';
      args.files = value;
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
  const database = openDatabase({
    ...databaseOptions(config, logger, args.memory),
    onStep: (step) => process.stderr.write(`${STEPS[step]}\n`),
  });
  // Its failure is reported by openApp, which awaits it; meanwhile it must not count as unhandled.
  database.catch(() => undefined);
  const [{ openApp }, script] = await Promise.all([import('./app'), import('./transports/console-script')]);
  // The first command needs Prisma's query compiler: it compiles while this thread waits for the database.
  void import('./db/client').then((client) => client.loadQueryCompiler());
  const app = await openApp({ config, logger, memory: args.memory, seed: args.seed, database, livePagesOff: 'console' });
  const web = args.web === undefined ? null : await serveLivePages(app, args.web, config.publicUrl);
  const session = script.openConsoleSession(app, args.files);
  const style = { json: args.json, styled: stylesWanted(process.stdout.isTTY === true, args.json, process.env) };
  const interactive = process.stdin.isTTY === true && !args.json;
  const rl = readline.createInterface({ input: process.stdin, output: interactive ? process.stdout : undefined, terminal: interactive });
  const prompt = (unfinished: boolean): void => {
    if (!interactive) return;
    rl.setPrompt(unfinished ? '...> ' : 'rollcall> ');
    rl.prompt();
  };
  /** Runs one entry (a line, or the lines of a pasted JSON value) and prints all it caused. */
  const run = async (input: string): Promise<void> => {
    for (const text of await script.runEntry(session, input, style)) process.stdout.write(`${text}\n`);
  };
  if (interactive) {
    process.stdout.write(
      `Rollcall console on the ${app.database.kind} database (${app.database.where}). /help lists the commands; Ctrl-D quits.\n`,
    );
  }
  prompt(false);
  try {
    const entries = new script.EntryReader();
    for await (const line of rl) {
      // A blank line ends a JSON value that never closed, with the error that says so.
      const entry = entries.push(line);
      if (entry !== null) await run(entry);
      prompt(entries.unfinished);
    }
    const last = entries.end();
    if (last !== null) await run(last);
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
