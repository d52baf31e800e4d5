/**
 * Input shapes, each declared once, in zod/mini's own words (`object`, `string`, `_default`,
 * checks such as `minLength`). A declaration gives:
 *
 * - **the zod schema**, built on first use (zod loads then): the declaration stands in for it, so
 *   callers parse with it, compose it into their own schemas and write JSON Schema from it, and
 *   errors are worded from it;
 * - **a fast check**, compiled once from the declaration on its first parse: valid input is
 *   parsed into exactly the value zod builds (defaults filled in, unknown keys dropped, dates
 *   made `Date`s) without zod; anything it does not take goes to zod, which words the error;
 * - **the TypeScript types**: a declaration is typed as the zod schema it builds, so
 *   `z.input` / `z.output` of it are the input and output types.
 *
 * Only declarations compose with declarations (the fast check must know every part). Where code
 * may not be generated at run time (`new Function` refused), parsing goes to zod every time.
 */
import type * as z from "zod/mini";
import { loadZod, type Zod } from "./load-zod.js";

type SomeType = z.core.SomeType;
type Schema = z.core.$ZodType;
/** What this library gives zod beside a schema or check: the text of its error. */
type Params = { readonly error: string };
type Literal = string | number | boolean | null;

/** What a declaration's `superRefine` function receives beside the value. */
type RefineContext = { addIssue(issue: z.core.$ZodRawIssue): void };

/** What a check says, as data. */
export type CheckNode =
  | {
      readonly kind: "minLength" | "gte" | "lte";
      readonly value: number;
      readonly params: Params | undefined;
    }
  | { readonly kind: "regex"; readonly pattern: RegExp; readonly params: Params | undefined }
  | { readonly kind: "refine"; readonly test: (value: never) => unknown; readonly params: Params }
  | { readonly kind: "superRefine"; readonly refine: (value: never, ctx: RefineContext) => void };

/** A check of a value of type `T`, given to the declared type (zod/mini's `.check(...)`). */
export type Check<T> = CheckNode & { readonly valueType?: (value: T) => void };

/** What a declaration says, as data: what the fast check is compiled from and zod built from. */
export type Node =
  | { readonly kind: "string" | "number" | "int"; readonly checks: readonly CheckNode[] }
  | { readonly kind: "boolean" | "unknown" }
  | { readonly kind: "literal"; readonly value: Literal }
  | { readonly kind: "enum"; readonly values: readonly string[] }
  | {
      readonly kind: "custom";
      readonly accept: (value: unknown) => unknown;
      readonly params: Params;
    }
  | { readonly kind: "transform"; readonly transform: (value: never) => unknown }
  | { readonly kind: "pipe"; readonly from: Declaration; readonly to: Declaration }
  | { readonly kind: "array"; readonly element: Declaration; readonly checks: readonly CheckNode[] }
  | {
      readonly kind: "object";
      readonly shape: Readonly<Record<string, Declaration>>;
      /** What happens to keys the shape does not name: dropped, refused, or kept as they are. */
      readonly others: "strip" | "strict" | "loose";
    }
  | { readonly kind: "optional" | "nullable"; readonly inner: Declaration }
  | { readonly kind: "default"; readonly inner: Declaration; readonly value: unknown }
  | {
      readonly kind: "union";
      readonly options: readonly Declaration[];
      readonly params: Params | undefined;
    };

/** A declared shape, with its zod schema and fast check once made. */
export interface Declaration {
  readonly node: Node;
  /** The zod schema, once built. */
  schema?: Schema;
  /** The fast check, once compiled; `null` where code cannot be generated. */
  check?: FastCheck | null;
}

/** What a fast check returns for a value it does not take. */
const NO: unique symbol = Symbol("no");
type FastCheck = (value: unknown) => unknown;

// Filled as the declaring modules load, then only read: the declaration behind each stand-in.
const DECLARATIONS = new WeakMap<object, Declaration>();

/** The declaration behind `schema`, or `undefined` for any other value. */
export function declarationOf(schema: unknown): Declaration | undefined {
  return typeof schema === "object" && schema !== null ? DECLARATIONS.get(schema) : undefined;
}

