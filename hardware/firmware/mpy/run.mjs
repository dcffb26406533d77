// Runs one Python program under MicroPython and exits.
// Standard input: a JSON job {"files": {path: text}, "code": text, "heapsize": bytes}.
// The program's output goes to standard output; an uncaught Python exception is
// printed to standard error and the exit status is 1.
import { readStdin, startMicroPython } from "./load.mjs";

const job = JSON.parse(await readStdin());
const mp = await startMicroPython(job.files ?? {}, { heapsize: job.heapsize });
try {
  mp.runPython(job.code);
} catch (error) {
  process.stderr.write(String(error && error.message ? error.message : error) + "\n");
  process.exit(1);
}
