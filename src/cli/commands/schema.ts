import * as z from "zod/mini";
import { ProjectBlocksInputSchema } from "../../adapters.js";
import { MemorySetSchema, RuleSetSchema, SessionContextSchema } from "../../index.js";
import { unknownChoice } from "../../problems/suggest.js";
import { ProjectConfigSchema } from "../../sync.js";
import { type Command, printedHelp } from "../command.js";
import { writeStdoutExact } from "../output.js";
import { noMorePositionals, parseFlags } from "../usage.js";

/** The input files the CLI reads, by the name `schema` takes. */
const SCHEMAS: Readonly<Record<string, { title: string; schema: z.core.$ZodType }>> = {
  rules: { title: "contextfmt rules file", schema: RuleSetSchema },
  memories: { title: "contextfmt memories file", schema: MemorySetSchema },
  project: { title: "contextfmt project file", schema: ProjectBlocksInputSchema },
  session: { title: "contextfmt session file", schema: SessionContextSchema },
  config: { title: "contextfmt.json, a project's sync config", schema: ProjectConfigSchema },
};

const HELP = `Usage: contextfmt schema [${Object.keys(SCHEMAS).join("|")}]

Prints the JSON Schema (draft 2020-12) of an input file, for editors to check and complete it:
the file forms { rules }, { memories }, { projects } and { candidates, alerts }, and a project's
contextfmt.json (config). Default: rules.

Options:
  -h, --help   show this help
`;

/** Dates are ISO 8601 strings or epoch milliseconds in files; zod checks them with a function. */
const DATE_INPUT = {
  anyOf: [
    { type: "string", format: "date-time" },
    { type: "string", format: "date" },
    { type: "integer", description: "epoch milliseconds" },
  ],
};

/**
 * The JSON Schema of what a file may hold (the input side: defaults are optional). Checks zod
 * runs as functions (dates) are described by their JSON form.
 */
export function inputJsonSchema(name: string): Record<string, unknown> {
  const entry = SCHEMAS[name];
  if (!entry) {
    throw unknownChoice("schema", name, Object.keys(SCHEMAS));
  }
  const schema = z.toJSONSchema(entry.schema, {
    io: "input",
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === "custom") Object.assign(jsonSchema, DATE_INPUT);
    },
  });
  return { ...schema, title: entry.title };
}

export const run: Command["run"] = async (args) => {
  const { values, positionals } = parseFlags("schema", args, {});
  if (printedHelp(values, HELP)) return 0;
  noMorePositionals("schema", positionals, 1);
  writeStdoutExact(`${JSON.stringify(inputJsonSchema(positionals[0] ?? "rules"), null, 2)}\n`);
  return 0;
};
