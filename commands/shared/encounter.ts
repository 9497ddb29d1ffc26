import { normaliseName } from '../../src/combat/targets';
import { CombatRefusal } from '../../src/combat/refusals';
import type { EncounterService } from '../../src/combat/service';
import { onlyIn } from '../../src/combat/compose';
import type { Change } from '../../src/combat/transition';
import type { CombatantRef, Encounter, EncounterResult } from '../../src/combat/types';
import {
  type AutocompleteChoice,
  type AutocompleteContext,
  type ChannelMessenger,
  type InvocationContext as Context,
} from '../../src/framework/command';
import { actorOf, placeOf } from '../../src/framework/requirements';
import { gameMasterAccount, resultReply } from '../../src/views/encounter-replies';
import { tellGameMaster } from './secret-rolls';
import type { Embed, Reply } from '../../src/views/reply';
import { rankByName } from '../../src/framework/autocomplete';
import { trackerMessage } from '../../src/views/tracker';
import { TrackerQueue } from '../../src/framework/tracker-queue';

export { actorOf, placeOf };

/** The encounter service, recording the invocation's claim (when it has one) with its first save. */
export function encountersOf(ctx: Context): EncounterService {
  return ctx.claim === undefined ? ctx.services.encounters : ctx.services.encounters.claiming(ctx.claim);
}

/** The channel's encounter, which a button press must still belong to (ids are never reused across encounters). */
export async function encounterForButton(ctx: Context, encounterId: string): Promise<Encounter> {
  const encounter = await encountersOf(ctx).get(placeOf(ctx));
  if (!encounter || encounter.id !== encounterId) throw new CombatRefusal({ kind: 'encounter-over' });
  return encounter;
}

/**
 * Posts the tracker for a new encounter and pins it. The encounter has already begun, so a
 * messenger failure is logged and reported in words rather than undoing the begin.
 */
export async function postTracker(ctx: Context, encounter: Encounter): Promise<'pinned' | 'posted' | 'failed'> {
  try {
    const messageId = await ctx.messenger.send(ctx.channelId, trackerMessage(encounter));
    await encountersOf(ctx).setTrackerMessage(placeOf(ctx), encounter.id, messageId);
    return (await ctx.messenger.pin(ctx.channelId, messageId)) ? 'pinned' : 'posted';
  } catch (error) {
    ctx.services.logger.warn({ err: error, encounterId: encounter.id, channelId: ctx.channelId }, 'could not post the encounter tracker');
    return 'failed';
  }
}

/** Edits the tracker in place; posts a new one if it was deleted. Failures are logged, not thrown. */
async function updateTracker(ctx: Context, encounter: Encounter): Promise<void> {
  if (encounter.trackerMessageId === null) {
    await postTracker(ctx, encounter);
    return;
  }
  try {
    const edited = await ctx.messenger.edit(ctx.channelId, encounter.trackerMessageId, trackerMessage(encounter));
    if (!edited && !encounter.endedAt) await postTracker(ctx, encounter);
  } catch (error) {
    ctx.services.logger.warn({ err: error, encounterId: encounter.id, channelId: ctx.channelId }, 'could not update the encounter tracker');
  }
}

/**
 * Queues messengers that have no tracker queue of their own: their updates are awaited, but still
 * ordered by version, as commands that race may finish in any order.
 */
const awaitedTrackers = new WeakMap<ChannelMessenger, TrackerQueue>();

function awaitedQueue(messenger: ChannelMessenger): TrackerQueue {
  let queue = awaitedTrackers.get(messenger);
  if (queue === undefined) {
    queue = new TrackerQueue();
    awaitedTrackers.set(messenger, queue);
  }
  return queue;
}

/**
 * Brings the tracker up to date after a change. On a messenger with a tracker queue it only asks:
 * the edit runs after the reply, and an older state never replaces a newer one, also when several
 * processes serve the channel (see `catchUp`).
 */
export async function refreshTracker(ctx: Context, encounter: Encounter): Promise<void> {
  const background = ctx.messenger.trackers;
  if (background === undefined) {
    await awaitedQueue(ctx.messenger).run(encounter.id, encounter.version, () => updateTracker(ctx, encounter));
    return;
  }
  const update = async () => {
    await updateTracker(ctx, encounter);
    await catchUp(ctx, encounter);
  };
  void background
    .run(encounter.id, encounter.version, update)
    .catch((error: unknown) =>
      ctx.services.logger.error({ err: error, encounterId: encounter.id, channelId: ctx.channelId }, 'tracker update failed'),
    );
}

/**
 * Another process may have changed the encounter while our edit was on its way, and its edit may
 * have landed first: then ours shows an older state. Looking after our edit has landed (one short
 * statement while nothing changed), whichever process edits last sees the newest version and
 * shows it, so the tracker always ends on the newest state. The encounter is read by its id, as
 * the channel's active one may be gone (ended by the other process) or another fight.
 */
async function catchUp(ctx: Context, shown: Encounter): Promise<void> {
  const latest = await encountersOf(ctx).newer(shown);
  if (latest !== null) await refreshTracker(ctx, latest);
}

/** Lines a handler says after what its change did; `secret` ones are the game master's alone (a hidden monster's numbers). */
export interface ExtraLines {
  lines: readonly string[];
  secret: boolean;
}

