// An online table's page: listens to the table's live feed (server-sent events) and, each time the
// table changes, fetches the changing part of the page again. EventSource reconnects by itself after
// a lost connection or a server restart; the page then catches up at once.
"use strict";
(function () {
  const script = document.currentScript;
  const token = script.dataset.token;
  const holder = document.getElementById("part-holder");
  const live = document.getElementById("live");
  let shown = holder.querySelector("#table-part")?.dataset.version;
  let busy = false;
  const toLatest = () => { const log = document.getElementById("log"); if (log) log.scrollTop = log.scrollHeight; };
  toLatest();
  let again = false;

  async function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const response = await fetch(`/t/${token}/part`, {cache: "no-store"});
      if (response.ok) {
        const html = await response.text();
        const active = document.activeElement && document.activeElement.closest("#decision");
        holder.innerHTML = html;
        shown = holder.querySelector("#table-part")?.dataset.version;
        for (const el of holder.querySelectorAll("[data-card]")) {
          if (!el.hasAttribute("tabindex") && !el.closest("a[href], button")) el.tabIndex = 0;
        }
        if (active) holder.querySelector("#decision button")?.focus();
        toLatest();
      }
    } catch (e) {
      // the server is away: the feed reconnects and calls again
    } finally {
      busy = false;
      if (again) { again = false; refresh(); }
    }
  }

  const feed = new EventSource(`/api/t/${token}/events`);
  feed.onopen = () => { live.textContent = "live"; live.className = "ok"; };
  feed.onerror = () => { live.textContent = "reconnecting…"; live.className = "bad"; };
  feed.onmessage = event => { if (event.data !== shown) refresh(); };
})();
