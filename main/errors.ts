/** Errors a user can act on, for every Node-side module (CLI, host, publish): printed as one line naming the file and the problem, exit code 2. */
export class UserError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
    this.name = 'UserError';
  }
}

/** A book file that a symbolic link leads out of the book's folder: the app answers it as outside-rulebook. */
export class OutsideFolderError extends UserError {
  /** `what`: the file, or the place that names it ("rulebook.yaml: line 3: `link.md`"). */
  constructor(what: string) {
    super(`${what} leads outside the rulebook folder (through a symbolic link)`);
    this.name = 'OutsideFolderError';
  }
}
