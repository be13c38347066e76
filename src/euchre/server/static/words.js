// The page's own words: what each phase is called, each preset in one plain sentence
// (the server's descriptions name their sources, which players do not need to read:
// those stay one click away, under "Sources"), and the seats of each preset's table
// for the create form.

export const PHASES = {
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
export const PLAY_PHASES = ["play", "revoke_correction", "call_card", "revoke_claims"];
// The questions of the laws, which the expert's hint does not value.
export const LAW_PHASES = ["revoke_correction", "call_card"];

const CALL_ACE = (n) => "Call-ace euchre for " + n + " players, each for himself: the maker calls the best card of a " +
  "suit, and whoever holds it is his secret partner for the hand.";

export const PRESET_WORDS = {
  "modern-standard": "The North American home game as most people play it today: 24 cards, nine to ace.",
  "modern-tournament": "North American club and tournament play: 24 cards; when everyone passes twice, the dealer " +
    "must name trump.",
  "uspcc-official": "The official rules of the U.S. Playing Card Company: 32 cards, seven to ace.",
  "dc-club-1862": "The laws of the Washington D.C. Euchre Club of 1862: 32 cards, the score kept with counters.",
  "dc-club-1862-coteries": "The D.C. club's laws of 1862 with a custom of some clubs that the club itself " +
    "disapproved: a defender may play alone against a lone hand.",
  "hoyle-1857": "The game as Hoyle's Games described it in 1857: 32 cards.",
  "casual-web-003": "The rules of a modern rules web page: 32 cards; all five tricks score 3 points.",
  "openspiel": "The rules of OpenSpiel's euchre (a research library's game), for comparison: 24 cards; when " +
    "everyone passes twice, the dealer must name trump.",
  "british-benny": "British euchre: 24 cards and the benny, a joker that is always the highest trump.",
  "modern-canadian": "The modern home game with the Canadian loner: the dealer's partner who orders the dealer up " +
    "must play alone.",
  "railroad": "Railroad euchre: 32 cards and the joker; a defender may play alone, and a lone player gets his " +
    "partner's best card.",
  "two-handed": "Two-handed euchre: two players, each for himself, 32 cards.",
  "cutthroat-3": "Three-handed cut-throat euchre: the maker plays alone against the other two.",
  "call-ace-4": CALL_ACE(4),
  "call-ace-5": CALL_ACE(5),
  "call-ace-6": CALL_ACE(6),
  "progressive-party": "One table's round of a progressive euchre party: eight hands, each player scoring his " +
    "side's points.",
};

// Source tags as the rules texts write them: S000-S003 (with a line, "S000 L179"),
// X-08, X-15b, #interp, RULES.md decisions.
export const SOURCE_TAG = /\b(S\d{3}(\s+L\d+)?|X-\d+[a-z]?)\b|#interp\w*|RULES\.md( decision \d+)?/g;

// A description with its sources taken out (for a preset the page has no words of its own for).
export function withoutSources(text) {
  return text.replace(SOURCE_TAG, "").replace(/\(\s*(seed\s*)?[\s,;]*\)/g, "").replace(/\s+([.,;:])/g, "$1")
    .replace(/[,;:]\s*(?=[.)]|$)/g, "").replace(/\s{2,}/g, " ").trim();
}

export function presetWords(preset) {
  if (!preset) return "Rules set option by option.";
  return PRESET_WORDS[preset.name] || withoutSources(preset.description || preset.name);
}

// The seats of a preset's table (letters and titles): the create form's "Your seat".
// The table's own shape comes with every state; /api/options does not say it, so the
// form knows the presets' tables here (four seats N, E, S, W unless listed).
const NUMBERED = { "two-handed": 2, "cutthroat-3": 3, "call-ace-4": 4, "call-ace-5": 5, "call-ace-6": 6 };

export function presetSeats(preset) {
  if (preset && Array.isArray(preset.seats)) {
    return preset.seats.map((s, i) => [s, preset.titles ? preset.titles[s] || s : "Seat " + (i + 1)]);
  }
  const n = preset ? NUMBERED[preset.name] : undefined;
  if (n) return Array.from({ length: n }, (_, i) => [String(i + 1), "Player " + (i + 1)]);
  return [["N", "North"], ["E", "East"], ["S", "South"], ["W", "West"]];
}

