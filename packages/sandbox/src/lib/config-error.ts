/** A SANDBOX_* variable the sandbox cannot use; `variable` names it, so a launcher can say which. */
export class SandboxConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'SandboxConfigError';
  }
}
