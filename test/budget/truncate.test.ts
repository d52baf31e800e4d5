import {
  charRatioCounter,
  defaultCounter,
  type PriorityComponent,
  type TokenCounter,
  truncateByPriority,
  wordPunctuationCounter,
} from "contextfmt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const firstSentence = (text: string) => {
  const [first] = text.split(". ");
  return first === undefined || first === text ? undefined : `${first}.\n`;
};

const parts: PriorityComponent[] = [
  { id: "name", priority: 0, text: '<P name="SAM" status="active">\n' },
  {
    id: "summary",
    priority: 1,
    text: "Implemented fact extraction. Added decay with an Ebbinghaus curve. Fixed persistence.\n",
    shrink: firstSentence,
  },
  {
    id: "todos",
    priority: 2,
    text: "- one\n- two\n- three\n",
    shrink: (t) => `${t.split("\n")[0]}\n`,
  },
  { id: "notes", priority: 5, text: "Note: keep answers brief, the user likes short answers.\n" },
  { id: "close", priority: 0, text: "</P>\n" },
];

describe("truncateByPriority", () => {
  it("keeps everything, in input order, when it fits", () => {
    const result = truncateByPriority(parts, { budget: 1000, counter: defaultCounter });
    expect(result.content).toBe(parts.map((part) => part.text).join(""));
    expect(result.shortened).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.issues).toEqual([]);
    expect(result.tokenCount).toBe(defaultCounter.count(result.content));
  });

  it("leaves out an unshrinkable P5 first, then shrinks P2 before P1", () => {
    const full = defaultCounter.count(parts.map((part) => part.text).join(""));
    const withoutNotes = truncateByPriority(parts, {
      budget: full - 1,
      counter: defaultCounter,
    });
    expect(withoutNotes.skipped.map((item) => item.id)).toEqual(["notes"]);
    expect(withoutNotes.shortened).toEqual([]);
    const tighter = truncateByPriority(parts, {
      budget: withoutNotes.tokenCount - 1,
      counter: defaultCounter,
    });
    expect(tighter.shortened).toEqual(["todos"]);
    expect(tighter.content).toContain("- one\n</P>");
    expect(tighter.issues.map((issue) => issue.code)).toEqual(["item_skipped", "item_shortened"]);
    expect(tighter.issues.map((issue) => issue.message)).toEqual([
      "1 item(s) left out over budget: notes",
      "1 item(s) shortened to fit the budget: todos",
    ]);
  });

  it("shrinks everything before it leaves out what can shrink", () => {
    const shrunk = truncateByPriority(parts, { budget: 30, counter: defaultCounter });
    expect(shrunk.shortened).toEqual(["summary", "todos"]);
    expect(shrunk.content).toBe(
      '<P name="SAM" status="active">\nImplemented fact extraction.\n- one\n</P>\n',
    );
  });

  it("never shrinks or leaves out priority 0, and reports budget_exceeded when it alone is over", () => {
    const result = truncateByPriority(parts, { budget: 5, counter: defaultCounter });
    expect(result.kept.map((part) => part.id)).toEqual(["name", "close"]);
    expect(result.content).toBe('<P name="SAM" status="active">\n</P>\n');
    expect(result.issues.map((issue) => issue.code)).toContain("budget_exceeded");
  });

  it("includes nothing optional when under minRoom tokens are left beyond priority 0", () => {
    const p0 = defaultCounter.count('<P name="SAM" status="active">\n</P>\n');
    const tiny: PriorityComponent[] = [...parts, { id: "tiny", priority: 3, text: "ok\n" }];
    const result = truncateByPriority(tiny, { budget: p0 + 9, counter: defaultCounter });
    expect(result.kept.map((part) => part.id)).toEqual(["name", "close"]);
    const roomy = truncateByPriority(tiny, {
      budget: p0 + 9,
      counter: defaultCounter,
      minRoom: 0,
    });
    expect(roomy.kept.length).toBeGreaterThan(2);
  });

  it("lets older components of a priority give way before newer ones", () => {
    const notes: PriorityComponent[] = [
      { id: "old", priority: 1, time: 1, text: "An older note that is fairly long.\n" },
      { id: "new", priority: 1, time: 2, text: "A newer note that is fairly long.\n" },
    ];
    const both = defaultCounter.count(notes.map((note) => note.text).join(""));
    const result = truncateByPriority(notes, {
      budget: both - 1,
      counter: defaultCounter,
      minRoom: 0,
    });
    expect(result.skipped.map((item) => item.id)).toEqual(["old"]);
  });

  it("stops shrinking when a shrink function does not shorten", () => {
    let calls = 0;
    const stubborn: PriorityComponent = {
      id: "s",
      priority: 1,
      text: "same length text here\n",
      shrink: (text) => {
        calls += 1;
        return text;
      },
    };
    const result = truncateByPriority([stubborn], {
      budget: 1,
      counter: defaultCounter,
      minRoom: 0,
    });
    expect(result.skipped.map((item) => item.id)).toEqual(["s"]);
    expect(calls).toBe(1);
  });
});

