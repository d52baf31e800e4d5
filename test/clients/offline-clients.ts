/**
 * How the suite starts each pinned client headless and offline against its loopback model
 * (scripted-model.mjs): the settings the client needs in its home, its arguments for one prompt
 * and its environment, and {@link runOffline}, which writes those settings and runs it. Each
 * client's quirks are here once (Gemini CLI reads a project only in a folder it trusts; Kilo Code
 * does not exit without its switches), not again in every test file that runs it.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { codexExecArgs, type RecordedRun } from "./run-client.js";
import {
  CLINE_ENV,
  clineProvider,
  type ModelScript,
  runScripted,
  type ScriptedClient,
} from "./run-scripted.js";

/** A client the suite runs offline against its loopback model (Pi and Continue are run by hand). */
export type OfflineClient = Exclude<ScriptedClient, "pi" | "continue">;

/** Where a client runs: the project it trusts and the fake home it starts with. */
export interface OfflinePlace {
  /** The project folder (the one Codex CLI and Gemini CLI are told to trust). */
  readonly dir: string;
  /** HOME. */
  readonly home: string;
  /** CODEX_HOME (default: `<home>/.codex`, Codex CLI's own default). */
  readonly codexHome?: string;
}

/** An Anthropic provider pointed at the loopback model, as OpenCode's and Kilo Code's config take it. */
export const MODEL_CONFIG = JSON.stringify({
  provider: { anthropic: { options: { baseURL: "{BASE_URL}/v1", apiKey: "x" } } },
  model: "anthropic/claude-sonnet-4-5",
});

/**
 * Kilo Code's environment for a headless run: the loopback model as its provider, and the switches
 * without which (and `--pure`) the CLI does not exit.
 */
export const KILO_ENV = {
  KILO_CONFIG_CONTENT: MODEL_CONFIG,
  KILO_NO_DAEMON: "1",
  KILO_TELEMETRY_LEVEL: "off",
  KILO_DISABLE_AUTOUPDATE: "1",
  KILO_DISABLE_MODELS_FETCH: "1",
  KILO_DISABLE_SESSION_INGEST: "1",
  KILO_DISABLE_SHARE: "1",
  KILO_DISABLE_PRESENCE: "1",
  KILO_DISABLE_DEFAULT_PLUGINS: "1",
  KILO_DISABLE_LSP_DOWNLOAD: "1",
  KILO_DISABLE_CODEBASE_INDEXING: "1",
  KILO_EXPERIMENTAL_DISABLE_FILEWATCHER: "1",
};

/**
 * Copilot CLI's environment for a headless run: offline, the loopback model as its provider, and
 * every folder trusted (so its workspace files are read and its hooks run; the --trust-folder
 * flag refuses --resume).
 */
export const COPILOT_ENV = {
  COPILOT_OFFLINE: "true",
  COPILOT_PROVIDER_TYPE: "anthropic",
  COPILOT_PROVIDER_BASE_URL: "{BASE_URL}",
  COPILOT_PROVIDER_API_KEY: "x",
  COPILOT_MODEL: "claude-sonnet-4.5",
  COPILOT_AUTO_UPDATE: "false",
  COPILOT_ALLOW_ALL: "true",
};

const codexHomeOf = (place: OfflinePlace) => place.codexHome ?? join(place.home, ".codex");

/**
 * The settings `client` needs in its home to run headless against the loopback model, trusting
 * the project: each file by its path below the home.
 */
export function homeFiles(client: OfflineClient, place: OfflinePlace): Record<string, string> {
  switch (client) {
    case "codex":
      return {
        [join(relative(place.home, codexHomeOf(place)), "config.toml")]:
          `[projects."${place.dir}"]\ntrust_level = "trusted"\n`,
      };
    case "gemini":
      return {
        ".gemini/settings.json": JSON.stringify({
          security: { auth: { selectedType: "gemini-api-key" } },
        }),
        ".gemini/trustedFolders.json": JSON.stringify({ [place.dir]: "TRUST_FOLDER" }),
      };
    case "qwen":
      return {
        ".qwen/settings.json": JSON.stringify({
          security: { auth: { selectedType: "anthropic" } },
          model: { name: "claude-sonnet-4-5" },
        }),
      };
    default:
      return {};
  }
}

