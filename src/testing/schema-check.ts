/**
 * A checker for the part of JSON Schema (draft 07) that Codex CLI's generated hook output schemas
 * use: `type`, `const`, `enum`, `properties`, `required`, `additionalProperties`, `allOf`,
 * `anyOf`, `$ref` to `#/definitions/…`, `if`/`then` and the one `pattern` they hold. A keyword or
 * pattern outside that part is an error, never a silent pass; a test runs it side by side with
 * ajv on generated outputs of every schema.
 */
import { ContextFmtError } from "../problems/errors.js";

type Schema = boolean | Readonly<Record<string, unknown>>;

/** Keywords that only annotate. */
const ANNOTATIONS = new Set(["$schema", "title", "description", "default", "definitions"]);

const CHECKED = new Set([
  "type",
  "const",
  "enum",
  "properties",
  "required",
  "additionalProperties",
  "allOf",
  "anyOf",
  "$ref",
  "if",
  "then",
  "pattern",
]);

/**
 * The patterns the schemas hold, each as a test that takes linear time: the pattern itself,
 * searched unanchored, backtracks quadratically on a long blank string.
 */
const PATTERNS: Readonly<Record<string, (text: string) => boolean>> = {
  ".*\\S.*": (text) => /\S/.test(text),
};

/** Thrown for a schema that uses JSON Schema beyond what this checker reads. */
export class UnsupportedSchemaError extends ContextFmtError {
  static override readonly errorName: string = "UnsupportedSchemaError";
}

const typeOf = (value: unknown): string => {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
};

const matchesType = (value: unknown, type: string) => {
  const actual = typeOf(value);
  return actual === type || (type === "number" && actual === "integer");
};

const where = (path: string) => path || "(output)";

/** A JSON value's equality, for `const` and `enum`. */
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Appends `more` one by one: spreading a long list into push() overflows the stack. */
function addAll(problems: string[], more: readonly string[]): void {
  for (const problem of more) problems.push(problem);
}

/**
 * Every way `value` breaks `schema`, as `path: problem` lines; `[]` when it conforms. `root`
 * resolves `$ref`s.
 */
export function schemaProblems(
  schema: Schema,
  value: unknown,
  root: Schema = schema,
  path = "",
): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${where(path)}: not allowed here`];
  for (const key of Object.keys(schema)) {
    if (!ANNOTATIONS.has(key) && !CHECKED.has(key)) {
      throw new UnsupportedSchemaError(`schema keyword ${JSON.stringify(key)} is not supported`);
    }
  }
  const problems: string[] = [];
  if (typeof schema.$ref === "string") {
    const name = /^#\/definitions\/(.+)$/.exec(schema.$ref)?.[1];
    const definitions = (root as { definitions?: Record<string, Schema> }).definitions ?? {};
    const target = name === undefined ? undefined : definitions[name];
    if (target === undefined) throw new UnsupportedSchemaError(`unresolved $ref ${schema.$ref}`);
    addAll(problems, schemaProblems(target, value, root, path));
  }
  if (schema.type !== undefined) {
    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
    if (!types.some((type) => matchesType(value, type))) {
      return [`${where(path)}: expected ${types.join(" or ")}, received ${typeOf(value)}`];
    }
  }
  if ("const" in schema && !sameJson(value, schema.const)) {
    problems.push(`${where(path)}: expected ${JSON.stringify(schema.const)}`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(value, option))) {
    problems.push(
      `${where(path)}: expected one of ${schema.enum.map((o) => JSON.stringify(o)).join(", ")}`,
    );
  }
  if (typeof schema.pattern === "string" && typeof value === "string") {
    const test = PATTERNS[schema.pattern];
    if (!test)
      throw new UnsupportedSchemaError(
        `pattern ${JSON.stringify(schema.pattern)} is not supported`,
      );
    if (!test(value)) problems.push(`${where(path)}: does not match ${schema.pattern}`);
  }
  for (const part of (schema.allOf as Schema[] | undefined) ?? []) {
    addAll(problems, schemaProblems(part, value, root, path));
  }
  const anyOf = schema.anyOf as Schema[] | undefined;
  if (anyOf && !anyOf.some((part) => schemaProblems(part, value, root, path).length === 0)) {
    const first = anyOf
      .map((part) => schemaProblems(part, value, root, path))
      .find((p) => p.length > 0);
    addAll(problems, first ?? [`${where(path)}: matches none of anyOf`]);
  }
  if (
    schema.if !== undefined &&
    schemaProblems(schema.if as Schema, value, root, path).length === 0
  ) {
    if (schema.then !== undefined)
      addAll(problems, schemaProblems(schema.then as Schema, value, root, path));
  }
  if (typeOf(value) === "object") {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in object)) problems.push(`${where(path)}: ${key} is required`);
    }
    for (const [key, inner] of Object.entries(object)) {
      const at = path ? `${path}.${key}` : key;
      const own = properties[key];
      if (own !== undefined) addAll(problems, schemaProblems(own, inner, root, at));
      else if (schema.additionalProperties === false) problems.push(`${at}: not a known field`);
      else if (typeof schema.additionalProperties === "object") {
        addAll(problems, schemaProblems(schema.additionalProperties as Schema, inner, root, at));
      }
    }
  }
  return problems;
}
