/**
 * The path index that makes file tracking linear finds exactly what comparing with every entry
 * finds: checked against the plain scan it replaced, on paths from a small alphabet (so that one
 * is often the other with leading folders).
 */
import { updateProjectContext } from "contextfmt";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FileIndex, sameFile } from "../../src/project/paths.js";

const segment = fc.constantFrom("a", "b", "src", "", "x.py", "y.py");
const path = fc
  .tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([segments, backslash]) => segments.join(backslash ? "\\" : "/"))
  .filter((text) => text !== "");

describe("FileIndex", () => {
  it("finds the first live entry sameFile relates to a path, as a scan of every entry does (property)", () => {
    type Step =
      | { kind: "add"; path: string }
      | { kind: "delete"; at: number }
      | { kind: "respell"; at: number; folder: string }
      | { kind: "first"; path: string };
    const step: fc.Arbitrary<Step> = fc.oneof(
      path.map((p) => ({ kind: "add" as const, path: p })),
      fc.nat().map((at) => ({ kind: "delete" as const, at })),
      fc.tuple(fc.nat(), segment).map(([at, folder]) => ({ kind: "respell" as const, at, folder })),
      path.map((p) => ({ kind: "first" as const, path: p })),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const index = new FileIndex<number>();
        const entries: { path: string; live: boolean }[] = [];
        for (const current of steps) {
          if (current.kind === "add") {
            index.add(current.path, entries.length, entries.length);
            entries.push({ path: current.path, live: true });
          } else if (current.kind === "delete" && entries.length > 0) {
            const at = current.at % entries.length;
            index.delete(at);
            (entries[at] as { live: boolean }).live = false;
          } else if (current.kind === "respell" && entries.length > 0) {
            // A longer spelling of the same file: a folder in front.
            const at = current.at % entries.length;
            const entry = entries[at] as { path: string; live: boolean };
            if (!entry.live) continue;
            entry.path = `${current.folder}/${entry.path}`;
            index.respell(at, entry.path);
          } else if (current.kind === "first") {
            const scanned = entries.findIndex(
              (entry) => entry.live && sameFile(entry.path, current.path),
            );
            expect(index.first(current.path)).toBe(scanned < 0 ? undefined : scanned);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

/** The recent files as the scan over every entry gave them (the implementation replaced). */
function scannedRecentFiles(recent: readonly string[], mentions: readonly string[], limit: number) {
  const rest = [...recent];
  const head: { path: string }[] = [];
  for (const mention of mentions) {
    const earlier = head.find((entry) => sameFile(entry.path, mention));
    if (earlier) {
      if (mention.length > earlier.path.length) earlier.path = mention;
      continue;
    }
    const at = rest.findIndex((file) => sameFile(file, mention));
    const [known] = at >= 0 ? rest.splice(at, 1) : [];
    head.push({ path: known !== undefined && known.length >= mention.length ? known : mention });
  }
  return [...head.map((entry) => entry.path), ...rest].slice(0, limit);
}

describe("updateProjectContext: recent files", () => {
  const file = fc
    .array(fc.constantFrom("a", "b", "src"), { maxLength: 3 })
    .chain((folders) =>
      fc.constantFrom("x.py", "y.py", "z.ts").map((name) => [...folders, name].join("/")),
    );

  it("records the same files as comparing every mention with every entry (property)", () => {
    fc.assert(
      fc.property(
        fc.array(file, { maxLength: 6 }),
        fc.uniqueArray(file, { maxLength: 8 }),
        fc.integer({ min: 1, max: 8 }),
        (recent, mentions, limit) => {
          const { project } = updateProjectContext(
            { projectId: "p", name: "P", recentFiles: recent },
            `Edited ${mentions.join(" and ")}.`,
            { now: "2026-01-25T10:00:00Z", maxRecentFiles: limit },
          );
          const expected =
            mentions.length === 0 && recent.length <= limit
              ? recent
              : scannedRecentFiles(recent, mentions, limit);
          expect(project.recentFiles).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
