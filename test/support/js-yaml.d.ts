// js-yaml 3 ships no types; the tests use only its safe loader (no custom tags, no code).
declare module 'js-yaml' {
  export function safeLoad(text: string): unknown;
}
