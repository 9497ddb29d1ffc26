import { noteText } from '../../../src/views/change-notes';
import { attack } from '../../../src/combat/attacks';
import { addCondition } from '../../../src/combat/conditions';
import { dealDamage, grantTempHp, heal, likelySource } from '../../../src/combat/hit-points';
import { endEncounter } from '../../../src/combat/lifecycle';
import {
  biggestHit,
  fightEntry,
  recapOf,
  unattributedDamage,
  type CombatantRecap,
  type FightEntry,
  type FightRecord,
} from '../../../src/combat/recap';
import { addMonsters, beginEncounter, joinEncounter, removeCombatant } from '../../../src/combat/roster';
import type { StepContext, Transition } from '../../../src/combat/transition';
import { nextTurn } from '../../../src/combat/turns';
import { refOf } from '../../../src/combat/targets';
import type { Actor, Encounter } from '../../../src/combat/types';
import { alice, bob, ctx, gm, named, noDice, NOW, scripted } from './support';

/** A fight played step by step as the store would log it, one minute a change. */
class Fight {
  encounter: Encounter;
  readonly entries: FightEntry[] = [];

  constructor() {
    const begun = beginEncounter(ctx(gm), {
      id: 'enc-1',
      place: { guildId: 'g', channelId: 'c' },
      name: 'The crypt',
      ruleSet: 'dnd2024',
      options: { autoDeathSaves: false },
    });
    this.encounter = begun.encounter;
    this.log(gm, begun);
  }

  private log(actor: Actor, transition: Transition): void {
    this.entries.push(
      fightEntry(
        actor,
        { ...transition, command: 'recap example', detail: noteText(transition.note) },
        new Date(NOW.getTime() + this.entries.length * 60_000),
      ),
    );
  }

  by<Input extends unknown[]>(actor: Actor, step: (e: Encounter, c: StepContext, ...input: Input) => Transition, ...input: Input): this {
    const transition = step(this.encounter, ctx(actor), ...input);
    this.encounter = transition.encounter;
    this.log(actor, transition);
    return this;
  }

  /** The last change, as a later undo marks it. */
  undoLast(): this {
    const last = this.entries[this.entries.length - 1];
    if (last) last.undone = true;
    return this;
  }

  record(): FightRecord {
    return { encounter: this.encounter, entries: this.entries };
  }
}

/**
 * Ghoul (20 HP, initiative 10), a hidden Shade resistant to fire (30 HP, 5) and Alice (20 HP, 15);
 * death saves by button, so no dice roll anywhere.
 */
function crypt(): Fight {
  return new Fight()
    .by(gm, addMonsters, { name: 'Ghoul', hp: 20, ac: 12, initiative: 10 })
    .by(gm, addMonsters, { name: 'Shade', hp: 30, ac: 13, initiative: 5, hidden: true, resist: ['fire'] })
    .by(alice, joinEncounter, { name: 'Alice', hp: 20, ac: 14, initiative: 15 });
}

function row(record: FightRecord, name: string): Omit<CombatantRecap, 'combatant'> & { name: string } {
  const found = recapOf(record).combatants.find((r) => r.combatant.name === name);
  if (found === undefined) throw new Error(`${name} is not in the recap`);
  const { combatant, ...numbers } = found;
  return { name: combatant.name, ...numbers };
}

/** Damage to a dead combatant as the log kept it before `/hp damage` refused it: the damage, and no consequence. */
function damageLoggedOnTheDead(encounter: Encounter, c: StepContext, target: string, amount: number): Transition {
  const dead = named(encounter, target);
  const source = encounter.combatants.find((x) => x.controllerId === c.actor.userId) ?? null;
  return {
    encounter,
    events: [
      {
        kind: 'damage-taken',
        combatant: refOf(dead),
        source: source === null ? null : refOf(source),
        amount,
        damageType: null,
        critical: null,
      },
    ],
    note: { kind: 'damage', combatant: dead.name, damage: { parts: [], critical: false, total: amount, taken: amount } },
  };
}

