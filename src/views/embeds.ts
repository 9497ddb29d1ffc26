import type { Reply } from './reply';

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

export function errorReply(message: string): Reply {
  return { ephemeral: true, embeds: [{ description: `⚠️ ${message}`, color: COLORS.danger }] };
}
