import { execFileSync } from "node:child_process";
import { BUN, REPO_ROOT, type RunningServer } from "./server.ts";

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${process.pid}-${++counter}-${Date.now().toString(36)}@example.com`;

export interface SeededUser {
  id: number;
  email: string;
  password: string;
}

/** Creates a subscriber in the running server's database (through tests/support/seed.ts under Bun). */
export function seedUser(
  server: RunningServer,
  options: { email?: string; password?: string; needsSetup?: boolean; firstName?: string; status?: string; type?: string; plan?: string } = {},
): SeededUser {
  const email = options.email ?? uniqueEmail("member");
  const password = options.password ?? "member password 1";
  const args = ["tests/support/seed.ts", "user", "--db", server.databasePath, "--email", email, "--password", password];
  if (options.needsSetup) args.push("--needs-setup");
  if (options.firstName !== undefined) args.push("--first-name", options.firstName);
  if (options.status) args.push("--status", options.status);
  if (options.type) args.push("--type", options.type);
  if (options.plan) args.push("--plan", options.plan);
  const output = execFileSync(BUN, args, { cwd: REPO_ROOT, encoding: "utf8" });
  return { ...(JSON.parse(output.trim().split("\n").at(-1)!) as { id: number; email: string }), password };
}
