import { command as conditionCommand } from '../../../commands/condition';
import { addCondition, MAX_EFFECTS_PER_COMBATANT, MAX_EFFECTS_PER_ENCOUNTER } from '../../../src/combat/conditions';
import { startConcentration, dropConcentration } from '../../../src/combat/concentration';
import { endEncounter } from '../../../src/combat/lifecycle';
import { fightEntry } from '../../../src/combat/recap';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { turnChecklist } from '../../../src/combat/checklist';
import { nextTurn } from '../../../src/combat/turns';
import { useReaction } from '../../../src/combat/turn-actions';
import type { EncounterService } from '../../../src/combat/service';
import type { Actor, Encounter } from '../../../src/combat/types';
import { MAX_COMBATANTS, NAME_MAX_LENGTH } from '../../../src/combat/types';
import { MODIFIER_LIMITS } from '../../../src/rules/modifiers';
import { DAMAGE_TYPES } from '../../../src/rules/types';
import { conditionListReply } from '../../../src/views/condition-list';
import { embedLength, EMBED_LIMITS } from '../../../src/views/embeds';
import { logReply } from '../../../src/views/encounter-log';
import { resultReply } from '../../../src/views/encounter-replies';
import { summaryEmbed } from '../../../src/views/encounter-summary';
import { recapParts, recapReply } from '../../../src/views/recap';
import type { Reply } from '../../../src/views/reply';
import { trackerEmbed, trackerMessage } from '../../../src/views/tracker';
import { checklistReply } from '../../../src/views/turn-checklist';
import { noteText } from '../../../src/views/change-notes';
import { unitContext } from '../commands/context';
import { embedLimitViolations } from '../../support/embed-limits';
import { createSeededRandom } from '../../../src/dice/seeded';
import { ctx as plainCtx, fresh, gm, refusalOf } from '../combat/support';

const dice = createSeededRandom(7);
const ctx = (actor: Actor) => plainCtx(actor, dice);

/** A name of exactly `length` characters that ends in `tag`, with Markdown to escape on the way. */
function long(tag: string, length = NAME_MAX_LENGTH): string {
  return `${'*_'.repeat(length)}`.slice(0, length - tag.length) + tag;
}

/** Every way a reply breaks Discord's limits: each embed's, the 6,000 they share, 10 embeds, 2,000 of content. */
function violations(what: string, reply: Reply): string[] {
  const embeds = reply.embeds ?? [];
  const problems = embeds.flatMap((embed) => embedLimitViolations(embed).map((p) => `${what}: ${p}`));
  const total = embeds.reduce((sum, embed) => sum + embedLength(embed), 0);
  if (total > EMBED_LIMITS.total) problems.push(`${what}: ${total} characters in all embeds`);
  if (embeds.length > 10) problems.push(`${what}: ${embeds.length} embeds`);
  if ((reply.content ?? '').length > 2000) problems.push(`${what}: content of ${reply.content?.length} characters`);
  return problems;
}

/**
 * The largest fight the caps allow: 50 combatants with the longest names, concentrating on the longest
 * spell, each reaction noted at its longest; 300 effects (20 on each of 15 combatants), each with the
 * longest name, a note, a duration, a repeat save and 12 modifiers, half of them kept up by concentration.
 */
function largestFight(): Encounter {
  let encounter = fresh('dnd2024');
  const players = 10;
  for (let i = 0; i < players; i += 1) {
    const player: Actor = { userId: `p${i}`, name: `Player ${i}`, canManageChannel: false };
    encounter = joinEncounter(encounter, ctx(player), { name: long(` P${i}`), hp: 40, ac: 15, initiative: 10 + i }).encounter;
  }
  for (let i = 0; encounter.combatants.length < MAX_COMBATANTS; i += 1) {
    encounter = addMonsters(encounter, ctx(gm), { name: long(` M${i}`), hp: 90, ac: 17, initiative: 5, hidden: i % 2 === 0 }).encounter;
  }
  for (const c of encounter.combatants) {
    encounter = startConcentration(encounter, ctx(gm), { target: c.name, effect: long(` ${c.id}`) }).encounter;
    encounter = useReaction(encounter, ctx(gm), { target: c.name, note: 'n'.repeat(100) }).encounter;
  }
  // Modifiers that add nothing up, so the stacking caps let every effect carry its 12.
  const modifiers = DAMAGE_TYPES.slice(0, MODIFIER_LIMITS.count)
    .map((type) => `resist:${type}`)
    .join(' ');
  const targets = encounter.combatants.slice(0, MAX_EFFECTS_PER_ENCOUNTER / MAX_EFFECTS_PER_COMBATANT);
  for (const [t, target] of targets.entries()) {
    const caster = encounter.combatants[(t + 20) % MAX_COMBATANTS]!;
    for (let e = 0; e < MAX_EFFECTS_PER_COMBATANT; e += 1) {
      const input = {
        target: target.name,
        condition: long(` ${t}-${e}`),
        duration: 1000,
        save: 'wis' as const,
        dc: 40,
        note: 'x'.repeat(200),
        modifiers,
        ...(e % 2 === 0 ? { source: caster.name } : {}),
      };
      encounter = addCondition(encounter, ctx(gm), input).encounter;
    }
  }
  return encounter;
}

