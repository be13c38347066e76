// The create form: rules, points, the creator's seat (the table's host), bots, the
// timer, hints and house rules; then the host's own seat opens, with the other seats'
// links kept in this browser to send.

import { $, el } from "./dom.js";
import { presetSeats, presetSources, presetWords } from "./words.js";

const TARGETS = [5, 7, 10, 11];
const INVITES_KEY = "euchre.invites";
const INVITES_KEPT = 20;

// The invite links of the tables created in this browser, by table id.
export function loadInvites(table) {
  try {
    const all = JSON.parse(localStorage.getItem(INVITES_KEY) || "{}");
    return all[table] || null;
  } catch (err) {
    return null;
  }
}

function saveInvites(made) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(INVITES_KEY) || "{}") || {}; } catch (err) { all = {}; }
  all[made.table] = { links: made.links, titles: made.titles || null, host: made.host, target: made.target,
    saved: Date.now() };
  const kept = Object.entries(all).sort((a, b) => b[1].saved - a[1].saved).slice(0, INVITES_KEPT);
  try { localStorage.setItem(INVITES_KEY, JSON.stringify(Object.fromEntries(kept))); } catch (err) { /* full or off */ }
}

export async function fetchOptions() {
  const response = await fetch("/api/options");
  if (!response.ok) throw new Error("the server answered " + response.status);
  return response.json();
}

export async function showCreate() {
  // The form is shown only once its handler is on: a click before would submit it as a
  // plain form and reload the page (test_regression_a_form_was_shown_before_its_handler).
  $("connection").textContent = "";
  let options;
  try {
    options = await fetchOptions();
  } catch (err) {
    $("create-form").hidden = true;
    $("create").hidden = false;
    $("create-error").textContent = "The server did not answer: " + err;
    return;
  }
  const presetSelect = $("preset");
  for (const p of options.presets) {
    presetSelect.append(el("option", { value: p.name, selected: p.name === options.default_preset }, p.name));
  }
  const houseList = $("house-list");
  for (const rule of options.house_rules || []) {
    const id = "house-" + rule.key;
    houseList.append(el("li", {},
      el("input", { type: "checkbox", id: id, "data-key": rule.key }),
      " ", el("label", { for: id }, el("strong", { text: rule.title + ": " }), rule.sentence)));
  }
  const current = () => options.presets.find((x) => x.name === presetSelect.value);
  const about = () => {
    const p = current();
    $("preset-about").textContent = presetWords(p);
    $("preset-source-text").textContent = presetSources(p);
    $("preset-command").textContent = "euchre rules " + (p ? p.name : "");
    for (const box of houseList.querySelectorAll("input[type=checkbox]")) {
      // A rule these rules cannot switch (going alone at a table without partners) is not offered.
      const offered = Boolean(p && p.house_rules && box.dataset.key in p.house_rules);
      box.closest("li").hidden = !offered;
      box.checked = offered && p.house_rules[box.dataset.key];
    }
    const target = $("target");
    target.replaceChildren();
    if (p && p.target === null) {
      // A progressive round counts hands, not points.
      target.append(el("option", { value: "", text: "none: a round of hands" }));
      target.disabled = true;
    } else {
      const own = p ? p.target : 10;
      const values = [...new Set([...TARGETS, own])].filter((v) => v <= options.max_target).sort((a, b) => a - b);
      for (const v of values) {
        target.append(el("option", { value: String(v), selected: v === own,
          text: v + " points" + (v === own ? " (these rules' own)" : "") }));
      }
      target.disabled = false;
    }
    const seat = $("host-seat");
    const before = seat.value;
    seat.replaceChildren();
    const seats = presetSeats(p);
    const preferred = seats.some(([s]) => s === before) ? before : seats.some(([s]) => s === "S") ? "S" : seats[0][0];
    for (const [letter, title] of seats) {
      seat.append(el("option", { value: letter, selected: letter === preferred, text: title }));
    }
  };
  presetSelect.addEventListener("change", about);
  about();
  for (const level of options.bots) {
    $("bots").append(el("option", { value: level, selected: level === options.default_bots }, level));
  }
  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("create-error").textContent = "";
    const body = { preset: presetSelect.value, bots: $("bots").value, house_rules: {}, host: $("host-seat").value,
      timer: parseInt($("timer").value, 10) || 0, hints: $("hints").checked };
    for (const box of houseList.querySelectorAll("input[type=checkbox]")) {
      if (!box.closest("li").hidden) body.house_rules[box.dataset.key] = box.checked;
    }
    const target = parseInt($("target").value, 10);
    if (!Number.isNaN(target)) body.target = target;
    const button = event.submitter || $("create-form").querySelector("button[type=submit]");
    button.disabled = true;
    let response;
    let made;
    try {
      response = await fetch("/api/tables", {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
      });
      made = await response.json();
    } catch (err) {
      button.disabled = false;
      $("create-error").textContent = "The server did not answer: " + err;
      return;
    }
    if (!response.ok) {
      button.disabled = false;
      $("create-error").textContent = made.error ? made.error.message : "The table was not created.";
      return;
    }
    // A link is a path unless the server was given its public address: then it is
    // completed with this page's own address (never the request's Host header).
    const links = {};
    for (const [seat, link] of Object.entries(made.links)) links[seat] = new URL(link, location.href).href;
    saveInvites({ ...made, links });
    location.assign(links[made.host]);
  });
  $("create").hidden = false;
}
