import { CommandRegistry } from '../src/framework/registry';
import { command as attack } from './attack';
import { command as cast } from './cast';
import { command as character } from './character';
import { command as check } from './check';
import { command as condition } from './condition';
import { command as config } from './config';
import { createHelpCommand } from './help';
import { command as hp } from './hp';
import { command as init } from './init';
import { command as monster } from './monster';
import { command as rest } from './rest';
import { command as roll } from './roll';
import { command as save } from './save';
import { concentrationSaveButton } from './init/saves';

const commands = [roll, init, hp, condition, attack, cast, check, save, character, rest, monster, config] as const;
const help = createHelpCommand(() => registry.commands);

/** The name of every command Rollcall serves: tests and docs derive their lists from it. */
export type CommandName = (typeof commands)[number]['name'] | typeof help.name;

/**
 * Every command Rollcall serves, in the order /help lists them, and the buttons no one command owns:
 * the concentration save that damage asks for, whichever command dealt it.
 */
export const registry: CommandRegistry = new CommandRegistry([...commands, help], [concentrationSaveButton]);
