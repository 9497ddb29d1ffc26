import { rulesRefusalText } from '../../../src/views/refusals';
import {
  ABILITIES,
  CONDITION_KEYS,
  createRulesState,
  getRuleSet,
  RULESET_IDS,
  type ConditionKey,
  type RuleSetId,
} from '../../../src/rules';
import { conditionProfile } from './condition-profile';
import { refused } from './support';

// RULES.md §15a–e: every condition of every catalogue, as the tokens conditionProfile reads back
// through the public RuleSet (own rolls, among them Constitution, concentration and death saves;
// attacks against it at 5 ft melee / 30 ft ranged / by an attacker who sees it, critical hits,
// 10 fire damage taken, speed from 30 ft, implied conditions, concentration).
const PARALYZED_2024 = [
  'init:dis',
  'str-save:fail',
  'dex-save:fail',
  'vs-melee-5:adv',
  'vs-ranged-30:adv',
  'vs-seen:adv',
  'crit-within-5',
  'speed:0',
  'brings:incapacitated',
  'ends-concentration',
  'no-actions',
  'no-reactions',
];
const CATALOGUE_2024: Partial<Record<ConditionKey, string[]>> = {
  blinded: ['melee:dis', 'ranged:dis', 'sight:fail', 'vs-melee-5:adv', 'vs-ranged-30:adv', 'vs-seen:adv'],
  charmed: ['no-attacks-on-source'],
  deafened: ['hearing:fail'],
  frightened: ['melee:dis', 'ranged:dis', 'check:dis', 'sight:dis', 'hearing:dis', 'init:dis'],
  grappled: ['melee:dis', 'ranged:dis', 'speed:0'],
  incapacitated: ['init:dis', 'ends-concentration', 'no-actions', 'no-reactions'],
  invisible: ['melee:adv', 'ranged:adv', 'init:adv', 'vs-melee-5:dis', 'vs-ranged-30:dis'],
  paralyzed: PARALYZED_2024,
  petrified: [
    'init:dis',
    'str-save:fail',
    'dex-save:fail',
    'vs-melee-5:adv',
    'vs-ranged-30:adv',
    'vs-seen:adv',
    'fire-10:5',
    'speed:0',
    'brings:incapacitated',
    'ends-concentration',
    'no-actions',
    'no-reactions',
    'resists-all-damage',
    'immune:poisoned',
  ],
  poisoned: ['melee:dis', 'ranged:dis', 'check:dis', 'sight:dis', 'hearing:dis', 'init:dis'],
  prone: ['melee:dis', 'ranged:dis', 'vs-melee-5:adv', 'vs-ranged-30:dis', 'vs-seen:dis'],
  restrained: ['melee:dis', 'ranged:dis', 'dex-save:dis', 'vs-melee-5:adv', 'vs-ranged-30:adv', 'vs-seen:adv', 'speed:0'],
  // §27.7: 2024 Stunned has no "can't move" clause.
  stunned: [
    'init:dis',
    'str-save:fail',
    'dex-save:fail',
    'vs-melee-5:adv',
    'vs-ranged-30:adv',
    'vs-seen:adv',
    'brings:incapacitated',
    'ends-concentration',
    'no-actions',
    'no-reactions',
  ],
  // Prone's ranged disadvantage cancels Unconscious's advantage beyond 5 ft.
  unconscious: [
    'melee:dis',
    'ranged:dis',
    'init:dis',
    'str-save:fail',
    'dex-save:fail',
    'vs-melee-5:adv',
    'crit-within-5',
    'speed:0',
    'brings:incapacitated',
    'brings:prone',
    'ends-concentration',
    'no-actions',
    'no-reactions',
  ],
};

