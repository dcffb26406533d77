// The table view: renders the public state the server streams (server-sent events).
// Everything shown comes from the stream; every word comes from the `hello` labels.
// Text is always set with textContent (a scanned code may contain anything).
"use strict";

const params = new URLSearchParams(location.search);
const viewToken = params.get("t");
const hostToken = params.get("host");
const SVG = "http://www.w3.org/2000/svg";
const SUITS = { S: ["♠", "black"], H: ["♥", "red"], C: ["♣", "black"], D: ["♦", "red"] };
const LOG_SHOWN = 60;

let L = null; // labels: ui words and catalogue names, in the page's language
let state = null;
let summary = null;
let log = [];
let logTotal = 0; // sentences received since the last snapshot (the log list is trimmed)
let summaryClosed = false;
// Timing marks for bench/web.py and the tests: seq -> epoch milliseconds.
window.__tc = { seq: -1, received: {}, rendered: {}, hello: null };

// --- small DOM helpers ---

function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  for (const c of children) el.append(c);
  return el;
}

const ui = (key) => (L && L.ui[key]) || key;
const fill = (key, vars) => ui(key).replace(/\{(\w+)\}/g, (_, name) => String(vars[name]));
const now = () => performance.timeOrigin + performance.now();

// --- names ---

function suitRank(code) {
  // "S7", "H10", "DA": a suit letter then a rank
  const suit = SUITS[code[0]];
  if (!suit) return document.createTextNode(code);
  return h("span", { class: "suit-" + suit[1] }, suit[0] + code.slice(1));
}

function cardNode(text) {
  if (!text) return "";
  if (text === "jester") return h("span", {}, "🃏 Jester");
  const at = text.indexOf("@");
  if (at < 0) {
    if (L.game === "regicide") return suitRank(text);
    return document.createTextNode((L.cards && L.cards[text]) || text);
  }
  const name = text.slice(0, at);
  return h("span", {}, ((L.cards && L.cards[name]) || name) + " ", suitRank(text.slice(at + 1)));
}

function seatOf(n) {
  return state && state.seats ? state.seats.find((x) => x.seat === n) : null;
}

function seatName(n) {
  const seat = seatOf(n);
  if (seat && seat.general && L.generals && L.generals[seat.general]) {
    return L.generals[seat.general].name;
  }
  return ui("seat") + " " + n;
}

function askedSeats(p) {
  if (!p) return [];
  if (p.seat !== null && p.seat !== undefined) return [p.seat];
  return p.seats || [];
}

// --- pieces of a seat ---

function magatama(full, tone) {
  const svg = s("svg", { viewBox: "0 0 24 24", class: full ? "full " + tone : "lost", "aria-hidden": "true" });
  svg.append(
    s("path", {
      d: "M13 3a6 6 0 0 1 0 12c-3 0-4.6 1.8-6.8 5.6C4.3 17.6 3 14.8 3 12.2 3 7 7.3 3 13 3z",
      fill: "currentColor",
    }),
    s("circle", { cx: "13", cy: "9", r: "2", fill: full ? "#0006" : "#5a6576" })
  );
  return svg;
}

function lifeRow(seat) {
  const hp = Math.max(0, seat.hp);
  const ratio = seat.max_hp ? hp / seat.max_hp : 0;
  const tone = ratio > 0.6 ? "high" : ratio > 0.3 ? "mid" : "low";
  const gems = h("span", { class: "magatama", title: `${hp}/${seat.max_hp}` });
  for (let i = 0; i < seat.max_hp; i++) gems.append(magatama(i < hp, tone));
  return h("div", { class: "life" }, gems, h("span", { class: "hpnum" }, `${seat.hp}/${seat.max_hp}`));
}

function handNode(count) {
  return h("span", { class: "hand", title: ui("hand") }, h("span", { class: "back" }), String(count));
}

function equipmentChips(equipment) {
  const out = [];
  for (const slot of ["weapon", "armor", "plus_horse", "minus_horse"]) {
    const card = equipment && equipment[slot];
    if (card) out.push(h("span", { class: "chip equip " + slot }, h("span", { class: "slot" }, ui(slot)), cardNode(card)));
  }
  return out;
}

