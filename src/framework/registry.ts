import type { Command } from './command';

/** The commands a transport serves, by name, and the owner of each button. */
export class CommandRegistry {
  private readonly byName = new Map<string, Command>();

  constructor(readonly commands: readonly Command[]) {
    for (const command of commands) {
      const name = command.definition.name;
      if (this.byName.has(name)) throw new Error(`two commands are named ${name}`);
      this.byName.set(name, command);
    }
  }

  get(name: string): Command | undefined {
    return this.byName.get(name);
  }

  /** Buttons carry `<command>:<anything>` as their custom id. */
  ownerOfButton(customId: string): Command | undefined {
    return this.byName.get(customId.split(':', 1)[0] ?? '');
  }
}
