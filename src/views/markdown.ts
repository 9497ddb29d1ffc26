/**
 * Text a user typed (names of encounters, combatants and effects, display names, what they typed),
 * made inert for Discord's markdown: no masked links, bold, spoilers, code or headings, one line.
 * Mentions are left to `allowed_mentions`, which stops them pinging.
 */
export function shown(text: string): string {
  return text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/[\\*_~`|[\]<>]/g, '\\$&')
    .replace(/^[#-]/, '\\$&');
}
