import { attackerOf } from '../src/combat/attacks';
import { MAX_SPELL_LEVEL, type CastInput } from '../src/combat/spells';
import { castSpell, spellOngoing } from '../src/combat/steps';
import type { Encounter } from '../src/combat/types';
import { bookOf } from '../src/compendium/books';
import { damageTypeChoices } from '../src/compendium/effects';
import { spellsOf } from '../src/compendium/load';
import type { Spell } from '../src/compendium/types';
import { UserError, type AutocompleteChoice, type AutocompleteContext, type CommandContext } from '../src/framework/command';
import { rankByName } from '../src/framework/autocomplete';
import { flag, integer, text, type OptionReader } from '../src/framework/options';
import { requireSeenEncounter } from '../src/framework/requirements';
import { commandWithOptions } from '../src/framework/slash-command';
import { DAMAGE_TYPES, type DamageType, type RollMode } from '../src/rules/types';
import { ATTACK_BONUS } from '../src/views/attack-text';
import type { Reply } from '../src/views/reply';
import { damageTypeNotOfferedText, unknownSpellText } from '../src/views/spell-text';
import { MODE_OPTION, SECRET_OPTION } from './shared/ability-tests';
import { blockSpells, casterNumbers } from './shared/casting';
import { actorOf, placeOf, suggestTargetList, suggestTargets } from './shared/encounter';
import { applyAttack, stillActing, targetsOf } from './shared/monster-actions';

const SPELL_NAME_MAX_LENGTH = 100;
const TARGETS_MAX_LENGTH = 400;

const OPTIONS = {
  spell: text("The spell, from the rule set's SRD", { required: true, autocomplete: true, maxLength: SPELL_NAME_MAX_LENGTH }),
  level: integer("The slot level to cast it at (default: the spell's own)", { min: 1, max: MAX_SPELL_LEVEL }),
  target: text('Who it is aimed at; several separated by commas (Goblin 1, Goblin 2)', {
    autocomplete: true,
    maxLength: TARGETS_MAX_LENGTH,
  }),
  caster: text('Who casts (default: your combatant; the current one for the game master)', { autocomplete: true, maxLength: 100 }),
  'damage-type': text('The damage type, where the spell lets you choose (Spirit Guardians: radiant or necrotic)', {
    choices: DAMAGE_TYPES.map((type) => ({ name: type, value: type })),
  }),
  mode: MODE_OPTION,
  secret: SECRET_OPTION,
  ongoing: flag('Roll what the spell deals later (Spirit Guardians as a turn ends there), without casting it again'),
} as const;

type Options = OptionReader<typeof OPTIONS>;

function readMode(options: Options): RollMode | undefined {
  const mode = options.text('mode');
  if (mode === null || mode === 'normal') return undefined;
  if (mode !== 'advantage' && mode !== 'disadvantage') throw new UserError('`mode` is normal, advantage or disadvantage.');
  return mode;
}

/** The damage type asked for, where the spell offers it. */
function readDamageType(options: Options, spell: Spell): DamageType | undefined {
  const typed = options.text('damage-type');
  if (typed === null) return undefined;
  const offered = damageTypeChoices(spell);
  const type = offered.find((candidate) => candidate === typed);
  if (type === undefined) throw new UserError(damageTypeNotOfferedText(spell.name, offered));
  return type;
}

/** The spell of that name in the fight's book, or a refusal offering the closest names. */
async function requireSpell(encounter: Encounter, typed: string): Promise<Spell> {
  const book = await spellsOf(bookOf(encounter.ruleSet));
  const spell = book.find(typed);
  if (spell === undefined) throw new UserError(unknownSpellText(typed.trim(), book.closest(typed)));
  return spell;
}

async function run(ctx: CommandContext, options: Options): Promise<Reply> {
  // Finding the caster costs no read while nobody else changed the fight, and the change checks it again.
  const encounter = await requireSeenEncounter(ctx);
  const spell = await requireSpell(encounter, options.text('spell'));
  const caster = attackerOf(encounter, actorOf(ctx), options.text('caster'));
  const asked = options.integer('level') ?? undefined;
  const { fixedLevel, ...numbers } = await casterNumbers(ctx, caster, spell, encounter.ruleSet, asked);
  const level = asked ?? fixedLevel;
  const mode = readMode(options);
  const damageType = readDamageType(options, spell);
  // The spreads last: in Node 20's V8, keys written after a spread take a slow path.
  const input: CastInput = {
    caster: caster.id,
    spell,
    targets: targetsOf(options.text('target') ?? ''),
    bonusReason: ATTACK_BONUS,
    secret: options.flag('secret'),
    ...numbers,
    ...(level === undefined ? {} : { level }),
    ...(mode === undefined ? {} : { mode }),
    ...(damageType === undefined ? {} : { damageType }),
  };
  const change = options.flag('ongoing') ? spellOngoing : castSpell;
  return applyAttack(ctx, stillActing(options.text('caster'), caster, change), input);
}

/** Spells for `spell` as it is typed: a monster caster's own spells first, then the fight's book. */
async function suggestSpells(ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> {
  const encounter = await ctx.services.encounters.seen(placeOf(ctx));
  ctx.signal?.throwIfAborted();
  if (encounter === null) return [];
  const book = await spellsOf(bookOf(encounter.ruleSet));
  const named = ctx.options.values.caster;
  let own: string[] = [];
  try {
    const caster = attackerOf(encounter, actorOf(ctx), typeof named === 'string' && named.trim() !== '' ? named : null);
    const block = caster.monster === null ? undefined : await ctx.services.bestiary.blockOf(ctx.guildId, caster.monster);
    own = block === undefined ? [] : blockSpells(block);
  } catch {
    // No caster the user may act as yet: the book alone.
  }
  // Past the deadline nobody reads the answer: the ranking is not worth starting.
  ctx.signal?.throwIfAborted();
  const names = [...new Set([...rankByName(own, (name) => name, typed), ...book.suggest(typed)])].slice(0, 25);
  return names.map((name) => ({ name, value: name }));
}

/** `/cast`: a spell from the SRD, with the caster's slots, DC and attack bonus doing the rest. */
export const command = commandWithOptions({
  name: 'cast',
  description: 'Cast a spell in the fight: slots, attack rolls or saves, damage by level, concentration',
  dmPermission: false,
  options: OPTIONS,
  examples: [
    '/cast spell:Fireball target:Goblin 1, Goblin 2, Goblin 3',
    '/cast spell:Fireball level:4 target:Ogre',
    '/cast spell:Hold Person level:3 target:Bandit 1, Bandit 2',
    '/cast spell:Fire Bolt target:Goblin 2',
    '/cast spell:Cure Wounds target:Bram',
    '/cast spell:Spirit Guardians damage-type:necrotic',
    '/cast spell:Spirit Guardians ongoing:true target:Goblin 1, Goblin 2',
    '/cast spell:Fireball caster:Mage target:Alice, Bram',
  ],
  run,
  suggest: { spell: suggestSpells, target: suggestTargetList, caster: suggestTargets },
  claimedBySave: true,
});
