import readline from 'node:readline';
import { ConfigError, loadConfig } from './config';
import { databaseOptions, openDatabase } from './db/open';
import { createLogger } from './logger';

const USAGE = `Usage: npm run console -- [--json] [--seed N] [--memory]

Type slash commands as in Discord, one per line:
  /roll dice:1d20+5 label:Sneak attack     a value runs to the next name:
  /roll dice:"8d6 [fire]" secret:true      or quote it
  @gm /init begin            act as another user (default @player)
  #tavern /init list         switch to another channel
  click:"Next turn"          press a button of the last reply with buttons, or of the tracker
The first user seen in a fresh database administers the server.
  --json     one line of JSON per reply, per tracker message posted or edited and per direct message
  --seed N   reproducible dice
  --memory   a fresh in-memory database (else DATABASE_URL, or the embedded one in DATA_DIR)`;

interface ConsoleArgs {
  json: boolean;
  memory: boolean;
  seed?: number;
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
  const app = await openApp({ config, logger, memory: args.memory, seed: args.seed, database });
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
