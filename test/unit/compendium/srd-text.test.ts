import fs from 'node:fs';
import path from 'node:path';
import { averageOf, monstersOf, parseDice, spellsOf, type Effect, type MonsterAction, type Spellcasting } from '../../../src/compendium';
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
      const inData = [...(spell.damage ?? []).map((part) => part.dice), spell.healing?.dice, spell.tempHp?.dice];
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
