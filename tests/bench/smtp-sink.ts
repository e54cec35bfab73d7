/**
 * A real SMTP server on loopback that accepts every message and throws it away unparsed, so the email
 * benchmark measures the sender, not the test server. Runs as a child process (started by email.bench.ts):
 * it sends `{ port }` over IPC once listening, and `{ messages, bytes }` whenever it is sent "count".
 */
import { SMTPServer } from "smtp-server";

let messages = 0;
let bytes = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", (chunk: Buffer) => {
      bytes += chunk.byteLength;
    });
    stream.on("end", () => {
      messages++;
      callback();
    });
  },
});

server.listen(0, "127.0.0.1", () => {
  process.send!({ port: (server.server.address() as { port: number }).port });
});

process.on("message", (message) => {
  if (message === "count") process.send!({ messages, bytes });
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
