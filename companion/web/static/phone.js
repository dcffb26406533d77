// A phone as a seat reader. The page is the reader: it numbers its events (epoch, seq),
// keeps the unacknowledged ones in its storage (a reload goes on where it was), and
// answers the companion's HELLO_REQUEST / RESUME / ACK over the seat's WebSocket, with
// the protocol's own frames (protocol.js). Scanning: the camera with BarcodeDetector
// where the browser has it, else the WebAssembly ZXing decoder the companion serves;
// a card counts when it comes into view, and again only after it has left it.
// Without a secure context (no trusted certificate) the camera is off limits: the
// page offers photos instead, decoded by the laptop. Web NFC where NDEFReader exists.
(function () {
  "use strict";
  const P = window.TCProtocol;
  const params = new URLSearchParams(location.search);
  const token = params.get("s") || "";
  const MISSES = 4; // decodes without a card before it has left the view
  const SCAN_EVERY_MS = 60;
  const LONG_PRESS_MS = 700;

  const $ = (id) => document.getElementById(id);
  const state = {
    link: "connecting", seat: null, readerId: null, words: {}, codes: new Set(), game: "",
    session: null, ws: null, live: false, final: false, retryMs: 300, hold: params.get("hold") === "1",
    entries: 0, received: [], firstSeen: [],
    inView: new Map(), counted: new Set(), hints: [], frame: 0, decoder: "none", decodeMs: [],
    refusals: [], notices: [], feedback: null, prompt: null, sentAt: {}, photo: null, nfc: false,
    heard: 0, reconnects: 0, panel: null, panels: 0,
  };
  window.__phone = state; // what tests and the benchmark read

  // --- identity and storage ---------------------------------------------------------

  function randomId() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, (c) => ({ "+": "-", "/": "_", "=": "" })[c]);
  }
  const phoneId = (() => {
    const given = params.get("p"); // carried over when the page moves to HTTPS
    let id = given || localStorage.getItem("tc-phone-id");
    if (!id) id = randomId();
    localStorage.setItem("tc-phone-id", id);
    return id;
  })();
  const storeKey = "tc-phone-session:" + token;

  function save() {
    if (state.session) localStorage.setItem(storeKey, JSON.stringify(state.session.toJSON()));
  }

  function sessionFor(readerId, seat) {
    try {
      const kept = JSON.parse(localStorage.getItem(storeKey) || "null");
      if (kept && kept.readerId === readerId && kept.seat === seat) return new P.ReaderSession(kept);
    } catch (e) { /* a damaged store: start a new epoch */ }
    return new P.ReaderSession({ epoch: P.ReaderSession.randomEpoch(), readerId, seat });
  }

  // --- words and screen -------------------------------------------------------------

  const w = (key) => state.words[key] || key;

  // Why getUserMedia failed (its DOMException's name), in the phone's words: never the
  // raw name ("NotFoundError") on the page.
  const CAMERA_FAILURES = {
    NotFoundError: "camera_none", OverconstrainedError: "camera_none",
    NotAllowedError: "camera_denied", SecurityError: "camera_denied",
    NotReadableError: "camera_busy", AbortError: "camera_busy",
  };

  function notice(text, kind) {
    const el = $("notice");
    el.hidden = !text;
    el.textContent = text || "";
    el.className = kind || "";
    if (text) state.notices.push(text);
  }

  function setLink(on) {
    state.link = on ? "connected" : state.final ? "refused" : "connecting";
    $("link").className = on ? "on" : state.final ? "refused" : "off";
    $("link").textContent = w(state.link) + " ";
    // A refused page stops: no camera, no buttons; only why and what to do.
    document.body.classList.toggle("refused", state.link === "refused");
  }

  function say(sentences) {
    const log = $("log");
    for (const s of sentences) {
      const li = document.createElement("li");
      li.textContent = s;
      log.prepend(li);
    }
    while (log.children.length > 6) log.lastChild.remove();
  }

  function showPrompt(message) {
    state.prompt = message.text ? message : null;
    const el = $("prompt");
    el.textContent = message.text || "";
    el.className = message.text ? "mine" : "";
    if (message.options && message.options.length) {
      const ul = document.createElement("ul");
      for (const o of message.options) {
        const li = document.createElement("li");
        li.textContent = typeof o === "string" ? o : JSON.stringify(o);
        ul.append(li);
      }
      el.append(ul);
    }
  }

  // --- the seat's own panel (companion/web/panel.py) ------------------------------

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  function row(dl, term, value) {
    dl.append(el("dt", term), el("dd", value));
  }

  function renderPanel() {
    const p = state.panel;
    const box = $("panel");
    box.hidden = !p;
    box.replaceChildren();
    if (!p) return;
    box.append(el("h2", w("panel_title")));
    const dl = el("dl");
    box.append(dl);
    if (p.game === "regicide") {
      row(dl, w("panel_hand"), p.hand_count == null ? "?" : String(p.hand_count));
      if (p.owed) row(dl, w("panel_owed"), String(p.owed));
      else box.append(el("p", w("panel_nothing_owed")));
    } else {
      if (p.general) row(dl, p.general, `${w("panel_hp")} ${p.hp}/${p.max_hp}`);
      // identity: hidden until tapped (neighbours see the screen)
      const id = el("dd");
      const tap = el("button", w("panel_identity_show"));
      tap.id = "identity-tap";
      tap.type = "button";
      tap.onclick = () => {
        state.identityShown = !state.identityShown;
        renderPanel();
      };
      id.append(state.identityShown ? el("span", p.identity || w("panel_identity_unknown"), "identity") : tap);
      if (state.identityShown) id.onclick = () => { state.identityShown = false; renderPanel(); };
      dl.append(el("dt", w("panel_identity")), id);
      const slots = Object.entries(p.equipment || {}).map(([slot, card]) => `${w("slot_" + slot)}: ${card}`);
      row(dl, w("panel_equipment"), slots.join(" · ") || w("panel_none"));
      row(dl, w("panel_judgment"), (p.judgment || []).join(" · ") || w("panel_none"));
      const near = (p.reach || []).filter((r) => r.in_range), far = (p.reach || []).filter((r) => !r.in_range);
      const who = (r) => `${r.seat}${p.names[r.seat] ? " " + p.names[r.seat] : ""} (${w("panel_distance")} ${r.distance})`;
      if (p.reach && p.reach.length) {
        row(dl, w("panel_range"), near.map(who).join(" · ") || w("panel_none"));
        row(dl, w("panel_out_of_range"), far.map(who).join(" · ") || w("panel_none"));
      }
      if (p.turn) {
        row(dl, w(p.turn.kills_left == null ? "panel_kills_unlimited" : "panel_kills_left"), p.turn.kills_left == null ? "" : String(p.turn.kills_left));
        for (const s of p.turn.once) row(dl, s.name, w(s.used ? "panel_skill_used" : "panel_skill_ready"));
      }
      renderBoard(box, p);
      if (p.skills && p.skills.length) {
        box.append(el("h2", w("panel_skills")));
        for (const s of p.skills) {
          const li = el("p", undefined, "skill");
          li.append(el("b", s.name), document.createTextNode(" " + s.text));
          box.append(li);
        }
      }
    }
    renderDial();
  }

  // The 神话再临 packs' marks of every seat, as on the TV (face down, 左慈's shown 化身
  // general and the skill he named, the cards kept on a general, a private pile as a count
  // but on its owner's panel, spent skills), then the latest point comparison and the extra
  // turns (放权): the companion's sentences.
  function renderBoard(box, p) {
    if (p.board && p.board.length) {
      box.append(el("h2", w("panel_board")));
      const marks = el("dl", undefined, "board");
      for (const b of p.board) {
        const parts = b.face_down ? [w("panel_face_down")] : [];
        if (b.huashen) parts.push(`${b.huashen.skill}: ${[b.huashen.general, b.huashen.named].filter(Boolean).join(" · ")}`);
        for (const pile of b.piles) {
          const cards = pile.cards ? pile.cards.join(" ") : w("panel_pile_count").replace("{n}", pile.count);
          parts.push(`${pile.skill}: ${cards}`);
        }
        for (const skill of b.spent) parts.push(w("panel_spent").replace("{skill}", skill));
        const mark = el("dd", parts.join(" · "), b.seat === p.seat ? "mine" : undefined);
        mark.dataset.seat = String(b.seat);
        marks.append(el("dt", `${b.seat}${p.names[b.seat] ? " " + p.names[b.seat] : ""}`), mark);
      }
      box.append(marks);
    }
    if (p.comparison) box.append(el("p", p.comparison, "comparison"));
    for (const said of p.extra_turns || []) box.append(el("p", said, "extra-turn"));
  }

  // The dial names the generals ("2 · 关羽") and says what it is for.
  function renderDial() {
    const names = (state.panel && state.panel.names) || {};
    for (const b of document.querySelectorAll("#dial button")) {
      const n = b.dataset.seat;
      b.textContent = names[n] ? `${n} · ${names[n]}` : n;
    }
    const target = !!(state.prompt && state.prompt.kind === "choose_target");
    $("dial-for").textContent = w(target ? "dial_target" : "dial_seats");
    $("dial-for").className = target ? "target" : "";
  }

  let flashTimer = null;
  let audio = null;
  function beep(times, ms) {
    try {
      audio = audio || new AudioContext();
      for (let i = 0; i < times; i++) {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.frequency.value = times > 1 ? 440 : 880;
        gain.gain.value = 0.08;
        osc.connect(gain).connect(audio.destination);
        const at = audio.currentTime + i * (ms / 1000 + 0.06);
        osc.start(at);
        osc.stop(at + ms / 1000);
      }
    } catch (e) { /* no sound: the flash still shows */ }
  }

  // The reader's LED and buzzer language, on a screen: a flash, a vibration, a beep.
  function render(feedback) {
    state.feedback = { color: feedback.color, pattern: feedback.pattern, buzzer: feedback.buzzer, at: performance.now() };
    const el = $("flash");
    el.className = feedback.color === "OFF" ? "" : feedback.color + " " + feedback.pattern;
    clearTimeout(flashTimer);
    if (feedback.duration_ms) flashTimer = setTimeout(() => (el.className = ""), feedback.duration_ms);
    const buzz = { BEEP: [120], DOUBLE_BEEP: [90, 80, 90], LONG: [500] }[feedback.buzzer];
    if (buzz) {
      if (navigator.vibrate) navigator.vibrate(buzz);
      beep(feedback.buzzer === "DOUBLE_BEEP" ? 2 : 1, feedback.buzzer === "LONG" ? 500 : 100);
    }
  }

  // --- the link ---------------------------------------------------------------------

  function send(frame) {
    if (state.ws && state.ws.readyState === WebSocket.OPEN && state.live) state.ws.send(frame);
  }

  // One reader event: numbered, stored (so nothing is lost on a reload), then sent.
  function record(event) {
    if (!state.session) return false;
    const frame = state.session.record(event);
    save();
    state.sentAt[state.session.lastSeq] = performance.now();
    send(frame);
    return true;
  }

  function connect() {
    if (!state.checked || state.final || (state.ws && state.ws.readyState <= WebSocket.OPEN)) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${scheme}//${location.host}/phone/ws?s=${encodeURIComponent(token)}&p=${encodeURIComponent(phoneId)}`;
    const ws = new WebSocket(url);
    state.reconnects += 1;
    ws.binaryType = "arraybuffer";
    state.ws = ws;
    ws.onmessage = (msg) => {
      state.heard = performance.now();
      typeof msg.data === "string" ? onText(JSON.parse(msg.data)) : onFrame(msg.data);
    };
    ws.onopen = () => {
      state.heard = performance.now();
    };
    ws.onclose = () => {
      if (state.ws !== ws) return; // an old socket, already replaced
      state.live = false;
      setLink(false);
      if (state.ws === ws) state.ws = null;
      if (!state.final) {
        setTimeout(connect, state.retryMs);
        state.retryMs = Math.min(2000, state.retryMs * 2);
      }
    };
  }

  function onFrame(data) {
    if (!state.session) return;
    const before = state.session.feedback;
    const replies = state.session.onCommand(new Uint8Array(data));
    save();
    for (const frame of replies) state.ws && state.ws.send(frame); // HELLO and resends: always
    if (state.session.feedback !== before && state.session.feedback) render(state.session.feedback);
  }

  function onText(message) {
    state.received.push(message);
    if (state.received.length > 2000) state.received.shift();
    if (message.type === "welcome") {
      state.seat = message.seat;
      state.readerId = message.reader_id;
      state.retryMs = 300;
      state.words = message.words || {};
      state.codes = new Set(message.codes || []);
      state.game = message.game;
      state.players = message.players;
      if (!state.session) state.session = sessionFor(message.reader_id, message.seat);
      save();
      state.live = true;
      setLink(true);
      if (state.closedFor) notice(""); // the cause is gone: back
      state.closedFor = null;
      if (!state.started) start(message);
    } else if (message.type === "prompt") {
      showPrompt(message);
      if (state.started) renderDial();
    } else if (message.type === "panel") {
      state.panel = message;
      state.panels += 1;
      state.panelAt = performance.timeOrigin + performance.now(); // for bench/phone.py
      if (state.started) renderPanel();
    } else if (message.type === "say") {
      say(message.sentences || []);
    } else if (message.type === "hint") {
      state.hints.push(message.sentences || []);
      $("hint-text").textContent = (message.sentences || []).join(" ");
      say(message.sentences || []);
    } else if (message.type === "refused") {
      state.refusals.push(message.reason);
      if (message.final) state.final = true;
      for (const [k, v] of Object.entries(message.words || {})) state.words[k] = state.words[k] || v;
      notice(message.said || message.reason);
      if (message.retry_s) {
        // closed for what this page sent: come back after the pause, with a new socket
        state.retryMs = message.retry_s * 1000;
        state.closedFor = message.why;
      }
      if (message.final) {
        setLink(false);
        stopCamera();
      }
    }
  }

  // --- scanning ---------------------------------------------------------------------

  // A code this game can use, or the reason it is refused (nothing is sent for it).
  function checkCode(text) {
    if (state.codes.has(text)) return null;
    return /^[A-Z0-9]{4}$/.test(text) ? w("other_game") + " (" + text + ")" : w("not_a_card");
  }

  function seen(texts) {
    state.frame += 1;
    for (const text of texts) {
      if (!state.inView.has(text)) state.entries += 1; // every card that comes into view
      const problem = checkCode(text);
      if (problem) {
        if (!state.inView.has(text)) notice(problem);
        state.inView.set(text, state.frame);
        continue;
      }
      if (!state.inView.has(text) && !state.hold) {
        state.counted.add(text);
        state.firstSeen.push([text, state.frameAt]); // wall clock of this frame, for bench/phone.py
        if (state.firstSeen.length > 500) state.firstSeen.shift();
        notice("");
        record({ type: "CARD", present: true, kind: "TEXT", data: new TextEncoder().encode(text) });
      }
      state.inView.set(text, state.frame);
    }
    for (const [text, last] of state.inView) {
      if (state.frame - last < MISSES) continue;
      state.inView.delete(text);
      if (state.counted.delete(text))
        record({ type: "CARD", present: false, kind: "TEXT", data: new TextEncoder().encode(text) });
    }
    $("in-view").textContent = [...state.inView.keys()].join(" ");
  }

  async function nativeDecoder() {
    if (!("BarcodeDetector" in window)) return null;
    try {
      const formats = await BarcodeDetector.getSupportedFormats();
      if (!formats.includes("qr_code")) return null;
    } catch (e) {
      return null;
    }
    const detector = new BarcodeDetector({ formats: ["qr_code"] });
    return async (video) => (await detector.detect(video)).map((b) => b.rawValue);
  }

  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const el = document.createElement("script");
      el.src = src;
      el.onload = resolve;
      el.onerror = () => reject(new Error("cannot load " + src));
      document.head.append(el);
    });
  }

  async function wasmDecoder() {
    await loadScript("/phone/static/zxing_reader.js");
    const Z = window.ZXingWASM;
    await Z.prepareZXingModule({
      overrides: { locateFile: (path, prefix) => (path.endsWith(".wasm") ? "/phone/static/zxing_reader.wasm" : prefix + path) },
      fireImmediately: true,
    });
    const canvas = document.createElement("canvas");
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    return async (video) => {
      const scale = Math.min(1, 800 / Math.max(video.videoWidth, video.videoHeight));
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      if (!canvas.width || !canvas.height) return [];
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const found = await Z.readBarcodes(image, { formats: ["QRCode"], tryHarder: true, maxNumberOfSymbols: 4 });
      return found.filter((r) => r.isValid).map((r) => r.text);
    };
  }

  async function startCamera(welcome) {
    if (!window.isSecureContext || !navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return false;
    let decode = await nativeDecoder();
    state.decoder = decode ? "native" : "none";
    if (!decode && welcome.decoder) {
      try {
        decode = await wasmDecoder();
        state.decoder = "wasm";
      } catch (e) {
        notice(String(e));
      }
    }
    if (!decode) {
      notice(w("decoder_missing"));
      return false;
    }
    const video = $("video");
    try {
      video.srcObject = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment", width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false,
      });
      await video.play();
    } catch (e) {
      notice(w(CAMERA_FAILURES[e && e.name] || "camera_refused"));
      return false;
    }
    const tick = async () => {
      if (video.readyState >= 2 && !document.hidden) {
        const t0 = performance.now();
        state.frameAt = performance.timeOrigin + t0;
        try {
          seen(await decode(video));
        } catch (e) { /* one bad frame: the next one is tried */ }
        state.decodeMs.push(performance.now() - t0);
        if (state.decodeMs.length > 500) state.decodeMs.shift();
      }
      setTimeout(tick, SCAN_EVERY_MS);
    };
    tick();
    return true;
  }

  async function sendPhoto(file) {
    notice(w("photo_sending"), "info");
    const url = `/phone/photo?s=${encodeURIComponent(token)}&p=${encodeURIComponent(phoneId)}`;
    let answer;
    try {
      const response = await fetch(url, { method: "POST", body: file });
      answer = await response.json();
      if (!response.ok) throw new Error(answer.error || response.status);
    } catch (e) {
      notice(String(e.message || e));
      return;
    }
    state.photo = answer.codes;
    const good = answer.codes.filter((c) => !checkCode(c));
    if (!good.length) {
      notice(answer.codes.length ? checkCode(answer.codes[0]) : w("photo_nothing"));
      return;
    }
    notice("");
    const data = new TextEncoder().encode(good[0]); // a photo: the card came and went
    record({ type: "CARD", present: true, kind: "TEXT", data });
    record({ type: "CARD", present: false, kind: "TEXT", data });
  }

  function startNfc() {
    if (!("NDEFReader" in window)) return;
    const button = $("nfc");
    button.hidden = false;
    button.textContent = w("nfc");
    button.onclick = async () => {
      try {
        const reader = new NDEFReader();
        await reader.scan(); // needs this tap (a user gesture)
        state.nfc = true;
        button.textContent = w("nfc_on");
        reader.onreading = ({ message, serialNumber }) => {
          for (const r of message.records) {
            if (r.recordType !== "text") continue;
            const text = new TextDecoder(r.encoding || "utf-8").decode(r.data);
            const problem = checkCode(text);
            if (problem) return notice(problem);
            const data = new TextEncoder().encode(text);
            record({ type: "CARD", present: true, kind: "NDEF", data });
            record({ type: "CARD", present: false, kind: "NDEF", data });
            return;
          }
          const uid = (serialNumber || "").split(":").map((h) => parseInt(h, 16));
          if (![4, 7, 10].includes(uid.length) || uid.some(isNaN)) return notice(w("not_a_card"));
          const data = new Uint8Array(uid); // the companion's enrolment registry names it
          record({ type: "CARD", present: true, kind: "UID", data });
          record({ type: "CARD", present: false, kind: "UID", data });
        };
      } catch (e) {
        notice(w("nfc_refused") + " (" + e.name + ")");
      }
    };
  }

  function stopCamera() {
    const stream = $("video").srcObject;
    if (stream) for (const track of stream.getTracks()) track.stop();
    $("video").srcObject = null;
  }

  // A plain-HTTP page moves to HTTPS when this phone trusts the table's certificate,
  // before it opens its socket: its reader session then starts there, once (a first
  // one here would be a reader that "restarted" on the move).
  async function maybeSecure() {
    if (window.isSecureContext) return false;
    let secure = null;
    try {
      secure = (await (await fetch("/phone/where", { cache: "no-store" })).json()).secure;
      if (!secure) return false;
      await fetch(secure + "/phone/ping", { mode: "no-cors", cache: "no-store" });
    } catch (e) {
      return false;
    }
    try {
      const kept = JSON.parse(localStorage.getItem(storeKey) || "null");
      if (kept && kept.buffer && kept.buffer.length) return false; // keep unsent events here
    } catch (e) { /* a damaged store: nothing to keep */ }
    state.final = true;
    const next = new URLSearchParams({ s: token, p: phoneId });
    location.replace(`${secure}/phone?${next}`);
    return true;
  }

  async function start(welcome) {
    state.started = true;
    document.documentElement.lang = welcome.lang || document.documentElement.lang;
    $("seat").textContent = `${w("seat")} ${welcome.seat}`;
    for (const id of ["ok", "no", "undo"]) $(id).textContent = w(id);
    // HINT (Regicide): the page sends the HINT command label, as a scanner would.
    $("hint").hidden = !welcome.hint_code;
    $("hint").textContent = w("hint");
    $("hint").onclick = () => {
      const data = new TextEncoder().encode(welcome.hint_code);
      record({ type: "CARD", present: true, kind: "TEXT", data });
      record({ type: "CARD", present: false, kind: "TEXT", data });
    };
    // Paused, a card that comes into view is not counted (nor one already in view
    // when scanning resumes: only a card that enters counts).
    state.setHold = (held) => {
      state.hold = held;
      $("hold").classList.toggle("held", held);
      $("hold").textContent = w(held ? "held" : "hold");
    };
    state.setHold(state.hold);
    $("hold").onclick = () => state.setHold(!state.hold);
    for (const b of document.querySelectorAll("[data-button]")) {
      let down = 0;
      b.onpointerdown = () => (down = performance.now());
      b.onclick = () => {
        const long = down && performance.now() - down >= LONG_PRESS_MS;
        down = 0;
        record({ type: "BUTTON", button: b.dataset.button, press: long ? "LONG" : "SHORT" });
      };
    }
    const dial = $("dial");
    for (let seat = 1; seat <= (welcome.players || 0); seat++) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = String(seat);
      b.dataset.seat = String(seat);
      b.onclick = () => record({ type: "SELECT", seat });
      dial.append(b);
    }
    renderPanel();
    $("photo-text").textContent = w("take_photo");
    $("photo").onchange = (e) => e.target.files[0] && sendPhoto(e.target.files[0]);
    $("ca-link").textContent = w("install_ca");
    startNfc();
    if (!(await startCamera(welcome))) {
      $("camera").hidden = true;
      $("fallback").hidden = false;
      $("fallback-text").textContent = window.isSecureContext ? w("no_camera") : w("secure_needed");
      $("ca-link").hidden = window.isSecureContext || !welcome.secure;
    }
  }

  // A phone that loses its network: drop the socket at once (the browser may keep a
  // dead one open for minutes) and come back when the network does. The companion
  // probes a quiet reader every 5 s (HELLO_REQUEST), so a socket silent for longer
  // than WATCHDOG_MS is dead too.
  const WATCHDOG_MS = 12000;
  window.addEventListener("offline", () => state.ws && state.ws.close());
  window.addEventListener("online", connect);
  setInterval(() => {
    if (state.ws && state.ws.readyState === WebSocket.OPEN && performance.now() - state.heard > WATCHDOG_MS)
      state.ws.close();
  }, 1000);
  document.addEventListener("visibilitychange", () => document.hidden || connect());
  setLink(false);
  maybeSecure().then((moving) => {
    state.checked = true; // whether to move to HTTPS is settled: the socket may open
    if (!moving) connect();
  });
})();
