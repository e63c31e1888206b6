/// The review page: one HTML file with its script. The list comes first (`/api/items`), an item's panel when it is
/// opened, and its pictures as the browser reaches them; every frame is a PNG the server drew. The two films play
/// in lockstep: a frame pair is shown only once both of its pictures have loaded. Every request carries the
/// launch's token (a header, or `token=` in a picture's address).
enum ReviewPage {
    static func html(token: String) -> String { template.replacingOccurrences(of: "__TOKEN__", with: token) }

    private static let template = #"""
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>render-gif review</title>
<style>
body{font:14px system-ui,sans-serif;margin:0;background:#f4f5f2;color:#222}
header{background:#1f5f4a;color:#fff;padding:8px 16px;display:flex;gap:16px;align-items:baseline}
header h1{font-size:16px;margin:0}header .keys{opacity:.8;font-size:12px;margin-left:auto}
main{display:grid;grid-template-columns:260px minmax(0,1fr);gap:12px;padding:12px}
#list,#snaps{list-style:none;margin:0;padding:0}#list li,#snaps li{background:#fff;border:1px solid #ccc;margin-bottom:4px;padding:6px 8px;cursor:pointer}
#list li.current{border-color:#1f5f4a;box-shadow:inset 4px 0 #1f5f4a}#list li .state{float:right;font-size:12px}
#list li.accepted{opacity:.6}#list li.accepted .state{color:#1f7a3a}#list li.rejected .state{color:#a33}
.badge{display:inline-block;font-size:11px;padding:0 4px;margin-right:3px;border-radius:3px;background:#eee}
.badge.differs{background:#fbd3c4}.badge.missing{background:#fdf0b8}
section{background:#fff;border:1px solid #ccc;padding:8px 10px;margin-bottom:12px}
h2{font-size:13px;margin:0 0 6px;text-transform:uppercase;letter-spacing:.05em;color:#1f5f4a}
.films{display:grid;grid-template-columns:1fr 1fr;gap:8px}.films figure{margin:0;position:relative}
.films img{width:100%;max-width:480px;border:1px solid #ccc;background:#fff;display:block}figcaption{font-size:12px;color:#555}
#diffFrame{position:absolute;left:0;top:18px;opacity:.9;display:none;pointer-events:none}
.bar{display:flex;gap:6px;align-items:center;margin:8px 0;flex-wrap:wrap}button{padding:4px 10px}
#timeline{position:relative;flex:1;min-width:240px}#scrub{width:100%}
#marker{position:absolute;top:-6px;width:2px;height:10px;background:#c33;display:none}
#time{font-family:monospace;min-width:200px}#firstDifference{color:#a33;font-family:monospace}
.strip img{max-width:32%;border:1px solid #ccc;vertical-align:top}
table{border-collapse:collapse;font:12px monospace}td,th{border:1px solid #ddd;padding:2px 6px}td.changed{background:#fbd3c4;font-weight:bold}
.curves svg{border:1px solid #ddd;margin:2px;background:#fff}
#messages,.messages{white-space:pre-wrap;font:12px monospace;color:#733}
.snapFiles{display:grid;grid-template-columns:1fr 1fr 1fr;gap:6px}.snapFiles img{max-width:100%;border:1px solid #ccc}.snapFiles pre{font:11px monospace;overflow:auto;max-height:400px;border:1px solid #ddd;margin:0}
#status{font-size:12px}
</style></head>
<body>
<header><h1>render-gif review</h1><span id="summary"></span><span id="status"></span>
<span class="keys">j/k next/previous · a accept · r reject · space play · ←/→ step</span></header>
<main>
<div><div class="bar"><button id="acceptShown">Accept all shown</button>
<label><input id="pendingOnly" type="checkbox"> pending only</label></div>
<ul id="list"></ul><div id="problems"></div>
<div id="snapsBox" hidden><h2>Snapshot failures (--artifacts)</h2><ul id="snaps" class="list"></ul></div></div>
<div id="snapPanel" hidden>
<section><h2 id="snapName"></h2><div id="snapMessage" class="messages"></div>
<div class="bar"><button id="snapAccept">Accept (a)</button><button id="snapReject">Reject (r)</button><span id="snapState"></span></div></section>
<section><h2>Expected | actual | difference</h2><div id="snapFiles" class="snapFiles"></div></section>
</div>
<div id="panel" hidden>
<section><h2 id="name"></h2><div id="messages"></div>
<div class="bar"><button id="accept">Accept (a)</button><span id="kindButtons"></span><button id="reject">Reject (r)</button><span id="itemState"></span></div></section>
<section><h2>Expected | actual</h2>
<div class="films"><figure><figcaption>expected (the goldens)</figcaption><img id="expectedFrame" alt="expected"></figure>
<figure><figcaption>actual (the scene now)</figcaption><img id="actualFrame" alt="actual"><img id="diffFrame" alt="difference"></figure></div>
<div class="bar"><button id="play">Play</button><button id="prev" title="previous frame">◀</button><button id="next" title="next frame">▶</button>
<div id="timeline"><div id="marker"></div><input id="scrub" type="range" min="0" max="0" value="0"></div>
<span id="time"></span></div>
<div class="bar"><label><input id="showDiff" type="checkbox"> difference overlay</label>
<span>speed <select id="speed"><option>0.25</option><option>0.5</option><option selected>1</option><option>1.5</option><option>2</option></select>×</span>
<button id="gotoFirst">Go to the first difference</button> <span id="firstDifference"></span></div></section>
<section class="strip"><h2>Filmstrip: expected | actual | difference</h2><div id="strips"></div></section>
<section><h2>Timing</h2><table id="timing"></table></section>
<section class="curves"><h2>Motion of the changed views (expected dashed, actual solid)</h2><div id="curves"></div></section>
</div>
</main>
<script>
"use strict";
const TOKEN = "__TOKEN__";
const $ = id => document.getElementById(id);
let items = [], snaps = [], snap = null, current = -1, detail = null, frame = 0, playing = false, timer = null, shown = -1;
function api(path, body) {
  const init = {headers: {"X-Review-Token": TOKEN}};
  if (body !== undefined) { init.method = "POST"; init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
  return fetch(path, init).then(r => r.json().then(j => { if (!r.ok) throw new Error(j.error || r.status); return j; }));
}
function picture(path) { return path + "?token=" + TOKEN; }
function visible() { return items.filter(i => !$("pendingOnly").checked || i.state === "pending"); }
function status(text) { $("status").textContent = text; }
function renderList() {
  const list = $("list"); list.textContent = "";
  for (const item of visible()) {
    const li = document.createElement("li");
    li.className = item.state + (current >= 0 && items[current].id === item.id ? " current" : "");
    li.dataset.id = item.id;
    const state = document.createElement("span"); state.className = "state"; state.textContent = item.state; li.append(state);
    const name = document.createElement("div"); name.textContent = item.name; li.append(name);
    for (const [kind, verdict] of Object.entries(item.verdicts)) if (verdict !== "matches") {
      const b = document.createElement("span"); b.className = "badge " + verdict; b.textContent = kind + " " + verdict; li.append(b);
    }
    li.onclick = () => open(items.findIndex(i => i.id === item.id));
    list.append(li);
  }
}
function load() {
  return api("/api/items").then(j => {
    items = j.items;
    $("summary").textContent = items.length + " of " + j.scenes + " scenes differ from their goldens";
    $("problems").textContent = (j.problems || []).concat(j.snapshotProblems || []).join("\n");
    snaps = j.snapshots || []; $("snapsBox").hidden = !snaps.length;
    renderList(); renderSnaps();
    if (items.length) open(0); else if (snaps.length) openSnap(snaps[0].id);
  }).catch(e => status(e.message));
}
function renderSnaps() {
  const list = $("snaps"); list.textContent = "";
  for (const f of snaps) {
    const li = document.createElement("li"); li.className = f.state + (snap && snap.id === f.id ? " current" : ""); li.dataset.id = f.id;
    const state = document.createElement("span"); state.className = "state"; state.textContent = f.state; li.append(state);
    const name = document.createElement("div"); name.textContent = f.name + " (" + f.kind + ")"; li.append(name);
    li.onclick = () => openSnap(f.id); list.append(li);
  }
}
function openSnap(id) {
  pause(); snap = snaps.find(f => f.id === id); if (!snap) return;
  current = -1; renderList(); renderSnaps();
  $("panel").hidden = true; $("snapPanel").hidden = false;
  $("snapName").textContent = snap.name + " (" + snap.kind + ")"; $("snapMessage").textContent = snap.message;
  $("snapState").textContent = snap.state === "pending" ? (snap.canAccept ? "" : "this failure names no snapshot file: it cannot be accepted") : snap.state;
  const box = $("snapFiles"); box.textContent = "";
  for (const which of ["expected", "actual", "difference"]) {
    if (which === "difference" && !snap.hasDifference) continue;
    const path = "/api/snapshots/" + snap.id + "/" + which;
    if (["filmstrip", "frame", "image"].includes(snap.kind)) {
      const img = document.createElement("img"); img.alt = which; img.src = picture(path); box.append(img);
    } else {
      const pre = document.createElement("pre"); pre.dataset.which = which; box.append(pre);
      fetch(path, {headers: {"X-Review-Token": TOKEN}}).then(r => r.text()).then(t => { pre.textContent = t; });
    }
  }
}
function decideSnap(verb) {
  if (!snap) return;
  const id = snap.id;
  return api("/api/snapshots/" + id + "/" + verb, {}).then(row => {
    snaps = snaps.map(f => f.id === id ? row : f); if (snap && snap.id === id) { snap = row; $("snapState").textContent = row.state; }
    renderSnaps(); status(verb + "ed " + row.name);
  }).catch(e => status(e.message));
}
function open(index) {
  if (index < 0 || index >= items.length) return;
  pause(); current = index; snap = null; $("snapPanel").hidden = true; renderList(); renderSnaps();
  const item = items[index];
  api("/api/items/" + item.id).then(d => {
    if (items[current].id !== d.id) return;
    detail = d; $("panel").hidden = false;
    $("name").textContent = d.name; $("messages").textContent = d.messages.join("\n");
    showState(d);
    const kinds = $("kindButtons"); kinds.textContent = "";
    for (const [kind, verdict] of Object.entries(d.verdicts)) if (verdict !== "matches") {
      const b = document.createElement("button"); b.textContent = "Accept " + kind; b.dataset.kind = kind;
      b.onclick = () => accept([kind]); kinds.append(b);
    }
    $("scrub").max = d.times.length - 1;
    const marker = $("marker");
    if (d.firstDifferenceFrame !== undefined) {
      marker.style.display = "block";
      marker.style.left = (100 * d.firstDifferenceFrame / Math.max(1, d.times.length - 1)) + "%";
      $("firstDifference").textContent = "first difference at t=" + d.firstDifference.toFixed(3) + " s";
    } else { marker.style.display = "none"; $("firstDifference").textContent = "no difference in the motion"; }
    shown = -1; frame = 0; seek(0);
    const strips = $("strips"); strips.textContent = "";
    for (const which of ["expected", "actual", "difference"]) {
      if (d.verdicts.filmstrip === "missing" && which !== "actual") continue;
      const img = document.createElement("img"); img.loading = "lazy"; img.alt = which; img.src = picture("/api/items/" + d.id + "/strip/" + which);
      strips.append(img);
    }
    renderTiming(d.timing); renderCurves(d);
  }).catch(e => status(e.message));
}
function showState(d) { $("itemState").textContent = d.state === "pending" ? "" : d.state + (d.accepted.length ? " (" + d.accepted.join(", ") + ")" : ""); }
function renderTiming(rows) {
  const t = $("timing"); t.textContent = "";
  const head = t.insertRow(), sub = t.insertRow();
  for (const [text, span] of [["view", 1], ["expected", 3], ["actual", 3]]) { const th = document.createElement("th"); th.textContent = text; th.colSpan = span; head.append(th); }
  for (const h of ["", "start", "duration", "settles", "start", "duration", "settles"]) { const th = document.createElement("th"); th.textContent = h; sub.append(th); }
  for (const row of rows) {
    const tr = t.insertRow(); tr.insertCell().textContent = row.view;
    for (const side of ["expected", "actual"]) for (let c = 0; c < 3; c++) {
      const td = tr.insertCell(); td.textContent = row[side][c] || "";
      if (row.changed.includes(c)) td.className = "changed";
    }
  }
}
function renderCurves(d) {
  const box = $("curves"); box.textContent = "";
  if (!d.curves.length) { box.textContent = "no view's motion changed"; return; }
  const NS = "http://www.w3.org/2000/svg", W = 300, H = 120, P = 6;
  for (const c of d.curves) {
    const all = c.expected.concat(c.actual).filter(v => v !== null);
    const lo = Math.min(...all), hi = Math.max(...all), span = hi - lo || 1;
    const end = Math.max(c.expectedTimes[c.expectedTimes.length - 1] || 0, c.actualTimes[c.actualTimes.length - 1] || 0) || 1;
    const svg = document.createElementNS(NS, "svg"); svg.setAttribute("width", W); svg.setAttribute("height", H + 14);
    const label = document.createElementNS(NS, "text"); label.setAttribute("x", 4); label.setAttribute("y", 12); label.setAttribute("font-size", 11);
    label.textContent = c.view + " " + c.key; svg.append(label);
    for (const [values, times, dash, colour] of [[c.expected, c.expectedTimes, "5 4", "#555"], [c.actual, c.actualTimes, "", "#c33"]]) {
      const pts = values.map((v, i) => v === null ? null : (P + (W - 2 * P) * times[i] / end).toFixed(1) + "," + (14 + P + (H - 2 * P) * (1 - (v - lo) / span)).toFixed(1)).filter(p => p);
      const line = document.createElementNS(NS, "polyline"); line.setAttribute("points", pts.join(" "));
      line.setAttribute("fill", "none"); line.setAttribute("stroke", colour); line.setAttribute("stroke-width", 1.5);
      if (dash) line.setAttribute("stroke-dasharray", dash);
      line.dataset.side = dash ? "expected" : "actual"; svg.append(line);
    }
    box.append(svg);
  }
}
// Both pictures of a frame are loaded before either is shown: the films never drift apart.
let loading = null;
function seek(index) {
  if (!detail) return Promise.resolve();
  index = Math.max(0, Math.min(detail.times.length - 1, index)); frame = index;
  const base = "/api/items/" + detail.id + "/frame/", id = detail.id;
  const pair = ["expected", "actual", "difference"].map(w => { const img = new Image(); img.src = picture(base + w + "/" + index); return img; });
  const wanted = loading = Promise.all(pair.map(i => i.decode())).then(() => {
    if (loading !== wanted || !detail || detail.id !== id) return;
    $("expectedFrame").src = pair[0].src; $("actualFrame").src = pair[1].src; $("diffFrame").src = pair[2].src;
    shown = index; $("scrub").value = index;
    $("time").textContent = "t=" + detail.times[index].toFixed(3) + " s  frame " + index + "/" + (detail.times.length - 1);
    $("time").dataset.frame = index;
  }).catch(e => status("frame " + index + ": " + e.message));
  return wanted;
}
function tick() {
  if (!playing || !detail) return;
  const next = frame + 1 >= detail.times.length ? 0 : frame + 1;
  seek(next).then(() => { if (playing) timer = setTimeout(tick, 50 / Number($("speed").value)); });
}
function play() { if (playing || !detail) return; playing = true; $("play").textContent = "Pause"; tick(); }
function pause() { playing = false; clearTimeout(timer); $("play").textContent = "Play"; }
function accept(kinds) {
  if (current < 0) return;
  const item = items[current];
  return api("/api/items/" + item.id + "/accept", kinds ? {kinds} : {}).then(j => { update(j); status("accepted " + item.name); }).catch(e => status(e.message));
}
function reject() {
  if (current < 0) return;
  const item = items[current];
  return api("/api/items/" + item.id + "/reject", {}).then(j => { update(j); status("rejected " + item.name); }).catch(e => status(e.message));
}
function update(summary) {
  const i = items.findIndex(x => x.id === summary.id); if (i < 0) return;
  items[i] = summary; if (detail && detail.id === summary.id) { Object.assign(detail, summary); showState(detail); }
  renderList();
}
function move(by) {
  const list = visible(); if (!list.length) return;
  const at = current < 0 ? -1 : list.findIndex(i => i.id === items[current].id);
  const next = list[Math.max(0, Math.min(list.length - 1, at + by))];
  open(items.findIndex(i => i.id === next.id));
}
$("play").onclick = () => playing ? pause() : play();
$("prev").onclick = () => { pause(); seek(frame - 1); };
$("next").onclick = () => { pause(); seek(frame + 1); };
$("scrub").oninput = () => { pause(); seek(Number($("scrub").value)); };
$("showDiff").onchange = () => { $("diffFrame").style.display = $("showDiff").checked ? "block" : "none"; };
$("gotoFirst").onclick = () => { pause(); if (detail && detail.firstDifferenceFrame !== undefined) seek(detail.firstDifferenceFrame); };
$("accept").onclick = () => accept();
$("snapAccept").onclick = () => decideSnap("accept");
$("snapReject").onclick = () => decideSnap("reject");
$("reject").onclick = () => reject();
$("pendingOnly").onchange = renderList;
$("acceptShown").onclick = () => {
  const ids = visible().filter(i => i.state !== "accepted").map(i => i.id);
  if (!ids.length) return;
  if (!confirm("Accept the goldens of " + ids.length + " scene(s) shown? Their golden files are overwritten.")) return;
  api("/api/accept", {ids}).then(j => { j.items.forEach(update); status("accepted " + j.items.length + " scenes"); }).catch(e => status(e.message));
};
document.addEventListener("keydown", e => {
  if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT" || e.ctrlKey || e.metaKey || e.altKey) return;
  const keys = {j: () => move(1), k: () => move(-1), a: () => snap ? decideSnap("accept") : accept(), r: () => snap ? decideSnap("reject") : reject(), " ": () => playing ? pause() : play(),
                ArrowLeft: () => { pause(); seek(frame - 1); }, ArrowRight: () => { pause(); seek(frame + 1); }};
  if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
});
load();
</script>
</body></html>
"""#
}
