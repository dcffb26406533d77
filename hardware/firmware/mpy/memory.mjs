// Prints the firmware core's heap use under MicroPython 1.27 (WebAssembly build):
// importing readercore from source, one ReaderCore (capacity 64), 64 unacked events.
// Each step is its own runPython call, so gc.collect() runs with nothing of the step
// left on the C stack (the WebAssembly port scans it conservatively).
// Usage: node memory.mjs   (after npm ci in this folder)
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startMicroPython } from "./load.mjs";

const core = join(dirname(fileURLToPath(import.meta.url)), "..", "readercore");
const files = {};
for (const name of readdirSync(core).filter((n) => n.endsWith(".py"))) {
  files[`/lib/readercore/${name}`] = readFileSync(join(core, name), "utf8");
}
const mp = await startMicroPython(files, { heapsize: 256 * 1024 });
mp.runPython("import gc; gc.collect(); a0 = gc.mem_alloc()");
mp.runPython("import readercore");
mp.runPython("gc.collect(); a1 = gc.mem_alloc(); core = readercore.ReaderCore(0x1234, 0x4B7F)");
mp.runPython("gc.collect(); a2 = gc.mem_alloc()\nfor i in range(64): core.select(i % 11)");
mp.runPython(
  "gc.collect(); a3 = gc.mem_alloc()\n" +
    "print('import readercore (from source): %d bytes' % (a1 - a0))\n" +
    "print('ReaderCore(capacity=64): %d bytes' % (a2 - a1))\n" +
    "print('64 unacknowledged events: %d bytes more' % (a3 - a2))",
);
