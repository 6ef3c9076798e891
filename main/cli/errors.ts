/** Errors a user can act on: printed as one line naming the file and the problem, exit code 2. */
export class UserError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
    this.name = 'UserError';
  }
}
