// An audio device for headless Firefox: without one its AudioContext never starts (an analyser
// hears nothing) and its media elements report MEDIA_ERR_DECODE "OnMediaSinkAudioError" as they
// start, after which Media Source Extensions refuse every append, so the player would fall back
// to the element as it never does where a listener has speakers. A PulseAudio server of the
// driver's own with a null sink, on a socket in a temporary directory: the browser started with
// PULSE_SERVER naming it plays into it, never into the machine's speakers.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const audioDeviceHint = "sudo apt-get install -y pulseaudio";

export type AudioDevice = { server: string; stop: () => Promise<void> };

function installed(command: string): boolean {
  try {
    execFileSync("which", [command], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Starts the server; null when PulseAudio is not installed. */
export async function startNullAudio(): Promise<AudioDevice | null> {
  if (!installed("pulseaudio")) return null;
  const dir = mkdtempSync(join(tmpdir(), "engines-pulse-"));
  const socket = join(dir, "native");
  const child: ChildProcess = spawn(
    "pulseaudio",
    [
      "-n",
      "--daemonize=no",
      "--exit-idle-time=-1",
      "--use-pid-file=no",
      "--disable-shm",
      "--log-target=stderr",
      "-L",
      "module-null-sink sink_name=engines",
      "-L",
      `module-native-protocol-unix auth-anonymous=1 socket=${socket}`,
    ],
    // Its cookie and state in the temporary directory, not the user's.
    {
      env: { ...process.env, HOME: dir, XDG_RUNTIME_DIR: dir, XDG_CONFIG_HOME: dir },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let output = "";
  child.stderr?.on("data", (chunk) => (output = (output + chunk).slice(-2000)));
  // A browser library's Ctrl-C handler may end this process before stop().
  const killOnExit = () => {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!existsSync(socket)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`PulseAudio did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { server: `unix:${socket}`, stop };
}
