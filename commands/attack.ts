import { UserError, type CommandContext } from '../src/framework/command';
import type { Reply } from '../src/views/reply';
import { integer, text, type OptionReader } from '../src/framework/options';
import { commandWithOptions } from '../src/framework/slash-command';
import { attack } from '../src/combat/steps';
import type { AttackInput } from '../src/combat/attacks';
import { requireSeenEncounter } from '../src/framework/requirements';
import { suggestTargetList, suggestTargets } from './shared/encounter';
import { applyAttack, runMonsterAction, suggestActions } from './shared/monster-actions';
import { ABILITIES, type Ability, type RollMode } from '../src/rules';
import { modifierOf, parseAbilities, proficiencyBonus } from '../src/characters/sheet';
import { MODE_OPTION, SECRET_OPTION } from './shared/ability-tests';
import { abilityLabel } from '../src/rules/ability-tests';
import { ATTACK_BONUS, PROFICIENCY } from '../src/views/attack-text';
import { shown } from '../src/views/markdown';

/** Larger attack bonuses are typing mistakes. */
const MAX_BONUS = 30;
const DAMAGE_MAX_LENGTH = 200;
const TARGETS_MAX_LENGTH = 400;

const OPTIONS = {
  target: text('Who is attacked; for an action, several separated by commas (Alice, Goblin 2)', {
    required: true,
    autocomplete: true,
    maxLength: TARGETS_MAX_LENGTH,
  }),
  bonus: text('Attack bonus: a number (+5) or an ability (str, dex…: its modifier + proficiency)', { maxLength: 20 }),
  damage: text('Damage on a hit, e.g. 1d8+3 [slashing]; a penalty stops at 0', { maxLength: DAMAGE_MAX_LENGTH }),
  action: text("An action of the attacker's stat block (Multiattack, Fire Breath), with its own numbers", {
    autocomplete: true,
    maxLength: 100,
  }),
  mode: MODE_OPTION,
  'crit-range': integer('Lowest natural roll that is a critical hit (19 for 19–20)', { min: 2, max: 20 }),
  kind: text('Weapon (default) or spell attack: Next adds a weapon die only to weapon criticals', {
    choices: [
      { name: 'weapon', value: 'weapon' },
      { name: 'spell', value: 'spell' },
    ],
  }),
  reach: text('Melee (default, within 5 ft) or ranged (from farther away)', {
    choices: [
      { name: 'melee', value: 'melee' },
      { name: 'ranged', value: 'ranged' },
    ],
  }),
  attacker: text('Who attacks (default: your combatant; the current one for the game master)', { autocomplete: true, maxLength: 100 }),
  secret: SECRET_OPTION,
} as const;

type Options = OptionReader<typeof OPTIONS>;

type Bonus = { kind: 'number'; value: number } | { kind: 'ability'; ability: Ability };

function readBonus(text: string): Bonus {
  const trimmed = text.trim();
  if (/^[+-]?\d+$/.test(trimmed)) {
    const value = Number(trimmed);
    if (Math.abs(value) > MAX_BONUS) throw new UserError(`\`bonus\` can be from -${MAX_BONUS} to +${MAX_BONUS}.`);
    return { kind: 'number', value };
  }
  const abilities = trimmed.includes(',') ? [] : abilitiesNamed(trimmed);
  const ability = abilities[0];
  if (abilities.length !== 1 || ability === undefined) {
    throw new UserError(`\`bonus\` is a number such as \`+5\` or an ability (${ABILITIES.join(', ')}), not "${shown(trimmed)}".`);
  }
  return { kind: 'ability', ability };
}

/** The sheet's reading of ability names ("dex", "Dexterity"); nothing for any other word. */
function abilitiesNamed(text: string): Ability[] {
  try {
    return parseAbilities(text, 'bonus');
  } catch (error) {
    if (error instanceof UserError) return [];
    throw error;
  }
}

function readMode(options: Options): RollMode | undefined {
  const mode = options.text('mode');
  if (mode === null || mode === 'normal') return undefined;
  if (mode !== 'advantage' && mode !== 'disadvantage') throw new UserError('`mode` is normal, advantage or disadvantage.');
  return mode;
}

