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
