// The page of examples/serve: a lobby and a game view on the server's JSON
// API. No build step, no dependency. The server renders the board as SVG;
// this script maps clicks on elements that carry data-square or
// data-reserve to moves, using the legal moves the rules in the page give
// (rules.js), or the server's list where they did not load.
'use strict';

const $ = (sel, el = document) => el.querySelector(sel);
const SVGNS = 'http://www.w3.org/2000/svg';

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? '' : v);
  }
  for (const kid of kids) if (kid != null) e.append(kid);
  return e;
}

async function api(method, url, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(url, opts);
  } catch (err) {
    return { ok: false, status: 0, data: { error: 'The server cannot be reached.' } };
  }
  let data = null;
  try { data = await res.json(); } catch (err) { /* not JSON */ }
  return { ok: res.ok, status: res.status, data: data || { error: res.statusText } };
}

// Local memory: the seats' keys this browser holds and its games.
const local = {
  read(name, dflt) {
    try { return JSON.parse(localStorage.getItem(name)) ?? dflt; } catch (err) { return dflt; }
  },
  write(name, v) { try { localStorage.setItem(name, JSON.stringify(v)); } catch (err) { /* private mode */ } },
  keys() { return this.read('tt.keys', {}); },
  key(id) { return this.keys()[id]; },
  setKey(id, key) { const k = this.keys(); k[id] = key; this.write('tt.keys', k); },
  games() { return this.read('tt.games', []); },
  addGame(g) {
    const list = this.games().filter(x => x.id !== g.id);
    list.unshift(g);
    this.write('tt.games', list.slice(0, 50));
  },
  game(id) { return this.games().find(x => x.id === id); },
};

// ---- routing ----

function route() {
  const m = location.pathname.match(/^\/g\/([a-z2-7]+)$/);
  if (m) {
    const hash = new URLSearchParams(location.hash.slice(1));
    const linkKey = hash.get('key');
    if (linkKey) {
      // A join link: the key leaves the address bar at once, and is kept
      // in this browser only once the server confirms it (claimSeat).
      history.replaceState(null, '', location.pathname);
    }
    showGame(m[1], linkKey);
  } else {
    showLobby();
  }
}

function go(path) {
  history.pushState(null, '', path);
  route();
}

document.addEventListener('click', e => {
  const a = e.target.closest('a[data-nav]');
  if (a && !e.metaKey && !e.ctrlKey && a.origin === location.origin) {
    e.preventDefault();
    go(a.pathname + a.hash);
  }
});
window.addEventListener('popstate', route);

// ---- lobby ----

let catalog = null;

async function showLobby() {
  closeGame();
  $('#play').hidden = true;
  $('#lobby').hidden = false;
  document.title = 'tabletop-go · play abstract games';
  if (!catalog) {
    const r = await api('GET', '/api/catalog');
    if (!r.ok) { $('#cards').textContent = r.data.error; return; }
    catalog = r.data;
    $('#cards').replaceChildren(...catalog.games.map(card));
  }
  renderMine();
  const r = await api('GET', '/api/games?limit=12');
  if (r.ok && r.data.games.length) {
    $('#recent').replaceChildren(...r.data.games.map(g => gameItem(g.id, g.title, `${g.status} · ply ${g.ply}`)));
  }
  if (location.hash === '#games') $('#games').scrollIntoView();
}

function gameItem(id, title, meta) {
  return el('li', {}, el('a', { href: '/g/' + id, 'data-nav': true, text: title }), el('span', { class: 'meta', text: meta }));
}

function renderMine() {
  const mine = local.games();
  if (mine.length) {
    $('#mine').replaceChildren(...mine.slice(0, 12).map(g =>
      gameItem(g.id, g.title, (g.opponent === 'bot' ? 'vs computer' : 'vs friends') + ' · ' + new Date(g.created).toLocaleDateString())));
  }
}

