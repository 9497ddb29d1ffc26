import { UserError } from '../errors';

/**
 * Bounds how many expensive commands (a fight's recap or export, which read and render its whole
 * log) each user runs at once in this process: past `perUser`, the next is refused in words rather
 * than queued, so that one member cannot keep the bot busy for everyone else.
 */
export class UserSlots {
  private readonly busy = new Map<string, number>();

  constructor(
    private readonly perUser: number,
    private readonly what: string,
  ) {}

  async run<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const taken = this.busy.get(userId) ?? 0;
    if (taken >= this.perUser) throw new UserError(`Your last ${this.what} is still being prepared: wait for it, then ask again.`);
    this.busy.set(userId, taken + 1);
    try {
      return await work();
    } finally {
      const left = (this.busy.get(userId) ?? 1) - 1;
      if (left === 0) this.busy.delete(userId);
      else this.busy.set(userId, left);
    }
  }
}
