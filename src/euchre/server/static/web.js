// Small helpers shared by the event, account and rating pages (no framework, no build).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export async function api(path, { method = 'GET', body, headers = {} } = {}) {
  const init = { method, headers: { ...headers }, credentials: 'same-origin' };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const message = data && data.error ? data.error.message : `the server answered ${response.status}`;
    const error = new Error(message);
    error.code = data && data.error ? data.error.code : String(response.status);
    throw error;
  }
  return data;
}

export function absolute(link) {
  return link.startsWith('/') ? `${location.origin}${link}` : link;
}

export function grid(columns, rows, rowClass = () => '') {
  const head = el('tr', {}, columns.map((c) => el('th', { scope: 'col', class: c.name ? 'name' : '' }, c.title)));
  const body = rows.map((row) => el('tr', { class: rowClass(row) },
    columns.map((c) => el('td', { class: c.name ? 'name' : '' }, c.value(row)))));
  return el('table', { class: 'grid' }, el('thead', {}, head), el('tbody', {}, body));
}

export function standingsTable(view) {
  if (view.format === 'progressive') {
    const rounds = Array.from({ length: view.rounds }, (_, i) => ({
      title: `R${i + 1}`, value: (s) => (s.rounds[i] === null ? '' : s.rounds[i]) }));
    return grid([
      { title: 'Rank', value: (s) => s.rank },
      { title: 'Player', name: true, value: (s) => s.name },
      { title: 'Total', value: (s) => s.total },
      ...rounds,
      { title: 'Won', value: (s) => s.rounds_won },
      { title: 'Lone', value: (s) => s.lone_hands },
    ], view.standings);
  }
  return grid([
    { title: 'Rank', value: (t) => t.rank },
    { title: 'Team', name: true, value: (t) => t.name },
    { title: 'Played', value: (t) => t.played },
    { title: 'Won', value: (t) => t.won },
    { title: 'Tied', value: (t) => t.tied },
    { title: 'Lost', value: (t) => t.lost },
    { title: 'Points', value: (t) => t.match_points },
    { title: 'For', value: (t) => t.points_for },
    { title: 'Against', value: (t) => t.points_against },
    { title: 'Status', name: true, value: (t) => t.status },
  ], view.standings);
}

export function bracketView(view) {
  const rounds = new Map();
  for (const m of view.bracket) {
    if (!rounds.has(m.round)) rounds.set(m.round, []);
    rounds.get(m.round).push(m);
  }
  return el('div', { class: 'bracket', 'aria-label': 'Bracket' }, [...rounds.entries()].map(([name, matches]) =>
    el('section', {}, el('h3', {}, name), matches.map((m) => el('div', { class: 'match', 'data-match': m.id },
      el('div', { class: 'about' }, m.id),
      [0, 1].map((i) => el('div', { class: m.winner && m.teams[i] === m.winner ? 'winner' : '' },
        m.teams[i] === null ? '…' : m.teams[i], m.score ? `  ${m.score[i]}` : '')))))));
}

export function roundLine(view) {
  if (view.format === 'progressive' || view.format === 'round_robin' || view.format === 'swiss') {
    return view.round ? `Round ${view.round} of ${view.rounds}` : 'No round seated yet';
  }
  return 'Bracket';
}

export function timerText(view, now) {
  if (!view.round_ends) return '';
  const left = Math.max(0, Math.round(view.round_ends - now));
  const m = Math.floor(left / 60);
  const s = String(left % 60).padStart(2, '0');
  return left ? `Time left in the round: ${m}:${s}`
    : 'Time! At real cards, finish the hand being played; online tables have stopped (their hand in play is not scored).';
}