function card(game) {
  const variant = el('select', { name: 'variant' }, ...game.variants.map((v, i) => el('option', { value: i, text: v.label })));
  const opponent = el('select', { name: 'opponent' },
    el('option', { value: 'bot', text: 'Computer' }),
    el('option', { value: 'human', text: 'A friend (link)' }));
  const level = el('select', { name: 'level' }, ...catalog.levels.map(l => el('option', { value: l, text: l[0].toUpperCase() + l.slice(1), selected: l === 'normal' })));
  const seat = el('select', { name: 'seat' });
  const img = el('img', { alt: game.title + ' board', loading: 'lazy' });
  const levelRow = el('label', {}, 'Level', level);
  const update = () => {
    const v = game.variants[variant.value];
    img.src = '/api/preview.svg?spec=' + encodeURIComponent(v.spec);
    const keep = seat.value;
    seat.replaceChildren(...v.seats.map((name, i) =>
      el('option', { value: i, text: `${name} (${i === 0 ? 'first' : ['second', 'third', 'fourth'][i - 1]})` })));
    if (keep && keep < v.seats.length) seat.value = keep;
    levelRow.hidden = opponent.value !== 'bot';
  };
  variant.addEventListener('change', update);
  opponent.addEventListener('change', update);
  const start = el('button', { class: 'start', type: 'button', 'data-game': game.name, text: 'Play ' + game.title });
  start.addEventListener('click', async () => {
    start.disabled = true;
    const v = game.variants[variant.value];
    await createGame(v, game, opponent.value, Number(seat.value), level.value);
    start.disabled = false;
  });
  update();
  return el('article', { class: 'card', 'data-game': game.name },
    el('div', { class: 'pic' }, img),
    el('div', { class: 'body' },
      el('h2', { text: game.title }),
      el('p', { text: game.blurb || '' }),
      el('label', {}, 'Variant', variant),
      el('label', {}, 'Opponent', opponent),
      levelRow,
      el('label', {}, 'You play', seat),
      start));
}

async function createGame(v, game, opponent, mySeat, level) {
  const seats = v.seats.map((_, i) => i === mySeat ? 'human' : opponent);
  const r = await api('POST', '/api/games', { spec: v.spec, seats, level });
  if (!r.ok) { alert(r.data.error); return; }
  const me = r.data.seats[mySeat];
  local.setKey(r.data.id, me.key);
  const links = r.data.seats.filter((s, i) => i !== mySeat && s.link)
    .map(s => ({ seat: s.seat, name: v.seats[s.seat.charCodeAt(0) - 65], link: s.link }));
  local.addGame({ id: r.data.id, title: r.data.state.title, opponent, created: Date.now(), links });
  go('/g/' + r.data.id);
}

// ---- the game ----

const view = {
  id: null,
  key: null, // the key this browser plays with, once the server confirmed it
  seat: null, // the seat this browser plays, a letter
  ticket: null, // a stream ticket not yet used
  state: null,
  events: null,
  retry: 0, // reconnections of the event stream in a row
  reconnect: null, // the timer of the next one
  sel: [], // the click tokens chosen so far
  busy: false,
  svg: '',
  browse: null, // the ply shown while stepping through the game, null: the game as it stands
};

function closeGame() {
  if (view.events) view.events.close();
  clearTimeout(view.reconnect);
  view.events = null;
  view.id = null;
}

// over says whether a game takes no more moves: ended by the rules, or
// stopped by the server at its limit of plies.
const over = s => s.outcome.result !== '*' || !!s.stopped;

async function showGame(id, linkKey) {
  closeGame();
  Object.assign(view, { id, key: null, seat: null, ticket: null, state: null, sel: [], svg: '', retry: 0, browse: null });
  $('#lobby').hidden = true;
  $('#play').hidden = false;
  $('#board').replaceChildren();
  say('');
  $('#download').href = `/api/games/${id}/record?download`;
  const r = await api('GET', '/api/games/' + id);
  if (view.id !== id) return;
  if (!r.ok) {
    $('#title').textContent = 'No such game';
    $('#status').textContent = r.data.error;
    return;
  }
  render(r.data);
  await claimSeat(id, linkKey);
  if (view.id !== id) return;
  if (view.state) render(view.state, true);
  listen(id);
}

// ticket trades a seat's key for a stream ticket: keys never go in a URL.
// A 201 also confirms that the key plays a seat (data.seat); a 403 that
// it plays none.
function ticket(id, key) {
  return api('POST', `/api/games/${id}/tickets`, { key });
}

