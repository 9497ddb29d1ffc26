import { effectAtLevel, ongoingAtLevel, type CastLevel } from '../compendium/effects';
import type { Effect, Spell } from '../compendium/types';
import { ROUNDS_PER_UNIT } from '../rules/durations';
import type { DamageType, RollMode } from '../rules/types';
import { chain, step, type Link } from './compose';
import { concentrationUntold, startConcentration } from './concentration';
import { concentrationOf } from './effects';
import { targetLimit, usesOnTargets, type EffectSource } from './effect-links';
import { isGameMaster, requireControl, requireMayHarm } from './permissions';
import { CombatRefusal } from './refusals';
import { isSecretChange } from './secret-changes';
import { findTarget, refOf } from './targets';
import { replaceCombatant, type StepContext, type Transition } from './transition';
import { MAX_COMBATANTS, type Combatant, type Encounter, type MonsterLink, type SpellSlots } from './types';

export const MAX_SPELL_LEVEL = 9;

/** What a cast spends: a spell slot of the caster's, a use of a stat block's spell, or nothing (a cantrip, an at-will spell). */
export type CastCost = { kind: 'slot' } | { kind: 'uses'; key: string; max: number } | { kind: 'none' };

export interface CastInput {
  /** The caster, by id or name: the handler found it and its numbers. */
  caster: string;
  spell: Spell;
  /** The slot level; absent: the spell's own (a pact caster's slot level for one of its slots). */
  level?: number;
  targets: readonly string[];
  /** The caster's spell attack bonus and save DC, and its spellcasting ability modifier. */
  attackBonus: number;
  dc: number;
  modifier: number;
  /** A character's level (a monster's caster level) for cantrips that grow with it. */
  casterLevel: number;
  /** The damage type chosen where the spell offers a choice (Spirit Guardians: radiant or necrotic); absent: the first. */
  damageType?: DamageType;
  cost: CastCost;
  /** How the attack bonus is named in the roll's parts (the views' word). */
  bonusReason: string;
  mode?: RollMode;
  secret?: boolean;
  anyoneMayHarm?: boolean;
}

/** The level the spell is cast at: as asked, or the spell's own; a pact slot casts at its own level. */
function castLevel(spell: Spell, input: CastInput, slots: SpellSlots | null): number {
  if (spell.level === 0) {
    if (input.level !== undefined && input.level !== 0) throw new CombatRefusal({ kind: 'cantrip-level', spell: spell.name });
    return 0;
  }
  const pactLevel = input.cost.kind === 'slot' && slots?.pact === true ? slots.levels.find((l) => l.total > 0)?.level : undefined;
  const level = input.level ?? pactLevel ?? spell.level;
  if (!Number.isInteger(level) || level < spell.level || level > MAX_SPELL_LEVEL) {
    throw new CombatRefusal({ kind: 'spell-level-out-of-range', spell: spell.name, lowest: spell.level, max: MAX_SPELL_LEVEL });
  }
  return level;
}

/** The caster after paying for the cast: a slot of `level` spent, or a use of the block's spell counted. */
function paid(caster: Combatant, spell: Spell, cost: CastCost, level: number): Combatant {
  if (cost.kind === 'none' || level === 0) return caster;
  if (cost.kind === 'uses') {
    const link: MonsterLink | null = caster.monster;
    if (link === null) throw new CombatRefusal({ kind: 'no-stat-block', combatant: caster.name });
    const left = link.usesLeft[cost.key] ?? cost.max;
    if (left <= 0) throw new CombatRefusal({ kind: 'spell-used-up', combatant: caster.name, spell: spell.name, perDay: cost.max });
    return { ...caster, monster: { ...link, usesLeft: { ...link.usesLeft, [cost.key]: left - 1 } } };
  }
  const slots = caster.spellSlots;
  const slot = slots?.levels.find((l) => l.level === level);
  if (slots === null || slot === undefined || slot.total === 0) {
    throw new CombatRefusal({ kind: 'no-slots-of-level', combatant: caster.name, level, pact: slots?.pact ?? false });
  }
  if (slot.left === 0) throw new CombatRefusal({ kind: 'no-slot-left', combatant: caster.name, level, total: slot.total });
  return { ...caster, spellSlots: { ...slots, levels: slots.levels.map((l) => (l === slot ? { ...l, left: l.left - 1 } : l)) } };
}