describe('the recap of a fight', () => {
  const fight = crypt()
    .by(gm, nextTurn) // round 1: Alice
    .by(alice, dealDamage, { target: 'Ghoul', amount: '9', critical: true }) // a plain number: 9 counts as the critical's total
    .by(gm, dealDamage, { target: 'Shade', amount: '10', type: 'fire' }) // on Alice's turn: hers, halved to 5
    .by(alice, dealDamage, { target: 'Shade', amount: '7' })
    .undoLast() // undone: counts for nothing
    .by(gm, nextTurn) // Ghoul
    .by(gm, dealDamage, { target: 'Alice', amount: '6' })
    .by(gm, nextTurn) // Shade
    .by(gm, dealDamage, { target: 'Alice', amount: '15', type: 'necrotic' }) // 14 HP left: down, Unconscious
    .by(gm, nextTurn) // round 2: Alice
    .by(alice, heal, { target: 'Alice', amount: '4' })
    .by(alice, grantTempHp, { target: 'Alice', amount: '5' })
    .by(alice, dealDamage, { target: 'Ghoul', amount: '12' }) // 9 + 12 > 20: it dies, Alice's kill
    .by(alice, damageLoggedOnTheDead, 'Ghoul', 3) // as fights logged it before such damage was refused: the dead take nothing
    .by(gm, addCondition, { target: 'Shade', condition: 'Poisoned' }) // hidden and not shown: the game master's
    .by(gm, nextTurn) // Shade (the dead Ghoul is skipped)
    .by(gm, dealDamage, { target: 'Alice', amount: '8' }) // 5 absorbed by temporary HP, 3 from HP
    .by(gm, endEncounter);
  const record = fight.record();

  test.each([
    ['Alice', { damageDealt: 26, damageTaken: 29, healing: 4, criticalHits: 1, droppedToZero: 1, kills: 1 }],
    ['Ghoul', { damageDealt: 6, damageTaken: 21, healing: 0, criticalHits: 0, droppedToZero: 1, kills: 0 }],
    ['Shade', { damageDealt: 23, damageTaken: 5, healing: 0, criticalHits: 0, droppedToZero: 0, kills: 0 }],
  ])('%s', (name, numbers) => {
    expect(row(record, name)).toMatchObject({ name, ...numbers });
  });

  test("damage to the hidden Shade as the table was told it too: Alice's 10 fire, which its resistance halved", () => {
    expect([row(record, 'Alice').damageDealt, row(record, 'Alice').damageDealtAsTold]).toEqual([26, 31]);
    expect(row(record, 'Shade').damageDealtAsTold).toBe(23);
    const toShade = recapOf(record).hits.find((hit) => hit.target.name === 'Shade');
    expect(toShade).toMatchObject({ amount: 5, amountAsTold: 10 });
    const told = biggestHit([...recapOf(record).hits.filter((hit) => hit.target.name === 'Shade')], true);
    expect(told).toMatchObject({ source: { name: 'Alice' }, amount: 10 });
  });

  test('conditions each once, in order; the private one of a hidden monster marked so', () => {
    expect(row(record, 'Alice').conditions).toEqual([{ name: 'Unconscious', private: false }]);
    expect(row(record, 'Shade').conditions).toEqual([{ name: 'Poisoned', private: true }]);
    expect(row(record, 'Ghoul').conditions).toEqual([]);
  });

  test('rounds, real time from round 1 to the end, and the hits in order', () => {
    const recap = recapOf(record);
    expect(recap.rounds).toBe(2);
    // Round 1 started with the 5th change (minute 4), the end is stamped by the step at NOW.
    expect(recap.startedAt).toEqual(new Date(NOW.getTime() + 4 * 60_000));
    expect(recap.endedAt).toEqual(NOW);
    expect(recap.hits.map((h) => `${h.source?.name ?? '?'}>${h.target.name} ${h.amount}${h.critical ? '!' : ''}`)).toEqual([
      'Alice>Ghoul 9!',
      'Alice>Shade 5',
      'Ghoul>Alice 6',
      'Shade>Alice 15',
      'Alice>Ghoul 12',
      'Shade>Alice 8',
    ]);
  });

  test("the biggest hit: the hidden Shade's 15 for the game master, Alice's 12 for the players", () => {
    const { hits } = recapOf(record);
    expect(biggestHit(hits)).toMatchObject({ source: { name: 'Shade' }, target: { name: 'Alice' }, amount: 15, damageType: 'necrotic' });
    expect(biggestHit(hits, true)).toMatchObject({ source: { name: 'Alice' }, target: { name: 'Ghoul' }, amount: 12 });
    expect(unattributedDamage(hits)).toBe(0);
  });

  test('a combatant removed during the fight keeps its numbers; damage before round 1 has no dealer', () => {
    const early = crypt()
      .by(gm, dealDamage, { target: 'Ghoul', amount: '4' })
      .by(gm, nextTurn)
      .by(alice, dealDamage, { target: 'Ghoul', amount: '5' })
      .by(gm, removeCombatant, 'Ghoul')
      .record();
    const recap = recapOf(early);
    expect(recap.combatants.map((r) => r.combatant.name)).toEqual(['Alice', 'Shade', 'Ghoul']);
    expect(row(early, 'Ghoul')).toMatchObject({ damageTaken: 9 });
    expect(row(early, 'Alice')).toMatchObject({ damageDealt: 5 });
    expect(unattributedDamage(recap.hits)).toBe(4);
    expect(recap.rounds).toBe(1);
  });

  test("Next's failed death save hurts: taken, dealt by nobody, and no hit", () => {
    const dying = crypt().record();
    const alice = dying.encounter.combatants.find((c) => c.name === 'Alice');
    if (alice === undefined) throw new Error('no Alice');
    const save = { kind: 'death-save' as const, combatant: refOf(alice), roll: 4, total: 4, outcome: 'failure' as const, damage: 5 };
    const last = dying.entries[dying.entries.length - 1] as FightEntry;
    const record = { ...dying, entries: [...dying.entries, { ...last, events: [save] }] };
    expect(row(record, 'Alice')).toMatchObject({ damageTaken: 5, damageDealt: 0 });
    expect(recapOf(record).hits).toEqual([]);
  });

  test('changes logged before events were kept count for nothing, and a fight with no round lasts from its begin', () => {
    const old = crypt().record();
    const recap = recapOf({ ...old, entries: old.entries.map((e) => ({ ...e, events: [] })) });
    expect(recap.combatants.map((r) => r.combatant.name)).toEqual(['Alice', 'Ghoul', 'Shade']);
    expect(recap.hits).toEqual([]);
    expect(recap.startedAt).toEqual(old.encounter.createdAt);
  });
});

