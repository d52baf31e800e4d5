/** Renders one choice of forms: what the fit asks about, and what the pipeline returns. */
import type { FitChoice } from "../budget/fit.js";
import type { Rendered } from "../formats/adapter.js";
import type { FitRequest } from "./fit-request.js";
import { type ItemText, measureAlong } from "./item-texts.js";

/** A choice rendered: the adapter's output, the item texts it placed and its count. */
export interface RenderedChoice {
  readonly rendered: Rendered;
  readonly placed: readonly ItemText[];
  /** The text each placed item shows in this render, by item value. */
  readonly placedBy: ReadonlyMap<unknown, ItemText>;
  readonly tokenCount: number;
  /** Tokens of the text around the placed items, when the count could tell. */
  readonly around: number | undefined;
  /** Whether the render was given room for its footer. */
  readonly footer: boolean;
}

/**
 * Renders `choices`: included items in order, each in its chosen form, the rest counted as
 * skipped; `footer: false` when no footer is to be shown.
 */
export function renderChoices<I, O, T>(
  request: FitRequest<I, O, T>,
  choices: readonly FitChoice[],
  footer = true,
): RenderedChoice {
  const { adapter, input, ctx, texts, items, counter } = request;
  const included: T[] = [];
  const formOf = new Map<T, number>();
  let skipped = request.skippedBefore;
  items.forEach((item, index) => {
    const form = choices[index];
    if (form === undefined) {
      skipped += 1;
      return;
    }
    included.push(item.value);
    formOf.set(item.value, form);
  });
  const placed: ItemText[] = [];
  const placedBy = new Map<unknown, ItemText>();
  const rendered = adapter.render(
    {
      input,
      included,
      skippedCount: skipped,
      footer,
      item: (value, position) => {
        const entry = texts.get(value, position, formOf.get(value) ?? 0);
        placed.push(entry);
        placedBy.set(value, entry);
        return entry.text;
      },
    },
    ctx,
  );
  const { total, around } = measureAlong(rendered.content, placed, counter);
  return { rendered, placed, placedBy, tokenCount: total, around, footer };
}
