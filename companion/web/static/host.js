// Host controls, shown only with the host token in the address: each button or form
// posts one command to /host, which logs it like any input. Uses table.js's helpers.
"use strict";

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
      const word = refused ? ui("refused") : ui("sent");
      status.textContent = said ? fill("labelled", { label: word, value: said }) : word;
    }
  } catch (err) {
    status.textContent = String(err);
  }
  window.__tc.commands = (window.__tc.commands || 0) + 1; // answered, for the tests
}

function seatSelect(name) {
  const seats = (state && (state.seats || state.hands)) || [];
  return h("select", { name, "aria-label": ui("seat") },
    ...seats.map((x) => h("option", { value: String(x.seat) }, `${x.seat} · ${L.game === "regicide" ? ui("player") : seatName(x.seat)}`)));
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

function moveForm(status) {
  // `correct move CARD to SEAT ZONE` / `to discard`: the seat is ignored for the discard pile
  const card = h("input", { type: "text", name: "card", placeholder: ui("card_text"), required: true, style: "width: 9em" });
  const zone = h("select", { name: "to", "aria-label": ui("move_card") },
    ...["hand", "equipment", "judgment", "discard"].map((z) => h("option", { value: z }, ui(z))));
  const seat = seatSelect("seat");
  return h("form", { "data-op": "move", onsubmit: (ev) => {
    ev.preventDefault();
    const command = { op: "move", card: card.value, to: zone.value };
    if (zone.value !== "discard") command.seat = Number(seat.value);
    sendCommand(command, status);
  } }, h("label", {}, ui("move_card")), card, seat, zone, h("button", { type: "submit" }, ui("apply")));
}

function readersForm(status) {
  // bind a reader to a seat, or make it shared (0): logged like any input (op "bind")
  const box = h("div", { class: "readers" });
  const seats = (state && (state.seats || state.hands)) || [];
  async function refresh() {
    let found = [];
    try {
      const response = await fetch("/readers", { headers: { "X-Host-Token": hostToken }, cache: "no-store" });
      if (response.ok) found = (await response.json()).readers || [];
    } catch (err) { status.textContent = String(err); }
    const rows = found.map((r) => {
      const seat = h("select", { name: "seat", "aria-label": ui("seat") },
        h("option", { value: "0" }, ui("shared")),
        ...seats.map((x) => h("option", { value: String(x.seat) }, `${x.seat} · ${L.game === "regicide" ? ui("player") : seatName(x.seat)}`)));
      seat.value = String(r.seat || 0);
      return h("form", { "data-op": "bind", "data-reader": r.reader, onsubmit: async (ev) => {
        ev.preventDefault();
        await sendCommand({ op: "bind", reader: r.reader, seat: Number(seat.value) }, status);
        refresh();
      } }, h("label", {}, `${r.name || r.reader} (${r.reader})${r.connected ? "" : " · " + ui("reader_away")}`), seat, h("button", { type: "submit" }, ui("bind")));
    });
    box.replaceChildren(h("label", {}, ui("readers")),
      h("button", { type: "button", "data-op": "refresh-readers", onclick: refresh }, ui("refresh")),
      ...(rows.length ? rows : [h("div", {}, ui("no_readers"))]));
    window.__tc.readers = (window.__tc.readers || 0) + 1; // listed, for the tests
  }
  refresh();
  return box;
}

function renderHost(enabled) {
  const box = document.getElementById("host");
  if (!enabled || !hostToken) { box.hidden = true; return; }
  const status = h("div", { class: "status", role: "status" });
  box.replaceChildren(h("h2", {}, ui("host")), status);
  const button = (op, label) => h("button", { type: "button", "data-op": op, onclick: () => sendCommand({ op }, status) }, label);
  if (L.game === "regicide") {
    // Regicide has hand counts to fix, UNDO and the readers' seats, nothing else: no
    // health, equipment, judgments or timed windows (the server refuses those ops for it too)
    box.append(h("div", { class: "buttons" }, button("undo", ui("undo"))));
    box.append(numberForm("hand", ui("set_hand_count"), "count", 0, (state && state.max_hand) || 8, {}));
    box.append(readersForm(status));
    box.hidden = false;
    return;
  }
  box.append(h("div", { class: "buttons" }, button("undo", ui("undo")), button("pause", ui("pause")), button("resume", ui("resume"))));
  // health 1..max_hp: the rules refuse 0 (a death goes through damage and dying)
  const maxHp = Math.max(1, ...((state && state.seats) || []).map((x) => x.max_hp || 0));
  box.append(numberForm("hp", ui("set_hp"), "hp", 1, maxHp, {}));
  box.append(numberForm("hand", ui("set_hand_count"), "count", 0, 99, {}));
  box.append(moveForm(status));
  box.append(h("label", {}, ui("settings")), numberForm("setting", ui("nullification_timeout"), "value", 1, 120, { name: "nullification_timeout_s" }));
  box.append(readersForm(status));
  box.hidden = false;
}

let hostKey = "";

function refreshHost(force) {
  // the seat lists name the generals: rebuild them once the generals are known
  const key = JSON.stringify((state.seats || state.hands || []).map((x) => x.general || x.seat));
  if ((force || key !== hostKey) && !document.getElementById("host").hidden) renderHost(true);
  hostKey = key;
}

