import type { FormatAdapter, RenderContext } from "../formats/adapter.js";
import { withoutTrailing } from "../formats/escape.js";
import { isSafeBoundary, splitLineUnits, type TokenCounter } from "../tokens/counter.js";

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
  // The full forms apart from the shorter ones: most items only ever show their full form, and a
  // list per item (with room for more) took more memory than the texts at 100,000 items.
  readonly #full = new Map<T, ItemText>();
  readonly #shorter = new Map<T, (ItemText | undefined)[]>();

  constructor(adapter: FormatAdapter<unknown, O, T>, ctx: RenderContext<O>) {
    this.#adapter = adapter;
    this.#ctx = ctx;
  }

  /**
   * The text of `item` in `form` at `position`, rendered on first use (and again only if the
   * format numbers its entries and the position changed).
   */
  get(item: T, position: number, form = 0): ItemText {
    const known = form === 0 ? this.#full.get(item) : this.#shorter.get(item)?.[form];
    if (known && (known.position === position || !this.#adapter.numbered)) return known;
    const { options, now, report } = this.#ctx;
    const text = this.#adapter.renderItem(item, { options, now, report, position, form });
    const entry: ItemText = { position, text, tokens: undefined };
    if (form === 0) {
      this.#full.set(item, entry);
    } else {
      let forms = this.#shorter.get(item);
      if (!forms) {
        forms = [];
        this.#shorter.set(item, forms);
      }
      forms[form] = entry;
    }
    return entry;
  }

  /** The count of `item`'s text in `form` at `position`, counted once per text. */
  count(item: T, position: number, counter: TokenCounter, form = 0): number {
    return countOnce(this.get(item, position, form), counter);
  }
}

/** The count of a rendered text, counted once: kept on the text. */
export function countOnce(entry: ItemText, counter: TokenCounter): number {
  entry.tokens ??= counter.count(entry.text);
  return entry.tokens;
}

/**
 * `content.indexOf(text, from)`, found at once where `text` stands at `from` itself, as most
 * pieces do (each follows the one before): comparing there is about half the cost of a search.
 */
function indexFrom(content: string, text: string, from: number): number {
  return content.slice(from, from + text.length) === text ? from : content.indexOf(text, from);
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
  /**
   * Tokens of the last piece as the content shows it, when that is with the line feeds at its
   * end folded into one or dropped (as a format ends its last entry; see `findPiece`);
   * `undefined` when it shows as it is.
   */
  readonly lastShown: number | undefined;
}

/**
 * `counter.count(content)` for content that holds `pieces` (item texts already counted) in order,
 * without counting those pieces again. Exact for a line-additive counter: each piece is taken
 * only where it starts and ends on a safe line boundary of `content`, so the count of the content
 * is the count of the text between pieces plus the pieces' own counts. The last piece may show
 * with the line feeds at its end folded into one or dropped: that shown text is then counted on
 * its own. A piece that is missing or not on safe boundaries ends the walk, and the rest of the
 * content is counted as it is.
 */
export function measureAlong(
  content: string,
  pieces: readonly ItemText[],
  counter: TokenCounter,
): AlongCount {
  if (!counter.lineAdditive) {
    return { total: counter.count(content), around: undefined, lastShown: undefined };
  }
  let total = 0;
  let around = 0;
  let cursor = 0;
  let whole = true;
  let lastShown: number | undefined;
  for (let at = 0; at < pieces.length; at += 1) {
    const piece = pieces[at] as ItemText;
    const { text } = piece;
    if (text === "") continue;
    // The last piece may show as a format ends its content (`findPiece`); the others as they are.
    let start: number;
    let end: number;
    if (at === pieces.length - 1) [start, end] = findPiece(content, text, cursor) ?? [-1, -1];
    else {
      start = indexFrom(content, text, cursor);
      end = start + text.length;
    }
    if (start < 0 || !isSafeBoundary(content, start) || !isSafeBoundary(content, end)) {
      whole = false;
      break;
    }
    if (start > cursor) around += counter.count(content.slice(cursor, start));
    if (end - start === text.length) total += countOnce(piece, counter);
    else {
      lastShown = counter.count(content.slice(start, end));
      total += lastShown;
    }
    cursor = end;
  }
  const rest = cursor < content.length ? counter.count(content.slice(cursor)) : 0;
  return { total: total + around + rest, around: whole ? around + rest : undefined, lastShown };
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
    const start = indexFrom(content, text, cursor);
    if (start < 0) continue;
    if (start > cursor) around += counter.count(content.slice(cursor, start));
    cursor = start + text.length;
  }
  return around + (cursor < content.length ? counter.count(content.slice(cursor)) : 0);
}

