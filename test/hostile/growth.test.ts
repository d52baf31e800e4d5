/**
 * Every text path takes time linear in its input: at 100k characters of adversarial input it may
 * take at most ~15× what it takes at 10k (a linear path takes ~10×, a quadratic one ~100×). Only
 * the ratio is asserted, never a time; a ratio over the limit is measured again, up to five
 * times, so one busy moment of a shared machine does not fail the run. `npm run bench` prints the
 * same ratios (bench/growth.ts).
 */
import { describeGrowth } from "../growth-suite.js";
import { growthCases } from "./growth-cases.js";

describeGrowth("linear time on adversarial text (10k vs 100k characters)", growthCases);
