import type { Embed, EmbedField, Reply } from './reply';

/** One palette for every reply, so a glance tells success from failure. */
export const COLORS = {
  info: 0x5865f2,
  success: 0x57f287,
  warning: 0xfee75c,
  danger: 0xed4245,
  neutral: 0x2b2d31,
} as const;

/** Discord's limits on an embed, in characters. */
export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fieldName: 256,
  fieldValue: 1024,
  fields: 25,
  footer: 2048,
  total: 6000,
} as const;

/** Discord's most characters of a message's own text, beside its embeds. */
export const CONTENT_LIMIT = 2000;

/** The characters of an embed that count toward the 6,000 a message's embeds may hold together. */
export function embedLength(embed: Embed): number {
  const fields = (embed.fields ?? []).reduce((sum, field) => sum + field.name.length + field.value.length, 0);
  return (embed.title?.length ?? 0) + (embed.description?.length ?? 0) + (embed.footer?.length ?? 0) + fields;
}

/**
 * Cuts `lines` into runs of at most `limit` characters joined by newlines, only between lines, so
 * an example is never cut. A single line longer than the limit is cut where it must be, so that
 * nothing is lost.
 */
export function chunks(lines: readonly string[], limit: number): string[] {
  const runs: string[] = [];
  let current: string | null = null;
  for (const line of lines.flatMap((l) => piecesOf(l, limit))) {
    if (current !== null && current.length + 1 + line.length <= limit) current += `\n${line}`;
    else {
      if (current !== null) runs.push(current);
      current = line;
    }
  }
  if (current !== null) runs.push(current);
  return runs;
}

function piecesOf(line: string, limit: number): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < line.length; start += limit) pieces.push(line.slice(start, start + limit));
  return pieces.length === 0 ? [''] : pieces;
}

/** Titled lines as fields of at most 1,024 characters each, split between lines; the second and later say "(continued)". */
export function fieldsOfLines(name: string, lines: readonly string[]): EmbedField[] {
  return chunks(lines, EMBED_LIMITS.fieldValue).map((value, i) => ({ name: i === 0 ? name : `${name} (continued)`, value }));
}

export function errorReply(message: string): Reply {
  return { ephemeral: true, embeds: [{ description: `⚠️ ${message}`, color: COLORS.danger }] };
}
