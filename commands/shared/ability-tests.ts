import { MAX_SAVE_DC } from '../../src/combat/conditions';
import { customEffectsOn } from '../../src/combat/effects';
import { requireControl } from '../../src/combat/permissions';
import { recordedBonus } from '../../src/combat/saves';
import { findTarget } from '../../src/combat/targets';
import type { Combatant, Encounter } from '../../src/combat/types';
import { ABILITIES, getRuleSet, type Ability } from '../../src/rules';
import { rollAbilityTest, rollExtraBonus, sheetBonuses, type AbilityTest } from '../../src/rules/ability-tests';
import { isSkill, skillKey, skillsOf, type Skill } from '../../src/rules/skills';
import type { CombatantRulesState, CustomEffect, OwnBonus, RollMode, RuleSet } from '../../src/rules/types';
import { abilityTestAccount, abilityTestReply, skillName } from '../../src/views/ability-test-text';
import { ABILITY_NAMES } from '../../src/views/condition-text';
import { rulesRefusalText } from '../../src/views/refusals';
import type { Reply } from '../../src/views/reply';
import { CHARACTER_NAME_MAX_LENGTH, type Character } from '../../src/characters/sheet';
import { rankByName } from '../../src/framework/autocomplete';
import {
  UserError,
  type AutocompleteChoice,
  type AutocompleteContext,
  type CommandContext,
  type InvocationContext as Context,
} from '../../src/framework/command';
import { flag, integer, text, type OptionReader } from '../../src/framework/options';
import { characterNamedOrActive } from './characters';
import { actorOf, encountersOf, placeOf } from './encounter';
import { readModeWords } from './mode-words';
import { secretRollReply, tellGameMaster } from './secret-rolls';

/** Who a check or save is rolled for, with everything that changes the roll. */
interface Roller {
  name: string;
  /** A hidden monster: only the game master may see its numbers. */
  hidden: boolean;
  ruleSet: RuleSet;
  /** Conditions and level tracks: the fight's, when the character is in one here, else the sheet's. */
  state: Pick<CombatantRulesState, 'conditions' | 'tracks'>;
  effects: CustomEffect[];
  /** The sheet the bonuses come from; null for a monster, or a player who joined without one. */
  sheet: Character | null;
  combatant: Combatant | null;
  /** The ability scores of the stat block a monster was added from; absent for the others, or a block since deleted. */
  blockAbilities?: Readonly<Record<Ability, number>>;
  /** The channel's fight, whose game master hears a hidden monster's whole roll. */
  encounter: Encounter | null;
}

function refuseDead(name: string, dead: boolean): void {
  if (dead) throw new UserError(`${name} is dead: the dead make no checks or saves.`);
}

async function rulesHere(ctx: Context, encounter: Encounter | null): Promise<RuleSet> {
  // A fight keeps the rule set it began with; outside one, the channel's own applies.
  if (encounter !== null) return getRuleSet(encounter.ruleSet);
  return getRuleSet((await ctx.services.settings.effectiveRuleset(placeOf(ctx))).ruleset);
}

/** `target:` a combatant of this channel's fight, for its controller or the game master. */
async function combatantRoller(ctx: Context, encounter: Encounter | null, typed: string): Promise<Roller> {
  if (encounter === null) {
    throw new UserError('There is no encounter in this channel, so `target` names nobody: roll for your own character without it.');
  }
  const combatant = findTarget(encounter, typed);
  requireControl(actorOf(ctx), encounter, combatant, `roll checks and saves for ${combatant.name}`);
  refuseDead(combatant.name, combatant.rules.dead);
  const sheet = combatant.characterId === null ? null : await ctx.services.characters.get(combatant.characterId);
  const block = combatant.monster === null ? undefined : await ctx.services.bestiary.blockOf(ctx.guildId, combatant.monster);
  return {
    ...(block === undefined ? {} : { blockAbilities: block.abilities }),
    name: combatant.name,
    hidden: combatant.hidden,
    ruleSet: await rulesHere(ctx, encounter),
    state: combatant.rules,
    effects: customEffectsOn(encounter, combatant.id),
    sheet,
    combatant,
    encounter,
  };
}

/** The caller's own character (`character:`, or the active one), as it stands in this channel's fight if it joined it. */
async function characterRoller(ctx: Context, encounter: Encounter | null, typed: string | null): Promise<Roller> {
  const character = await characterNamedOrActive(ctx, typed);
  const combatant = encounter?.combatants.find((c) => c.characterId === character.id) ?? null;
  refuseDead(character.name, combatant?.rules.dead ?? character.dead);
  return {
    name: character.name,
    hidden: false,
    ruleSet: await rulesHere(ctx, encounter),
    state: combatant?.rules ?? character,
    effects: encounter !== null && combatant !== null ? customEffectsOn(encounter, combatant.id) : [],
    sheet: character,
    combatant,
    encounter,
  };
}

/** Who the caller named to roll: `target` (a combatant) or `character` (one of theirs), refused both at once. */
export function namedRoller(options: AbilityTestReader): { target: string | null; character: string | null } {
  const target = options.text('target');
  const character = options.text('character');
  if (target !== null && character !== null) {
    throw new UserError('Give `character` (one of yours) or `target` (a combatant in this fight), not both.');
  }
  return { target, character };
}

async function rollerOf(ctx: CommandContext, options: AbilityTestReader): Promise<Roller> {
  const { target, character } = namedRoller(options);
  const encounter = await encountersOf(ctx).get(placeOf(ctx));
  return target === null ? characterRoller(ctx, encounter, character) : combatantRoller(ctx, encounter, target);
}

