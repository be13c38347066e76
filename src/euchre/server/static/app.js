// Euchre in the browser. The server decides everything (legality, what you may see,
// the order of your cards); this page only shows the state it is sent and sends back the
// actions it offers. It holds a finished trick on the table for a moment before it
// shows the next state, and a finished hand's result on the felt until the player goes
// on (settings of this browser), and replays a finished game face up.

import { $, el, cardNode, cardBack, cardFace, SUIT_SYMBOL, SUIT_WORD, isRed, plural } from "./dom.js";
import { PHASES, PLAY_PHASES, LAW_PHASES, presetSources, presetWords } from "./words.js";
import { showCreate, loadInvites, fetchOptions } from "./create.js";
import { Replay } from "./replay.js";

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

const HOLD_KEY = "euchre.trickHoldMs";
const HOLD_DEFAULT = 1500;
// How long a finished hand's result stays on the felt: -1 until the player presses
// "Next hand" (the default), 0 not at all, else milliseconds.
const RESULT_HOLD_KEY = "euchre.resultHoldMs";
const RESULT_HOLD_DEFAULT = -1;

function storedMs(key, fallback, least) {
  try {
    const stored = localStorage.getItem(key);
    if (stored !== null && stored !== "" && !Number.isNaN(Number(stored))) return Math.max(least, Math.min(10000, Number(stored)));
  } catch (err) { /* storage off: the default */ }
  return fallback;
}

function holdMs() {
  return storedMs(HOLD_KEY, HOLD_DEFAULT, 0);
}

function resultHoldMs() {
  const ms = storedMs(RESULT_HOLD_KEY, RESULT_HOLD_DEFAULT, -1);
  return ms < 0 ? -1 : ms;
}

// ---------------------------------------------------------------- the connection
const session = {
  ws: null, token: null, state: null, shown: null, welcome: null, retry: 0, nextId: 1, hintId: null,
  lastAnnounce: "", autoStood: -1, offline: false, queue: [], holding: null, options: null, replay: null,
  rulesOpened: false,
  result: null,  // a finished hand's result held on the felt: {state: the state after it, timer}
  myTurn: false,  // the state shown last gave this seat the turn
  turnScroll: false,  // the turn came while the player was typing: bring the table when he leaves the field
  undoId: null, afterUndo: false,  // an undo asked (its message id); its ack came: the next state takes the game back
  heard: 0,  // when the server last said anything (Date.now()): see watchConnection
};

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  // Once the table is known, its id rides in the address: a balancer in front of several
  // server processes sends every connection of a table to the same one (docs/deploy.md).
  const table = session.welcome && session.welcome.table ? "?table=" + encodeURIComponent(session.welcome.table) : "";
  const ws = new WebSocket(scheme + "//" + location.host + "/ws" + table);
  session.ws = ws;
  $("connection").textContent = "Connecting…";
  ws.addEventListener("open", () => {
    session.retry = 0;
    session.heard = Date.now();
    send({ type: "join", token: session.token });
  });
  ws.addEventListener("message", (event) => {
    if (ws !== session.ws) return;  // a connection given up (see watchConnection)
    session.heard = Date.now();
    let message;
    try { message = JSON.parse(event.data); } catch (err) { return; }
    receive(message);
  });
  ws.addEventListener("close", (event) => {
    if (ws !== session.ws) return;  // given up already; its successor is on its way
    // A link that opens no table was told so (error bad_token: showBadLink). Any other
    // close, 1008 too, is retried: a table whose server is being replaced answers
    // "unavailable" for a few seconds, and its link is good.
    if (session.badLink) return;
    const wait = Math.min(10000, 500 * 2 ** session.retry++);
    $("connection").textContent = "Disconnected; reconnecting…";
    goOffline();
    setTimeout(connect, wait);
  });
}

// A server that stops answering without closing the connection (a process stalled, a
// machine or its network lost) would leave the page "connected" while the game went on
// without the player: the page pings every PING_MS, and a connection silent for
// SILENT_MS is given up and a new one opened at once (the balancer sends it to a process
// that answers; the table is taken over there: docs/server.md, "Many processes").
const PING_MS = 5000;
const SILENT_MS = 12000;

function watchConnection() {
  setInterval(() => {
    const ws = session.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || session.badLink) return;
    if (Date.now() - session.heard > SILENT_MS) {
      session.ws = null;  // its events are ignored from now on
      try { ws.close(4000, "no answer"); } catch (err) { /* closing already */ }
      $("connection").textContent = "Disconnected; reconnecting…";
      goOffline();
      connect();
      return;
    }
    send({ type: "ping" });
  }, PING_MS);
}

// A token that opens no table: say so, and what to do, instead of a table.
function showBadLink() {
  session.badLink = true;
  $("connection").textContent = "This link opens no table.";
  $("table").hidden = true;
  $("nolink").hidden = false;
  if (session.ws && session.ws.readyState === WebSocket.OPEN) session.ws.close();
}

