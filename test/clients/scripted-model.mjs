// Runs a CLI against a loopback HTTP server that stands in for the model API and answers from a
// script, so the CLI goes on past its first request: it calls tools, starts subagents, stops.
// Prints the CLI's exit code and output and every request as JSON.
// Usage: node scripted-model.mjs <script.json> <cli> [args…]
// ({BASE_URL} in an argument or an environment variable is replaced by the server's address).
//
// The script: { "replies": [{ "when"?: [text…], "unless"?: [text…], "times"?: n, "reply": R }] }.
// Each request gets the first reply whose `when` texts all occur in its body and whose `unless`
// texts do not, while it has `times` left; otherwise the text "Done.". R is { "text": "…" } or
// { "tool": { "name": "…", "input": {…} } } (a tool call, "totalTokens" the tokens used; several with "tools": [...]; a Codex
// tool in a namespace, such as spawn_agent, also names its "namespace").
// The same script serves the Anthropic Messages API (Claude Code), the OpenAI Responses API
// (Codex CLI) and the Gemini API (Gemini CLI), each in its own wire format. "stdin", if given, is
// written to the CLI's standard input. "files" (path → text) are written before the CLI starts,
// {BASE_URL} in them replaced too: for a CLI that takes the model's address only from a file.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { dirname } from "node:path";

const [scriptPath, cli, ...args] = process.argv.slice(2);
const script = JSON.parse(readFileSync(scriptPath, "utf8"));
const left = script.replies.map((entry) => entry.times ?? Number.POSITIVE_INFINITY);
const requests = [];
let calls = 0;

function replyFor(body) {
  for (const [index, entry] of script.replies.entries()) {
    if (left[index] <= 0) continue;
    if ((entry.when ?? []).some((text) => !body.includes(text))) continue;
    if ((entry.unless ?? []).some((text) => body.includes(text))) continue;
    left[index] -= 1;
    return entry.reply;
  }
  return { text: "Done." };
}

/** Whether a JSON request body asks for a stream (`"stream": true`, however it is spaced). */
function streamed(body) {
  try {
    return JSON.parse(body).stream === true;
  } catch {
    return false;
  }
}

const toolsOf = (reply) => reply.tools ?? (reply.tool ? [reply.tool] : []);

function sse(events) {
  return events
    .map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    .join("");
}

/** The Anthropic Messages API: a streamed message, or a whole one. */
function anthropic(reply, stream) {
  calls += 1;
  const blocks = [
    ...(reply.text !== undefined ? [{ type: "text", text: reply.text }] : []),
    ...toolsOf(reply).map((tool, index) => ({
      type: "tool_use",
      id: `toolu_${calls}_${index}`,
      name: tool.name,
      input: tool.input ?? {},
    })),
  ];
  const stopReason = toolsOf(reply).length > 0 ? "tool_use" : "end_turn";
  const usage = { input_tokens: 10, output_tokens: 5 };
  const message = {
    id: `msg_${calls}`,
    type: "message",
    role: "assistant",
    model: "claude-scripted",
  };
  if (!stream) {
    return {
      type: "application/json",
      body: JSON.stringify({ ...message, content: blocks, stop_reason: stopReason, usage }),
    };
  }
  const events = [
    [
      "message_start",
      { type: "message_start", message: { ...message, content: [], stop_reason: null, usage } },
    ],
  ];
  blocks.forEach((block, index) => {
    const start = block.type === "text" ? { type: "text", text: "" } : { ...block, input: {} };
    events.push([
      "content_block_start",
      { type: "content_block_start", index, content_block: start },
    ]);
    const delta =
      block.type === "text"
        ? { type: "text_delta", text: block.text }
        : { type: "input_json_delta", partial_json: JSON.stringify(block.input) };
    events.push(["content_block_delta", { type: "content_block_delta", index, delta }]);
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
  });
  events.push([
    "message_delta",
    { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage },
  ]);
  events.push(["message_stop", { type: "message_stop" }]);
  return { type: "text/event-stream", body: sse(events) };
}

