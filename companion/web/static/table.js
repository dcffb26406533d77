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
// A template whose parts may be nodes ("{label}: {value}" with the value in bold): the
// language's own punctuation and spacing (zh "等待{who}：{what}") come with the words.
const fillNodes = (key, vars) => ui(key).split(/(\{\w+\})/).filter(Boolean)
  .map((part) => (/^\{\w+\}$/.test(part) ? vars[part.slice(1, -1)] : part)).flat();
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
  if (text === "jester") return h("span", {}, "🃏 " + ((L.cards && L.cards.jester) || "Jester"));
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
  return fill("seat_n", { n });
}

const generalName = (id) => (L.generals && L.generals[id] ? L.generals[id].name : id);
const skillName = (id) => (L.skills && L.skills[id]) || id;

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

// A two-side mode: the seat's team (and 3v3 role, or 4v4 lordship) instead of an identity.
function teamNode(seat) {
  const name = seat.team_name || seat.team;
  const words = [(L.teams && L.teams[name]) || name];
  if (seat.role) words.push((L.roles && L.roles[seat.role]) || seat.role);
  else if (seat.leader && seat.reserves_count == null) words.push(ui("lord"));
  return h("span", { class: "identity team team-" + seat.team }, words.join(" · "));
}

function sanguoshaSeat(seat, turnSeat, asked) {
  const general = L.generals && L.generals[seat.general];
  const dying = seat.alive && seat.hp <= 0;
  const classes = ["seat", general ? general.kingdom : "", seat.seat === turnSeat ? "turn" : "",
    asked.includes(seat.seat) && seat.alive ? "asked" : "", dying ? "dying" : "", seat.alive ? "" : "dead",
    seat.chained ? "chained" : ""];
  const identity = seat.team ? teamNode(seat) : seat.identity
    ? h("span", { class: "identity " + seat.identity }, L.identities[seat.identity] || seat.identity)
    : h("span", { class: "identity hidden", title: "?" }, ui("identity_hidden"));
  const tags = [];
  if (seat.reserves_count != null) tags.push(h("span", { class: "tag reserves" }, fill("reserves", { n: seat.reserves_count })));
  if (seat.acted && seat.alive) tags.push(h("span", { class: "tag acted" }, ui("acted")));
  if (!seat.alive) tags.push(h("span", { class: "tag dead" }, ui("dead")));
  else if (dying) tags.push(h("span", { class: "tag dying" }, ui("dying")));
  else if (asked.includes(seat.seat)) tags.push(h("span", { class: "tag asked" }, ui("to_decide")));
  // the Maneuvering cards: Iron Chain's chained state and a drunk Wine are public
  if (seat.alive && seat.chained) tags.push(h("span", { class: "tag chained" }, ui("chained")));
  if (seat.alive && seat.wine) tags.push(h("span", { class: "tag wine" }, ui("wine")));
  else if (seat.alive && seat.wine_used) tags.push(h("span", { class: "tag wine-used" }, ui("wine_used")));
  // the 神话再临 packs: a face-down general, 左慈's shown 化身 general and the skill he named,
  // cards kept on a general (a private pile as a count), limited and awakening skills spent
  if (seat.alive && seat.face_up === false) tags.push(h("span", { class: "tag face-down" }, ui("face_down")));
  if (seat.huashen) {
    const shown = [generalName(seat.huashen.general), seat.huashen.skill && skillName(seat.huashen.skill)];
    tags.push(h("span", { class: "tag huashen" }, fill("labelled", { label: skillName("huashen"), value: shown.filter(Boolean).join(" · ") })));
  }
  for (const [id, pile] of Object.entries(seat.piles || {})) {
    const items = pile.public && pile.items ? pile.items.map(cardNode) : [fill("pile_count", { n: pile.count })];
    tags.push(h("span", { class: "tag pile" }, ...fillNodes("labelled", { label: skillName(id), value: items.flatMap((n, i) => (i ? [" ", n] : [n])) })));
  }
  for (const id of seat.spent || []) tags.push(h("span", { class: "tag spent" }, fill("spent", { skill: skillName(id) })));
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
      h("span", { class: "name" }, fill("player_n", { n: hand.seat }))),
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
    ? ui("everyone") : asked.map((n) => (L.game === "regicide" ? fill("player_n", { n }) : seatName(n))).join(ui("list_sep"));
  const what = L.game === "regicide" ? ui("rg_" + p.kind) : (L.prompts[p.kind] || p.kind);
  const extra = [];
  if (p.need && L.cards) extra.push(" · ", L.cards[p.need] || p.need);
  if (p.card) extra.push(" · ", cardNode(p.card));
  if (p.kind === "pay_damage" && p.amount != null) extra.push(` · ${p.paid || 0}/${p.amount}`);
  return h("div", { class: "pending" }, ...fillNodes("waiting_line", { who: h("b", {}, who), what: [what, ...extra] }),
    L.game === "regicide" ? regicideDetail(p) : null);
}

