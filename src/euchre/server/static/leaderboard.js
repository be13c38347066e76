// The leaderboard of a preset (/leaderboard#PRESET).
import { api, el, grid } from './web.js';

const $ = (id) => document.getElementById(id);

async function show(preset) {
  const data = await api(`/api/leaderboard?preset=${encodeURIComponent(preset)}`);
  $('board').replaceChildren(data.rows.length ? grid([
    { title: 'Rank', value: (r) => data.rows.indexOf(r) + 1 },
    { title: 'Player', name: true, value: (r) => (r.page ? el('a', { href: r.page }, r.name) : el('span', { class: 'bot' }, r.name)) },
    { title: 'Rating', value: (r) => r.rating.toFixed(2) }, { title: 'mu', value: (r) => r.mu.toFixed(2) },
    { title: 'sigma', value: (r) => r.sigma.toFixed(2) }, { title: 'Games', value: (r) => r.games },
  ], data.rows, (r) => (r.you ? 'you' : '')) : el('p', { class: 'about' }, 'Nobody is rated under these rules yet.'));
}

async function start() {
  try {
    const { presets } = await api('/api/leaderboard');
    const wanted = decodeURIComponent(location.hash.slice(1));
    const list = presets.length ? presets : ['modern-standard'];
    for (const p of list) $('preset').append(el('option', { value: p, selected: p === wanted }, p));
    $('preset').addEventListener('change', () => { location.hash = $('preset').value; show($('preset').value); });
    await show($('preset').value);
  } catch (e) {
    $('error').textContent = e.message;
  }
}

start();