function sanguoshaSeat(seat, turnSeat, asked) {
  const general = L.generals && L.generals[seat.general];
  const dying = seat.alive && seat.hp <= 0;
  const classes = ["seat", general ? general.kingdom : "", seat.seat === turnSeat ? "turn" : "",
    asked.includes(seat.seat) && seat.alive ? "asked" : "", dying ? "dying" : "", seat.alive ? "" : "dead"];
  const identity = seat.identity
    ? h("span", { class: "identity " + seat.identity }, L.identities[seat.identity] || seat.identity)
    : h("span", { class: "identity hidden", title: "?" }, ui("identity_hidden"));
  const tags = [];
  if (!seat.alive) tags.push(h("span", { class: "tag dead" }, ui("dead")));
  else if (dying) tags.push(h("span", { class: "tag dying" }, ui("dying")));
  else if (asked.includes(seat.seat)) tags.push(h("span", { class: "tag asked" }, ui("to_decide")));
  const judgment = (seat.judgment || []).map((c) =>
    h("span", { class: "chip judge" }, h("span", { class: "slot" }, ui("judgment")), cardNode(c)));
  return h("article", { class: classes.filter(Boolean).join(" "), "data-seat": seat.seat },
    h("div", { class: "head" }, h("span", { class: "no" }, String(seat.seat)),
      h("span", { class: "name" }, seatName(seat.seat)), identity),
    lifeRow(seat),
    h("div", { class: "row" }, handNode(seat.hand_count), ...equipmentChips(seat.equipment)),
    judgment.length ? h("div", { class: "row" }, ...judgment) : null,
    tags.length ? tags : null);
}

function regicideSeat(hand, turnSeat, asked) {
  const classes = ["seat", hand.seat === turnSeat ? "turn" : "", asked.includes(hand.seat) ? "asked" : ""];
  return h("article", { class: classes.filter(Boolean).join(" "), "data-seat": hand.seat },
    h("div", { class: "head" }, h("span", { class: "no" }, String(hand.seat)),
      h("span", { class: "name" }, ui("seat") + " " + hand.seat)),
    h("div", { class: "row" }, handNode(hand.count),
      hand.yielded_last_turn ? h("span", { class: "chip" }, ui("yielded")) : null),
    asked.includes(hand.seat) ? h("span", { class: "tag asked" }, ui("to_decide")) : null);
}

// --- the seats around the table, in turn order ---

// Re-rendering touches only what changed: each seat, the centre and the summary are
// rebuilt when their own data differ, and the log only gains its new lines. A phone
// then repaints a seat or two per input, not the whole page.
const drawn = { seats: new Map(), centre: "", summary: "", logCount: 0, layout: "" };

function placeSeats(items, build) {
  const box = document.getElementById("seats");
  const phone = window.matchMedia("(max-width: 760px)").matches;
  const layout = `${items.length}:${phone}`;
  const nodes = items.map((item) => {
    const key = JSON.stringify(item);
    const old = drawn.seats.get(item.seat);
    if (old && old.key === key && drawn.layout === layout) return old.node;
    const node = build(item);
    drawn.seats.set(item.seat, { key, node });
    return node;
  });
  const same = nodes.length === box.children.length && nodes.every((n, i) => box.children[i] === n);
  if (!same) box.replaceChildren(...nodes);
  drawn.layout = layout;
  if (phone) return;
  const n = nodes.length;
  nodes.forEach((node, i) => {
    // seat 1 at the bottom, then counter-clockwise, the direction of play
    const angle = Math.PI / 2 - (2 * Math.PI * i) / n;
    node.style.left = `${50 + 38 * Math.cos(angle)}%`;
    node.style.top = `${50 + 37 * Math.sin(angle)}%`;
  });
}

function pile(label, count, open) {
  return h("span", { class: "pile", title: label }, h("span", { class: open ? "back open" : "back" }),
    h("span", {}, label), h("b", {}, String(count)));
}

function pendingNode(p) {
  if (!p) return null;
  const asked = askedSeats(p);
  const alive = (state.seats || state.hands || []).length;
  const who = asked.length === 0 || (p.seat == null && asked.length >= alive && alive > 1)
    ? ui("everyone") : asked.map((n) => (L.game === "regicide" ? ui("seat") + " " + n : seatName(n))).join(", ");
  const what = L.game === "regicide" ? ui("rg_" + p.kind) : (L.prompts[p.kind] || p.kind);
  const extra = [];
  if (p.need && L.cards) extra.push(" · ", L.cards[p.need] || p.need);
  if (p.card) extra.push(" · ", cardNode(p.card));
  if (p.kind === "pay_damage" && p.amount != null) extra.push(` · ${p.paid || 0}/${p.amount}`);
  return h("div", { class: "pending" }, ui("waiting_for") + " ", h("b", {}, who), ": ", what, ...extra);
}