const LINE_FEED = new Set(["\n"]);

/**
 * `text` with the run of line feeds at its end folded into one. A loop (`withoutTrailing`), not
 * `/\n+$/`, which starts again at every line feed of a long run inside the text (quadratic).
 */
function oneTrailingLineFeed(text: string): string {
  const trimmed = withoutTrailing(text, LINE_FEED);
  return trimmed.length === text.length ? text : `${trimmed}\n`;
}

/**
 * Where `text` stands in `content` from `from` on: as it is, or with its trailing line breaks
 * folded into one or dropped, as a format may end its last entry.
 */
function findPiece(content: string, text: string, from: number): [number, number] | undefined {
  for (const form of new Set([text, oneTrailingLineFeed(text), text.trimEnd()])) {
    if (form === "") continue;
    const start = indexFrom(content, form, from);
    if (start >= 0) return [start, start + form.length];
  }
  return undefined;
}

/** What {@link attributeTokens} found: tokens per piece, and those of the rest. */
export interface Attribution {
  readonly pieces: ReadonlyMap<ItemText, number>;
  readonly frame: number;
}

/** Shares `tokens` out by `weights` (character counts), whole numbers adding up to `tokens`. */
function shareOut(tokens: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const exact = weights.map((weight) => (total === 0 ? 0 : (tokens * weight) / total));
  const shares = exact.map(Math.floor);
  let left = tokens - shares.reduce((sum, share) => sum + share, 0);
  // The largest remainders take what rounding down left, first come first served among equals.
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/**
 * Splits the count of `content` between the pieces it holds and the frame around them, by the
 * content's line units: a unit inside one piece (or inside the frame) is that piece's; a unit
 * that spans several (a blank line joining the next entry, entries on one line) is shared by
 * characters. For a line-additive counter the parts add up to `counter.count(content)` exactly.
 */
export function attributeTokens(
  content: string,
  pieces: readonly ItemText[],
  counter: TokenCounter,
): Attribution {
  const ranges: { piece: ItemText; start: number; end: number }[] = [];
  let cursor = 0;
  for (const piece of pieces) {
    const found = findPiece(content, piece.text, cursor);
    if (!found) continue;
    ranges.push({ piece, start: found[0], end: found[1] });
    cursor = found[1];
  }
  const byPiece = new Map<ItemText, number>(ranges.map(({ piece }) => [piece, 0]));
  let frame = 0;
  let offset = 0;
  let first = 0;
  for (const unit of splitLineUnits(content)) {
    const end = offset + unit.length;
    const tokens = counter.count(unit);
    while (first < ranges.length && (ranges[first]?.end ?? 0) <= offset) first += 1;
    const overlapping: { piece: ItemText; chars: number }[] = [];
    for (let at = first; at < ranges.length; at += 1) {
      const range = ranges[at] as (typeof ranges)[number];
      if (range.start >= end) break;
      overlapping.push({
        piece: range.piece,
        chars: Math.min(end, range.end) - Math.max(offset, range.start),
      });
    }
    const frameChars = unit.length - overlapping.reduce((sum, part) => sum + part.chars, 0);
    const shares = shareOut(tokens, [...overlapping.map((part) => part.chars), frameChars]);
    overlapping.forEach((part, index) => {
      byPiece.set(part.piece, (byPiece.get(part.piece) ?? 0) + (shares[index] ?? 0));
    });
    frame += shares[overlapping.length] ?? 0;
    offset = end;
  }
  return { pieces: byPiece, frame };
}