// claimSeat sets the key and seat this browser plays the game with: the
// key it keeps, if the server confirms it; else the link's, which it then
// keeps. A key is kept only once the server has confirmed it, and a
// working key is never replaced: a crafted link cannot take a seat away.
async function claimSeat(id, linkKey) {
  const kept = local.key(id);
  if (kept) {
    const t = await ticket(id, kept);
    if (view.id !== id) return;
    if (t.ok || t.status !== 403) { // confirmed, or the server cannot tell now: keep it
      view.key = kept;
      if (t.ok) Object.assign(view, { seat: t.data.seat, ticket: t.data.ticket });
      if (linkKey && linkKey !== kept) say('This browser already plays this game: the link was not used.', 'info');
      return;
    }
  }
  if (!linkKey || linkKey === kept) return;
  const t = await ticket(id, linkKey);
  if (view.id !== id) return;
  if (t.ok) {
    local.setKey(id, linkKey);
    Object.assign(view, { key: linkKey, seat: t.data.seat, ticket: t.data.ticket });
  } else {
    say(t.status === 403 ? 'This link holds no key of a seat of this game: you are watching it.' : t.data.error, 'info');
  }
}

// listen opens the game's event stream, as the seat this browser plays
// (with a ticket, good for one stream), and opens it again when it drops,
// with a new ticket, after a pause that grows.
async function listen(id) {
  let url = `/api/games/${id}/events`;
  if (view.key) {
    let t = view.ticket;
    view.ticket = null;
    if (!t) {
      const r = await ticket(id, view.key);
      if (view.id !== id) return;
      if (r.ok) {
        view.seat = r.data.seat;
        t = r.data.ticket;
      }
    }
    if (t) url += '?ticket=' + encodeURIComponent(t);
  }
  const es = new EventSource(url);
  view.events = es;
  es.addEventListener('seat', e => {
    view.seat = JSON.parse(e.data).seat;
    if (view.state) render(view.state, true);
  });
  es.addEventListener('state', e => render(JSON.parse(e.data)));
  es.addEventListener('open', () => { $('#live').classList.remove('off'); view.retry = 0; });
  es.addEventListener('error', () => {
    $('#live').classList.add('off');
    es.close();
    if (view.events !== es) return;
    view.events = null;
    const wait = Math.min(30000, 1000 * 2 ** view.retry++);
    view.reconnect = setTimeout(() => { if (view.id === id) listen(id); }, wait);
  });
}

function myTurn() {
  const s = view.state;
  return s && view.seat && !over(s) && s.node === 'decision' && s.toMove === view.seat;
}

function seatName(letter) {
  const s = view.state.seats.find(x => x.seat === letter);
  return s ? s.name : letter;
}