const EXPECTED: Record<RuleSetId, Partial<Record<ConditionKey, string[]>>> = {
  dnd2024: CATALOGUE_2024,
  // §15c, decision §27.2: C&M has no condition text, so the 2024 catalogue applies, Blinded included.
  'crown-misery': CATALOGUE_2024,
  dnd2014: {
    blinded: ['melee:dis', 'ranged:dis', 'sight:fail', 'vs-melee-5:adv', 'vs-ranged-30:adv', 'vs-seen:adv'],
    charmed: ['no-attacks-on-source'],
    deafened: ['hearing:fail'],
    frightened: ['melee:dis', 'ranged:dis', 'check:dis', 'sight:dis', 'hearing:dis', 'init:dis'],
    grappled: ['speed:0'],
    incapacitated: ['ends-concentration', 'no-actions', 'no-reactions'],
    invisible: ['melee:adv', 'ranged:adv', 'vs-melee-5:dis', 'vs-ranged-30:dis', 'vs-seen:dis'],
    paralyzed: [
      'str-save:fail',
      'dex-save:fail',
      'vs-melee-5:adv',
      'vs-ranged-30:adv',
      'vs-seen:adv',
      'crit-within-5',
      'speed:0',
      'brings:incapacitated',
      'ends-concentration',
      'no-actions',
      'no-reactions',
    ],
    petrified: [
      'str-save:fail',
      'dex-save:fail',
      'vs-melee-5:adv',
      'vs-ranged-30:adv',
      'vs-seen:adv',
      'fire-10:5',
      'speed:0',
      'brings:incapacitated',
      'ends-concentration',
      'no-actions',
      'no-reactions',
      'resists-all-damage',
      'immune:poisoned',
      'immune:poison-damage',
    ],
    poisoned: ['melee:dis', 'ranged:dis', 'check:dis', 'sight:dis', 'hearing:dis', 'init:dis'],
    prone: ['melee:dis', 'ranged:dis', 'vs-melee-5:adv', 'vs-ranged-30:dis', 'vs-seen:dis'],
    restrained: ['melee:dis', 'ranged:dis', 'dex-save:dis', 'vs-melee-5:adv', 'vs-ranged-30:adv', 'vs-seen:adv', 'speed:0'],
    stunned: [
      'str-save:fail',
      'dex-save:fail',
      'vs-melee-5:adv',
      'vs-ranged-30:adv',
      'vs-seen:adv',
      'speed:0',
      'brings:incapacitated',
      'ends-concentration',
      'no-actions',
      'no-reactions',
    ],
    unconscious: [
      'melee:dis',
      'ranged:dis',
      'str-save:fail',
      'dex-save:fail',
      'vs-melee-5:adv',
      'crit-within-5',
      'speed:0',
      'brings:incapacitated',
      'brings:prone',
      'ends-concentration',
      'no-actions',
      'no-reactions',
    ],
  },
  'dnd-next': {
    blinded: ['melee:dis', 'ranged:dis', 'sight:fail', 'vs-melee-5:adv', 'vs-ranged-30:adv', 'vs-seen:adv'],
    charmed: ['no-attacks-on-source'],
    deafened: ['hearing:fail'],
    encumbered: [
      'melee:dis',
      'ranged:dis',
      'check:dis',
      'sight:dis',
      'hearing:dis',
      'init:dis',
      'str-save:dis',
      'dex-save:dis',
      'wis-save:dis',
      // §17d: saves include Constitution, concentration and (Next's Con) death saves.
      'con-save:dis',
      'conc-save:dis',
      'death-save:dis',
      'speed:20',
    ],
    // §15d: fire from a source that is not ethereal is halved.
    ethereal: ['fire-10:5'],
    frightened: ['melee:dis', 'ranged:dis', 'check:dis', 'sight:dis', 'hearing:dis', 'init:dis'],
    // §15d: every instance of damage drops by 1d6 (the probe's die shows 1).
    intoxicated: ['melee:dis', 'ranged:dis', 'check:dis', 'sight:dis', 'hearing:dis', 'init:dis', 'fire-10:9'],
    invisible: ['melee:adv', 'ranged:adv', 'vs-melee-5:dis', 'vs-ranged-30:dis', 'vs-seen:dis'],
    // Falls prone (−2 to its attacks; ranged attacks beyond 10 ft cancel out); no auto-crit in Next;
    // only Stunned and Unconscious end concentration (§14d).
    paralyzed: [
      'melee:-2',
      'ranged:-2',
      'str-save:fail',
      'dex-save:fail',
      'vs-melee-5:adv',
      'speed:0',
      'brings:prone',
      'no-actions',
      'no-reactions',
    ],
    prone: ['melee:-2', 'ranged:-2', 'vs-melee-5:adv', 'vs-ranged-30:dis', 'vs-seen:dis'],
    restrained: ['melee:dis', 'ranged:dis', 'dex-save:dis', 'vs-melee-5:adv', 'vs-ranged-30:adv', 'vs-seen:adv', 'speed:0'],
    stunned: [
      'str-save:fail',
      'dex-save:fail',
      'vs-melee-5:adv',
      'vs-ranged-30:adv',
      'vs-seen:adv',
      'speed:0',
      'ends-concentration',
      'no-actions',
      'no-reactions',
    ],
    unconscious: [
      'melee:-2',
      'ranged:-2',
      'str-save:fail',
      'dex-save:fail',
      'vs-melee-5:adv',
      'speed:0',
      'brings:prone',
      'ends-concentration',
      'no-actions',
      'no-reactions',
    ],
  },
  a5e: {
    blinded: ['melee:dis', 'ranged:dis', 'sight:fail', 'vs-melee-5:adv', 'vs-ranged-30:adv', 'vs-seen:adv'],
    bloodied: [],
    charmed: ['no-attacks-on-source'],
    confused: ['no-reactions'],
    deafened: ['hearing:fail'],
    doomed: [],
    encumbered: ['speed:5'],
    frightened: ['melee:dis', 'ranged:dis', 'check:dis', 'sight:dis', 'hearing:dis', 'init:dis'],
    grappled: ['speed:0'],
    incapacitated: ['ends-concentration', 'no-actions', 'no-reactions'],
    invisible: ['melee:adv', 'ranged:adv', 'vs-melee-5:dis', 'vs-ranged-30:dis'],
    paralyzed: [
      'str-save:fail',
      'dex-save:fail',
      'vs-melee-5:adv',
      'vs-ranged-30:adv',
      'vs-seen:adv',
      'crit-within-5',
      'speed:0',
      'brings:incapacitated',
      'ends-concentration',
      'no-actions',
      'no-reactions',
    ],
    petrified: [
      'str-save:fail',
      'dex-save:fail',
      'vs-melee-5:adv',
      'vs-ranged-30:adv',
      'vs-seen:adv',
      'fire-10:5',
      'speed:0',
      'brings:incapacitated',
      'ends-concentration',
      'no-actions',
      'no-reactions',
      'resists-all-damage',
      'immune:poisoned',
      'immune:poison-damage',
    ],
    poisoned: ['melee:dis', 'ranged:dis', 'check:dis', 'sight:dis', 'hearing:dis', 'init:dis'],
    // A5E Prone: disadvantage on melee attacks only (§15e, §27.8).
    prone: ['melee:dis', 'vs-melee-5:adv', 'vs-ranged-30:dis', 'vs-seen:dis'],
    rattled: ['no-reactions'],
    restrained: ['melee:dis', 'ranged:dis', 'dex-save:dis', 'vs-melee-5:adv', 'vs-ranged-30:adv', 'vs-seen:adv', 'speed:0'],
    slowed: ['dex-save:-2', 'ac:-2', 'speed:15', 'no-reactions'],
    stunned: [
      'str-save:fail',
      'dex-save:fail',
      'vs-melee-5:adv',
      'vs-ranged-30:adv',
      'vs-seen:adv',
      'speed:0',
      'brings:incapacitated',
      'ends-concentration',
      'no-actions',
      'no-reactions',
    ],
    unconscious: [
      'melee:dis',
      'str-save:fail',
      'dex-save:fail',
      'vs-melee-5:adv',
      'crit-within-5',
      'speed:0',
      'brings:incapacitated',
      'brings:prone',
      'ends-concentration',
      'no-actions',
      'no-reactions',
    ],
  },
};