/** Writes {@link homeFiles} of `client` into its home, each where the test wrote none. */
export function prepareHome(client: OfflineClient, place: OfflinePlace): void {
  for (const [path, text] of Object.entries(homeFiles(client, place))) {
    const file = join(place.home, path);
    if (existsSync(file)) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

/** The arguments that run `client` headless on `prompt`, and the environment it needs for it. */
const START: Record<
  OfflineClient,
  (prompt: string) => { args: string[]; env: Record<string, string> }
> = {
  claude: (prompt) => ({
    args: ["-p", prompt, "--max-turns", "1"],
    env: { ANTHROPIC_API_KEY: "x" },
  }),
  codex: (prompt) => ({ args: codexExecArgs(prompt), env: { RECORDER_KEY: "x" } }),
  gemini: (prompt) => ({ args: ["-p", prompt], env: { GEMINI_API_KEY: "x" } }),
  copilot: (prompt) => ({ args: ["-p", prompt], env: COPILOT_ENV }),
  qwen: (prompt) => ({ args: ["--yolo", prompt], env: { ANTHROPIC_API_KEY: "x" } }),
  opencode: (prompt) => ({ args: ["run", prompt], env: { OPENCODE_CONFIG_CONTENT: MODEL_CONFIG } }),
  kilo: (prompt) => ({
    args: ["run", "--pure", prompt],
    env: KILO_ENV,
  }),
  // The pinned Cline sends the model no request for a bare "hi": it is asked to say it.
  cline: (prompt) => ({ args: ["--json", `say ${prompt}`], env: CLINE_ENV }),
};

/**
 * How `client` starts headless on `prompt` in `place`: its arguments, and its environment with
 * HOME (and Codex CLI's CODEX_HOME).
 */
export function headless(
  client: OfflineClient,
  prompt: string,
  place: OfflinePlace,
): { args: string[]; env: Record<string, string> } {
  const { args, env } = START[client](prompt);
  const homes = client === "codex" ? { CODEX_HOME: codexHomeOf(place) } : {};
  return { args, env: { ...env, HOME: place.home, ...homes } };
}

/** `script` with what `client` needs of the loopback model besides (Cline: its provider's settings). */
export const scriptFor = (
  client: OfflineClient,
  home: string,
  script: ModelScript = { replies: [] },
): ModelScript =>
  client === "cline" ? { ...script, files: { ...script.files, ...clineProvider(home) } } : script;

/** What a run may add to a client's plain headless start. */
export interface OfflineOptions {
  /** What the loopback model answers (default: no reply of its own). */
  readonly script?: ModelScript;
  /** Arguments before the client's own (Gemini CLI's `--yolo`). */
  readonly flags?: readonly string[];
  /** More environment. */
  readonly env?: Record<string, string>;
  /** The folder it starts in (default: the project). */
  readonly cwd?: string;
}

/**
 * Runs `client` headless and offline on `prompt` in `place`, against the loopback model answering
 * `options.script`, its home settings written first ({@link prepareHome}); returns the requests it
 * sent and what it printed.
 */
export function runOffline(
  client: OfflineClient,
  prompt: string,
  place: OfflinePlace,
  options: OfflineOptions = {},
): RecordedRun {
  prepareHome(client, place);
  const { args, env } = headless(client, prompt, place);
  return runScripted(
    client,
    scriptFor(client, place.home, options.script),
    [...(options.flags ?? []), ...args],
    { ...env, ...options.env },
    options.cwd ?? place.dir,
  );
}
