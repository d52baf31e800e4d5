import { parseArgs } from "node:util";
import { UsageError } from "./usage-error.js";

export { UsageError };

/** A flag's type as `node:util`'s `parseArgs` takes it. */
type FlagSpec = Readonly<Record<string, { type: "string" | "boolean"; short?: string }>>;

/**
 * Parses a subcommand's arguments strictly: an unknown flag or a flag without its value is a
 * {@link UsageError} that points to the subcommand's `--help`.
 */
export function parseFlags<F extends FlagSpec>(command: string, args: readonly string[], flags: F) {
  try {
    return parseArgs({
      args: [...args],
      options: { ...flags, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message.split(". ")[0] : String(error);
    throw new UsageError(`${message}; see "contextfmt ${command} --help"`);
  }
}

/** `--budget`-style value: a non-negative integer, or a {@link UsageError} naming the flag. */
export function nonNegativeInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) {
    throw new UsageError(
      `--${flag}: expected a non-negative integer, received ${JSON.stringify(value)}`,
    );
  }
  return Number(value);
}

/** The one positional argument a subcommand needs, or a {@link UsageError} saying which. */
export function positional(
  command: string,
  positionals: readonly string[],
  index: number,
  what: string,
): string {
  const value = positionals[index];
  if (value === undefined) {
    throw new UsageError(`missing ${what}; see "contextfmt ${command} --help"`);
  }
  return value;
}

/** Rejects positionals beyond the `expected` count, so a misplaced argument is not ignored. */
export function noMorePositionals(
  command: string,
  positionals: readonly string[],
  expected: number,
) {
  const extra = positionals.slice(expected);
  if (extra.length > 0) {
    throw new UsageError(
      `unexpected argument ${JSON.stringify(extra[0])}; see "contextfmt ${command} --help"`,
    );
  }
}
