import type { Issue } from "./issue.js";
import { describeReceived } from "./received.js";

/** `value` as message text: itself when a string, else how an error message describes it. */
const text = (value: unknown): string =>
  typeof value === "string" ? value : describeReceived(value);

/** The issues given to an error, as issues whatever was passed (an error never fails to build). */
function issueList(issues: unknown): Issue[] {
  if (!Array.isArray(issues)) return [];
  return issues.map((issue): Issue => {
    if (typeof issue !== "object" || issue === null) {
      return { code: "invalid_input", severity: "error", message: text(issue) };
    }
    const { code, severity, message, path } = issue as Record<string, unknown>;
    return {
      code: text(code),
      severity: severity === "warning" || severity === "info" ? severity : "error",
      message: text(message),
      ...(path === undefined ? {} : { path: text(path) }),
    };
  });
}

/** Marks every error of this library, so `is()` works across ESM/CJS copies and realms. */
const MARKER = Symbol.for("contextfmt.error");

/**
 * Base of every error this library throws. Use the static `is()` rather than `instanceof`: it also
 * recognises errors thrown by another copy of the package (ESM next to CJS, two versions).
 *
 * @example
 * ```ts
 * try { manager.format("claude", input) } catch (error) {
 *   if (InvalidInputError.is(error)) console.error(error.message);
 * }
 * ```
 */
export class ContextFmtError extends Error {
  /** The `name` every instance of this class carries; subclasses set their own. */
  static readonly errorName: string = "ContextFmtError";

  constructor(message: string, options?: { cause?: unknown }) {
    super(
      text(message),
      typeof options === "object" && options !== null && "cause" in options
        ? { cause: options.cause }
        : undefined,
    );
    this.name = (new.target as typeof ContextFmtError).errorName;
    Object.defineProperty(this, MARKER, { value: true });
  }

  /** Whether `value` is an error of this class (or, called on the base, any error of this library). */
  static is<T extends ContextFmtError>(
    this: { readonly errorName: string; prototype: T },
    value: unknown,
  ): value is T {
    if (typeof value !== "object" || value === null) return false;
    if ((value as Record<symbol, unknown>)[MARKER] !== true) return false;
    // `this` is the class `is` was called on: `InvalidInputError.is(x)` checks for that subclass.
    // biome-ignore lint/complexity/noThisInStatic: the check is per subclass on purpose
    return this.errorName === ContextFmtError.errorName || (value as Error).name === this.errorName;
  }
}

/**
 * Input or options did not match the schema. `issues` holds one entry per problem, each with the
 * path into the input (`rules[1].authority`) and what was expected.
 */
export class InvalidInputError extends ContextFmtError {
  static override readonly errorName: string = "InvalidInputError";
  readonly issues: readonly Issue[];

  constructor(issues: readonly Issue[]) {
    const list = issueList(issues);
    super(
      list
        .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
        .join("\n"),
    );
    this.issues = list;
  }
}

/** Throws one {@link InvalidInputError} at `path`: `expected <expected>, received <value>`. */
export function badArgument(path: string, expected: string, received: unknown): never {
  throw new InvalidInputError([
    {
      code: "invalid_input",
      severity: "error",
      path,
      message: `expected ${expected}, received ${describeReceived(received)}`,
    },
  ]);
}

/** Whether any issue in the list is error-severity (what makes `strict: true` throw). */
export function hasErrors(issues: readonly Issue[]): boolean {
  if (!Array.isArray(issues)) badArgument("issues", "an array of issues", issues);
  return issues.some((issue) => (issue as Issue | null)?.severity === "error");
}

/** No adapter is registered under the requested id; the message lists the registered ids. */
export class UnknownAdapterError extends ContextFmtError {
  static override readonly errorName: string = "UnknownAdapterError";
  readonly id: string;
  readonly known: readonly string[];

  constructor(id: string, known: readonly string[]) {
    const ids = Array.isArray(known) ? known.map(text) : [];
    super(
      `unknown adapter "${text(id)}"; registered: ${ids.map((k) => `"${k}"`).join(", ") || "none"}`,
    );
    this.id = id;
    this.known = ids;
  }
}

/** `strict: true` formatting found error-severity issues; they are in `issues`. */
export class FormatValidationError extends ContextFmtError {
  static override readonly errorName: string = "FormatValidationError";
  readonly issues: readonly Issue[];

  constructor(adapterId: string, issues: readonly Issue[]) {
    const list = issueList(issues);
    const errors = list.filter((issue) => issue.severity === "error");
    super(
      `${text(adapterId)}: ${errors.length} validation error(s)\n${errors
        .map((issue) => `- ${issue.code}${issue.path ? ` at ${issue.path}` : ""}: ${issue.message}`)
        .join("\n")}`,
    );
    this.issues = list;
  }
}

/**
 * No agent-config format of the requested kind is registered under the id. An
 * {@link InvalidInputError} whose one issue names the option (`from`, `to`, `format`) and lists
 * the registered ids, so a caller can offer them.
 */
export class UnknownFormatError extends InvalidInputError {
  static override readonly errorName: string = "UnknownFormatError";
  /** The kind looked up: `command`, `mcp`, `agent` or `skill`. */
  readonly kind: string;
  readonly id: unknown;
  readonly known: readonly string[];

  constructor(kind: string, id: unknown, known: readonly string[], option = "format") {
    const ids = Array.isArray(known) ? known.map(text) : [];
    super([
      {
        code: "invalid_input",
        severity: "error",
        message: `expected ${ids.map((k) => `"${k}"`).join(" | ") || `a registered ${text(kind)} format`}, received ${typeof id === "string" ? JSON.stringify(id) : describeReceived(id)}`,
        path: text(option),
      },
    ]);
    this.kind = text(kind);
    this.id = id;
    this.known = ids;
  }
}
