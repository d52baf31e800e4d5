import type { FormatAdapter, RenderContext } from "../formats/adapter.js";
import { isSafeBoundary, type TokenCounter } from "../tokens/counter.js";

/** One item's rendered text in one form at a position, with its token count once it is known. */
export interface ItemText {
  readonly position: number;
  readonly text: string;
  /** `counter.count(text)`, or `undefined` until something counts it. */
  tokens: number | undefined;
}

/**
 * `renderItem`, remembered per item, form and position for the length of one call, so that
 * fitting and rendering share each text and its count.
 */
export class ItemTexts<O, T> {
  readonly #adapter: FormatAdapter<unknown, O, T>;
  readonly #ctx: RenderContext<O>;
  readonly #texts = new Map<T, (ItemText | undefined)[]>();

  constructor(adapter: FormatAdapter<unknown, O, T>, ctx: RenderContext<O>) {
    this.#adapter = adapter;
    this.#ctx = ctx;
  }

  /**
   * The text of `item` in `form` at `position`, rendered on first use (and again only if the
   * format numbers its entries and the position changed).
   */
  get(item: T, position: number, form = 0): ItemText {
    let forms = this.#texts.get(item);
    const known = forms?.[form];
    if (known && (known.position === position || !this.#adapter.numbered)) return known;
    const { options, now, report } = this.#ctx;
    const text = this.#adapter.renderItem(item, { options, now, report, position, form });
    const entry: ItemText = { position, text, tokens: undefined };
    if (!forms) {
      forms = [];
      this.#texts.set(item, forms);
    }
    forms[form] = entry;
    return entry;
  }

  /** The count of `item`'s text in `form` at `position`, counted once per text. */
  count(item: T, position: number, counter: TokenCounter, form = 0): number {
    return this.countText(this.get(item, position, form), counter);
  }

  /** The text of `item` in `form` as it was last rendered, if it was. */
  last(item: T, form: number): ItemText | undefined {
    return this.#texts.get(item)?.[form];
  }

  /** The count of a text this object rendered, counted once. */
  countText(entry: ItemText, counter: TokenCounter): number {
    if (entry.tokens === undefined) entry.tokens = counter.count(entry.text);
    return entry.tokens;
  }
}

/** What {@link measureAlong} found. */
export interface AlongCount {
  /** `counter.count(content)`. */
  readonly total: number;
  /**
   * Tokens of the text around the pieces (the frame), when every piece sat on safe boundaries
   * of a line-additive counter's content; `undefined` otherwise.
   */
  readonly around: number | undefined;
}

/**
 * `counter.count(content)` for content that holds `pieces` (item texts already counted) in order,
 * without counting those pieces again. Exact for a line-additive counter: each piece is taken
 * only where it starts and ends on a safe line boundary of `content`, so the count of the content
 * is the count of the text between pieces plus the pieces' own counts. A piece that is missing
 * or not on safe boundaries ends the walk, and the rest of the content is counted as it is.
 */
export function measureAlong(
  content: string,
  pieces: readonly ItemText[],
  counter: TokenCounter,
): AlongCount {
  if (!counter.lineAdditive) return { total: counter.count(content), around: undefined };
  let total = 0;
  let around = 0;
  let cursor = 0;
  let whole = true;
  for (const piece of pieces) {
    const { text } = piece;
    if (text === "") continue;
    const start = content.indexOf(text, cursor);
    const end = start + text.length;
    if (start < 0 || !isSafeBoundary(content, start) || !isSafeBoundary(content, end)) {
      whole = false;
      break;
    }
    if (start > cursor) around += counter.count(content.slice(cursor, start));
    if (piece.tokens === undefined) piece.tokens = counter.count(text);
    total += piece.tokens;
    cursor = end;
  }
  const rest = cursor < content.length ? counter.count(content.slice(cursor)) : 0;
  return { total: total + around + rest, around: whole ? around + rest : undefined };
}

/** {@link measureAlong}'s total alone. */
export function countAlong(
  content: string,
  pieces: readonly ItemText[],
  counter: TokenCounter,
): number {
  return measureAlong(content, pieces, counter).total;
}

/**
 * Tokens of the text around `pieces` in `content`: each stretch between them counted on its own.
 * For a line-additive counter and pieces on safe boundaries this plus the pieces' counts is the
 * count of the content; for other counters it is what the frame costs counted in stretches.
 */
export function countAround(
  content: string,
  pieces: readonly ItemText[],
  counter: TokenCounter,
): number {
  let around = 0;
  let cursor = 0;
  for (const { text } of pieces) {
    if (text === "") continue;
    const start = content.indexOf(text, cursor);
    if (start < 0) continue;
    if (start > cursor) around += counter.count(content.slice(cursor, start));
    cursor = start + text.length;
  }
  return around + (cursor < content.length ? counter.count(content.slice(cursor)) : 0);
}
