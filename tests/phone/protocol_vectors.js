// The shared protocol vectors (firmware_protocol/vectors/v1.json) run through the phone
// page's protocol.js (`P`): under node (protocol_node.cjs) and inside a real page of
// each browser engine (test_engines.py evaluates this file there, `P` being the page's
// own window.TCProtocol). Returns what the page's code made of them.
"use strict";
function fromVector(P, m) {
  const message = { ...m };
  if (message.type === "CARD") message.data = P.hexToBytes(message.data);
  return message;
}
function toVector(P, m) {
  const message = { ...m };
  if (message.type === "CARD") message.data = P.bytesToHex(message.data);
  return message;
}
function protocolVectors(P, vectors) {
  const out = { crc: [], encoded: [], decoded: [], invalid: [] };
  for (const v of vectors.crc) out.crc.push([v.name, P.crc16(P.hexToBytes(v.input)).toString(16).padStart(4, "0")]);
  for (const v of vectors.messages) {
    let hex = null;
    try {
      hex = P.bytesToHex(P.encode(fromVector(P, v.message)));
    } catch (e) {
      hex = `error: ${e.message}`;
    }
    out.encoded.push([v.name, hex]);
    try {
      out.decoded.push([v.name, toVector(P, P.decode(P.hexToBytes(v.hex)))]);
    } catch (e) {
      out.decoded.push([v.name, `error: ${e.message}`]);
    }
  }
  for (const v of vectors.invalid_frames) {
    try {
      P.decode(P.hexToBytes(v.hex));
      out.invalid.push([v.name, null]);
    } catch (e) {
      out.invalid.push([v.name, e.reason || `not a FrameError: ${e.message}`]);
    }
  }
  return out;
}
if (typeof module === "object" && module.exports) module.exports = { protocolVectors, fromVector };
