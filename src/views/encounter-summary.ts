import type { Combatant, Encounter } from '../combat/types';
import type { Embed, EmbedField } from './reply';
import { COLORS, EMBED_LIMITS } from './embeds';

function standingLine(combatant: Combatant): string {
  if (combatant.hidden || !combatant.hpKnown) return combatant.name;
  return `${combatant.name} (${combatant.rules.hp}/${combatant.rules.maxHp} HP)`;
}

function field(name: string, names: readonly string[]): EmbedField | null {
  if (names.length === 0) return null;
  const value = names.join(', ');
  return { name, value: value.length <= EMBED_LIMITS.fieldValue ? value : `${value.slice(0, EMBED_LIMITS.fieldValue - 1)}…` };
}

/** The closing message of an encounter: how long it lasted and who is left standing. */
export function summaryEmbed(encounter: Encounter): Embed {
  const standing = encounter.combatants.filter((c) => !c.rules.dead && (!c.hpKnown || c.rules.hp > 0));
  const down = encounter.combatants.filter((c) => !c.rules.dead && c.hpKnown && c.rules.hp <= 0);
  const dead = encounter.combatants.filter((c) => c.rules.dead);
  const rounds = encounter.round === 1 ? '1 round' : `${encounter.round} rounds`;
  const fields = [
    field('Standing', standing.map(standingLine)),
    field(
      'Down',
      down.map((c) => (c.rules.stable ? `${c.name} (stable)` : c.name)),
    ),
    field(
      'Dead',
      dead.map((c) => c.name),
    ),
  ];
  return {
    title: `🏁 ${encounter.name} is over`.slice(0, EMBED_LIMITS.title),
    description: `The fight lasted ${rounds}. ${encounter.gameMasterName} ran it.`,
    color: COLORS.neutral,
    fields: fields.filter((f): f is EmbedField => f !== null),
  };
}
