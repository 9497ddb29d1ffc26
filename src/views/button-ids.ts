/**
 * The buttons Rollcall puts on its messages, and the one codec between them and their custom ids
 * (`<command>:<action>:<encounter>[:<combatant or effect>[:<n>]]`, `character:<action>:<character>`, or
 * `condition:<action>:<confirmation>`). The first part names the command that
 * handles the press, so the registry can route it without parsing the rest.
 */
export type ButtonAction =
  | { command: 'init'; action: 'next' | 'prev' | 'end' | 'keep'; encounterId: string }
  | { command: 'init'; action: 'death'; encounterId: string; combatantId: string }
  /** The My turn checklist of the combatant whose turn started, for its controller alone. */
  | { command: 'init'; action: 'myturn'; encounterId: string; combatantId: string }
  /** Drops a concentration that keeps up nothing any more, for its holder's controller or the game master. */
  | { command: 'init'; action: 'dropconc'; encounterId: string; combatantId: string }
  /** `index` keeps custom ids unique when one message asks for several saves. */
  | { command: 'hp'; action: 'conc'; encounterId: string; combatantId: string; index: number }
  /** A "save ends" effect's repeat save, waiting for its target's controller. */
  | { command: 'condition'; action: 'save'; encounterId: string; effectId: string }
  /** The confirmation of a condition for a whole group: carry it out, or drop it. */
  | { command: 'condition'; action: 'group' | 'cancel'; confirmationId: string }
  /** The confirmation of `/character delete`: its owner deletes the character, or keeps it. */
  | { command: 'character'; action: 'delete' | 'keep'; characterId: string };

export function buttonId(button: ButtonAction): string {
  if (button.command === 'character') return `${button.command}:${button.action}:${button.characterId}`;
  if (button.command === 'condition' && button.action !== 'save') return `${button.command}:${button.action}:${button.confirmationId}`;
  switch (button.action) {
    case 'next':
    case 'prev':
    case 'end':
    case 'keep':
      return `${button.command}:${button.action}:${button.encounterId}`;
    case 'death':
    case 'myturn':
    case 'dropconc':
      return `${button.command}:${button.action}:${button.encounterId}:${button.combatantId}`;
    case 'conc':
      return `${button.command}:${button.action}:${button.encounterId}:${button.combatantId}:${button.index}`;
    case 'save':
      return `${button.command}:${button.action}:${button.encounterId}:${button.effectId}`;
  }
}

/** The button a custom id names, or null for one this version does not make (an old message's). */
export function parseButtonId(customId: string): ButtonAction | null {
  const [command, action, encounterId, combatantId, index, ...rest] = customId.split(':');
  if (encounterId === undefined || encounterId === '' || rest.length > 0) return null;
  if (command === 'character' && (action === 'delete' || action === 'keep') && combatantId === undefined) {
    return { command, action, characterId: encounterId };
  }
  if (command === 'init') {
    if ((action === 'next' || action === 'prev' || action === 'end' || action === 'keep') && combatantId === undefined) {
      return { command, action, encounterId };
    }
    if (
      (action === 'death' || action === 'myturn' || action === 'dropconc') &&
      combatantId !== undefined &&
      combatantId !== '' &&
      index === undefined
    ) {
      return { command, action, encounterId, combatantId };
    }
  }
  if (command === 'condition' && (action === 'group' || action === 'cancel') && combatantId === undefined) {
    return { command, action, confirmationId: encounterId };
  }
  if (command === 'condition' && action === 'save' && combatantId !== undefined && combatantId !== '' && index === undefined) {
    return { command, action, encounterId, effectId: combatantId };
  }
  if (
    command === 'hp' &&
    action === 'conc' &&
    combatantId !== undefined &&
    combatantId !== '' &&
    index !== undefined &&
    /^\d+$/.test(index)
  ) {
    return { command, action, encounterId, combatantId, index: Number(index) };
  }
  return null;
}
