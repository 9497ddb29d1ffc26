import { turnChecklist } from '../../../src/combat/checklist';
import { addCondition, removeCondition } from '../../../src/combat/conditions';
import { dealDamage, heal } from '../../../src/combat/hit-points';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { readyAction, spendLegendaryAction, useReaction } from '../../../src/combat/turn-actions';
import { nextTurn } from '../../../src/combat/turns';
import type { Encounter } from '../../../src/combat/types';
import { RULESET_IDS, type RuleSetId } from '../../../src/rules/ids';
import { alice, ctx, current, fresh, gm, named, names, noDice, refusalOf } from './support';
import { checklistReply } from '../../../src/views/turn-checklist';
import { describeEvents } from '../../../src/views/encounter-text';
import { perRuleSet } from '../rules/support';

/**
 * A Dragon with 3 legendary actions (initiative 22, or 10 when `dragonLast`), a Goblin (20) and Alice (15),
 * at the start of the Goblin's first turn, where the Dragon may spend legendary actions.
 */
function table(ruleSet: RuleSetId, dragon: { surprised?: boolean; last?: boolean } = {}): Encounter {
  const gmCtx = ctx(gm, noDice, ruleSet);
  let encounter = fresh(ruleSet);
  encounter = addMonsters(encounter, gmCtx, {
    name: 'Dragon',
    hp: 100,
    initiative: dragon.last === true ? 10 : 22,
    legendary: 3,
    surprised: dragon.surprised ?? false,
  }).encounter;
  encounter = addMonsters(encounter, gmCtx, { name: 'Goblin', hp: 7, initiative: 20 }).encounter;
  encounter = joinEncounter(encounter, ctx(alice, noDice, ruleSet), { hp: 12, initiative: 15 }).encounter;
  while (current(encounter) !== 'Goblin') encounter = nextTurn(encounter, gmCtx).encounter;
  return encounter;
}

function withCondition(encounter: Encounter, ruleSet: RuleSetId, target: string, condition: string): Encounter {
  return addCondition(encounter, ctx(gm, noDice, ruleSet), { target, condition }).encounter;
}

function withoutCondition(encounter: Encounter, ruleSet: RuleSetId, target: string, condition: string): Encounter {
  return removeCondition(encounter, ctx(gm, noDice, ruleSet), { target, condition }).encounter;
}

function damaged(encounter: Encounter, ruleSet: RuleSetId, target: string, amount: number): Encounter {
  return dealDamage(encounter, ctx(gm, noDice, ruleSet), { target, amount: String(amount) }).encounter;
}

/** The refusal's words, checking the encounter it was refused on is left as it was. */
function refusedUnchanged(encounter: Encounter, step: (e: Encounter) => unknown): string {
  const before = structuredClone(encounter);
  const said = refusalOf(() => step(encounter));
  expect(encounter).toEqual(before);
  return said;
}

function react(ruleSet: RuleSetId, target: string): (e: Encounter) => Encounter {
  return (e) => useReaction(e, ctx(gm, noDice, ruleSet), { target }).encounter;
}

function legendary(ruleSet: RuleSetId): (e: Encounter) => Encounter {
  return (e) => spendLegendaryAction(e, ctx(gm, noDice, ruleSet), { target: 'Dragon' }).encounter;
}

/** What each rule set's catalogue says stops the creature, and the condition the refusal names. */
const INCAPACITATING: [RuleSetId, string, string][] = (['dnd2024', 'dnd2014', 'crown-misery', 'a5e'] as const).flatMap((ruleSet) =>
  ['Incapacitated', 'Paralyzed', 'Petrified', 'Stunned', 'Unconscious'].map((condition): [RuleSetId, string, string] => [
    ruleSet,
    condition,
    'Incapacitated',
  ]),
);
// Next has no Incapacitated: its Paralyzed, Stunned and Unconscious deny actions, and so reactions (RULES.md §15d).
const NEXT_STOPPING: [RuleSetId, string, string][] = ['Paralyzed', 'Stunned', 'Unconscious'].map((c) => ['dnd-next', c, c]);
// A5E conditions that take the reaction away but leave the creature its actions.
const A5E_NO_REACTIONS: [RuleSetId, string, string][] = ['Confused', 'Rattled', 'Slowed'].map((c) => ['a5e', c, c]);

