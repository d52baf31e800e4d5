/**
 * How much of a growing session's context a prompt cache keeps: 50 steps, each adding one rule,
 * memory, session candidate or project TODO and moving the clock a minute; the mean share of each output that
 * is a byte prefix of the next, per format, in the default and the cache-stable layout.
 */
import {
  GROWING_FORMATS,
  growingOutputs,
  meanPrefixShare,
} from "../test/fixtures/session-growth.js";

export function runPrefixStability(): string[] {
  const lines = ["| format | default | `cacheStable` |", "| --- | --- | --- |"];
  for (const id of GROWING_FORMATS) {
    const plain = meanPrefixShare(growingOutputs(id));
    const stable = meanPrefixShare(growingOutputs(id, { cacheStable: true }));
    lines.push(`| \`${id}\` | ${plain.toFixed(3)} | ${stable.toFixed(3)} |`);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of runPrefixStability()) console.log(line);
}
