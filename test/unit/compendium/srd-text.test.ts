import fs from 'node:fs';
import path from 'node:path';
import {
  averageOf,
  monstersOf,
  parseDice,
  spellsOf,
  type Effect,
  type Monster,
  type MonsterAction,
  type Multiattack,
  type Spellcasting,
} from '../../../src/compendium';
import { ABILITY_NAMES } from '../../../src/rules/ability-names';
import { CONDITION_KEYS, DAMAGE_TYPES } from '../../../src/rules/types';
import { srdRoot } from '../../../scripts/compendium/build';

/**
 * The converted numbers against the SRD's own text, read here with plain patterns independent of the
 * converter's parser: every "+N" to hit, "DC N" and "N (XdY + Z)" of an action the bot runs in full is
 * in its data, and no number in the data is missing from the text.
 */
const root = path.resolve(__dirname, '../../..');
const BOOKS = [
  { book: 'srd-5.2', folder: 'srd-2024' },
  { book: 'srd-5.1', folder: 'srd-2014' },
] as const;

interface Row {
  parent: string;
  name: string;
  desc: string;
  action_type: 'ACTION' | 'BONUS_ACTION' | 'REACTION' | 'LEGENDARY_ACTION';
  uses_type: 'RECHARGE_ON_ROLL' | 'RECHARGE' | 'PER_DAY' | null;
  uses_param: number | null;
  legendary_action_cost: number | null;
}

function rows(folder: string, file: string): { key: string; fields: Row }[] {
  return (JSON.parse(fs.readFileSync(path.join(srdRoot(root), folder, `${file}.json`), 'utf8')) as { pk: string; fields: Row }[]).map(
    (row) => ({
      key: row.pk,
      fields: row.fields,
    }),
  );
}

/** What the text prints: to-hit bonuses, DCs, and "average (dice)" pairs, dice without spaces. */
function printed(desc: string): { bonuses: number[]; dcs: number[]; dice: string[]; averages: [number, string][] } {
  const bonuses = [...desc.matchAll(/(?:Attack Roll|Attack): \+(\d+)/g)].map((match) => Number(match[1]));
  const dcs = [...desc.matchAll(/\bDC (\d+)/g)].map((match) => Number(match[1]));
  const averages = [...desc.matchAll(/(\d+) \((\d+d\d+(?: [+−-] \d+)?)\)/g)].map(
    (match) => [Number(match[1]), (match[2] ?? '').replace(/\s+/g, '').replace('−', '-')] as [number, string],
  );
  const flat = [
    ...desc.matchAll(
      /\b(\d+) (?:acid|bludgeoning|cold|fire|force|lightning|necrotic|piercing|poison|psychic|radiant|slashing|thunder) damage/gi,
    ),
  ].map((match) => match[1] ?? '');
  return { bonuses, dcs, dice: [...averages.map(([, dice]) => dice), ...flat], averages };
}

/** Every number of an action's data that can be printed in its text, with the spellcasting entry it casts with. */
function carried(effect: Effect, casting: Spellcasting | undefined): { bonuses: number[]; dcs: number[]; dice: string[] } {
  const options: readonly Effect[] = (effect as Partial<Pick<MonsterAction, 'options'>>).options ?? [];
  const nested = [effect, ...options].flatMap((part) => [part, ...(part.then === undefined ? [] : [part.then])]);
  return {
    bonuses: nested.flatMap((part) => (part.attack?.bonus === undefined ? [] : [part.attack.bonus])),
    dcs: nested.flatMap((part) => [
      ...(part.save?.dc === undefined ? [] : [part.save.dc]),
      ...(casting?.dc === undefined ? [] : [casting.dc]),
      ...(part.conditions ?? []).flatMap((condition) => (condition.escapeDc === undefined ? [] : [condition.escapeDc])),
    ]),
    dice: nested.flatMap((part) => (part.damage ?? []).map((damage) => damage.dice)),
  };
}

/** The action of a block that an open5e row is, by its list and name. */
function actionOf(monster: Monster, fields: Row): MonsterAction | undefined {
  const lists: Record<Row['action_type'], readonly MonsterAction[] | undefined> = {
    ACTION: monster.actions,
    BONUS_ACTION: monster.bonusActions,
    REACTION: monster.reactions,
    LEGENDARY_ACTION: monster.legendary?.actions,
  };
  return (lists[fields.action_type] ?? []).find((entry) => fields.name === entry.name || fields.name.startsWith(`${entry.name} (`));
}

