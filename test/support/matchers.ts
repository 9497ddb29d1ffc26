/**
 * `expect.objectContaining`, typed as the value it stands for rather than `any`, so it can sit inside
 * a typed expected value.
 */
export function containing<T extends object>(sample: T): T {
  return expect.objectContaining(sample) as T;
}
