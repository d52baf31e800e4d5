/**
 * Memory injection benchmark: 10,000 memories (text with `&`, `<`, `>` to escape) into the
 * `xml-memory` format, side by side with the floor any formatter has to pay: join the
 * pre-rendered output and count it once. Run: `npm run bench` or `npx tsx --tsconfig bench/tsconfig.json bench/memories.ts`.
 */

import {
  createFormatManager,
  defaultCounter,
  injectMemories,
  MemorySetSchema,
  xmlMemoryAdapter,
} from "contextfmt";
import { parseWith } from "contextfmt/adapters";
import { makeMemories } from "contextfmt/testing";
import { xmlProblem } from "../src/manager/checks.js";
import { TEST_NONCE } from "../test/fixtures/memories.js";
import { interleaved, ms, ratio } from "./measure.js";

const EVERYTHING = 10_000_000;

export function runMemoriesBench(): string[] {
  const manager = createFormatManager([xmlMemoryAdapter]);
  const input = { directive: "Follow procedural memories first.", memories: makeMemories(10_000) };
  const options = { budget: EVERYTHING, nonce: TEST_NONCE };
  const output = manager.format("xml-memory", input, options).content;
  const prerendered = output.split("\n");
  const messages = [{ role: "user", content: "Set up the project" }];

  const medians = interleaved(
    {
      format: () => manager.format("xml-memory", input, options),
      inject: () => injectMemories(messages, { ...input, ...options }),
      joinAndCount: () => defaultCounter.count(prerendered.join("\n")),
      // Two steps every format call pays, measured alone: parsing the input, checking the XML.
      parse: () => parseWith(MemorySetSchema, input),
      xmlCheck: () => xmlProblem(output),
    },
    15,
  );
  const floor = medians.joinAndCount ?? 1;
  return [
    `xml-memory, 10,000 memories: ${(output.length / 1e6).toFixed(2)} MB of output, ${prerendered.length} lines`,
    `  format ${ms(medians.format ?? 0)}; injectMemories ${ms(medians.inject ?? 0)}; join + one count ${ms(floor)}`,
    `  ratio to the join floor: format ${ratio(medians.format ?? 0, floor)}, injectMemories ${ratio(medians.inject ?? 0, floor)} (target ≤ 5×)`,
    `  of which, alone: parsing the input ${ratio(medians.parse ?? 0, floor)}, the well-formed XML check ${ratio(medians.xmlCheck ?? 0, floor)}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of runMemoriesBench()) console.log(line);
}
