/**
 * The options of the three rules formats: the cache-stable layout, and `committed` for text kept
 * in a file under version control (what `sync` writes into `CLAUDE.md`, `AGENTS.md`, …), where a
 * timestamp or a generator's line would change the file, or say something of no use to a reader,
 * on every run.
 */
import type * as z from "zod/mini";
import * as d from "../../model/declare.js";
import { cacheStableOption } from "../stable.js";

/** The options `claude`, `codex` and `gemini` take. */
export const RulesOptionsSchema = d.object({
  ...cacheStableOption,
  /**
   * Text for a committed file: no `Generated:` timestamp (Codex) and no "Auto-generated context
   * from memory system" line (Claude Code), so the same rules give the same bytes on every run;
   * Gemini's text has neither and is unchanged. Default `false`: the formats' own layout.
   */
  committed: d.optional(d.boolean()),
});

/** Parsed options of a rules format; see {@link RulesOptionsSchema}. */
export type RulesOptions = z.output<typeof RulesOptionsSchema>;

/** Metadata `committed: true` of a result rendered for a committed file (its validator reads it). */
export const committedMetadata = (options: RulesOptions): { committed?: true } =>
  options.committed ? { committed: true } : {};