// While the connection is down no move can be sent: say so and offer none (the state
// that comes on reconnecting draws the choices again).
function goOffline() {
  session.offline = true;
  if (!session.state) return;
  const banner = $("offline");
  banner.textContent = "Disconnected from the table. The page is reconnecting by itself; moves are paused until it is back.";
  banner.hidden = false;
  $("turn").textContent = "Disconnected: moves are paused until the page reconnects.";
  session.lastAnnounce = "";  // the turn is said again once a state comes
  $("timer-left").hidden = true;
  for (const b of document.querySelectorAll("#choices button, #undo button, #hand button, #lobby button, #over-banner button, #settings-panel select, #settings-panel input")) {
    if (b.id !== "hold") b.disabled = true;
  }
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
      message.receivedAt = performance.now();
      session.state = message;
      if (session.afterUndo) forgetAfterUndo();
      if (session.offline) {
        session.offline = false;
        $("offline").hidden = true;
        // Reconnected: whatever was queued is older than this full state.
        session.queue = [];
        if (session.holding) { clearTimeout(session.holding); session.holding = null; }
        dropResult();
        session.shown = null;
      }
      session.queue.push(message);
      // A hand's result held on the felt never costs the player his time: with a
      // timer at the table, the page goes on by itself once his turn has come.
      if (session.result && timerRunsForMe(message)) goOn();
      pump();
      break;
    case "chat_history":
      $("chat").replaceChildren(...message.lines.map(chatLine));
      break;
    case "chat":
      $("chat").append(chatLine(message.line));
      $("chat").scrollTop = $("chat").scrollHeight;
      break;
    case "ack":
      if (message.id !== undefined && message.id === session.undoId) {
        session.undoId = null;
        session.afterUndo = true;  // the next state is the game taken back
      }
      break;
    case "hint":
      // A hint asked before the state now shown is out of date (a chat line moves seq
      // on without a new state, so a later seq is fine).
      if (session.shown && message.seq >= session.shown.seq) showHint(message);
      break;
    case "error":
      $("error").textContent = message.message;
      // A hint refused (the server busy with other hints, a second hint asked): say so
      // where "Thinking…" stood.
      if (message.id !== undefined && message.id === session.hintId && $("hint-list")) {
        $("hint-list").replaceChildren(el("li", { text: message.message }));
      }
      if (message.code === "bad_token") showBadLink();
      // A join refused for another reason (too many tabs, the table cannot be loaded):
      // the table is still hidden, so say why where it can be seen.
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

// ---------------------------------------------------------------- holding a finished trick, a finished hand
// States are shown in order. One that finishes a trick is first shown as the trick on
// the table, complete, with its winner marked, for the page's hold time (no move is
// offered meanwhile); then the state itself, where the trick is gathered. One that
// begins the next hand is kept back while the hand just finished is shown with its
// result on the felt, until the player presses "Next hand" (or for the time he chose
// in the settings); the states that came meanwhile are then shown in order. The server
// does not wait: the other players and the bots go on, and the page catches up.
function pump() {
  while (!session.holding && !session.result && session.queue.length) {
    const next = session.queue.shift();
    const done = finishedTrick(session.shown, next);
    const ended = endedHand(session.shown, next);
    const wait = holdMs();
    if (done && wait > 0) {
      render(heldView(session.shown, next, done), done);
      session.holding = setTimeout(() => {
        session.holding = null;
        if (!(ended && holdResult(next))) show(next);
        pump();
      }, wait);
      return;
    }
    if (ended && holdResult(next)) return;
    show(next);
  }
}

// The hand that ``next`` (a state of the next hand) finished since ``shown``, or null.
function endedHand(shown, next) {
  if (!sameGame(shown, next) || shown.status !== "playing" || next.status !== "playing") return null;
  const prev = next.game.previous;
  return prev && prev.result && prev.hand_number === shown.game.hand_number &&
    next.game.hand_number > shown.game.hand_number ? prev : null;
}

// True when ``state`` has this seat to act with the table's timer running.
function timerRunsForMe(state) {
  const game = state.game;
  return Boolean(state.you.seat && game && state.status === "playing" && game.hand.turn === state.you.seat &&
    state.timer_left !== null && state.timer_left !== undefined);
}

// Holds the result of the hand that ``next`` follows on the felt; false when the
// settings say not to (or the player's time would run meanwhile).
function holdResult(next) {
  const ms = resultHoldMs();
  if (ms === 0 || timerRunsForMe(next) || session.queue.some(timerRunsForMe)) return false;
  session.result = { state: next, timer: ms > 0 ? setTimeout(goOn, ms) : null };
  const focus = document.activeElement;
  const acting = !focus || focus === document.body || $("hand").contains(focus) || $("choices").contains(focus);
  render(resultView(session.shown, next), null, next.game.previous);
  $("table").dataset.result = "1";
  // A keyboard player who was acting goes on with Enter; a player typing elsewhere keeps his place.
  if (acting) $("result-next").focus({ preventScroll: true });
  return true;
}

// "Next hand": the states kept back are shown.
function goOn() {
  const held = session.result;
  if (!held) return;
  const hadFocus = document.activeElement === $("result-next");
  dropResult();
  show(held.state);
  pump();
  if (hadFocus) $("hand").focus({ preventScroll: true });
}

function dropResult() {
  if (session.result && session.result.timer) clearTimeout(session.result.timer);
  session.result = null;
  $("table").dataset.result = "";
}

// The state shown under a hand's result: the hand just finished, its tricks gathered,
// nobody to act, the score after it (from ``next``, the first state of the next hand).
function resultView(shown, next) {
  const prev = next.game.previous;
  const before = shown.game.hand;
  // Played (out, or until a claim ended it) or not, as the server says, whatever the tricks.
  const played = prev.result.kind === "played" || prev.result.kind === "renege";
  const hand = { ...before, phase: played ? "done" : before.phase, played: played, calls: prev.calls || before.calls,
    turn: null, trick: [], tricks: prev.tricks,
    tricks_won: prev.tricks_won, hand_sizes: played ? before.hand_sizes.map(() => 0) : before.hand_sizes,
    cards: played ? [] : before.cards, discard: null, maker: prev.maker, alone: prev.alone,
    defender_alone: prev.defender_alone, sitting_out: prev.sitting_out, trump: prev.trump, trump_name: prev.trump_name,
    called: prev.called, partner: prev.partner, exposed: {} };
  return { ...shown, timer_left: null, history: next.history, games: next.games,
    game: { ...shown.game, score: next.game.score, counters: next.game.counters, bridge: next.game.bridge,
      hands_counted: next.game.hands_counted, previous: prev, hand: hand, legal: [] } };
}

function show(state) {
  session.shown = state;
  $("error").textContent = "";
  render(state, null);
}

function sameGame(a, b) {
  return a && b && a.game && b.game && a.game_number === b.game_number && a.table === b.table;
}

// The trick that ``next`` finished since ``shown`` (the state shown before it), or null.
function finishedTrick(shown, next) {
  if (!sameGame(shown, next) || shown.status !== "playing") return null;
  const before = shown.game.hand;
  if (!before.trick.length || !PLAY_PHASES.includes(before.phase)) return null;
  const hand = next.game.hand;
  if (next.game.hand_number === shown.game.hand_number && hand.tricks.length === before.tricks.length + 1) {
    return { trick: hand.tricks[hand.tricks.length - 1], tricksWon: hand.tricks_won, sizes: hand.hand_sizes };
  }
  const prev = next.game.previous;
  if (prev && prev.hand_number === shown.game.hand_number && prev.tricks.length === before.tricks.length + 1) {
    return { trick: prev.tricks[prev.tricks.length - 1], tricksWon: prev.tricks_won, sizes: null };
  }
  return null;
}

// The state shown while a finished trick is held: the one before it, with the trick
// complete on the table, the cards played out of the hands, and nobody to act.
function heldView(shown, next, done) {
  const codes = new Set(done.trick.cards.map((c) => c.card.code));
  const already = new Set(shown.game.hand.trick.map((c) => c.seat));
  const sizes = done.sizes || shown.game.hand.hand_sizes.map((n, i) =>
    done.trick.cards.some((c) => c.seat === SEATS[i] && !already.has(c.seat)) ? Math.max(0, n - 1) : n);
  const hand = { ...shown.game.hand, trick: done.trick.cards, turn: null, tricks_won: done.tricksWon, hand_sizes: sizes,
    cards: shown.game.hand.cards.filter((c) => !codes.has(c.code)) };
  return { ...shown, timer_left: null, game: { ...shown.game, hand: hand, legal: [] } };
}

// ---------------------------------------------------------------- the table's shape
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
  return side.seats.length === 1 ? playerName(state, side.seats[0]) : side.seats.map((s) => TITLES[s]).join("–");
}

// A side's short name: "N–S", "Player 2".
function sideShort(state, i) {
  const side = state.shape.sides[i];
  return side.seats.length === 1 ? TITLES[side.seats[0]] : side.name.replace("-", "–");
}


function canControl(state) {
  // The host, or any seated player at a table created without one.
  const me = state.you.seat;
  return Boolean(me) && (!state.settings || state.settings.host === null || state.settings.host === me);
}

function hostTitle(state) {
  return state.settings && state.settings.host ? TITLES[state.settings.host] : null;
}

// ---------------------------------------------------------------- lists of calls and tricks
// One finished trick in a list: its number, its cards each with its seat, its winner.
function trickItem(state, t, number) {
  const item = el("li", { class: "trick-line" }, el("strong", { text: "Trick " + number + ": " }));
  for (const c of t.cards) {
    item.append(el("span", { class: "played-by" }, playerName(state, c.seat) + (c.seat === t.leader ? " (led) " : " "),
      cardNode(c.card, { size: "mini" })), " ");
  }
  item.append("won by " + playerName(state, t.winner) + ".");
  return item;
}

// One call in the list; a claim of the dealt hand shows its cards, which every seat sees.
function callItem(state, c) {
  // A revoke claim says when it came ("North, during trick 2:"): two claims may read alike.
  const who = playerName(state, c.seat) + (c.claim ? ", " + claimWhen(c.claim) : "") + ": ";
  const item = el("li", {}, el("strong", { text: who }), c.words);
  for (const card of c.cards || []) item.append(" ", cardNode(card, { size: "mini", title: "shown by " + playerName(state, c.seat) }));
  if (c.outcome) item.append(" ", el("span", { class: "outcome", text: c.outcome }));
  return item;
}

