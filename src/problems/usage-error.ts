import { ContextFmtError } from "./errors.js";

/** A bad command line: an unknown flag or subcommand, a missing argument, a malformed value. */
export class UsageError extends ContextFmtError {
  static override readonly errorName: string = "UsageError";
}
