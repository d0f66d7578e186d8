// Proves the worker and its assets bundle for production and for staging (`wrangler deploy
// --dry-run`, which also validates each environment's configuration) and keeps the worker bundle
// inside the Workers free-plan limit of 3 MB gzip.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const root = resolve(import.meta.dirname, "..");
const outDir = join(root, "dist/worker");
const limitBytes = 3 * 1024 * 1024;

rmSync(outDir, { recursive: true, force: true });
const wrangler = (args: string[]) =>
  execFileSync(join(root, "node_modules/.bin/wrangler"), args, {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
  });
wrangler(["deploy", "--dry-run", "--env", "staging"]);
wrangler(["deploy", "--dry-run", "--outdir", outDir]);
const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter(
  (entry) => entry.isFile() && /\.(m?js|wasm)$/.test(entry.name),
);
let raw = 0;
let gzip = 0;
for (const file of files) {
  const bytes = readFileSync(join(file.parentPath, file.name));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`worker bundle: ${kib(raw)} raw, ${kib(gzip)} gzip (limit ${kib(limitBytes)} gzip)`);
if (gzip > limitBytes) {
  console.error("worker bundle exceeds the Workers free-plan limit");
  process.exit(1);
}