/** The sheet's parts when there is a sheet, else what the encounter recorded; null when neither knows one. */
function ownBonuses(roller: Roller, test: AbilityTest): OwnBonus[] | null {
  if (roller.sheet !== null) return sheetBonuses(roller.sheet, test);
  return roller.combatant === null ? null : recordedBonus(roller.combatant, test, roller.blockAbilities);
}

/** A skill as typed, if the rule set has it; otherwise a refusal listing the ones it has. */
export function requireSkill(ruleSet: RuleSet, typed: string): Skill {
  const known = skillsOf(ruleSet.id);
  const key = skillKey(typed);
  const skill = known.find((s) => s === key);
  if (skill !== undefined) return skill;
  const list = known.map(skillName).join(', ');
  const elsewhere = isSkill(key) ? ` (${skillName(key)} is a Level Up A5E skill)` : '';
  throw new UserError(`"${typed}" is not a skill in the ${ruleSet.name} rules${elsewhere}. Their skills are ${list}.`);
}

/** `adv`, `dis` or their long words in `bonus`, outside a `[label]`: the dice would take one as a label, or drop it. */
function asksForMode(bonus: string): boolean {
  return readModeWords(bonus).modes.length > 0;
}

export function modeOf(options: AbilityTestReader): RollMode {
  const mode = options.text('mode');
  return mode === 'advantage' || mode === 'disadvantage' ? mode : 'normal';
}

/**
 * `/check` and `/save`: finds who rolls and with what, rolls through the rules' one d20 function
 * and says every part. `testOf` reads the command's own options once the rule set is known.
 */
export async function runAbilityTest(
  ctx: CommandContext,
  options: AbilityTestReader,
  testOf: (ruleSet: RuleSet) => AbilityTest,
): Promise<Reply> {
  const roller = await rollerOf(ctx, options);
  const test = testOf(roller.ruleSet);
  const typedBonus = options.text('bonus');
  if (typedBonus !== null && asksForMode(typedBonus)) {
    throw new UserError(
      '`bonus` adds a number or dice; advantage and disadvantage go in `mode` (`mode:advantage`), where those of conditions count too.',
    );
  }
  const extra = typedBonus === null ? { ok: true as const, value: null } : rollExtraBonus(typedBonus, ctx.services.random);
  if (!extra.ok) {
    // A bonus out of range was a number or dice all right: its refusal names the range alone.
    const why = rulesRefusalText(extra.reason);
    throw new UserError(extra.reason.kind === 'bonus-dice' ? `\`bonus\` takes a number or dice such as \`+2\` or \`1d4\`: ${why}` : why);
  }
  const own = ownBonuses(roller, test);
  const result = rollAbilityTest(
    roller.ruleSet,
    roller.state,
    { test, own: own ?? [], mode: modeOf(options), extra: extra.value, effects: roller.effects, dc: options.integer('dc') },
    ctx.services.random,
  );
  const secret = options.flag('secret');
  // Without a combatant, the roller is the caller's own character.
  const isPlayerCharacter = roller.combatant?.rules.isPlayerCharacter ?? true;
  const view = { name: roller.name, isPlayerCharacter, result, noBonusRecorded: own === null, hidden: roller.hidden, secret };
  const reply = abilityTestReply(view);
  // A hidden monster's roll is already the game master's alone; any other secret roll reaches them as /roll's does.
  if (secret && !roller.hidden) return secretRollReply(ctx, reply.embeds ?? []);
  // The table read a hidden monster's outcome alone: the game master gets the whole roll.
  const account = abilityTestAccount(view);
  if (account !== null && roller.encounter !== null) await tellGameMaster(ctx, roller.encounter, [account]);
  return reply;
}

/** Suggestions for `skill`: the skills of the rule set in force here. */
export async function suggestSkills(ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> {
  const encounter = await encountersOf(ctx).get(placeOf(ctx));
  ctx.signal?.throwIfAborted();
  const ruleSet = await rulesHere(ctx, encounter);
  ctx.signal?.throwIfAborted();
  return rankByName(skillsOf(ruleSet.id), skillName, typed).map((skill) => ({ name: skillName(skill), value: skill }));
}

// The options /check and /save share, declared once so the two commands read the same.

export const ABILITY_CHOICES = ABILITIES.map((ability) => ({ name: ABILITY_NAMES[ability], value: ability }));

export const MODE_OPTION = text('Advantage or disadvantage you have; conditions add theirs, and opposites cancel', {
  choices: [
    { name: 'normal', value: 'normal' },
    { name: 'advantage', value: 'advantage' },
    { name: 'disadvantage', value: 'disadvantage' },
  ],
});

export const SECRET_OPTION = flag('Only you and the game master see the result, never the table');

/** The options /check and /save take after their own ability (and skill), in the order Discord shows them. */
export const ABILITY_TEST_OPTIONS = {
  mode: MODE_OPTION,
  dc: integer('Say whether the total meets this DC', { min: 1, max: MAX_SAVE_DC }),
  bonus: text('Added to the roll: a number or dice, e.g. +2 or 1d4 Guidance', { maxLength: 100 }),
  secret: SECRET_OPTION,
  character: text('Which of your characters (default: your active one)', { autocomplete: true, maxLength: CHARACTER_NAME_MAX_LENGTH }),
  target: text("Game master: a combatant of this channel's encounter (a player: their own)", { autocomplete: true, maxLength: 100 }),
} as const;

type AbilityTestReader = OptionReader<typeof ABILITY_TEST_OPTIONS>;