describe('/init react while something stops the combatant', () => {
  it.each([...INCAPACITATING, ...NEXT_STOPPING, ...A5E_NO_REACTIONS])(
    '%s: refused while %s (%s), allowed once it is removed',
    (ruleSet, condition, named_) => {
      const stopped = withCondition(table(ruleSet), ruleSet, 'Goblin', condition);
      expect(refusedUnchanged(stopped, react(ruleSet, 'Goblin'))).toBe(`Goblin is ${named_} and cannot take reactions.`);
      const freed = withoutCondition(stopped, ruleSet, 'Goblin', condition);
      expect(named(react(ruleSet, 'Goblin')(freed), 'Goblin').actions.reactionUsed).toBe(true);
    },
  );

  it.each(RULESET_IDS)('%s: Prone and Restrained leave the reaction alone', (ruleSet) => {
    for (const condition of ['Prone', 'Restrained']) {
      const held = withCondition(table(ruleSet), ruleSet, 'Goblin', condition);
      expect(named(react(ruleSet, 'Goblin')(held), 'Goblin').actions.reactionUsed).toBe(true);
    }
  });

  // Monsters die at 0 HP, except in Crown & Misery, where they fall dying.
  it.each(perRuleSet({ dnd2024: 'dead', dnd2014: 'dead', 'crown-misery': 'dying', 'dnd-next': 'dead', a5e: 'dead' }))(
    '%s: a Goblin dropped to 0 HP is %s and has no reaction',
    (ruleSet, state) => {
      const down = damaged(table(ruleSet), ruleSet, 'Goblin', 7);
      expect(refusedUnchanged(down, react(ruleSet, 'Goblin'))).toBe(`Goblin is ${state} and cannot take reactions.`);
    },
  );

  it.each(RULESET_IDS)('%s: a dying character has no reaction, Unconscious or not, until it is healed', (ruleSet) => {
    const dying = damaged(table(ruleSet), ruleSet, 'Alice', 12);
    expect(refusedUnchanged(dying, react(ruleSet, 'Alice'))).toBe('Alice is dying and cannot take reactions.');
    const awake = withoutCondition(dying, ruleSet, 'Alice', 'Unconscious');
    expect(refusedUnchanged(awake, react(ruleSet, 'Alice'))).toBe('Alice is dying and cannot take reactions.');
    const healed = heal(dying, ctx(gm, noDice, ruleSet), { target: 'Alice', amount: '1' }).encounter;
    expect(named(react(ruleSet, 'Alice')(healed), 'Alice').actions.reactionUsed).toBe(true);
  });
});

describe('/init legendary while something stops the creature', () => {
  it.each([...INCAPACITATING, ...NEXT_STOPPING])('%s: refused while %s (%s), allowed once it is removed', (ruleSet, condition, named_) => {
    const stopped = withCondition(table(ruleSet), ruleSet, 'Dragon', condition);
    expect(refusedUnchanged(stopped, legendary(ruleSet))).toBe(`Dragon is ${named_} and cannot take legendary actions.`);
    const freed = withoutCondition(stopped, ruleSet, 'Dragon', condition);
    expect(named(legendary(ruleSet)(freed), 'Dragon').actions.legendary).toEqual({ max: 3, left: 2 });
  });

  it.each(A5E_NO_REACTIONS)('%s: %s takes reactions, not actions: legendary actions are still taken', (ruleSet, condition) => {
    const hindered = withCondition(table(ruleSet), ruleSet, 'Dragon', condition);
    expect(named(legendary(ruleSet)(hindered), 'Dragon').actions.legendary).toEqual({ max: 3, left: 2 });
  });

  it.each(perRuleSet({ dnd2024: 'dead', dnd2014: 'dead', 'crown-misery': 'dying', 'dnd-next': 'dead', a5e: 'dead' }))(
    '%s: a Dragon dropped to 0 HP is %s and takes none',
    (ruleSet, state) => {
      const down = damaged(table(ruleSet), ruleSet, 'Dragon', 100);
      expect(refusedUnchanged(down, legendary(ruleSet))).toBe(`Dragon is ${state} and cannot take legendary actions.`);
    },
  );
});

