import { UserError } from '../errors';
import type { DamageType } from '../rules/types';
import { rollAmount } from './amount';
import { concentrationChecks } from './concentration';
import { applyRulesChange } from './effects';
import { requireControl } from './permissions';
import { CombatRefusal } from './refusals';
import { findTarget, refOf } from './targets';
import { replaceCombatant, type StepContext, type Transition } from './transition';
import { MAX_HP, type Combatant, type Encounter, type EncounterEvent } from './types';
import { requireWhole } from './validate';

function requireHp(combatant: Combatant): void {
  if (!combatant.hpKnown) {
    throw new CombatRefusal({ kind: 'no-hit-points', combatant: combatant.name });
  }
}

function rolledEvents(combatant: Combatant, roll: ReturnType<typeof rollAmount>['roll']): EncounterEvent[] {
  return roll === null ? [] : [{ kind: 'amount-rolled', combatant: refOf(combatant), roll }];
}

/** Anyone may report damage: tables call out hits that way. */
export function dealDamage(
  encounter: Encounter,
  ctx: StepContext,
  input: { target: string; amount: string; type?: DamageType; critical?: boolean },
): Transition {
  const combatant = findTarget(encounter, input.target);
  requireHp(combatant);
  const critical = input.critical ?? false;
  const amount = rollAmount(input.amount, ctx.random, 'Damage', critical ? ctx.ruleSet.facts.critical : null);
  const type = input.type ?? amount.damageType;
  const events: EncounterEvent[] = [
    ...rolledEvents(combatant, amount.roll),
    { kind: 'damage-taken', combatant: refOf(combatant), amount: amount.total, damageType: type, critical },
  ];
  const change = ctx.ruleSet.applyDamage(combatant.rules, { amount: amount.total, type, critical, inEncounter: true }, ctx.random);
  const applied = applyRulesChange(encounter, combatant, change);
  events.push(...applied.events);
  const dcs = change.events.flatMap((e) => (e.kind === 'concentration-save' ? [e.dc] : []));
  const checked = concentrationChecks(applied.encounter, ctx, combatant.id, dcs);
  events.push(...checked.events);
  const typed = type === null ? '' : ` ${type}`;
  // The log shows what actually came off, so a resisted or absorbed hit does not read as a full one.
  const taken = change.events.reduce((sum, e) => (e.kind === 'hp-lost' || e.kind === 'temp-hp-absorbed' ? sum + e.amount : sum), 0);
  const outcome = taken === amount.total ? '' : `, ${taken} taken`;
  return {
    encounter: checked.encounter,
    events,
    command: 'hp damage',
    detail: `${combatant.name}: ${amount.total}${typed} damage${outcome}`,
  };
}

export function heal(encounter: Encounter, ctx: StepContext, input: { target: string; amount: string }): Transition {
  const combatant = findTarget(encounter, input.target);
  requireHp(combatant);
  const amount = rollAmount(input.amount, ctx.random, 'Healing');
  const change = ctx.ruleSet.applyHealing(combatant.rules, amount.total);
  const applied = applyRulesChange(encounter, combatant, change);
  return {
    encounter: applied.encounter,
    events: [...rolledEvents(combatant, amount.roll), ...applied.events],
    command: 'hp heal',
    detail: `${combatant.name}: healed ${amount.total}`,
  };
}

export function grantTempHp(
  encounter: Encounter,
  ctx: StepContext,
  input: { target: string; amount: string; replace?: boolean },
): Transition {
  const combatant = findTarget(encounter, input.target);
  requireControl(ctx.actor, encounter, combatant, `give ${combatant.name} temporary HP`);
  requireHp(combatant);
  const amount = rollAmount(input.amount, ctx.random, 'Temporary HP');
  const result = ctx.ruleSet.setTempHp(combatant.rules, amount.total, { replace: input.replace ?? false });
  if (!result.ok) throw new UserError(result.reason);
  const applied = applyRulesChange(encounter, combatant, result.value);
  return {
    encounter: applied.encounter,
    events: [...rolledEvents(combatant, amount.roll), ...applied.events],
    command: 'hp temp',
    detail: `${combatant.name}: ${amount.total} temporary HP`,
  };
}

/**
 * Sets current HP as a correction, outside the rules: no damage or healing consequences, but a
 * combatant set above 0 HP is up again (alive, no death saves).
 */
export function setHp(encounter: Encounter, ctx: StepContext, input: { target: string; amount: string }): Transition {
  const combatant = findTarget(encounter, input.target);
  requireControl(ctx.actor, encounter, combatant, `set ${combatant.name}'s HP`);
  requireHp(combatant);
  const amount = rollAmount(input.amount, ctx.random, 'HP');
  const ceiling = ctx.ruleSet.maxHp(combatant.rules);
  if (amount.total > ceiling) throw new CombatRefusal({ kind: 'above-maximum-hp', combatant: combatant.name, ceiling });
  const up = amount.total > 0;
  const rules = up
    ? { ...combatant.rules, hp: amount.total, dead: false, stable: false, deathSaves: { successes: 0, failures: 0 } }
    : { ...combatant.rules, hp: amount.total };
  const updated: Combatant = { ...combatant, rules, deathSavePending: up ? false : combatant.deathSavePending };
  return {
    encounter: replaceCombatant(encounter, updated),
    events: [{ kind: 'hp-set', combatant: refOf(updated), hp: amount.total, previous: combatant.rules.hp }],
    command: 'hp set',
    detail: `${combatant.name}: HP ${combatant.rules.hp} → ${amount.total}`,
  };
}

/** Sets the HP maximum; a combatant without HP starts at full, others keep theirs up to the new maximum. */
export function setMaxHp(encounter: Encounter, ctx: StepContext, input: { target: string; amount: string }): Transition {
  const combatant = findTarget(encounter, input.target);
  requireControl(ctx.actor, encounter, combatant, `set ${combatant.name}'s maximum HP`);
  const amount = rollAmount(input.amount, ctx.random, 'Maximum HP');
  const maxHp = requireWhole(amount.total, 'Maximum HP', 1, MAX_HP);
  const resized = { ...combatant.rules, maxHp };
  const ceiling = ctx.ruleSet.maxHp(resized);
  const hp = combatant.hpKnown ? Math.min(combatant.rules.hp, ceiling) : ceiling;
  const updated: Combatant = { ...combatant, hpKnown: true, rules: { ...resized, hp } };
  return {
    encounter: replaceCombatant(encounter, updated),
    events: [{ kind: 'max-hp-set', combatant: refOf(updated), maxHp, previous: combatant.rules.maxHp }],
    command: 'hp max',
    detail: `${combatant.name}: maximum HP ${combatant.rules.maxHp} → ${maxHp}`,
  };
}