/**
 * An ability bonus is read from the attacker's sheet (its modifier plus proficiency). Which
 * combatant attacks is the step's to decide on the encounter as it stands, so the parts of every
 * stored character in the fight as this process saw it go with it, by character id.
 */
async function sheetBonus(ctx: CommandContext, ability: Ability): Promise<AttackInput['bonus']> {
  const encounter = await requireSeenEncounter(ctx);
  const ids = encounter.combatants.flatMap((c) => (c.characterId === null ? [] : [c.characterId]));
  const characters = await Promise.all(ids.map((id) => ctx.services.characters.get(id)));
  const sheets = Object.fromEntries(
    characters.flatMap((character) =>
      character === null
        ? []
        : [
            [
              character.id,
              [
                { bonus: modifierOf(character, ability), reason: abilityLabel(ability) },
                { bonus: proficiencyBonus(character.level), reason: PROFICIENCY },
              ],
            ],
          ],
    ),
  );
  return { sheets, ability };
}

async function run(ctx: CommandContext, options: Options): Promise<Reply> {
  const action = options.text('action');
  if (action !== null) return runAction(ctx, options, action);
  const typedAttacker = options.text('attacker');
  const typedBonus = options.text('bonus');
  const damage = options.text('damage');
  if (typedBonus === null || damage === null) {
    throw new UserError('An attack needs `bonus` and `damage`, or `action:` for a monster added from its stat block.');
  }
  const bonus = readBonus(typedBonus);
  const critRange = options.integer('crit-range');
  const mode = readMode(options);
  // The optional fields last: in Node 20's V8, keys written after a spread take a slow path.
  const input: AttackInput = {
    bonus: bonus.kind === 'number' ? { parts: [{ bonus: bonus.value, reason: ATTACK_BONUS }] } : await sheetBonus(ctx, bonus.ability),
    target: options.text('target'),
    damage,
    weapon: options.text('kind') !== 'spell',
    reach: options.text('reach') === 'ranged' ? 'ranged' : 'melee',
    secret: options.flag('secret'),
    ...(typedAttacker === null ? {} : { attacker: typedAttacker }),
    ...(mode === undefined ? {} : { mode }),
    ...(critRange === null ? {} : { critRange }),
  };
  return applyAttack(ctx, attack, input);
}

function runAction(ctx: CommandContext, options: Options, action: string): Promise<Reply> {
  if (options.text('bonus') !== null || options.text('damage') !== null) {
    throw new UserError('`action:` brings its own bonus and damage from the stat block: leave `bonus` and `damage` out.');
  }
  const mode = readMode(options);
  return runMonsterAction(ctx, {
    attacker: options.text('attacker'),
    action,
    targets: options.text('target'),
    legendary: false,
    ...(mode === undefined ? {} : { mode }),
    secret: options.flag('secret'),
  });
}

/** `/attack`: an attack roll against a combatant's AC, and its damage on a hit. */
export const command = commandWithOptions({
  name: 'attack',
  description: "Roll an attack against a combatant's AC; a hit deals its damage as /hp damage does",
  dmPermission: false,
  options: OPTIONS,
  examples: [
    '/attack target:Goblin 1 bonus:5 damage:1d8+3 [slashing]',
    '/attack attacker:Adult Red Dragon action:Fire Breath target:Alice, Bram, Goblin 1',
    '/attack attacker:Adult Red Dragon action:Multiattack target:Alice',
    '/attack target:Goblin 2 bonus:dex damage:1d6+3 [piercing] reach:ranged',
    '/attack target:Alice bonus:4 damage:2d6+2 [slashing] attacker:Bugbear Chief',
    '/attack target:Ogre bonus:wis damage:1d8 [radiant] kind:spell mode:advantage',
    '/attack target:Goblin 1 bonus:7 damage:1d10+4 [slashing] crit-range:19 secret:true',
  ],
  run,
  suggest: { target: suggestTargetList, attacker: suggestTargets, action: suggestActions('attacker') },
  claimedBySave: true,
});
