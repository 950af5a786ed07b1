// Cards shown anywhere on a page (a card on the table, a container, the card an option is about, a
// card named in a list) show their powers in English: on hover, on keyboard focus, and on a tap.
//
// The reusable piece is an element with `data-card="ID"` (templates/_macros.html: chip, box,
// card_link) and the page's card book: a JSON object, id -> {name, good, action, tier, load, text,
// powers: [{line, english}]}, in <script type="application/json" id="card-book"> (the macro
// card_book; cardview.card_book builds it). Any page that has both gets the tips: no other setup.
// Elements added later (a check's preview) work too: the events are read on the document.
"use strict";
(function () {
  const source = document.getElementById("card-book");
  if (!source) return;
  const book = JSON.parse(source.textContent);
  const tip = document.createElement("div");
  tip.id = "cardtip";
  tip.className = "cardtip";
  tip.setAttribute("role", "tooltip");
  tip.hidden = true;
  document.body.append(tip);
  let shown = null;  // the element whose card is shown
  let pinned = false;  // shown by a tap or a key: stays until dismissed

  function add(parent, tag, text, cls) {
    const el = document.createElement(tag);
    if (cls) el.className = cls;
    el.textContent = text;
    parent.append(el);
    return el;
  }

  function fill(card) {
    tip.replaceChildren();
    add(tip, "b", card.name);
    add(tip, "div", `${card.good}, ${card.action.toUpperCase()}, tier ${card.tier}, loads ${card.load}`, "facts");
    if (!card.powers.length) add(tip, "p", "No power.", "none");
    for (const power of card.powers) {
      const p = add(tip, "p", power.english, "english");
      add(p, "code", power.line);
    }
  }

  function place(el) {
    const r = el.getBoundingClientRect();
    const width = Math.min(340, window.innerWidth - 16);
    tip.style.width = width + "px";
    const left = Math.max(8, Math.min(window.innerWidth - width - 8, r.left));
    const below = r.bottom + 6;
    const height = tip.offsetHeight;
    const top = below + height > window.innerHeight && r.top - height - 6 > 0 ? r.top - height - 6 : below;
    tip.style.left = left + window.scrollX + "px";
    tip.style.top = top + window.scrollY + "px";
  }

  function show(el, pin) {
    const card = book[el.dataset.card];
    if (!card) return;
    if (shown && shown !== el) shown.removeAttribute("aria-describedby");
    fill(card);
    tip.hidden = false;
    shown = el;
    pinned = pin;
    el.setAttribute("aria-describedby", "cardtip");
    place(el);
  }

  function hide() {
    if (shown) shown.removeAttribute("aria-describedby");
    tip.hidden = true;
    shown = null;
    pinned = false;
  }

  const cardOf = target => (target instanceof Element ? target.closest("[data-card]") : null);
  const follows = el => el.closest("a[href], button");  // a link or a button keeps its own click

  for (const el of document.querySelectorAll("[data-card]")) {
    if (!el.hasAttribute("tabindex") && !follows(el)) el.tabIndex = 0;  // reachable by keyboard
  }
  document.addEventListener("mouseover", e => {
    const el = cardOf(e.target);
    if (el && !pinned) show(el, false);
  });
  document.addEventListener("mouseout", e => {
    const el = cardOf(e.target);
    if (el && el === shown && !pinned && !el.contains(e.relatedTarget)) hide();
  });
  document.addEventListener("focusin", e => {
    const el = cardOf(e.target);
    if (el) show(el, false);
  });
  document.addEventListener("focusout", e => {
    if (cardOf(e.target) === shown && !pinned) hide();
  });
  document.addEventListener("click", e => {
    const el = cardOf(e.target);
    if (el && !follows(el)) {
      if (el === shown && pinned) hide();
      else show(el, true);
    } else if (!tip.contains(e.target)) {
      hide();
    }
  });
  document.addEventListener("keydown", e => {
    if (e.key === "Escape" && shown) hide();
    const el = cardOf(e.target);
    if (el && (e.key === "Enter" || e.key === " ") && !follows(el)) {
      e.preventDefault();
      show(el, true);
    }
  });
  window.addEventListener("resize", () => { if (shown) place(shown); });
})();
