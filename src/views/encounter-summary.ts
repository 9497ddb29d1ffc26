import { afterRounds } from './change-notes';
import { compactLabels } from './condition-labels';
import type { Combatant, Encounter } from '../combat/types';
import { shown } from './markdown';
import type { Embed, EmbedField } from './reply';
import { COLORS, EMBED_LIMITS } from './embeds';

function standingLine(combatant: Combatant): string {
  if (combatant.hidden || !combatant.hpKnown) return shown(combatant.name);
  return `${shown(combatant.name)} (${combatant.rules.hp}/${combatant.rules.maxHp} HP)`;
}

function field(name: string, names: readonly string[]): EmbedField | null {
  if (names.length === 0) return null;
  return { name, value: compactLabels(names, EMBED_LIMITS.fieldValue) };
}

function lasted(rounds: number): string {
  return rounds === 0 ? `The fight ended ${afterRounds(rounds)}.` : `The fight lasted ${rounds === 1 ? '1 round' : `${rounds} rounds`}.`;
}

/** The closing message of an encounter: how long it lasted and who is left standing. */
export function summaryEmbed(encounter: Encounter): Embed {
  const standing = encounter.combatants.filter((c) => !c.rules.dead && (!c.hpKnown || c.rules.hp > 0));
  const down = encounter.combatants.filter((c) => !c.rules.dead && c.hpKnown && c.rules.hp <= 0);
  const dead = encounter.combatants.filter((c) => c.rules.dead);
  const fields = [
    field('Standing', standing.map(standingLine)),
    field(
      'Down',
      down.map((c) => (c.rules.stable ? `${shown(c.name)} (stable)` : shown(c.name))),
    ),
    field(
      'Dead',
      dead.map((c) => shown(c.name)),
    ),
  ];
  return {
    title: `🏁 ${shown(encounter.name)} is over`.slice(0, EMBED_LIMITS.title),
    description: [
      `${lasted(encounter.round)} ${shown(encounter.gameMasterName)} ran it.`,
      ...(encounter.round === 0
        ? ['Nobody took a turn, so it has no recap: `/init recap` shows the last fight that reached round 1.']
        : []),
    ].join('\n'),
    color: COLORS.neutral,
    fields: fields.filter((f): f is EmbedField => f !== null),
  };
}
