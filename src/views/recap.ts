import { biggestHit, recapOf, unattributedDamage, type CombatantRecap, type FightRecord, type Hit, type Recap } from '../combat/recap';
import { COLORS, EMBED_LIMITS, embedLength } from './embeds';
import { shown } from './markdown';
import { recapChartSvg, renderPng, type ChartRenderer, type ChartRow } from './recap-chart';
import type { Embed, EmbedField, Reply, ReplyFile } from './reply';

/** Who reads the recap: the game master sees every number; players see none of a hidden monster's. */
export type RecapViewer = 'game-master' | 'players';

export const RECAP_CHART_NAME = 'recap.png';

/** Rendering on the calling thread, uncached: for tools and tests; the bot passes its renderer. */
const INLINE: ChartRenderer = { png: (_key, svg) => Promise.resolve(renderPng(svg)) };

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "under a minute", "12 min", "1 h 5 min". */
export function durationInWords(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes === 0) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return `${Math.floor(minutes / 60)} h${rest === 0 ? '' : ` ${rest} min`}`;
}

/** What `viewer` may read of this combatant's numbers. */
function numbersShown(row: CombatantRecap, viewer: RecapViewer): boolean {
  return viewer === 'game-master' || !row.combatant.hidden;
}

function conditionsOf(row: CombatantRecap, viewer: RecapViewer): string[] {
  return row.conditions.filter((c) => viewer === 'game-master' || !c.private).map((c) => shown(c.name));
}

/** "**Alice**: dealt 14 · took 8 · healed 3 · 1 critical hit · dropped to 0 once · 1 kill · Frightened, Prone". */
function combatantLine(row: CombatantRecap, viewer: RecapViewer): string {
  const name = `**${shown(row.combatant.name)}**`;
  const conditions = conditionsOf(row, viewer);
  const suffered = conditions.length === 0 ? [] : [`suffered ${conditions.join(', ')}`];
  if (!numbersShown(row, viewer)) return [`${name}: numbers kept by the game master`, ...suffered].join(' · ');
  const parts = [
    `dealt ${viewer === 'players' ? row.damageDealtAsTold : row.damageDealt}`,
    `took ${row.damageTaken}`,
    ...(row.healing > 0 ? [`healed ${row.healing}`] : []),
    ...(row.criticalHits > 0 ? [plural(row.criticalHits, 'critical hit')] : []),
    ...(row.droppedToZero > 0 ? [`dropped to 0 ${row.droppedToZero === 1 ? 'once' : `${row.droppedToZero} times`}`] : []),
    ...(row.kills > 0 ? [plural(row.kills, 'kill')] : []),
    ...suffered,
  ];
  return `${name}: ${parts.join(' · ')}`;
}

function hitInWords(hit: Hit): string {
  const damage = `${hit.amount}${hit.damageType === null ? '' : ` ${hit.damageType}`} damage${hit.critical ? ' (critical)' : ''}`;
  const target = `**${shown(hit.target.name)}**`;
  return hit.source === null ? `${target} took ${damage}, dealer unknown.` : `**${shown(hit.source.name)}** hit ${target} for ${damage}.`;
}

/** Lines packed into fields of at most 1,024 characters, within what is left of the embed's 6,000. */
function packedFields(title: string, lines: readonly string[], budget: number): EmbedField[] {
  const fields: EmbedField[] = [];
  let value = '';
  let left = budget;
  const flush = (): void => {
    if (value === '') return;
    fields.push({ name: fields.length === 0 ? title : `${title} (continued)`, value });
    value = '';
  };
  // Each field's name counts too, and the closing "and N more" field needs room of its own.
  const nameCost = `${title} (continued)`.length;
  const closing = 100;
  for (const [index, line] of lines.entries()) {
    const startsField = value === '' || value.length + line.length + 1 > EMBED_LIMITS.fieldValue;
    const cost = line.length + 1 + (startsField ? nameCost : 0) + closing;
    if (cost > left || fields.length >= EMBED_LIMITS.fields - 1) {
      flush();
      fields.push({ name: '…', value: `and ${plural(lines.length - index, 'more combatant')}: \`/init export\` has every number.` });
      return fields;
    }
    left -= line.length + 1 + (startsField ? nameCost : 0);
    if (value.length + line.length + 1 > EMBED_LIMITS.fieldValue) flush();
    value = value === '' ? line : `${value}\n${line}`;
  }
  flush();
  return fields;
}