// ---------------------------------------------------------------- drawing a state
// ``held``: a finished trick held on the table (see pump), or null; ``ended``: the
// finished hand whose result is held on the felt (``state`` is then resultView's), or null.
function render(state, held, ended) {
  useShape(state);
  if (state.you.seat) $("connection").textContent = "Connected as " + TITLES[state.you.seat];
  $("nolink").hidden = true;
  $("table").hidden = false;
  const game = state.game;
  const hand = game ? game.hand : null;
  const me = state.you.seat;
  const over = state.status === "over";
  renderNotices(state);
  renderScore(state);
  renderSeats(state, held);
  renderCentre(state, held);
  renderResult(state, ended || null);
  renderTurn(state, held, ended || null);
  renderHand(state);
  renderChoices(state);
  $("calls").replaceChildren(...(hand ? hand.calls.map((c) => callItem(state, c)) : []),
    ...(hand ? hand.tricks.map((t, i) => trickItem(state, t, i + 1)) : []));
  // While a finished hand's result is held, and once the game is over, the hand shown is
  // the last one finished: it is listed once, under its number, and "Last hand" is not shown.
  const prev = game ? game.previous : null;
  const finished = Boolean(prev && prev.hand_number === game.hand_number);
  $("calls-h").textContent = finished ? "Hand " + prev.hand_number + ": calls and tricks" : "This hand: calls and tricks";
  $("prev-panel").hidden = finished;
  renderPrevious(state);
  renderLobby(state);
  const mine = me ? state.seats.find((s) => s.seat === me) : null;
  $("take").hidden = !(mine && mine.kind === "bot");
  if (mine && mine.kind === "bot") {
    $("take-text").textContent = "The game started without you, so a bot plays " + TITLES[me] +
      ". Watch from here, or take your seat back.";
  }
  $("name-panel").hidden = !me;
  $("choices-panel").hidden = !me || state.status === "lobby";
  $("hand-panel").hidden = !me;
  $("records").hidden = !over;
  renderOver(state);
  renderHistory(state);
  renderRules(state);
  renderSettings(state);
  // For tools that drive the page (and the browser tests): which state is shown. While
  // a finished trick is held, the state before it is still the one marked.
  const table = $("table");
  table.dataset.held = held ? "1" : "";
  if (!held) {
    table.dataset.seq = String(state.seq);
    table.dataset.status = state.status;
    table.dataset.turn = hand && hand.turn ? hand.turn : "";
    // Table mode: a card that can only stand is answered by the page itself.
    const legal = state.game ? state.game.legal : [];
    table.dataset.auto = legal.length === 1 && legal[0].action === "stand" ? "1" : "";
  }
  if (!held && !ended) turnIntoView(state);
  tickTimer();
}

// ---------------------------------------------------------------- the table in view at your turn
// When the turn comes to this seat and the player has scrolled away from the table (to
// the chat, the rules, the score by hand), the page brings the table back: the felt
// just under the score bar, the choices and the hand below it. Once a turn, when it
// comes: a player who then scrolls away on purpose is left there. Not while he types
// or chooses in a field (the chat, his name, a setting): moving the page under his
// cursor would fight him; the table comes when he leaves the field, if it is still his turn.
function turnIntoView(state) {
  const game = state.game;
  const mine = Boolean(state.you.seat && game && state.status === "playing" && game.hand.turn === state.you.seat);
  const came = mine && !session.myTurn;
  session.myTurn = mine;
  if (!mine) session.turnScroll = false;
  if (!came) return;
  if (typingIn(document.activeElement)) session.turnScroll = true;
  else bringTable();
}

function typingIn(node) {
  return Boolean(node && (node.tagName === "INPUT" || node.tagName === "TEXTAREA" || node.tagName === "SELECT" ||
    node.isContentEditable));
}

// The felt, the choices and the hand wholly in view, or as much as fits from the felt down.
function tableInView() {
  const top = $("scoreboard").getBoundingClientRect().bottom;
  const felt = $("felt").getBoundingClientRect();
  const act = document.querySelector("#table .act").getBoundingClientRect();
  return felt.top >= top - 1 && act.bottom <= window.innerHeight + 1;
}

function bringTable() {
  session.turnScroll = false;
  if (tableInView()) return;
  const board = $("scoreboard").offsetHeight;
  const felt = $("felt").getBoundingClientRect().top + window.scrollY;
  window.scrollTo(0, Math.max(0, felt - board - 4));
}

function renderNotices(state) {
  const seeded = $("seeded");
  const isSeeded = Boolean(state.settings && state.settings.seeded);
  seeded.hidden = !isSeeded;
  if (isSeeded) {
    seeded.textContent = "Notice: this table's creator chose the seed of the shuffle, so he can know every hand " +
      "before it is played.";
  }
  $("offline").hidden = !session.offline;
}

function renderScore(state) {
  const game = state.game;
  const board = $("scoreboard");
  board.replaceChildren();
  if (!game) {
    board.append(el("span", { class: "chip", text: "Waiting for the game to start" }));
    return;
  }
  const hand = game.hand;
  const mine = state.you.seat ? sideOf(state, state.you.seat) : -1;
  // What the last hand gave each side, beside its score ("+2"), while the hand after it is played.
  const prev = game.previous;
  const gained = prev && prev.result && !game.result ? prev.result.points : null;
  const side = (i) => el("span", { class: "side-score chip" + (i === mine ? " mine" : ""), "data-team": String(i) },
    el("span", { class: "long", text: chipName(state, i) + (i === mine ? " (you)" : "") }),
    el("span", { class: "short", "aria-hidden": "true", text: sideShort(state, i) + (i === mine ? " (you)" : "") }),
    ": ", el("strong", { text: game.score[i] }), countersNode(game.counters ? game.counters[i] : undefined),
    gained && gained[i] ? el("span", { class: "gain", title: "Hand " + prev.hand_number + ": " + prev.result.label,
      "aria-label": "(" + gained[i] + " from the last hand)", text: "+" + gained[i] }) : null);
  const trump = hand.trump;
  const trumpChip = el("span", { class: "chip trump-chip" + (trump && isRed(trump) ? " red" : ""), "data-trump": trump || "" },
    "Trump: ", el("span", { class: "trump-name", text: trump ? (trump === "NT" ? "no trump" : SUIT_SYMBOL[trump] + " " + hand.trump_name) : "not named yet" }));
  board.append(
    ...game.score.map((_, i) => side(i)),
    trumpChip,
    el("span", { class: "chip" }, (game.round_hands ? "Hands played: " + game.hands_counted + " of " + game.round_hands
      : "Game to " + game.target) + " · Hand " + game.hand_number),
  );
  if (game.bridge) {
    const b = state.shape.sides.findIndex((s) => s.name === game.bridge);
    board.append(el("span", { class: "chip bridge", text: chipName(state, b) + " at the bridge" }));
  }
  // The tricks of each side of two players or more; a player for himself has his on his seat.
  if (state.shape.sides.some((sd) => sd.seats.length > 1)) {
    board.append(el("span", { class: "chip tricks-won" },
      "Tricks: " + hand.tricks_won.map((n, i) => sideShort(state, i) + " " + n).join(", ")));
  }
}

// A side's name on its score chip: a partnership's seats ("North–South"), a player's
// name; a bot by its seat alone (the seats on the felt say which level plays).
function chipName(state, i) {
  const side = state.shape.sides[i];
  return side.seats.length === 1 ? playerName(state, side.seats[0]) : sideName(state, i);
}

// A seat's name in running text (the result, the calls and tricks, the turn, the game
// over, the replay): a person's name; a bot's default name ("West (intermediate bot)") as
// its seat's title, its level said once, on its seat on the felt.
function playerName(state, seat) {
  const info = state.seats.find((s) => s.seat === seat);
  if (!info) return TITLES[seat];
  return info.kind === "bot" && isBotName(info.name, seat) ? TITLES[seat] : info.name;
}

