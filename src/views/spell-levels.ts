/** "1st", "2nd", "3rd", "4th" … "9th": a spell or slot level as the books write it. */
export function ordinal(level: number): string {
  const suffix = level === 1 ? 'st' : level === 2 ? 'nd' : level === 3 ? 'rd' : 'th';
  return `${level}${suffix}`;
}

/** "a cantrip", "2nd level": the level a spell is cast at. */
export function castLevelInWords(level: number): string {
  return level === 0 ? 'cantrip' : `${ordinal(level)} level`;
}
