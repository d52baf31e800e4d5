import { readFileSync } from "node:fs";

/** All of stdin, as bytes. */
export async function readStdinBytes(): Promise<Buffer> {
  try {
    // One synchronous read is the fastest way to take a piped hook payload.
    return readFileSync(0);
  } catch (error) {
    // A non-blocking stdin (some terminals and spawners) cannot be read synchronously.
    if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

/** All of stdin as UTF-8 text. */
export async function readStdin(): Promise<string> {
  return (await readStdinBytes()).toString("utf8");
}