describe('/init legendary for a surprised creature', () => {
  // 2014, Next and A5E: surprise costs the first turn, and legendary actions wait until it is over.
  it.each(['dnd2014', 'dnd-next', 'a5e'] as const)('%s: refused before its lost first turn, allowed after it', (ruleSet) => {
    const gmCtx = ctx(gm, noDice, ruleSet);
    let encounter = table(ruleSet, { surprised: true, last: true });
    const refusal = 'Dragon is surprised: it has no legendary actions until its first turn is over.';
    expect(refusedUnchanged(encounter, legendary(ruleSet))).toBe(refusal);
    encounter = nextTurn(encounter, gmCtx).encounter;
    expect(current(encounter)).toBe('Alice');
    expect(refusedUnchanged(encounter, legendary(ruleSet))).toBe(refusal);
    // Next skips the Dragon's lost turn and starts round 2 with the Goblin.
    encounter = nextTurn(encounter, gmCtx).encounter;
    expect([encounter.round, current(encounter)]).toEqual([2, 'Goblin']);
    expect(named(legendary(ruleSet)(encounter), 'Dragon').actions.legendary).toEqual({ max: 3, left: 2 });
  });

  // 2024 and Crown & Misery: surprise is disadvantage on the initiative roll and nothing more.
  it.each(['dnd2024', 'crown-misery'] as const)('%s: allowed in the first round', (ruleSet) => {
    const encounter = table(ruleSet, { surprised: true, last: true });
    expect(encounter.round).toBe(1);
    expect(named(legendary(ruleSet)(encounter), 'Dragon').actions.legendary).toEqual({ max: 3, left: 2 });
  });
});

describe('the My turn checklist', () => {
  const reactionLine = (encounter: Encounter, name: string): string | undefined =>
    checklistReply(encounter, turnChecklist(encounter, gm, named(encounter, name)))
      .embeds?.[0]?.description?.split('\n')
      .find((line) => line.startsWith('↩️'));

  it('says a stunned creature has no reactions, whatever its reaction did, and that it is back once it recovers', () => {
    const stunned = withCondition(table('dnd2024'), 'dnd2024', 'Goblin', 'stunned');
    expect(reactionLine(stunned, 'Goblin')).toBe('↩️ No reactions while Goblin is Incapacitated.');
    const recovered = withoutCondition(stunned, 'dnd2024', 'Goblin', 'stunned');
    expect(reactionLine(recovered, 'Goblin')).toBe('↩️ Your reaction is back.');
  });

  it('names Next’s own condition, which has no Incapacitated', () => {
    const paralyzed = withCondition(table('dnd-next'), 'dnd-next', 'Goblin', 'paralyzed');
    expect(reactionLine(paralyzed, 'Goblin')).toBe('↩️ No reactions while Goblin is Paralyzed.');
  });
});

describe('Next: a readied action set off by one of a `count:` group', () => {
  it('moves its creature before the whole group, and says so', () => {
    const next = (actor = gm) => ctx(actor, noDice, 'dnd-next');
    let encounter = joinEncounter(fresh('dnd-next'), next(alice), { hp: 12, initiative: 15 }).encounter;
    encounter = addMonsters(encounter, next(), { name: 'Bandit', hp: 11, initiative: 12, count: 3 }).encounter;
    encounter = addMonsters(encounter, next(), { name: 'Ogre', hp: 59, initiative: 5 }).encounter;
    encounter = nextTurn(encounter, next()).encounter;
    encounter = readyAction(encounter, next(alice), 'a bandit moves').encounter;
    while (current(encounter) !== 'Bandit 2') encounter = nextTurn(encounter, next()).encounter;
    const taken = useReaction(encounter, next(alice), { target: 'Alice', note: 'ready' });
    expect(names(taken.encounter)).toEqual(['Alice', 'Bandit 1', 'Bandit 2', 'Bandit 3', 'Ogre']);
    expect(describeEvents(taken)).toEqual([
      'Alice takes their readied action (a bandit moves), spending their reaction.',
      "Alice now acts just before Bandit 1–3: Bandit 2's group keeps its place together.",
    ]);
  });
});

describe('/init ready twice on one turn', () => {
  it('says the new trigger replaces the one readied before', () => {
    let encounter = joinEncounter(fresh(), ctx(alice), { hp: 12, initiative: 15 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Orc', hp: 15, initiative: 10 }).encounter;
    encounter = nextTurn(encounter, ctx(gm)).encounter;
    encounter = readyAction(encounter, ctx(alice), 'the orc moves').encounter;
    const again = readyAction(encounter, ctx(alice), 'the orc attacks');
    expect(describeEvents(again)).toEqual([
      'Alice readies an action for when the orc attacks, in place of the one for when the orc moves; it lasts until the start of their next turn.',
    ]);
    expect(named(again.encounter, 'Alice').actions.readied).toBe('the orc attacks');
  });
});
