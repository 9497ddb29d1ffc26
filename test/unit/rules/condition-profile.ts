import { rulesRefusalText } from '../../../src/views/refusals';
import {
  createRulesState,
  getRuleSet,
  type ConditionKey,
  type D20TestModifiers,
  type D20TestRequest,
  type RuleSetId,
} from '../../../src/rules';

function word(m: D20TestModifiers): string | null {
  if (m.autoFail) return 'fail';
  const mode = m.mode === 'advantage' ? 'adv' : m.mode === 'disadvantage' ? 'dis' : '';
  const bonus = m.bonus === 0 ? '' : m.bonus > 0 ? `+${m.bonus}` : `${m.bonus}`;
  return mode + bonus || null;
}

const OWN: [string, D20TestRequest][] = [
  ['melee', { kind: 'attack', ability: 'str', range: 'melee' }],
  ['ranged', { kind: 'attack', ability: 'dex', range: 'ranged' }],
  ['check', { kind: 'check', ability: 'str' }],
  ['sight', { kind: 'check', ability: 'wis', needs: 'sight' }],
  ['hearing', { kind: 'check', ability: 'wis', needs: 'hearing' }],
  ['init', { kind: 'check', ability: 'dex', initiative: true }],
  ['str-save', { kind: 'save', ability: 'str' }],
  ['dex-save', { kind: 'save', ability: 'dex' }],
  ['wis-save', { kind: 'save', ability: 'wis' }],
  ['con-save', { kind: 'save', ability: 'con' }],
  ['conc-save', { kind: 'save', ability: 'con', concentration: true }],
  ['death-save', { kind: 'save', deathSave: true }],
];

/** Every die shows 1: a damage probe whose reductions (Next's Intoxicated 1d6) are known. */
const ONES = { die: (): number => 1 };

/**
 * What a condition does, as short tokens: its own rolls, attacks against it, speed, what it brings
 * along and what it blocks. Rolls are probed through the public RuleSet, so implied conditions count.
 */
export function conditionProfile(id: RuleSetId, key: ConditionKey): string[] {
  const rules = getRuleSet(id);
  const added = rules.addCondition(createRulesState({ concentration: 'bless' }), key);
  if (!added.ok) throw new Error(rulesRefusalText(added.reason));
  const state = added.value.state;
  const tokens: string[] = [];
  for (const [name, request] of OWN) {
    const w = word(rules.d20Test(state, request));
    if (w) tokens.push(`${name}:${w}`);
  }
  const against = [
    ['vs-melee-5', rules.attackAgainst(state, { range: 'melee', distance: 5 })],
    ['vs-ranged-30', rules.attackAgainst(state, { range: 'ranged', distance: 30 })],
    ['vs-seen', rules.attackAgainst(state, { range: 'ranged', distance: 30, attackerSeesTarget: true })],
  ] as const;
  for (const [name, m] of against) {
    const mode =
      m.advantage.length > 0 && m.disadvantage.length === 0 ? 'adv' : m.disadvantage.length > 0 && m.advantage.length === 0 ? 'dis' : null;
    if (mode) tokens.push(`${name}:${mode}`);
  }
  const close = against[0][1];
  if (close.autoCritical) tokens.push('crit-within-5');
  if (close.acBonus !== 0) tokens.push(`ac:${close.acBonus}`);
  // 10 fire damage to a creature with 40 HP and none of its own defences.
  const damaged = rules.applyDamage({ ...state, hp: 40, maxHp: 40 }, { amount: 10, type: 'fire' }, ONES);
  const lost = 40 - damaged.state.hp;
  if (lost !== 10) tokens.push(`fire-10:${lost}`);
  const speed = rules.speed(state, 30);
  if (speed !== 30) tokens.push(`speed:${speed}`);
  for (const other of state.conditions.filter((c) => c !== key)) tokens.push(`brings:${other}`);
  if (state.concentration === null) tokens.push('ends-concentration');
  const def = rules.condition(key)!;
  const all = state.conditions.map((c) => rules.condition(c)!.mechanics);
  if (all.some((m) => m.noActions)) tokens.push('no-actions');
  if (all.some((m) => m.noReactions)) tokens.push('no-reactions');
  if (def.mechanics.noAttacksOnSource) tokens.push('no-attacks-on-source');
  if (def.mechanics.resistAllDamage) tokens.push('resists-all-damage');
  for (const immune of def.mechanics.immuneTo) tokens.push(`immune:${immune}`);
  for (const immune of def.mechanics.damageImmunities) tokens.push(`immune:${immune}-damage`);
  return tokens;
}
