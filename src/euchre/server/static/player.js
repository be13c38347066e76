// A player's page (/player#ACCOUNT_ID): shown to the player logged in, or to anyone
// when he made it public.
import { el, grid } from './web.js';

const $ = (id) => document.getElementById(id);
const id = location.hash.slice(1);

function pct(x) { return x === null ? '—' : `${Math.round(x * 100)}%`; }

async function load() {
  const response = await fetch(`/api/players/${encodeURIComponent(id)}`, { credentials: 'same-origin' });
  const data = await response.json();
  if (!response.ok) {
    $('error').textContent = data.error ? data.error.message : String(response.status);
    return;
  }
  document.title = `Euchre: ${data.player.name}`;
  $('title').textContent = data.player.name;
  $('summary').hidden = false;
  $('totals').replaceChildren(grid([
    { title: 'Games', value: (d) => d.games }, { title: 'Won', value: (d) => d.wins },
    { title: 'Hands', value: (d) => d.hands }, { title: 'Points a hand', value: (d) => d.points_per_hand ?? '—' },
    { title: 'Calls', value: (d) => d.calls }, { title: 'Made', value: (d) => pct(d.made_share) },
    { title: 'Euchred', value: (d) => d.euchred }, { title: 'Euchres', value: (d) => d.euchres },
    { title: 'Lone hands', value: (d) => d.lone }, { title: 'Lone made', value: (d) => d.lone_made },
  ], [data]));
  $('ratings').replaceChildren(data.ratings.length ? grid([
    { title: 'Rules', name: true, value: (r) => r.preset }, { title: 'Rating', value: (r) => r.rating.toFixed(2) },
    { title: 'mu', value: (r) => r.mu.toFixed(2) }, { title: 'sigma', value: (r) => r.sigma.toFixed(2) },
    { title: 'Rated games', value: (r) => r.games },
  ], data.ratings) : el('p', { class: 'about' }, 'No rated game yet.'));
  $('plots').replaceChildren(...Object.entries(data.plots).map(([preset, src]) =>
    el('figure', {}, el('img', { src, alt: `Rating over time, ${preset}`, width: 640, height: 360 }), el('figcaption', {}, preset))));
  $('games').replaceChildren(data.finished.length ? grid([
    { title: 'When', name: true, value: (g) => new Date(g.finished_at * 1000).toLocaleString() },
    { title: 'Rules', name: true, value: (g) => g.preset ?? 'custom' },
    { title: 'Event', name: true, value: (g) => g.event ?? '—' },
    { title: 'Score', value: (g) => g.score.join('–') }, { title: 'Result', value: (g) => (g.won ? 'won' : 'lost') },
    { title: 'Rated', value: (g) => (g.rated ? 'yes' : 'no') },
    { title: 'Replay', value: (g) => el('span', {}, el('a', { href: g.replay }, 'replay'), ' ', el('a', { href: g.record }, 'record')) },
  ], data.finished) : el('p', { class: 'about' }, 'No finished game yet.'));
}

load();