function declared(schema: unknown): Declaration {
  const declaration = declarationOf(schema);
  if (!declaration) throw new TypeError("a declaration composes only declarations");
  return declaration;
}

/**
 * What a declaration's stand-in does: whatever is asked of it, its zod schema (built on the first
 * ask) answers. The proxy's target is the declaration itself, so one handler serves them all.
 */
const STAND_IN: ProxyHandler<Declaration> = {
  get: (declaration, key) => Reflect.get(zodSchema(declaration), key),
  set: (declaration, key, value) => Reflect.set(zodSchema(declaration), key, value),
  has: (declaration, key) => Reflect.has(zodSchema(declaration), key),
  ownKeys: (declaration) => Reflect.ownKeys(zodSchema(declaration)),
  getOwnPropertyDescriptor: (declaration, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(zodSchema(declaration), key);
    // A proxy may report a property its target lacks only as configurable.
    return descriptor && { ...descriptor, configurable: true };
  },
  defineProperty: (declaration, key, descriptor) =>
    Reflect.defineProperty(zodSchema(declaration), key, descriptor),
  deleteProperty: (declaration, key) => Reflect.deleteProperty(zodSchema(declaration), key),
  getPrototypeOf: (declaration) => Reflect.getPrototypeOf(zodSchema(declaration)),
};

/** Declares `node`: returns its stand-in, typed as the zod schema it builds. */
function declareNode<S>(node: Node): S {
  const declaration: Declaration = { node };
  const standIn = new Proxy(declaration, STAND_IN);
  DECLARATIONS.set(standIn, declaration);
  return standIn as unknown as S;
}

// ---------------------------------------------------------------------------------------------
// The vocabulary: zod/mini's functions of the same names, with checks given as arguments.

/** A string (zod's `string().check(...checks)`). */
export function string(...checks: Check<string>[]): z.ZodMiniString<string> {
  return declareNode({ kind: "string", checks });
}

/** A finite number. */
export function number(...checks: Check<number>[]): z.ZodMiniNumber<number> {
  return declareNode({ kind: "number", checks });
}

/** A safe integer. */
export function int(...checks: Check<number>[]): z.ZodMiniInt {
  return declareNode({ kind: "int", checks });
}

/** `true` or `false`. */
export function boolean(): z.ZodMiniBoolean<boolean> {
  return declareNode({ kind: "boolean" });
}

/** Anything, as it is. */
export function unknown(): z.ZodMiniUnknown {
  return declareNode({ kind: "unknown" });
}

/** Exactly `value`. */
export function literal<const T extends Literal>(value: T): z.ZodMiniLiteral<T> {
  return declareNode({ kind: "literal", value });
}

/** One of `values`. */
function enumOf<const T extends readonly string[]>(
  values: T,
): z.ZodMiniEnum<z.core.util.ToEnum<T[number]>> {
  return declareNode({ kind: "enum", values });
}

export { enumOf as enum };

/** Any value `accept` says yes to, as it is; `error` words the refusal. */
export function custom<T>(
  accept: (value: unknown) => boolean,
  params: Params,
): z.ZodMiniCustom<T, T> {
  return declareNode({ kind: "custom", accept, params });
}

/** The value made into another (the second step of a {@link pipe}). */
export function transform<I, O>(transform: (value: I) => O): z.ZodMiniTransform<O, I> {
  return declareNode({ kind: "transform", transform: transform as (value: never) => unknown });
}

/** `from`'s output parsed by `to`. */
export function pipe<const A extends SomeType, B extends z.core.$ZodType<unknown, z.output<A>>>(
  from: A,
  to: B,
): z.ZodMiniPipe<A, B> {
  return declareNode({ kind: "pipe", from: declared(from), to: declared(to) });
}

/** An array of `element`s (a new array of the parsed elements). */
export function array<T extends SomeType>(
  element: T,
  ...checks: Check<z.output<T>[]>[]
): z.ZodMiniArray<T> {
  return declareNode({
    kind: "array",
    element: declared(element),
    checks,
  });
}

