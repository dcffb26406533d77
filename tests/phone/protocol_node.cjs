// Runs the phone page's protocol.js under node for tests/phone/test_protocol_js.py.
// stdin: {"vectors": v1.json, "ops": [...]}; stdout: what the page's code made of them.
"use strict";
const fs = require("fs");
const P = require(process.argv[2]);

const input = JSON.parse(fs.readFileSync(0, "utf8"));
const out = { crc: [], encoded: [], decoded: [], invalid: [], session: [] };

for (const v of input.vectors.crc) out.crc.push([v.name, P.crc16(P.hexToBytes(v.input)).toString(16).padStart(4, "0")]);

function fromVector(m) {
  const message = { ...m };
  if (message.type === "CARD") message.data = P.hexToBytes(message.data);
  return message;
}
function toVector(m) {
  const message = { ...m };
  if (message.type === "CARD") message.data = P.bytesToHex(message.data);
  return message;
}

for (const v of input.vectors.messages) {
  let hex = null;
  try {
    hex = P.bytesToHex(P.encode(fromVector(v.message)));
  } catch (e) {
    hex = `error: ${e.message}`;
  }
  out.encoded.push([v.name, hex]);
  try {
    out.decoded.push([v.name, toVector(P.decode(P.hexToBytes(v.hex)))]);
  } catch (e) {
    out.decoded.push([v.name, `error: ${e.message}`]);
  }
}
for (const v of input.vectors.invalid_frames) {
  try {
    P.decode(P.hexToBytes(v.hex));
    out.invalid.push([v.name, null]);
  } catch (e) {
    out.invalid.push([v.name, e.reason || `not a FrameError: ${e.message}`]);
  }
}

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
