"use strict";
// The referee's page: sends each entry with the record kept in this browser to
// POST /api/referee, which replays the record, applies the entry and answers.

const KEY = "euchre-referee-record";
const RULINGS = "euchre-referee-rulings";
const $ = (id) => document.getElementById(id);
let current = null; // the last answer

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

async function post(body) {
  const response = await fetch("/api/referee", {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error ? data.error.message : "the server refused the entry");
  return data;
}

function rulingItem(r) {
  const item = el("li", {}, el("strong", { text: r.outcome || "" }));
  if (r.law) item.append(" ", el("span", { text: r.law }), " ", el("span", { class: "about", text: "(" + r.source + ")" }));
  return item;
}

function kept() {
  try { return JSON.parse(localStorage.getItem(RULINGS) || "[]"); } catch (err) { return []; }
}

function show(answer) {
  current = answer;
  localStorage.setItem(KEY, JSON.stringify(answer.record));
  $("setup").hidden = true;
  $("evening").hidden = false;
  const s = answer.state;
  $("rules-line").textContent = "Rules: " + answer.rules + (s.target ? ", game to " + s.target : "") + ".";
  const pending = (s.pending || []).map((p, i) => p ? p + " to " + s.sides[i] : "").filter((x) => x);
  $("score").textContent = "Score: " + s.sides.map((name, i) => name + " " + s.score[i]).join(", ") +
    (s.bridge ? "; " + s.bridge + " at the bridge" : "") +
    (pending.length ? ". To be scored first with this hand: " + pending.join(", ") : "");
  $("counters").textContent = s.counters ? "Counters: " + s.sides.map((n, i) => n + " " + s.counters[i]).join("; ") : "";
  $("dealing").textContent = s.over ? "The game is over: enter next for the next game." :
    "Hand " + s.hand_number + ": " + s.dealer + " deals.";
  $("help").textContent = answer.help;
  $("games").replaceChildren(...s.games.map((g, i) => el("li", {
    text: "Game " + (i + 1) + ": " + (g.winner ? g.winner + " won, " : "a tie, ") + g.score.join("–"),
  })));
  const r = answer.ruling;
  if (r) {
    const rulings = kept();
    rulings.push(r);
    localStorage.setItem(RULINGS, JSON.stringify(rulings.slice(-200)));
    $("rulings").prepend(rulingItem(r));
  }
}

async function start(event) {
  event.preventDefault();
  const target = $("target").value ? Number($("target").value) : null;
  const house = {};
  for (const box of $("house-list").querySelectorAll("input[type=checkbox]")) {
    if (!box.closest("li").hidden) house[box.dataset.key] = box.checked;
  }
  try {
    localStorage.removeItem(RULINGS);
    $("rulings").replaceChildren();
    const body = { rules: { preset: $("preset").value, target: target, house_rules: house } };
    const dealer = $("dealer").value.trim();
    if (dealer) body.dealer = dealer;  // empty: the table's first seat (N, or 1)
    show(await post(body));
    $("setup-error").textContent = "";
    $("entry").focus();
  } catch (err) {
    $("setup-error").textContent = err.message;
  }
}

async function submitEntry(event) {
  event.preventDefault();
  const text = $("entry").value.trim();
  if (!text || !current) return;
  if (text === "help" || text === "?") {
    $("help").closest("details").open = true;
    $("entry").value = "";
    return;
  }
  try {
    show(await post({ record: current.record, entry: text }));
    $("entry").value = "";
    $("entry-error").textContent = "";
  } catch (err) {
    $("entry-error").textContent = err.message + " (nothing changed)";
  }
}

function download() {
  if (!current) return;
  const blob = new Blob([JSON.stringify(current.record, null, 1)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: "euchre-referee.json" });
  document.body.append(a);
  a.click();
  a.remove();
}

async function main() {
  // The setup form is shown only once its handler is on: a click before would submit it
  // as a plain form and reload the page (test_regression_a_form_was_shown_before_its_handler).
  let options;
  try {
    const response = await fetch("/api/options");
    if (!response.ok) throw new Error("the server answered " + response.status);
    options = await response.json();
  } catch (err) {
    $("setup-form").hidden = true;
    $("setup").hidden = false;
    $("setup-error").textContent = "The server did not answer: " + err.message;
    return;
  }
  for (const p of options.presets) {
    if (p.refereed) $("preset").append(el("option", { value: p.name, text: p.name }));
  }
  $("preset").value = options.default_preset;
  const houseList = $("house-list");
  for (const rule of options.house_rules || []) {
    if (rule.key === "revokes") continue; // the referee applies the laws of revokes under every preset
    const id = "house-" + rule.key;
    const box = el("input", { type: "checkbox", id: id, "data-key": rule.key });
    houseList.append(el("li", {}, box, " ", el("label", { for: id }, el("strong", { text: rule.title + ": " }), rule.sentence)));
  }
  const about = () => {
    const p = options.presets.find((x) => x.name === $("preset").value);
    $("preset-about").textContent = p ? p.description : "";
    $("target").value = p && p.target ? p.target : "";
    for (const box of houseList.querySelectorAll("input[type=checkbox]")) {
      const offered = Boolean(p && p.house_rules && box.dataset.key in p.house_rules);
      box.closest("li").hidden = !offered;
      box.checked = offered && p.house_rules[box.dataset.key];
    }
  };
  $("preset").addEventListener("change", about);
  about();
  $("setup-form").addEventListener("submit", start);
  $("entry-form").addEventListener("submit", submitEntry);
  $("download").addEventListener("click", download);
  $("new-evening").addEventListener("click", () => {
    localStorage.removeItem(KEY);
    localStorage.removeItem(RULINGS);
    current = null;
    $("rulings").replaceChildren();
    $("evening").hidden = true;
    $("setup").hidden = false;
  });
  const saved = localStorage.getItem(KEY);
  if (saved) {
    try {
      show(await post({ record: JSON.parse(saved) }));
      $("rulings").replaceChildren(...kept().reverse().map(rulingItem));
      return;
    } catch (err) { localStorage.removeItem(KEY); }
  }
  $("setup").hidden = false;
}

main();
