import { damageLanded } from '../rules/damage';
import type { DamageType } from '../rules/types';
import { rollAmount } from './amount';
import { concentrationChecks } from './concentration';
import { rollDamage, type DamageAmount } from './damage-amount';
import { applyRulesChange, customEffectsOn } from './effects';
import { requireControl, requireMayHarm } from './permissions';
import type { DamageNote } from './notes';
import { CombatRefusal } from './refusals';
import { findTarget, refOf, requireAlive } from './targets';
import { turnTaker } from './lair';
import { replaceCombatant, type StepContext, type Transition } from './transition';
import { MAX_HP, type Actor, type Combatant, type Encounter, type EncounterEvent } from './types';
import { requireWhole } from './validate';

export function requireHp(combatant: Combatant): void {
  if (!combatant.hpKnown) {
    throw new CombatRefusal({ kind: 'no-hit-points', combatant: combatant.name });
  }
}

function rolledEvents(combatant: Combatant, roll: ReturnType<typeof rollAmount>['roll'], secret = false): EncounterEvent[] {
  return roll === null ? [] : [{ kind: 'amount-rolled', combatant: refOf(combatant), roll, ...(secret ? { private: true } : {}) }];
}

/** What damage that landed did: the encounter after it, its events and what the log says of it. */
export interface LandedDamage {
  encounter: Encounter;
  events: EncounterEvent[];
  damage: DamageNote;
}

/**
 * Rolled damage meeting a combatant, the one path reported damage and an attack's hit share: each
 * typed part against its defences, temporary HP, 0 HP and death, then the concentration save it
 * calls for. `showRoll` false keeps the dice for the game master (a hidden attacker's damage bonus);
 * `source` is who dealt it, for the recap, and `sourceNamed` says the command named it rather than guessed.
 */
export function landDamage(
  encounter: Encounter,
  ctx: StepContext,
  combatant: Combatant,
  amount: DamageAmount,
  options: { critical: boolean; showRoll?: boolean; source: Combatant | null; sourceNamed: boolean },
): LandedDamage {
  requireHp(combatant);
  const mixed = amount.parts.length > 1;
  const type = mixed ? null : amount.damageType;
  const events: EncounterEvent[] = [
    ...rolledEvents(combatant, amount.roll, options.showRoll === false),
    {
      kind: 'damage-taken',
      combatant: refOf(combatant),
      source: options.source === null ? null : refOf(options.source),
      amount: amount.total,
      damageType: type,
      critical: amount.critical,
    },
  ];
  const damage = {
    amount: amount.total,
    type,
    critical: options.critical,
    inEncounter: true,
    effects: customEffectsOn(encounter, combatant.id),
    // A guessed source is credited in the recap, but only a named one's state changes the numbers (Next's Ethereal).
    ...(options.sourceNamed && options.source !== null ? { sourceConditions: options.source.rules.conditions } : {}),
    ...(mixed ? { parts: amount.parts } : {}),
  };
  const change = ctx.ruleSet.applyDamage(combatant.rules, damage, ctx.random);
  const applied = applyRulesChange(encounter, combatant, change);
  events.push(...applied.events);
  const dcs: number[] = [];
  for (const e of change.events) if (e.kind === 'concentration-save') dcs.push(e.dc);
  const checked = concentrationChecks(applied.encounter, ctx, combatant.id, dcs);
  events.push(...checked.events);
  // The log shows what got through, so a resisted or immune hit does not read as a full one; a
  // hidden combatant's defences are the game master's, whose log shows its hit points after a 🔒.
  const landed = damageLanded(amount.total, change.events);
  const taken = combatant.hidden ? amount.total : landed;
  const noted: DamageNote = { parts: amount.parts, critical: amount.critical !== null, total: amount.total, taken };
  return { encounter: checked.encounter, events, damage: noted };
}

/**
 * Who most likely dealt damage nobody named a dealer for: the one combatant the reporting player
 * controls (a player reports their own hits, also a reaction on another's turn), else the combatant
 * whose turn it is (the game master reports a monster's hits on its turn, a lair's on its lair turn); never the target itself,
 * whose own damage (a fall, a backfiring spell) has no dealer to credit.
 */
export function likelySource(encounter: Encounter, actor: Actor, target: Combatant): Combatant | null {
  const own = encounter.combatants.filter((c) => c.controllerId === actor.userId);
  const candidate = own.length === 1 ? own[0] : turnTaker(encounter);
  return candidate === undefined || candidate.id === target.id ? null : candidate;
}

/**
 * Anyone may report damage on the game master's combatants, as tables call out hits; on a player's,
 * only that player and the game master, unless the server lets anyone (`anyoneMayHarm`). Each typed part of the amount meets
 * resistance on its own; the `type` option types the parts that name none. `source` names who dealt
 * it (an attack knows its attacker); without it, `likelySource` is credited.
 */
