/**
 * Whom a sentence is about. Monsters are "it"; Rollcall knows no character's pronouns, so a player
 * character is "their" and, where a sentence needs a subject, called by name.
 */
export interface Referent {
  /** As the reply shows it (escaped). */
  name: string;
  isPlayerCharacter: boolean;
}

/** "its" for a monster, "their" for a player character. */
export function its(who: Pick<Referent, 'isPlayerCharacter'>): string {
  return who.isPlayerCharacter ? 'their' : 'its';
}

/** "it" for a monster; a player character's name, which reads better than guessing a pronoun. */
export function it(who: Referent): string {
  return who.isPlayerCharacter ? who.name : 'it';
}
