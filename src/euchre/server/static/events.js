// The organiser's page: the form that creates an event, then the event of the organiser
// token in the address after '#' (never sent to the server in the address: it goes in
// the X-Organiser header of each request).
import { absolute, api, bracketView, el, roundLine, standingsTable, timerText } from './web.js';

const $ = (id) => document.getElementById(id);
const token = location.hash.slice(1);
let options = null;
let view = null;
let clockOffset = 0;

function names(text) {
  return text.split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
}

async function setupForm() {
  // The form is shown only once its handler is on: a click before would submit it as a
  // plain form and reload the page (test_regression_a_form_was_shown_before_its_handler).
  try {
    options = await api('/api/events/options');
  } catch (e) {
    $('load-error').textContent = `The server did not answer: ${e.message}`;
    return;
  }
  for (const f of options.formats) $('ev-format').append(el('option', { value: f }, f.replace(/_/g, ' ')));
  for (const m of options.movements) $('ev-movement').append(el('option', { value: m }, m.replace(/_/g, ' ')));
  for (const p of options.presets) $('ev-preset').append(el('option', { value: p.name }, `${p.name}: ${p.description}`));
  for (const b of options.bots) $('ev-level').append(el('option', { value: b, selected: b === 'intermediate' }, b));
  $('ev-format').addEventListener('change', () => {
    const progressive = $('ev-format').value === 'progressive';
    $('ev-preset').value = progressive ? 'progressive-party' : 'modern-tournament';
    $('ev-movement').disabled = !progressive;
    $('ev-seating').disabled = !progressive;
    presetChanged();
  });
  $('ev-preset').addEventListener('change', presetChanged);
  $('ev-preset').value = 'progressive-party';
  presetChanged();
  $('create-form').addEventListener('submit', create);
  $('create').hidden = false;
}

function presetChanged() {
  const p = options.presets.find((x) => x.name === $('ev-preset').value);
  $('ev-target').value = p.target === null ? '' : p.target;
  $('ev-target').disabled = p.target === null;
  $('ev-hands').value = p.hands === null ? '' : p.hands;
  $('ev-house').replaceChildren(...options.house_rules.filter((h) => h.key in p.house_rules).map((h) =>
    el('li', {}, el('label', {}, el('input', { type: 'checkbox', 'data-key': h.key, checked: p.house_rules[h.key] }),
      ` ${h.title}`), el('span', { class: 'about' }, ` ${h.sentence}`))));
}

function number(id) {
  const v = $(id).value.trim();
  return v === '' || $(id).disabled ? null : Number(v);
}

async function create(event) {
  event.preventDefault();
  $('create-error').textContent = '';
  const body = {
    title: $('ev-title').value, format: $('ev-format').value, players: names($('ev-players').value),
    bots: names($('ev-bots').value), bot_level: $('ev-level').value, preset: $('ev-preset').value,
    duplicate: $('ev-duplicate').checked,
    house_rules: Object.fromEntries([...document.querySelectorAll('#ev-house input')].map((i) => [i.dataset.key, i.checked])),
  };
  const put = (key, value) => { if (value !== null) body[key] = value; };
  put('tables', number('ev-tables'));
  put('rounds', number('ev-rounds'));
  put('seed', number('ev-seed'));
  put('lone_euchred', number('ev-euchred'));
  if ($('ev-hints').value) body.hints = $('ev-hints').value === 'on';
  body.timer = Number($('ev-timer').value);
  if (body.format === 'progressive') {
    body.movement = $('ev-movement').value;
    body.seating = $('ev-seating').value;
  } else put('target', number('ev-target'));
  const length = document.querySelector('input[name=length]:checked').value;
  if (length === 'minutes') put('minutes', number('ev-minutes'));
  else if (body.format === 'progressive') put('hands', number('ev-hands'));
  const loner = number('ev-march-loner');
  const partner = number('ev-march-partner');
  if (loner !== null || partner !== null) body.lone_march = [loner ?? 4, partner ?? 4];
  try {
    const made = await api('/api/events', { method: 'POST', body });
    location.hash = made.organiser;
    location.reload();
  } catch (e) {
    $('create-error').textContent = e.message;
  }
}

async function organiser(path = '/api/organiser', body) {
  return api(path, { method: body === undefined ? 'GET' : 'POST', body, headers: { 'x-organiser': token } });
}

async function act(action, body = {}) {
  $('action-error').textContent = '';
  try {
    render(await organiser(`/api/organiser/${action}`, body));
  } catch (e) {
    $('action-error').textContent = e.message;
  }
}

function seatLine(s, dealer) {
  return el('li', {}, `${s.seat} `, el('span', { class: s.bot ? 'bot' : '' }, s.name, s.bot ? ' (bot)' : ''),
    s.seat === dealer ? ' — deals first' : '');
}

function resultText(t) {
  const r = t.result;
  if (!r) return null;
  if (r.totals) {
    const how = r.decided_by === 'points' ? '' : r.decided_by === 'cut' ? ' (tie: the cut)' : ' (tie: the organiser)';
    return `${t.seats.map((s, i) => `${s.name} ${r.totals[i]}`).join(', ')}; ${r.winner} win${how} (${r.source})`;
  }
  const winner = r.winner === null ? 'a tie' : `${t.teams[r.winner]} win`;
  return `${r.score[0]}–${r.score[1]}: ${winner} (${r.source})`;
}

