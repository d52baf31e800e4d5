/**
 * Fast parsing of valid input, in front of zod: plain functions that check a value's shape and
 * build the same output the zod schema would (defaults applied, unknown keys dropped, dates
 * made `Date`s), or say {@link MISMATCH} at the first thing they do not expect. On a mismatch the
 * caller parses with the zod schema, which accepts what the fast parser was too strict for and
 * words the error for what is really wrong. So messages stay zod's, and valid input — nearly all
 * of it, and all of a 10,000-rule list — costs a walk over the values and no more.
 *
 * A fast parser must never accept what its schema rejects nor build a different value: a
 * property test runs both on the same inputs for every schema that has one.
 */

/** What a fast parser returns when the value is not what it expects. */
export const MISMATCH: unique symbol = Symbol("mismatch");

/** Parses a value, or returns {@link MISMATCH}. */
export type FastParse<T> = (value: unknown) => T | typeof MISMATCH;

/** One key of an object: required, optional (absent stays absent), or with a default. */
export interface FastField<T> {
  readonly parse: FastParse<T>;
  readonly absent: "required" | "optional" | "default";
  /** The value of an absent key with a default (a new one each time, as zod's default is). */
  readonly fallback?: () => T;
}

/** `typeof value === "object"`, not null, not an array: what zod's object schema takes. */
function isObjectLike(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A string, at least `minLength` long, matching `pattern` when one is given. */
export function fastString(minLength = 0, pattern?: RegExp): FastParse<string> {
  return (value) => {
    if (typeof value !== "string" || value.length < minLength) return MISMATCH;
    if (pattern !== undefined) {
      pattern.lastIndex = 0;
      if (!pattern.test(value)) return MISMATCH;
    }
    return value;
  };
}

/** A finite number (`integer`: a safe integer) within `[min, max]`. */
export function fastNumber(
  min = Number.NEGATIVE_INFINITY,
  max = Number.POSITIVE_INFINITY,
  integer = false,
): FastParse<number> {
  return (value) => {
    if (typeof value !== "number") return MISMATCH;
    if (integer ? !Number.isSafeInteger(value) : !Number.isFinite(value)) return MISMATCH;
    return value < min || value > max ? MISMATCH : value;
  };
}

/** `true` or `false`. */
export const fastBoolean: FastParse<boolean> = (value) =>
  typeof value === "boolean" ? value : MISMATCH;

/** One of `values`. */
export function fastEnum<const V extends string>(values: readonly V[]): FastParse<V> {
  return (value) => (values.includes(value as V) ? (value as V) : MISMATCH);
}

/** Any value `accept` takes, as it is. */
export function fastCustom<T>(accept: (value: unknown) => boolean): FastParse<T> {
  return (value) => (accept(value) ? (value as T) : MISMATCH);
}

/** A value `accept` takes, then changed by `transform` (zod's `pipe(custom, transform)`). */
export function fastTransform<A, T>(
  accept: (value: unknown) => value is A,
  transform: (value: A) => T,
): FastParse<T> {
  return (value) => (accept(value) ? transform(value) : MISMATCH);
}

/** An array whose every element `element` takes; a new array of the parsed elements. */
export function fastArray<T>(element: FastParse<T>): FastParse<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return MISMATCH;
    const out = new Array<T>(value.length);
    for (let index = 0; index < value.length; index += 1) {
      const parsed = element(value[index]);
      if (parsed === MISMATCH) return MISMATCH;
      out[index] = parsed;
    }
    return out;
  };
}

/** A required key. */
export function required<T>(parse: FastParse<T>): FastField<T> {
  return { parse, absent: "required" };
}

/** An optional key: absent stays absent; present and `undefined` stays `undefined`. */
export function optional<T>(parse: FastParse<T>): FastField<T | undefined> {
  return { parse, absent: "optional" };
}

/** A key that is `fallback()` when absent or `undefined`. */
export function withDefault<T>(parse: FastParse<T>, fallback: () => T): FastField<T> {
  return { parse, absent: "default", fallback };
}

/**
 * An object with these keys, in this order, as zod's (stripping) object builds it: unknown keys
 * dropped, defaults filled in, an optional key given as `undefined` kept as `undefined`. With
 * `strict`, as zod's strict object: any other key is a mismatch.
 */
export function fastObject<T>(
  fields: { readonly [K in keyof T]: FastField<T[K]> },
  strict = false,
): FastParse<T> {
  const keys = Object.keys(fields);
  const parsers = Object.values(fields) as FastField<unknown>[];
  const known = new Set(keys);
  const parse: FastParse<T> = (value) => {
    if (!isObjectLike(value)) return MISMATCH;
    // zod's strict object looks at every enumerable key, inherited ones too.
    if (strict) for (const key in value) if (!known.has(key)) return MISMATCH;
    const out: Record<string, unknown> = {};
    for (let at = 0; at < keys.length; at += 1) {
      const key = keys[at] as string;
      const field = parsers[at] as FastField<unknown>;
      const input = value[key];
      if (input === undefined) {
        if (field.absent === "required") return MISMATCH;
        if (field.absent === "default") out[key] = (field.fallback as () => unknown)();
        else if (key in value) out[key] = undefined;
        continue;
      }
      const parsed = field.parse(input);
      if (parsed === MISMATCH) return MISMATCH;
      out[key] = parsed;
    }
    return out as T;
  };
  return Object.assign(parse, { keys });
}

// Filled only while the model modules load, then only read: which schema has which fast parser.
const FAST_PARSERS = new WeakMap<object, FastParse<unknown>>();

/**
 * Gives `schema` a fast parser, which `parseWith` and `accepts` try first; returns `schema`.
 *
 * @example
 * ```ts
 * export const FlagSchema = withFastParse(z.boolean(), fastBoolean);
 * ```
 */
export function withFastParse<S extends object>(schema: S, parse: FastParse<unknown>): S {
  FAST_PARSERS.set(schema, parse);
  return schema;
}

/** The fast parser of `schema`, if it has one. */
export function fastParserOf(schema: object): FastParse<unknown> | undefined {
  return FAST_PARSERS.get(schema);
}

/**
 * The keys of an object schema, from its fast parser when it has one (so the schema need not be
 * built), else from its shape; `undefined` when it is not an object schema.
 */
export function objectKeysOf(schema: object): readonly string[] | undefined {
  const fast = FAST_PARSERS.get(schema) as { keys?: readonly string[] } | undefined;
  if (fast?.keys) return fast.keys;
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : undefined;
}
