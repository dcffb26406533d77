// Loads the official MicroPython WebAssembly build (pinned in package-lock.json) and
// copies Python source files into its in-memory filesystem.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

/** Start MicroPython; `files` maps absolute paths in its filesystem to file contents. */
export async function startMicroPython(files, { heapsize = 1024 * 1024, stdout, stderr } = {}) {
  const mp = await loadMicroPython({
    heapsize,
    stdout: stdout ?? ((line) => process.stdout.write(line + "\n")),
    stderr: stderr ?? ((line) => process.stderr.write(line + "\n")),
  });
  for (const [path, text] of Object.entries(files)) {
    const parts = path.split("/").filter((p) => p);
    let dir = "";
    for (const part of parts.slice(0, -1)) {
      dir += "/" + part;
      try {
        mp.FS.mkdir(dir);
      } catch {
        // already there
      }
    }
    mp.FS.writeFile(path, text);
  }
  return mp;
}

/** Read all of standard input as text. */
export async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}