function sanguoshaCentre() {
  const t = state.turn || {};
  const phase = t.phase ? fill("phase", { phase: L.phases[t.phase] || t.phase }) : "";
  return [
    t.round ? h("div", { class: "round" }, fill("round", { n: t.round })) : null,
    t.seat ? h("div", { class: "turn" }, `${ui("turn_of")}: ${seatName(t.seat)}`,
      phase ? h("span", { class: "phase" }, " · " + phase) : null) : null,
    pendingNode(state.pending),
    h("div", { class: "piles" }, pile(ui("deck"), state.deck_count), pile(ui("discard"), state.discard_count, true)),
  ];
}

function regicideCentre() {
  const e = state.enemy;
  const parts = [];
  if (e) {
    const immune = e.immune ? h("span", {}, ui("immune") + " ", suitRank(e.immune)) : ui("no_immunity");
    parts.push(h("div", { class: "enemy" },
      h("div", { class: "card" }, cardNode(e.card)),
      h("div", { class: "bar", title: `${e.hp_left}/${e.health}` },
        h("span", { style: `width:${e.health ? (100 * e.hp_left) / e.health : 0}%` })),
      h("div", { class: "figures" },
        h("span", {}, ui("health") + " ", h("b", {}, `${e.hp_left}/${e.health}`)),
        h("span", {}, ui("attack") + " ", h("b", {}, String(e.attack)), e.shield ? ` (${ui("shield")} ${e.shield})` : ""),
        h("span", {}, immune))));
  }
  if (state.in_play && state.in_play.length) {
    parts.push(h("div", { class: "inplay" }, ui("in_play") + ": ",
      ...state.in_play.map((c) => h("span", { class: "chip" }, cardNode(c)))));
  }
  parts.push(pendingNode(state.pending));
  const piles = [pile(ui("castle"), state.castle_left), pile(ui("tavern"), state.tavern_count),
    pile(ui("discard"), state.discard_count, true)];
  if (state.jester_flips_left != null) piles.push(h("span", { class: "pile" }, ui("jester_flips") + " ", h("b", {}, String(state.jester_flips_left))));
  parts.push(h("div", { class: "piles" }, ...piles));
  return parts;
}

function renderLog() {
  const list = document.getElementById("log");
  const fresh = Math.min(logTotal - drawn.logCount, LOG_SHOWN);
  if (fresh <= 0 && list.children.length) return;
  const top = list.firstElementChild;
  if (top) top.className = "";
  const items = log.slice(log.length - fresh).reverse().map((text) => h("li", {}, text));
  if (items.length) items[0].className = "new";
  list.prepend(...items);
  while (list.children.length > LOG_SHOWN) list.lastElementChild.remove();
  drawn.logCount = logTotal;
}

function render() {
  if (!L || !state) return;
  const turnSeat = state.turn ? state.turn.seat : null;
  const asked = askedSeats(state.pending);
  const regicide = L.game === "regicide";
  // a seat's look depends on its data, the turn, the question and the names around it
  const context = (x) => ({ ...x, turn: x.seat === turnSeat, asked: asked.includes(x.seat) });
  if (regicide) {
    placeSeats((state.hands || []).map(context), (x) => regicideSeat(x, turnSeat, asked));
  } else {
    const names = (state.seats || []).map((x) => x.general);
    placeSeats((state.seats || []).map((x) => ({ ...context(x), names })), (x) => sanguoshaSeat(x, turnSeat, asked));
  }
  const latest = log.length ? log[log.length - 1] : "";
  const centreKey = JSON.stringify([state.turn, state.pending, state.deck_count, state.discard_count,
    state.enemy, state.in_play, state.castle_left, state.tavern_count, state.jester_flips_left, state.seats && state.seats.map((x) => x.general), regicide ? "" : latest]);
  if (centreKey !== drawn.centre) {
    const parts = regicide ? regicideCentre() : [...sanguoshaCentre(), h("div", { class: "latest" }, latest)];
    document.getElementById("centre").replaceChildren(...parts.filter(Boolean));
    drawn.centre = centreKey;
  }
  renderLog();
  renderSummary();
}

// --- the end of the game ---

