import type { Logger } from 'pino';
import type { CharacterStore } from './characters/store';
import type { Bestiary } from './compendium/bestiary';
import type { Confirmations } from './combat/confirmations';
import type { EncounterService } from './combat/service';
import type { RandomSource } from './dice/random';
import type { SettingsStore } from './settings/store';
import type { LiveSharing } from './live/links';
import type { ChartRenderer } from './views/recap-chart';

/**
 * The long-lived things a handler uses, built once by the composition root (src/app.ts). Storage is
 * reached only through services and stores, never through the database client.
 */
export interface Services {
  random: RandomSource;
  logger: Logger;
  now(): Date;
  /** The channel encounters (/init, /hp), stored atomically in the database. */
  encounters: EncounterService;
  /** Each server's and channel's rule set (/config). */
  settings: SettingsStore;
  /** Each player's characters in each server (/character, /init join, /rest). */
  characters: CharacterStore;
  /** Reads files users attach (/character import file:, /monster import file:). */
  attachments: AttachmentFetcher;
  /** Links to each channel's live page (/init share). */
  live: LiveSharing;
  /** What confirmation buttons do once pressed (/condition add on a whole group). */
  confirmations: Confirmations;
  /** Renders recap charts off the event loop, once per fight and viewer. */
  charts: ChartRenderer;
  /** The SRD monsters and each server's own (/monster, /init add monster:, /attack action:). */
  bestiary: Bestiary;
}

/** What an import expects of an attached file: how large it may be, and how its refusals name it. */
export interface ExpectedFile {
  maxBytes: number;
  /** Completes "that is not …": "a character file". */
  kind: string;
  /** Completes "attach …": "the character's `.json` file". */
  attach: string;
}

/** Reads the text of an attached file, refusing (with a UserError) one too large, of the wrong type or too slow to arrive. */
export interface AttachmentFetcher {
  /** `expected`: the file an import asks for (default: a character file). */
  text(attachment: OptionAttachment, expected?: ExpectedFile): Promise<string>;
}

/** A file given to an attachment option, as Discord describes it: where to fetch it, not its content. */
export interface OptionAttachment {
  name: string;
  url: string;
  /** Bytes, as Discord reports them. */
  size: number;
  contentType: string | null;
}