function regicideDetail(p) {
  // the line under "Waiting for": the play put together so far, or what a payment lacks
  if (p.staged && p.staged.length) {
    // a play's cards, or (allow_overpay=false) a payment's discards gathered for OK
    const pay = p.kind === "pay_damage" ? "rg_staged_pay" : "rg_staged";
    return h("div", { class: "detail staged" }, ...fillNodes("labelled", { label: ui(pay),
      value: p.staged.map((c) => h("span", { class: "chip" }, cardNode(c))) }),
      p.staged_value != null ? " · " + fill(pay + "_value", { n: p.staged_value }) : "");
  }
  if (p.kind === "pay_damage" && p.left != null) {
    return h("div", { class: "detail left" }, fill("rg_left", { n: p.left }));
  }
  return null;
}

// The 神话再临 packs: the latest point comparison (拼点), both cards shown together, and
// whether its initiator won (a tie is not a win).
function comparisonNode(c) {
  if (!c) return null;
  const skill = skillName(c.reason);
  const cards = fillNodes("comparison_cards", { seat: seatName(c.seat), card: cardNode(c.card),
    target: seatName(c.target), target_card: cardNode(c.target_card) });
  const result = h("b", {}, fill(c.won ? "comparison_won" : "comparison_not_won", { seat: seatName(c.seat) }));
  return h("div", { class: c.won ? "comparison won" : "comparison" }, ...fillNodes("labelled",
    { label: fill("comparison", { skill }), value: fillNodes("comparison_result", { cards, result }) }));
}

// Extra turns (放权): the one being played, on the turn's line, then those to come in order.
const extraText = (key, t, seat) => fill(key, { seat: seatName(seat), skill: skillName(t.reason), by: seatName(t.by) });

function sanguoshaCentre() {
  const t = state.turn || {};
  const phase = t.phase ? fill("phase", { phase: L.phases[t.phase] || t.phase }) : "";
  return [
    t.round ? h("div", { class: "round" }, fill("round", { n: t.round })) : null,
    t.seat ? h("div", { class: "turn" }, fill("labelled", { label: ui("turn_of"), value: seatName(t.seat) }),
      phase ? h("span", { class: "phase" }, " · " + phase) : null) : null,
    t.seat && t.extra ? h("div", { class: "extra-turn" }, extraText("extra_turn", t.extra, t.seat)) : null,
    ...(state.extra_turns || []).map((x) => h("div", { class: "extra-turn next" }, extraText("extra_turn_next", x, x.seat))),
    unitNode(state.game_mode),
    pendingNode(state.pending),
    comparisonNode(state.last_comparison),
    h("div", { class: "piles" }, pile(ui("deck"), state.deck_count), pile(ui("discard"), state.discard_count, true)),
  ];
}

// 3v3: the action unit in progress (its team, then its seats in order); 4v4: provisional.
function unitNode(mode) {
  if (!mode) return null;
  if (mode.unit) {
    const name = (mode.team_names || {})[mode.unit.team] || mode.unit.team;
    const team = (L.teams && L.teams[name]) || name;
    return h("div", { class: "unit" }, fill("acting", { team }) + " · " + mode.unit.seats.map(seatName).join(", "));
  }
  return mode.provisional ? h("div", { class: "unit" }, ui("provisional")) : null;
}