const notLineAdditive: TokenCounter = {
  name: "chars-over-five",
  count: (t) => Math.ceil(t.length / 5),
};

/** The words of the components' texts. */
const WORDS = ["alpha", "b.", "c/d", "<x>", "the", "é", "42"];

/**
 * Between `minLength` and `maxLength` components, each text `units` joined with spaces and
 * ending in `end`; a component that can shrink keeps the first half of its units. Above 24 that
 * can give way, the fit adds up counts and the count of the content corrects it.
 */
const componentsOf = (minLength: number, maxLength: number, end = "\n", units = WORDS) =>
  fc
    .array(
      fc.record({
        priority: fc.integer({ min: 0, max: 6 }),
        time: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
        units: fc.array(fc.integer({ min: 0, max: units.length - 1 }), {
          minLength: 1,
          maxLength: 30,
        }),
        shrinks: fc.integer({ min: 0, max: 3 }),
      }),
      { minLength, maxLength },
    )
    .map((specs) =>
      specs.map((spec, index): PriorityComponent => {
        const texts = spec.units.map((unit) => units[unit] as string);
        // Each shrink keeps the first half of the units the text has left.
        const halves = new Map<string, string | undefined>();
        for (let kept = texts.length; kept > 1; kept = Math.ceil(kept / 2)) {
          const text = `${texts.slice(0, kept).join(" ")}${end}`;
          halves.set(text, `${texts.slice(0, Math.ceil(kept / 2)).join(" ")}${end}`);
        }
        return {
          id: `c${index}`,
          priority: spec.priority,
          ...(spec.time !== undefined ? { time: spec.time } : {}),
          text: `${texts.join(" ")}${end}`,
          ...(spec.shrinks > 0 ? { shrink: (text: string) => halves.get(text) } : {}),
        };
      }),
    );

const arbitraryComponents = componentsOf(0, 8);