function entryForm(t) {
  const hands = el('textarea', { rows: 3, 'aria-label': `${t.label}: hands`, placeholder: 'N 3; E 5 alone; 1,0,1,0; X,2,X,2; 5*,0,4,0' });
  const score = el('input', { type: 'text', size: 7, 'aria-label': `${t.label}: score N-S–E-W`, placeholder: '7-5' });
  const winners = el('select', { 'aria-label': `${t.label}: winners of a tie` },
    el('option', { value: '' }, 'winners of a tie…'), el('option', { value: 'NS' }, 'N-S'), el('option', { value: 'EW' }, 'E-W'));
  const form = el('form', { class: 'entry', 'data-table': t.table },
    view.format === 'progressive' ? el('p', {}, el('label', {}, 'Hands, one per ";" (seat and tricks, or points N,E,S,W with * for the loner)'), hands) : null,
    el('p', { class: 'row' }, el('label', {}, 'or the score per side'), score, winners,
      el('button', { type: 'submit' }, 'Enter')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const body = { table: t.table };
    if (view.format === 'progressive' && view.round) body.round = view.round;  // refused if the round moved on
    if (hands.value.trim()) body.hands = hands.value;
    else body.score = score.value;
    if (winners.value) body.winners = winners.value;
    act('enter', body);
  });
  return form;
}

function tableCard(t) {
  const online = t.online;
  return el('article', { class: 'card', 'data-key': t.key, 'aria-label': t.label },
    el('h3', {}, t.label, t.teams ? `: ${t.teams[0]} v ${t.teams[1]}` : ''),
    el('ul', {}, t.seats.map((s) => seatLine(s, t.dealer))),
    t.result ? el('p', { class: 'done' }, resultText(t)) : null,
    online ? el('div', { class: 'links' },
      el('p', {}, `Online table ${online.table}: ${online.status || 'not loaded'}`),
      online.links ? el('ul', {}, t.seats.map((s) => el('li', {}, `${s.seat} ${s.name}: `,
        el('a', { href: absolute(online.links[s.seat]), target: '_blank', rel: 'noopener' }, absolute(online.links[s.seat])))),
        el('li', {}, 'Spectators: ', el('a', { href: absolute(online.links.spectator), target: '_blank', rel: 'noopener' }, 'watch'))) : null,
      t.open && online.status === 'lobby' ? el('button', { type: 'button', class: 'plain', onclick: () => act('start', { table: t.key }) },
        'Start now (bots in the empty seats)') : null) : null,
    t.open ? entryForm(t) : null);
}

function busyTyping() {
  const active = document.activeElement;
  if (active && $('tables').contains(active) && active.tagName !== 'BUTTON') return true;
  return [...$('tables').querySelectorAll('textarea, input')].some((i) => i.value.trim() !== '');
}

function render(data) {
  view = data;
  clockOffset = data.now - Date.now() / 1000;
  document.title = `${data.title}: organiser`;
  $('title').textContent = data.title;
  $('organiser').hidden = false;
  $('keep').textContent = 'Keep this page\'s address: it is your organiser link.';
  for (const [id, key] of [['link-organiser', 'organiser'], ['link-public', 'public']]) {
    $(id).href = absolute(data.links[key]);
    $(id).textContent = absolute(data.links[key]);
  }
  $('dl-csv').href = data.links.csv;
  $('dl-json').href = data.links.json;
  $('dl-pdf').href = data.links.pdf;
  const rules = [data.preset, data.minutes ? `${data.minutes} minute${data.minutes === 1 ? '' : 's'} a round`
    : data.hands ? `${data.hands} hands a round` : `games to ${data.target}`, data.duplicate ? 'duplicate deals' : null, ...data.house_rules, data.house_scoring || null];
  const timer = data.timer ? `${data.timer} seconds a move` : 'no timer';
  $('rules').textContent = `Rules: ${rules.filter(Boolean).join('; ')}. Bots: ${data.bot_level}. ` +
    `Online tables: hints ${data.hints ? 'on' : 'off'}, ${timer}.`;
  $('round-h').textContent = roundLine(data);
  $('btn-next').disabled = !data.can_next;
  const open = data.open.length;
  $('btn-online').disabled = !open;
  $('btn-bots').disabled = !open;
  $('btn-fill').disabled = !open;
  const label = (key) => (data.format === 'progressive' ? `table ${key}` : `match ${key}`);
  $('status').textContent = data.is_over ? 'The event is over.'
    : open ? `Waiting for ${open} result${open === 1 ? '' : 's'}: ${data.open.map(label).join(', ')}.`
      : data.can_next ? (data.round ? 'Every result is in: seat the next round.' : 'Seat the first round when everyone is here.') : '';
  $('tables').replaceChildren(...data.tables.map(tableCard));
  $('bracket-section').hidden = !data.bracket.length;
  if (data.bracket.length) $('bracket').replaceChildren(bracketView(data));
  $('standings').replaceChildren(standingsTable(data));
  tick();
}

function tick() {
  if (view) $('timer').textContent = timerText(view, Date.now() / 1000 + clockOffset);
}

async function refresh() {
  if (busyTyping()) return;
  try {
    render(await organiser());
  } catch (e) {
    $('load-error').textContent = e.message;
  }
}

async function start() {
  if (!token) {
    await setupForm();
    return;
  }
  $('btn-next').addEventListener('click', () => act('next'));
  $('btn-online').addEventListener('click', () => act('online'));
  $('btn-bots').addEventListener('click', () => act('play', { fill: false }));
  $('btn-fill').addEventListener('click', () => act('play', { fill: true }));
  try {
    render(await organiser());
  } catch (e) {
    $('load-error').textContent = `${e.message}. This link opens no event: check it, or create a new event at /events.`;
    return;
  }
  setInterval(refresh, 4000);
  setInterval(tick, 1000);
}

start();