function shapeOf(shape: z.core.$ZodLooseShape): Record<string, Declaration> {
  const declarations: Record<string, Declaration> = {};
  for (const [key, schema] of Object.entries(shape)) {
    // zod leaves a `__proto__` key out of what it builds; no shape here needs one.
    if (key === "__proto__") throw new TypeError("a shape has no __proto__ key");
    declarations[key] = declared(schema);
  }
  return declarations;
}

/** An object of these keys, in this order; other keys are dropped. */
export function object<T extends z.core.$ZodLooseShape>(
  shape: T,
): z.ZodMiniObject<z.core.util.Writeable<T>, z.core.$strip> {
  return declareNode({ kind: "object", shape: shapeOf(shape), others: "strip" });
}

/** An object of these keys and no other. */
export function strictObject<T extends z.core.$ZodLooseShape>(
  shape: T,
): z.ZodMiniObject<z.core.util.Writeable<T>, z.core.$strict> {
  return declareNode({ kind: "object", shape: shapeOf(shape), others: "strict" });
}

/** An object of these keys; other keys are kept as they are. */
export function looseObject<T extends z.core.$ZodLooseShape>(
  shape: T,
): z.ZodMiniObject<z.core.util.Writeable<T>, z.core.$loose> {
  return declareNode({ kind: "object", shape: shapeOf(shape), others: "loose" });
}

/** `inner` or `undefined` (in an object: the key may be absent). */
export function optional<T extends SomeType>(inner: T): z.ZodMiniOptional<T> {
  return declareNode({ kind: "optional", inner: declared(inner) });
}

/** `inner` or `null`. */
export function nullable<T extends SomeType>(inner: T): z.ZodMiniNullable<T> {
  return declareNode({ kind: "nullable", inner: declared(inner) });
}

/**
 * `inner`, or `value` when the value is `undefined` (a function: what it returns, called each
 * time; an array or object: a new copy each time, as zod gives it).
 */
export function _default<T extends SomeType>(
  inner: T,
  value: z.core.util.NoUndefined<z.output<T>> | (() => z.core.util.NoUndefined<z.output<T>>),
): z.ZodMiniDefault<T> {
  return declareNode({ kind: "default", inner: declared(inner), value });
}

/** The first of `options` that takes the value; `error` words the refusal. */
export function union<const T extends readonly SomeType[]>(
  options: T,
  params?: Params,
): z.ZodMiniUnion<T> {
  return declareNode({ kind: "union", options: options.map(declared), params });
}

// Checks.

/** At least `length` characters (or elements). */
export function minLength(length: number, params?: Params): Check<string> {
  return { kind: "minLength", value: length, params };
}

/** Matches `pattern` (which has neither the `g` nor the `y` flag). */
export function regex(pattern: RegExp, params?: Params): Check<string> {
  if (pattern.global || pattern.sticky) throw new TypeError("a regex check takes no g or y flag");
  return { kind: "regex", pattern, params };
}

/** At least `value`. */
export function gte(value: number, params?: Params): Check<number> {
  return { kind: "gte", value, params };
}

/** At most `value`. */
export function lte(value: number, params?: Params): Check<number> {
  return { kind: "lte", value, params };
}

/** `test` says yes to the value. */
export function refine<T>(test: (value: T) => unknown, params: Params): Check<T> {
  return { kind: "refine", test: test as (value: never) => unknown, params };
}

/** `refine` adds no issue for the value (it may name a path inside it). */
export function superRefine<T>(refine: (value: T, ctx: RefineContext) => void): Check<T> {
  return { kind: "superRefine", refine: refine as (value: never, ctx: RefineContext) => void };
}

// ---------------------------------------------------------------------------------------------
// The zod schema of a declaration.

function zodSchema(declaration: Declaration): Schema {
  declaration.schema ??= buildSchema(declaration.node, loadZod());
  return declaration.schema;
}