/** The caster as the source of the spell's effects: its numbers, the roll's mode and the spell's own duration. */
function sourceOf(caster: Combatant, spell: Spell, input: CastInput): EffectSource {
  return {
    combatant: caster,
    name: spell.name,
    attackBonus: input.attackBonus,
    dc: input.dc,
    modifier: input.modifier,
    weapon: false,
    bonusReason: input.bonusReason,
    ...(input.mode === undefined ? {} : { mode: input.mode }),
    ...(input.secret === undefined ? {} : { secret: input.secret }),
    ...(input.anyoneMayHarm === undefined ? {} : { anyoneMayHarm: input.anyoneMayHarm }),
    ...(typeof spell.duration === 'object' ? { spellRounds: spell.duration.count * ROUNDS_PER_UNIT[spell.duration.unit] } : {}),
  };
}

/** How the spell is cast, for its numbers: the slot level, the caster's level for a cantrip, the damage type chosen. */
function castAt(level: number, input: CastInput, damageType: DamageType | undefined): CastLevel {
  return { slotLevel: level, characterLevel: input.casterLevel, ...(damageType === undefined ? {} : { damageType }) };
}

/** Whose combatants a player may harm holds for a save or a dart as it does for an attack roll; `doing` words it ("cast Fireball"). */
function requireMayHarmEach(encounter: Encounter, ctx: StepContext, input: CastInput, targets: readonly Combatant[], doing: string): void {
  for (const target of targets) {
    requireMayHarm(ctx.actor, encounter, target, `${doing} on ${target.name}`, input.anyoneMayHarm ?? false);
  }
}

/** As an attack's roll: the game master's secret cast is theirs alone; a player's goes to them and the game master. */
function privacyOf(encounter: Encounter, ctx: StepContext, input: CastInput): { private?: true } {
  return input.secret === true && isGameMaster(ctx.actor, encounter) ? { private: true } : {};
}

/** Whether the spell does anything to a creature the bot can roll or apply. */
function actsOnTargets(effect: Effect): boolean {
  return (
    effect.attack !== undefined ||
    effect.save !== undefined ||
    (effect.damage?.length ?? 0) > 0 ||
    effect.healing !== undefined ||
    effect.tempHp !== undefined ||
    (effect.ends?.length ?? 0) > 0 ||
    effect.killsAtOrBelow !== undefined ||
    (effect.conditions?.length ?? 0) > 0
  );
}

/**
 * Whether the spell does a creature harm, as an attack would: damage, a save against it, a condition
 * but Invisible (Invisibility's gift to an ally), death.
 */
function harms(effect: Effect): boolean {
  return (
    effect.attack !== undefined ||
    effect.save !== undefined ||
    (effect.damage?.length ?? 0) > 0 ||
    (effect.conditions ?? []).some((given) => given.condition !== 'invisible') ||
    effect.killsAtOrBelow !== undefined ||
    effect.burst !== undefined
  );
}

/**
 * A spell cast in the fight: the slot (or the block's use) paid, concentration started where the
 * spell needs it, then each target's attack roll or save against the caster's numbers, the damage of
 * its level, healing and conditions, held up by that concentration. One change: one reply, one log
 * entry, and one undo that gives the slot back.
 */