function anyHidden(recap: Recap): boolean {
  return recap.combatants.some((row) => row.combatant.hidden);
}

function recapEmbed(recap: Recap, viewer: RecapViewer, withChart: boolean, room: number): Embed {
  const lasted = `${plural(recap.rounds, 'round')} in ${durationInWords(recap.endedAt.getTime() - recap.startedAt.getTime())} of real time.`;
  const biggest = biggestHit(recap.hits, viewer === 'players');
  const description = [lasted, biggest === null ? 'Nobody took any damage.' : `Biggest hit: ${hitInWords(biggest)}`].join('\n');
  const lines = recap.combatants.map((row) => combatantLine(row, viewer));
  const notes = [
    anyHidden(recap) && viewer === 'players'
      ? 'Damage counts what got through resistance and temporary HP; to a hidden monster, what it was dealt.'
      : 'Damage counts what got through resistance and temporary HP.',
    ...(unattributedDamage(recap.hits) > 0 && viewer === 'game-master'
      ? [`${unattributedDamage(recap.hits)} damage had no known dealer.`]
      : []),
    ...(anyHidden(recap) && viewer === 'players' ? ["Hidden monsters' numbers are in the game master's copy (`/init recap`)."] : []),
    ...(anyHidden(recap) && viewer === 'game-master' ? ["Your copy: players' copies leave out the hidden monsters' numbers."] : []),
  ].join(' ');
  const title = `📜 Recap: ${shown(recap.name)}`.slice(0, EMBED_LIMITS.title);
  const budget = room - title.length - description.length - notes.length - 100;
  return {
    title,
    description,
    color: COLORS.info,
    fields: packedFields('Combatants', lines.length === 0 ? ['Nobody took part.'] : lines, budget),
    footer: notes,
    ...(withChart ? { image: `attachment://${RECAP_CHART_NAME}` } : {}),
  };
}

/** The rows the chart may show `viewer`: hidden monsters only in the game master's. */
function chartRows(recap: Recap, viewer: RecapViewer): ChartRow[] {
  return recap.combatants
    .filter((row) => numbersShown(row, viewer))
    .map((row) => ({
      name: row.combatant.name,
      dealt: viewer === 'players' ? row.damageDealtAsTold : row.damageDealt,
      taken: row.damageTaken,
    }));
}

/**
 * The recap as an embed and its chart; without anything to chart (hidden monsters alone), the embed
 * alone. `beside`: the embeds the same message carries, which share Discord's 6,000 characters.
 */
export async function recapParts(
  record: FightRecord,
  viewer: RecapViewer,
  beside: readonly Embed[] = [],
  charts: ChartRenderer = INLINE,
): Promise<{ embed: Embed; files: ReplyFile[] }> {
  const recap = recapOf(record);
  const rows = chartRows(recap, viewer);
  const { encounter, entries } = record;
  // The same fight at the same version, for the same viewer, is the same picture.
  const key = `${encounter.id}:${encounter.version}:${entries.length}:${viewer}`;
  const files: ReplyFile[] =
    rows.length === 0
      ? []
      : [
          {
            name: RECAP_CHART_NAME,
            data: await charts.png(key, recapChartSvg(`${recap.name}: damage dealt and taken`, rows)),
            description: `Damage dealt and taken in ${recap.name}`,
          },
        ];
  const room = EMBED_LIMITS.total - beside.reduce((sum, embed) => sum + embedLength(embed), 0);
  return { embed: recapEmbed(recap, viewer, files.length > 0, room), files };
}

/** Whether the game master's copy differs from the players': the fight had hidden monsters. */
export function recapHasSecrets(record: FightRecord): boolean {
  return anyHidden(recapOf(record));
}

/** The recap on its own (`/init recap`). */
export async function recapReply(record: FightRecord, viewer: RecapViewer, charts: ChartRenderer = INLINE): Promise<Reply> {
  const { embed, files } = await recapParts(record, viewer, [], charts);
  return { embeds: [embed], files };
}
