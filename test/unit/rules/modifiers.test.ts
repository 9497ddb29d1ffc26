import { createRulesState, getRuleSet, RULESET_IDS, type CustomEffect } from '../../../src/rules';
import { MODIFIER_LIMITS, modifiersText, parseModifiers } from '../../../src/rules/modifiers';
import { rulesRefusalText } from '../../../src/views/refusals';
import { noDice, scripted } from './support';

function parsed(text: string) {
  const result = parseModifiers(text);
  if (!result.ok) throw new Error(rulesRefusalText(result.reason));
  return result.value;
}

describe('custom effect modifiers: the syntax', () => {
  it('reads every documented kind, separated by commas or spaces', () => {
    expect(
      parsed(
        'attack:+1d4, save:+1d4 check:-2 damage:+2 [fire] ac:+2 adv:attack dis:save:dex resist:fire immune:poison vulnerable:cold speed:-10',
      ),
    ).toEqual([
      { kind: 'bonus', on: 'attack', ability: null, term: { sign: 1, count: 1, sides: 4 } },
      { kind: 'bonus', on: 'save', ability: null, term: { sign: 1, count: 1, sides: 4 } },
      { kind: 'bonus', on: 'check', ability: null, term: { sign: -1, count: 2, sides: null } },
      { kind: 'damage', term: { sign: 1, count: 2, sides: null }, damageType: 'fire' },
      { kind: 'ac', amount: 2 },
      { kind: 'advantage', on: 'attack', ability: null },
      { kind: 'disadvantage', on: 'save', ability: 'dex' },
      { kind: 'resist', damageType: 'fire' },
      { kind: 'immune', damageType: 'poison' },
      { kind: 'vulnerable', damageType: 'cold' },
      { kind: 'speed', amount: -10 },
    ]);
  });

  it('reads an ability on a bonus and writes back text that reads the same', () => {
    const text = 'save:wis:+1d4, Damage:+1d6[Radiant], death:+2, adv:initiative';
    const modifiers = parsed(text);
    expect(modifiersText(modifiers)).toBe('save:wis:+1d4, damage:+1d6 [radiant], death-save:+2, adv:initiative');
    expect(parsed(modifiersText(modifiers))).toEqual(modifiers);
  });

  it.each([
    ['attack:1d4', 'signed number'],
    ['attack:+0d4', 'from 1 to 10 dice'],
    ['attack:+11d4', 'from 1 to 10 dice'],
    ['attack:+1d200', 'from 1 to 10 dice'],
    ['save:+21', 'up to 20'],
    ['ac:+11', 'from -10 to +10'],
    ['speed:-200', 'from -120 to +120'],
    ['resist:cheese', 'damage types are acid'],
    ['dis:save:luck', 'ability is one of'],
    ['adv:dance', 'test is one of'],
    ['fly:+10', 'not a modifier'],
    ['', 'No modifiers'],
    [Array.from({ length: MODIFIER_LIMITS.count + 1 }, () => 'ac:+1').join(' '), 'At most 12 modifiers'],
    ['x'.repeat(MODIFIER_LIMITS.length + 1), 'at most 200 characters'],
  ])('refuses %j with a reason (%s)', (text, words) => {
    const result = parseModifiers(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(rulesRefusalText(result.reason)).toContain(words);
  });
});

const BLESS: CustomEffect = { name: 'Bless', modifiers: parsed('attack:+1d4 save:+1d4') };
const BANE_DEX: CustomEffect = { name: 'Slick', modifiers: parsed('dis:save:dex') };

describe('custom effects on d20 tests, through the one roll function', () => {
  it.each(RULESET_IDS)('%s: Bless adds 1d4 to a save, shown as its own part', (id) => {
    const roll = getRuleSet(id).rollD20Test(
      createRulesState(),
      { kind: 'save', ability: 'wis', effects: [BLESS] },
      { bonus: 3, reason: 'Wis save' },
      scripted(10, 2),
    );
    expect(roll.total).toBe(15);
    expect(roll.parts).toEqual([
      { value: 3, reason: 'Wis save', dice: null },
      { value: 2, reason: 'Bless', dice: { expression: '1d4', rolls: [2] } },
    ]);
  });

  it('2024: exhaustion 2 takes 4 off a concentration save, as its own part', () => {
    const roll = getRuleSet('dnd2024').rollD20Test(
      createRulesState({ tracks: { exhaustion: 2, fatigue: 0, strife: 0 } }),
      { kind: 'save', ability: 'con', concentration: true },
      { bonus: 3, reason: 'Con save' },
      scripted(10),
    );
    expect(roll.total).toBe(9);
    expect(roll.parts.map((p) => [p.value, p.reason])).toEqual([
      [3, 'Con save'],
      [-4, 'Exhaustion 2'],
    ]);
  });

  it('a custom disadvantage only touches the ability it names, and cancels with a custom advantage', () => {
    const rules = getRuleSet('dnd2014');
    const state = createRulesState();
    expect(rules.d20Test(state, { kind: 'save', ability: 'dex', effects: [BANE_DEX] })).toMatchObject({
      mode: 'disadvantage',
      disadvantage: ['Slick'],
    });
    expect(rules.d20Test(state, { kind: 'save', ability: 'wis', effects: [BANE_DEX] }).mode).toBe('normal');
    const haste: CustomEffect = { name: 'Haste', modifiers: parsed('adv:save:dex') };
    expect(rules.d20Test(state, { kind: 'save', ability: 'dex', effects: [BANE_DEX, haste] }).mode).toBe('normal');
  });

  it('2024: a Poisoned creature with adv:check rolls a straight check', () => {
    const rules = getRuleSet('dnd2024');
    const state = createRulesState({ conditions: ['poisoned'] });
    const guided: CustomEffect = { name: 'Enhance Ability', modifiers: parsed('adv:check') };
    expect(rules.d20Test(state, { kind: 'check', ability: 'cha', effects: [guided] }).mode).toBe('normal');
  });

  it('Paralyzed still fails a Dexterity save whatever Bless adds', () => {
    const roll = getRuleSet('dnd2024').rollD20Test(
      createRulesState({ conditions: ['paralyzed'] }),
      { kind: 'save', ability: 'dex', effects: [BLESS] },
      { bonus: 0, reason: 'Dex save' },
      scripted(20, 4),
    );
    expect(roll.autoFail).toBe('Paralyzed');
  });

  it('a death save applies death-save and save bonuses', () => {
    const rules = getRuleSet('dnd2024');
    const dying = createRulesState({ hp: 0, isPlayerCharacter: true, conditions: ['unconscious'] });
    const result = rules.rollDeathSave(dying, scripted(8, 3), [BLESS]);
    expect(result.ok && [result.value.total, result.value.outcome]).toEqual([11, 'success']);
  });
});

describe('custom effects on damage', () => {
  const fire = { amount: 10, type: 'fire' as const };
  it.each(RULESET_IDS)('%s: resist halves, immune stops, vulnerable doubles the named type only', (id) => {
    const rules = getRuleSet(id);
    const state = createRulesState({ hp: 40, maxHp: 40 });
    const hpAfter = (effects: CustomEffect[], damage: { amount: number; type: 'fire' | 'cold' } = fire): number =>
      rules.applyDamage(state, { ...damage, effects }, noDice).state.hp;
    expect(hpAfter([{ name: 'Protection', modifiers: parsed('resist:fire') }])).toBe(35);
    expect(hpAfter([{ name: 'Ward', modifiers: parsed('immune:fire') }])).toBe(40);
    expect(hpAfter([{ name: 'Curse', modifiers: parsed('vulnerable:fire') }])).toBe(20);
    expect(hpAfter([{ name: 'Protection', modifiers: parsed('resist:fire') }], { amount: 10, type: 'cold' })).toBe(30);
  });

  it('2024: Petrified resists every type; a custom resistance does not halve again', () => {
    const rules = getRuleSet('dnd2024');
    const state = createRulesState({ hp: 40, maxHp: 40, conditions: ['petrified', 'incapacitated'] });
    expect(rules.applyDamage(state, { amount: 10, type: 'cold' }, noDice).state.hp).toBe(35);
    const warded = rules.applyDamage(
      state,
      { amount: 10, type: 'cold', effects: [{ name: 'Ward', modifiers: parsed('resist:cold') }] },
      noDice,
    );
    expect(warded.state.hp).toBe(35);
  });

  it('Next: Ethereal halves fire from a non-ethereal source but not force', () => {
    const rules = getRuleSet('dnd-next');
    const state = createRulesState({ hp: 40, maxHp: 40, conditions: ['ethereal'] });
    expect(rules.applyDamage(state, { amount: 10, type: 'fire' }, noDice).state.hp).toBe(35);
    expect(rules.applyDamage(state, { amount: 10, type: 'force' }, noDice).state.hp).toBe(30);
  });
});
