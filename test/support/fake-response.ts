import type { ServerResponse } from 'node:http';
import type { LiveView } from '../../src/views/live-view';

/** A response that keeps what is written to it. */
export class FakeResponse {
  written = '';
  ended = false;
  destroyed = false;
  writableLength = 0;
  private onClose: (() => void) | null = null;
  writeHead(): this {
    return this;
  }
  write(text: string | Buffer): boolean {
    this.written += text.toString();
    return true;
  }
  end(text?: string): void {
    if (text !== undefined) this.written += text;
    this.ended = true;
    this.onClose?.();
  }
  destroy(): void {
    this.destroyed = true;
    this.onClose?.();
  }
  once(_event: 'close', listener: () => void): void {
    this.onClose = listener;
  }
  /** The views sent, as the page reads them. */
  views(): LiveView[] {
    return [...this.written.matchAll(/^event: view\ndata: (.*)$/gm)].map((m) => JSON.parse(m[1] ?? '') as LiveView);
  }

  /** As a live stream takes it. */
  asResponse(): ServerResponse {
    return this as unknown as ServerResponse;
  }
}