export function castSpell(encounter: Encounter, ctx: StepContext, input: CastInput): Transition {
  const caster = findTarget(encounter, input.caster);
  requireControl(ctx.actor, encounter, caster, `cast as ${caster.name}`);
  const { spell } = input;
  const level = castLevel(spell, input, caster.spellSlots);
  const effect = effectAtLevel(spell, castAt(level, input, input.damageType));
  const automated = spell.manual !== true && actsOnTargets(effect);
  const uses: Effect[] = automated ? new Array<Effect>(effect.instances ?? 1).fill(effect) : [];
  const targets = input.targets.map((typed) => findTarget(encounter, typed));
  if (automated && targets.length === 0) throw new CombatRefusal({ kind: 'spell-needs-target', spell: spell.name });
  if (automated && harms(effect)) requireMayHarmEach(encounter, ctx, input, targets, `cast ${spell.name}`);
  // An area, or a burst around the one target, takes anyone in it; a spell the bot only announces, as many as its text counts (Bless: three).
  const spread = effect.area !== undefined || effect.burst !== undefined;
  const limit = automated ? targetLimit(uses, spread ? MAX_COMBATANTS : 1) : (effect.targets ?? MAX_COMBATANTS);
  if (targets.length > limit)
    throw new CombatRefusal({ kind: 'action-too-many-targets', action: spell.name, max: limit, given: targets.length });
  const payer = paid(caster, spell, input.cost, level);

  // A condition the caster may choose (Blindness/Deafness) lands as the first the spell names; the reply says which others it offered.
  const chosen = (effect.conditions ?? []).flatMap((given) => (given.or === undefined ? [] : [given.condition, ...given.or]));
  const options = (effect.conditions ?? []).flatMap((given) => given.orOptions ?? []);
  const announce: Link = (state) => {
    const after: Combatant = {
      ...(state.combatants.find((c) => c.id === caster.id) ?? caster),
      spellSlots: payer.spellSlots,
      monster: payer.monster,
    };
    const slot = after.spellSlots?.levels.find((l) => l.level === level);
    return {
      encounter: replaceCombatant(state, after),
      events: [
        {
          kind: 'spell-cast',
          combatant: refOf(after),
          spell: spell.name,
          level,
          spellLevel: spell.level,
          slotsLeft: input.cost.kind === 'slot' && slot !== undefined && level > 0 ? { left: slot.left, total: slot.total } : null,
          automated,
          ...(automated && spell.partial === true ? { partial: true as const } : {}),
          ...(automated && chosen.length > 0 ? { conditionChoice: chosen } : {}),
          ...(automated && options.length > 0 ? { optionChoice: options } : {}),
          ...(spell.ongoing === undefined || spell.manual === true ? {} : { ongoing: 'offered' as const }),
          ...privacyOf(encounter, ctx, input),
        },
      ],
      note: { kind: 'spell-cast', combatant: caster.name, spell: spell.name, level, hidden: caster.hidden, notes: [] },
    };
  };
  const source = sourceOf(caster, spell, input);
  const concentrate: Link[] =
    spell.concentration === true
      ? [
          step(startConcentration, {
            target: caster.id,
            effect: spell.name,
            spellLevel: level,
            ...(input.damageType === undefined ? {} : { damageType: input.damageType }),
          }),
        ]
      : [];
  const unaffected = automated ? (effect.noEffectOn ?? []) : [];
  const spared = targets.flatMap((target) => {
    const type = target.monster?.creatureType;
    return type !== undefined && unaffected.includes(type) ? [{ target, type }] : [];
  });
  const targetIds = [...new Set(targets.filter((t) => !spared.some((s) => s.target === t)).map((t) => t.id))];
  // A typed-in combatant's creature type is unknown: the spell lands, and the game master judges.
  const unknown = unaffected.length === 0 ? [] : targets.filter((t) => t.monster?.creatureType === undefined && !t.rules.isPlayerCharacter);
  const untouched: Link = (state) => ({
    encounter: state,
    events: [
      ...spared.map(({ target, type }) => ({
        kind: 'spell-no-effect' as const,
        combatant: refOf(target),
        spell: spell.name,
        types: [type],
        known: true,
      })),
      ...unknown.map((t) => ({
        kind: 'spell-no-effect' as const,
        combatant: refOf(t),
        spell: spell.name,
        types: unaffected,
        known: false,
      })),
    ],
    note: { kind: 'chain', notes: [] },
  });
  const done = chain(
    announce,
    ...concentrate,
    ...(spared.length + unknown.length > 0 ? [untouched] : []),
    ...(targetIds.length > 0 ? usesOnTargets(source, uses, targetIds) : []),
  )(encounter, ctx);
  // A cast the table was not told of tells it of no concentration either.
  const untold = spell.concentration === true && isSecretChange(done.events);
  const notes = done.note.kind === 'chain' ? done.note.notes.filter((note) => note.kind !== 'spell-cast') : [];
  return {
    ...done,
    ...(untold ? { encounter: concentrationUntold(done.encounter, caster.id) } : {}),
    note: { kind: 'spell-cast', combatant: caster.name, spell: spell.name, level, hidden: caster.hidden, notes },
  };
}

