/**
 * How often each function of src/ ran during one call, from V8's own counters (precise coverage
 * with call counts): every call is seen, those inside a module included, with no hook in the code
 * that is counted.
 */
import { Session } from "node:inspector/promises";

/** Calls per function, keyed `<path under src/>#<name>` (`hooks/events.ts#checkTool`). */
export type CallCounts = ReadonlyMap<string, number>;

/** Runs `run` once and counts every named function of src/ that ran, and how often. */
export async function callCounts(run: () => unknown): Promise<CallCounts> {
  const session = new Session();
  session.connect();
  try {
    await session.post("Profiler.enable");
    await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
    // Taking the coverage resets the counters: what came before (module loading) is not counted.
    await session.post("Profiler.takePreciseCoverage");
    await run();
    const { result } = await session.post("Profiler.takePreciseCoverage");
    await session.post("Profiler.stopPreciseCoverage");
    const counts = new Map<string, number>();
    for (const script of result) {
      const at = script.url.lastIndexOf("/src/");
      if (at < 0) continue;
      for (const { functionName, ranges } of script.functions) {
        const count = ranges[0]?.count ?? 0;
        if (functionName === "" || count === 0) continue;
        const key = `${script.url.slice(at + "/src/".length)}#${functionName}`;
        counts.set(key, (counts.get(key) ?? 0) + count);
      }
    }
    return counts;
  } finally {
    session.disconnect();
  }
}