// render shows a state, unless it is older than the one shown.
function render(s, force) {
  const old = view.state;
  if (old && s.ply < old.ply && !force) return;
  const moved = !old || old.ply !== s.ply;
  view.state = s;
  if (moved) {
    view.sel = [];
    view.browse = null;
    $('#choices').replaceChildren();
  }
  document.title = s.title + ' · tabletop-go';
  $('#title').textContent = s.title;
  $('#plycount').textContent = s.ply ? `(${s.turns})` : '';

  // the board: the game as it stands, or the ply stepped back to
  const past = browsed(s);
  if (past) {
    $('#board').innerHTML = past.pos.svg({ size: 640, coordinates: true, lastMove: past.move });
    view.svg = '';
    $('#diagram').hidden = true;
  } else if (s.svg) {
    if (s.svg !== view.svg) {
      $('#board').innerHTML = s.svg;
      view.svg = s.svg;
    }
    $('#diagram').hidden = true;
  } else {
    $('#board').replaceChildren();
    $('#diagram').hidden = false;
    $('#diagram').textContent = s.diagram || s.position;
  }
  $('#notes').textContent = s.notes || '';
  $('#board').classList.toggle('wait', !myTurn() || !!past);
  renderSteps(s, past);

  // status
  for (const st of [$('#status'), $('#topstatus')]) {
    st.className = st.id === 'topstatus' ? 'status topstatus' : 'status';
    if (over(s)) {
      st.classList.add('over');
      const me = s.seats.find(x => x.seat === view.seat);
      const text = me && me.score === '1' ? `You win · ${s.outcome.reason}` :
        me && me.score === '0' ? `You lose · ${s.status}` : s.status;
      st.replaceChildren(el('span', { text }), el('span', { class: 'result', text: s.outcome.result }));
    } else if (myTurn()) {
      st.classList.add('mine');
      st.textContent = `Your move · ${seatName(s.toMove)}`;
    } else if (s.node === 'decision') {
      const who = s.seats.find(x => x.seat === s.toMove);
      st.textContent = who.player === 'bot' ? `${who.name} (computer) is thinking…` :
        view.seat ? `Waiting for ${who.name}…` : s.status;
    } else {
      st.textContent = s.status;
    }
  }

  // seats
  $('#seats').replaceChildren(...s.seats.map(x => {
    const turn = !over(s) && s.node === 'decision' && s.toMove === x.seat;
    let who = x.player === 'bot' ? `Computer · ${x.level}` : x.seat === view.seat ? 'You' : 'Friend';
    const chip = el('span', { class: 'chip' });
    chip.style.background = x.color;
    const tag = x.score ? el('span', { class: 'score', text: x.score }) :
      x.player === 'bot' ? el('span', { class: 'tag', text: turn ? 'thinking' : '' }) :
        el('span', { class: 'tag' + (x.online ? ' on' : ''), text: x.online ? '● online' : x.seat === view.seat ? '' : 'offline' });
    return el('li', { class: 'seat' + (turn ? ' turn' : ''), 'data-seat': x.seat },
      chip,
      el('span', { class: 'who', text: `${x.name} (${x.seat}) · ${who}` }, x.info ? el('span', { class: 'sub', text: x.info }) : null),
      tag);
  }));

  // history: the recent moves the state holds (the record has them all),
  // numbered from the moves before them
  let n = s.turns - s.moves.filter(m => !m.chance).length;
  $('#history').replaceChildren(...s.moves.map((m, i) => {
    const last = i === s.moves.length - 1 || (i === s.moves.length - 2 && s.moves[i + 1].chance);
    const shown = past && past.ply === s.movesFrom + i + 1 ? ' shown' : ''; // the move that led to the ply shown
    if (m.chance) return el('li', { class: 'chance' + shown, title: 'drawn by the server', text: 'drew ' + m.move });
    n++;
    return el('li', { class: (last ? 'last' : '') + shown, title: seatName(m.seat) }, el('span', { class: 'n', text: n + '.' }), m.move);
  }));
  const h = $('#history');
  h.scrollTop = h.scrollHeight;

  // typed moves and word moves (swap, pass)
  $('#moveform').hidden = !view.seat || over(s);
  const words = myTurn() && !past ? rulesLocal.legal(s).filter(m => tokens(m, s.toMove) === null) : [];
  const wordBox = $('#choices');
  wordBox.querySelectorAll('.word').forEach(b => b.remove());
  for (const w of words) {
    wordBox.append(el('button', { type: 'button', class: 'ghost word', text: w, onclick: () => submit(w) }));
  }

  renderInvite();
  highlight();
}

function renderInvite() {
  const g = local.game(view.id);
  const box = $('#invite');
  if (!g || !g.links || !g.links.length || over(view.state)) { box.hidden = true; return; }
  box.hidden = false;
  $('#links').replaceChildren(...g.links.map(l => {
    const url = location.origin + l.link;
    const input = el('input', { readonly: true, value: url, 'aria-label': 'link for ' + l.name });
    input.addEventListener('focus', () => input.select());
    const copy = el('button', { type: 'button', class: 'ghost', text: 'Copy' });
    copy.addEventListener('click', async () => {
      try { await navigator.clipboard.writeText(url); copy.textContent = 'Copied'; } catch (err) { input.select(); }
    });
    return el('div', { class: 'link', 'data-seat': l.seat }, el('span', { text: l.name }), input, copy);
  }));
}

// ---- clicks to moves ----

// tokens splits a move into the clicks that make it: squares, and
// "reserve:X" for a drop of colour X. It returns null for a move that is
// a word (swap, pass): those are buttons.
function tokens(move, mover) {
  const out = [];
  for (const part of move.split(',')) {
    let m;
    if ((m = /^([A-D])?\*([a-z]+[0-9]+)$/.exec(part))) out.push('reserve:' + (m[1] || mover), m[2]);
    else if ((m = /^([a-z]+[0-9]+)(?:-|<>)([a-z]+[0-9]+)$/.exec(part))) out.push(m[1], m[2]);
    else if (/^[a-z]+[0-9]+$/.test(part)) out.push(part);
    else return null;
  }
  return out;
}

// format writes clicks as a move of the game's notation: "c3", "c3-c5",
// "*d4", "C*d4", "d4-b4,e5-e8".
function format(toks, mover) {
  const parts = [];
  for (let i = 0; i < toks.length;) {
    const t = toks[i];
    if (t.startsWith('reserve:')) {
      const c = t.slice(8);
      parts.push((c === mover ? '' : c) + '*' + (toks[i + 1] || ''));
      i += 2;
    } else if (i + 1 < toks.length && !toks[i + 1].startsWith('reserve:')) {
      parts.push(t + '-' + toks[i + 1]);
      i += 2;
    } else {
      parts.push(t);
      i++;
    }
  }
  return parts.join(',');
}

