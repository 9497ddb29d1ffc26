/**
 * The attribution the SRD's licence asks of the bestiary and the spells, word for word as the
 * licensor gives it (README, docs/bestiary.md and /help carry it).
 */
export const SRD_ATTRIBUTION: readonly string[] = [
  'This work includes material from the System Reference Document 5.2 ("SRD 5.2") by Wizards of the Coast LLC, available at https://www.dndbeyond.com/srd. The SRD 5.2 is licensed under the Creative Commons Attribution 4.0 International License, available at https://creativecommons.org/licenses/by/4.0/legalcode.',
  'This work includes material taken from the System Reference Document 5.1 ("SRD 5.1") by Wizards of the Coast LLC and available at https://dnd.wizards.com/resources/systems-reference-document. The SRD 5.1 is licensed under the Creative Commons Attribution 4.0 International License available at https://creativecommons.org/licenses/by/4.0/legalcode.',
];

/** The commands whose replies come from the SRD: their /help page ends with the attribution. */
export const SRD_COMMANDS: readonly string[] = ['monster', 'cast'];

export const ATTRIBUTION_SECTION = 'Monsters and spells: the SRD';
