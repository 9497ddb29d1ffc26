import { die } from '../rules/concentration';
import { applyRulesChange } from './effects';
import { requireHp } from './hit-points';
import { requireMayHarm } from './permissions';
import { findTarget, requireAlive } from './targets';
import type { StepContext, Transition } from './transition';
import type { Encounter } from './types';

/**
 * A creature killed outright, whatever the rules of dropping to 0 HP would make of it (Power Word
 * Kill): at 0 HP and dead, its concentration ended, with no death saves to make.
 */
export function killOutright(encounter: Encounter, ctx: StepContext, input: { target: string; anyoneMayHarm?: boolean }): Transition {
  const target = findTarget(encounter, input.target);
  requireAlive(target, 'damage');
  requireMayHarm(ctx.actor, encounter, target, `kill ${target.name}`, input.anyoneMayHarm ?? false);
  requireHp(target);
  const applied = applyRulesChange(encounter, target, die({ ...target.rules, hp: 0, tempHp: 0 }, 'slain'));
  return {
    encounter: applied.encounter,
    events: applied.events,
    note: { kind: 'hp-set', combatant: target.name, previous: target.rules.hp, hp: 0, hidden: target.hidden },
  };
}
