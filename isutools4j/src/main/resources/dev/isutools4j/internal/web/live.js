// The open run as it goes: polls the live state every second or so and updates the figures, the
// top SQL and routes and the machine charts in place. One poll at a time; stops when the run closes.
(function () {
  var STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400];
  var EVERY_MS = 1000;
  var banner = document.querySelector('[data-live]');
  if (!banner || !window.fetch) { return; }
  var stateBlob = document.getElementById('live-state');
  var state = stateBlob ? JSON.parse(stateBlob.textContent) : null;
  var since = state ? state.since : +(banner.getAttribute('data-since') || 0);
  var run = banner.getAttribute('data-run');
  var data = null;

  function num(v) {
    return Math.round(v).toLocaleString('en').replace(/,/g, '\u202f');
  }
  function rate(v) { return v === null || v === undefined ? '\u2014' : (v >= 100 ? num(v) : v.toFixed(1)); }
  function ms(v) {
    if (v === null || v === undefined) { return '\u2014'; }
    if (v < 1) { return Math.round(v * 1000) + ' \u00b5s'; }
    if (v < 10) { return v.toFixed(2) + ' ms'; }
    if (v < 1000) { return v.toFixed(1) + ' ms'; }
    return (v / 1000).toFixed(2) + ' s';
  }
  function bytes(v) {
    var units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    var i = 0;
    while (Math.abs(v) >= 1024 && i < units.length - 1) { v /= 1024; i++; }
    return (i === 0 ? Math.round(v) : v.toFixed(1)) + ' ' + units[i];
  }
  function format(unit, v) {
    switch (unit) {
      case 'pct': return v.toFixed(1) + ' %';
      case 'rate': return num(v) + '/s';
      case 'b': return bytes(v);
      case 'bps': return bytes(v) + '/s';
      case 'ms': return ms(v);
      case 'msps': return ms(v) + '/s';
      default: return num(v);
    }
  }
  function text(id, value) {
    var el = document.getElementById(id);
    if (el) { el.textContent = value; }
  }
  function cell(tr, value, right) {
    var td = document.createElement('td');
    if (right) { td.className = 'r'; td.textContent = value; } else {
      var code = document.createElement('code');
      code.textContent = value;
      td.appendChild(code);
    }
    tr.appendChild(td);
    return td;
  }
  function rows(id, list, fill) {
    var body = document.querySelector('#' + id + ' tbody');
    if (!body) { return; }
    var fresh = document.createElement('tbody');
    list.forEach(function (r) {
      var tr = document.createElement('tr');
      fill(tr, r);
      fresh.appendChild(tr);
    });
    body.parentNode.replaceChild(fresh, body);
  }

  function nice(value) {
    if (!(value > 0)) { return 1; }
    var power = Math.pow(10, Math.floor(Math.log10(value)));
    var ms = [1, 2, 2.5, 5, 10];
    for (var i = 0; i < ms.length; i++) { if (ms[i] * power >= value * (1 - 1e-12)) { return ms[i] * power; } }
    return 10 * power;
  }
  function binary(value) {
    if (!(value > 1024)) { return 1024; }
    var base = Math.pow(1024, Math.floor(Math.log(value) / Math.log(1024)));
    var m = 1;
    while (m * base < value * (1 - 1e-12)) { m *= 2; }
    return m * base;
  }
  function svgEl(name, attrs) {
    var el = document.createElementNS('http://www.w3.org/2000/svg', name);
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    return el;
  }
  // Redraws every machine chart from the page's data, now longer by the samples that arrived.
  function redraw() {
    var t = data.t;
    var span = Math.max(t.length ? t[t.length - 1] : 0, 1);
    data.span = span;
    document.querySelectorAll('figure.mchart:not(.hostchart)').forEach(function (fig) {
      var svg = fig.querySelector('svg');
      if (!svg) { return; }
      var unit = svg.getAttribute('data-unit');
      var x0 = +svg.getAttribute('data-x0'), w = +svg.getAttribute('data-w');
      var keys = Array.prototype.slice.call(fig.querySelectorAll('.key'));
      var top = state.max[svg.getAttribute('data-chart')];
      if (!top) {
        var peak = 0;
        keys.forEach(function (key) {
          (data.v[key.getAttribute('data-key')] || []).forEach(function (v) { if (v > peak) { peak = v; } });
        });
        top = unit === 'b' || unit === 'bps' ? binary(peak) : nice(peak);
      }
      svg.querySelectorAll('text.ylabel').forEach(function (label, i) { label.textContent = format(unit, top * i / 2); });
      svg.querySelectorAll('polyline.line, text.xlabel').forEach(function (el) { el.remove(); });
      var cursor = svg.querySelector('.cursor');
      var step = STEPS[STEPS.length - 1];
      for (var s = 0; s < STEPS.length; s++) { if (span / STEPS[s] <= 6) { step = STEPS[s]; break; } }
      for (var at = 0; at <= span + 1e-9; at += step) {
        var label = svgEl('text', {'class': 'xlabel', x: (x0 + w * at / span).toFixed(1), y: state.height - 5});
        var r = Math.round(at);
        label.textContent = r < 120 ? r + ' s' : Math.floor(r / 60) + ':' + (r % 60 < 10 ? '0' : '') + (r % 60);
        svg.insertBefore(label, cursor);
      }
      keys.forEach(function (key) {
        var values = data.v[key.getAttribute('data-key')] || [];
        var color = key.style.getPropertyValue('--c');
        var points = [];
        function flush() {
          if (points.length) {
            svg.insertBefore(svgEl('polyline', {'class': 'line', stroke: color, points: points.join(' ')}), cursor);
            points = [];
          }
        }
        for (var i = 0; i < t.length; i++) {
          var v = values[i];
          if (v === null || v === undefined) { flush(); continue; }
          var y = state.top + state.plotHeight - state.plotHeight * Math.min(Math.max(v / top, 0), 1);
          points.push((x0 + w * t[i] / span).toFixed(1) + ',' + y.toFixed(1));
        }
        flush();
      });
    });
  }
  function samples(machine) {
    var blob = document.getElementById('machine-data');
    data = data || (blob && blob.isutoolsData);
    if (!machine || !machine.t || !machine.t.length || !data || state.t0 === null) { return; }
    var keys = Object.keys(data.v);
    machine.t.forEach(function (at, i) {
      data.t.push((at - state.t0) / 1000);
      keys.forEach(function (key) {
        var column = machine.v[key];
        data.v[key].push(column ? column[i] : null);
      });
    });
    since = machine.t[machine.t.length - 1];
    redraw();
  }
  function show(live) {
    text('live-requests', num(live.requests));
    text('live-rps', rate(live.requestsPerSec));
    text('live-queries', num(live.queries));
    var saved = document.getElementById('live-at-save');
    if (saved) {
      saved.textContent = live.atSave.length ? 'at save: ' + live.atSave.join(', ') : '';
    }
    rows('live-sql', live.sql, function (tr, r) {
      cell(tr, r.fingerprint); cell(tr, num(r.count), true); cell(tr, ms(r.totalMs), true);
      cell(tr, ms(r.meanMs), true); cell(tr, ms(r.p95Ms), true);
    });
    rows('live-http', live.http, function (tr, r) {
      var td = cell(tr, r.method + ' ' + r.route);
      if (r.nPlusOne) {
        var badge = document.createElement('span');
        badge.className = 'badge n1';
        badge.textContent = 'N+1';
        td.appendChild(document.createTextNode(' '));
        td.appendChild(badge);
      }
      cell(tr, num(r.count), true); cell(tr, ms(r.totalMs), true); cell(tr, ms(r.p95Ms), true);
      cell(tr, r.queriesPerRequest === null ? '\u2014' : r.queriesPerRequest.toFixed(2), true);
    });
    if (state) { samples(live.machine); } else { since = live.at; }
    text('live-status', 'updated ' + new Date(live.at).toLocaleTimeString());
  }
  function poll() {
    fetch(banner.getAttribute('data-live') + '?since=' + since, {cache: 'no-store'})
      .then(function (response) {
        if (response.status === 404) {
          text('live-status', 'the run is closed: it is in the history once saved');
          return null;
        }
        return response.ok ? response.json() : Promise.reject(response.status);
      })
      .then(function (live) {
        if (live && run && live.id !== run) {
          text('live-status', 'another run is open now: reload to follow it');
        } else if (live) {
          show(live);
          setTimeout(poll, EVERY_MS);
        }
      })
      .catch(function () {
        text('live-status', 'not updating: the server did not answer; retrying');
        setTimeout(poll, 5 * EVERY_MS);
      });
  }
  function start() { setTimeout(poll, EVERY_MS); }
  if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', start); } else { start(); }
})();
