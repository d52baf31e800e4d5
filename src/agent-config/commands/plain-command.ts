/**
 * Commands kept as plain markdown, the whole file the prompt: Cursor's `.cursor/commands/<name>.md`
 * (run as `/<name>`) and Cline's workflows, `.clinerules/workflows/<name>.md` (run as
 * `/<name>.md`). Neither has frontmatter or placeholders: the text after the command goes along
 * with the prompt. A description and Claude Code's placeholders are reported and left as they are.
 */
import { WarningLog } from "../warnings.js";
import {
  type Command,
  type CommandCodec,
  normalizeName,
  normalizePrompt,
  type ParseCommandOptions,
  reportCodexPlaceholders,
  reportUnheldFields,
} from "./command.js";

function plainCommand(id: string, tool: string, fileLabel: string): CommandCodec {
  return Object.freeze({
    kind: "command",
    id,
    fileLabel,
    parse(text: string, options: ParseCommandOptions) {
      const name = normalizeName(options.name);
      const command: Command = { ...(name ? { name } : {}), prompt: normalizePrompt(text) };
      return { command, warnings: [] };
    },
    render(command: Command) {
      const log = new WarningLog();
      reportUnheldFields(command, tool, log);
      if (command.description !== undefined) {
        log.lossy(
          command.name ?? "command",
          "description",
          `${tool} has no command description; dropped`,
        );
      }
      reportCodexPlaceholders(command, log, tool);
      return { content: `${command.prompt}\n`, warnings: log.list };
    },
  });
}

/** Reads and writes a Cursor command. */
export const cursorCommand: CommandCodec = plainCommand(
  "cursor",
  "Cursor",
  "cursor command markdown",
);

/** Reads and writes a Cline workflow. */
export const clineCommand: CommandCodec = plainCommand("cline", "Cline", "cline workflow markdown");

/** Reads and writes a Windsurf workflow, `.windsurf/workflows/<name>.md` (run as `/<name>`). */
export const windsurfCommand: CommandCodec = plainCommand(
  "windsurf",
  "Windsurf",
  "windsurf workflow markdown",
);

/** Reads and writes an Antigravity workflow, `.agent/workflows/<name>.md` (run as `/<name>`). */
export const antigravityCommand: CommandCodec = plainCommand(
  "antigravity",
  "Antigravity",
  "antigravity workflow markdown",
);

/** Reads and writes a Roo Code command, `.roo/commands/<name>.md` (run as `/<name>`). */
export const rooCommand: CommandCodec = plainCommand("roo", "Roo Code", "roo command markdown");
