import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");
const EXECUTABLE = join(ROOT, "dist", "gordu");

describe("npm run build", () => {
  let workdir: string;
  let server: ReturnType<typeof Bun.spawn> | null = null;

  beforeAll(() => {
    const build = Bun.spawnSync([process.execPath, "src/server/cli/build.ts"], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
    if (build.exitCode !== 0) throw new Error(`build failed:\n${build.stderr.toString()}`);
    workdir = mkdtempSync(join(tmpdir(), "gordu-exe-"));
  }, 120_000);

  afterAll(() => {
    server?.kill();
    rmSync(workdir, { recursive: true, force: true });
  });

  test("produces one executable that serves the product, assets included, from another directory", async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    server = Bun.spawn([EXECUTABLE], {
      cwd: workdir,
      env: { PATH: process.env.PATH ?? "", PORT: String(port), HOST: "127.0.0.1" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const url = `http://127.0.0.1:${port}`;
    let landing: Response | null = null;
    // Up to 30 s to start: a loaded CI machine starts it in seconds, not the 0.2 s it takes when idle.
    for (let attempt = 0; attempt < 600 && !landing && server.exitCode === null; attempt++) {
      landing = await fetch(url).catch(() => null);
      if (!landing) await Bun.sleep(50);
    }
    if (!landing && server.exitCode !== null)
      throw new Error(`the executable exited (${server.exitCode}): ${await new Response(server.stderr as ReadableStream).text()}`);
    if (!landing) throw new Error("the executable did not answer within 30 s");
    expect(landing.status).toBe(200);
    const html = await landing.text();
    expect(html).toContain("Never Miss a Deal from RDU");

    const script = html.match(/src="(\/assets\/entry-[\w-]+\.js)"/)![1]!;
    const asset = await fetch(url + script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await asset.text()).length).toBeGreaterThan(1000);

    const stylesheet = html.match(/href="(\/assets\/entry-[\w-]+\.css)"/)![1]!;
    expect((await fetch(url + stylesheet)).status).toBe(200);

    expect(await Bun.file(join(workdir, "db", "app.sqlite")).exists()).toBe(true);

    // The browser tests' seam is not in the executable: its routes are pages that do not exist.
    const seam = await fetch(`${url}/__test/members`, {
      method: "POST",
      headers: { "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: "{}",
    });
    expect(seam.status).toBe(404);
  }, 60_000);
});
