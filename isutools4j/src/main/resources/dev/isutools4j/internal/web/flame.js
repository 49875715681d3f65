// The flame graph, drawn as an icicle: the root on top, callees below their callers, each frame as
// wide as its samples. Reads the tree from an inline JSON script element (docs/SNAPSHOT.md, the
// profile section's "flame"), or, for a differential graph, {frames, kinds, frame, parent, before,
// after, beforeTotal, afterTotal}: widths are then the "after" values and colour is the change.
// Usage: <div class="flame" data-flame="ID"> with <script type="application/json" id="ID">, drawn
// on load; or window.isutoolsFlame.render(container, data).
(function () {
  'use strict';
  if (window.isutoolsFlame) { return; }

  var ROW = 18;          // px per stack level
  var MIN_WIDTH = 1;     // narrower frames (and so their callees) are not drawn
  var LABEL_WIDTH = 22;  // narrower frames get no text
  var CHAR_WIDTH = 6.9;  // of the 11.5px monospace labels, to choose between full and short names
  var KINDS = { r: 'root', a: 'app', f: 'framework or JDK', n: 'native or JVM', k: 'kernel' };
  var MATCH_COLOR = '#e040c0';

  // ---- the tree ----------------------------------------------------------------------------------

  // Nodes in preorder (a parent's index is below its children's), with children lists and depths.
  function Tree(frames, kinds, frame, parent, value, before, diff) {
    var n = frame.length;
    this.frames = frames;
    this.kinds = kinds;
    this.frame = frame;
    this.parent = parent;
    this.value = value;
    this.before = before;
    this.diff = diff;
    this.n = n;
    this.children = new Array(n);
    this.depth = new Int32Array(n);
    for (var i = 0; i < n; i++) {
      this.children[i] = [];
      var p = parent[i];
      if (i > 0 && p >= 0 && p < i) {
        this.children[p].push(i);
        this.depth[i] = this.depth[p] + 1;
      }
    }
  }
  Tree.prototype.name = function (i) { return String(this.frames[this.frame[i]]); };
  Tree.prototype.kind = function (i) { return i === 0 ? 'r' : (this.kinds.charAt(this.frame[i]) || 'f'); };

  function fromData(data) {
    var diff = !data.value && !!data.after;
    return new Tree(data.frames || [], data.kinds || '', data.frame || [], data.parent || [],
        diff ? data.after : data.value, diff ? data.before : null, diff);
  }

  // The same samples without framework and native frames: each kept frame hangs under its nearest
  // kept ancestor, and equal frames under one parent merge into one node (their subtrees are
  // disjoint, so their values add up without counting a sample twice). The root stays.
  function fold(t) {
    var map = new Int32Array(t.n);
    var frame = [], parent = [], value = [], before = t.diff ? [] : null;
    var index = new Map();
    for (var i = 0; i < t.n; i++) {
      var p = t.parent[i];
      if (i === 0) {
        frame.push(t.frame[0]); parent.push(-1); value.push(t.value[0]);
        if (before) { before.push(t.before[0]); }
        continue;
      }
      if (p < 0 || p >= i || map[p] < 0) { map[i] = -1; continue; }
      var into = map[p];
      var k = t.kind(i);
      if (k === 'f' || k === 'n') { map[i] = into; continue; }
      var key = into + ':' + t.frame[i];
      var j = index.get(key);
      if (j === undefined) {
        j = frame.length;
        index.set(key, j);
        frame.push(t.frame[i]); parent.push(into); value.push(0);
        if (before) { before.push(0); }
      }
      value[j] += t.value[i];
      if (before) { before[j] += t.before[i]; }
      map[i] = j;
    }
    return new Tree(t.frames, t.kinds, frame, parent, value, before, t.diff);
  }

  // ---- text --------------------------------------------------------------------------------------

  function escape(s) {
    return s.replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }
  function count(v) {
    return Math.round(v).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  }
  function bytes(v) {
    var units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    var i = 0;
    while (v >= 1024 && i < units.length - 1) { v /= 1024; i++; }
    return (i === 0 ? Math.round(v) : v.toFixed(1)) + ' ' + units[i];
  }
  function percent(fraction) {
    return (fraction * 100).toFixed(1) + ' %';
  }
  function points(delta) {
    return (delta >= 0 ? '+' : '\u2212') + Math.abs(delta * 100).toFixed(2) + ' pp';
  }
  // "dev.app.web.Markup.escape" -> "Markup.escape"; other names stay as they are.
  function shortName(name) {
    if (!/^[\w$.<>\-]+$/.test(name)) { return name; }
    var last = name.lastIndexOf('.');
    var cls = last > 0 ? name.lastIndexOf('.', last - 1) : -1;
    return cls >= 0 ? name.substring(cls + 1) : name;
  }
  function hash(s) {
    var h = 2166136261;
    for (var i = 0; i < s.length; i++) { h = Math.imul(h ^ s.charCodeAt(i), 16777619); }
    return ((h >>> 0) % 1000) / 1000;
  }

  // One hue family per kind; the name varies it a little so that neighbours stand apart.
  function kindColor(kind, name) {
    var v = hash(name);
    switch (kind) {
      case 'a': return 'hsl(' + Math.round(22 + 18 * v) + ',88%,' + Math.round(60 + 10 * v) + '%)';
      case 'f': return 'hsl(' + Math.round(195 + 20 * v) + ',52%,' + Math.round(74 + 8 * v) + '%)';
      case 'n': return 'hsl(' + Math.round(48 + 10 * v) + ',72%,' + Math.round(62 + 10 * v) + '%)';
      case 'k': return 'hsl(' + Math.round(268 + 18 * v) + ',45%,' + Math.round(72 + 8 * v) + '%)';
      default: return 'hsl(210,8%,82%)';
    }
  }

  // Red for a gained share, blue for a lost one; white at no change, full colour at the biggest.
  function diffColor(delta, scale) {
    var s = Math.min(1, Math.abs(delta) / scale);
    var light = Math.round(96 - 38 * s);
    return delta >= 0 ? 'hsl(2,' + Math.round(20 + 65 * s) + '%,' + light + '%)'
        : 'hsl(215,' + Math.round(20 + 65 * s) + '%,' + light + '%)';
  }

  function matcher(text) {
    if (!text) { return null; }
    var re = /^\/(.+)\/([a-z]*)$/.exec(text);
    // g and y would make test() resume where the last match ended; may throw: "invalid regex"
    if (re) { return new RegExp(re[1], re[2].replace(/[gy]/g, '')); }
    var lower = text.toLowerCase();
    return { test: function (s) { return s.toLowerCase().indexOf(lower) >= 0; } };
  }

  // ---- one graph ---------------------------------------------------------------------------------

  function FlameGraph(container, data) {
    this.container = container;
    this.unit = container.getAttribute('data-unit') || 'samples';
    this.full = fromData(data);
    this.folded = null;
    this.tree = this.full;
    this.zoomed = 0;
    this.search = null;
    this.matched = null;
    this.beforeTotal = data.beforeTotal || (this.full.before ? this.full.before[0] : 0);
    this.afterTotal = data.afterTotal || this.full.value[0];
    this.build();
    this.setTree(this.full);
  }

  FlameGraph.prototype.build = function () {
    var c = this.container;
    var legend = this.full.diff
        ? '<span class="flame-key" style="--c:' + diffColor(1, 1) + '">share gained</span>'
          + '<span class="flame-key" style="--c:' + diffColor(-1, 1) + '">share lost</span>'
        : ['a', 'f', 'n', 'k'].map(function (k) {
          return '<span class="flame-key" style="--c:' + kindColor(k, '') + '">' + KINDS[k] + '</span>';
        }).join('');
    c.innerHTML = '<div class="flame-bar">'
        + '<label><input type="checkbox" class="flame-fold"> fold framework frames (app code first)</label>'
        + '<input type="search" class="flame-search" placeholder="search: text or /regex/" aria-label="search frames">'
        + '<span class="flame-matched"></span>'
        + '<button type="button" class="flame-reset" disabled>reset zoom</button></div>'
        + '<div class="flame-graph"></div><div class="flame-legend">' + legend + '</div>'
        + '<div class="flame-tip" hidden></div>';
    this.graph = c.querySelector('.flame-graph');
    this.tip = c.querySelector('.flame-tip');
    this.matchedText = c.querySelector('.flame-matched');
    this.resetButton = c.querySelector('.flame-reset');
    var self = this;
    c.querySelector('.flame-fold').addEventListener('change', function (e) { self.fold(e.target.checked); });
    var timer = 0;
    var search = c.querySelector('.flame-search');
    search.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () { self.find(search.value); }, 120);
    });
    this.resetButton.addEventListener('click', function () { self.zoom(0); });
    this.graph.addEventListener('click', function (e) {
      var node = self.nodeAt(e.target);
      if (node >= 0) { self.zoom(node === self.zoomed ? 0 : node); }
    });
    this.graph.addEventListener('mousemove', function (e) { self.hover(self.nodeAt(e.target), e); });
    this.graph.addEventListener('mouseleave', function () { self.tip.hidden = true; });
    var width = 0;
    window.addEventListener('resize', function () {
      if (self.graph.clientWidth !== width) { width = self.graph.clientWidth; self.draw(); }
    });
  };

  FlameGraph.prototype.nodeAt = function (target) {
    var el = target instanceof Element ? target.closest('.fr') : null;
    return el ? Number(el.getAttribute('data-node')) : -1;
  };

  FlameGraph.prototype.setTree = function (tree) {
    this.tree = tree;
    this.zoomed = 0;
    if (tree.diff) {
      var max = 0;
      for (var i = 1; i < tree.n; i++) { max = Math.max(max, Math.abs(this.delta(i))); }
      this.scale = Math.max(max, 0.005);
    }
    this.find(this.searchText || '');
  };

  /** Switches between the whole tree and the one without framework and native frames. */
  FlameGraph.prototype.fold = function (on) {
    if (on && !this.folded) { this.folded = fold(this.full); }
    var box = this.container.querySelector('.flame-fold');
    box.checked = on;
    var scope = this.container.closest('[data-flame-scope]');
    if (scope) { scope.classList.toggle('flame-folded', on); }
    this.setTree(on ? this.folded : this.full);
  };

  /** Marks the frames whose name matches and sums their samples, each sample once. */
  FlameGraph.prototype.find = function (text) {
    this.searchText = text;
    var t = this.tree;
    var test;
    try {
      test = matcher(text);
    } catch (e) {
      this.matched = null;
      this.matchedText.textContent = 'invalid regex';
      this.draw();
      return;
    }
    if (!test) {
      this.matched = null;
      this.matchedText.textContent = '';
      this.draw();
      return;
    }
    var names = t.frames.map(function (name) { return test.test(String(name)); });
    var matched = new Uint8Array(t.n);
    var inside = new Uint8Array(t.n); // under a matched frame: its samples are counted there
    var sum = 0;
    for (var i = 1; i < t.n; i++) {
      var p = t.parent[i];
      if (p < 0 || p >= i) { continue; }
      inside[i] = inside[p] || matched[p];
      matched[i] = names[t.frame[i]] ? 1 : 0;
      if (matched[i] && !inside[i]) { sum += t.value[i]; }
    }
    this.matched = matched;
    this.matchedSum = sum;
    this.matchedInside = inside;
    this.showMatched();
    this.draw();
  };

  FlameGraph.prototype.showMatched = function () {
    if (!this.matched) { return; }
    var t = this.tree;
    var text = 'matched: ' + percent(t.value[0] > 0 ? this.matchedSum / t.value[0] : 0) + ' of '
        + (this.unit === 'bytes' ? 'bytes' : 'samples');
    var z = this.zoomed;
    if (z > 0 && t.value[z] > 0) {
      var sum = 0;
      if (this.matched[z] || this.matchedInside[z]) {
        sum = t.value[z];
      } else {
        var stack = [z];
        while (stack.length) {
          var i = stack.pop();
          if (this.matched[i]) { sum += t.value[i]; continue; }
          Array.prototype.push.apply(stack, t.children[i]);
        }
      }
      text += ' \u00b7 ' + percent(sum / t.value[z]) + ' of the zoomed frame';
    }
    this.matchedText.textContent = text;
  };

  /** Zooms to a node: it fills the width, its ancestors stay above it. 0 is the whole graph. */
  FlameGraph.prototype.zoom = function (node) {
    this.zoomed = node >= 0 && node < this.tree.n ? node : 0;
    this.resetButton.disabled = this.zoomed === 0;
    this.showMatched();
    this.draw();
  };

  FlameGraph.prototype.delta = function (i) {
    var t = this.tree;
    var before = this.beforeTotal > 0 ? t.before[i] / this.beforeTotal : 0;
    var after = this.afterTotal > 0 ? t.value[i] / this.afterTotal : 0;
    return after - before;
  };

  FlameGraph.prototype.color = function (i) {
    if (this.matched && this.matched[i]) { return MATCH_COLOR; }
    var t = this.tree;
    return t.diff ? diffColor(this.delta(i), this.scale) : kindColor(t.kind(i), t.name(i));
  };

  FlameGraph.prototype.box = function (html, i, x, w, extra) {
    var t = this.tree;
    var kind = t.kind(i);
    html.push('<div class="fr k-', kind, extra, w < 3 ? ' thin' : '',
        this.matched && this.matched[i] ? ' match' : '',
        '" data-node="', i, '" style="left:', x.toFixed(1), 'px;width:', w.toFixed(1), 'px;top:',
        t.depth[i] * ROW, 'px;background:', this.color(i), '">');
    if (w >= LABEL_WIDTH) {
      var name = t.name(i);
      html.push(escape(name.length * CHAR_WIDTH + 8 <= w ? name : shortName(name)));
    }
    html.push('</div>');
  };

  FlameGraph.prototype.draw = function () {
    var t = this.tree;
    var width = this.graph.clientWidth;
    var z = this.zoomed;
    var total = t.value[z];
    var html = [];
    var deepest = t.depth[z];
    for (var a = t.parent[z]; a >= 0; a = t.parent[a]) {
      this.box(html, a, 0, width, ' anc');
    }
    if (total > 0 && width > 0) {
      var nodes = [z], xs = [0];
      while (nodes.length) {
        var i = nodes.pop();
        var x = xs.pop();
        var w = t.value[i] / total * width;
        this.box(html, i, x, w, '');
        if (t.depth[i] > deepest) { deepest = t.depth[i]; }
        var children = t.children[i];
        for (var c = 0; c < children.length; c++) {
          var cw = t.value[children[c]] / total * width;
          if (cw >= MIN_WIDTH) { nodes.push(children[c]); xs.push(x); }
          x += cw;
        }
      }
    }
    this.graph.style.height = (deepest + 1) * ROW + 'px';
    this.graph.innerHTML = html.join('');
    this.tip.hidden = true; // its frame may be gone or changed; the next move shows it again
  };

  FlameGraph.prototype.hover = function (i, event) {
    var tip = this.tip;
    if (i < 0) { tip.hidden = true; return; }
    var t = this.tree;
    var unit = this.unit;
    var amount = function (v) { return unit === 'bytes' ? bytes(v) : count(v) + ' ' + unit; };
    var self = t.value[i];
    t.children[i].forEach(function (c) { self -= t.value[c]; });
    var lines = ['<div class="name">' + escape(t.name(i)) + '</div>',
        '<div class="muted">' + KINDS[t.kind(i)] + '</div>'];
    if (t.diff) {
      var before = this.beforeTotal > 0 ? t.before[i] / this.beforeTotal : 0;
      var after = this.afterTotal > 0 ? t.value[i] / this.afterTotal : 0;
      lines.push('<div>before ' + percent(before) + ' (' + amount(t.before[i]) + ') \u2192 after '
          + percent(after) + ' (' + amount(t.value[i]) + ')</div>',
          '<div>change ' + points(after - before) + ' of all</div>');
    } else {
      lines.push('<div>' + amount(t.value[i]) + ' \u00b7 ' + percent(t.value[i] / t.value[0])
          + ' of all' + (this.zoomed > 0 ? ' \u00b7 ' + percent(t.value[i] / t.value[this.zoomed])
          + ' of the zoomed frame' : '') + '</div>');
      lines.push('<div>self ' + amount(self) + ' \u00b7 ' + percent(self / t.value[0]) + '</div>');
    }
    tip.innerHTML = lines.join('');
    tip.hidden = false;
    var x = event.clientX + 14, y = event.clientY + 14;
    var r = tip.getBoundingClientRect();
    if (x + r.width > window.innerWidth - 4) { x = Math.max(4, event.clientX - r.width - 14); }
    if (y + r.height > window.innerHeight - 4) { y = Math.max(4, event.clientY - r.height - 14); }
    tip.style.left = x + 'px';
    tip.style.top = y + 'px';
  };

  // ---- the page ----------------------------------------------------------------------------------

  function render(container, data) {
    var graph = new FlameGraph(container, data);
    container.isutoolsFlame = graph;
    return {
      zoom: function (node) { graph.zoom(node); },
      reset: function () { graph.zoom(0); },
      search: function (text) { graph.find(text); },
      fold: function (on) { graph.fold(!!on); }
    };
  }

  function renderAll() {
    var containers = document.querySelectorAll('.flame[data-flame]');
    for (var i = 0; i < containers.length; i++) {
      var c = containers[i];
      if (c.isutoolsFlame) { continue; }
      var blob = document.getElementById(c.getAttribute('data-flame'));
      if (blob) { render(c, JSON.parse(blob.textContent)); }
    }
  }

  window.isutoolsFlame = { render: render };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', renderAll);
  } else {
    renderAll();
  }
})();
