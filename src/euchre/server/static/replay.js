// The face-up replay of a finished game (GET replay.json): every step of every hand,
// every seat's cards shown, stepped forward and back by buttons and keys. The steps and
// the cards are the server's (computed by the core); this only shows them.

import { $, el, cardNode, SUIT_SYMBOL, SUIT_WORD } from "./dom.js";

export class Replay {
  // layout: {seats: [letters], title(seat), name(seat), position(seat), sideName(i)}
  constructor(data, layout, game) {
    this.data = data;
    this.layout = layout;
    this.game = game;
    this.hand = 0;
    this.step = -1;  // -1: the deal, before the first call
  }

  get hands() { return this.data.hands; }

  steps() { return this.hands.length ? this.hands[this.hand].steps : []; }

  move(delta) {
    let { hand, step } = this;
    if (delta > 0) {
      if (step < this.steps().length - 1) step += 1;
      else if (hand < this.hands.length - 1) { hand += 1; step = -1; }
    } else if (step > -1) step -= 1;
    else if (hand > 0) { hand -= 1; step = this.hands[hand].steps.length - 1; }
    this.hand = hand;
    this.step = step;
    this.show();
  }

  jumpHand(delta) {
    const target = Math.max(0, Math.min(this.hands.length - 1, this.hand + delta));
    // Back from the middle of a hand goes to its deal first.
    this.hand = delta < 0 && this.step > -1 ? this.hand : target;
    this.step = -1;
    this.show();
  }

  first() { this.hand = 0; this.step = -1; this.show(); }

  last() {
    this.hand = Math.max(0, this.hands.length - 1);
    this.step = this.steps().length - 1;
    this.show();
  }

  atStart() { return this.hand === 0 && this.step === -1; }

  // The score at the step shown (one entry per side): the score before the hand, and
  // after it from its last step on (the hand over and scored).
  scoreNow() {
    const h = this.hands[this.hand];
    return this.step === h.steps.length - 1 && h.result ? h.result.score : h.score_before;
  }

  atEnd() { return this.hand >= this.hands.length - 1 && this.step >= this.steps().length - 1; }

  describe() {
    const L = this.layout;
    if (!this.hands.length) return "No hand was played.";
    const h = this.hands[this.hand];
    const head = "Hand " + h.hand + " of " + this.hands.length;
    if (this.step === -1) {
      const score = h.score_before.map((s, i) => L.sideName(i) + ": " + s).join(", ");
      return head + ", the deal: " + L.title(h.dealer) + " deals; the upcard is " + h.upcard.short + ". Score: " + score + ".";
    }
    const s = h.steps[this.step];
    let text;
    if (s.action && s.action.startsWith("play-")) {
      const played = s.trick.find((t) => t.seat === s.seat);
      text = L.title(s.seat) + " plays " + (played ? played.card.short : s.action.slice(5)) + ".";
    } else {
      text = L.title(s.seat) + ": " + (s.words || s.action);
    }
    let tail = "";
    if (this.step === h.steps.length - 1 && h.result) {
      const scored = h.result.points.map((p, i) => [p, i]).filter(([p]) => p > 0)
        .map(([p, i]) => L.sideName(i) + " +" + p).join(", ");
      tail = " Hand over: " + h.result.label + (scored ? "; points to " + scored : "") + ". Score: " +
        h.result.score.map((v, i) => L.sideName(i) + ": " + v).join(", ") + ".";
    }
    return head + ", step " + (this.step + 1) + " of " + h.steps.length + ": " + text + tail;
  }

  show() {
    const L = this.layout;
    const where = $("replay-where");
    where.textContent = this.describe();
    const box = $("replay");
    box.dataset.hand = String(this.hand + 1);
    box.dataset.step = String(this.step + 1);
    $("replay-first").disabled = $("replay-back").disabled = $("replay-prev-hand").disabled = this.atStart();
    $("replay-last").disabled = $("replay-forward").disabled = this.atEnd();
    $("replay-next-hand").disabled = this.hand >= this.hands.length - 1;
    const board = $("replay-board");
    board.replaceChildren();
    $("replay-score").textContent = "";
    if (!this.hands.length) return;
    // The replay's own score (the live score bar shows the game as it is now).
    $("replay-score").textContent = "Replay, hand " + this.hands[this.hand].hand + ": score " +
      this.scoreNow().map((v, i) => L.sideName(i) + ": " + v).join(", ");
    const h = this.hands[this.hand];
    const s = this.step >= 0 ? h.steps[this.step] : null;
    const cards = s ? s.cards : h.start;
    const trick = s ? s.trick : [];
    const trump = s ? s.trump : null;
    const felt = el("div", { class: "felt replay-felt", "data-seats": String(L.seats.length) });
    const centre = el("div", { class: "centre" });
    const slots = el("div", { class: "trick", role: "group", "aria-label": "The trick" });
    const mid = el("div", { class: "slot slot-mid" });
    if (this.step === -1) mid.append(cardNode(h.upcard, { size: "trick", label: "Upcard: " + h.upcard.name }));
    else if (trump) {
      mid.append(el("span", { class: "trump-mark" + (trump === "D" || trump === "H" ? " red" : ""),
        text: trump === "NT" ? "NT" : SUIT_SYMBOL[trump], "aria-label": "Trump: " + SUIT_WORD[trump], role: "img" }));
    }
    slots.append(mid);
    for (const t of trick) {
      const pos = L.position(t.seat);
      slots.append(el("div", { class: "slot slot-" + pos },
        el("div", { class: "played" }, cardNode(t.card, { size: "trick", label: t.card.name + ", played by " + L.title(t.seat) }))));
    }
    centre.append(slots);
    felt.append(centre);
    for (const seat of L.seats) {
      const mine = cards[seat] || [];
      const acting = s && s.seat === seat;
      felt.append(el("div", { class: "seat pos-" + L.position(seat) + (acting ? " to-act" : ""), "data-seat": seat },
        el("div", { class: "name", text: L.title(seat) + (h.dealer === seat ? " · dealer" : "") }),
        el("div", { class: "replay-cards", role: "group", "aria-label": L.title(seat) + "'s cards" },
          ...(mine.length ? mine.map((c) => cardNode(c, { size: "mini" })) : [el("span", { class: "about", text: "no cards" })]))));
    }
    board.append(felt);
    if (s) {
      board.append(el("p", { class: "about", text: "Tricks: " + s.tricks_won.map((n, i) => L.sideName(i) + ": " + n).join(", ") +
        (trump ? ". Trump: " + SUIT_WORD[trump] + "." : ".") }));
    }
  }
}
