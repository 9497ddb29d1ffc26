/**
 * `npm run recap:example [-- OUT.png]`: plays a sample fight through the encounter steps (seeded
 * dice, no database) and writes the chart its recap attaches, by default to docs/recap-example.png,
 * the picture docs/encounters.md shows. Prints the recap as the console would.
 */
import { noteText } from '../src/views/change-notes';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fightEntry, type FightEntry } from '../src/combat/recap';
import {
  addCondition,
  addMonsters,
  dealDamage,
  endEncounter,
  grantTempHp,
  heal,
  joinEncounter,
  nextTurn,
  startConcentration,
} from '../src/combat/steps';
import { beginEncounter } from '../src/combat/roster';
import type { StepContext, Transition } from '../src/combat/transition';
import type { Actor, Encounter } from '../src/combat/types';
import { createSeededRandom } from '../src/dice';
import { getRuleSet } from '../src/rules';
import { renderReplyText } from '../src/transports/console-render';
import { recapReply } from '../src/views/recap';

const random = createSeededRandom(7);
const start = new Date('2026-11-22T20:00:00Z');
const gm: Actor = { userId: 'gm', name: 'Gina', canManageChannel: false };
const players: Record<string, Actor> = {
  Brannoc: { userId: 'p1', name: 'Bea', canManageChannel: false },
  Elara: { userId: 'p2', name: 'Cal', canManageChannel: false },
  Tamsin: { userId: 'p3', name: 'Dee', canManageChannel: false },
};

const entries: FightEntry[] = [];
let clock = start.getTime();

function context(actor: Actor): StepContext {
  // Forty seconds a change: about what a table takes.
  clock += 40_000;
  return { actor, ruleSet: getRuleSet('dnd2024'), random, now: new Date(clock) };
}

function log(actor: Actor, transition: Transition): Encounter {
  entries.push(fightEntry(actor, { ...transition, command: 'recap example', detail: noteText(transition.note) }, new Date(clock)));
  return transition.encounter;
}

function by<Input extends unknown[]>(
  actor: Actor,
  step: (e: Encounter, c: StepContext, ...input: Input) => Transition,
  ...input: Input
): void {
  encounter = log(actor, step(encounter, context(actor), ...input));
}

const player = (name: string): Actor => players[name] ?? gm;

let encounter = log(
  gm,
  beginEncounter(context(gm), {
    id: 'example',
    place: { guildId: 'g', channelId: 'c' },
    name: 'Ambush at the ford',
    ruleSet: 'dnd2024',
    options: { autoDeathSaves: true },
  }),
);
by(gm, addMonsters, { name: 'Bandit', hp: 11, ac: 12, count: 3, initiative: 12 });
by(gm, addMonsters, { name: 'Bandit captain', hp: 65, ac: 15, initiative: 14, saves: { con: 2 } });
by(player('Brannoc'), joinEncounter, { name: 'Brannoc', hp: 44, ac: 18, initiative: 16, conSave: 5 });
by(player('Elara'), joinEncounter, { name: 'Elara', hp: 27, ac: 12, initiative: 13, conSave: 2 });
by(player('Tamsin'), joinEncounter, { name: 'Tamsin', hp: 33, ac: 15, initiative: 19, conSave: 1 });

const turns: [string, () => void][] = [
  ['Tamsin', () => by(player('Tamsin'), dealDamage, { target: 'Bandit 1', amount: '1d6+4 [piercing] + 3d6 [piercing]', critical: true })],
  ['Brannoc', () => by(player('Brannoc'), dealDamage, { target: 'Bandit captain', amount: '2d6+4 [slashing]' })],
  ['Bandit captain', () => by(gm, dealDamage, { target: 'Brannoc', amount: '1d6+3 [slashing] + 1d6+3 [slashing]' })],
  [
    'Elara',
    () => {
      by(player('Elara'), startConcentration, { target: 'Elara', effect: 'Hold Person' });
      by(player('Elara'), addCondition, { target: 'Bandit captain', condition: 'Paralyzed', source: 'Elara' });
    },
  ],
  [
    'Bandit 2',
    () => {
      by(gm, dealDamage, { target: 'Elara', amount: '1d8+1 [piercing]' });
      by(gm, dealDamage, { target: 'Elara', amount: '1d8+1 [piercing]', source: 'Bandit 3' });
    },
  ],
  [
    'Tamsin',
    () => by(player('Tamsin'), dealDamage, { target: 'Bandit captain', amount: '1d6+4 [piercing] + 3d6 [piercing]', critical: true }),
  ],
  ['Brannoc', () => by(player('Brannoc'), dealDamage, { target: 'Bandit captain', amount: '2d6+4 [slashing]', critical: true })],
  ['Bandit captain', () => undefined],
  ['Elara', () => by(player('Elara'), dealDamage, { target: 'Bandit 2', amount: '3d10 [fire]' })],
  ['Bandit 3', () => by(gm, dealDamage, { target: 'Elara', amount: '1d8+1 [piercing]' })],
  [
    'Tamsin',
    () => {
      by(player('Tamsin'), heal, { target: 'Elara', amount: '2d4+2' });
      by(player('Tamsin'), dealDamage, { target: 'Bandit 3', amount: '1d6+4 [piercing] + 3d6 [piercing]' });
    },
  ],
  ['Brannoc', () => by(player('Brannoc'), dealDamage, { target: 'Bandit captain', amount: '2d6+4 [slashing]' })],
  ['Bandit captain', () => by(player('Brannoc'), grantTempHp, { target: 'Brannoc', amount: '8' })],
  ['Elara', () => by(player('Elara'), dealDamage, { target: 'Bandit captain', amount: '3d10 [fire]' })],
];

for (const [whose, act] of turns) {
  for (let guard = 0; guard < 10 && encounter.combatants.find((c) => c.id === encounter.currentId)?.name !== whose; guard += 1) {
    by(gm, nextTurn);
  }
  act();
}
by(gm, endEncounter);

void recapReply({ encounter, entries }, 'game-master').then((reply) => {
  const out = process.argv[2] ?? path.join(__dirname, '..', 'docs', 'recap-example.png');
  const chart = reply.files?.[0];
  if (chart === undefined) throw new Error('the sample fight drew no chart');
  writeFileSync(out, chart.data);
  process.stdout.write(`${renderReplyText(reply)}\nwrote ${out}\n`);
});
