/**
 * The loss summary `sync` prints (one line per kind of loss, naming each item) takes time linear
 * in the warnings it sums: at 100k characters of warnings at most ~15× what it takes at 10k (a
 * linear path takes ~10×, a quadratic one ~100×). Only the ratio is asserted, never a time; a
 * ratio over the limit is measured again, up to five times.
 */
import type { Issue } from "contextfmt";
import { summedLosses } from "../../src/cli/loss-summary.js";
import { groupedByTarget } from "../../src/cli/target-groups.js";
import { describeGrowth } from "../growth-suite.js";
import type { GrowthCase } from "../hostile/growth-cases.js";

/** A conversion's warning as sync reports it: `<file>: <item>.<field>` and `<item>: <words>`. */
const loss = (file: string, item: string, field: string, words: string): Issue => ({
  code: "lossy_conversion",
  severity: "warning",
  path: `${file}: ${item}.${field}`,
  message: `${item}: ${words}`,
});

const cases: GrowthCase[] = [
  {
    // Every item loses the same field: one group, as many items as fit in `size`.
    name: "summedLosses: many items of one kind of loss",
    build: (size) => {
      const issues: Issue[] = [];
      for (let at = 0; issues.length * 90 < size; at += 1) {
        issues.push(
          loss(
            `.claude/commands/c${at}.md`,
            `c${at}`,
            "allowed-tools",
            'Gemini CLI has no "allowed-tools"; dropped',
          ),
        );
      }
      return issues;
    },
    run: (issues) => summedLosses(issues as Issue[]),
  },
  {
    // Every loss its own kind: as many groups as items, none summed.
    name: "summedLosses: as many kinds of loss as items",
    build: (size) => {
      const issues: Issue[] = [];
      for (let at = 0; issues.length * 80 < size; at += 1) {
        issues.push(loss(`.claude/agents/a${at}.md`, `a${at}`, "model", `"m${at}" dropped`));
      }
      return issues;
    },
    run: (issues) => summedLosses(issues as Issue[]),
  },
  {
    // Two items whose long names are all `: ` and `.`, the marks where an item's name ends.
    name: "summedLosses: long item names made of the marks that end them",
    build: (size) => {
      const name = (tail: string) => `${": .".repeat(Math.floor(size / 6))}${tail}`;
      return [
        loss("a.md", name("x"), "tools", "dropped"),
        loss("b.md", name("y"), "tools", "dropped"),
      ];
    },
    run: (issues) => summedLosses(issues as Issue[]),
  },
];

/** A kind with no place in a target, as sync reports it for one item. */
const missed = (item: string, to: string, label: string): Issue => ({
  code: "unsupported_kind",
  severity: "warning",
  path: item,
  message: `not written for ${to}: ${label} has no project skill folder`,
});

cases.push(
  {
    // Many skills, each missing from three targets: one line per target set, every path named.
    name: "groupedByTarget: many items missing from a few targets",
    build: (size) => {
      const issues: Issue[] = [];
      for (let at = 0; issues.length * 60 < size; at += 1) {
        for (const [to, label] of [
          ["zed", "Zed"],
          ["junie", "Junie"],
          ["amazonq", "Amazon Q Developer"],
        ]) {
          issues.push(missed(`.claude/skills/s${at}/SKILL.md`, to as string, label as string));
        }
      }
      return issues;
    },
    run: (issues) => groupedByTarget(issues as Issue[]),
  },
  {
    // Two paths of one long shared folder: the short naming reads each once.
    name: "groupedByTarget: two long paths sharing their folders",
    build: (size) => {
      const folder = "d/".repeat(Math.floor(size / 4));
      return [
        missed(`${folder}a/SKILL.md`, "zed", "Zed"),
        missed(`${folder}b/SKILL.md`, "zed", "Zed"),
      ];
    },
    run: (issues) => groupedByTarget(issues as Issue[]),
  },
);

describeGrowth("the loss summary in linear time (10k vs 100k characters)", cases);
