import { rulesRefusalText } from '../../../src/views/refusals';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { attack } from '../../../src/combat/attacks';
import { addCondition } from '../../../src/combat/conditions';
import { CombatRefusal, type Refusal } from '../../../src/combat/refusals';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { useReaction } from '../../../src/combat/turn-actions';
import { replaceCombatant } from '../../../src/combat/transition';
import type { Encounter } from '../../../src/combat/types';
import {
  createRulesState,
  getRuleSet,
  RULESET_IDS,
  type CombatantRulesState,
  type ConditionKey,
  type D20TestRequest,
  type Mechanics,
  type RuleSet,
  type RuleSetId,
  type RollSelector,
  type TrackDefinition,
  type TrackLevel,
} from '../../../src/rules';
import { alice, ctx, fresh, gm, named, noDice, scripted } from '../combat/support';

/**
 * Issue 22: every consequence a condition or level carries in a rule set's catalogue is either applied
 * by the command it concerns, which this walk checks by running it, or listed as not applied in
 * docs/rulesets.md ("What the catalogues say that no command applies"). A new field of `Mechanics`
 * without a probe here does not compile; a new note without its line in the page fails.
 */

// ---------------------------------------------------------------------------------------------
// What docs/rulesets.md lists as not applied
// ---------------------------------------------------------------------------------------------

const DOC = fs.readFileSync(path.join(__dirname, '../../../docs/rulesets.md'), 'utf8');

interface Listed {
  /** The "Every rule set" rows, by the consequence they name ("Speed", "Can't move"). */
  everywhere: Set<string>;
  /** Per rule set: "Condition or level: note" for each row of its table. */
  bySet: Map<RuleSetId, Set<string>>;
}

/** The tables' header and divider rows, which list nothing. */
const HEADERS = ['Consequence', 'Condition or level', '---'];

