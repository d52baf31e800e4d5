import type * as z from "zod/mini";
import { isSchema } from "../model/declare.js";
import { badArgument } from "../problems/arguments.js";
import type { Issue } from "../problems/issue.js";

/** The kind of text an adapter emits. */
export type FormatType = "markdown" | "plain" | "xml" | "json" | "system_instruction";

/** What a target tool accepts, as in the original design of each adapter. */
export interface ToolCapabilities {
  /** Tool the output is for (`claude`, `codex`, `gemini`, …). */
  readonly toolName: string;
  /** The kind of text the format writes: the same as the adapter's own `formatType`. */
  readonly formatType: FormatType;
  /** Largest context the tool takes; the default budget when none is given. */
  readonly maxContextTokens: number;
  /**
   * Whether the output groups its items under headings or blocks (Claude's `## CRITICAL RULES`
   * and `### Behavior`, XML's `<factual_memories>`) rather than one flat list. Descriptive: the
   * pipeline does not read it.
   */
  readonly supportsSections: boolean;
  /**
   * Whether the output is markdown the tool reads as such (headings, bold names, lists); `false`
   * for plain text and XML, where markdown would reach the model as literal characters.
   * Descriptive: the pipeline does not read it.
   */
  readonly supportsMarkdown: boolean;
  /**
   * Whether the tool is taken to heed the priority levels the text marks (critical before default
   * rules, items ranked by priority or score); `false` for Codex, as its adapter's original design
   * states. Every format orders and packs by priority whatever this says. Descriptive: the
   * pipeline does not read it.
   */
  readonly supportsPriorities: boolean;
  /** How the text reaches the tool. */
  readonly injectionMethod: "file" | "api" | "cli" | "hook";
}

/** One input item that competes for the budget, as an adapter describes it to the pipeline. */
export interface AdapterItem<T> {
  /** Reported in `FormattedContext.skipped` and the budget report. */
  readonly id: string;
  /** Where the item sits in the input, e.g. `rules[3]`. */
  readonly path: string;
  readonly value: T;
  /** Always included in its full form, even over budget (absolute rules, P0). */
  readonly required: boolean;
  /** Higher comes first among items of the same `required`. */
  readonly priority: number;
  /** Epoch milliseconds; more recent comes first among equal priority. */
  readonly time?: number | undefined;
  /** Keys of the groups (sections, headings) the item renders under; see `renderGroup`. */
  readonly groups?: readonly string[];
  /**
   * How many forms the item has, longest first; default 1. `renderItem` is called with `form`
   * 0 (the full text) up to `forms - 1` (the shortest). When the budget is short the pipeline
   * shortens the least important items before it leaves any out; a form that is not shorter in
   * tokens than the one before is never used.
   */
  readonly forms?: number;
  /**
   * Leaving the item out is its shorter form (the original project design's "omit entirely if
   * needed"): it gives way at its turn among the shortenings, before any more important item is
   * shortened. Default: kept in its shortest form until everything is at its shortest.
   */
  readonly omitFirst?: boolean;
  /**
   * What the item is, for telling repeats apart (a memory's id): of items with the same key only
   * the most important is kept; the others are left out with reason `duplicate`.
   */
  readonly key?: string;
}

/** What `render` and `renderItem` may use besides the input. */
export interface RenderContext<O> {
  /** Adapter options, parsed with the adapter's `options` schema. */
  readonly options: O;
  /** The clock of this call (the `now` option). */
  readonly now: Date;
  /** Reports a problem found while rendering; never throw for content. */
  report(issue: Issue): void;
}

/** The items chosen for the output, in pipeline order (most important first). */
export interface RenderPlan<I, T> {
  readonly input: I;
  readonly included: readonly T[];
  /** How many items were left out (for "N rules skipped" footers). */
  readonly skippedCount: number;
  /**
   * `false` when the budget has no room for a footer beside the required items: leave it out
   * (the items left out are reported all the same). Default `true`.
   */
  readonly footer?: boolean;
  /**
   * The adapter's `renderItem` for `item` at `position`, in the form the pipeline chose for it,
   * remembered from the fitting step: use it to place items, so nothing is rendered twice.
   */
  item(item: T, position: number): string;
}