function chart(values, at, end, scale) {
  // a step line: a value holds until the update that changed it
  const w = 200, hgt = 50, start = at.length ? at[0] : 0, span = Math.max(end - start, 1);
  const top = Math.max(scale, ...values, 1);
  const X = (t) => ((t - start) / span) * w;
  const Y = (v) => hgt - 2 - (v / top) * (hgt - 6);
  const pts = [];
  values.forEach((v, i) => {
    const x = X(at[i] === undefined ? start : at[i]);
    if (i > 0) pts.push(`${x},${Y(values[i - 1])}`);
    pts.push(`${x},${Y(v)}`);
  });
  if (values.length) pts.push(`${w},${Y(values[values.length - 1])}`);
  return s("svg", { class: "chart", viewBox: `0 0 ${w} ${hgt}`, preserveAspectRatio: "none", role: "img" },
    s("line", { x1: "0", y1: String(hgt - 2), x2: String(w), y2: String(hgt - 2) }),
    s("polygon", { class: "area", points: `0,${hgt - 2} ${pts.join(" ")} ${w},${hgt - 2}` }),
    s("polyline", { points: pts.join(" ") }));
}

function winnersLine() {
  if (L.game === "regicide") {
    const won = state.winner_side === "players";
    return h("p", { class: "winners" }, won ? ui("players_won") : ui("castle_won"),
      state.result && state.result.tier ? ` · ${ui("tier")}: ${state.result.tier}` : "",
      ` · ${ui("enemies_defeated")}: ${summary.enemies_defeated}`);
  }
  const names = (summary.winners || []).map(seatName);
  const side = summary.winner_side ? (L.sides[summary.winner_side] || summary.winner_side) : "";
  return h("p", { class: "winners" }, names.length ? `${ui("winners")}: ${names.join(", ")}` : ui("no_winner"),
    side ? ` (${side})` : "");
}

function renderSummary() {
  const box = document.getElementById("summary");
  const toggle = document.getElementById("summary-toggle");
  if (!summary || state.status !== "over") {
    box.hidden = true;
    toggle.hidden = true;
    return;
  }
  const key = JSON.stringify([summary, summaryClosed, state.seats]);
  if (key === drawn.summary) return;
  drawn.summary = key;
  const regicide = L.game === "regicide";
  const winners = summary.winners || [];
  const rows = Object.keys(summary.series).map((key) => {
    const n = Number(key);
    const seat = seatOf(n);
    const identity = seat && seat.identity ? ` · ${L.identities[seat.identity] || seat.identity}` : "";
    return h("tr", { class: winners.includes(n) ? "won" : "" },
      h("td", {}, (regicide ? ui("seat") + " " + n : seatName(n)) + identity),
      h("td", { class: "chart-cell" }, chart(summary.series[key], summary.at || [], summary.updates || 0, summary.scale[key] || 0)),
      h("td", { class: "num" }, String(summary.played[key] || 0)));
  });
  const judgments = (summary.judgments || []).map((j) =>
    h("li", {}, `${seatName(j.seat)} · ${(L.cards && L.cards[j.reason]) || j.reason}: `, cardNode(j.card),
      ` → ${j.success ? ui("takes_effect") : ui("no_effect")}`));
  box.replaceChildren(
    h("h2", {}, ui("game_over")),
    winnersLine(),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", {}, regicide ? ui("players") : ui("seat")),
        h("th", {}, regicide ? ui("hand_over_game") : ui("health_over_game")), h("th", {}, ui("cards_played")))),
      h("tbody", {}, ...rows)),
    regicide ? null : h("section", {}, h("h3", {}, ui("judgments")),
      judgments.length ? h("ul", { id: "judgments" }, ...judgments) : h("p", {}, ui("no_judgments"))),
    h("button", { onclick: () => { summaryClosed = true; renderSummary(); } }, ui("show_table")));
  box.hidden = summaryClosed;
  toggle.hidden = !summaryClosed;
  toggle.textContent = ui("show_summary");
  toggle.onclick = () => { summaryClosed = false; renderSummary(); };
}

// --- host controls (only with the host token in the address) ---

async function sendCommand(command, status) {
  status.textContent = "…";
  try {
    const response = await fetch("/host", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Host-Token": hostToken },
      body: JSON.stringify(command),
    });
    const body = await response.json();
    if (!response.ok) status.textContent = `${ui("refused")}: ${body.error}`;
    else {
      const said = body.result && body.result.sentences ? body.result.sentences.join(" ") : "";
      const refused = body.result && body.result.status === "refused";
      status.textContent = `${refused ? ui("refused") : ui("sent")}${said ? ": " + said : ""}`;
    }
  } catch (err) {
    status.textContent = String(err);
  }
}

