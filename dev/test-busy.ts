// `npm run test:busy`: the suite's lanes (dev/run-tests.ts) on a busy machine, as CI's often are.
// One process spins a core at full use for the whole run (as another job on the machine would);
// the lanes must pass beside it. Arguments go to dev/run-tests.ts. Prints the lanes' summary and
// exits with their code.
import { spawn } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const hog = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
console.log(`test:busy: a process (pid ${hog.pid}) keeps one core busy for the whole run`);

const lanes = spawn(process.execPath, [resolve(root, "dev/run-tests.ts"), ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
const stopHog = () => hog.kill("SIGKILL");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    lanes.kill(signal);
    stopHog();
  });
}
lanes.on("close", (code, signal) => {
  stopHog();
  process.exit(code ?? (signal ? 1 : 0));
});
