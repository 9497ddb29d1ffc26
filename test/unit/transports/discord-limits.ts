import { ApplicationCommandOptionType } from 'discord.js';

/** Discord's limits on a slash command definition, as its API enforces them on registration. */
export const LIMITS = { name: 32, description: 100, options: 25, choices: 25, choiceName: 100, choiceValue: 100, total: 8_000 } as const;

const NAME = /^[-_\p{L}\p{N}]{1,32}$/u;

interface Choice {
  name: string;
  value: string | number;
}

export interface Option {
  name: string;
  description: string;
  type: ApplicationCommandOptionType;
  required?: boolean;
  autocomplete?: boolean;
  choices?: readonly Choice[];
  options?: readonly Option[];
}

/** A definition as `toJSON()` gives it, loosely typed so the check can be shown broken definitions too. */
export interface Definition {
  name: string;
  description: string;
  options?: readonly Option[];
}

/** Discord counts characters, not UTF-16 code units. */
const length = (text: string): number => [...text].length;

function checkName(where: string, name: string, problems: string[]): void {
  if (!NAME.test(name)) problems.push(`${where}: name "${name}" must be 1-${LIMITS.name} letters, digits, - or _`);
  else if (name !== name.toLowerCase()) problems.push(`${where}: name "${name}" must be lowercase`);
}

function checkDescription(where: string, description: string, problems: string[]): void {
  const n = length(description);
  if (n < 1 || n > LIMITS.description) problems.push(`${where}: description has ${n} characters, must have 1-${LIMITS.description}`);
}

function checkOptions(where: string, options: readonly Option[], problems: string[]): number {
  if (options.length > LIMITS.options) problems.push(`${where}: ${options.length} options or subcommands, at most ${LIMITS.options}`);
  const names = options.map((o) => o.name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate) problems.push(`${where}: two options are named ${duplicate}`);
  const firstOptional = options.findIndex((o) => !o.required);
  if (firstOptional >= 0 && options.slice(firstOptional).some((o) => o.required))
    problems.push(`${where}: required options must come before optional ones`);
  let characters = 0;
  for (const option of options) {
    const at = `${where} ${option.name}`;
    checkName(at, option.name, problems);
    checkDescription(at, option.description, problems);
    characters += length(option.name) + length(option.description);
    const choices = option.choices ?? [];
    if (choices.length > LIMITS.choices) problems.push(`${at}: ${choices.length} choices, at most ${LIMITS.choices}`);
    if (choices.length > 0 && option.autocomplete) problems.push(`${at}: cannot have both choices and autocomplete`);
    for (const choice of choices) {
      const nameLength = length(choice.name);
      if (nameLength < 1 || nameLength > LIMITS.choiceName)
        problems.push(`${at}: choice "${choice.name}" has a name of ${nameLength} characters, must have 1-${LIMITS.choiceName}`);
      if (typeof choice.value === 'string' && length(choice.value) > LIMITS.choiceValue)
        problems.push(`${at}: choice value "${choice.value}" is longer than ${LIMITS.choiceValue}`);
      characters += nameLength + length(String(choice.value));
    }
    const nested = option.type === ApplicationCommandOptionType.Subcommand || option.type === ApplicationCommandOptionType.SubcommandGroup;
    if (nested) characters += checkOptions(at, option.options ?? [], problems);
  }
  return characters;
}

/** Every way a definition breaks Discord's limits, each as a sentence; empty when Discord would accept it. */
export function limitViolations(definition: Definition): string[] {
  const problems: string[] = [];
  const where = `/${definition.name}`;
  checkName(where, definition.name, problems);
  checkDescription(where, definition.description, problems);
  const characters = length(definition.name) + length(definition.description) + checkOptions(where, definition.options ?? [], problems);
  if (characters > LIMITS.total) problems.push(`${where}: ${characters} characters in all, at most ${LIMITS.total}`);
  return problems;
}
