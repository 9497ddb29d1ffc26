import type { Command } from '../src/framework/command';
import { CommandRegistry } from '../src/framework/registry';
import { command as attack } from './attack';
import { command as character } from './character';
import { command as check } from './check';
import { command as condition } from './condition';
import { command as config } from './config';
import { createHelpCommand } from './help';
import { command as hp } from './hp';
import { command as init } from './init';
import { command as rest } from './rest';
import { command as roll } from './roll';
import { command as save } from './save';

const commands: Command[] = [roll, init, hp, condition, attack, check, save, character, rest, config];

/** Every command Rollcall serves, in the order /help lists them. */
export const registry: CommandRegistry = new CommandRegistry([...commands, createHelpCommand(() => registry.commands)]);