function zodCheck(node: CheckNode, z: Zod): z.core.$ZodCheck<never> {
  switch (node.kind) {
    case "minLength":
      return z.minLength(node.value, node.params) as z.core.$ZodCheck<never>;
    case "regex":
      return z.regex(node.pattern, node.params) as z.core.$ZodCheck<never>;
    case "gte":
      return z.gte(node.value, node.params) as z.core.$ZodCheck<never>;
    case "lte":
      return z.lte(node.value, node.params) as z.core.$ZodCheck<never>;
    case "refine":
      return z.refine(node.test, node.params);
    case "superRefine":
      return z.superRefine(node.refine as (value: never, ctx: unknown) => void);
  }
}

function withChecks<S extends z.ZodMiniType>(schema: S, checks: readonly CheckNode[], z: Zod): S {
  return checks.length === 0
    ? schema
    : schema.check(...(checks.map((node) => zodCheck(node, z)) as never[]));
}

function buildSchema(node: Node, z: Zod): Schema {
  const child = zodSchema;
  switch (node.kind) {
    case "string":
      return withChecks(z.string(), node.checks, z);
    case "number":
      return withChecks(z.number(), node.checks, z);
    case "int":
      return withChecks(z.int(), node.checks, z);
    case "boolean":
      return z.boolean();
    case "unknown":
      return z.unknown();
    case "literal":
      return z.literal(node.value);
    case "enum":
      return z.enum(node.values as [string, ...string[]]);
    case "custom":
      return z.custom(node.accept, node.params);
    case "transform":
      return z.transform(node.transform);
    case "pipe":
      return z.pipe(child(node.from), child(node.to));
    case "array":
      return withChecks(z.array(child(node.element)), node.checks, z);
    case "object": {
      const shape: Record<string, Schema> = {};
      for (const [key, declaration] of Object.entries(node.shape)) shape[key] = child(declaration);
      if (node.others === "strict") return z.strictObject(shape);
      return node.others === "loose" ? z.looseObject(shape) : z.object(shape);
    }
    case "optional":
      return z.optional(child(node.inner));
    case "nullable":
      return z.nullable(child(node.inner));
    case "default":
      return z._default(child(node.inner), node.value as never);
    case "union":
      return z.union(node.options.map(child), node.params);
  }
}

// ---------------------------------------------------------------------------------------------
// The fast check of a declaration: one function, generated from the declaration, that reads
// each key by name and builds the output object in one shape. A loop over the fields instead
// costs a call and a keyed load and store per field: about four times slower on 10,000 rules.

/** Generates the source of fast checks; constants and functions are passed in as `c0`, `c1`… */
class CheckSource {
  readonly constants: unknown[] = [NO];
  private names = 0;

  /** A constant's name in the source. */
  constant(value: unknown): string {
    this.constants.push(value);
    return `c${this.constants.length - 1}`;
  }

  /** A new variable name. */
  name(): string {
    this.names += 1;
    return `v${this.names}`;
  }

