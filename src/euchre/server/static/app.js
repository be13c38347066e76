// Euchre in the browser. The server decides everything (legality, what you may see);
// this page only shows the state it is sent and sends back the actions it offers.
"use strict";

// The table's shape comes with every state (state.shape: its seats clockwise, their
// titles, its sides); these are the four-hand table's, until the first state arrives.
let SEATS = ["N", "E", "S", "W"];
let TITLES = { N: "North", E: "East", S: "South", W: "West" };
// Where each seat sits on the felt, clockwise from you (at the bottom), by seat count.
const LAYOUTS = {
  2: ["bottom", "top"],
  3: ["bottom", "top-left", "top-right"],
  4: ["bottom", "left", "top", "right"],
  5: ["bottom", "left", "top-left", "top-right", "right"],
  6: ["bottom", "left", "top-left", "top", "top-right", "right"],
};
const ALL_POSITIONS = ["top-left", "top", "top-right", "left", "right", "bottom"];
const PHASES = {
  bid_round_1: "bidding on the upcard", bid_round_2: "naming trump", blind_name: "naming trump blind",
  takeover: "deciding whether to take over the lone hand", discard: "discarding",
  alone_decision: "deciding whether to go alone", defend_alone: "deciding whether to defend alone",
  play: "playing", done: "hand over",
  give_best: "giving the lone partner a card face down", best_discard: "discarding after the partner's best card",
  claims: "deciding on a claim of the dealt hand", revoke_claims: "deciding whether to claim a revoke (renege)",
  revoke_correction: "deciding, before the trick is quitted, whether to correct a card that did not follow suit",
  call_card: "deciding whether to call an exposed card",
};

// The phases of the play of the tricks (table mode adds a trick's corrections, the
// call of an exposed card and the claims after the last trick).
const PLAY_PHASES = ["play", "revoke_correction", "call_card", "revoke_claims"];
// The questions of the laws, which the expert's hint does not value.
const LAW_PHASES = ["revoke_correction", "call_card"];

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function cardNode(card, extra) {
  const red = card.suit === "D" || card.suit === "H";
  return el("span", { class: "card small" + (red ? " red" : ""), role: "img", "aria-label": card.name, ...(extra || {}) },
    el("span", { "aria-hidden": "true", text: card.short }));
}

// ---------------------------------------------------------------- creating a table
async function showCreate() {
  $("create").hidden = false;
  $("connection").textContent = "";
  let options;
  try {
    const response = await fetch("/api/options");
    options = await response.json();
  } catch (err) {
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
  const about = () => {
    const p = options.presets.find((x) => x.name === presetSelect.value);
    $("preset-about").textContent = p ? p.description : "";
    for (const box of houseList.querySelectorAll("input[type=checkbox]")) {
      // A rule these rules cannot switch (going alone at a table without partners) is not offered.
      const offered = Boolean(p && p.house_rules && box.dataset.key in p.house_rules);
      box.closest("li").hidden = !offered;
      box.checked = offered && p.house_rules[box.dataset.key];
    }
    $("target").value = p && p.target !== null ? p.target : "";
    $("target").disabled = Boolean(p) && p.target === null;  // a progressive round counts hands, not points
  };
  presetSelect.addEventListener("change", about);
  about();
  $("target").max = options.max_target;
  for (const level of options.bots) {
    $("bots").append(el("option", { value: level, selected: level === options.default_bots }, level));
  }
  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("create-error").textContent = "";
    const body = { preset: presetSelect.value, bots: $("bots").value, house_rules: {} };
    for (const box of houseList.querySelectorAll("input[type=checkbox]")) {
      if (!box.closest("li").hidden) body.house_rules[box.dataset.key] = box.checked;
    }
    const target = parseInt($("target").value, 10);
    if (!Number.isNaN(target)) body.target = target;
    const response = await fetch("/api/tables", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const made = await response.json();
    if (!response.ok) {
      $("create-error").textContent = made.error ? made.error.message : "The table was not created.";
      return;
    }
    const list = $("link-list");
    list.replaceChildren();
    for (const seat of Object.keys(made.seats)) {
      // A link is a path unless the server was given its public address: then it is
      // completed with this page's own address (never the request's Host header).
      const url = new URL(made.links[seat], location.href).href;
      const title = made.titles ? made.titles[seat] : seat;
      list.append(el("li", {}, el("strong", { text: title + ": " }), el("a", { href: url, text: url }), " ",
        el("button", { type: "button", onclick: () => copy(url), text: "Copy" })));
    }
    const watch = new URL(made.links.spectator, location.href).href;
    list.append(el("li", {}, el("strong", { text: "Spectators: " }), el("a", { href: watch, text: watch }), " ",
      el("button", { type: "button", onclick: () => copy(watch), text: "Copy" })));
    $("links").hidden = false;
    list.querySelector("a").focus();
  });
}