function isBotName(name, seat) {
  return name.startsWith(TITLES[seat] + " (") && name.endsWith(" bot)");
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

function renderSeats(state, held) {
  const hand = state.game ? state.game.hand : null;
  const used = new Set(SEATS.map((seat) => position(state, seat)));
  for (const pos of ALL_POSITIONS) {
    const box = $("pos-" + pos);
    box.hidden = !used.has(pos);
    if (!used.has(pos)) box.replaceChildren();
  }
  const host = state.settings ? state.settings.host : null;
  for (const seat of SEATS) {
    const pos = position(state, seat);
    const box = $("pos-" + pos);
    box.dataset.seat = seat;
    const info = state.seats.find((s) => s.seat === seat);
    // A bot's default name says its seat and level ("West (intermediate bot)"): the box
    // shows the seat as the name and the level below it.
    const botName = info.kind === "bot" && isBotName(info.name, seat);
    const bits = botName ? [] : info.name === TITLES[seat] ? [] : [TITLES[seat]];
    if (info.kind === "bot") bits.push(botName ? info.name.slice(TITLES[seat].length + 2, -1) : "bot");
    else if (info.kind === "open") bits.push("open seat");
    else bits.push(info.connected ? "here" : "away");
    if (info.stand_in) bits.push("a bot plays for now");
    const badges = [];
    let held_cards = 0;
    if (hand) {
      held_cards = hand.hand_sizes[SEATS.indexOf(seat)];
      bits.push(plural(held_cards, "card"));
      if (hand.dealer === seat) badges.push(["dealer", "Dealer"]);
      if (hand.maker === seat) {
        const t = hand.trump;
        badges.push(["maker", "Maker" + (t && t !== "NT" ? " " + SUIT_SYMBOL[t] : t === "NT" ? " NT" : "")]);
      }
      if (hand.alone === seat) badges.push(["alone", "Alone"]);
      // Call-ace: the partner once the called card has fallen; to its holder alone, before.
      if (hand.partner === seat) badges.push(["partner", "Partner"]);
      else if (!hand.partner && hand.called && seat === state.you.seat && hand.cards.some((c) => c.code === hand.called.code)) {
        badges.push(["partner", "Partner (only you know)"]);
      }
      if (hand.defender_alone === seat) badges.push(["alone", "Defends alone"]);
      if (hand.sitting_out.includes(seat)) badges.push(["out", "Sits out"]);
      if (hand.trick.length && hand.trick[0].seat === seat && PLAY_PHASES.includes(hand.phase)) badges.push(["led", "Led"]);
    }
    if (host === seat) badges.push(["host", "Host"]);
    if (hand && inPlay(hand) && !hand.sitting_out.includes(seat)) {
      // The tricks this seat has won this hand (the one held on the table counted).
      const won = hand.tricks.filter((t) => t.winner === seat).length + (held && held.trick.winner === seat ? 1 : 0);
      badges.push(["tricks", plural(won, "trick")]);
    }
    const toAct = hand && hand.turn === seat && state.status === "playing";
    const wins = held && held.trick.winner === seat;
    box.className = "seat pos-" + pos + (toAct ? " to-act" : "") + (wins ? " wins" : "") +
      (hand && hand.sitting_out.includes(seat) ? " sitting-out" : "") + (seat === state.you.seat ? " me" : "");
    const name = (botName ? TITLES[seat] : info.name) + (seat === state.you.seat ? " (you)" : "");
    box.replaceChildren(...[
      el("div", { class: "name" }, hand && hand.dealer === seat ? el("span", { class: "dealer-chip", "aria-hidden": "true", text: "D" }) : null,
        el("span", { text: name })),
      el("div", { class: "meta", text: bits.join(" · ") + (toAct ? " · to act" : "") }),
      badges.length ? el("div", { class: "badges" }, ...badges.map(([kind, text]) => el("span", { class: "badge badge-" + kind, text: text }))) : null,
      held_cards && seat !== state.you.seat ? el("div", { class: "backs", "aria-hidden": "true" },
        ...Array.from({ length: Math.min(held_cards, 8) }, () => el("span", { class: "back-mini" }))) : null,
    ].filter(Boolean));
    const exposed = hand && hand.exposed ? hand.exposed[seat] : null;
    if (exposed && exposed.length) {
      // Table mode: cards exposed by a corrected revoke lie face up before their owner.
      box.append(el("div", { class: "exposed", "aria-label": "Exposed cards" }, "Exposed: ",
        ...exposed.map((card) => cardNode(card, { size: "mini" }))));
    }
  }
}

// True while the cards of a hand are played (and once it is played out).
function inPlay(hand) {
  return PLAY_PHASES.includes(hand.phase) || (hand.phase === "done" && (hand.tricks.length > 0 || Boolean(hand.played)));
}

// Call-ace: the card the maker called, on the felt beside trump (RULES.md decision 21);
// its holder, once he has played it, is marked on his seat and named to screen readers here.
function calledNode(state, hand) {
  const by = hand.partner ? playerName(state, hand.partner) : null;
  const label = "Called card: " + hand.called.name + (by ? ", played by " + by + ", the maker's partner"
    : ", its holder is the maker's secret partner");
  return el("div", { class: "mid-item called", id: "called" }, cardNode(hand.called, { size: "mini", label: label }),
    el("div", { class: "caption", "aria-hidden": "true", text: "Called" }));
}

function renderCentre(state, held) {
  const game = state.game;
  const up = $("upcard");
  up.replaceChildren();
  for (const pos of ALL_POSITIONS) $("slot-" + pos).replaceChildren();
  const trickBox = $("trick");
  trickBox.classList.toggle("held", Boolean(held));
  trickBox.classList.toggle("no-game", !game);
  if (!game) {
    up.append(el("div", { class: "centre-note", text: state.status === "lobby" ? "The cards are dealt when the game starts." : "" }));
    return;
  }
  const hand = game.hand;
  if (!inPlay(hand)) {
    // The bidding: the upcard, face up until it is taken or turned down; in round two
    // the card turned down (face down when the rules say so).
    if (hand.upcard_face_down) {
      // turn_down_display = face_down_on_stock (S000 L123): the card lies face down.
      up.append(cardBack("Upcard, turned face down on the stock", "trick"),
        el("div", { class: "caption", "aria-hidden": "true", text: "Turned face down" }),
        el("div", { class: "visually-hidden", text: "Upcard, turned face down on the stock" }));
    } else {
      const fate = { up: "Upcard", taken: "Upcard, taken up by the dealer",
        turned_down: "Upcard, turned down (face up under the stock)" }[hand.upcard_state];
      const short = { up: "Upcard", taken: "Taken up", turned_down: "Turned down" }[hand.upcard_state];
      up.append(cardNode(hand.upcard, { size: "trick", label: fate + ": " + hand.upcard.name,
        extraClass: hand.upcard_state === "turned_down" ? "turned" : "" }),
        el("div", { class: "caption", "aria-hidden": "true", text: short }));
      if (short !== fate) up.append(el("div", { class: "visually-hidden", text: fate }));
    }
  } else if (held) {
    up.append(el("div", { class: "won-label", text: "Won by " + TITLES[held.trick.winner] }));
  } else if (hand.trump) {
    const trump = el("div", { class: "mid-item" }, el("span", { class: "trump-mark" + (isRed(hand.trump) ? " red" : ""), role: "img",
      "aria-label": "Trump: " + (hand.trump_name || SUIT_WORD[hand.trump]),
      text: hand.trump === "NT" ? "NT" : SUIT_SYMBOL[hand.trump] }), el("div", { class: "caption", text: "Trump" }));
    up.append(hand.called ? el("div", { class: "mid-row" }, trump, calledNode(state, hand)) : trump);
  }
  const trick = held ? held.trick.cards : hand.trick;
  const leader = held ? held.trick.leader : trick.length ? trick[0].seat : null;
  for (const played of trick) {
    const lead = played.seat === leader;
    const wins = held && played.seat === held.trick.winner;
    const label = played.card.name + ", played by " + playerName(state, played.seat) + (lead ? ", led" : "") +
      (wins ? ", wins the trick" : "");
    $("slot-" + position(state, played.seat)).append(el("div", { class: "played" + (lead ? " lead" : "") + (wins ? " winner" : ""),
      "data-seat": played.seat },
      cardNode(played.card, { size: "trick", label: label }),
      el("div", { class: "caption", "aria-hidden": "true", text: TITLES[played.seat] }),
      wins ? el("span", { class: "tag tag-wins", "aria-hidden": "true", text: "wins" })
        : lead ? el("span", { class: "tag tag-led", "aria-hidden": "true", text: "led" }) : null));
  }
}

function renderTurn(state, held, ended) {
  let text;
  const game = state.game;
  if (session.offline) text = "Disconnected: moves are paused until the page reconnects.";
  else if (ended) {
    const total = resultTotal(state, ended);
    text = "Hand " + ended.hand_number + " is over: " + resultHeadline(state, ended) + (total ? " " + total : "") +
      " Press Next hand to go on.";
  }
  else if (state.status === "lobby") {
    const host = hostTitle(state);
    text = canControl(state) ? "Start the game when your friends are here." :
      host ? "Waiting for the host (" + host + ") to start the game." : "Waiting for a player to start the game.";
  } else if (state.status === "over") text = state.stopped ? "The game was stopped." : "The game is over.";
  else if (held) text = playerName(state, held.trick.winner) + (held.trick.winner === state.you.seat ? " (you)" : "") + " wins the trick.";
  else {
    const hand = game.hand;
    const doing = PHASES[hand.phase] || hand.phase;
    if (hand.turn && hand.turn === state.you.seat) {
      text = "Your turn: " + doing + ".";
    } else if (hand.turn) {
      const info = state.seats.find((s) => s.seat === hand.turn);
      text = playerName(state, hand.turn) + " is " + doing + (info && info.stand_in ? " (a bot plays while they are away)" : "") + ".";
    } else text = "";
  }
  const turn = $("turn");
  turn.classList.toggle("mine", Boolean(game && !held && game.hand.turn && game.hand.turn === state.you.seat && state.status === "playing"));
  if (text !== session.lastAnnounce) {
    turn.textContent = text;
    session.lastAnnounce = text;
  }
}

// The per-move timer: seconds left to the person to act, counted down on the page from
// the state's timer_left (a bot plays the move when it runs out).
function tickTimer() {
  const box = $("timer-left");
  const state = session.shown;
  if (!state || session.holding || session.result || session.offline || state.timer_left === null || state.timer_left === undefined ||
      state.status !== "playing") {
    box.hidden = true;
    return;
  }
  const left = Math.max(0, Math.ceil(state.timer_left - (performance.now() - state.receivedAt) / 1000));
  const turn = state.game.hand.turn;
  const mine = turn && turn === state.you.seat;
  box.hidden = false;
  box.classList.toggle("urgent", left <= 10);
  box.classList.toggle("mine", Boolean(mine));
  const time = left >= 100 ? Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0") : plural(left, "second");
  box.replaceChildren((mine ? "You have " : playerName(state, turn) + " has ") + time + " left for this move",
    el("span", { class: "timer-tail", text: mine ? "; then a bot plays it for you." : "." }));
}
setInterval(tickTimer, 250);

function legalFor(state, code) {
  return state.game ? state.game.legal.find((a) => a.card === code) : undefined;
}

function act(action) {
  if (!session.shown || session.holding || session.result) return;
  send({ type: "action", action: action, seq: session.shown.seq });
}

function renderHand(state) {
  const box = $("hand");
  const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.dataset.code : null;
  box.replaceChildren();
  box.classList.toggle("empty", !state.game || !state.game.hand.cards.length);
  if (!state.game) {
    box.append(el("p", { class: "about", text: "Your cards are dealt when the game starts." }));
    return;
  }
  const cards = state.game.hand.cards;
  const anyLegal = cards.some((card) => legalFor(state, card.code));
  box.classList.toggle("choosing", anyLegal);
  cards.forEach((card, i) => {
    const legal = legalFor(state, card.code);
    const label = card.name + (legal ? (legal.kind === "discard" ? ", you may discard it"
      : legal.kind === "give" ? ", you may give it to your partner face down"
      : legal.revoke ? ", you may play it, but it fails to follow suit: a revoke" : ", you may play it") : "");
    const cls = ["card", "in-hand", card.suit === "J" ? "joker" : isRed(card.suit) ? "red" : "black"];
    if (legal) cls.push("legal");
    if (legal && legal.revoke) cls.push("revoke");
    if (anyLegal && !legal) cls.push("not-now");
    const button = el("button", {
      type: "button", class: cls.join(" "),
      "aria-label": label, title: legal && legal.revoke ? "A revoke: you hold the suit led" : null,
      "aria-disabled": legal ? "false" : "true", "data-code": card.code,
      onclick: () => { if (legal) act(legal.action); },
    }, ...cardFace(card), el("span", { class: "key", "aria-hidden": "true", text: i + 1 }));
    box.append(button);
  });
  if (focused) {
    const again = box.querySelector('[data-code="' + focused + '"]');
    if (again) again.focus();
  }
  const discard = state.game.hand.discard;
  if (discard) box.append(el("span", { class: "discarded about" }, "Your discard: ", cardNode(discard, { size: "mini" })));
}

function renderChoices(state) {
  const box = $("choices");
  // A keyboard user's place among the choices is kept across states.
  const active = document.activeElement;
  const focused = active && box.contains(active) ? active.dataset.action || active.id || "first" : null;
  box.replaceChildren();
  renderChoiceButtons(state, box);
  renderUndo(state);
  if (focused) {
    const again = box.querySelector('[data-action="' + focused + '"]') || (focused === "hint-button" ? $("hint-button") : null) ||
      box.querySelector("button") || ($("hand").querySelector("button.legal"));
    if (again) again.focus();
  }
}

function renderChoiceButtons(state, box) {
  if (!state.game || state.status !== "playing") return;
  const legal = state.game.legal;
  if (legal.length === 1 && legal[0].action === "stand") {
    // Table mode: a card that did not follow suit while the hand held none of the suit
    // led can only stand; the question is asked of every such card (so that it tells
    // the others nothing), and the page answers it for you.
    box.append(el("p", { class: "about", text: "Your card stands: you hold none of the suit led." }));
    if (session.autoStood !== state.seq && session.shown === state) {
      session.autoStood = state.seq;
      act("stand");
    }
    return;
  }
  const calls = legal.filter((a) => a.kind === "call");
  for (const choice of calls) {
    box.append(el("button", { type: "button", class: "call", "data-action": choice.action, onclick: () => act(choice.action) },
      el("span", { class: "label", text: choice.label }), el("span", { class: "words", text: "“" + choice.words + "”" })));
  }
  if (!calls.length && legal.length) {
    const kind = legal[0].kind;
    box.append(el("p", { class: "prompt", text: kind === "discard" ? "Choose a card from your hand to discard." :
      kind === "give" ? "Choose the card to give your partner." : "Choose a card from your hand." }));
  }
  const hints = !state.settings || state.settings.hints;
  if (legal.length > 1 && !LAW_PHASES.includes(state.game.hand.phase)) {
    if (hints) {
      box.append(el("button", { type: "button", id: "hint-button", class: "hint-button",
        onclick: () => {
          $("hint-list").replaceChildren(el("li", { text: "Thinking…" }));
          session.hintId = session.nextId;
          send({ type: "hint" });
        } },
        el("span", { class: "label", text: "Hint" }), el("span", { class: "words", text: "the expert's value of each choice" })));
    } else {
      box.append(el("p", { class: "about hints-off", text: "Hints are off at this table." }));
    }
  }
  box.append(el("ol", { id: "hint-list", class: "hint-list", "aria-live": "polite" }));
}

// ---------------------------------------------------------------- undo
// Playing alone against bots the page offers Undo: the server takes back your last
// decision, the game and the bots going back to the moment you made it (docs/server.md).
// The button sits below the choices (not among them: it is no move of the game).
function renderUndo(state) {
  let box = $("undo");
  if (!box) {
    box = el("div", { id: "undo", class: "choices undo-row" });
    $("choices").after(box);
  }
  const you = state.you || {};
  const hadFocus = document.activeElement && document.activeElement.id === "undo-button";
  box.replaceChildren();
  box.hidden = !you.undo_offered;
  if (!you.undo_offered) return;
  const button = el("button", { type: "button", id: "undo-button", class: "undo-button",
    disabled: !you.can_undo || session.offline, onclick: undo },
    el("span", { class: "label", text: "Undo" }),
    el("span", { class: "words", text: you.can_undo ? "take back your last decision" : "no decision of yours to take back yet" }),
    // On a phone the long words are not shown: a short caption says what it does.
    el("span", { class: "short-words", "aria-hidden": "true", text: you.can_undo ? "your last decision" : "nothing yet" }));
  box.append(button);
  if (hadFocus) button.focus();
}

function undo() {
  session.undoId = session.nextId;
  send({ type: "undo" });
}

// The state after an undo takes the game back: what the page queued or holds (tricks,
// a hand's result) is older than it, and is dropped, as after a reconnection.
function forgetAfterUndo() {
  session.afterUndo = false;
  session.queue = [];
  if (session.holding) { clearTimeout(session.holding); session.holding = null; }
  dropResult();
  session.shown = null;
}

function showHint(message) {
  // Values: expected points of this hand for your side after each choice, best first.
  const legal = session.shown && session.shown.game ? session.shown.game.legal : [];
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
  if (prev.result) {
    const total = resultTotal(state, prev);
    box.append(el("p", { text: "Hand " + prev.hand_number + ": " + resultHeadline(state, prev) + (total ? " " + total : "") }));
  }
  const facts = ["Dealer: " + playerName(state, prev.dealer)];
  if (prev.maker) facts.push("maker: " + playerName(state, prev.maker) + (prev.alone ? ", alone" : ""));
  if (prev.trump) facts.push("trump: " + (prev.trump === "NT" ? "no trump" : SUIT_SYMBOL[prev.trump] + " " + prev.trump_name));
  box.append(el("p", { class: "about", text: facts.join("; ") + "." }));
  const list = el("ul", { class: "calls", tabindex: "0", "aria-label": "The last hand's claims and tricks" });
  for (const c of prev.calls || []) if (c.cards || c.outcome) list.append(callItem(state, c));
  prev.tricks.forEach((t, i) => list.append(trickItem(state, t, i + 1)));
  box.append(list);
}

// ---------------------------------------------------------------- lobby, game over, settings
function renderLobby(state) {
  const lobby = $("lobby");
  const me = state.you.seat;
  lobby.hidden = state.status !== "lobby";
  if (lobby.hidden) return;
  const missing = state.seats.filter((s) => s.kind === "open").map((s) => TITLES[s.seat]);
  const notHere = missing.length ? "Not here yet: " + missing.join(", ") + "; bots will play them." : "Everyone is here.";
  const host = hostTitle(state);
  const control = canControl(state);
  let text;
  if (control && host) text = "You are the host: start the game when your friends are here. " + notHere;
  else if (control) text = "Any player here may start the game. " + notHere;
  else if (host) text = "Waiting for the host (" + host + ") to start. " + notHere;
  else text = "Waiting for a player to start the game. " + notHere;
  $("lobby-text").textContent = text;
  $("start").hidden = !control;
  $("start").disabled = session.offline;
  const invites = me && control ? loadInvites(state.table) : null;
  $("invites").hidden = !invites;
  if (invites) {
    const list = $("link-list");
    const here = new Set(state.seats.filter((s) => s.kind !== "open").map((s) => s.seat));
    const rows = [];
    for (const seat of SEATS) {
      if (seat === me || !invites.links[seat]) continue;
      rows.push(linkRow(TITLES[seat] + (here.has(seat) ? " (here)" : ""), invites.links[seat], seat));
    }
    if (invites.links.spectator) rows.push(linkRow("Spectators", invites.links.spectator, "spectator"));
    // Redrawn only when it changes, so that a copy's "Copied" and the focus stay.
    const key = rows.map((r) => r.dataset.key).join("|");
    if (list.dataset.key !== key) {
      list.replaceChildren(...rows);
      list.dataset.key = key;
    }
  }
}

function linkRow(title, url, seat) {
  const id = "link-" + seat;
  const input = el("input", { type: "text", id: id, readonly: true, value: url, class: "link-text" });
  const row = el("li", { "data-seat": seat }, el("label", { for: id, text: title }), " ", input, " ",
    el("button", { type: "button", class: "copy", "aria-label": "Copy the link of " + title, onclick: (event) => copyLink(input, event.currentTarget, title) }, "Copy"));
  row.dataset.key = seat + ":" + title;
  return row;
}

async function copyLink(input, button, title) {
  let ok = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(input.value);
      ok = true;
    }
  } catch (err) { ok = false; }
  if (!ok) {
    input.focus();
    input.select();
    try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
  }
  button.textContent = ok ? "Copied" : "Copy";
  $("copy-status").textContent = ok ? "The link of " + title + " is copied: paste it in a message to your friend."
    : "Select the link and copy it.";
}