function clickable() {
  const s = view.state;
  const out = [];
  for (const m of rulesLocal.legal(s)) {
    const t = tokens(m, s.toMove);
    if (t) out.push({ move: m, t });
  }
  return out;
}

const startsWith = (t, prefix) => prefix.every((x, i) => t[i] === x);

function onBoardClick(e) {
  const target = e.target.closest('[data-square],[data-reserve]');
  if (!target || !view.state) return;
  if (target.dataset.reserve) {
    if (target.dataset.reserve !== view.seat) return;
    onToken('reserve:' + target.dataset.color);
  } else {
    onToken(target.dataset.square);
  }
}

function onToken(t) {
  const s = view.state;
  if (over(s)) { say('The game is over.', 'info'); return; }
  if (!view.seat) { say('You are watching this game.', 'info'); return; }
  if (!myTurn()) { say(`It is ${seatName(s.toMove)}'s turn.`, 'info'); return; }
  if (view.browse !== null) { say('You are looking back at the game: step forward to play.', 'info'); return; }
  if (view.busy) return;
  say('');
  const legal = clickable();
  const sel = view.sel;
  if (sel.length && sel[sel.length - 1] === t) { // a second click takes the last click back
    sel.pop();
    showChoices([]);
    highlight();
    return;
  }
  const next = [...sel, t];
  if (extend(legal, next)) return;
  if (sel.length && legal.some(m => m.t[0] === t) && extend(legal, [t])) return; // a new origin
  const shortest = Math.min(...legal.map(m => m.t.length));
  if (next.length >= shortest) {
    // Not a legal move: the rules in the page say why, with no request;
    // without them, send it and show the server's reason.
    view.sel = [];
    highlight();
    const move = format(next, s.toMove);
    const why = rulesLocal.why(s, move);
    if (why) say(`${move} is not legal: ${why}.`);
    else submit(move);
    return;
  }
  if (!sel.length) {
    view.sel = next;
    say(`No legal move starts at ${t.replace('reserve:', 'the reserve of ')}.`, 'info');
  } else {
    say(`No legal move continues ${format(sel, s.toMove)} with ${t.replace('reserve:', 'a drop of ')}.`, 'info');
  }
  highlight();
}

// extend makes next the selection if some legal move starts with it, and
// plays the move when it is the only one it can be.
function extend(legal, next) {
  const cands = legal.filter(m => m.t.length >= next.length && startsWith(m.t, next));
  if (!cands.length) return false;
  const exact = cands.filter(m => m.t.length === next.length);
  if (exact.length === 1 && cands.length === 1) {
    view.sel = next;
    highlight();
    submit(exact[0].move);
    return true;
  }
  view.sel = next;
  showChoices(exact.map(m => m.move));
  highlight();
  return true;
}

function showChoices(moves) {
  const box = $('#choices');
  box.querySelectorAll('.choice').forEach(b => b.remove());
  for (const m of moves) box.prepend(el('button', { type: 'button', class: 'choice', text: 'Play ' + m, onclick: () => submit(m) }));
}

// highlight marks the selection and where it can go next: the targets of
// a selected origin, or with nothing selected the pieces that can move.
function highlight() {
  const board = $('#board');
  const svg = board.querySelector('svg');
  if (!svg) return;
  board.querySelectorAll('.hl-origin,.hl-target,.hl-selected').forEach(e => e.classList.remove('hl-origin', 'hl-target', 'hl-selected'));
  board.querySelectorAll('.hl-mark').forEach(e => e.remove());
  if (!myTurn() || view.browse !== null) return;
  const legal = clickable();
  const sel = view.sel;
  const nexts = new Set();
  let longest = 0;
  for (const m of legal) {
    longest = Math.max(longest, m.t.length);
    if (m.t.length > sel.length && startsWith(m.t, sel)) nexts.add(m.t[sel.length]);
  }
  for (const t of sel) mark(svg, t, 'hl-selected');
  if (!sel.length && longest <= 1) return; // a placement game: every empty cell is a move
  for (const t of nexts) mark(svg, t, sel.length ? 'hl-target' : 'hl-origin');
}

function tokenElements(svg, t) {
  if (t.startsWith('reserve:')) {
    return [...svg.querySelectorAll(`[data-reserve="${view.seat}"][data-color="${t.slice(8)}"]`)];
  }
  return [...svg.querySelectorAll(`.square[data-square="${t}"]`)];
}

