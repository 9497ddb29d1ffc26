/**
 * Acknowledges an interaction if its answer is not ready in time:
 * at once for handlers known to be slow, else when the timer runs out.
 */
export class Deferral {
  private acknowledged: Promise<{ error: unknown } | null> | null = null;
  private readonly timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly acknowledge: () => Promise<unknown>,
    afterMs: number,
  ) {
    if (afterMs <= 0) this.start();
    else this.timer = setTimeout(() => this.start(), afterMs);
  }

  private start(): void {
    // Hold the failure as a value so it surfaces in settle() rather than as an unhandled rejection.
    this.acknowledged = this.acknowledge().then(
      (): null => null,
      (error: unknown) => ({ error }),
    );
  }

  /** Stops the timer. True when the interaction was deferred, once Discord has taken the deferral. */
  async settle(): Promise<boolean> {
    if (this.timer) clearTimeout(this.timer);
    if (!this.acknowledged) return false;
    const outcome = await this.acknowledged;
    if (outcome) throw outcome.error;
    return true;
  }
}
