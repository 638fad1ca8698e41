"""The page: one HTML file with its style and script inline (no external assets).

Phone-first: the countdown fills the width in portrait; on a wide screen (a TV) the clock and the
tables sit side by side. The script counts down from the end times in the state and the server's
time offset, follows `/events`, and only ever writes text (textContent), never HTML.
"""

from __future__ import annotations

import html
import json
from functools import cache

from clockapp.i18n import N_, current_language, using_language
from clockapp.i18n import gettext as _

#: The page's own words, by the key its template and script use.
WORDS = {
    "title": N_("Tournament clock"),
    "players_left": N_("Players left"),
    "average_stack": N_("Average stack"),
    "prize_pool": N_("Prize pool"),
    "entries": N_("Entries"),
    "find_seat": N_("Find my seat"),
    "type_name": N_("Type your name"),
    "your_name": N_("Your name"),
    "payouts": N_("Payouts"),
    "footer": N_("Read-only view · updates by itself"),
    "break": N_("Break"),
    "next": N_("Next: {item}"),
    "seat": N_("{table}, seat {seat}"),
    "no_match": N_("No seated player by that name"),
    "seated": N_("Players seated: {count}"),
    "no_tournament": N_("No tournament"),
    "page_title": N_("{name} · clock"),
    "lost": N_("Connection lost"),
    "winner": N_("Winner: {name}"),
    "final_places": N_("Final places"),
    "hand_for_hand": N_("Hand-for-hand."),
    "reconnecting": N_("Reconnecting…"),
    "tournament": N_("Tournament"),
    "winner_by_deal": N_("Winner: {name} · by a deal"),
}

