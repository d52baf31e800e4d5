import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CountCache } from "../../src/tokens/count-cache.js";

describe("CountCache", () => {
  it("remembers counts up to its capacity, and nothing at capacity 0", () => {
    const cache = new CountCache(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect([cache.get("a"), cache.get("b"), cache.size]).toEqual([1, 2, 2]);
    cache.set("c", 3);
    expect(cache.size).toBe(2);
    expect(cache.get("c")).toBe(3);
    const none = new CountCache(0);
    none.set("a", 1);
    expect([none.get("a"), none.size]).toEqual([undefined, 0]);
  });

  it("never holds more than its capacity, and a hit is the count that was set (property)", () => {
    const operation = fc.record({
      text: fc.string({ unit: fc.constantFrom("a", "b", "c", "d", "e"), maxLength: 3 }),
      set: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.nat(8), fc.array(operation, { maxLength: 200 }), (capacity, operations) => {
        const cache = new CountCache(capacity);
        const countOf = (text: string) => text.length * 7 + text.charCodeAt(0);
        for (const { text, set } of operations) {
          if (set) cache.set(text, countOf(text));
          const found = cache.get(text);
          if (found !== undefined) expect(found).toBe(countOf(text));
          expect(cache.size).toBeLessThanOrEqual(capacity);
        }
      }),
    );
  });

  it("keeps most of a cycle through more texts than it holds, where least-recently-used keeps none", () => {
    const capacity = 1_000;
    const texts = Array.from({ length: 1_250 }, (_, index) => `rule ${index}\n`);
    const cache = new CountCache(capacity);
    for (const text of texts) cache.set(text, text.length);
    let hits = 0;
    for (const text of texts) {
      if (cache.get(text) === undefined) cache.set(text, text.length);
      else hits += 1;
    }
    expect(hits / texts.length).toBeGreaterThan(0.5);
    expect(cache.size).toBe(capacity);
  });
});
