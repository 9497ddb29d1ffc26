import { sheetsAfterFight } from '../../src/characters/fight';
import { isGameMaster, requireGameMaster } from '../../src/combat/permissions';
import { onButton } from '../../src/framework/buttons';
import { integer } from '../../src/framework/options';
import { subcommand } from '../../src/framework/slash-command';
import { UserSlots } from '../../src/framework/user-slots';
import { buttonId } from '../../src/views/button-ids';
import { COLORS } from '../../src/views/embeds';
import { logReply } from '../../src/views/encounter-log';
import { summaryEmbed } from '../../src/views/encounter-summary';
import { exportReply } from '../../src/views/fight-export';
import { shown } from '../../src/views/markdown';
import { recapHasSecrets, recapParts, recapReply } from '../../src/views/recap';
import { actorOf, encounterForButton, encountersOf, labelOf, placeOf, refreshTracker, undoLastChange } from '../shared/encounter';

/** Ending cannot be undone, so it asks first; the game master's press does it. */
export const end = subcommand({
  description: 'End the encounter (game master)',
  requires: { encounter: true, gameMaster: 'end the encounter' },
  run: (_ctx, _options, { encounter }) =>
    Promise.resolve({
      ephemeral: true,
      embeds: [
        {
          description:
            encounter.round === 0
              ? `End **${shown(encounter.name)}**? The fight has not started yet. It cannot be undone.`
              : `End **${shown(encounter.name)}** after round ${encounter.round}? It cannot be undone.`,
          color: COLORS.warning,
        },
      ],
      components: [
        {
          buttons: [
            {
              customId: buttonId({ command: 'init', action: 'end', encounterId: encounter.id }),
              label: 'End the encounter',
              style: 'danger',
            },
            {
              customId: buttonId({ command: 'init', action: 'keep', encounterId: encounter.id }),
              label: 'Keep fighting',
              style: 'secondary',
            },
          ],
        },
      ],
    }),
});

/** The confirmation's two buttons: end the fight (with its summary and recap), or keep fighting. */
export const endButtons = [
  onButton('init', 'end', async (ctx, button) => {
    await encounterForButton(ctx, button.encounterId);
    const fight = await encountersOf(ctx).end(actorOf(ctx), placeOf(ctx), labelOf(ctx), sheetsAfterFight);
    await refreshTracker(ctx, fight.encounter);
    const summary = summaryEmbed(fight.encounter);
    // A fight ended before round 1 has nothing to recap, and the last recap stays the last real fight's.
    if (fight.encounter.round === 0) return { embeds: [summary] };
    const recap = await recapParts(fight, 'players', [summary], ctx.services.charts);
    return { embeds: [summary, recap.embed], files: recap.files };
  }),
  onButton('init', 'keep', () =>
    Promise.resolve({
      updateMessage: true,
      ephemeral: true,
      embeds: [{ description: 'The fight goes on.', color: COLORS.info }],
      components: [],
    }),
  ),
];

/** A recap or an export reads the fight's whole log: one at a time per member. */
const fightReaders = new UserSlots(1, 'recap or export');

/** The game master's copy differs only when hidden monsters took part, and then only they see it. */
export const recap = subcommand({
  description: "The last ended fight in numbers, with a chart; the game master's copy shows hidden monsters",
  run: (ctx) =>
    fightReaders.run(ctx.user.id, async () => {
      const record = await encountersOf(ctx).fight(placeOf(ctx), 'ended');
      if (isGameMaster(actorOf(ctx), record.encounter) && recapHasSecrets(record)) {
        return { ...(await recapReply(record, 'game-master', ctx.services.charts)), ephemeral: true };
      }
      return recapReply(record, 'players', ctx.services.charts);
    }),
});

/**
 * The running fight, else the last ended one; hidden monsters' numbers go to the game master alone,
 * and anyone else is refused on the fight's outline, before its log is read.
 */
export const exportFight = subcommand({
  description: 'The whole fight (combatants, every change) as a JSON file; game master only with hidden monsters',
  run: (ctx) => {
    const doing = 'export a fight with hidden monsters';
    return fightReaders.run(ctx.user.id, async () => {
      const outline = await encountersOf(ctx).fightOutline(placeOf(ctx), 'any');
      if (outline.hidden) requireGameMaster(actorOf(ctx), outline.encounter, doing);
      const record = await encountersOf(ctx).fight(placeOf(ctx), 'any');
      // Another fight may have begun between the two reads.
      if (recapHasSecrets(record)) requireGameMaster(actorOf(ctx), record.encounter, doing);
      return exportReply(record);
    });
  },
});

export const undo = subcommand({
  description: 'Revert the last change (the game master, or whoever made it)',
  run: (ctx) => undoLastChange(ctx),
  claimedBySave: true,
});

/** The game master's log is private and complete; anyone else's is the players' view, in the channel. */
export const log = subcommand({
  description: "The last changes; the game master's copy is private and shows hidden numbers",
  options: { count: integer('How many (default 10)', { min: 1, max: 25 }) },
  async run(ctx, options) {
    const count = options.integer('count') ?? 10;
    const [entries, encounter] = await Promise.all([encountersOf(ctx).log(placeOf(ctx), count), encountersOf(ctx).get(placeOf(ctx))]);
    const gameMaster = encounter !== null && isGameMaster(actorOf(ctx), encounter);
    return logReply(entries, count, gameMaster ? 'game-master' : 'players');
  },
});
