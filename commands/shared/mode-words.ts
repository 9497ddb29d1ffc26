import type { RollMode } from '../../src/rules/types';

const MODE_WORDS: Record<string, RollMode> = {
  adv: 'advantage',
  advantage: 'advantage',
  dis: 'disadvantage',
  disadvantage: 'disadvantage',
};

/**
 * Finds the stand-alone words adv, advantage, dis and disadvantage outside `[annotations]` and
 * spells the long ones as the short words the notation knows, padded so every column stays put.
 */
export function readModeWords(text: string): { text: string; modes: RollMode[] } {
  const modes: RollMode[] = [];
  const spelled = text.replace(/(\[[^\]]*\]?)|\b(adv|advantage|dis|disadvantage)\b/gi, (match, annotation?: string) => {
    if (annotation !== undefined) return match;
    const mode = MODE_WORDS[match.toLowerCase()] ?? 'normal';
    modes.push(mode);
    return (mode === 'advantage' ? 'adv' : 'dis').padEnd(match.length, ' ');
  });
  return { text: spelled, modes };
}