/** An action's effects: itself, each option, and what follows a hit. */
function effectsOf(action: MonsterAction): Effect[] {
  return [action, ...(action.options ?? [])].flatMap((effect) => [effect, ...(effect.then === undefined ? [] : [effect.then])]);
}

/** "13 (1d10 + 8) Slashing damage" as `1d10+8 slashing`, and a flat "5 fire damage" as `5 fire`. */
function printedDamage(desc: string): string[] {
  const rolled = [...desc.matchAll(/\d+ \((\d+d\d+(?: [+−-] \d+)?)\) (\w+) damage/gi)].map(
    (match) => `${(match[1] ?? '').replace(/\s+/g, '').replace('−', '-')} ${(match[2] ?? '').toLowerCase()}`,
  );
  const flat = [...desc.matchAll(/(?<![(\d])\b(\d+) (\w+) damage/gi)]
    .filter((match) => DAMAGE_TYPES.includes((match[2] ?? '').toLowerCase() as (typeof DAMAGE_TYPES)[number]))
    .map((match) => `${match[1]} ${(match[2] ?? '').toLowerCase()}`);
  return [...rolled, ...flat];
}

/** Saves as `dex 21`: 2024's "Dexterity Saving Throw: DC 21", 2014's "a DC 21 Dexterity saving throw". */
function printedSaves(desc: string): string[] {
  const named = (word: string | undefined): string => ABILITY_NAMES[(word ?? '').toLowerCase()] ?? '?';
  return [
    ...[...desc.matchAll(/(\w+) Saving Throw: DC (\d+)/g)].map((match) => `${named(match[1])} ${match[2]}`),
    ...[...desc.matchAll(/DC (\d+) (\w+) saving throw/gi)].map((match) => `${named(match[2])} ${match[1]}`),
  ];
}

/**
 * Conditions the text gives in so many words, 2024's "has the Poisoned condition", after "Failure:"
 * where there is one (before it, a condition picks the targets: "one creature that has the Prone condition").
 */
function printedConditions(desc: string): string[] {
  const outcome = desc.slice(Math.max(0, desc.indexOf('Failure:')));
  return [...outcome.matchAll(/\bhas the (\w+) condition/g)]
    .map((match) => (match[1] ?? '').toLowerCase())
    .filter((word) => (CONDITION_KEYS as readonly string[]).includes(word));
}

const COUNTS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/**
 * A multiattack against its text: each action it makes is named there, and where the text gives one
 * total ("makes three attacks", "makes three Rend attacks"), the attacks add up to it.
 */
function multiattackProblems(where: string, desc: string, multiattack: Multiattack): string[] {
  const problems: string[] = [];
  const lower = desc.toLowerCase();
  // "makes two melee attacks" names none: any of the block's melee attacks will do.
  const generic = /\b(?:melee|ranged) attacks\b/i.test(desc);
  for (const step of generic ? [] : multiattack.steps)
    for (const name of step.actions)
      if (
        !lower.includes(
          name
            .toLowerCase()
            .replace(/ \(.*\)$/, '')
            .replace(/s$/, ''),
        )
      )
        problems.push(`${where}: ${name} is not in the text`);
  const total = /makes (\w+) (?:[\w' -]+ )?attacks\b/i.exec(desc)?.[1]?.toLowerCase();
  const single = /makes \w+ [\w' -]+ attacks?(?:,| and)/i.test(desc);
  const uses = multiattack.steps.filter((step) => step.actions.some((name) => new RegExp(`\\buses? (?:its )?${name}\\b`, 'i').test(desc)));
  const attacks = multiattack.steps.filter((step) => !uses.includes(step)).reduce((sum, step) => sum + step.count, 0);
  if (total !== undefined && COUNTS[total] !== undefined && !single && COUNTS[total] !== attacks)
    problems.push(`${where}: ${attacks} attacks against the text's ${total}`);
  return problems;
}

function describeBook(book: 'srd-5.2' | 'srd-5.1', folder: string): void {
  it(`${book}: the text of every action agrees with its data`, async () => {
    const monsters = await monstersOf(book);
    const creatures = new Map(rows(folder, 'Creature').map((row) => [row.key, row.fields.name]));
    const problems: string[] = [];
    let fullChecked = 0;
    for (const { fields } of rows(folder, 'CreatureAction')) {
      const monster = monsters.find(creatures.get(fields.parent) ?? '');
      const lists: Record<Row['action_type'], readonly MonsterAction[] | undefined> = {
        ACTION: monster?.actions,
        BONUS_ACTION: monster?.bonusActions,
        REACTION: monster?.reactions,
        LEGENDARY_ACTION: monster?.legendary?.actions,
      };
      const actions = lists[fields.action_type] ?? [];
      const action = actions.find((entry) => fields.name === entry.name || fields.name.startsWith(`${entry.name} (`));
      if (monster === undefined || action === undefined) {
        problems.push(`${creatures.get(fields.parent)}: ${fields.name} is missing`);
        continue;
      }
      const text = printed(fields.desc);
      for (const [average, dice] of text.averages) {
        const formula = parseDice(dice);
        if (formula === null || averageOf(formula) !== average)
          problems.push(`${monster.name}: ${action.name} prints ${average} (${dice})`);
      }
      const casting =
        action.casts === undefined && !action.spellcasting
          ? undefined
          : (monster.spellcasting?.find((entry) => entry.name === fields.name) ?? monster.spellcasting?.[0]);
      const own = carried(action, undefined);
      // Nothing in the action's own data that the text does not print (a cast's DC is its Spellcasting's).
      for (const bonus of own.bonuses)
        if (!text.bonuses.includes(bonus)) problems.push(`${monster.name}: ${action.name} +${bonus} is not in the text`);
      for (const dc of own.dcs) if (!text.dcs.includes(dc)) problems.push(`${monster.name}: ${action.name} DC ${dc} is not in the text`);
      for (const dice of own.dice)
        if (!text.dice.includes(dice)) problems.push(`${monster.name}: ${action.name} ${dice} is not in the text`);
      if (action.manual || action.partial) continue;
      const data = carried(action, casting);
      // An action run in full carries everything the text prints.
      fullChecked += 1;
      for (const bonus of text.bonuses)
        if (!data.bonuses.includes(bonus)) problems.push(`${monster.name}: ${action.name} misses +${bonus}`);
      for (const dc of text.dcs) if (!data.dcs.includes(dc)) problems.push(`${monster.name}: ${action.name} misses DC ${dc}`);
      for (const dice of text.dice) if (!data.dice.includes(dice)) problems.push(`${monster.name}: ${action.name} misses ${dice}`);
    }
    expect(problems).toEqual([]);
    expect(fullChecked).toBeGreaterThan(500);
  });

  it(`${book}: reach and range, damage types, save abilities, half, conditions, uses, costs and multiattacks agree with the text`, async () => {
    const monsters = await monstersOf(book);
    const creatures = new Map(rows(folder, 'Creature').map((row) => [row.key, row.fields.name]));
    const problems: string[] = [];
    const checked = { attacks: 0, saves: 0, conditions: 0, multiattacks: 0 };
    for (const { fields } of rows(folder, 'CreatureAction')) {
      const monster = monsters.find(creatures.get(fields.parent) ?? '');
      const action = monster === undefined ? undefined : actionOf(monster, fields);
      if (monster === undefined || action === undefined) continue;
      const where = `${monster.name}: ${action.name}`;
      const desc = fields.desc.replace(/\*\*|__?/g, '');
      const full = !action.manual && !action.partial;

      // Reach and range, as the attack prints them.
      if (action.attack !== undefined) {
        checked.attacks += 1;
        const reach = /\breach (\d+) (?:ft|feet)\b/.exec(desc)?.[1];
        const range = /\brange (\d+)(?:\/(\d+))? (?:ft|feet)\b/.exec(desc);
        const printedReach = reach === undefined ? undefined : Number(reach);
        const printedRange = range?.[1] === undefined ? undefined : Number(range[1]);
        const printedLong = range?.[2] === undefined ? undefined : Number(range[2]);
        if (action.attack.reach !== printedReach) problems.push(`${where}: reach ${action.attack.reach} against ${printedReach}`);
        if (action.attack.range !== printedRange) problems.push(`${where}: range ${action.attack.range} against ${printedRange}`);
        if (action.attack.longRange !== printedLong)
          problems.push(`${where}: long range ${action.attack.longRange} against ${printedLong}`);
      }

      const effects = effectsOf(action);
      // Every damage part with its type is printed; an action run in full carries every one printed.
      const typed = printedDamage(desc);
      const carriedParts = effects.flatMap((effect) => (effect.damage ?? []).map((part) => `${part.dice} ${part.type}`));
      for (const part of carriedParts) if (!typed.includes(part)) problems.push(`${where}: ${part} is not in the text`);
      if (full) for (const part of typed) if (!carriedParts.includes(part)) problems.push(`${where}: misses ${part}`);

      // Each save's ability and DC are printed together, and half on a success only where the text says so.
      const saves = printedSaves(desc);
      const half = /Success: Half damage|half as much damage on a successful one/i.test(desc);
      for (const effect of effects) {
        if (effect.save === undefined) continue;
        checked.saves += 1;
        const save = `${effect.save.ability} ${effect.save.dc}`;
        if (effect.save.dc !== undefined && !saves.includes(save)) problems.push(`${where}: ${save} save is not in the text`);
        if (effect.save.onSuccess === 'half' && !half) problems.push(`${where}: half on a success is not in the text`);
      }
      if (full && half && !effects.some((effect) => effect.save?.onSuccess === 'half')) problems.push(`${where}: misses half on a success`);

      // Each condition is named in the text; one run in full carries the conditions the text gives.
      const conditions: string[] = effects.flatMap((effect) => (effect.conditions ?? []).map((condition) => condition.condition));
      checked.conditions += conditions.length;
      for (const condition of conditions)
        if (!new RegExp(`\\b${condition}\\b`, 'i').test(desc)) problems.push(`${where}: ${condition} is not in the text`);
      if (full)
        for (const condition of printedConditions(desc))
          if (!conditions.includes(condition)) problems.push(`${where}: misses the ${condition} condition`);

      // Recharge, uses a day and legendary costs: the fields print them (the text names none of them).
      const recharge =
        fields.uses_type === 'RECHARGE_ON_ROLL' || fields.uses_type === 'RECHARGE' ? (fields.uses_param ?? undefined) : undefined;
      if (action.recharge !== recharge) problems.push(`${where}: recharge ${action.recharge} against ${recharge}`);
      const perDay = fields.uses_type === 'PER_DAY' ? (fields.uses_param ?? undefined) : undefined;
      if (action.perDay !== perDay) problems.push(`${where}: ${action.perDay} a day against ${perDay}`);
      if (fields.action_type === 'LEGENDARY_ACTION' && (action.cost ?? 1) !== (fields.legendary_action_cost ?? 1))
        problems.push(`${where}: costs ${action.cost ?? 1} against ${fields.legendary_action_cost}`);

      // A multiattack names each action it makes and how many times.
      if (action.multiattack !== undefined && full) {
        checked.multiattacks += 1;
        problems.push(...multiattackProblems(where, desc, action.multiattack));
      }
    }
    expect(problems).toEqual([]);
    expect(checked.attacks).toBeGreaterThan(300);
    expect(checked.saves).toBeGreaterThan(150);
    expect(checked.conditions).toBeGreaterThan(100);
    expect(checked.multiattacks).toBeGreaterThan(90);
  });

  it(`${book}: every dice expression of a spell run in full is in its data`, async () => {
    const spells = await spellsOf(book);
    const problems: string[] = [];
    for (const { fields } of rows(folder, 'Spell')) {
      const spell = spells.find(fields.name);
      if (spell === undefined) {
        problems.push(`${fields.name} is missing`);
        continue;
      }
      if (spell.manual || spell.partial) continue;
      const inText = [...fields.desc.matchAll(/(\d+d\d+(?: \+ \d+)?)/g)].map((match) => (match[1] ?? '').replace(/\s+/g, ''));
      const parts = [
        ...(spell.damage ?? []),
        ...(spell.burst?.damage ?? []),
        ...(spell.later?.damage ?? []),
        ...(spell.ongoing?.damage ?? []),
      ];
      const inData = [...parts.map((part) => part.dice), spell.healing?.dice, spell.tempHp?.dice];
      for (const dice of inText) if (!inData.includes(dice)) problems.push(`${spell.name} misses ${dice}`);
    }
    expect(problems).toEqual([]);
  });
}

describe('the SRD text against the converted data', () => {
  if (!fs.existsSync(srdRoot(root))) {
    it.todo(`compares with the SRD text: skipped, no SRD data at ${srdRoot(root)}`);
    return;
  }
  for (const { book, folder } of BOOKS) describeBook(book, folder);
});
