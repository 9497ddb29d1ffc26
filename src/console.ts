import readline from 'node:readline';
import { ConfigError, loadConfig } from './config';
import { databaseOptions, openDatabase, type StartStep } from './db/open';
import { createLogger } from './logger';
import { consoleAttachments, consoleFiles, ConsoleFileSaver, DEFAULT_FILES_FOLDER } from './transports/console-files';
import { stylesWanted } from './transports/console-styles';

const USAGE = `Usage: npm run console -- [--json] [--seed N] [--memory] [--files DIR]

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
docs/console.md says more.`;

/** What a slow step of the start is doing, and how often it happens. */
const STEPS: Record<StartStep, string> = {
  creating: 'Creating the embedded database: the first launch on a new data folder only, some seconds…',
  migrating: 'Bringing the database up to date with the migrations: once after an update, some seconds…',
};

/** A JSON value pasted over several lines is read to its end, up to this many characters. */
const MAX_ENTRY = 64 * 1024;

interface ConsoleArgs {
  json: boolean;
  memory: boolean;
  seed?: number;
  files: string;
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
  const [{ openApp }, { ConsoleSession }, render, { isUnfinished }] = await Promise.all([
    import('./app'),
    import('./transports/console-session'),
    import('./transports/console-render'),
    import('./transports/console-input'),
  ]);
  const app = await openApp({ config, logger, memory: args.memory, seed: args.seed, database });
  const session = new ConsoleSession(app.registry, app.services, app.consoleUsers, {
    read: consoleFiles,
    attachments: consoleAttachments,
    saver: new ConsoleFileSaver(args.files),
  });
  const styled = stylesWanted(process.stdout.isTTY === true, args.json, process.env);
  const interactive = process.stdin.isTTY === true && !args.json;
  const rl = readline.createInterface({ input: process.stdin, output: interactive ? process.stdout : undefined, terminal: interactive });
  const prompt = (unfinished: boolean): void => {
    if (!interactive) return;
    rl.setPrompt(unfinished ? '...> ' : 'rollcall> ');
    rl.prompt();
  };
  /** Runs one entry (a line, or the lines of a pasted JSON value) and prints all it caused. */
  const run = async (input: string): Promise<void> => {
    const result = await session.handle(input);
    const out: string[] = [];
    if (result) out.push(args.json ? render.renderJson(result) : render.renderText(result, styled));
    for (const message of session.messenger.takeChanged()) {
      const heading = `--- message ${message.change} in #${message.channelId}${message.pinned ? ' (pinned)' : ''} ---`;
      out.push(args.json ? render.renderMessageJson(input, message) : render.renderReplyText(message.reply, { heading, styled }));
    }
    for (const message of session.messenger.takeDirect()) {
      const heading = `--- direct message to @${message.user} ---`;
      out.push(args.json ? render.renderDirectJson(input, message) : render.renderReplyText(message.reply, { heading, styled }));
    }
    for (const text of out) process.stdout.write(`${text}\n`);
  };
  if (interactive) {
    process.stdout.write(
      `Rollcall console on the ${app.database.kind} database (${app.database.where}). /help lists the commands; Ctrl-D quits.\n`,
    );
  }
  prompt(false);
  try {
    let pending: string | null = null;
    for await (const line of rl) {
      // A blank line ends a JSON value that never closed, with the error that says so.
      const entry: string = pending === null ? line : line.trim() === '' ? pending : `${pending}\n${line}`;
      pending = line.trim() !== '' && isUnfinished(entry) && entry.length < MAX_ENTRY ? entry : null;
      if (pending === null) await run(entry);
      prompt(pending !== null);
    }
    if (pending !== null) await run(pending);
  } finally {
    await app.close();
  }
  return 0;
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
