// The live page's script, served as it is (no build step). It reads the fight from the page's event
// stream and puts every text into the page as text (textContent), never as markup, so a name such as
// <img src=x onerror=alert(1)> shows as those characters. It loads nothing else.
'use strict';

(function livePage() {
  const byId = (id) => document.getElementById(id);
  const order = byId('order');
  const heading = byId('heading');
  const timer = byId('timer');
  const status = byId('status');
  const announce = byId('announce');
  const base = location.pathname.replace(/\/+$/, '');
  /** After the stream closes for good (an error answer), the page checks its link this long after. */
  const CHECK_AFTER_MS = 5000;
  /**
   * Names this page load to the server, the same on every reconnection: a stream the page left open
   * when its network went is then closed as it reconnects, instead of counting against its limits.
   */
  const pageId = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

  let stream = null;
  let lastHeading = null;
  let turnStartedAt = null;

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function detail(list, className, text) {
    if (text) list.append(element('li', className, text));
  }

  function combatant(c) {
    const item = element('li', `combatant ${c.side}`);
    if (c.current) {
      item.classList.add('current');
      item.setAttribute('aria-current', 'true');
    }
    if (c.dead) item.classList.add('dead');
    if (c.dying) item.classList.add('dying');
    if (c.delaying) item.classList.add('delaying');
    const name = element('span', 'name');
    // The marker is drawn by the style sheet too; the words are for screen readers and without colour.
    if (c.current) name.append(element('span', 'marker', '▶ '), element('span', 'visually-hidden', 'Current turn: '));
    name.append(document.createTextNode(c.name));
    item.append(name);
    const details = element('ul', 'details');
    if (c.health) {
      const health = element('li', 'health', c.health);
      if (c.healthWord) health.dataset.word = c.healthWord;
      details.append(health);
    }
    detail(details, 'state', c.dead ? 'Dead' : '');
    detail(details, 'saves', c.deathSaves);
    detail(details, 'state', c.delaying ? 'Delaying' : '');
    detail(details, 'concentration', c.concentration ? `Concentrating on ${c.concentration}` : '');
    for (const condition of c.conditions) detail(details, 'condition', condition);
    if (details.childElementCount > 0) item.append(details);
    return item;
  }

  function clock(ms) {
    const seconds = Math.floor(ms / 1000);
    const minutes = Math.floor(seconds / 60);
    return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
  }

  function tick() {
    timer.textContent = turnStartedAt === null ? '' : `Turn time ${clock(Date.now() - turnStartedAt)}`;
  }

  function render(view) {
    document.title = view.empty ? 'Live fight' : `${view.title} · live`;
    byId('title').textContent = view.title;
    byId('ruleset').textContent = view.ruleSet;
    heading.textContent = view.heading;
    // Screen readers hear the turn change, not the first state.
    if (lastHeading !== null && view.heading !== lastHeading) announce.textContent = view.heading;
    lastHeading = view.heading;
    turnStartedAt = view.turnElapsedMs === null ? null : Date.now() - view.turnElapsedMs;
    tick();
    order.replaceChildren(...view.combatants.map(combatant));
    document.documentElement.classList.toggle('ended', !view.running && !view.empty);
  }

  /** The link no longer opens anything: the page says so and stops. */
  function gone(revoked) {
    if (stream) stream.close();
    turnStartedAt = null;
    const main = document.querySelector('main');
    const title = element('h1', '', revoked ? 'This link was revoked' : 'No live page here');
    const text = revoked
      ? 'The game master revoked this link to the live page. Ask them for a new one.'
      : 'This link does not open a live page any more. Ask the game master for a new one.';
    main.replaceChildren(title, element('p', 'heading', text));
    document.title = title.textContent;
    document.documentElement.classList.add('gone');
  }

  /** After an error answer, whether the page still exists: gone, or connect again. */
  function check() {
    fetch(base, { method: 'HEAD', cache: 'no-store' }).then(
      (response) => (response.status === 404 ? gone(false) : connect()),
      () => setTimeout(check, CHECK_AFTER_MS),
    );
  }

  function connect() {
    stream = new EventSource(`${base}/events?page=${pageId}`);
    stream.addEventListener('view', (event) => {
      status.textContent = '';
      document.documentElement.classList.remove('offline');
      render(JSON.parse(event.data));
    });
    stream.addEventListener('revoked', () => gone(true));
    stream.addEventListener('error', () => {
      status.textContent = 'Connection lost: reconnecting…';
      document.documentElement.classList.add('offline');
      // EventSource reconnects by itself after a dropped connection, but not after an error answer.
      if (stream.readyState === EventSource.CLOSED) setTimeout(check, CHECK_AFTER_MS);
    });
  }

  setInterval(tick, 1000);
  connect();
})();
