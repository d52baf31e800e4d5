// Runs a CLI against a loopback HTTP server that stands in for the model API and records every
// request; prints the recorded requests as JSON. Usage: node record-requests.mjs <cli> [args…]
// ({BASE_URL} in an argument is replaced by the server's address).
// The server answers 400 so the CLI stops after its first attempts: only the request matters.
import { spawn } from "node:child_process";
import http from "node:http";

const [cli, ...args] = process.argv.slice(2);
const requests = [];
const server = http.createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    requests.push({ method: request.method, url: request.url, body });
    response.writeHead(400, { "content-type": "application/json" });
    response.end(JSON.stringify({ type: "error", error: { code: 400, message: "recorded" } }));
  });
});

server.listen(0, "127.0.0.1", () => {
  const base = `http://127.0.0.1:${server.address().port}`;
  // "{BASE_URL}" in an argument is the server's address (Codex takes it as a -c override).
  const child = spawn(
    cli,
    args.map((arg) => arg.replaceAll("{BASE_URL}", base)),
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ANTHROPIC_BASE_URL: base, GOOGLE_GEMINI_BASE_URL: base },
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  child.on("close", (code) => {
    clearTimeout(timer);
    server.close();
    process.stdout.write(JSON.stringify({ code, output, requests }));
  });
});