describe('who dealt damage nobody named', () => {
  const table = crypt().by(bob, joinEncounter, { name: 'Bob', hp: 10, initiative: 1 }).by(gm, nextTurn).encounter; // Alice's turn

  test.each([
    ['a player reports a hit: their own combatant, also off their turn', bob, 'Ghoul', 'Bob'],
    ['the game master reports a hit: whoever has the turn', gm, 'Ghoul', 'Alice'],
    ['damage to the one whose turn it is, reported by the game master: nobody', gm, 'Alice', null],
    ['a player damaging their own combatant: nobody', bob, 'Bob', null],
  ])('%s', (_, actor, target, dealer) => {
    expect(likelySource(table, actor, named(table, target))?.name ?? null).toBe(dealer);
  });

  test("an /attack's hit is its attacker's, whoever's turn it is: a critical hit and a kill for the Shade", () => {
    // The game master attacks with the Shade on Alice's turn: a natural 20 (crit) of 2d6 dice rolled 6, 6, 6, 6.
    const record = new Fight();
    record.encounter = table;
    record.by(gm, (e, c) =>
      attack(
        e,
        { ...c, random: scripted(20, 6, 6, 6, 6) },
        {
          target: 'Ghoul',
          attacker: 'Shade',
          bonus: { parts: [{ bonus: 5, reason: 'attack bonus' }] },
          damage: '2d6',
          weapon: true,
          reach: 'melee',
        },
      ),
    );
    expect(row(record.record(), 'Shade')).toMatchObject({ damageDealt: 24, criticalHits: 1, kills: 1 });
    expect(row(record.record(), 'Alice')).toMatchObject({ damageDealt: 0 });
  });

  test('an attack names its attacker, which wins over the guess', () => {
    const hit = dealDamage(table, ctx(gm, noDice), { target: 'Alice', amount: '3', source: 'Shade' });
    expect(hit.events.find((e) => e.kind === 'damage-taken')).toMatchObject({ source: { name: 'Shade' } });
  });
});
