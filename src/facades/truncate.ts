/**
 * `truncateByPriority`: the engine over text components, for callers who have their parts as
 * texts already. The components are the engine's items (see `formats/components.ts`); the
 * content is their texts joined in input order.
 */
import type { AdapterItem, FormatAdapter } from "../formats/adapter.js";
import {
  checkComponents,
  componentItems,
  componentText,
  inInputOrder,
  type PlacedComponent,
  type PriorityComponent,
} from "../formats/components.js";
import type { FormattedContext } from "../manager/formatted-context.js";
import { runParsedPipeline } from "../manager/pipeline.js";
import { NoOptionsSchema } from "../model/no-options.js";
import { badArgument, integerArgument, optionsArgument } from "../problems/arguments.js";
import { checkedCounter, type TokenCounter } from "../tokens/counter.js";
import { budgetOption } from "./budget-option.js";

export type { PriorityComponent } from "../formats/components.js";

/** Options of {@link truncateByPriority}. */
export interface TruncateOptions {
  /** Tokens the content may take. */
  readonly budget?: number;
  /** @deprecated Use `budget`. */
  readonly maxTokens?: number;
  readonly counter: TokenCounter;
  /**
   * When the budget leaves less than this many tokens beyond the priority-0 components, nothing
   * else is included: such scraps are not worth it. Default 10, as in the original design.
   */
  readonly minRoom?: number;
  /** Joins the kept texts (in input order) into the content. Default: concatenation. */
  readonly assemble?: (texts: readonly string[]) => string;
}

/** A component as it appears in the content. */
export interface KeptComponent {
  readonly id: string;
  readonly text: string;
  /** How many shrink steps were applied (0: the full text). */
  readonly shrinkSteps: number;
}

/**
 * What {@link truncateByPriority} returns: the engine's result, plus the kept components' texts
 * in input order. `included`, `shortened` and `skipped` name the components by id.
 */
export interface TruncateResult extends FormattedContext {
  /** Kept components, in input order, each with the text it shows. */
  readonly kept: readonly KeptComponent[];
}

type Options = { readonly minRoom: number };

/** The components as a format: the texts joined in input order, nothing around them. */
function componentsAdapter(
  items: readonly AdapterItem<PlacedComponent>[],
  assemble: (texts: readonly string[]) => string,
): FormatAdapter<unknown, Options, PlacedComponent> {
  return {
    id: "components",
    formatType: "plain",
    capabilities: {
      toolName: "any",
      formatType: "plain",
      maxContextTokens: Number.MAX_SAFE_INTEGER,
      supportsSections: false,
      supportsMarkdown: false,
      supportsPriorities: true,
      injectionMethod: "api",
    },
    input: NoOptionsSchema as never,
    options: NoOptionsSchema as never,
    minRoom: (options) => options.minRoom,
    items: () => items,
    renderItem: (placed, { form }) => componentText(placed, form),
    render: ({ included, item }) => ({
      content: assemble(inInputOrder(included).map((placed) => item(placed, 0))),
    }),
    validate: () => {},
  };
}

/**
 * Fits components into a token budget by priority: the engine's fit for texts you already have.
 * Priority-0 components are always kept whole. The others give way least important first
 * (highest priority number, then the oldest): each shrinks by its shrink function, one that
 * cannot shrink is left out at its turn, and only when everything is at its shortest are
 * components left out, again least important first (one whose shortest form does not fit beside
 * the more important ones is left out, and smaller ones after it may still be kept). Every
 * component is in the report; the shortened and left-out ones also in `shortened` and `skipped`.
 *
 * Guarantees: the content never exceeds the budget unless the priority-0 components alone do
 * (then `budget_exceeded` is reported); the content is counted whole, so this holds for any
 * counter; and a smaller budget never yields more tokens where the counts add up (a
 * line-additive counter such as the shipped ones, texts that end in `"\n"`, joined as they are)
 * or the counter is not line-additive (its every change is measured whole).
 *
 * @example
 * ```ts
 * const { content, shortened, skipped } = truncateByPriority(
 *   [
 *     { id: "name", priority: 0, text: "SAM Terminal (active)\n" },
 *     { id: "summary", priority: 1, text: "Added decay. Fixed a bug.\n",
 *       shrink: (text) => `${text.split(". ")[0]}.\n` },
 *     { id: "notes", priority: 5, text: "Note: keep answers brief.\n" },
 *   ],
 *   { budget: 20, counter: defaultCounter },
 * );
 * ```
 */
export function truncateByPriority(
  components: readonly PriorityComponent[],
  options: TruncateOptions,
): TruncateResult {
  checkComponents(components);
  const given = optionsArgument(options);
  const budget = budgetOption(given, "budget", "maxTokens");
  const minRoom = integerArgument(given.minRoom ?? 10, "options.minRoom");
  const counter = checkedCounter(given.counter, "options.counter");
  const join = given.assemble;
  if (join !== undefined && typeof join !== "function") {
    badArgument("options.assemble", "a function", join);
  }
  const assemble = (texts: readonly string[]): string => {
    if (!join) return texts.join("");
    const content: unknown = join(texts);
    return typeof content === "string"
      ? content
      : badArgument("options.assemble", "a function returning a string", content);
  };
  const items = componentItems(components, (_, index) => `components[${index}]`);
  const result = runParsedPipeline(
    componentsAdapter(items, assemble),
    undefined,
    { minRoom },
    { budget, counter },
  );
  let kept: KeptComponent[] | undefined;
  return {
    ...result,
    // Worked out when first read, like the report it comes from (in input order, as are the items).
    get kept() {
      kept ??= result.report.items.flatMap((item, index) => {
        if (item.form === undefined) return [];
        const placed = (items[index] as AdapterItem<PlacedComponent>).value;
        return [{ id: item.id, text: componentText(placed, item.form), shrinkSteps: item.form }];
      });
      return kept;
    },
  };
}