  /**
   * Statements that parse the value in `from` into the (declared) variable `to`, or return NO:
   * exactly what zod's schema of `node` would take and build.
   */
  parse(node: Node, from: string, to: string): string {
    switch (node.kind) {
      case "string":
        return `if (typeof ${from} !== "string"${this.checks(node.checks, from)}) return c0; ${to} = ${from};`;
      case "number":
      case "int": {
        const finite = node.kind === "int" ? "Number.isSafeInteger" : "Number.isFinite";
        return `if (!${finite}(${from})${this.checks(node.checks, from)}) return c0; ${to} = ${from};`;
      }
      case "boolean":
        return `if (typeof ${from} !== "boolean") return c0; ${to} = ${from};`;
      case "unknown":
        return `${to} = ${from};`;
      case "literal":
        return `if (${from} !== ${this.constant(node.value)}) return c0; ${to} = ${from};`;
      case "enum": {
        const none = node.values.map((value) => `${from} !== ${JSON.stringify(value)}`);
        return `if (${none.join(" && ") || "true"}) return c0; ${to} = ${from};`;
      }
      case "custom":
        return `if (!${this.constant(node.accept)}(${from})) return c0; ${to} = ${from};`;
      case "transform":
        return `${to} = ${this.constant(node.transform)}(${from});`;
      case "pipe": {
        const between = this.name();
        return `{ let ${between}; ${this.parse(node.from.node, from, between)} ${this.parse(node.to.node, between, to)} }`;
      }
      case "array":
        return this.array(node.element.node, node.checks, from, to);
      case "object":
        return this.object(node, from, to);
      case "optional":
        return `if (${from} === undefined) ${to} = undefined; else { ${this.parse(node.inner.node, from, to)} }`;
      case "nullable":
        return `if (${from} === null) ${to} = null; else { ${this.parse(node.inner.node, from, to)} }`;
      case "default":
        return `if (${from} === undefined) ${to} = ${this.defaultValue(node.value)}; else { ${this.parse(node.inner.node, from, to)} }`;
      case "union": {
        // Each option is a function of its own: the first that takes the value wins, as in zod.
        const [first, ...rest] = node.options.map(
          (option) => `${this.constant(fastCheck(option))}(${from})`,
        );
        const tries = rest.map((option) => `if (${to} === c0) ${to} = ${option};`).join(" ");
        return `${to} = ${first ?? "c0"}; ${tries} if (${to} === c0) return c0;`;
      }
    }
  }

  /** ` || …` for each check that fails on the value in `value`. */
  private checks(checks: readonly CheckNode[], value: string): string {
    let out = "";
    for (const node of checks) {
      switch (node.kind) {
        case "minLength":
          out += ` || ${value}.length < ${node.value}`;
          break;
        case "gte":
          out += ` || ${value} < ${this.number(node.value)}`;
          break;
        case "lte":
          out += ` || ${value} > ${this.number(node.value)}`;
          break;
        case "regex":
          out += ` || !${this.constant(node.pattern)}.test(${value})`;
          break;
        case "refine":
          out += ` || !${this.constant(node.test)}(${value})`;
          break;
        case "superRefine":
          out += ` || !${this.constant(refinePasses(node.refine))}(${value})`;
          break;
      }
    }
    return out;
  }

  /** A number as a literal where it can be one (V8 folds it), else as a constant. */
  private number(value: number): string {
    return Number.isFinite(value) ? `(${value})` : this.constant(value);
  }

  private defaultValue(value: unknown): string {
    const name = this.constant(value);
    if (typeof value === "function") return `${name}()`;
    if (Array.isArray(value)) return `[...${name}]`;
    return typeof value === "object" && value !== null ? `{ ...${name} }` : name;
  }

  private array(element: Node, checks: readonly CheckNode[], from: string, to: string): string {
    const [out, index, item, parsed] = [this.name(), this.name(), this.name(), this.name()];
    const checked = checks.length === 0 ? "" : `if (false${this.checks(checks, out)}) return c0;`;
    return `if (!Array.isArray(${from})) return c0;
      const ${out} = new Array(${from}.length);
      for (let ${index} = 0; ${index} < ${from}.length; ${index} += 1) {
        const ${item} = ${from}[${index}]; let ${parsed};
        ${this.parse(element, item, parsed)} ${out}[${index}] = ${parsed};
      }
      ${checked} ${to} = ${out};`;
  }

