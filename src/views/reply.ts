// What a handler returns and a transport shows: the transport-neutral shape of every message.

export interface EmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface Embed {
  title?: string;
  description?: string;
  color?: number;
  fields?: EmbedField[];
  footer?: string;
  /** A picture shown in the embed: `attachment://<name>` for a file of the same reply. */
  image?: string;
}

/** A file sent with a reply (a chart, an export). */
export interface ReplyFile {
  /** The file name people see and download, e.g. `recap.png`; an embed shows it as `attachment://recap.png`. */
  name: string;
  data: Uint8Array;
  /** Alt text. */
  description?: string;
}

export type ButtonStyle = 'primary' | 'secondary' | 'success' | 'danger';

export interface Button {
  customId: string;
  label: string;
  style: ButtonStyle;
  disabled?: boolean;
}

/** One row of up to five buttons. */
export interface ButtonRow {
  buttons: Button[];
}

/** A transport-neutral reply. */
export interface Reply {
  content?: string;
  embeds?: Embed[];
  components?: ButtonRow[];
  files?: ReplyFile[];
  /** Only the invoking user sees it. */
  ephemeral?: boolean;
  /** User ids this reply is meant to ping; nobody else is ever pinged. */
  mentionUsers?: string[];
  /**
   * For button presses: replace the message the button sits on instead of posting a new one.
   * Ignored for slash commands.
   */
  updateMessage?: boolean;
}