PAGE = """<!doctype html>
<html lang="⟦lang⟧">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="dark">
<title>⟦title⟧</title>
<style>
*{box-sizing:border-box}
html,body{margin:0;background:#0d1117;color:#e6edf3;
 font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif}
main{max-width:1400px;margin:0 auto;padding:12px 14px 28px}
header{display:flex;align-items:center;gap:10px;justify-content:space-between}
h1{font-size:1.15rem;margin:0;font-weight:600;overflow:hidden;text-overflow:ellipsis;
 white-space:nowrap}
.pill{font-size:.8rem;padding:3px 10px;border-radius:99px;background:#30363d;white-space:nowrap}
.pill.running{background:#1f6f3a}.pill.paused,.pill.stopped{background:#8a5a00}
.pill.stale{background:#8b1d1d}
.clock{text-align:center;padding:10px 0 6px}
#level{font-size:1.6rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;
 color:#7ee787}
#level.break{color:#79c0ff}
#countdown{font-size:min(27vw,11rem);font-weight:800;line-height:1.02;
 font-variant-numeric:tabular-nums;letter-spacing:-.02em}
#countdown.paused{color:#d29922}
#blinds{font-size:min(12vw,4.2rem);font-weight:700;font-variant-numeric:tabular-nums;
 color:#ffd166}
#ante{font-size:1.4rem;color:#c9d1d9;min-height:1.4em}
#message{color:#d29922;min-height:1.2em;margin-top:4px}
#ante:empty,#message:empty{display:none}
#next{margin-top:8px;font-size:1.1rem;color:#8b949e}
.grid{display:grid;grid-template-columns:repeat(2,1fr);gap:8px;margin:12px 0}
.stat{background:#161b22;border-radius:10px;padding:10px 12px}
.stat b{display:block;font-size:1.45rem;font-variant-numeric:tabular-nums}
.stat span{font-size:.8rem;color:#8b949e;text-transform:uppercase;letter-spacing:.05em}
section{background:#161b22;border-radius:10px;padding:10px 12px;margin:10px 0}
h2{font-size:.85rem;margin:0 0 8px;color:#8b949e;text-transform:uppercase;letter-spacing:.06em}
ol{margin:0;padding:0;list-style:none;columns:2;column-gap:18px}
ol li{display:flex;justify-content:space-between;padding:2px 0;break-inside:avoid}
input{width:100%;font-size:1.1rem;padding:10px 12px;border-radius:8px;border:1px solid #30363d;
 background:#0d1117;color:#e6edf3}
#found{list-style:none;margin:8px 0 0;padding:0}
#found li{display:flex;justify-content:space-between;gap:8px;padding:8px 0;
 border-bottom:1px solid #21262d;font-size:1.1rem}
#found li b{white-space:nowrap}
.muted{color:#8b949e}
footer{text-align:center;color:#6e7681;font-size:.8rem;margin-top:14px}
@media (min-width:900px) and (orientation:landscape){
 main{display:grid;grid-template-columns:3fr 2fr;gap:0 2.5vw;max-width:none;padding:2vh 2.5vw}
 header,footer{grid-column:1/-1}
 h1{font-size:3.4vh}.pill{font-size:2.2vh}
 #level{font-size:5.5vh}
 #countdown{font-size:min(15vw,32vh)}
 #blinds{font-size:10vh}
 #ante{font-size:4vh}
 #message,#next{font-size:3.4vh}
 .grid{grid-template-columns:repeat(4,1fr)}
 .stat b{font-size:4.6vh}.stat span{font-size:1.8vh}
 section{font-size:2.8vh}h2{font-size:2vh}input{font-size:2.8vh}
 #found li{font-size:2.8vh}
}
</style>
</head>
<body>
<main>
<header><h1 id="name">Tournament clock</h1>
<span id="status" class="pill">Connecting…</span></header>
<div>
<div class="clock">
<div id="level">&nbsp;</div>
<div id="countdown">--:--</div>
<div id="blinds">&nbsp;</div>
<div id="ante"></div>
<div id="message"></div>
<div id="next"></div>
</div>
<div class="grid">
<div class="stat" id="playersbox"><b id="players">–</b><span>⟦players_left⟧</span></div>
<div class="stat"><b id="average">–</b><span>⟦average_stack⟧</span></div>
<div class="stat"><b id="pool">–</b><span>⟦prize_pool⟧</span></div>
<div class="stat"><b id="entries">–</b><span>⟦entries⟧</span></div>
</div>
</div>
<div>
<section id="seatbox"><h2>⟦find_seat⟧</h2>
<input id="seek" type="search" placeholder="⟦type_name⟧" autocomplete="off"
 aria-label="⟦your_name⟧">
<ul id="found"></ul></section>
<section id="paybox"><h2 id="payhead">⟦payouts⟧</h2><ol id="payouts"></ol>
<div id="registration" class="muted"></div></section>
</div>
<footer>⟦footer⟧</footer>
</main>
<script>
"use strict";
const T = ⟦words⟧;
let state = null, offset = 0, heard = Date.now(), shownKey = "";
const $ = (id) => document.getElementById(id);
const now = () => Date.now() + offset;
function clockText(ms) {
  const s = Math.ceil(Math.max(0, ms) / 1000), h = Math.floor(s / 3600);
  const m = Math.floor(s % 3600 / 60), r = s % 60, p = (n) => String(n).padStart(2, "0");
  return h ? h + ":" + p(m) + ":" + p(r) : p(m) + ":" + p(r);
}
function setText(id, text) { const el = $(id); if (el.textContent !== text) el.textContent = text; }
function currentItem() {
  const c = state.clock, items = c.items;
  if (!c.running) return [0, items[0].ms, items[0].overtime || 0];
  const t = now();
  for (let i = 0; i < items.length; i++) {
    const it = items[i];
    if (t < it.ends) return [i, it.ends - t, 0];
    if (it.last) return [i, 0, (it.overtime || 0) + t - it.ends];
  }
  return [items.length - 1, 0, 0];
}
function describe(it) {
  if (it.break) return it.name;
  return it.name + " · " + it.blinds + (it.ante ? " · " + it.ante : "");
}
function tick() {
  if (!state || state.empty || !state.clock || !state.clock.items.length) return;
  const [i, left, over] = currentItem(), it = state.clock.items[i];
  setText("countdown", over > 0 ? "+" + clockText(over) : clockText(left));
  const key = i + "|" + JSON.stringify(it);
  if (key === shownKey) return;
  shownKey = key;
  setText("level", it.name);
  $("level").className = it.break ? "break" : "";
  setText("blinds", it.break ? T.break : it.blinds);
  setText("ante", it.ante);
  const nx = state.clock.items[i + 1];
  setText("next", nx ? T.next.replace("{item}", describe(nx)) : "");
}
function renderSeats() {
  const list = $("found"), q = $("seek").value.trim().toLowerCase();
  const seats = (state && state.seats) || [];
  const hits = q ? seats.filter((s) => s.name.toLowerCase().includes(q)) : [];
  list.replaceChildren();
  for (const s of hits.slice(0, 20)) {
    const li = document.createElement("li"), n = document.createElement("span");
    const b = document.createElement("b");
    n.textContent = s.name;
    b.textContent = T.seat.replace("{table}", s.table).replace("{seat}", s.seat);
    li.append(n, b); list.append(li);
  }
  if (q && !hits.length) {
    const li = document.createElement("li");
    li.className = "muted"; li.textContent = T.no_match;
    list.append(li);
  }
  if (!q) {
    const li = document.createElement("li");
    li.className = "muted";
    li.textContent = seats.length ? T.seated.replace("{count}", seats.length) : T.no_seats;
    list.append(li);
  }
}
function render() {
  shownKey = "";
  setText("name", state.tournament || T.no_tournament);
  document.title = T.page_title.replace("{name}", state.tournament || T.tournament);
  const st = $("status");
  if (state.stale) { st.textContent = T.lost; st.className = "pill stale"; }
  else if (state.empty) { st.textContent = T.no_tournament; st.className = "pill"; }
  else {
    st.textContent = state.clock.status_text;
    st.className = "pill " + state.clock.status.replace(/_.*/, "");
  }
  if (state.empty) return;
  $("countdown").className = state.clock.running ? "" : "paused";
  const f = state.field;
  const won = f.by_deal ? T.winner_by_deal : T.winner;
  setText("message", f.winner ? won.replace("{name}", f.winner) : state.clock.message);
  // Once it is over the wall shows the winner, not who is left: the page does the same.
  $("playersbox").hidden = f.over;
  if (!f.over) setText("players", f.players_left + (f.entries ? " / " + f.entries : ""));
  setText("average", f.average_stack);
  setText("pool", f.prize_pool || "–");
  setText("entries", String(f.entries));
  const pay = $("payouts");
  pay.replaceChildren();
  setText("payhead", f.over ? T.final_places : T.payouts);
  const paid = f.over ? f.final.map((p) => ({place: p.place + " " + p.name, amount: p.amount}))
    : f.payouts;
  for (const p of paid) {
    const li = document.createElement("li"), a = document.createElement("span");
    const b = document.createElement("b");
    a.textContent = p.place; b.textContent = p.amount; li.append(a, b); pay.append(li);
  }
  $("paybox").hidden = !paid.length && !f.registration && !f.waiting;
  const line = [f.hand_for_hand ? T.hand_for_hand : "", f.registration].filter(Boolean);
  const waiting = f.waiting ? (f.registration ? " · " : "") + f.waiting : "";
  setText("registration", line.join(" ") + waiting);
  renderSeats();
  tick();
}
function take(data) {
  const m = JSON.parse(data);
  offset = m.now - Date.now();
  heard = Date.now();
  if (m.state) { state = m.state; render(); }
}
let source = null;
function connect() {
  if (source) source.close();
  source = new EventSource("/events");
  source.addEventListener("state", (e) => take(e.data));
  source.addEventListener("heartbeat", (e) => take(e.data));
  source.onerror = () => { const st = $("status"); st.textContent = T.reconnecting;
    st.className = "pill stale"; };
}
$("seek").addEventListener("input", renderSeats);
setInterval(() => {
  tick();
  if (Date.now() - heard > 40000) { heard = Date.now(); connect(); }  // a silent stream
}, 200);
connect();
</script>
</body>
</html>
"""


@cache
def page_bytes(language: str) -> bytes:
    """The page in `language` (a catalog code): its words in the HTML and in the script's `T`.

    >>> b"Players left" in page_bytes("en") and b'lang="en"' in page_bytes("en")
    True
    """
    with using_language(language):
        words = {key: _(text) for key, text in WORDS.items()}
        code = current_language()
    text = PAGE.replace("⟦lang⟧", code.replace("_", "-"))
    # In the script, JSON with "<" escaped so no word can close the script element.
    text = text.replace("⟦words⟧", json.dumps(words, ensure_ascii=False).replace("<", "\\u003c"))
    for key, word in words.items():
        text = text.replace(f"⟦{key}⟧", html.escape(word))
    return text.encode()
