/**
 * Every property test of a run starts from one seed (fast-check.global.ts picks and prints it),
 * so a run can be replayed; a test's own `numRuns` still applies.
 */
import fc from "fast-check";
import { inject } from "vitest";

fc.configureGlobal({ seed: inject("fastCheckSeed") });
