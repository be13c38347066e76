// Small helpers to build the page's elements (text only: no HTML is ever built from
// what the server sends) and the look of a playing card.

export const $ = (id) => document.getElementById(id);

export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
export const SUIT_WORD = { C: "clubs", D: "diamonds", H: "hearts", S: "spades", NT: "no trump" };

export function isRed(suit) {
  return suit === "D" || suit === "H";
}

// The rank and the suit symbol of a card's short text ("J♥", "10♦", "2♠" for the benny;
// "Joker" for the joker): only how it is drawn, nothing about what it is worth.
function faceParts(card) {
  const last = card.short.slice(-1);
  if (Object.values(SUIT_SYMBOL).includes(last)) return [card.short.slice(0, -1), last];
  return [card.short, "★"];
}

// The face of a card, for the eye only (the element that holds it carries the name).
export function cardFace(card) {
  const [rank, suit] = faceParts(card);
  return [
    el("span", { class: "corner", "aria-hidden": "true" }, el("span", { class: "rank", text: rank }),
      el("span", { class: "pip", text: suit })),
    el("span", { class: "big", "aria-hidden": "true", text: card.code === "JK" && card.short === "Joker" ? "★" : suit }),
  ];
}

// A card shown (not a control): face up, named in words for screen readers.
export function cardNode(card, options) {
  const opts = options || {};
  const cls = ["card", opts.size || "small", card.suit === "J" ? "joker" : isRed(card.suit) ? "red" : "black"];
  if (opts.extraClass) cls.push(opts.extraClass);
  return el("span", { class: cls.join(" "), role: "img", "aria-label": opts.label || card.name, title: opts.title || null,
    "data-code": card.code }, ...cardFace(card));
}

// A card face down (its back), named as such.
export function cardBack(label, size) {
  return el("span", { class: "card back " + (size || "small"), role: "img", "aria-label": label || "a card face down" },
    el("span", { class: "big", "aria-hidden": "true", text: "" }));
}

export function plural(n, word, many) {
  return n + " " + (n === 1 ? word : many || word + "s");
}

