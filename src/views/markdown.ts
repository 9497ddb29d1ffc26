/** What `shown` changes: line breaks, markdown's characters, and a heading or list mark first. */
const UNSAFE = /[\r\n\\*_~`|[\]<>]|^[#-]/;

/**
 * Text a user typed (names of encounters, combatants and effects, display names, what they typed),
 * made inert for Discord's markdown: no masked links, bold, spoilers, code or headings, one line.
 * Mentions are left to `allowed_mentions`, which stops them pinging.
 */
export function shown(text: string): string {
  // Most text has nothing to escape: one test instead of three replacements, for every name a reply shows.
  if (!UNSAFE.test(text)) return text;
  return text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/[\\*_~`|[\]<>]/g, '\\$&')
    .replace(/^[#-]/, '\\$&');
}

/** `shown`, cut to `max` characters (with "…") for text whose length nothing bounded, such as a file's. */
export function shownWithin(text: string, max: number): string {
  const escaped = shown(text);
  if (escaped.length <= max) return escaped;
  // A cut between an escape and the character it escapes would leave that character live; one
  // inside an emoji's surrogate pair would leave half of it, which shows as a broken glyph.
  const cut = escaped.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  return `${cut.replace(/(^|[^\\])(\\\\)*\\$/, '$1$2')}…`;
}
