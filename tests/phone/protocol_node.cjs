// Runs the phone page's protocol.js under node for tests/phone/test_protocol_js.py.
// stdin: {"vectors": v1.json, "ops": [...]}; stdout: what the page's code made of them.
"use strict";
const fs = require("fs");
const P = require(process.argv[2]);
const V = require("./protocol_vectors.js");

const input = JSON.parse(fs.readFileSync(0, "utf8"));
const out = { crc: [], encoded: [], decoded: [], invalid: [], session: [] };

Object.assign(out, V.protocolVectors(P, input.vectors));
const fromVector = (m) => V.fromVector(P, m);

// A reader session driven by ops: ["record", message] | ["command", hex] | ["hello"]
if (input.ops) {
  const s = new P.ReaderSession({ epoch: input.epoch, readerId: input.reader_id, seat: input.seat, capacity: input.capacity });
  for (const op of input.ops) {
    let frames;
    if (op[0] === "record") frames = [s.record(fromVector(op[1]))];
    else if (op[0] === "command") frames = s.onCommand(P.hexToBytes(op[1]));
    else frames = [s.helloFrame()];
    out.session.push(frames.map(P.bytesToHex));
  }
  // a reload: the stored form must rebuild the same session
  const again = new P.ReaderSession(JSON.parse(JSON.stringify(s.toJSON())));
  out.reloaded = P.bytesToHex(again.helloFrame()) === P.bytesToHex(s.helloFrame()) &&
    JSON.stringify(again.toJSON()) === JSON.stringify(s.toJSON());
}
process.stdout.write(JSON.stringify(out));