function seatSelect(name) {
  const seats = (state && (state.seats || state.hands)) || [];
  return h("select", { name, "aria-label": ui("seat") },
    ...seats.map((x) => h("option", { value: String(x.seat) }, `${x.seat} · ${L.game === "regicide" ? ui("seat") : seatName(x.seat)}`)));
}

function numberForm(op, label, field, min, max, extra) {
  const status = document.querySelector("#host .status");
  const sel = field === "value" ? null : seatSelect("seat");
  const input = h("input", { type: "number", name: field, min: String(min), max: String(max), step: field === "value" ? "0.5" : "1", required: true });
  return h("form", { "data-op": op, onsubmit: (ev) => {
    ev.preventDefault();
    const command = { op, ...extra, [field]: Number(input.value) };
    if (sel) command.seat = Number(sel.value);
    sendCommand(command, status);
  } }, h("label", {}, label), sel, input, h("button", { type: "submit" }, ui("apply")));
}

function renderHost(enabled) {
  const box = document.getElementById("host");
  if (!enabled || !hostToken) { box.hidden = true; return; }
  const status = h("div", { class: "status", role: "status" });
  box.replaceChildren(h("h2", {}, ui("host")), status);
  const button = (op, label) => h("button", { type: "button", "data-op": op, onclick: () => sendCommand({ op }, status) }, label);
  box.append(h("div", { class: "buttons" }, button("undo", ui("undo")), button("pause", ui("pause")), button("resume", ui("resume"))));
  if (L.game !== "regicide") box.append(numberForm("hp", ui("set_hp"), "hp", 0, 10, {}));
  box.append(numberForm("hand", ui("set_hand_count"), "count", 0, 99, {}));
  if (L.game !== "regicide") box.append(h("label", {}, ui("settings")), numberForm("setting", ui("nullification_timeout"), "value", 1, 120, { name: "nullification_timeout_s" }));
  box.hidden = false;
}

// --- the stream ---

function onHello(msg) {
  L = msg.labels;
  window.__tc.hello = msg;
  document.documentElement.lang = L.lang;
  document.title = ui("title");
  document.getElementById("title").textContent = ui("title");
  document.getElementById("narration-title").textContent = ui("narration");
  document.getElementById("join-text").textContent = msg.lan ? ui("join") : ui("join_local");
  document.getElementById("join-url").textContent = msg.join_url;
  document.getElementById("qr").src = "/qr.svg" + (viewToken ? "?t=" + encodeURIComponent(viewToken) : "");
  renderHost(msg.host_controls);
}

function onSnapshot(msg) {
  state = msg.state;
  log = msg.log || [];
  logTotal = log.length;
  drawn.logCount = 0;
  drawn.seats.clear();
  drawn.centre = "";
  drawn.summary = "";
  document.getElementById("log").replaceChildren();
  summary = msg.summary || null;
  render();
  hostKey = "";
  refreshHost();
  window.__tc.seq = msg.seq;
}

let hostKey = "";

function refreshHost() {
  // the seat lists name the generals: rebuild them once the generals are known
  const key = JSON.stringify((state.seats || state.hands || []).map((x) => x.general || x.seat));
  if (key !== hostKey && !document.getElementById("host").hidden) renderHost(true);
  hostKey = key;
}

function onUpdate(msg) {
  window.__tc.received[msg.seq] = now();
  state = msg.state;
  log.push(...msg.sentences);
  logTotal += msg.sentences.length;
  if (log.length > 400) log = log.slice(-200);
  if (msg.summary) summary = msg.summary;
  render();
  refreshHost();
  window.__tc.rendered[msg.seq] = now();
  window.__tc.seq = msg.seq;
}

function setLive(on) {
  const live = document.getElementById("live");
  live.className = on ? "" : "off";
  live.textContent = ui(on ? "connected" : "disconnected");
}

function connect() {
  const source = new EventSource("/events" + (viewToken ? "?t=" + encodeURIComponent(viewToken) : ""));
  source.addEventListener("hello", (e) => onHello(JSON.parse(e.data)));
  source.addEventListener("snapshot", (e) => { onSnapshot(JSON.parse(e.data)); setLive(true); });
  source.addEventListener("update", (e) => onUpdate(JSON.parse(e.data)));
  source.onerror = () => setLive(false);
}

window.addEventListener("resize", render);
connect();