function mark(svg, t, cls) {
  for (const e of tokenElements(svg, t)) {
    e.classList.add(cls);
    if (cls === 'hl-origin') continue;
    // A mark on top of everything, so that it shows on stacks too.
    const box = e.getBBox();
    const m = svg.getScreenCTM().inverse().multiply(e.getScreenCTM());
    const p = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2).matrixTransform(m);
    const scale = Math.hypot(m.a, m.b);
    const r = Math.min(box.width, box.height) * scale;
    const c = document.createElementNS(SVGNS, 'circle');
    c.setAttribute('cx', p.x);
    c.setAttribute('cy', p.y);
    if (cls === 'hl-target') {
      c.setAttribute('class', 'hl-mark hl-dot');
      c.setAttribute('r', r * 0.17);
    } else {
      c.setAttribute('class', 'hl-mark hl-ring');
      c.setAttribute('r', r * 0.46);
    }
    svg.append(c);
  }
}

async function submit(move) {
  const s = view.state;
  if (!view.key || view.busy) return;
  view.busy = true;
  showChoices([]);
  const r = await api('POST', `/api/games/${view.id}/moves`, { move, key: view.key, ply: s.ply });
  view.busy = false;
  view.sel = [];
  if (r.ok) {
    say('');
    $('#moveinput').value = '';
    render(r.data.state);
    return;
  }
  say(r.data.error || 'The move was refused.');
  highlight();
  if (r.status === 409) { // the game moved on: catch up
    const g = await api('GET', '/api/games/' + view.id);
    if (g.ok) render(g.data);
  }
}

function say(text, kind) {
  const m = $('#message');
  m.hidden = !text;
  m.textContent = text;
  m.className = 'message' + (kind ? ' ' + kind : '');
}

// ---- stepping through the game ----

// browsed returns the replayed ply shown while stepping back, or null
// for the game as it stands.
function browsed(s) {
  if (view.browse === null) return null;
  const list = rulesLocal.positions(s);
  if (!list || view.browse >= list.length - 1) {
    view.browse = null;
    return null;
  }
  return list[view.browse];
}

// renderSteps shows the buttons that step through the game, which the
// rules in the page replay: there is nothing to step through without
// them, or when the state holds only the last plies of a long game.
function renderSteps(s, past) {
  const list = rulesLocal.positions(s);
  const box = $('#steps');
  box.hidden = !list || list.length < 2;
  if (box.hidden) return;
  const at = view.browse ?? list.length - 1;
  $('#step-first').disabled = $('#step-back').disabled = at === 0;
  $('#step-forward').disabled = $('#step-last').disabled = !past;
  $('#step-at').textContent = past ? `ply ${past.ply} of ${s.ply}` : '';
}

// step moves the ply shown: to ply to, clamped to the game.
function step(to) {
  const s = view.state;
  const list = s && rulesLocal.positions(s);
  if (!list) return;
  const last = list.length - 1;
  const at = Math.max(0, Math.min(last, to));
  view.browse = at === last ? null : at;
  view.sel = [];
  showChoices([]);
  render(s, true);
}

const shownPly = () => view.browse ?? ((rulesLocal.positions(view.state) || [0]).length - 1);

// ---- start ----

document.addEventListener('DOMContentLoaded', () => {
  rulesLocal.start();
  $('#board').addEventListener('click', onBoardClick);
  $('#step-first').addEventListener('click', () => step(0));
  $('#step-back').addEventListener('click', () => step(shownPly() - 1));
  $('#step-forward').addEventListener('click', () => step(shownPly() + 1));
  $('#step-last').addEventListener('click', () => step(Infinity));
  $('#moveform').addEventListener('submit', e => {
    e.preventDefault();
    const text = $('#moveinput').value.trim();
    if (!text) return;
    if (!myTurn()) { say(view.seat ? `It is ${seatName(view.state.toMove)}'s turn.` : 'You are watching this game.', 'info'); return; }
    submit(text);
  });
  document.addEventListener('keydown', e => {
    if (e.key === 'Escape' && view.sel.length) { view.sel = []; showChoices([]); highlight(); }
    if (e.target.closest && e.target.closest('input')) return;
    if (view.state && e.key === 'ArrowLeft') step(shownPly() - 1);
    if (view.state && e.key === 'ArrowRight') step(shownPly() + 1);
  });
  route();
});