function listedInDoc(): Listed {
  const start = DOC.indexOf('## What the catalogues say that no command applies');
  const end = DOC.indexOf('\n## ', start + 1);
  const section = DOC.slice(start, end < 0 ? undefined : end);
  const listed: Listed = { everywhere: new Set(), bySet: new Map() };
  let sets: RuleSetId[] | 'everywhere' = [];
  for (const line of section.split('\n')) {
    if (line.startsWith('### ')) {
      sets = line.includes('Every rule set') ? 'everywhere' : RULESET_IDS.filter((id) => line.includes(`\`${id}\``));
      continue;
    }
    const cells = /^\| (.+?) \| (.+) \|$/.exec(line);
    if (cells === null || cells[1] === undefined || cells[2] === undefined || HEADERS.includes(cells[1])) continue;
    if (sets === 'everywhere') listed.everywhere.add(cells[1].replace(/ \(.*$/, ''));
    else for (const id of sets) listed.bySet.set(id, (listed.bySet.get(id) ?? new Set()).add(`${cells[1]}: ${cells[2]}`));
  }
  return listed;
}

const LISTED = listedInDoc();

// ---------------------------------------------------------------------------------------------
// Probes: each runs the code path a consequence concerns and says what it did not find
// ---------------------------------------------------------------------------------------------

/** A condition or a track level, in the state that has it (and what it implies) and nothing else. */
interface Subject {
  ruleSet: RuleSet;
  /** "Paralyzed", "Exhaustion 3": the name its consequences give as their reason. */
  name: string;
  key: ConditionKey | null;
  state: CombatantRulesState;
  mechanics: Partial<Mechanics> & TrackLevel['mechanics'];
}

type Probe<T> = (subject: Subject, value: NonNullable<T>) => string[];

const fail = (ok: boolean, what: string): string[] => (ok ? [] : [what]);

function listedEverywhere(consequence: string): string[] {
  return fail(LISTED.everywhere.has(consequence), `"${consequence}" is not applied and not listed under "Every rule set"`);
}

/** A request the selector matches: its first kind and ability, its range and sense. */
function requestFor(on: RollSelector): D20TestRequest {
  const kind = on.kinds[0];
  const base: D20TestRequest =
    kind === 'initiative'
      ? { kind: 'check', ability: 'dex', initiative: true }
      : kind === 'concentration'
        ? { kind: 'save', ability: 'con', concentration: true }
        : kind === 'death-save'
          ? { kind: 'save', deathSave: true }
          : { kind: kind ?? 'check' };
  return {
    ...base,
    ...(on.abilities?.[0] === undefined ? {} : { ability: on.abilities[0] }),
    ...(on.range === undefined ? {} : { range: on.range }),
    ...(on.needs === undefined ? {} : { needs: on.needs }),
    targetIsSourceOf: [],
  };
}

/** Alice in a fight of the subject's rule set, in the subject's state, beside a Goblin (AC 13). */
function fightWith(subject: Subject): Encounter {
  const id = subject.ruleSet.id;
  let encounter = joinEncounter(fresh(id), ctx(alice, noDice, id), { hp: 40, ac: 14, initiative: 18 }).encounter;
  encounter = addMonsters(encounter, ctx(gm, noDice, id), { name: 'Goblin', hp: 30, ac: 13, initiative: 12 }).encounter;
  const holder = named(encounter, 'Alice');
  return replaceCombatant(encounter, { ...holder, rules: { ...holder.rules, ...subject.state, hp: 40, maxHp: 40 } });
}

function refusalOf(run: () => unknown): Refusal | null {
  try {
    run();
  } catch (error) {
    if (error instanceof CombatRefusal) return error.refusal;
    throw error;
  }
  return null;
}

const SWORD = { target: 'Goblin', bonus: { parts: [] }, damage: '1', weapon: true, reach: 'melee' } as const;

/** Damage to the subject: 10 of a type, from a dealer in no state, with every die showing `face`. */
function damaged(subject: Subject, type: Parameters<RuleSet['applyDamage']>[1]['type'], face = 3): number {
  const state = { ...subject.state, hp: 40, maxHp: 40 };
  return 40 - subject.ruleSet.applyDamage(state, { amount: 10, type }, { die: () => face }).state.hp;
}

const MECHANICS_PROBES: { [K in keyof Mechanics]-?: Probe<Mechanics[K]> } = {
  own: ({ ruleSet, name, state }, effects) =>
    effects.flatMap((own) => {
      const mods = ruleSet.d20Test(state, requestFor(own.on));
      const effect = own.effect;
      const applied =
        effect === 'advantage'
          ? mods.advantage.includes(name)
          : effect === 'disadvantage'
            ? mods.disadvantage.includes(name)
            : effect === 'auto-fail'
              ? mods.autoFail === name
              : mods.terms.some((t) => t.reason === name && t.term.sign * t.term.count === effect.bonus);
      return fail(applied, `${JSON.stringify(own)} is not applied to a d20 test`);
    }),
  against: ({ ruleSet, name, state }, effects) =>
    effects.flatMap((against) => {
      const distance = against.within ?? (against.beyond === undefined ? 5 : against.beyond + 5);
      const mods = ruleSet.attackAgainst(state, { range: against.range ?? 'melee', distance, attackerSeesTarget: false });
      const list = against.effect === 'advantage' ? mods.advantage : mods.disadvantage;
      return fail(list.includes(name), `${JSON.stringify(against)} is not applied to attacks against it`);
    }),
  speed: ({ ruleSet, state }) => [...fail(ruleSet.speed(state, 30) !== 30, 'its speed is not computed'), ...listedEverywhere('Speed')],
  noActions: (subject, on) => {
    if (!on) return [];
    const refusal = refusalOf(() => attack(fightWith(subject), ctx(alice, noDice, subject.ruleSet.id), SWORD));
    return fail(
      refusal?.kind === 'cannot-attack' && refusal.condition === subject.name,
      `/attack is not refused for having no actions (${JSON.stringify(refusal)})`,
    );
  },
  cantMove: (subject, on) =>
    on
      ? [...fail(!subject.ruleSet.dodge(subject.state).ok, 'the Dodge still helps one that cannot move'), ...listedEverywhere("Can't move")]
      : [],
  cantSpeak: (_subject, on) => (on ? listedEverywhere("Can't speak") : []),
  noReactions: (subject, on) => {
    if (!on) return [];
    const refusal = refusalOf(() => useReaction(fightWith(subject), ctx(gm, noDice, subject.ruleSet.id), { target: 'Alice' }));
    return fail(
      refusal?.kind === 'reaction-stopped' && refusal.stoppedBy.kind === 'condition',
      `/init react is not refused (${JSON.stringify(refusal)})`,
    );
  },
  noAttacksOnSource: (subject, on) => {
    if (!on) return [];
    const id = subject.ruleSet.id;
    const fromGoblin = addCondition(fightWith(subject), ctx(gm, noDice, id), {
      target: 'Alice',
      condition: subject.name,
      source: 'Goblin',
    });
    const refusal = refusalOf(() => attack(fromGoblin.encounter, ctx(alice, noDice, id), SWORD));
    return fail(refusal?.kind === 'cannot-attack-source', `/attack on its source is not refused (${JSON.stringify(refusal)})`);
  },
  implies: ({ state }, keys) => keys.flatMap((key) => fail(state.conditions.includes(key), `it does not bring ${key}`)),
  leavesBehind: ({ ruleSet, key, state }, keys) =>
    key === null
      ? []
      : keys.flatMap((left) =>
          fail(ruleSet.removeCondition(state, key).state.conditions.includes(left), `${left} does not stay when it ends`),
        ),
  immuneTo: ({ ruleSet, state }, keys) =>
    keys
      .filter((key) => ruleSet.condition(key) !== undefined)
      .flatMap((key) => {
        const added = ruleSet.addCondition(state, key);
        return fail(
          added.ok && !added.value.state.conditions.includes(key) && !state.conditions.includes(key),
          `it does not keep ${key} away`,
        );
      }),
  damageImmunities: (subject, types) => types.flatMap((type) => fail(damaged(subject, type) === 0, `${type} damage still hurts it`)),
  resistAllDamage: (subject, on) =>
    on
      ? [
          ...fail(damaged(subject, 'fire') === 5, 'typed damage is not halved'),
          ...fail(damaged(subject, null) === 5, 'untyped damage is not halved'),
        ]
      : [],
  halfDamageAcross: (subject, across) => [
    ...fail(damaged(subject, 'fire') === 5, 'damage from across the boundary is not halved'),
    ...across.except.flatMap((type) => fail(damaged(subject, type) === 10, `${type} damage is halved`)),
  ],
  damageReductionDie: (subject) => fail(damaged(subject, 'fire', 3) === 7, 'a die is not taken off its damage'),
  breaksConcentration: ({ state }, on) => (on ? fail(state.concentration === null, 'it does not end concentration') : []),
  autoCriticalWithin5ft: ({ ruleSet, name, state }, on) =>
    on ? fail(ruleSet.attackAgainst(state, { range: 'melee', distance: 5 }).autoCritical === name, 'a hit from 5 ft is not critical') : [],
  acBonus: ({ ruleSet, state }, bonus) =>
    bonus === 0 ? [] : fail(ruleSet.attackAgainst(state, { range: 'melee', distance: 5 }).acBonus === bonus, 'its AC does not change'),
  notes: ({ ruleSet, name }, notes) =>
    notes.flatMap((note) =>
      fail(LISTED.bySet.get(ruleSet.id)?.has(`${name}: ${note}`) === true, `"${note}" is not applied and not listed for ${ruleSet.id}`),
    ),
};

const LEVEL_PROBES: { [K in 'maxHpHalved' | 'hitDiceHalved']-?: Probe<TrackLevel['mechanics'][K]> } = {
  maxHpHalved: ({ ruleSet, state }, on) => (on ? fail(ruleSet.maxHp({ ...state, maxHp: 40 }) === 20, 'the HP maximum is not halved') : []),
  hitDiceHalved: ({ ruleSet, state }, on) => {
    if (!on) return [];
    const rest = ruleSet.shortRest(
      { ...state, hp: 5, hitDice: [{ sides: 8, total: 4, remaining: 4 }] },
      { spend: [{ sides: 8, count: 3 }] },
      scripted(1, 1, 1),
    );
    return fail(!rest.ok, 'more than half the Hit Dice can be spent');
  },
};

function walk(subject: Subject): string[] {
  const found: string[] = [];
  for (const [field, value] of Object.entries(subject.mechanics)) {
    if (value === null || value === undefined || value === false || value === 0 || (Array.isArray(value) && value.length === 0)) continue;
    const probe = (MECHANICS_PROBES as Record<string, Probe<unknown>>)[field] ?? (LEVEL_PROBES as Record<string, Probe<unknown>>)[field];
    if (probe === undefined) {
      found.push(`no probe knows ${field}`);
      continue;
    }
    found.push(...probe(subject, value));
  }
  return found.map((what) => `${subject.name}: ${what}`);
}

// ---------------------------------------------------------------------------------------------
// The walk
// ---------------------------------------------------------------------------------------------

function conditionSubjects(ruleSet: RuleSet): Subject[] {
  return ruleSet.conditions.map((def) => {
    const added = ruleSet.addCondition(createRulesState({ hp: 40, maxHp: 40, concentration: 'Bless' }), def.key);
    if (!added.ok) throw new Error(rulesRefusalText(added.reason));
    return { ruleSet, name: def.name, key: def.key, state: added.value.state, mechanics: def.mechanics };
  });
}

function levelSubjects(ruleSet: RuleSet, track: TrackDefinition): Subject[] {
  return track.levels.map((level) => ({
    ruleSet,
    name: `${track.name} ${level.level}`,
    key: null,
    state: createRulesState({ hp: 40, maxHp: 40, tracks: { exhaustion: 0, fatigue: 0, strife: 0, [track.key]: level.level } }),
    mechanics: level.mechanics,
  }));
}

describe('every consequence in every catalogue is applied by the command it concerns, or listed as not applied in docs/rulesets.md', () => {
  describe.each(RULESET_IDS)('%s', (id) => {
    const ruleSet = getRuleSet(id);

    it.each(conditionSubjects(ruleSet).map((s) => [s.name, s] as const))('%s', (_name, subject) => {
      expect(walk(subject)).toEqual([]);
    });

    const levels = ruleSet.tracks.flatMap((t) => levelSubjects(ruleSet, t)).map((s) => [s.name, s] as const);
    // Next has no level track.
    const tracks = ruleSet.tracks.map((t) => [t.name, t] as const);
    if (levels.length === 0 || tracks.length === 0) return;

    it.each(levels)('%s', (_name, subject) => {
      expect(walk(subject)).toEqual([]);
    });

    it.each(tracks)('%s: its penalties per level and its last level', (_name, track) => {
      const top = levelSubjects(ruleSet, track).at(-1)!;
      const found: string[] = [];
      const one = levelSubjects(ruleSet, track)[0]!;
      if (track.d20PenaltyPerLevel > 0)
        found.push(
          ...fail(
            ruleSet.d20Test(one.state, { kind: 'save', ability: 'dex' }).bonus === -track.d20PenaltyPerLevel,
            'the d20 penalty is not applied',
          ),
        );
      if (track.speedPenaltyPerLevel > 0)
        found.push(
          ...fail(ruleSet.speed(one.state, 30) === 30 - track.speedPenaltyPerLevel, 'the speed penalty is not computed'),
          ...listedEverywhere('Speed'),
        );
      const reached = ruleSet.setTrack(createRulesState(), track.key, track.maxLevel);
      if (!reached.ok) throw new Error(rulesRefusalText(reached.reason));
      if (track.atMax === 'death') found.push(...fail(reached.value.state.dead, 'its last level does not kill'));
      if (track.atMax === 'doomed') found.push(...fail(reached.value.state.conditions.includes('doomed'), 'its last level does not doom'));
      if (track.atMax === 'permanent') found.push(...fail((top.mechanics.notes ?? []).length > 0, 'its last level says nothing'));
      expect(found).toEqual([]);
    });
  });

  it('lists nothing the catalogues no longer say, so the page never claims a rule is left out that is applied', () => {
    for (const id of RULESET_IDS) {
      const ruleSet = getRuleSet(id);
      const said = new Set([
        ...ruleSet.conditions.flatMap((c) => c.mechanics.notes.map((note) => `${c.name}: ${note}`)),
        ...ruleSet.tracks.flatMap((t) => t.levels.flatMap((l) => (l.mechanics.notes ?? []).map((note) => `${t.name} ${l.level}: ${note}`))),
      ]);
      expect([...(LISTED.bySet.get(id) ?? [])].filter((line) => !said.has(line))).toEqual([]);
    }
  });

  it('fails on a note that is neither applied nor listed', () => {
    const ruleSet = getRuleSet('dnd2024');
    const [charmed] = conditionSubjects(ruleSet).filter((s) => s.key === 'charmed');
    const invented = { ...charmed!, mechanics: { ...charmed!.mechanics, notes: ['glows faintly'] } };
    expect(walk(invented)).toEqual(['Charmed: "glows faintly" is not applied and not listed for dnd2024']);
  });
});