function copy(text) {
  if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
}

// ---------------------------------------------------------------- the table
const session = { ws: null, token: null, state: null, welcome: null, retry: 0, nextId: 1, hintId: null, lastAnnounce: "", autoStood: -1 };

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(scheme + "//" + location.host + "/ws");
  session.ws = ws;
  $("connection").textContent = "Connecting…";
  ws.addEventListener("open", () => {
    session.retry = 0;
    send({ type: "join", token: session.token });
  });
  ws.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch (err) { return; }
    receive(message);
  });
  ws.addEventListener("close", (event) => {
    if (event.code === 1008 && session.state === null) {
      $("connection").textContent = "This link opens no table.";
      return;
    }
    const wait = Math.min(10000, 500 * 2 ** session.retry++);
    $("connection").textContent = "Disconnected; reconnecting…";
    goOffline();
    setTimeout(connect, wait);
  });
}

// While the connection is down no move can be sent: say so and offer none (the state
// that comes on reconnecting draws the choices again).
function goOffline() {
  session.offline = true;
  if (!session.state) return;
  $("turn").textContent = "Disconnected: moves are paused until the page reconnects.";
  session.lastAnnounce = "";  // the turn is said again once a state comes
  for (const b of document.querySelectorAll("#choices button, #hand button, #lobby button")) b.disabled = true;
}

function send(message) {
  if (!session.ws || session.ws.readyState !== WebSocket.OPEN) return;
  message.id = session.nextId++;
  session.ws.send(JSON.stringify(message));
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      session.welcome = message;
      // The seat's title comes with the table's shape in the state that follows.
      $("connection").textContent = message.role === "spectator" ? "Watching" : "Connected";
      $("chat-text").maxLength = message.limits.chat_max_chars;
      break;
    case "state":
      session.state = message;
      session.offline = false;
      $("error").textContent = "";
      render(message);
      break;
    case "chat_history":
      $("chat").replaceChildren(...message.lines.map(chatLine));
      break;
    case "chat":
      $("chat").append(chatLine(message.line));
      $("chat").scrollTop = $("chat").scrollHeight;
      break;
    case "hint":
      // A hint asked before the state now shown is out of date (a chat line moves seq
      // on without a new state, so a later seq is fine).
      if (session.state && message.seq >= session.state.seq) showHint(message);
      break;
    case "error":
      $("error").textContent = message.message;
      // A hint refused (the server busy with other hints, a second hint asked): say so
      // where "Thinking…" stood.
      if (message.id !== undefined && message.id === session.hintId && $("hint-list")) {
        $("hint-list").replaceChildren(el("li", { text: message.message }));
      }
      if (message.code === "bad_token") $("connection").textContent = "This link opens no table.";
      // A join refused for another reason (a bot plays this seat, too many tabs, the table
      // cannot be loaded): the table is still hidden, so say why where it can be seen.
      else if (session.state === null) $("connection").textContent = message.message;
      break;
    default:
      break;
  }
}

