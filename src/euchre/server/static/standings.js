// The public standings page, for a projector: large type, refreshed every few seconds
// from /api/standings/TOKEN (the token after '#').
import { bracketView, el, roundLine, standingsTable, timerText } from './web.js';

const $ = (id) => document.getElementById(id);
const token = location.hash.slice(1);
const REFRESH_MS = 3000;
let view = null;
let clockOffset = 0;

function tableCard(t) {
  const r = t.result;
  let text = 'playing';
  if (r && r.totals) text = `${r.winner} win: ${t.seats.map((s, i) => `${s.name} ${r.totals[i]}`).join(', ')}`;
  else if (r) text = `${r.score[0]}–${r.score[1]}`;
  return el('article', { class: 'card', 'data-key': t.key },
    el('h3', {}, t.label, t.teams ? `: ${t.teams[0]} v ${t.teams[1]}` : ''),
    el('p', {}, t.seats.map((s) => `${s.seat} ${s.name}`).join(' · ')),
    el('p', { class: r ? 'done' : 'about' }, text));
}

function render(data) {
  view = data;
  clockOffset = data.now - Date.now() / 1000;
  document.title = `${data.title}: standings`;
  $('title').textContent = data.title;
  $('round').textContent = data.is_over ? 'Final standings' : roundLine(data);
  $('standings').replaceChildren(standingsTable(data));
  $('tables-section').hidden = !data.tables.length;
  $('tables').replaceChildren(...data.tables.map(tableCard));
  $('bracket-section').hidden = !data.bracket.length;
  if (data.bracket.length) $('bracket').replaceChildren(bracketView(data));
  $('updated').textContent = `Last: ${new Date().toLocaleTimeString()}.`;
  document.body.dataset.results = String(data.results.length);
  tick();
}

function tick() {
  if (view) $('timer').textContent = timerText(view, Date.now() / 1000 + clockOffset);
}

async function refresh() {
  try {
    const response = await fetch(`/api/standings/${encodeURIComponent(token)}`);
    const data = await response.json();
    if (!response.ok) throw new Error(data.error ? data.error.message : String(response.status));
    $('error').textContent = '';
    render(data);
  } catch (e) {
    $('error').textContent = e.message;
  }
}

refresh();
setInterval(refresh, REFRESH_MS);
setInterval(tick, 1000);