export function dealDamage(
  encounter: Encounter,
  ctx: StepContext,
  input: { target: string; amount: string; type?: DamageType; critical?: boolean; source?: string; anyoneMayHarm?: boolean },
): Transition {
  const combatant = findTarget(encounter, input.target);
  requireAlive(combatant, 'damage');
  requireMayHarm(ctx.actor, encounter, combatant, `damage ${combatant.name}`, input.anyoneMayHarm ?? false);
  requireHp(combatant);
  const source = input.source === undefined ? likelySource(encounter, ctx.actor, combatant) : findTarget(encounter, input.source);
  const critical = input.critical ?? false;
  const amount = rollDamage(input.amount, ctx.random, input.type ?? null, critical ? ctx.ruleSet.facts.critical : null);
  const landed = landDamage(encounter, ctx, combatant, amount, { critical, source, sourceNamed: input.source !== undefined });
  return { encounter: landed.encounter, events: landed.events, note: { kind: 'damage', combatant: combatant.name, damage: landed.damage } };
}

export function heal(encounter: Encounter, ctx: StepContext, input: { target: string; amount: string }): Transition {
  const combatant = findTarget(encounter, input.target);
  requireAlive(combatant, 'heal');
  requireHp(combatant);
  const amount = rollAmount(input.amount, ctx.random, 'healing');
  const change = ctx.ruleSet.applyHealing(combatant.rules, amount.total);
  const applied = applyRulesChange(encounter, combatant, change);
  return {
    encounter: applied.encounter,
    events: [...rolledEvents(combatant, amount.roll), ...applied.events],
    note: { kind: 'healed', combatant: combatant.name, amount: amount.total },
  };
}

export function grantTempHp(
  encounter: Encounter,
  ctx: StepContext,
  input: { target: string; amount: string; replace?: boolean },
): Transition {
  const combatant = findTarget(encounter, input.target);
  // Anyone may grant them, as anyone may heal (a cleric's spell); trading higher ones for new ones is the recipient's choice.
  if (input.replace === true) requireControl(ctx.actor, encounter, combatant, `replace ${combatant.name}'s temporary HP`);
  requireAlive(combatant, 'temp-hp');
  requireHp(combatant);
  const amount = rollAmount(input.amount, ctx.random, 'temporary-hp');
  const result = ctx.ruleSet.setTempHp(combatant.rules, amount.total, { replace: input.replace ?? false });
  if (!result.ok) throw new CombatRefusal({ kind: 'rules', refusal: result.reason });
  const applied = applyRulesChange(encounter, combatant, result.value);
  return {
    encounter: applied.encounter,
    events: [...rolledEvents(combatant, amount.roll), ...applied.events],
    note: { kind: 'temp-hp', combatant: combatant.name, amount: amount.total, hidden: combatant.hidden },
  };
}

/**
 * Sets current HP as a correction (the log line of a hidden combatant's keeps its numbers out, as
 * the tracker does): no damage or healing consequences, but above 0 HP a dying combatant wakes and a
 * dead one comes back to life, as the rule set says.
 */
export function setHp(encounter: Encounter, ctx: StepContext, input: { target: string; amount: string }): Transition {
  const combatant = findTarget(encounter, input.target);
  requireControl(ctx.actor, encounter, combatant, `set ${combatant.name}'s HP`);
  requireHp(combatant);
  const amount = rollAmount(input.amount, ctx.random, 'hp');
  const ceiling = ctx.ruleSet.maxHp(combatant.rules);
  if (amount.total > ceiling) throw new CombatRefusal({ kind: 'above-maximum-hp', combatant: combatant.name, ceiling });
  const up = amount.total > 0;
  const marked: Combatant = { ...combatant, deathAnnounced: up ? false : combatant.deathAnnounced };
  const applied = applyRulesChange(replaceCombatant(encounter, marked), marked, ctx.ruleSet.setHitPoints(combatant.rules, amount.total));
  return {
    encounter: applied.encounter,
    events: [{ kind: 'hp-set', combatant: refOf(marked), hp: amount.total, previous: combatant.rules.hp }, ...applied.events],
    note: { kind: 'hp-set', combatant: combatant.name, previous: combatant.rules.hp, hp: amount.total, hidden: combatant.hidden },
  };
}

/** Sets the HP maximum; a combatant without HP starts at full, others keep theirs up to the new maximum. */
export function setMaxHp(encounter: Encounter, ctx: StepContext, input: { target: string; amount: string }): Transition {
  const combatant = findTarget(encounter, input.target);
  requireControl(ctx.actor, encounter, combatant, `set ${combatant.name}'s maximum HP`);
  const amount = rollAmount(input.amount, ctx.random, 'maximum-hp');
  const maxHp = requireWhole(amount.total, 'maximum-hp', 1, MAX_HP);
  const resized = { ...combatant.rules, maxHp };
  const ceiling = ctx.ruleSet.maxHp(resized);
  const hp = combatant.hpKnown ? Math.min(combatant.rules.hp, ceiling) : ceiling;
  const updated: Combatant = { ...combatant, hpKnown: true, rules: { ...resized, hp } };
  const previous = combatant.hpKnown ? combatant.rules.maxHp : null;
  return {
    encounter: replaceCombatant(encounter, updated),
    events: [{ kind: 'max-hp-set', combatant: refOf(updated), maxHp, previous }],
    note: { kind: 'max-hp-set', combatant: combatant.name, previous, maxHp, hidden: combatant.hidden },
  };
}
