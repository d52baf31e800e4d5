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
  const result = zodParse(schema, data, root);
  if (result.success) return result.data;
  throw new InvalidInputError(zodIssuesToIssues(result.error.issues, root));
}

/** Items of each list zod is given again when it ran out of stack listing the problems. */
const FIRST_ITEMS = 1_000;

/**
 * zod's parse. zod runs out of stack gathering some 100,000 problems under one key (it spreads
 * them into a push), as a list of 50,000 items of the wrong shape gives: the problems of each
 * list's first {@link FIRST_ITEMS} items are reported then (their paths are the same), or, when
 * those items are fine, one error saying the problems are too many to list.
 */
function zodParse<S extends z.core.$ZodType>(
  schema: S,
  data: unknown,
  root: string,
): z.core.util.SafeParseResult<z.output<S>> {
  const zod = loadZod();
  const full = zodSchemaOf(schema);
  try {
    return zod.safeParse(full, data, { reportInput: true });
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const first = zod.safeParse(full, firstItems(data, 4), { reportInput: true });
    if (!first.success) return first;
    throw new InvalidInputError([
      {
        code: "invalid_input",
        severity: "error",
        message: `too many problems to list: more than 100,000 values are not what is expected after the first ${FIRST_ITEMS} of a list`,
        path: root || "(input)",
      },
    ]);
  }
}

/** A copy of `data` whose lists, `depth` levels down, keep their first {@link FIRST_ITEMS} items. */
function firstItems(data: unknown, depth: number): unknown {
  if (depth === 0 || typeof data !== "object" || data === null) return data;
  if (Array.isArray(data)) {
    return data.slice(0, FIRST_ITEMS).map((item) => firstItems(item, depth - 1));
  }
  if (Object.getPrototypeOf(data) !== Object.prototype) return data;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) copy[key] = firstItems(value, depth - 1);
  return copy;
}

/** Whether `schema` accepts `data` (no error is built or thrown). */
export function accepts(schema: z.core.$ZodType, data: unknown): boolean {
  if (parseFast(schema, data) !== undefined) return true;
  try {
    return loadZod().safeParse(zodSchemaOf(schema), data).success;
  } catch (error) {
    // zod runs out of stack only listing a great many problems: see zodParse.
    if (error instanceof RangeError) return false;
    throw error;
  }
}
