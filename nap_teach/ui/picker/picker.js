// The card picker: rows of card buttons drawn from the state Python sends; a tap sends back the card's code.
// No rule lives here: which cards are chosen (at most five on the odds lab) is decided in Python, which
// answers with the new choice in `picked`. Every card is a real <button>: Tab reaches it, Enter and Space
// press it. A chosen card shows a check mark and says so in its accessible name (never colour alone).

function render({ model, el: root }) {
  const box = document.createElement("div");
  box.className = "nt-pick";
  box.setAttribute("role", "group");
  root.appendChild(box);
  const buttons = new Map(); // code -> {button, card}

  function mark() {
    const picked = new Set(model.get("picked") || []);
    const on = model.get("picked_css") || "nt-pick-on";
    for (const [code, { button, card }] of buttons) {
      const yes = picked.has(code);
      button.classList.toggle(on, yes);
      button.classList.toggle("nt-pick-on", yes);
      button.setAttribute("aria-pressed", yes ? "true" : "false");
      const name = yes ? card.picked_label : card.label;
      button.setAttribute("aria-label", name);
      button.title = name;
      button.querySelector(".nt-pick-tick").textContent = yes ? "\u2713" : "";
    }
  }

  function draw() {
    const css = model.get("css") || "nt-pick-card";
    const hadFocus = root.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    box.replaceChildren();
    buttons.clear();
    box.setAttribute("aria-label", model.get("label") || "");
    for (const row of model.get("cards") || []) {
      const line = document.createElement("div");
      line.className = "nt-pick-row";
      for (const card of row) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "nt-pick-card nt-suit-" + card.suit + " " + css + " " + css + "-" + card.code;
        b.dataset.card = card.code;
        const tick = document.createElement("span");
        tick.className = "nt-pick-tick";
        tick.setAttribute("aria-hidden", "true");
        const text = document.createElement("span");
        text.className = "nt-pick-text";
        text.textContent = card.text;
        b.append(tick, text);
        b.addEventListener("click", () => model.send({ type: "pick", card: card.code }));
        buttons.set(card.code, { button: b, card });
        line.appendChild(b);
      }
      box.appendChild(line);
    }
    mark();
    if (hadFocus && buttons.has(hadFocus)) buttons.get(hadFocus).button.focus();
  }

  // a change of the choice only marks the cards; any other change draws them again
  const listeners = [["change:cards", draw], ["change:css", draw], ["change:label", draw],
                     ["change:picked", mark], ["change:picked_css", draw]];
  for (const [event, handler] of listeners) model.on(event, handler);
  draw();
  return () => {
    for (const [event, handler] of listeners) model.off(event, handler);
  };
}

export default { render };
