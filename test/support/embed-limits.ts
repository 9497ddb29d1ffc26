import { EMBED_LIMITS, embedLength } from '../../src/views/embeds';
import type { Embed } from '../../src/views/reply';

/** Every way an embed breaks Discord's limits, each as a sentence; empty when Discord would show it. */
export function embedLimitViolations(embed: Embed): string[] {
  const problems: string[] = [];
  const where = embed.title ?? '(untitled)';
  if ((embed.title ?? '').length > EMBED_LIMITS.title) problems.push(`${where}: title over ${EMBED_LIMITS.title}`);
  if ((embed.description ?? '').length > EMBED_LIMITS.description) problems.push(`${where}: description over ${EMBED_LIMITS.description}`);
  if ((embed.footer ?? '').length > EMBED_LIMITS.footer) problems.push(`${where}: footer over ${EMBED_LIMITS.footer}`);
  const fields = embed.fields ?? [];
  if (fields.length > EMBED_LIMITS.fields) problems.push(`${where}: ${fields.length} fields, at most ${EMBED_LIMITS.fields}`);
  for (const field of fields) {
    if (field.name.length > EMBED_LIMITS.fieldName) problems.push(`${where}: field name "${field.name}" over ${EMBED_LIMITS.fieldName}`);
    if (field.value.length > EMBED_LIMITS.fieldValue) problems.push(`${where}: field ${field.name} over ${EMBED_LIMITS.fieldValue}`);
    if (field.value.length === 0) problems.push(`${where}: field ${field.name} is empty`);
  }
  if (embedLength(embed) > EMBED_LIMITS.total) problems.push(`${where}: ${embedLength(embed)} characters, at most ${EMBED_LIMITS.total}`);
  return problems;
}
