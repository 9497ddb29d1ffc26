import { registry } from '../commands';

/** The command definitions exactly as `npm run register` sends them to Discord, for comparing versions byte for byte. */
export function commandsJson(): string {
  return `${JSON.stringify(
    registry.commands.map((command) => command.definition.toJSON()),
    null,
    1,
  )}\n`;
}

if (require.main === module) process.stdout.write(commandsJson());
