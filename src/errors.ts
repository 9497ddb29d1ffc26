/**
 * A mistake the user can fix (a bad target, a refused permission, a malformed amount). Every layer
 * may throw it; the transports show its message to that user alone, never a stack trace.
 */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}
