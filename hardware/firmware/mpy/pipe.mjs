// Runs a ReaderCore inside MicroPython and talks to it one line at a time, so that a
// host implementation in another process can exchange real frames with it.
// Standard input: first line, a JSON job {"files": {...}, "driver": module name,
// "heapsize": bytes}; then one request per line, each passed to the driver module's
// `handle(line)`, whose one-line answer is written to standard output.
import { createInterface } from "node:readline";
import { startMicroPython } from "./load.mjs";

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
let driver = null;
for await (const line of lines) {
  if (driver === null) {
    const job = JSON.parse(line);
    const mp = await startMicroPython(job.files ?? {}, {
      heapsize: job.heapsize,
      stdout: (text) => process.stderr.write(text + "\n"), // prints are diagnostics only
    });
    driver = mp.pyimport(job.driver);
    process.stdout.write(JSON.stringify({ ready: true }) + "\n");
    continue;
  }
  let answer;
  try {
    answer = driver.handle(line);
  } catch (error) {
    answer = JSON.stringify({ error: String(error && error.message ? error.message : error) });
  }
  process.stdout.write(answer + "\n");
}
