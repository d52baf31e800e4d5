/**
 * The managed region for any user text and any content: the user's text stays byte for byte, the
 * file holds one region whatever the content says, and writing the same content again is a no-op.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  REGION_BEGIN,
  REGION_END,
  writeManagedRegion,
} from "../../src/workspace/managed-region.js";

/** Lines that look like markers in every way but standing alone: quoted, indented in text, doubled. */
const line = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, "")),
  fc.constantFrom(
    `Rules live between \`${REGION_BEGIN}\` and \`${REGION_END}\`.`,
    `${REGION_END} trailing`,
    `x ${REGION_BEGIN}`,
    `${REGION_BEGIN}${REGION_END}`,
  ),
);
const userText = fc
  .tuple(fc.array(line, { maxLength: 6 }), fc.constantFrom("\n", "\r\n"), fc.boolean())
  .map(([lines, eol, last]) => lines.join(eol) + (last && lines.length ? eol : ""));
/** Content that tries to end the region early or open a second one. */
const content = fc
  .array(fc.oneof(line, fc.constantFrom(REGION_END, `  ${REGION_BEGIN}  `, `\t${REGION_END}`)), {
    minLength: 1,
    maxLength: 6,
  })
  .map((lines) => lines.join("\n"));

const markerLines = (text: string) =>
  text.split(/\r?\n/).filter((l) => l.trim() === REGION_BEGIN || l.trim() === REGION_END);

describe("writeManagedRegion", () => {
  it("keeps the user's text, holds one region, and is a no-op the second time", () => {
    fc.assert(
      fc.property(userText, content, content, (user, first, second) => {
        const once = writeManagedRegion("F.md", user, first).text;
        expect(once.startsWith(user)).toBe(true);
        expect(markerLines(once)).toEqual([REGION_BEGIN, REGION_END]);
        expect(writeManagedRegion("F.md", once, first).text).toBe(once);
        // New content replaces the inside only; then it too is stable.
        const twice = writeManagedRegion("F.md", once, second).text;
        expect(twice.startsWith(user)).toBe(true);
        expect(markerLines(twice)).toEqual([REGION_BEGIN, REGION_END]);
        expect(writeManagedRegion("F.md", twice, second).text).toBe(twice);
        expect(writeManagedRegion("F.md", twice, first).text).toBe(once);
      }),
    );
  });

  it("text after the region stays too", () => {
    fc.assert(
      fc.property(userText, userText, content, (before, after, inside) => {
        const file = `${before}\n${REGION_BEGIN}\nold\n${REGION_END}\n${after}`;
        const written = writeManagedRegion("F.md", file, inside).text;
        expect(written.startsWith(`${before}\n${REGION_BEGIN}\n`)).toBe(true);
        expect(written.endsWith(`${REGION_END}\n${after}`)).toBe(true);
      }),
    );
  });
});
