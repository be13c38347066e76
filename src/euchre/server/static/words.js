// The page's own words: what each phase is called, a preset's plain description (its
// sources stay one click away, under "Sources"), and the seats of each preset's table
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

// Source tags as the rules texts write them: S000-S003 (with a line, "S000 L179"),
// X-08, X-15b, #interp, RULES.md decisions.
export const SOURCE_TAG = /\b(S\d{3}(\s+L\d+)?|X-\d+[a-z]?)\b|#interp\w*|RULES\.md( decision \d+)?/g;

// A description with its sources taken out (for a preset the page has no words of its own for).
export function withoutSources(text) {
  return text.replace(SOURCE_TAG, "").replace(/\(\s*(seed\s*)?[\s,;]*\)/g, "").replace(/\s+([.,;:])/g, "$1")
    .replace(/[,;:]\s*(?=[.)]|$)/g, "").replace(/\s{2,}/g, " ").trim();
}

// A preset in one plain sentence: the server's description (its sourced one comes as
// "sources", for the "Sources" detail); a tag that slipped in is taken out.
export function presetWords(preset) {
  if (!preset) return "Rules set option by option.";
  return withoutSources(preset.description || preset.name);
}

// The preset's description with its sources, shown one click away.
export function presetSources(preset) {
  return preset ? preset.sources || preset.description || "" : "";
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