function regicideCentre() {
  const e = state.enemy;
  const parts = [];
  if (e) {
    const immune = e.immune ? h("span", {}, ...fillNodes("named", { label: ui("immune"), value: suitRank(e.immune) })) : ui("no_immunity");
    parts.push(h("div", { class: "enemy" },
      h("div", { class: "card" }, cardNode(e.card)),
      h("div", { class: "bar", title: `${e.hp_left}/${e.health}` },
        h("span", { style: `width:${e.health ? (100 * e.hp_left) / e.health : 0}%` })),
      h("div", { class: "figures" },
        h("span", {}, ...fillNodes("named", { label: ui("health"), value: h("b", {}, `${e.hp_left}/${e.health}`) })),
        h("span", {}, ...fillNodes("named", { label: ui("attack"), value: h("b", {}, String(e.attack)) }),
          e.shield ? ` (${fill("named", { label: ui("shield"), value: e.shield })})` : ""),
        h("span", {}, immune))));
  }
  if (state.in_play && state.in_play.length) {
    parts.push(h("div", { class: "inplay" }, ...fillNodes("labelled", { label: ui("in_play"),
      value: state.in_play.map((c) => h("span", { class: "chip" }, cardNode(c))) })));
  }
  parts.push(pendingNode(state.pending));
  const piles = [pile(ui("castle"), state.castle_left), pile(ui("tavern"), state.tavern_count),
    pile(ui("discard"), state.discard_count, true)];
  if (state.jester_flips_left != null) piles.push(h("span", { class: "pile" }, h("span", {}, ui("jester_flips")), h("b", {}, String(state.jester_flips_left))));
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
  const centreKey = JSON.stringify([state.turn, state.pending, state.deck_count, state.discard_count, state.game_mode,
    state.enemy, state.in_play, state.castle_left, state.tavern_count, state.jester_flips_left, state.seats && state.seats.map((x) => x.general), state.last_comparison, state.extra_turns, regicide ? "" : latest]);
  if (centreKey !== drawn.centre) {
    const parts = regicide ? regicideCentre() : [...sanguoshaCentre(), h("div", { class: "latest" }, latest)];
    document.getElementById("centre").replaceChildren(...parts.filter(Boolean));
    drawn.centre = centreKey;
  }
  renderLog();
  renderSummary();
}

// --- the stream ---

function onHello(msg) {
  L = msg.labels;
  window.__tc.hello = msg;
  document.documentElement.lang = L.lang;
  document.title = ui("title");
  document.getElementById("title").textContent = ui("title");
  document.getElementById("narration-title").textContent = ui("narration");
  // with phones as readers the corner code is still the viewer link: say so
  document.getElementById("join-text").textContent = !msg.lan ? ui("join_local") : msg.phones ? ui("join_watch") : ui("join");
  document.getElementById("join-url").textContent = msg.join_url;
  const qr = document.getElementById("qr");
  qr.hidden = !msg.lan; // no phone can open this computer's own loopback address
  if (msg.lan) qr.src = "/qr.svg" + (viewToken ? "?t=" + encodeURIComponent(viewToken) : "");
  renderHost(msg.host_controls);
  speechSetup(L);
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
  refreshHost(true);
  window.__tc.seq = msg.seq;
}

function onUpdate(msg) {
  window.__tc.received[msg.seq] = now();
  state = msg.state;
  log.push(...msg.sentences);
  speechSay(msg.sentences);
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

function ended(source) {
  // the game is over and its server has gone: nothing will come, so stop asking
  source.close();
  const live = document.getElementById("live");
  live.className = "off";
  live.textContent = ui("game_over");  // short: the header stays one line
  live.title = ui("ended");
}

function connect() {
  const source = new EventSource("/events" + (viewToken ? "?t=" + encodeURIComponent(viewToken) : ""));
  source.addEventListener("hello", (e) => onHello(JSON.parse(e.data)));
  source.addEventListener("snapshot", (e) => { onSnapshot(JSON.parse(e.data)); setLive(true); });
  source.addEventListener("update", (e) => onUpdate(JSON.parse(e.data)));
  source.onerror = () => (summary || (state && state.status === "over") ? ended(source) : setLive(false));
}

window.addEventListener("resize", render);
// the other scripts (summary.js, host.js) are deferred too and run before this event
window.addEventListener("DOMContentLoaded", connect);
