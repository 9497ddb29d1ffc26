import type { Embed, Reply } from './reply';

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

/** The characters of an embed that count toward the 6,000 a message's embeds may hold together. */
export function embedLength(embed: Embed): number {
  const fields = (embed.fields ?? []).reduce((sum, field) => sum + field.name.length + field.value.length, 0);
  return (embed.title?.length ?? 0) + (embed.description?.length ?? 0) + (embed.footer?.length ?? 0) + fields;
}

export function errorReply(message: string): Reply {
  return { ephemeral: true, embeds: [{ description: `⚠️ ${message}`, color: COLORS.danger }] };
}
