import { routeKey } from './buttons';
import type { ButtonRoute, Command } from './command';

/** The commands a transport serves, by name, and the handler of each kind of button, by action. */
export class CommandRegistry {
  private readonly byName = new Map<string, Command>();
  private readonly buttons = new Map<string, ButtonRoute>();

  /** `sharedButtons`: the routes no one command owns (a save several commands' replies ask for). */
  constructor(
    readonly commands: readonly Command[],
    readonly sharedButtons: readonly ButtonRoute[] = [],
  ) {
    for (const command of commands) {
      const name = command.definition.name;
      if (this.byName.has(name)) throw new Error(`two commands are named ${name}`);
      this.byName.set(name, command);
    }
    for (const route of [...commands.flatMap((command) => command.buttons ?? []), ...sharedButtons]) {
      if (this.buttons.has(route.key)) throw new Error(`two handlers answer the ${route.key} buttons`);
      this.buttons.set(route.key, route);
    }
  }

  get(name: string): Command | undefined {
    return this.byName.get(name);
  }

  /** Whether the command's save may record the interaction as handled (`Command.claimedBySave`). */
  claimedBySave(name: string, subcommand: string | null): boolean {
    return this.byName.get(name)?.claimedBySave?.(subcommand) ?? false;
  }

  /** The handler of a button's custom id, by the `<command>:<action>` it starts with. */
  buttonRoute(customId: string): ButtonRoute | undefined {
    return this.buttons.get(routeKey(customId));
  }
}