describe('RULES.md §15 condition catalogues', () => {
  const rows = RULESET_IDS.flatMap((id) => Object.entries(EXPECTED[id]).map(([key, tokens]) => [id, key as ConditionKey, tokens] as const));

  it.each(rows)('%s %s: %j', (id, key, tokens) => {
    expect(conditionProfile(id, key)).toEqual(tokens);
  });

  it.each(RULESET_IDS)('%s: the catalogue holds exactly the tested conditions, each named and described', (id) => {
    const catalogue = getRuleSet(id).conditions;
    expect(catalogue.map((c) => c.key).sort()).toEqual(Object.keys(EXPECTED[id]).sort());
    for (const c of catalogue) {
      expect(c.name.toLowerCase()).toBe(c.key);
      expect(c.description.length).toBeGreaterThan(10);
    }
  });

  it.each<[ConditionKey, RuleSetId[]]>([
    ['intoxicated', ['dnd-next']],
    ['ethereal', ['dnd-next']],
    ['bloodied', ['a5e']],
    ['doomed', ['a5e']],
    ['confused', ['a5e']],
    ['rattled', ['a5e']],
    ['slowed', ['a5e']],
    ['incapacitated', ['dnd2024', 'dnd2014', 'crown-misery', 'a5e']],
  ])('§15: %s exists only in %j', (key, where) => {
    expect(RULESET_IDS.filter((id) => getRuleSet(id).condition(key) !== undefined)).toEqual(where);
  });

  it('every condition key belongs to at least one catalogue', () => {
    expect(CONDITION_KEYS.filter((key) => RULESET_IDS.every((id) => getRuleSet(id).condition(key) === undefined))).toEqual([]);
  });

  it.each(RULESET_IDS)('§15: %s: Paralyzed fails Strength and Dexterity saves and no other', (id) => {
    const rules = getRuleSet(id);
    const added = rules.addCondition(createRulesState(), 'paralyzed');
    if (!added.ok) throw new Error(rulesRefusalText(added.reason));
    const failed = ABILITIES.filter((ability) => rules.d20Test(added.value.state, { kind: 'save', ability }).autoFail);
    expect(failed).toEqual(['str', 'dex']);
  });
});

