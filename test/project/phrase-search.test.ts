/**
 * The one-pass phrase search finds what one regular expression per phrase found: checked against
 * the implementations it replaced, on text from a small vocabulary so that phrases often occur,
 * overlap and touch other words.
 */
import { buildCombinedContext, deduplicateContext, detectActiveProject } from "contextfmt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeRegExp, inlineText } from "../../src/formats/escape.js";
import { PhraseSearch } from "../../src/project/phrase-search.js";

const word = fc.constantFrom("working", "on", "the", "Atlas", "atlas", "SAM", "Sam", "x", "İ", "é");
const gap = fc.constantFrom(" ", "  ", ". ", "! ", "\n", ", ", "", "_");
const text = fc
  .array(fc.tuple(word, gap), { maxLength: 14 })
  .map((parts) => parts.map(([w, g]) => w + g).join(""));
const name = fc
  .array(fc.constantFrom("Atlas", "sam", "the", "x", "Sam X", "é"), { minLength: 1, maxLength: 2 })
  .map((parts) => parts.join(" "));

/** `withoutWorkingOn` as one regular expression per call did it. */
function regexWithoutWorkingOn(input: string, names: readonly string[]): string {
  if (names.length === 0) return input;
  const pattern = new RegExp(
    `\\bworking on (?:the )?(?:${names.map((n) => escapeRegExp(inlineText(n))).join("|")})(?![\\p{L}\\p{N}_])`,
    "iu",
  );
  const lines: string[] = [];
  for (const line of input.split("\n")) {
    const sentences = line.split(/(?<=[.!?])\s+/);
    const kept = sentences.filter((sentence) => !pattern.test(sentence));
    if (kept.length === sentences.length) lines.push(line);
    else if (kept.length > 0) lines.push(kept.join(" "));
  }
  return lines.join("\n").trim();
}

describe("PhraseSearch", () => {
  it("reports every occurrence of every phrase, as indexOf finds them (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[ab]{1,4}$/), { minLength: 1, maxLength: 5 }),
        fc.stringMatching(/^[ab]{0,20}$/),
        (phrases, haystack) => {
          const found: string[] = [];
          new PhraseSearch(phrases).scan(haystack, (phrase, start, end) => {
            found.push(`${phrase}@${start}-${end}`);
            return undefined;
          });
          const expected: string[] = [];
          phrases.forEach((phrase, index) => {
            for (
              let at = haystack.indexOf(phrase);
              at >= 0;
              at = haystack.indexOf(phrase, at + 1)
            ) {
              expected.push(`${index}@${at}-${at + phrase.length}`);
            }
          });
          expect(found.sort()).toEqual(expected.sort());
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("the searches it replaced", () => {
  it("deduplicateContext removes the sentences one regular expression per call removed (property)", () => {
    fc.assert(
      fc.property(text, fc.array(name, { minLength: 1, maxLength: 3 }), (user, names) => {
        const blocks = names
          .map((n) => `<PROJECT name="${n.replace(/&/g, "&amp;")}" status="active">\n</PROJECT>`)
          .join("\n");
        expect(deduplicateContext(user, blocks)).toBe(regexWithoutWorkingOn(user, names).trim());
      }),
      { numRuns: 1000 },
    );
  });

  it("detectActiveProject finds the mention one regular expression per name found (property)", () => {
    fc.assert(
      fc.property(text, fc.uniqueArray(name, { minLength: 1, maxLength: 3 }), (message, names) => {
        const projects = names.map((n, index) => ({ projectId: `p${index}`, name: n }));
        let best: { index: number; length: number } | undefined;
        projects.forEach((project, index) => {
          for (const candidate of [project.name, project.projectId]) {
            const pattern = new RegExp(
              `(?<![\\p{L}\\p{N}_])${escapeRegExp(candidate)}(?![\\p{L}\\p{N}_])`,
              "iu",
            );
            if (pattern.test(message) && (!best || candidate.length > best.length)) {
              best = { index, length: candidate.length };
            }
          }
        });
        const found = detectActiveProject(message, projects, { now: 0 });
        if (best) expect(found).toEqual(expect.objectContaining({ reason: "mention" }));
        if (best) expect(found?.project.projectId).toBe(`p${best.index}`);
        else expect(found?.reason).not.toBe("mention");
      }),
      { numRuns: 1000 },
    );
  });

  it("buildCombinedContext drops the notes that repeat a preference, as includes per fact did (property)", () => {
    const phrase = fc
      .array(fc.constantFrom("keep", "answers", "Short", "short.", "uv", "ÉTÉ"), {
        minLength: 1,
        maxLength: 3,
      })
      .map((words) => words.join(" "));
    fc.assert(
      fc.property(
        fc.array(phrase, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(phrase, fc.constantFrom("preference", "constraint", "skill")), {
          maxLength: 4,
        }),
        (notes, facts) => {
          const normalized = (value: string) =>
            value
              .toLowerCase()
              .replace(/[^\p{L}\p{N}]+/gu, " ")
              .trim();
          const repeats = (note: string) =>
            facts.some(([fact, category]) => {
              if (category === "skill") return false;
              const said = normalized(fact);
              return said !== "" && ` ${normalized(note)} `.includes(` ${said} `);
            });
          const { issues } = buildCombinedContext({
            user: { userId: "u", facts: facts.map(([text, category]) => ({ text, category })) },
            projects: [{ projectId: "p", name: "P", notes }],
            now: 0,
          });
          const removed = issues
            .filter((issue) => issue.code === "duplicate_removed" && issue.path?.includes("notes"))
            .map((issue) => issue.path);
          expect(removed).toEqual(
            notes.flatMap((note, index) => (repeats(note) ? [`projects[0].notes[${index}]`] : [])),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
