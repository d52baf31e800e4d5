/**
 * What every agent-config value must be before a format writes it out: a tree of bounded size.
 * A file read (YAML aliases) or a value a caller builds may hold the same object under several
 * keys, or an object inside itself. JSON, TOML and YAML writers copy a shared object once per
 * key, so an object shared twice per level doubles the output at every level, and a cycle never
 * ends. One walk visits each object once, remembering what each holds, and finds the first
 * thing that cannot be written.
 */

/** Deepest nesting of objects and lists a value may have: a configuration never needs more. */
export const MAX_VALUE_DEPTH = 100;

/**
 * Most values (objects, lists and the strings, numbers and booleans in them) a value may hold
 * when written out, an object shared by several keys counted once per key, as the writers copy it.
 */
export const MAX_WRITTEN_VALUES = 1_000_000;

/** Why a value cannot be written, and where: the key path under the root the caller gave. */
export interface ValueTreeProblem {
  readonly kind: "proto_key" | "cycle" | "too_deep" | "too_many";
  readonly path: string;
}

const NO_KEYS: readonly string[] = [];

/**
 * One object of the value: its place (parent and key, for the path), what was counted so far,
 * and, once its keys are all walked, what it holds written out (`done`), for every other key
 * that holds it too.
 */
interface Frame {
  readonly value: object;
  readonly parent: Frame | undefined;
  readonly key: string;
  readonly level: number;
  /** Its keys while it is walked; none once done (they are not needed again). */
  keys: readonly string[];
  next: number;
  /** Values written out for this object so far: itself and what its finished children hold. */
  size: number;
  /** Levels of nesting below it so far. */
  height: number;
  done: boolean;
}

/** The key path of `key` under `frame`, as the rest of the library writes it: `servers[0].env.A`. */
function pathOf(root: string, frame: Frame | undefined, key?: string): string {
  const keys: [string, boolean][] = [];
  if (key !== undefined && frame) keys.push([key, Array.isArray(frame.value)]);
  for (let at = frame; at?.parent; at = at.parent) {
    keys.push([at.key, Array.isArray(at.parent.value)]);
  }
  let path = root;
  for (let index = keys.length - 1; index >= 0; index -= 1) {
    const [name, inList] = keys[index] as [string, boolean];
    path = inList ? `${path}[${name}]` : path ? `${path}.${name}` : name;
  }
  return path;
}

/**
 * The first thing in `value` no format can write, or undefined: a key named `__proto__` (an
 * object it is copied into takes it as its prototype), a cycle (named at the key where it
 * closes), nesting deeper than {@link MAX_VALUE_DEPTH}, or more than {@link MAX_WRITTEN_VALUES}
 * values written out. Time linear in the distinct objects and their keys, however they share.
 */
export function valueTreeProblem(value: unknown, root = ""): ValueTreeProblem | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  // Every object met, by identity: one not done yet is on the path from the root to the one
  // being walked, so meeting it again closes a cycle.
  const met = new Map<object, Frame>();
  const stack: Frame[] = [];
  const enter = (object: object, parent: Frame | undefined, key: string) => {
    if (Object.hasOwn(object, "__proto__")) {
      const path = pathOf(root, parent, parent ? key : undefined);
      return { kind: "proto_key" as const, path: path ? `${path}.__proto__` : "__proto__" };
    }
    const level = parent ? parent.level + 1 : 0;
    const frame: Frame = {
      value: object,
      parent,
      key,
      level,
      keys: Object.keys(object),
      next: 0,
      size: 1,
      height: 0,
      done: false,
    };
    met.set(object, frame);
    stack.push(frame);
    return undefined;
  };
  const first = enter(value, undefined, "");
  if (first) return first;
  while (stack.length > 0) {
    const top = stack.at(-1) as Frame;
    if (top.next === top.keys.length) {
      stack.pop();
      top.done = true;
      top.keys = NO_KEYS;
      const parent = stack.at(-1);
      if (parent) {
        parent.size += top.size;
        parent.height = Math.max(parent.height, top.height + 1);
        if (parent.size > MAX_WRITTEN_VALUES) {
          return { kind: "too_many", path: pathOf(root, parent) };
        }
      }
      continue;
    }
    const key = top.keys[top.next++] as string;
    const child = (top.value as Record<string, unknown>)[key];
    if (typeof child !== "object" || child === null) {
      top.size += 1;
      if (top.size > MAX_WRITTEN_VALUES) return { kind: "too_many", path: pathOf(root, top) };
      continue;
    }
    const known = met.get(child);
    if (known && !known.done) return { kind: "cycle", path: pathOf(root, top, key) };
    if (known) {
      if (top.level + 1 + known.height > MAX_VALUE_DEPTH) {
        return { kind: "too_deep", path: pathOf(root, top, key) };
      }
      top.size += known.size;
      top.height = Math.max(top.height, known.height + 1);
      if (top.size > MAX_WRITTEN_VALUES) return { kind: "too_many", path: pathOf(root, top) };
      continue;
    }
    if (top.level + 1 > MAX_VALUE_DEPTH) return { kind: "too_deep", path: pathOf(root, top, key) };
    const problem = enter(child, top, key);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * What is wrong, said for a reader of the message: `what` is what could not happen to a
 * `__proto__` key (`carried over` when a file is read, `written` when a value is).
 */
export function valueTreeMessage(problem: ValueTreeProblem, what: string): string {
  switch (problem.kind) {
    case "proto_key":
      return `a key named "__proto__" cannot be ${what} (it would be lost on the way)`;
    case "cycle":
      return "a cycle: the value here is one that holds it, so writing it out would never end";
    case "too_deep":
      return `nested more than ${MAX_VALUE_DEPTH} levels deep; at most ${MAX_VALUE_DEPTH} can be written`;
    case "too_many":
      return `more than ${MAX_WRITTEN_VALUES.toLocaleString("en-US")} values when written out (an object held under several keys is written, and counted, once per key)`;
  }
}