/** What `render` returns. */
export interface Rendered {
  readonly content: string;
  /** Adapter-specific facts (counts per section, ids injected, …). */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** What an adapter's `validate` sees. */
export interface ValidationContext {
  readonly itemsIncluded: number;
  /**
   * Items left out that an "N skipped" footer counts (`RenderPlan.skippedCount`): over the budget
   * or the item limit, not the duplicates of an included item.
   */
  readonly itemsSkipped: number;
  /** `false` when the render had no room for an "N skipped" footer (`RenderPlan.footer`). */
  readonly footer?: boolean;
  readonly metadata: Readonly<Record<string, unknown>>;
  /** Reports a problem found in the content. */
  report(issue: Issue): void;
}

/**
 * A format: plain data plus pure functions. The manager owns the pipeline (parse → order → fit →
 * render → count → check); an adapter only says what the items are, their shorter forms, and how
 * text looks.
 *
 * For exact, cheap counting, every text `renderItem` and `renderGroup` return should end with
 * `"\n"` and appear verbatim in `render`'s output, where the next text starts with neither
 * whitespace nor `/`: the pipeline then counts only the text around them. Any other text is
 * counted as it stands, and the pipeline corrects if the count is over budget.
 */
export interface FormatAdapter<I = unknown, O = unknown, T = unknown> {
  /** Registry id, e.g. `claude`. */
  readonly id: string;
  readonly formatType: FormatType;
  readonly capabilities: ToolCapabilities;
  /**
   * Schema of the input; bad input raises `InvalidInputError` naming the path. Any zod v4 schema
   * (`zod` or `zod/mini`); the built-in adapters use `zod/mini`, which loads faster.
   */
  readonly input: z.core.$ZodType<I>;
  /** Schema of the adapter's own options (common options such as `budget` are the manager's). */
  readonly options: z.core.$ZodType<O>;
  /** The items of the input that compete for the budget. */
  items(input: I, ctx: RenderContext<O>): readonly AdapterItem<T>[];
  /**
   * `true` when `renderItem`'s text depends on `position` (numbered entries). Otherwise each item
   * is rendered once per call whatever its position.
   */
  readonly numbered?: boolean;
  /**
   * The most items the format takes, whatever the budget (a brief context shows five); items
   * after that many in the order are skipped with reason `over_item_limit`. Required items are
   * always included.
   */
  maxItems?(options: O): number | undefined;
  /**
   * When fewer tokens than this are left once the required items are in, no other item is
   * included: such scraps are not worth it (the project blocks' 10). Default 0.
   */
  minRoom?(options: O): number | undefined;
  /**
   * One item's text on its own; `position` is its 1-based place among included items, `form`
   * which of its forms (0: the full text; see `AdapterItem.forms`).
   */
  renderItem(
    item: T,
    ctx: RenderContext<O> & { readonly position: number; readonly form: number },
  ): string;
  /**
   * A text that every form of `item` contains verbatim, as much of it as can be had cheaply (a
   * rule entry's first line: its name and text). With a counter that has a `lowerBound`, the
   * pipeline leaves out an item whose bound is over the room left without rendering or counting
   * its forms: the more of the item this text holds, the closer the bound and the fewer items
   * are counted. Default: none; each item is rendered and counted at its turn.
   */
  minText?(item: T, options: O): string;
  /** The text a group adds once, when any of its items is included (a heading, open/close tags). */
  renderGroup?(key: string, ctx: RenderContext<O>): string;
  /** The whole content for the chosen items. */
  render(plan: RenderPlan<I, T>, ctx: RenderContext<O>): Rendered;
  /** Format-specific checks of the content; reports problems through `ctx.report`. */
  validate(content: string, ctx: ValidationContext): void;
}

/**
 * Identity helper that infers an adapter's type parameters and freezes it. The result's type
 * keeps the literal id and the schemas, so a `FormatManager` it is registered with knows the id
 * and the input it takes.
 *
 * @example
 * ```ts
 * export const myAdapter = defineAdapter({ id: "mine", ... });
 * ```
 */
export function defineAdapter<
  I,
  O,
  T,
  const Id extends string = string,
  In extends z.core.$ZodType<I> = z.core.$ZodType<I>,
  Options extends z.core.$ZodType<O> = z.core.$ZodType<O>,
>(
  adapter: FormatAdapter<I, O, T> & {
    readonly id: Id;
    readonly input: In;
    readonly options: Options;
  },
): FormatAdapter<I, O, T> & { readonly id: Id; readonly input: In; readonly options: Options } {
  return Object.freeze(checkAdapter(adapter));
}

/**
 * `adapter` when it has the shape of a {@link FormatAdapter}; else an `InvalidInputError` naming
 * the first field that does not.
 */
export function checkAdapter<A>(adapter: A, path = "adapter"): A {
  if (typeof adapter !== "object" || adapter === null)
    badArgument(path, "a FormatAdapter", adapter);
  const fields = adapter as unknown as Record<string, unknown>;
  if (typeof fields.id !== "string" || fields.id === "") {
    badArgument(`${path}.id`, "a non-empty string", fields.id);
  }
  if (typeof fields.capabilities !== "object" || fields.capabilities === null) {
    badArgument(`${path}.capabilities`, "an object", fields.capabilities);
  }
  for (const key of ["input", "options"]) {
    if (!isSchema(fields[key])) badArgument(`${path}.${key}`, "a zod schema", fields[key]);
  }
  for (const key of ["items", "renderItem", "render", "validate"]) {
    if (typeof fields[key] !== "function") badArgument(`${path}.${key}`, "a function", fields[key]);
  }
  for (const key of ["renderGroup", "maxItems"]) {
    if (fields[key] !== undefined && typeof fields[key] !== "function") {
      badArgument(`${path}.${key}`, "a function", fields[key]);
    }
  }
  return adapter;
}
