import { UserError, type CommandContext } from '../src/framework/command';
import type { Reply } from '../src/views/reply';
import { integer, targetOption, text, type OptionReader } from '../src/framework/options';
import { commandWithOptions } from '../src/framework/slash-command';
import { attack } from '../src/combat/steps';
import type { AttackInput } from '../src/combat/attacks';
import { requireEncounter } from '../src/framework/requirements';
import { actorOf, applyStep, encountersOf, labelOf, placeOf, refreshTracker, suggestTargets, withHarmSetting } from './shared/encounter';
import { gameMasterAccount, resultReply } from '../src/views/encounter-replies';
import { ABILITIES, type Ability, type RollMode } from '../src/rules';
import { modifierOf, parseAbilities, proficiencyBonus } from '../src/characters/sheet';
import { MODE_OPTION, SECRET_OPTION } from './shared/ability-tests';
import { secretRollReply } from './shared/secret-rolls';
import { abilityLabel } from '../src/rules/ability-tests';
import { ATTACK_BONUS, PROFICIENCY } from '../src/views/attack-text';
import { shown } from '../src/views/markdown';

/** Larger attack bonuses are typing mistakes. */
const MAX_BONUS = 30;
const DAMAGE_MAX_LENGTH = 200;

const OPTIONS = {
  target: targetOption('Who is attacked'),
  bonus: text('Attack bonus: a number (+5) or an ability (str, dex…: its modifier + proficiency)', { required: true, maxLength: 20 }),
  damage: text('Damage on a hit, e.g. 1d8+3 [slashing]; a penalty stops at 0', { required: true, maxLength: DAMAGE_MAX_LENGTH }),
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
 * stored character in the fight go with it, by character id.
 */
async function sheetBonus(ctx: CommandContext, ability: Ability): Promise<AttackInput['bonus']> {
  const encounter = await requireEncounter(ctx);
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
  const typedAttacker = options.text('attacker');
  const bonus = readBonus(options.text('bonus'));
  const critRange = options.integer('crit-range');
  const secret = options.flag('secret');
  const mode = readMode(options);
  const input: AttackInput = {
    bonus: bonus.kind === 'number' ? { parts: [{ bonus: bonus.value, reason: ATTACK_BONUS }] } : await sheetBonus(ctx, bonus.ability),
    ...(typedAttacker === null ? {} : { attacker: typedAttacker }),
    target: options.text('target'),
    damage: options.text('damage'),
    weapon: options.text('kind') !== 'spell',
    reach: options.text('reach') === 'ranged' ? 'ranged' : 'melee',
    ...(mode === undefined ? {} : { mode }),
    ...(critRange === null ? {} : { critRange }),
    secret,
  };
  if (!secret) return withHarmSetting(ctx, (anyoneMayHarm) => applyStep(ctx, attack, { ...input, anyoneMayHarm }));
  // A secret attack reaches the roller and the game master as any secret roll does: the roller's copy
  // keeps a hidden monster's numbers hidden, the game master's has them; buttons (a concentration
  // save) stay with the roller's copy.
  const result = await withHarmSetting(ctx, (anyoneMayHarm) =>
    encountersOf(ctx).apply(actorOf(ctx), placeOf(ctx), labelOf(ctx), attack, { ...input, anyoneMayHarm }),
  );
  await refreshTracker(ctx, result.encounter);
  const reply = resultReply(result);
  const account = gameMasterAccount(result);
  const secretReply = await secretRollReply(ctx, reply.embeds ?? [], account === null ? undefined : [account]);
  return { ...secretReply, components: reply.components ?? [] };
}

/** `/attack`: an attack roll against a combatant's AC, and its damage on a hit. */
export const command = commandWithOptions({
  name: 'attack',
  description: "Roll an attack against a combatant's AC; a hit deals its damage as /hp damage does",
  dmPermission: false,
  options: OPTIONS,
  examples: [
    '/attack target:Goblin 1 bonus:5 damage:1d8+3 [slashing]',
    '/attack target:Goblin 2 bonus:dex damage:1d6+3 [piercing] reach:ranged',
    '/attack target:Alice bonus:4 damage:2d6+2 [slashing] attacker:Bugbear Chief',
    '/attack target:Ogre bonus:wis damage:1d8 [radiant] kind:spell mode:advantage',
    '/attack target:Goblin 1 bonus:7 damage:1d10+4 [slashing] crit-range:19 secret:true',
  ],
  run,
  suggest: { target: suggestTargets, attacker: suggestTargets },
});