// The game's result as text pieces: a string, or a list of "name: score" items each to be
// kept on one line ("Player 3 wins with 6 points. Player 2: 4, Player 4: 4, Player 1: 0.").
function resultParts(state) {
  const game = state.game;
  const r = game.result;
  if (!r) return [];
  const w = state.shape.sides.findIndex((side) => side.name === r.winner);
  // Each side's score with its name ("Player 2: 4"), highest first.
  const named = (list) => [list.map((i) => sideName(state, i) + ": " + r.score[i])];
  const standing = r.score.map((_, i) => i).sort((a, b) => r.score[b] - r.score[a]);
  let parts;
  if (w < 0) {
    // A progressive round whose highest scores are equal (RULES.md decision 24).
    parts = ["A tie. ", ...named(standing), "."];
  } else if (r.score.length === 2) {
    const one = state.shape.sides[w].seats.length === 1;
    const winners = one ? sideName(state, w) : state.shape.sides[w].seats.map((x) => TITLES[x]).join(" and ");
    parts = [winners + (one ? " wins " : " win ") + r.score[w] + " to " + r.score[1 - w] + "."];
  } else {
    parts = [sideName(state, w) + " wins with " + plural(r.score[w], "point") + ". ", ...named(standing.filter((i) => i !== w)), "."];
  }
  if (game.round_hands) parts.push(" The round's " + game.round_hands + " hands are played.");
  return parts;
}

