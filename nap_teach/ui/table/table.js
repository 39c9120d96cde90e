// The card table: draws the state Python sends and sends back the card tapped.
// No rule lives here: which cards are legal, whose turn it is and every check
// come from Python; a tap only says {type: "play", card: code, token}.
// The bots' cards arrive one by one at the pace chosen on the page, and a
// finished trick is gathered to its winner before the next one is shown.

const PACE = {
  instant: { card: 0, gather: 0 },
  normal: { card: 550, gather: 700 },
  slow: { card: 1300, gather: 1500 },
};

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

function face(card, extra) {
  // card.svg is built by the Python side's safe HTML builder (every value escaped)
  const box = el("span", "nt-face" + (extra ? " " + extra : ""));
  box.innerHTML = card.svg;
  const svg = box.querySelector("svg");
  if (svg) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
  }
  return box;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function render({ model, el: root }) {
  const frame = el("div", "nt-table");
  root.appendChild(frame);
  let shownKey = null; // the deal whose plays are on the table
  let shown = 0; // how many of its plays are shown
  let queue = Promise.resolve();
  let animating = false;
  let focusIndex = 0;
  let lastState = null;

  const pace = () => PACE[model.get("pace")] || PACE.normal;

  // Focus is not lost after an action: when the element that had it is gone (a played card, a call
  // button that is now disabled or hidden), it moves to what the learner will want next, named by
  // Python in state.focus ("hand", or the class of a page button such as the Pass button).
  let lastUserAction = 0;
  const noteAction = () => { lastUserAction = Date.now(); };
  document.addEventListener("pointerdown", noteAction, true);
  document.addEventListener("keydown", noteAction, true);
  function focusLost() {
    const a = document.activeElement;
    return !a || a === document.body || a.offsetParent === null || a.disabled === true;
  }
  function keepFocus(state) {
    if (!state.focus || Date.now() - lastUserAction > 60000 || !focusLost()) return;
    let target = null;
    if (state.focus === "hand") target = frame.querySelector('button.nt-card[tabindex="0"]');
    else if (/^[a-z0-9-]+$/.test(state.focus)) target = document.querySelector("button." + state.focus + ":not([disabled])");
    if (target && target.offsetParent !== null) target.focus();
  }

  function seatBox(s) {
    const box = el("div", "nt-seat nt-pos-" + s.pos + (s.turn ? " nt-turn" : "") + (s.you ? " nt-you" : "") +
      (s.declarer ? " nt-declarer" : "") + (s.acting ? " nt-acting" : ""));
    box.dataset.seat = String(s.seat);
    const name = el("div", "nt-seat-name", s.name);
    box.appendChild(name);
    if (s.named) {  // the seat a feedback names: framed, with its word
      box.classList.add("nt-named");
      box.appendChild(el("div", "nt-named-badge", s.named));
    }
    box.appendChild(el("div", "nt-seat-tags", s.tags || ""));  // always there: the hand below never moves
    const line = el("div", "nt-seat-line");
    if (s.call) line.appendChild(el("span", "nt-seat-call", s.call));
    line.appendChild(el("span", "nt-seat-tricks", s.tricks));
    box.appendChild(line);
    if (s.open && s.open.length) {
      const row = el("div", "nt-open");
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", s.open_label || "");
      for (const c of s.open) {
        const f = face(c, "nt-open-card");
        f.dataset.card = c.code;
        const named = (lastNamed || {})[c.code];
        if (named) {  // an open card the feedback names: outlined, its word as its title and accessible name
          f.classList.add("nt-named");
          f.title = named;
          f.setAttribute("role", "img");
          f.setAttribute("aria-label", c.label + ": " + named);
          const wrap = el("span", "nt-open-named");
          wrap.appendChild(f);
          wrap.appendChild(el("span", "nt-named-badge", named));
          row.appendChild(wrap);
        } else row.appendChild(f);
      }
      box.appendChild(row);
    } else if (s.backs > 0) {
      const backs = el("div", "nt-backs");
      backs.setAttribute("role", "img");
      backs.setAttribute("aria-label", s.backs_label || "");
      backs.title = s.backs_label || "";
      for (let i = 0; i < s.backs; i++) backs.appendChild(el("span", "nt-back"));
      box.appendChild(backs);
    }
    return box;
  }

  function seatEl(seat) {
    return frame.querySelector('.nt-seat[data-seat="' + seat + '"]');
  }

  function slotFor(trickBox, play, state) {
    const slot = el("div", "nt-slot nt-from-" + (state.pos_of[play.seat] || "north"));
    slot.dataset.seat = String(play.seat);
    slot.dataset.card = play.card.code;
    slot.appendChild(face(play.card, "nt-trick-card"));
    slot.appendChild(el("div", "nt-slot-name", state.names[play.seat]));
    const d = state.described;
    if (d && d.seat === play.seat && d.card === play.card.code) {
      // the card the step describes: an outline of its own colour and a word, never the colour alone
      slot.classList.add("nt-described");
      slot.appendChild(el("div", "nt-step-badge", state.described_label || ""));
    }
    markNamed(slot, play.card.code, state);
    trickBox.appendChild(slot);
    return slot;
  }

  // A card the feedback names (the problems page's grade, a lesson question's verdict): outlined in a colour
  // of its own, with the feedback's word for it under the card (never the colour alone)
  function markNamed(box, code, state) {
    const named = (state.named || {})[code];
    if (!named) return;
    box.classList.add("nt-named");
    box.appendChild(el("div", "nt-named-badge", named));
  }

  function markWinner(trickBox, seat) {
    // the card winning the trick: a star and a word under it, never its outline's colour alone
    const word = (lastState && lastState.winning_label) || (model.get("state") || {}).winning_label || "";
    for (const s of trickBox.querySelectorAll(".nt-slot")) {
      const wins = s.dataset.seat === String(seat);
      s.classList.toggle("nt-winning", wins);
      const badge = s.querySelector(".nt-win-badge");
      if (wins && !badge && word) s.appendChild(el("div", "nt-win-badge", word));
      else if (!wins && badge) badge.remove();
    }
  }

  async function gather(trickBox, winner, text, ms) {
    const note = frame.querySelector(".nt-centre-note");
    if (note) note.textContent = text || "";
    markWinner(trickBox, winner);
    if (ms <= 0) {
      trickBox.replaceChildren();
      return;
    }
    await sleep(ms / 2);
    const target = seatEl(winner);
    const to = target ? target.getBoundingClientRect() : null;
    for (const s of trickBox.querySelectorAll(".nt-slot")) {
      const from = s.getBoundingClientRect();
      const dx = to ? to.left + to.width / 2 - (from.left + from.width / 2) : 0;
      const dy = to ? to.top + to.height / 2 - (from.top + from.height / 2) : 0;
      if (s.animate) {
        s.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.3)`, opacity: 0 }],
          { duration: ms / 2, easing: "ease-in", fill: "forwards" });
      }
    }
    await sleep(ms / 2);
    trickBox.replaceChildren();
  }

  // Show the plays from `shown` to the end: one by one, gathering each finished trick to its winner.
  async function playOn(state) {
    const trickBox = frame.querySelector(".nt-trick");
    const note = frame.querySelector(".nt-centre-note");
    const plays = state.plays || [];
    const done = new Map((state.tricks || []).map((t) => [t.number, t]));
    const p = pace();
    if (shownKey !== state.key || plays.length < shown) {
      // a fresh deal (or a step back): the trick of the last play at once, no waiting
      shownKey = state.key;
      trickBox.replaceChildren();
      const last = plays.length ? plays[plays.length - 1].trick : null;
      for (const x of plays) if (x.trick === last) slotFor(trickBox, x, state);
      trickBox.dataset.trick = last === null ? "" : String(last);
      shown = plays.length;
      if (last !== null && done.has(last)) markWinner(trickBox, done.get(last).winner);
      else if (state.winning !== null && state.winning !== undefined) markWinner(trickBox, state.winning);
      if (note) note.textContent = (last !== null && done.has(last)) ? done.get(last).text : (state.note || "");
      return;
    }
    while (shown < plays.length) {
      const x = plays[shown];
      const onTable = trickBox.dataset.trick ? Number(trickBox.dataset.trick) : null;
      if (onTable !== null && onTable !== x.trick && trickBox.querySelector(".nt-slot")) {
        const t = done.get(onTable);
        if (t) await gather(trickBox, t.winner, t.text, p.gather);
        trickBox.replaceChildren();
        if (note) note.textContent = "";
      }
      trickBox.dataset.trick = String(x.trick);
      if (p.card > 0 && !x.mine) await sleep(p.card);
      slotFor(trickBox, x, state);
      shown += 1;
      const t = done.get(x.trick);
      if (t && (shown === plays.length || plays[shown].trick !== x.trick)) {
        markWinner(trickBox, t.winner);
        if (note) note.textContent = t.text || "";
      }
    }
    if (state.winning !== null && state.winning !== undefined && !done.has(Number(trickBox.dataset.trick))) {
      markWinner(trickBox, state.winning);
    }
  }

  function handRow(state) {
    const row = el("div", "nt-hand");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", state.hand_label || "");
    const active = state.active && !animating;
    const cards = state.hand || [];
    if (focusIndex >= cards.length) focusIndex = Math.max(0, cards.length - 1);
    cards.forEach((c, i) => {
      const b = el("button", "nt-card" + (active && c.legal ? " nt-legal" : "") + (active && !c.legal ? " nt-not-legal" : ""));
      b.type = "button";
      b.dataset.card = c.code;
      b.dataset.index = String(i);
      b.setAttribute("aria-label", active ? (c.legal ? c.legal_label : c.illegal_label) : c.label);
      b.title = b.getAttribute("aria-label");
      b.tabIndex = i === focusIndex ? 0 : -1;
      // not playable (not the learner's turn, or a card the rules forbid now): said, not only greyed
      if (!active || !c.legal) b.setAttribute("aria-disabled", "true");
      b.appendChild(face(c));
      if (active && c.legal) b.appendChild(el("span", "nt-mark", "▲"));
      const named = (state.named || {})[c.code];
      if (named) {  // a card of the hand the feedback names ("a better card"): outlined, with its word
        b.classList.add("nt-named");
        b.appendChild(el("span", "nt-named-badge", named));
        b.setAttribute("aria-label", b.getAttribute("aria-label") + " (" + named + ")");
        b.title = b.getAttribute("aria-label");
      }
      b.addEventListener("click", () => tap(c.code, i));
      b.addEventListener("focus", () => { focusIndex = i; });
      row.appendChild(b);
    });
    row.addEventListener("keydown", (ev) => {
      const buttons = Array.from(row.querySelectorAll("button.nt-card"));
      if (!buttons.length) return;
      let i = buttons.indexOf(document.activeElement);
      if (i < 0) i = focusIndex;
      let j = i;
      if (ev.key === "ArrowRight" || ev.key === "ArrowDown") j = (i + 1) % buttons.length;
      else if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") j = (i - 1 + buttons.length) % buttons.length;
      else if (ev.key === "Home") j = 0;
      else if (ev.key === "End") j = buttons.length - 1;
      else return;
      ev.preventDefault();
      buttons.forEach((b, k) => { b.tabIndex = k === j ? 0 : -1; });
      focusIndex = j;
      buttons[j].focus();
    });
    return row;
  }

  function tap(code, index) {
    const state = model.get("state") || {};
    focusIndex = index;
    if (animating) return; // the bots' cards are still arriving: the learner's turn has not come yet
    model.send({ type: "play", card: code, token: state.token === undefined ? null : state.token });
  }

  let lastNamed = null; // the named cards of the state being drawn (the seats' open hands read them)

  function draw(state) {
    lastNamed = state.named || null;
    const hadFocus = root.contains(document.activeElement) && document.activeElement.classList.contains("nt-card");
    frame.replaceChildren();
    frame.className = "nt-table nt-n" + (state.seats ? state.seats.length : 0) + (state.hand_seat === null ? " nt-no-hand" : "");
    if (!state.seats || !state.seats.length) return;
    frame.setAttribute("role", "group");
    frame.setAttribute("aria-label", state.title || "");
    const top = el("div", "nt-top");
    const west = el("div", "nt-west");
    const east = el("div", "nt-east");
    const south = el("div", "nt-south");
    for (const s of state.seats) {
      const box = seatBox(s);
      ({ north: top, west: west, east: east, south: south })[s.pos === "south" ? "south" : s.pos].appendChild(box);
    }
    const centre = el("div", "nt-centre");
    centre.appendChild(el("div", "nt-centre-title", state.centre_title || ""));
    const trick = el("div", "nt-trick");
    trick.setAttribute("aria-live", "polite");
    centre.appendChild(trick);
    centre.appendChild(el("div", "nt-centre-note", ""));
    if (state.facts) for (const f of state.facts) centre.appendChild(el("div", "nt-fact", f));
    frame.append(top, west, centre, east, south);
    if (state.hand_seat !== null && state.hand_seat !== undefined) {
      const hand = el("div", "nt-hand-box");
      hand.appendChild(el("div", "nt-hand-title", state.hand_title || ""));
      hand.appendChild(handRow(state));
      if (state.hint) {
        const hint = el("div", "nt-hand-hint", state.hint);
        // the keyboard's way, not shown on a touch screen (table.css)
        if (state.hint_keys) hint.appendChild(el("span", "nt-hand-keys", " " + state.hint_keys));
        hand.appendChild(hint);
      }
      frame.appendChild(hand);
    }
    // keep the plays shown so far on the table (the animation resumes from there)
    const open = (lastState && lastState.key === state.key) ? shown : 0;
    shown = 0;
    const done = new Set(state.tricks.map((t) => t.number));
    if (open > 0 && shownKey === state.key) {
      const plays = state.plays.slice(0, open);
      const lastTrick = plays.length ? plays[plays.length - 1].trick : null;
      for (const x of plays) if (x.trick === lastTrick) slotFor(trick, x, state);
      trick.dataset.trick = String(lastTrick);
      shown = open;
      if (lastTrick !== null && done.has(lastTrick)) {
        const t = state.tricks.find((y) => y.number === lastTrick);
        if (t) markWinner(trick, t.winner);
      }
    }
    if (hadFocus) {
      const b = frame.querySelector('button.nt-card[tabindex="0"]') || frame.querySelector("button.nt-card");
      if (b) b.focus();
    }
  }

  function update() {
    const state = model.get("state") || {};
    const before = lastState;
    const sameDeal = before && before.key === state.key && shownKey === state.key;
    const willAnimate = sameDeal && (state.plays || []).length > shown && pace().card + pace().gather > 0;
    animating = !!willAnimate;
    draw(state);
    lastState = state;
    frame.classList.toggle("nt-busy", animating);
    queue = queue.then(() => playOn(state)).catch(() => {}).then(() => {
      if (lastState !== state) return;
      if (animating) {
        animating = false;
        frame.classList.remove("nt-busy");
        const hadFocus = root.contains(document.activeElement);
        const box = frame.querySelector(".nt-hand-box .nt-hand");
        if (box) {
          const row = handRow(state);
          box.replaceWith(row);
          if (hadFocus) {
            const b = row.querySelector('button.nt-card[tabindex="0"]');
            if (b) b.focus();
          }
        }
      }
      frame.dataset.ready = String(state.token === undefined ? "" : state.token);
      setTimeout(() => { if (lastState === state) keepFocus(state); }, 60);
    });
  }

  model.on("change:state", update);
  update();
  return () => {
    model.off("change:state", update);
    document.removeEventListener("pointerdown", noteAction, true);
    document.removeEventListener("keydown", noteAction, true);
  };
}

export default { render };