  private object(node: Extract<Node, { kind: "object" }>, from: string, to: string): string {
    const keys = Object.keys(node.shape);
    const known = this.constant(new Set(keys));
    const out = this.name();
    let source = `if (typeof ${from} !== "object" || ${from} === null || Array.isArray(${from})) return c0;`;
    // zod's strict object looks at every enumerable key, inherited ones too.
    if (node.others === "strict")
      source += ` for (const key in ${from}) if (!${known}.has(key)) return c0;`;
    source += ` const ${out} = {};`;
    for (const key of keys) {
      const field = (node.shape[key] as Declaration).node;
      const [value, parsed] = [this.name(), this.name()];
      const name = JSON.stringify(key);
      const property = /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${name}]`;
      source += ` const ${value} = ${from}${property}; let ${parsed};`;
      if (field.kind === "optional") {
        // Absent stays absent; present and `undefined` stays `undefined`, as zod keeps it.
        source += ` if (${value} === undefined) { if (${name} in ${from}) ${out}${property} = undefined; }
          else { ${this.parse(field.inner.node, value, parsed)} ${out}${property} = ${parsed}; }`;
      } else {
        // zod refuses an absent key that is neither optional nor defaulted, even where its schema
        // takes `undefined` (`unknown()`).
        if (field.kind !== "default" && takesUndefined(field)) {
          source += ` if (${value} === undefined && !(${name} in ${from})) return c0;`;
        }
        source += ` ${this.parse(field, value, parsed)} ${out}${property} = ${parsed};`;
      }
    }
    if (node.others === "loose") {
      source += ` for (const key in ${from}) if (!${known}.has(key) && key !== "__proto__") ${out}[key] = ${from}[key];`;
    }
    return `${source} ${to} = ${out};`;
  }
}

/** Whether a declaration may take `undefined` (`true` where only running a function could tell). */
function takesUndefined(node: Node): boolean {
  switch (node.kind) {
    case "string":
    case "number":
    case "int":
    case "boolean":
    case "enum":
    case "array":
    case "object":
    case "literal":
      return false;
    case "nullable":
      return takesUndefined(node.inner.node);
    default:
      return true;
  }
}

/** Whether a `superRefine` function adds no issue for a value. */
function refinePasses(refine: (value: never, ctx: RefineContext) => void) {
  return (value: never): boolean => {
    let passes = true;
    refine(value, {
      addIssue: () => {
        passes = false;
      },
    });
    return passes;
  };
}

/** Compiles a declaration's fast check; `null` where code cannot be generated at run time. */
function compile(declaration: Declaration): FastCheck | null {
  const source = new CheckSource();
  const body = source.parse(declaration.node, "input", "output");
  const names = source.constants.map((_, index) => `c${index}`);
  try {
    const make = new Function(
      ...names,
      `return (input) => { let output; ${body} return output; };`,
    );
    return make(...source.constants) as FastCheck;
  } catch (error) {
    // A content security policy (or --disallow-code-generation-from-strings) refuses it.
    if (error instanceof EvalError) return null;
    throw error;
  }
}

function fastCheck(declaration: Declaration): FastCheck | null {
  if (declaration.check === undefined) declaration.check = compile(declaration);
  return declaration.check;
}

// ---------------------------------------------------------------------------------------------
// What the parsing code asks of a schema.

/**
 * The value `schema` gives for `data` when its fast check takes it; `undefined` when `schema` is
 * not a declaration, the check does not take `data` (zod must look), or none can be compiled here.
 */
export function parseFast(schema: unknown, data: unknown): unknown {
  const declaration = declarationOf(schema);
  const check = declaration && fastCheck(declaration);
  if (!check) return undefined;
  const parsed = check(data);
  return parsed === NO ? undefined : parsed;
}

/** The zod schema itself: a declaration's (built now), or `schema` as it is. */
export function zodSchemaOf<S extends Schema>(schema: S): S {
  const declaration = declarationOf(schema);
  return declaration ? (zodSchema(declaration) as S) : schema;
}

/**
 * Whether `value` is a zod schema: a declaration (known to be one without building it, and
 * starting zod) or a schema that has `_zod`.
 */
export function isSchema(value: unknown): boolean {
  return (
    declarationOf(value) !== undefined ||
    (typeof value === "object" && value !== null && "_zod" in value)
  );
}

/**
 * The keys of an object schema (a declaration's without building it); `undefined` when it is not
 * an object schema.
 */
export function objectKeys(schema: unknown): readonly string[] | undefined {
  const declaration = declarationOf(schema);
  if (declaration) {
    return declaration.node.kind === "object" ? Object.keys(declaration.node.shape) : undefined;
  }
  if (typeof schema !== "object" || schema === null) return undefined;
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : undefined;
}