function resultText(state) {
  return resultParts(state).map((p) => (Array.isArray(p) ? p.join(", ") : p)).join("");
}

// The same as nodes: each "name: score" on one line.
function gameResultNodes(state) {
  const out = [];
  for (const p of resultParts(state)) {
    if (!Array.isArray(p)) out.push(p);
    else p.forEach((item, k) => out.push(...(k ? [", "] : []), el("span", { class: "nowrap", text: item })));
  }
  return out;
}

// ---------------------------------------------------------------- a finished hand's result, on the felt
// What each side scores, in words ("N–S +2, E–W +1"), or null when nobody scores.
function pointsWords(state, points) {
  const scored = points.map((p, i) => [p, i]).filter(([p]) => p);
  return scored.length ? scored.map(([p, i]) => sideShort(state, i) + " +" + p).join(", ") : null;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// When a revoke claim was made: "during trick 2", "after the last trick".
function claimWhen(claim) {
  return claim.trick === null || claim.trick === undefined ? "after the last trick" : "during trick " + claim.trick;
}

// The hand's result in one line, from how the server says the hand ended (result.kind:
// played, passed out, the dealer's forfeit, thrown in by a claim of the dealt hand, ended
// by a proved revoke), never from what it looks like (a hand ended by a claim in its
// first trick has no trick either). A played hand's line gives the play's own points;
// what revoke claims gave is said on their own lines: "March: N–S +2.",
// "Everyone passed: no points.", "Renege: the hand ends at the claim."
function resultHeadline(state, prev) {
  const r = prev.result;
  if (r.kind === "passed_out") return "Everyone passed: no points.";
  if (r.kind === "thrown_in") return capital(r.label) + ". No points" + (r.same_dealer ? "; the same dealer deals again." : ".");
  if (r.kind === "renege") return "Renege: the hand ends at the claim; the play scores nothing.";
  return capital(r.hand_label) + ": " + (pointsWords(state, r.hand_points) || "no points") + ".";
}

// The points in all when revoke claims added to (or made) the hand's: "In all: E–W +5.", else "".
function resultTotal(state, prev) {
  const r = prev.result;
  const claimed = r.points.some((p, i) => p !== r.hand_points[i]);
  return claimed ? "In all: " + (pointsWords(state, r.points) || "no points") + "." : "";
}

// A revoke claim's line: who claimed, when, what it came to and the points its law gave.
function claimLine(state, c) {
  const points = pointsWords(state, c.claim.points);
  // A claim not upheld says its cost in its outcome; one upheld gets the penalty here.
  return playerName(state, c.seat) + ", " + claimWhen(c.claim) + ": " + c.words + " " + c.outcome +
    (c.claim.upheld && points ? " Penalty: " + points + "." : "");
}

// The lines under the headline: the maker and his call, the tricks, each revoke claim
// with when it came and its points, and the points in all.
function resultLines(state, prev) {
  const lines = [];
  const r = prev.result;
  if (prev.maker) {
    const trump = prev.trump === "NT" ? "no trump" : prev.trump ? SUIT_SYMBOL[prev.trump] + " " + prev.trump_name : "";
    let call = "Maker: " + playerName(state, prev.maker) + (trump ? ", " + trump : "") + (prev.alone ? ", alone" : "");
    if (prev.called) {
      call += "; called " + prev.called.short + (prev.partner ? ": " + playerName(state, prev.partner) + " held it"
        : ", which nobody played (it lay in the stock)");
    }
    lines.push(call + ".");
  }
  if (r.kind === "played" || r.kind === "renege") {
    const sides = state.shape.sides;
    const counts = r.tricks.map((n, i) => [n, i]).filter(([n]) => sides.length <= 3 || n > 0);
    lines.push(!prev.tricks.length ? "No trick was finished." :
      "Tricks: " + counts.map(([n, i]) => n + " for " + sideShort(state, i)).join(", ") + ".");
  }
  for (const c of prev.calls || []) {
    if (c.claim) lines.push(claimLine(state, c));
  }
  const total = resultTotal(state, prev);
  if (total) lines.push(total);
  return lines;
}

// The result's headline and lines as paragraphs (on the felt, in the game-over box).
function resultNodes(state, prev) {
  return [el("p", { class: "result-headline", text: resultHeadline(state, prev) }),
    ...resultLines(state, prev).map((t) => el("p", { class: "result-line", text: t }))];
}

function renderResult(state, prev) {
  const box = $("hand-result");
  box.hidden = !prev;
  if (!prev) return;
  $("hand-result-h").textContent = "Hand " + prev.hand_number + " is over";
  $("hand-result-body").replaceChildren(...resultNodes(state, prev));
}

function renderOver(state) {
  const over = state.status === "over" && (state.game || state.stopped);
  const banner = $("over-banner");
  banner.hidden = !over;
  if (!over) return;
  // A game stopped by its event (time called) has no result of its own: the event scores its finished hands.
  const text = state.stopped ? "The game was stopped: " + state.stopped : resultText(state);
  $("result").replaceChildren(...(state.stopped ? [text] : gameResultNodes(state)));
  $("over-result").replaceChildren(...(state.stopped ? ["The game was stopped"] : gameResultNodes(state)));
  // The hand that ended the game, in full (its maker, tricks and claims), as any hand's result is shown.
  const last = state.game && state.game.previous;
  const full = !state.stopped && last && last.result;
  $("over-hand").replaceChildren(...(full ? [el("h4", { class: "over-hand-h", text: "Last hand (hand " + last.hand_number + ")" }),
    ...resultNodes(state, last)] : []));
  $("over-hand").hidden = !full;
  const control = canControl(state) && !state.stopped;
  const host = hostTitle(state);
  $("rematch").hidden = !control;
  $("rematch").disabled = session.offline;
  $("again-text").textContent = state.stopped ? state.stopped.charAt(0).toUpperCase() + state.stopped.slice(1) + "." : control ? "" : host ? "The host (" + host + ") may start another game at this table."
    : "A player at the table may start another game.";
  if (state.records) {
    $("record-json").href = state.records.json;
    $("record-egn").href = state.records.egn;
  }
}

function renderHistory(state) {
  const box = $("history");
  box.replaceChildren();
  const rows = state.history || [];
  const number = state.game_number || 1;
  if (!rows.length) {
    box.append(el("p", { class: "about", text: state.game ? "No hand finished yet in this game." : "The game has not started." }));
  } else {
    const sides = state.shape.sides.map((_, i) => sideShort(state, i));
    const heads = ["Hand", "Dealer", "Maker", "Trump", "Alone", "Result", "Points", "Score after"];
    // On a phone each hand's row is laid out as a block of labelled cells (style.css):
    // the roles keep it a table for screen readers, whatever its display.
    const cell = (i, attrs, text) => el("td", { role: "cell", "data-label": heads[i], ...attrs, text: text });
    const table = el("table", { class: "history-table", role: "table" },
      el("caption", { text: "Game " + number + ": the score after every hand" }),
      el("thead", { role: "rowgroup" }, el("tr", { role: "row" }, ...heads
        .map((h) => el("th", { scope: "col", role: "columnheader", text: h })))),
      el("tbody", { role: "rowgroup" }, ...rows.map((h) => el("tr", { role: "row" },
        el("th", { scope: "row", role: "rowheader", "data-label": "Hand", text: String(h.hand) }),
        cell(1, {}, TITLES[h.dealer] || h.dealer),
        cell(2, {}, h.maker ? TITLES[h.maker] : "–"),
        cell(3, { class: h.trump && isRed(h.trump) ? "red" : "" }, h.trump ? (h.trump === "NT" ? "no trump" : SUIT_SYMBOL[h.trump] + " " + SUIT_WORD[h.trump]) : "–"),
        cell(4, {}, h.alone ? TITLES[h.alone] : "–"),
        cell(5, {}, h.label),
        cell(6, {}, h.points.map((p, i) => [p, i]).filter(([p]) => p).map(([p, i]) => sides[i] + ": " + p).join(", ") || "none"),
        cell(7, {}, h.score.map((s, i) => sides[i] + ": " + s).join(", "))))));
    box.append(table);
  }
  const games = $("games");
  // The games finished at this table before the one shown (the one just over has its
  // own links in "Game over" and on the table).
  const earlier = (state.games || []).filter((g) => !(state.status === "over" && g.game === state.game_number));
  games.replaceChildren(...earlier.map((g) => el("li", {}, "Game " + g.game + ": ",
    el("button", { type: "button", class: "link-button", onclick: () => openReplay(g.replay, g.game), text: "Replay game " + g.game }),
    " · download its record: ", el("a", { href: g.json, download: true, text: "game " + g.game + " record" }), " · ",
    el("a", { href: g.egn, download: true, text: "game " + g.game + " notation" }))));
}

function houseWords(title) {
  const rules = session.options ? session.options.house_rules : [];
  const found = rules.find((r) => r.title === title);
  return found ? found.title + ": " + found.sentence : title + ".";
}

function renderRules(state) {
  const presetInfo = session.options && state.preset ? session.options.presets.find((p) => p.name === state.preset) : null;
  const house = state.house_rules || [];
  // The points to win come with the game; before the start, the creator's page knows
  // them from the table's creation.
  const invites = state.game ? null : loadInvites(state.table);
  const target = state.game ? state.game.target : invites && invites.target ? invites.target : null;
  const words = presetWords(presetInfo || (state.preset ? { name: state.preset, description: "" } : null));
  $("rules-line").textContent = "Rules: " + (state.preset || "set option by option") + ". " + words +
    (target && presetInfo && presetInfo.target !== target ? " This table plays to " + target + " points." : "") +
    (house.length ? " House rules on: " + house.join("; ") + "." : " No house rules on.");
  const items = [words];
  const own = presetInfo ? presetInfo.target : null;
  if (state.game && state.game.round_hands) {
    items.push("A round of " + state.game.round_hands + " hands; the highest score wins.");
  } else if (target) {
    // Where every player plays for himself (two-handed, cutthroat, call-ace) there is no side.
    const who = state.shape && state.shape.sides.some((sd) => sd.seats.length > 1) ? "side" : "player";
    items.push("The first " + who + " to " + target + " points wins the game" +
      (own && own !== target ? " (this table's choice; these rules' own game is to " + own + ")." : "."));
  } else if (presetInfo && state.preset_changed) {
    items.push("The points to win may differ from these rules' own: the score bar shows them once the game starts.");
  }
  for (const title of house) items.push(houseWords(title));
  if (presetInfo && session.options) {
    const on = new Set(house);
    const off = session.options.house_rules.filter((r) => r.key in presetInfo.house_rules && !on.has(r.title)).map((r) => r.title);
    // Semicolons between them: a title may hold a comma ("Ace, no face").
    if (off.length) items.push("Not played at this table: " + off.join("; ") + ".");
  }
  const s = state.settings;
  if (s) {
    items.push(s.timer ? "Each move has " + plural(s.timer, "second") + "; when a player's time runs out, a bot plays that move for him."
      : "No timer: everyone takes his time.");
    items.push(s.hints ? "Hints are on: at your turn, Hint gives the expert's value of each choice." : "Hints are off at this table.");
    if (s.host) items.push("The host, " + TITLES[s.host] + ", starts the game and may change the timer and hints.");
    if (s.organised) items.push("The event's organiser set the timer and hints of this table.");
    if (s.seeded) items.push("The creator chose the seed of the shuffle: he can know every hand.");
  }
  $("rules-words").replaceChildren(...items.map((t) => el("li", { text: t })));
  $("rules-sources").textContent = (presetInfo ? presetSources(presetInfo) + " " : "") +
    "The command “euchre rules " + (state.preset || "PRESET") + "” lists every option of these rules with its source.";
  if (state.status === "lobby" && !session.rulesOpened) {
    $("rules-details").open = true;  // before the start, everyone reads the rules
    session.rulesOpened = true;
  }
}

function renderSettings(state) {
  const s = state.settings;
  const control = canControl(state) && s && !s.organised;  // an event's organiser set its table's
  $("host-settings").hidden = !control;
  if (control) {
    const timer = $("set-timer");
    const value = String(Math.round(s.timer));
    if (![...timer.options].some((o) => o.value === value)) {
      timer.append(el("option", { value: value, text: plural(Number(value), "second") }));
    }
    if (document.activeElement !== timer) timer.value = value;
    timer.disabled = session.offline;
    $("set-hints").checked = s.hints;
    $("set-hints").disabled = session.offline;
  }
  const hold = $("hold");
  const ms = String(holdMs());
  if (![...hold.options].some((o) => o.value === ms)) hold.append(el("option", { value: ms, text: (Number(ms) / 1000) + " seconds" }));
  hold.value = ms;
  const resultHold = $("result-hold");
  const rms = String(resultHoldMs());
  if (![...resultHold.options].some((o) => o.value === rms)) {
    resultHold.append(el("option", { value: rms, text: (Number(rms) / 1000) + " seconds" }));
  }
  resultHold.value = rms;
}

// ---------------------------------------------------------------- the replay
function replayLayout(state) {
  return {
    seats: SEATS,
    title: (seat) => playerName(state, seat),
    position: (seat) => position(state, seat),
    sideName: (i) => sideShort(state, i),
  };
}

async function openReplay(url, number) {
  const panel = $("replay");
  panel.hidden = false;
  $("replay-h").textContent = "Replay of game " + number;
  $("replay-where").textContent = "Loading the replay…";
  $("replay-board").replaceChildren();
  let data;
  try {
    const response = await fetch(url);
    data = await response.json();
    if (!response.ok) throw new Error(data.error ? data.error.message : "status " + response.status);
  } catch (err) {
    $("replay-where").textContent = "The replay could not be loaded: " + err.message;
    return;
  }
  session.replay = new Replay(data, replayLayout(session.shown || session.state));
  session.replay.show();
  $("scoreboard").classList.add("replaying");  // at once: the observer's word comes a frame later
  panel.scrollIntoView({ block: "start" });
  $("replay-forward").focus();
}

function closeReplay() {
  session.replay = null;
  $("replay").hidden = true;
  $("scoreboard").classList.remove("replaying");
}

// ---------------------------------------------------------------- keys and forms
document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
  const replay = session.replay;
  if (replay && !$("replay").hidden) {
    const keys = { ArrowRight: () => replay.move(1), ArrowLeft: () => replay.move(-1), PageDown: () => replay.jumpHand(1),
      PageUp: () => replay.jumpHand(-1), Home: () => replay.first(), End: () => replay.last() };
    if (keys[event.key]) {
      keys[event.key]();
      event.preventDefault();
      return;
    }
  }
  const state = session.shown;
  if (!state || !state.game || session.holding || session.result) return;
  const n = parseInt(event.key, 10);
  if (n >= 1 && n <= 9) {
    const card = state.game.hand.cards[n - 1];
    const legal = card ? legalFor(state, card.code) : undefined;
    if (legal) { act(legal.action); event.preventDefault(); }
  }
});

