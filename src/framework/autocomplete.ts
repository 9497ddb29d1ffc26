// The ranking is pure and shared with the compendium's lookup (src/compendium/ranking.ts); the
// commands' autocomplete reaches it here.
export { MAX_SUGGESTIONS, rankByName } from '../compendium/ranking';
