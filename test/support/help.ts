import { registry } from '../../commands';

/** The commands `/help` lists, in its order (the registry's, less /help itself): every transport's test of `/help` expects the same. */
const HELP_COMMANDS = registry.commands.map((command) => `/${command.definition.name}`).filter((name) => name !== '/help');

/** The fields of /help's overview: each command, then the SRD's attribution. */
export const HELP_FIELDS = [...HELP_COMMANDS, 'Monsters and spells: the SRD'];