function setUpTable() {
  $("start").addEventListener("click", () => send({ type: "start" }));
  $("rematch").addEventListener("click", () => send({ type: "rematch" }));
  $("take-button").addEventListener("click", () => send({ type: "take_seat" }));
  $("replay-open").addEventListener("click", () => {
    const state = session.shown;
    const games = state && state.games ? state.games : [];
    const last = games[games.length - 1];
    if (last) openReplay(last.replay, last.game);
  });
  $("replay-forward").addEventListener("click", () => session.replay && session.replay.move(1));
  $("replay-back").addEventListener("click", () => session.replay && session.replay.move(-1));
  $("replay-next-hand").addEventListener("click", () => session.replay && session.replay.jumpHand(1));
  $("replay-prev-hand").addEventListener("click", () => session.replay && session.replay.jumpHand(-1));
  $("replay-first").addEventListener("click", () => session.replay && session.replay.first());
  $("replay-last").addEventListener("click", () => session.replay && session.replay.last());
  $("replay-close").addEventListener("click", closeReplay);
  $("set-timer").addEventListener("change", () => send({ type: "settings", timer: parseInt($("set-timer").value, 10) || 0 }));
  $("set-hints").addEventListener("change", () => send({ type: "settings", hints: $("set-hints").checked }));
  $("hold").addEventListener("change", () => {
    try { localStorage.setItem(HOLD_KEY, $("hold").value); } catch (err) { /* storage off */ }
  });
  $("result-hold").addEventListener("change", () => {
    try { localStorage.setItem(RESULT_HOLD_KEY, $("result-hold").value); } catch (err) { /* storage off */ }
  });
  $("result-next").addEventListener("click", goOn);
  // The turn came while the player typed (see turnIntoView): the table comes when he
  // leaves the field for something outside its form, if it is still his turn; not when
  // he leaves it by pressing on something (a card): scrolling under his press would move
  // the card away before the click (a person's first click after chatting was lost).
  let pressing = false;
  document.addEventListener("pointerdown", () => { pressing = true; }, true);
  document.addEventListener("pointerup", () => { pressing = false; }, true);
  document.addEventListener("pointercancel", () => { pressing = false; }, true);
  document.addEventListener("focusout", (event) => {
    if (!session.turnScroll || !typingIn(event.target)) return;
    if (pressing) { session.turnScroll = false; return; }
    const form = event.target.closest("form");
    if (event.relatedTarget && form && form.contains(event.relatedTarget)) return;
    if (session.myTurn) bringTable();
  });
  // The score bar stays at the top of the window: what the page scrolls to lies below it.
  new ResizeObserver(() => {
    document.documentElement.style.setProperty("--board-h", $("scoreboard").offsetHeight + "px");
  }).observe($("scoreboard"));
  // While the replay is in the window the live score bar scrolls away with the page: it
  // shows the game as it is now, the replay its own score at its step (replay.js).
  new IntersectionObserver((entries) => {
    for (const entry of entries) $("scoreboard").classList.toggle("replaying", entry.isIntersecting);
  }).observe($("replay"));
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
  // The house rules' sentences for the rules in plain words (the table works without them).
  fetchOptions().then((options) => {
    session.options = options;
    if (session.shown) renderRules(session.shown);
  }).catch(() => {});
  connect();
  watchConnection();
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
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();