describe("the largest fight the caps allow fits every one of Discord's limits (issue 23 item 1)", () => {
  const encounter = largestFight();

  it('is as large as the caps allow, and one more effect is refused', () => {
    expect(encounter.combatants).toHaveLength(MAX_COMBATANTS);
    expect(encounter.effects.filter((e) => e.kind !== 'concentration')).toHaveLength(MAX_EFFECTS_PER_ENCOUNTER);
    expect(refusalOf(() => addCondition(encounter, ctx(gm), { target: encounter.combatants[49]!.name, condition: 'Bless' }))).toBe(
      'This encounter already carries 300 conditions and effects, the most one may: remove some first (`/condition remove`).',
    );
  });

  it('the tracker (players and game master), /init list and /condition list (everyone, and each combatant)', () => {
    const problems = [
      ...violations('tracker', trackerMessage(encounter)),
      ...violations('game master list', { embeds: [trackerEmbed(encounter, 'game-master')] }),
      ...violations('condition list (game master)', conditionListReply(encounter, null, 'gm')),
      ...violations('condition list (player)', conditionListReply(encounter, null, 'p0')),
      ...encounter.combatants.flatMap((c) => violations(`condition list of ${c.id}`, conditionListReply(encounter, c.id, 'gm'))),
    ];
    expect(problems).toEqual([]);
    expect(trackerMessage(encounter).embeds?.[0]?.description).toMatch(/, and \d+ more · |\n… \d+ more below$/);
    expect(conditionListReply(encounter, null, 'gm').embeds?.[0]?.description).toMatch(/… and \d+ more: `\/condition list target:<name>`/);
  });

  it("replies to the biggest changes: a turn, concentration dropped on 20 effects at once, the fight's end with its summary and recap", async () => {
    const turn = nextTurn(encounter, ctx(gm));
    const casterId = encounter.effects.find((e) => e.concentrationId !== null)!.sourceId!;
    const caster = encounter.combatants.find((c) => c.id === casterId)!;
    const dropped = dropConcentration(encounter, ctx(gm), caster.name);
    const ended = endEncounter(encounter, ctx(gm));
    const record = {
      encounter: ended.encounter,
      entries: [turn, dropped, ended].map((t) =>
        fightEntry(
          { userId: 'gm', name: 'Gina', canManageChannel: false },
          { ...t, command: 'largest fight', detail: noteText(t.note) },
          new Date(),
        ),
      ),
    };
    const replies: [string, Reply][] = [
      ['next turn', resultReply(turn)],
      ['concentration dropped', resultReply(dropped)],
      ['end', { embeds: [summaryEmbed(ended.encounter), (await recapParts(record, 'players', [summaryEmbed(ended.encounter)])).embed] }],
      ['recap', { ...(await recapReply(record, 'game-master')), files: [] }],
      [
        'my turn',
        checklistReply(
          turn.encounter,
          turnChecklist(turn.encounter, { userId: 'gm', name: 'Gina', canManageChannel: false }, turn.encounter.combatants[0]!),
        ),
      ],
      [
        'log',
        logReply(
          record.entries.map((e) => ({ ...e, hiddenHitPoints: [] })),
          25,
          'game-master',
        ),
      ],
    ];
    expect(replies.flatMap(([what, reply]) => violations(what, reply))).toEqual([]);
  });

  it('autocomplete offers at most 25 choices of at most 100 characters', async () => {
    const encounters = { get: () => Promise.resolve(encounter), combatants: () => Promise.resolve([]) } as unknown as EncounterService;
    const unused = (): Promise<never> => Promise.reject(new Error('not used'));
    const base = unitContext({ encounters }, { send: unused, sendDirect: unused, edit: unused, pin: unused });
    const choices = await conditionCommand.autocomplete!({
      ...base,
      user: { id: 'gm', name: 'gm' },
      focused: { name: 'condition', value: '' },
    });
    expect(choices.length).toBeLessThanOrEqual(25);
    expect(choices.filter((c) => c.name.length > 100 || c.value.length > 100)).toEqual([]);
  });
});
