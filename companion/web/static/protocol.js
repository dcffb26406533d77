// The reader wire protocol (firmware_protocol/SPEC.md, version 1) for the phone page:
// frames (encode, strict decode), and the reader's end of the sequence/ack/replay rules
// (ReaderSession, as firmware_protocol/reader_session.py). No DOM, no I/O: the page
// moves the bytes; tests/phone/test_protocol_js.py runs this file under node against
// firmware_protocol/vectors/v1.json, in both directions.
(function (root) {
  "use strict";

  const VERSION = 1;
  const NO_EVENTS = 0xffff;
  const HALF_WINDOW = 0x8000;
  const MAX_SEAT = 10;
  const MIN_CAPACITY = 64;

  const REASONS = {
    TOO_SHORT: 1, BAD_CRC: 2, UNSUPPORTED_VERSION: 3, UNKNOWN_TYPE: 4,
    BAD_LENGTH: 5, BAD_VALUE: 6, BAD_COBS: 7, TOO_LONG: 8,
  };
  const KINDS = { TEXT: 1, NDEF: 2, UID: 3 };
  const BUTTONS = { OK: 1, NO: 2, UNDO: 3 };
  const PRESSES = { SHORT: 0, LONG: 1 };
  const ERROR_CODES = { BAD_FRAME: 1, UNKNOWN_COMMAND: 2, HARDWARE_FAULT: 3 };
  const COLORS = { OFF: 0, GREEN: 1, RED: 2, BLUE: 3, YELLOW: 4, WHITE: 5 };
  const PATTERNS = { SOLID: 0, BLINK: 1, PULSE: 2, DOUBLE_BLINK: 3 };
  const BUZZERS = { NONE: 0, BEEP: 1, DOUBLE_BEEP: 2, LONG: 3 };

  // name -> [type byte, fields [name, size in bytes | enum table + size 1]]
  const STATE = [["epoch", 4], ["last_seq", 2], ["seat", 1], ["battery", 1], ["flags", 1], ["reader_id", 4]];
  const TYPES = {
    HELLO: [0x01, STATE],
    STATUS: [0x02, STATE],
    CARD: [0x03, null],
    BUTTON: [0x04, [["button", BUTTONS], ["press", PRESSES]]],
    SELECT: [0x05, [["seat", 1]]],
    BATTERY: [0x06, [["percent", 1], ["millivolts", 2]]],
    LOST: [0x07, [["first_seq", 2], ["count", 2]]],
    ERROR: [0x08, [["code", ERROR_CODES], ["detail", 1]]],
    ACK: [0x41, [["up_to", 2]]],
    RESUME: [0x42, [["from_seq", 2]]],
    FEEDBACK: [0x43, [["color", COLORS], ["pattern", PATTERNS], ["buzzer", BUZZERS], ["duration_ms", 2]]],
    SET_SEAT: [0x44, [["seat", 1]]],
    IDENTIFY: [0x45, [["seconds", 1]]],
    HELLO_REQUEST: [0x46, []],
  };
  const BY_BYTE = {};
  for (const name of Object.keys(TYPES)) BY_BYTE[TYPES[name][0]] = name;
  const EVENTS = new Set(["CARD", "BUTTON", "SELECT", "BATTERY", "ERROR"]);

  class FrameError extends Error {
    constructor(reason, detail) {
      super(`${reason}: ${detail}`);
      this.reason = reason;
      this.number = REASONS[reason];
    }
  }

  function crc16(bytes) {
    // CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final XOR
    let crc = 0xffff;
    for (const b of bytes) {
      crc ^= b << 8;
      for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
    return crc;
  }

  function putInt(out, value, size) {
    for (let i = 0; i < size; i++) out.push(Math.floor(value / 2 ** (8 * i)) & 0xff);
  }

  function getInt(bytes, at, size) {
    let value = 0;
    for (let i = size - 1; i >= 0; i--) value = value * 256 + bytes[at + i];
    return value;
  }

  function hexToBytes(hex) {
    const out = new Uint8Array(hex.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
    return out;
  }

  function bytesToHex(bytes) {
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function enumName(table, value) {
    for (const key of Object.keys(table)) if (table[key] === value) return key;
    return undefined;
  }

  function validUtf8(bytes) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      return true;
    } catch (e) {
      return false;
    }
  }

  // The values SPEC.md section 3 allows; a message outside them is never encoded.
  function check(message) {
    const t = message.type;
    const seat = (s) => Number.isInteger(s) && s >= 0 && s <= MAX_SEAT;
    if (t === "HELLO" || t === "STATUS") {
      if (!(message.epoch >= 1 && message.epoch <= 0xffffffff)) return "epoch must be 1..2^32-1";
      if (message.seq !== message.last_seq) return "seq must equal last_seq";
      if (!seat(message.seat)) return "seat must be 0..10";
      if (message.battery > 100 && message.battery < 255) return "battery must be 0..100 or 255";
      return null;
    }
    if (t === "CARD") {
      const data = message.data;
      if (!(KINDS[message.kind] >= 1)) return "kind must be TEXT, NDEF or UID";
      if (message.kind === "UID") return [4, 7, 10].includes(data.length) ? null : "a UID has 4, 7 or 10 bytes";
      if (data.length < 1 || data.length > 13) return "text must be 1..13 bytes";
      return validUtf8(data) ? null : "text must be UTF-8";
    }
    if (t === "SELECT" || t === "SET_SEAT") return seat(message.seat) ? null : "seat must be 0..10";
    if (t === "BATTERY") return message.percent > 100 && message.percent < 255 ? "percent must be 0..100 or 255" : null;
    if (t === "LOST") {
      if (message.count < 1) return "count must be 1..65535";
      return message.seq === message.first_seq ? null : "seq must equal first_seq";
    }
    return null;
  }

  // One frame's bytes for a message {type, field..., seq} (CARD data: Uint8Array).
  function encode(message) {
    const spec = TYPES[message.type];
    if (!spec) throw new TypeError(`unknown message type ${message.type}`);
    const problem = check(message);
    if (problem) throw new RangeError(`${message.type}: ${problem}`);
    const out = [VERSION, spec[0]];
    putInt(out, message.seq, 2);
    if (message.type === "CARD") {
      out.push((message.present ? 0x80 : 0) | KINDS[message.kind]);
      for (const b of message.data) out.push(b);
    } else {
      for (const [name, size] of spec[1]) {
        if (typeof size === "object") {
          const value = size[message[name]];
          if (value === undefined) throw new RangeError(`${message.type}: bad ${name} ${message[name]}`);
          out.push(value);
        } else {
          putInt(out, message[name], size);
        }
      }
    }
    putInt(out, crc16(out), 2);
    return new Uint8Array(out);
  }

  // The message of one frame, or a thrown FrameError (checks in SPEC.md section 8 order).
  function decode(frame) {
    const bytes = frame instanceof Uint8Array ? frame : new Uint8Array(frame);
    const n = bytes.length;
    if (n < 6) throw new FrameError("TOO_SHORT", `${n} bytes`);
    if (getInt(bytes, n - 2, 2) !== crc16(bytes.subarray(0, n - 2))) throw new FrameError("BAD_CRC", "crc");
    if (bytes[0] !== VERSION) throw new FrameError("UNSUPPORTED_VERSION", `version ${bytes[0]}`);
    const type = BY_BYTE[bytes[1]];
    if (!type) throw new FrameError("UNKNOWN_TYPE", `type ${bytes[1]}`);
    const seq = getInt(bytes, 2, 2);
    const payload = bytes.subarray(4, n - 2);
    const message = { type };
    if (type === "CARD") {
      if (payload.length < 2 || payload.length > 14) throw new FrameError("BAD_LENGTH", "CARD");
      const sk = payload[0];
      message.present = (sk & 0x80) !== 0;
      message.kind = enumName(KINDS, sk & 0x0f);
      if (sk & 0x70 || !message.kind) throw new FrameError("BAD_VALUE", "CARD state_kind");
      message.data = payload.slice(1);
    } else {
      const fields = TYPES[type][1];
      const size = fields.reduce((s, [, f]) => s + (typeof f === "object" ? 1 : f), 0);
      if (payload.length !== size) throw new FrameError("BAD_LENGTH", type);
      let at = 0;
      for (const [name, f] of fields) {
        if (typeof f === "object") {
          message[name] = enumName(f, payload[at]);
          if (message[name] === undefined) throw new FrameError("BAD_VALUE", name);
          at += 1;
        } else {
          message[name] = getInt(payload, at, f);
          at += f;
        }
      }
    }
    message.seq = seq;
    if (check(message)) throw new FrameError("BAD_VALUE", check(message));
    return message;
  }

  function seqAdd(seq, n) {
    return (((seq + n) % 0x10000) + 0x10000) % 0x10000;
  }

  function seqDistance(from, to) {
    return (((to - from) % 0x10000) + 0x10000) % 0x10000;
  }

  // The reader's state since its "boot" (for a phone: since it joined the seat; kept in
  // the page's storage so that a reload goes on in the same epoch).
  class ReaderSession {
    constructor({ epoch, readerId = 0, seat = 0, capacity = MIN_CAPACITY, lastSeq = NO_EVENTS, buffer = [], flags = 0, battery = 255 }) {
      if (!(epoch >= 1 && epoch <= 0xffffffff)) throw new RangeError("epoch must be 1..2^32-1");
      this.epoch = epoch;
      this.readerId = readerId;
      this.seat = seat;
      this.capacity = capacity;
      this.lastSeq = lastSeq;
      this.buffer = buffer.map(([s, hex]) => [s, typeof hex === "string" ? hexToBytes(hex) : hex]);
      this.battery = battery;
      this.flags = flags;
      this.dropped = 0;
      this.feedback = null;
    }

    static randomEpoch() {
      const a = new Uint32Array(1);
      do crypto.getRandomValues(a); while (a[0] === 0);
      return a[0];
    }

    helloFrame() {
      return encode({
        type: "HELLO", epoch: this.epoch, last_seq: this.lastSeq, seat: this.seat,
        battery: this.battery, flags: this.flags, reader_id: this.readerId, seq: this.lastSeq,
      });
    }

    // Give an event the next seq, keep it until acknowledged, return its frame.
    record(event) {
      if (!EVENTS.has(event.type)) throw new TypeError(`not a reader event: ${event.type}`);
      const seq = seqAdd(this.lastSeq, 1);
      const frame = encode({ ...event, seq });
      if (this.buffer.length === this.capacity) {
        this.buffer.shift();
        this.dropped += 1;
      }
      this.buffer.push([seq, frame]);
      this.lastSeq = seq;
      if (event.type === "CARD") this.flags = event.present ? this.flags | 1 : this.flags & ~1;
      return frame;
    }

    // A frame the host sent: returns the frames to send back, in order.
    onCommand(frame) {
      let command;
      try {
        command = decode(frame);
      } catch (error) {
        if (!(error instanceof FrameError)) throw error;
        const bytes = new Uint8Array(frame);
        if (error.reason === "UNKNOWN_TYPE" && bytes.length > 1)
          return [this.record({ type: "ERROR", code: "UNKNOWN_COMMAND", detail: bytes[1] })];
        return [this.record({ type: "ERROR", code: "BAD_FRAME", detail: error.number })];
      }
      switch (command.type) {
        case "ACK": {
          if (seqDistance(command.up_to, this.lastSeq) >= HALF_WINDOW) return [];
          while (this.buffer.length && seqDistance(this.buffer[0][0], command.up_to) < HALF_WINDOW) this.buffer.shift();
          return [];
        }
        case "RESUME": {
          const behind = seqDistance(command.from_seq, seqAdd(this.lastSeq, 1));
          if (behind === 0 || behind >= HALF_WINDOW) return [];
          const held = this.buffer.length;
          if (behind <= held) return this.buffer.slice(held - behind).map(([, f]) => f);
          const lost = encode({ type: "LOST", first_seq: command.from_seq, count: behind - held, seq: command.from_seq });
          return [lost, ...this.buffer.map(([, f]) => f)];
        }
        case "FEEDBACK":
          this.feedback = command;
          return [];
        case "SET_SEAT":
          this.seat = command.seat;
          return [];
        case "IDENTIFY":
          return [];
        case "HELLO_REQUEST":
          return [this.helloFrame()];
        default:
          return [this.record({ type: "ERROR", code: "UNKNOWN_COMMAND", detail: TYPES[command.type][0] })];
      }
    }

    // What the page stores so that a reload goes on exactly where it was.
    toJSON() {
      return {
        epoch: this.epoch, readerId: this.readerId, seat: this.seat, lastSeq: this.lastSeq,
        capacity: this.capacity, flags: this.flags, battery: this.battery,
        buffer: this.buffer.map(([s, f]) => [s, bytesToHex(f)]),
      };
    }
  }

  const api = {
    VERSION, NO_EVENTS, REASONS, FrameError, ReaderSession,
    crc16, encode, decode, hexToBytes, bytesToHex, seqAdd, seqDistance,
  };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.TCProtocol = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