const NO_LINES: ExtraLines = { lines: [], secret: false };

/** What a change's reply says, and what the game master alone is told (null: nothing). */
interface Words {
  reply: Reply;
  account: Embed | null;
}

/**
 * Words what happened, from the outcome alone: what the channel was told only the outcome of goes
 * to the game master privately, and so do secret extra lines, which a reply that is already the
 * game master's alone carries itself.
 */
function wordsOf(result: EncounterResult, extra: ExtraLines): Words {
  const reply = resultReply(result, extra.secret ? [] : extra.lines);
  if (extra.secret && reply.ephemeral === true) return { reply: resultReply(result, extra.lines), account: null };
  return { reply, account: gameMasterAccount(result, extra.secret ? extra.lines : []) };
}

/** The reply to a change: brings the tracker up to date and tells the game master what is theirs alone. */
async function settled(ctx: Context, result: EncounterResult, words: Words): Promise<Reply> {
  await refreshTracker(ctx, result.encounter);
  if (words.account !== null) await tellGameMaster(ctx, result.encounter, [words.account]);
  return words.reply;
}

/** How the log names the invocation: dispatch stamps it on every command and button it runs. */
export function labelOf(ctx: Context): string {
  if (ctx.label === undefined) throw new Error('an encounter change reached the core without a log label: run it through dispatch');
  return ctx.label;
}

/** Applies one encounter change for the invoking user, brings the tracker up to date and says what happened. */
export function applyStep<Input extends unknown[]>(ctx: Context, change: Change<Input>, ...input: Input): Promise<Reply> {
  return applyStepWith(ctx, NO_LINES, change, ...input);
}

/**
 * `applyStep` for a button of encounter `encounterId`: the change itself checks that the channel's
 * encounter is still that one, so the press costs no read before its write.
 */
export async function applyButtonStep<Input extends unknown[]>(
  ctx: Context,
  encounterId: string,
  change: Change<Input>,
  ...input: Input
): Promise<Reply> {
  try {
    return await applyStep(ctx, onlyIn(encounterId, change), ...input);
  } catch (error) {
    if (error instanceof CombatRefusal && error.refusal.kind === 'no-encounter') throw new CombatRefusal({ kind: 'encounter-over' });
    throw error;
  }
}

/** `applyStep`, with lines of the handler's own after what the change did. */
export async function applyStepWith<Input extends unknown[]>(
  ctx: Context,
  extra: ExtraLines,
  change: Change<Input>,
  ...input: Input
): Promise<Reply> {
  const word = (result: EncounterResult) => wordsOf(result, extra);
  const { result, words } = await encountersOf(ctx).applyWorded(actorOf(ctx), placeOf(ctx), labelOf(ctx), word, change, ...input);
  return settled(ctx, result, words);
}

/** Reverts the invoking user's (or, for the game master, anyone's) last change. */
export async function undoLastChange(ctx: Context): Promise<Reply> {
  const result = await encountersOf(ctx).undo(actorOf(ctx), placeOf(ctx), labelOf(ctx));
  return settled(ctx, result, wordsOf(result, NO_LINES));
}

/**
 * Runs a change that may harm another player's combatant as the server's `/config harm` allows. The
 * setting is read only when the step refuses for want of it (a player on another's combatant), so
 * the game master's hits and the players' on monsters cost no more than before.
 */
export async function withHarmSetting<T>(ctx: Context, run: (anyoneMayHarm: boolean) => Promise<T>): Promise<T> {
  try {
    return await run(false);
  } catch (error) {
    if (!(error instanceof CombatRefusal) || error.refusal.kind !== 'may-not-harm') throw error;
    if ((await ctx.services.settings.playersHarm(ctx.guildId)) !== 'anyone') throw error;
    return run(true);
  }
}

/** Discord's longest autocomplete value. */
const CHOICE_MAX_LENGTH = 100;

/**
 * Suggestions for an option naming several combatants separated by commas (`/cast target:`): the
 * name being typed after the last comma, best match first, each after the names already given and
 * never one of them again.
 */
export async function suggestTargetList(ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> {
  const cut = typed.lastIndexOf(',');
  const given =
    cut < 0
      ? []
      : typed
          .slice(0, cut)
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '');
  const taken = new Set(given.map(normaliseName));
  const combatants = (await encountersOf(ctx).combatants(placeOf(ctx))).filter((c) => !taken.has(normaliseName(c.name)));
  ctx.signal?.throwIfAborted();
  return rankByName(combatants, (combatant) => combatant.name, typed.slice(cut + 1))
    .map((combatant) => [...given, combatant.name].join(', '))
    .filter((value) => value.length <= CHOICE_MAX_LENGTH)
    .map((value) => ({ name: value, value }));
}

/** The combatants `typed` may name, best match first. */
export function combatantChoices(combatants: readonly Pick<CombatantRef, 'name'>[], typed: string): AutocompleteChoice[] {
  return rankByName(combatants, (combatant) => combatant.name, typed).map((combatant) => ({
    name: combatant.name,
    value: combatant.name,
  }));
}

/** Suggestions for an option naming a combatant: the encounter's combatants, best match first. */
export async function suggestTargets(ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> {
  const combatants = await encountersOf(ctx).combatants(placeOf(ctx));
  ctx.signal?.throwIfAborted();
  return combatantChoices(combatants, typed);
}