function chatLine(line) {
  const time = new Date(line.at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return el("li", {}, el("span", { class: "who", text: line.name }), " ", el("time", { text: time }), ": ", line.text);
}

function mySeat(state) {
  // A spectator looks from the first seat's side (South's at the four-hand table).
  return state.you.seat || (SEATS.includes("S") ? "S" : SEATS[0]);
}

function position(state, seat) {
  const n = SEATS.length;
  const offset = (SEATS.indexOf(seat) - SEATS.indexOf(mySeat(state)) + n) % n;
  return LAYOUTS[n][offset];
}

function useShape(state) {
  if (!state.shape) return;
  SEATS = state.shape.seats;
  TITLES = state.shape.titles;
  $("felt").dataset.seats = String(SEATS.length);
}

// The side a seat plays on (its index in state.shape.sides), or -1.
function sideOf(state, seat) {
  return state.shape ? state.shape.sides.findIndex((side) => side.seats.includes(seat)) : -1;
}

function sideName(state, i) {
  const side = state.shape.sides[i];
  // A side of one player is shown by that player's name; a partnership by its seats' titles.
  return side.seats.length === 1 ? seatName(state, side.seats[0]) : side.seats.map((s) => TITLES[s]).join("–");
}

function seatName(state, seat) {
  const info = state.seats.find((s) => s.seat === seat);
  return info ? info.name : TITLES[seat];
}

// One finished trick in a list: its number, its cards each with its seat, its winner.
function trickItem(state, t, number) {
  const item = el("li", { class: "trick-line" }, el("strong", { text: "Trick " + number + ": " }));
  for (const c of t.cards) item.append(seatName(state, c.seat) + " ", cardNode(c.card), "  ");
  item.append("won by " + seatName(state, t.winner) + ".");
  return item;
}

// One call in the list; a claim of the dealt hand shows its cards, which every seat sees.
function callItem(state, c) {
  const item = el("li", {}, el("strong", { text: seatName(state, c.seat) + ": " }), c.words);
  for (const card of c.cards || []) item.append(" ", cardNode(card, { title: "shown by " + seatName(state, c.seat) }));
  if (c.outcome) item.append(" ", el("span", { class: "outcome", text: c.outcome }));
  return item;
}

function render(state) {
  useShape(state);
  if (state.you.seat) $("connection").textContent = "Connected as " + TITLES[state.you.seat];
  $("table").hidden = false;
  const game = state.game;
  const hand = game ? game.hand : null;
  const me = state.you.seat;
  renderTurn(state);
  renderScore(state);
  const house = state.house_rules || [];
  $("rules-line").textContent = "Rules: " + (state.preset || "a preset with changed options") +
    (state.preset && state.preset_changed ? ", with house rules switched" : "") +
    (house.length ? ". House rules on: " + house.join("; ") + "." : ". No house rules on.");
  renderSeats(state);
  renderCentre(state);
  renderHand(state);
  renderChoices(state);
  $("calls").replaceChildren(...(hand ? hand.calls.map((c) => callItem(state, c)) : []),
    ...(hand ? hand.tricks.map((t, i) => trickItem(state, t, i + 1)) : []));
  renderPrevious(state);
  $("lobby").hidden = state.status !== "lobby" || !me;
  const mine = me ? state.seats.find((s) => s.seat === me) : null;
  $("take").hidden = !(mine && mine.kind === "bot");
  if (mine && mine.kind === "bot") {
    $("take-text").textContent = "The game started without you, so a bot plays " + TITLES[me] +
      ". Watch from here, or take your seat back.";
  }
  $("name-panel").hidden = !me;
  $("choices-panel").hidden = !me;
  const over = state.status === "over";
  $("records").hidden = !over;
  if (over && state.records) {
    const r = game.result;
    const w = state.shape.sides.findIndex((side) => side.name === r.winner);
    if (w < 0) {
      // A progressive round whose highest scores are equal (RULES.md decision 24).
      $("result").textContent = "A tie: " + r.score.map((s, i) => sideName(state, i) + " " + s).join(", ") + ".";
    } else {
      const one = state.shape.sides[w].seats.length === 1;
      const rest = r.score.filter((_, i) => i !== w);
      const others = rest.length === 1 ? String(rest[0]) : rest.slice(0, -1).join(", ") + " and " + rest[rest.length - 1];
      const winners = one ? sideName(state, w) : state.shape.sides[w].seats.map((x) => TITLES[x]).join(" and ");
      $("result").textContent = winners + (one ? " wins " : " win ") + r.score[w] + " to " + others + ".";
    }
    if (game.round_hands) $("result").textContent += " The round's " + game.round_hands + " hands are played.";
    $("record-json").href = state.records.json;
    $("record-egn").href = state.records.egn;
  }
  // For tools that drive the page (and the browser tests): which state is shown.
  const table = $("table");
  table.dataset.seq = String(state.seq);
  table.dataset.status = state.status;
  table.dataset.turn = hand && hand.turn ? hand.turn : "";
}

function renderTurn(state) {
  let text;
  const game = state.game;
  if (state.status === "lobby") text = "Waiting for the players; a seated player starts the game.";
  else if (state.status === "over") text = "The game is over.";
  else {
    const hand = game.hand;
    const doing = PHASES[hand.phase] || hand.phase;
    if (hand.turn && hand.turn === state.you.seat) {
      text = "Your turn: " + doing + ".";
    } else if (hand.turn) {
      const info = state.seats.find((s) => s.seat === hand.turn);
      text = seatName(state, hand.turn) + " is " + doing + (info && info.stand_in ? " (a bot plays while they are away)" : "") + ".";
    } else text = "";
  }
  if (text !== session.lastAnnounce) {
    $("turn").textContent = text;
    session.lastAnnounce = text;
  }
}

function renderScore(state) {
  const game = state.game;
  const board = $("scoreboard");
  board.replaceChildren();
  if (!game) return;
  const hand = game.hand;
  const mine = state.you.seat ? sideOf(state, state.you.seat) : -1;
  const team = (i) => sideName(state, i) + (i === mine ? " (you)" : "");
  const side = (i) => el("span", { class: "side-score", "data-team": String(i) }, team(i) + ": ",
    el("strong", { text: game.score[i] }), countersNode(game.counters ? game.counters[i] : undefined));
  board.append(
    ...game.score.map((_, i) => side(i)),
    el("span", { text: game.round_hands ? "Hands played: " + game.hands_counted + " of " + game.round_hands
      : "Game to " + game.target }),
    el("span", { text: "Hand " + game.hand_number }),
    el("span", { text: "Dealer: " + seatName(state, hand.dealer) }),
    el("span", { text: "Trump: " + (hand.trump_name || "not yet named") }),
  );
  if (game.bridge) {
    const b = state.shape.sides.findIndex((s) => s.name === game.bridge);
    board.append(el("span", { class: "bridge", text: sideName(state, b) + " at the bridge" }));
  }
  if (hand.maker) board.append(el("span", { text: "Makers: " + seatName(state, hand.maker) + (hand.alone ? " (alone)" : "") }));
  board.append(el("span", { class: "tricks-won",
    text: "Tricks: " + hand.tricks_won.map((n, i) => sideName(state, i) + " " + n).join(", ") }));
}

// The score kept with counters (score_display): each card face down, or face up with
// the pips showing as filled dots and the covered ones as hollow dots (S000 L147-149).
function countersNode(pair) {
  if (pair === undefined) return null;
  if (pair === null) return el("span", { class: "counters", text: " (beyond the counters)" });
  const words = pair.map((c) => !c.face_up ? c.name + " face down"
    : c.showing === c.pips ? c.name + " face up" : c.name + " face up, " + c.showing + " showing").join("; ");
  return el("span", { class: "counters", role: "img", "aria-label": "counters: " + words },
    ...pair.map((c) => el("span", { class: "counter " + (c.face_up ? "up" : "down"), "aria-hidden": "true",
      "data-pips": String(c.pips), "data-showing": String(c.showing),
      text: c.face_up ? "●".repeat(c.showing) + "○".repeat(c.pips - c.showing) : "▮" })));
}

function renderSeats(state) {
  const hand = state.game ? state.game.hand : null;
  const used = new Set(SEATS.map((seat) => position(state, seat)));
  for (const pos of ALL_POSITIONS) {
    const box = $("pos-" + pos);
    box.hidden = !used.has(pos);
    if (!used.has(pos)) box.replaceChildren();
  }
  for (const seat of SEATS) {
    const box = $("pos-" + position(state, seat));
    box.dataset.seat = seat;
    const info = state.seats.find((s) => s.seat === seat);
    const bits = [];
    if (info.kind === "bot") bits.push("bot");
    else if (info.kind === "open") bits.push("open seat");
    else bits.push(info.connected ? "here" : "away");
    if (info.stand_in) bits.push("a bot plays for now");
    if (hand) {
      const held = hand.hand_sizes[SEATS.indexOf(seat)];
      bits.push(held + (held === 1 ? " card" : " cards"));
      if (hand.dealer === seat) bits.push("dealer");
      if (hand.sitting_out.includes(seat)) bits.push("sitting out");
    }
    const toAct = hand && hand.turn === seat;
    box.className = "seat pos-" + position(state, seat) + (toAct ? " to-act" : "");
    box.replaceChildren(
      el("div", { class: "name", text: info.name + (seat === state.you.seat ? " (you)" : "") }),
      el("div", { class: "meta", text: TITLES[seat] + " · " + bits.join(" · ") + (toAct ? " · to act" : "") }),
    );
    const exposed = hand && hand.exposed ? hand.exposed[seat] : null;
    if (exposed && exposed.length) {
      // Table mode: cards exposed by a corrected revoke lie face up before their owner.
      box.append(el("div", { class: "exposed", "aria-label": "Exposed cards" }, "Exposed: ",
        ...exposed.map((card) => cardNode(card))));
    }
  }
}

function renderCentre(state) {
  const game = state.game;
  const up = $("upcard");
  const trick = $("trick");
  up.replaceChildren();
  trick.replaceChildren();
  if (!game) return;
  const hand = game.hand;
  const inPlay = PLAY_PHASES.includes(hand.phase);
  if (hand.upcard_state !== "taken" || !inPlay) {
    if (hand.upcard_face_down) {
      // turn_down_display = face_down_on_stock (S000 L123): the card lies face down.
      up.append(el("div", { text: "Upcard, turned face down on the stock" }),
        el("span", { class: "card small back", role: "img", "aria-label": "a card face down" },
          el("span", { "aria-hidden": "true", text: "▮" })));
    } else {
      const fate = { up: "Upcard", taken: "Upcard, taken up", turned_down: "Upcard, turned down (face up under the stock)" }[hand.upcard_state];
      up.append(el("div", { text: fate }), cardNode(hand.upcard));
    }
  }
  for (const played of hand.trick) {
    trick.append(el("div", { class: "played" }, cardNode(played.card), el("div", { text: seatName(state, played.seat) })));
  }
  if (!hand.trick.length && hand.tricks.length && inPlay) {
    // The trick just completed stays on the table, every card with its seat, until the next lead.
    const last = hand.tricks[hand.tricks.length - 1];
    for (const played of last.cards) {
      trick.append(el("div", { class: "gathered" }, cardNode(played.card), el("div", { text: seatName(state, played.seat) })));
    }
    trick.append(el("div", { class: "gathered won", text: "Won by " + seatName(state, last.winner) }));
  }
}

function legalFor(state, code) {
  return state.game ? state.game.legal.find((a) => a.card === code) : undefined;
}

function act(action) {
  send({ type: "action", action: action, seq: session.state.seq });
}

function renderHand(state) {
  const box = $("hand");
  const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.dataset.code : null;
  box.replaceChildren();
  if (!state.game) return;
  const cards = state.game.hand.cards;
  cards.forEach((card, i) => {
    const legal = legalFor(state, card.code);
    const red = card.suit === "D" || card.suit === "H";
    const label = card.name + (legal ? (legal.kind === "discard" ? ", you may discard it"
      : legal.kind === "give" ? ", you may give it to your partner face down"
      : legal.revoke ? ", you may play it, but it fails to follow suit: a revoke" : ", you may play it") : "");
    const button = el("button", {
      type: "button", class: "card" + (red ? " red" : "") + (legal ? " legal" : "") + (legal && legal.revoke ? " revoke" : ""),
      "aria-label": label, title: legal && legal.revoke ? "A revoke: you hold the suit led" : null,
      "aria-disabled": legal ? "false" : "true", "data-code": card.code,
      onclick: () => { if (legal) act(legal.action); },
    }, el("span", { "aria-hidden": "true", text: card.short }), el("span", { class: "key", "aria-hidden": "true", text: i + 1 }));
    box.append(button);
  });
  if (focused) {
    const again = box.querySelector('[data-code="' + focused + '"]');
    if (again) again.focus();
  }
  const discard = state.game.hand.discard;
  if (discard) box.append(el("span", { class: "about" }, " Your discard: ", cardNode(discard)));
}

function renderChoices(state) {
  const box = $("choices");
  box.replaceChildren();
  if (!state.game) return;
  const legal = state.game.legal;
  if (legal.length === 1 && legal[0].action === "stand") {
    // Table mode: a card that did not follow suit while the hand held none of the suit
    // led can only stand; the question is asked of every such card (so that it tells
    // the others nothing), and the page answers it for you.
    box.append(el("p", { class: "about", text: "Your card stands: you hold none of the suit led." }));
    if (session.autoStood !== state.seq) {
      session.autoStood = state.seq;
      act("stand");
    }
    return;
  }
  const calls = legal.filter((a) => a.kind === "call");
  for (const choice of calls) {
    box.append(el("button", { type: "button", onclick: () => act(choice.action) },
      choice.label, el("span", { class: "words", text: "“" + choice.words + "”" })));
  }
  if (!calls.length) {
    box.append(el("p", { class: "about", text: legal.length ? "Choose a card from your hand." : "Nothing to decide now." }));
  }
  if (state.game.legal.length > 1 && !LAW_PHASES.includes(state.game.hand.phase)) {
    box.append(el("button", { type: "button", id: "hint-button", class: "hint-button",
      onclick: () => {
        $("hint-list").replaceChildren(el("li", { text: "Thinking…" }));
        session.hintId = session.nextId;
        send({ type: "hint" });
      } },
      "Hint", el("span", { class: "words", text: "the expert's value of each choice" })));
  }
  box.append(el("ol", { id: "hint-list", class: "hint-list", "aria-live": "polite" }));
}

function showHint(message) {
  // Values: expected points of this hand for your side after each choice, best first.
  const legal = session.state.game ? session.state.game.legal : [];
  const items = message.values.map((v) => {
    const choice = legal.find((a) => a.action === v.action);
    const name = choice ? choice.label : v.action;
    const value = (v.value >= 0 ? "+" : "") + v.value.toFixed(2);
    return el("li", { text: name + ": " + value + " points" });
  });
  const list = $("hint-list");
  if (list) list.replaceChildren(...items);
}

function renderPrevious(state) {
  const box = $("previous");
  box.replaceChildren();
  const prev = state.game ? state.game.previous : null;
  if (!prev) {
    box.append(el("p", { class: "about", text: "No hand finished yet." }));
    return;
  }
  const r = prev.result;
  if (r) {
    const scored = r.points.map((p, i) => [p, i]).filter(([p]) => p);
    const who = scored.length ? scored.map(([p, i]) => sideName(state, i) + " score" + (state.shape.sides[i].seats.length === 1 ? "s " : " ") + p).join(", ")
      : "Nobody scores";
    box.append(el("p", { text: "Hand " + prev.hand_number + ": " + r.label + ". " + who + " (tricks " + r.tricks.join("–") + ")." }));
  }
  const list = el("ul", { class: "calls" });
  for (const c of prev.calls || []) if (c.cards || c.outcome) list.append(callItem(state, c));
  prev.tricks.forEach((t, i) => list.append(trickItem(state, t, i + 1)));
  box.append(list);
}

// ---------------------------------------------------------------- keys and forms
document.addEventListener("keydown", (event) => {
  const state = session.state;
  if (!state || !state.game || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
  const n = parseInt(event.key, 10);
  if (n >= 1 && n <= 9) {
    const card = state.game.hand.cards[n - 1];
    const legal = card ? legalFor(state, card.code) : undefined;
    if (legal) { act(legal.action); event.preventDefault(); }
  }
});

function setUpTable() {
  $("start").addEventListener("click", () => send({ type: "start" }));
  $("take-button").addEventListener("click", () => send({ type: "take_seat" }));
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (text) send({ type: "chat", text: text });
    $("chat-text").value = "";
  });
  $("name-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("name-text").value.trim();
    if (name) send({ type: "name", name: name });
  });
  connect();
}

function main() {
  const token = location.hash.slice(1);
  if (token) {
    session.token = token;
    setUpTable();
  } else {
    showCreate();
  }
}

window.addEventListener("hashchange", () => {
  // The hash holds the seat's token; the skip link's "#hand" is no token and keeps the seat.
  if (location.hash !== "#hand") location.reload();
});
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a.skip") : null;
  if (!link) return;
  event.preventDefault();  // no "#hand" in the address: the token stays where it is
  $("hand").focus();
});
document.addEventListener("DOMContentLoaded", main);
