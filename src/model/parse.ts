import type * as z from "zod/mini";
import { badArgument, describeReceived, stringArgument } from "../problems/arguments.js";
import { InvalidInputError } from "../problems/errors.js";
import type { Issue } from "../problems/issue.js";
import { isSchema, parseFast, zodSchemaOf } from "./declare.js";
import { loadZod } from "./load-zod.js";

/** Formats a zod path the way a reader writes it: `rules[1].conditions.condition`. */
export function formatPath(path: readonly PropertyKey[], root = ""): string {
  let out = root;
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else if (typeof key === "string" && /^[A-Za-z_$][\w$]*$/.test(key)) {
      out += out ? `.${key}` : key;
    } else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

function comparison(origin: unknown, inclusive: unknown, bound: unknown, op: "<" | ">"): string {
  const sign = inclusive === false ? op : `${op}=`;
  if (origin === "string") return `a string of length ${sign} ${String(bound)}`;
  if (origin === "array") return `an array of length ${sign} ${String(bound)}`;
  return `a number ${sign} ${String(bound)}`;
}

/** Turns one zod issue into "expected …, received …" wording. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const received = "input" in issue ? `, received ${describeReceived(issue.input)}` : "";
  switch (issue.code) {
    case "invalid_type":
      return `expected ${issue.expected}${received}`;
    case "invalid_value":
      return `expected ${issue.values.map((value) => JSON.stringify(value)).join(" | ")}${received}`;
    case "too_big":
      return `expected ${comparison(issue.origin, issue.inclusive, issue.maximum, "<")}${received}`;
    case "too_small":
      return `expected ${comparison(issue.origin, issue.inclusive, issue.minimum, ">")}${received}`;
    case "unrecognized_keys":
      return `unknown key(s) ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`;
    default:
      return `${issue.message}${received}`;
  }
}

/** Converts zod issues to this library's issues, with readable paths under `root`. */
function zodIssuesToIssues(issues: readonly z.core.$ZodIssue[], root = ""): Issue[] {
  return issues.map((issue) => ({
    code: "invalid_input",
    severity: "error",
    message: describeIssue(issue),
    path: formatPath(issue.path, root) || root || "(input)",
  }));
}

/**
 * Parses `data` with `schema`; on failure throws one {@link InvalidInputError} naming every bad path.
 *
 * @example
 * ```ts
 * const rules = parseWith(RuleSetSchema, json); // throws `rules[1].authority: expected "absolute" | "default", received "x"`
 * ```
 */
export function parseWith<S extends z.core.$ZodType>(
  schema: S,
  data: unknown,
  root = "",
): z.output<S> {
  // The library's own schemas are built on first use: `isSchema` knows them without building.
  if (!isSchema(schema)) badArgument("schema", "a zod schema", schema);
  stringArgument(root, "root");
  const fast = parseFast(schema, data);
  if (fast !== undefined) return fast as z.output<S>;
  const result = loadZod().safeParse(zodSchemaOf(schema), data, { reportInput: true });
  if (result.success) return result.data;
  throw new InvalidInputError(zodIssuesToIssues(result.error.issues, root));
}

/** Whether `schema` accepts `data` (no error is built or thrown). */
export function accepts(schema: z.core.$ZodType, data: unknown): boolean {
  if (parseFast(schema, data) !== undefined) return true;
  return loadZod().safeParse(zodSchemaOf(schema), data).success;
}
