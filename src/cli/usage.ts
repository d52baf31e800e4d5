import { parseArgs } from "node:util";
import { closestChoice } from "../problems/suggest.js";
import { UsageError } from "../problems/usage-error.js";

export { UsageError };

/**
 * A flag's type as `node:util`'s `parseArgs` takes it; a switch may take one of `values` after
 * an `=` (`--strict=warnings`), never as the next argument.
 */
type FlagSpec = Readonly<
  Record<string, { type: "string" | "boolean"; short?: string; values?: readonly string[] }>
>;

/**
 * Each flag's value by name (`help` among them): a string or a boolean, as its type says; a
 * switch with `values`, true or the value given.
 */
export type FlagValues<F extends FlagSpec> = {
  -readonly [K in keyof F]?:
    | (F[K]["type"] extends "string"
        ? string
        : F[K]["values"] extends readonly (infer V)[]
          ? boolean | V
          : boolean)
    | undefined;
} & { help?: boolean | undefined };

/** `-5` or `-.5`: a value a user meant (a negative number), not a flag left without its value. */
const NUMBER_LIKE = /^-[\d.]/;

/**
 * Parses a subcommand's arguments strictly: an unknown flag (with the nearest known one as a
 * suggestion), a flag without its value or a switch given one is a {@link UsageError} that
 * points to the subcommand's `--help`. A value that looks like a negative number is taken as
 * the flag's value, so `--budget -5` reaches the flag's own check and its message.
 */
export function parseFlags<F extends FlagSpec>(
  command: string,
  args: readonly string[],
  flags: F,
): { values: FlagValues<F>; positionals: string[] } {
  const options: FlagSpec = { ...flags, help: { type: "boolean", short: "h" } };
  // Not strict: node's own messages for these cases are several sentences long and name no
  // near miss; each token is checked below instead.
  const { values, positionals, tokens } = parseArgs({
    args: [...args],
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const seeHelp = `see "contextfmt ${command} --help"`;
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const spec = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    const type = spec?.type;
    if (type === undefined) {
      const near = closestChoice(token.name, Object.keys(options));
      throw new UsageError(
        `unknown option ${JSON.stringify(token.rawName)}; ${
          near === undefined ? "" : `did you mean "--${near}"? `
        }${seeHelp}`,
      );
    }
    if (type === "boolean" && token.value !== undefined) {
      const allowed = spec?.values ?? [];
      if (token.inlineValue && allowed.includes(token.value)) continue;
      throw new UsageError(
        `${token.rawName} takes ${
          allowed.length === 0
            ? "no value"
            : `no value or ${allowed.map((value) => `=${value}`).join(", ")}`
        }, received ${JSON.stringify(token.value)}; ${seeHelp}`,
      );
    }
    const value = token.value;
    if (
      type === "string" &&
      (value === undefined ||
        (!token.inlineValue &&
          value.length > 1 &&
          value.startsWith("-") &&
          !NUMBER_LIKE.test(value)))
    ) {
      throw new UsageError(`${token.rawName}: missing its value; ${seeHelp}`);
    }
  }
  return { values: values as FlagValues<F>, positionals };
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