describe('RULES.md §15 adding and removing conditions', () => {
  const rules = getRuleSet('dnd2024');

  it('a condition the rule set lacks is refused in words', () => {
    expect(refused(rules.addCondition(createRulesState(), 'intoxicated'))).toBe('intoxicated is not a condition in the 5e 2024 rules.');
  });

  it('§15b: Petrified brings immunity to Poisoned', () => {
    const petrified = rules.addCondition(createRulesState(), 'petrified');
    if (!petrified.ok) throw new Error(rulesRefusalText(petrified.reason));
    const poisoned = rules.addCondition(petrified.value.state, 'poisoned');
    expect(poisoned.ok && poisoned.value.events).toEqual([{ kind: 'condition-immune', condition: 'poisoned', because: 'petrified' }]);
    expect(poisoned.ok && poisoned.value.state.conditions).toEqual(['petrified', 'incapacitated']);
  });

  it('§15: a condition does not stack with itself', () => {
    const once = rules.addCondition(createRulesState(), 'poisoned');
    if (!once.ok) throw new Error(rulesRefusalText(once.reason));
    const twice = rules.addCondition(once.value.state, 'poisoned');
    expect(twice.ok && twice.value).toEqual({ state: once.value.state, events: [] });
  });

  it('§15b: waking from Unconscious removes Incapacitated but leaves the creature Prone', () => {
    const out = rules.addCondition(createRulesState(), 'unconscious');
    if (!out.ok) throw new Error(rulesRefusalText(out.reason));
    const woken = rules.removeCondition(out.value.state, 'unconscious');
    expect(woken.state.conditions).toEqual(['prone']);
    expect(woken.events).toEqual([
      { kind: 'condition-removed', condition: 'unconscious' },
      { kind: 'condition-removed', condition: 'incapacitated' },
    ]);
  });

  it('§15: Incapacitated stays while another condition still brings it', () => {
    let state = createRulesState();
    for (const key of ['stunned', 'paralyzed'] as const) {
      const added = rules.addCondition(state, key);
      if (!added.ok) throw new Error(rulesRefusalText(added.reason));
      state = added.value.state;
    }
    expect(rules.removeCondition(state, 'stunned').state.conditions).toEqual(['incapacitated', 'paralyzed']);
  });

  it('removing a condition the creature lacks changes nothing', () => {
    const state = createRulesState();
    expect(rules.removeCondition(state, 'prone')).toEqual({ state, events: [] });
  });
});