describe("truncateByPriority properties", () => {
  it.each([
    ["default", defaultCounter],
    ["char-ratio", charRatioCounter],
    ["word-punctuation", wordPunctuationCounter],
    ["not line-additive", notLineAdditive],
  ])("is monotone: a smaller budget never yields more tokens (%s counter)", (_, counter) => {
    fc.assert(
      fc.property(
        arbitraryComponents,
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 150 }),
        fc.integer({ min: 0, max: 12 }),
        (components, a, b, minRoom) => {
          const [small, large] = a <= b ? [a, b] : [b, a];
          const smaller = truncateByPriority(components, { budget: small, counter, minRoom });
          const larger = truncateByPriority(components, { budget: large, counter, minRoom });
          expect(smaller.tokenCount).toBeLessThanOrEqual(larger.tokenCount);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps every priority-0 component whole, keeps the budget otherwise, and accounts for all", () => {
    fc.assert(
      fc.property(arbitraryComponents, fc.integer({ min: 0, max: 150 }), (components, budget) => {
        const result = truncateByPriority(components, { budget, counter: defaultCounter });
        for (const component of components.filter((c) => c.priority === 0)) {
          expect(result.kept).toContainEqual({
            id: component.id,
            text: component.text,
            shrinkSteps: 0,
          });
        }
        expect(
          [...result.kept.map((k) => k.id), ...result.skipped.map((item) => item.id)].sort(),
        ).toEqual(components.map((c) => c.id).sort());
        expect(result.tokenCount).toBe(defaultCounter.count(result.content));
        const overBudget = result.issues.some((issue) => issue.code === "budget_exceeded");
        expect(overBudget).toBe(result.tokenCount > budget);
        if (overBudget)
          expect(
            result.kept.every((k) => components.find((c) => c.id === k.id)?.priority === 0),
          ).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("truncateByPriority with many components", () => {
  /**
   * Texts whose counts add up under each counter, whatever is kept of them. Any text ending in a
   * line break does under the line-additive default counter. The seed counters round each text's
   * count down, so there each unit is five words of a whole count: one or three full stops
   * (word-punctuation: 1.3 × 5 + 0.5 × an odd number), a length, with its space or line break, a
   * multiple of three and a "." (char-ratio: chars / 3 when a text holds "." or "/").
   */
  const WHOLE_UNITS = [
    "alpha alpha b. c/d é",
    "alpha b. <x> é 42",
    "alpha b. the c/d <x>",
    "b. alpha b. b. 42",
  ];
  it.each([
    ["default", defaultCounter, WORDS],
    ["char-ratio", charRatioCounter, WHOLE_UNITS],
    ["word-punctuation", wordPunctuationCounter, WHOLE_UNITS],
  ])(
    "is monotone where the counts add up (%s counter, texts ending in a line break)",
    (_, counter, units) => {
      fc.assert(
        fc.property(
          componentsOf(25, 60, "\n", units),
          fc.integer({ min: 0, max: 600 }),
          fc.integer({ min: 0, max: 600 }),
          (components, a, b) => {
            // The premise: the count of the texts together is the sum of their counts.
            const texts = components.map((component) => component.text);
            const sum = texts.reduce((total, text) => total + counter.count(text), 0);
            expect(counter.count(texts.join(""))).toBe(sum);
            const [small, large] = a <= b ? [a, b] : [b, a];
            const smaller = truncateByPriority(components, { budget: small, counter });
            const larger = truncateByPriority(components, { budget: large, counter });
            expect(smaller.tokenCount).toBeLessThanOrEqual(larger.tokenCount);
          },
        ),
        { numRuns: 100 },
      );
    },
  );

  it.each([
    ["default, texts on one line", defaultCounter, " "],
    ["word-punctuation, texts run together", wordPunctuationCounter, ""],
    ["not line-additive", notLineAdditive, "\n"],
  ])("keeps the budget when the counts do not add up (%s)", (_, counter, end) => {
    fc.assert(
      fc.property(
        componentsOf(25, 60, end),
        fc.integer({ min: 0, max: 600 }),
        (components, budget) => {
          const result = truncateByPriority(components, { budget, counter });
          expect(result.tokenCount).toBe(counter.count(result.content));
          const overBudget = result.issues.some((issue) => issue.code === "budget_exceeded");
          expect(overBudget).toBe(result.tokenCount > budget);
          if (overBudget) {
            expect(
              result.kept.every((k) => components.find((c) => c.id === k.id)?.priority === 0),
            ).toBe(true);
          }
          expect(
            [...result.kept.map((k) => k.id), ...result.skipped.map((item) => item.id)].sort(),
          ).toEqual(components.map((c) => c.id).sort());
        },
      ),
      { numRuns: 100 },
    );
  });

  it("gives way as little as the count of the content allows when adding up counts too few", () => {
    // Forty components of two characters run together, with a counter that counts a text by the
    // square of its length: the counts add up to far too few, and the content's count decides.
    const components = Array.from({ length: 40 }, (_, index) => ({
      id: `c${index}`,
      priority: 1,
      text: "ab",
    }));
    const counter: TokenCounter = { name: "squares", count: (t) => Math.ceil(t.length ** 2 / 4) };
    const result = truncateByPriority(components, { budget: 25, counter, minRoom: 0 });
    expect(result.tokenCount).toBe(25);
    expect(result.kept.map((k) => k.id)).toEqual(["c0", "c1", "c2", "c3", "c4"]);
    expect(result.skipped).toHaveLength(35);
  });
});