/**
 * What a spell deals later, on its trigger (a creature entering its area or ending its turn there),
 * rolled on the targets without casting it again: no slot spent, no concentration started, the
 * caster's DC and the level it was cast at. A concentration spell deals it only while its caster
 * concentrates on it. One change: one reply, one log entry, one undo.
 */
export function spellOngoing(encounter: Encounter, ctx: StepContext, input: CastInput): Transition {
  const caster = findTarget(encounter, input.caster);
  requireControl(ctx.actor, encounter, caster, `roll ${input.spell.name} as ${caster.name}`);
  const { spell } = input;
  if (spell.ongoing === undefined || spell.manual === true) throw new CombatRefusal({ kind: 'spell-no-ongoing', spell: spell.name });
  const held = concentrationOf(encounter, caster.id);
  if (spell.concentration === true && held?.name !== spell.name)
    throw new CombatRefusal({ kind: 'ongoing-without-concentration', combatant: caster.name, spell: spell.name, on: held?.name ?? null });
  // The level it was cast at and the damage type chosen then, as its concentration on it keeps them, unless the table says otherwise.
  const kept = held?.name === spell.name ? held : undefined;
  const asked = input.level ?? kept?.spellLevel;
  const level = castLevel(spell, { ...input, cost: { kind: 'none' }, ...(asked === undefined ? {} : { level: asked }) }, null);
  const damageType = input.damageType ?? kept?.damageType;
  const ongoing = ongoingAtLevel(spell, castAt(level, input, damageType));
  // Only a spell with no ongoing effect has none at any level, and it was refused above.
  if (ongoing === undefined) throw new CombatRefusal({ kind: 'spell-no-ongoing', spell: spell.name });
  const effect: Effect = {
    damage: ongoing.damage,
    ...(ongoing.save === undefined ? {} : { save: ongoing.save }),
    ...(ongoing.conditions === undefined ? {} : { conditions: ongoing.conditions }),
    // Its conditions last while the concentration does, as the cast's own (Black Tentacles' Restrained).
    ...(spell.concentration === true ? { concentration: true as const } : {}),
  };
  const targets = input.targets.map((typed) => findTarget(encounter, typed));
  if (targets.length === 0) throw new CombatRefusal({ kind: 'spell-needs-target', spell: spell.name });
  requireMayHarmEach(encounter, ctx, input, targets, `roll ${spell.name}`);
  const announce: Link = (state) => ({
    encounter: state,
    events: [
      {
        kind: 'spell-cast',
        combatant: refOf(caster),
        spell: spell.name,
        level,
        spellLevel: spell.level,
        slotsLeft: null,
        automated: true,
        ongoing: 'rolled',
        ...privacyOf(encounter, ctx, input),
      },
    ],
    note: { kind: 'chain', notes: [] },
  });
  const source = sourceOf(caster, spell, input);
  const done = chain(announce, ...usesOnTargets(source, [effect], [...new Set(targets.map((t) => t.id))]))(encounter, ctx);
  const notes = done.note.kind === 'chain' ? done.note.notes : [];
  return {
    ...done,
    note: { kind: 'spell-cast', combatant: caster.name, spell: spell.name, level, hidden: caster.hidden, notes, ongoing: true },
  };
}
