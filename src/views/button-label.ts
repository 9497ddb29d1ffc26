/** Discord refuses a whole message whose button label is longer than this. */
const BUTTON_LABEL_MAX_LENGTH = 80;

/**
 * A button label naming a combatant: `before`, the name, `after`. A name may be 48 characters, so a
 * long one is cut (with "…") to keep the label within Discord's limit, keeping a group's number at
 * its end so that two buttons still tell Goblin 1 from Goblin 2.
 */
export function labelNaming(before: string, name: string, after = ''): string {
  const room = BUTTON_LABEL_MAX_LENGTH - before.length - after.length;
  if (name.length <= room) return `${before}${name}${after}`;
  const number = / \d+$/.exec(name)?.[0] ?? '';
  return `${before}${name.slice(0, room - 1 - number.length).trimEnd()}…${number}${after}`;
}