/** The OpenAI Responses API, streamed. */
function responses(reply) {
  calls += 1;
  const id = `resp_${calls}`;
  const items = [
    ...(reply.text !== undefined
      ? [
          {
            type: "message",
            role: "assistant",
            id: `msg_${calls}`,
            content: [{ type: "output_text", text: reply.text }],
          },
        ]
      : []),
    ...toolsOf(reply).map((tool, index) => ({
      type: "function_call",
      call_id: `call_${calls}_${index}`,
      name: tool.name,
      ...(tool.namespace ? { namespace: tool.namespace } : {}),
      arguments: JSON.stringify(tool.input ?? {}),
    })),
  ];
  // A reply may claim a large context ("totalTokens"), so that the CLI compacts its history.
  const total = reply.totalTokens ?? 15;
  const usage = {
    input_tokens: total - 5,
    input_tokens_details: null,
    output_tokens: 5,
    output_tokens_details: null,
    total_tokens: total,
  };
  const events = [
    ["response.created", { type: "response.created", response: { id } }],
    ...items.map((item) => [
      "response.output_item.done",
      { type: "response.output_item.done", item },
    ]),
    ["response.completed", { type: "response.completed", response: { id, usage } }],
  ];
  return { type: "text/event-stream", body: sse(events) };
}

/** The Gemini API: streamGenerateContent (SSE) or generateContent. */
function gemini(reply, stream) {
  calls += 1;
  const parts = [
    ...(reply.text !== undefined ? [{ text: reply.text }] : []),
    ...toolsOf(reply).map((tool) => ({
      functionCall: { name: tool.name, args: tool.input ?? {} },
    })),
  ];
  const chunk = {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
  };
  if (!stream) return { type: "application/json", body: JSON.stringify(chunk) };
  return { type: "text/event-stream", body: `data: ${JSON.stringify(chunk)}\n\n` };
}

const server = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    const url = request.url ?? "";
    requests.push({ method: request.method, url, body });
    let answer;
    if (url.includes("/count_tokens")) {
      answer = { type: "application/json", body: JSON.stringify({ input_tokens: 10 }) };
    } else if (/\/v1\/messages(\?|$)/.test(url)) {
      answer = anthropic(replyFor(body), streamed(body));
    } else if (/\/responses(\?|$)/.test(url)) {
      answer = responses(replyFor(body));
    } else if (url.includes(":streamGenerateContent") || url.includes(":generateContent")) {
      // Gemini CLI first asks a small model how complex the prompt is, as JSON.
      const reply = body.includes('"complexity_score"')
        ? { text: JSON.stringify({ complexity_reasoning: "simple", complexity_score: 1 }) }
        : replyFor(body);
      answer = gemini(reply, url.includes(":streamGenerateContent"));
    }
    if (!answer) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { code: 404, message: "not scripted" } }));
      return;
    }
    response.writeHead(200, { "content-type": answer.type });
    response.end(answer.body);
  });
});

server.listen(0, "127.0.0.1", () => {
  const base = `http://127.0.0.1:${server.address().port}`;
  for (const [path, text] of Object.entries(script.files ?? {})) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text.replaceAll("{BASE_URL}", base));
  }
  const child = spawn(
    cli,
    args.map((arg) => arg.replaceAll("{BASE_URL}", base)),
    {
      stdio: [script.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      // "{BASE_URL}" in an environment variable is the server's address too.
      env: {
        ...Object.fromEntries(
          Object.entries(process.env).map(([key, value]) => [
            key,
            value?.replaceAll("{BASE_URL}", base),
          ]),
        ),
        ANTHROPIC_BASE_URL: base,
        GOOGLE_GEMINI_BASE_URL: base,
      },
    },
  );
  if (script.stdin !== undefined) child.stdin.end(script.stdin);
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 80_000);
  child.on("close", (code) => {
    clearTimeout(timer);
    server.close();
    process.stdout.write(JSON.stringify({ code, output, requests }));
  });
});
