import { registry } from '../../commands';

/** The commands `/help` lists, in its order (the registry's, less /help itself): every transport's test of `/help` expects the same. */
export const HELP_COMMANDS = registry.commands.map((command) => `/${command.definition.name}`).filter((name) => name !== '/help');
