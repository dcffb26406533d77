// The end-of-game summary: winners, a health (or hand size) line per seat as inline
// SVG, cards played, judgments. Uses the helpers and state of table.js.
"use strict";

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
  const svg = s("svg", { class: "chart", viewBox: `0 0 ${w} ${hgt}`, preserveAspectRatio: "none", role: "img" },
    s("line", { x1: "0", y1: String(hgt - 2), x2: String(w), y2: String(hgt - 2) }),
    s("polygon", { class: "area", points: `0,${hgt - 2} ${pts.join(" ")} ${w},${hgt - 2}` }),
    s("polyline", { points: pts.join(" ") }));
  // the scale in HTML, not SVG text: the SVG stretches (preserveAspectRatio none)
  return h("div", { class: "chart-box" },
    h("div", { class: "y-axis", title: ui(L.game === "regicide" ? "axis_hand" : "axis_health") },
      h("span", { class: "y-max" }, String(top)), h("span", { class: "y-min" }, "0")),
    svg,
    h("div", { class: "x-axis" }, h("span", { class: "x-min" }, String(start)),
      h("span", { class: "x-label" }, ui("axis_inputs")), h("span", { class: "x-max" }, String(end))));
}

function winnersLine() {
  if (L.game === "regicide") {
    const won = state.winner_side === "players";
    return h("p", { class: "winners" }, won ? ui("players_won") : ui("castle_won"),
      state.result && state.result.tier ? ` · ${ui("tier")}: ${state.result.tier}` : "",
      ` · ${ui("enemies_defeated")}: ${summary.enemies_defeated}`);
  }
  const names = (summary.winners || []).map(seatName);
  // a two-side mode's winner_side is a team id ("A"): its name is in the mode's team_names
  const named = ((state.game_mode || {}).team_names || {})[summary.winner_side] || summary.winner_side;
  const side = named ? (L.sides[named] || (L.teams && L.teams[named]) || named) : "";
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
      h("td", {}, (regicide ? fill("player_n", { n }) : seatName(n)) + identity),
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

