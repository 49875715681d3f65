// The machine charts' hover: one cursor across every chart, and each chart's values at that time.
(function () {
  var blob = document.getElementById('machine-data');
  if (!blob) { return; }
  var data = JSON.parse(blob.textContent);
  blob.isutoolsData = data; // the live page appends the samples that arrive to these same arrays
  var t = data.t;
  // A chart replaced by a note (the pool, when it is not visible) has no svg.
  var figures = Array.prototype.slice.call(document.querySelectorAll('figure.mchart:not(.hostchart)'))
      .filter(function (fig) { return fig.querySelector('svg'); });
  if (!t.length || !figures.length) { return; }

  function num(v) {
    var a = Math.abs(v);
    if (a >= 100 || v === Math.round(v)) { return Math.round(v).toLocaleString('en').replace(/,/g, '\u202f'); }
    return v.toFixed(2);
  }
  function bytes(v) {
    var units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    var i = 0;
    while (Math.abs(v) >= 1024 && i < units.length - 1) { v /= 1024; i++; }
    return (i === 0 ? Math.round(v) : v.toFixed(1)) + ' ' + units[i];
  }
  function ms(v) {
    if (v < 1) { return Math.round(v * 1000) + ' \u00b5s'; }
    if (v < 1000) { return v.toFixed(v < 10 ? 2 : 1) + ' ms'; }
    return (v / 1000).toFixed(2) + ' s';
  }
  function format(unit, v) {
    if (v === null || v === undefined) { return '\u2014'; }
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
  function clock(s) {
    s = Math.round(s);
    return s < 120 ? s + ' s' : Math.floor(s / 60) + ':' + (s % 60 < 10 ? '0' : '') + (s % 60);
  }
  function nearest(s) {
    var lo = 0, hi = t.length - 1;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (t[mid] < s) { lo = mid + 1; } else { hi = mid; }
    }
    return lo > 0 && s - t[lo - 1] < t[lo] - s ? lo - 1 : lo;
  }
  function show(i) {
    figures.forEach(function (fig) {
      var svg = fig.querySelector('svg');
      var x0 = +svg.getAttribute('data-x0'), w = +svg.getAttribute('data-w');
      var x = x0 + w * t[i] / data.span;
      var cursor = svg.querySelector('.cursor');
      cursor.setAttribute('x1', x); cursor.setAttribute('x2', x);
      cursor.setAttribute('visibility', 'visible');
      var unit = svg.getAttribute('data-unit');
      var parts = [];
      fig.querySelectorAll('.key').forEach(function (key) {
        var values = data.v[key.getAttribute('data-key')];
        parts.push(key.textContent + ' ' + format(unit, values ? values[i] : null));
      });
      fig.querySelector('.readout').textContent = '+' + clock(t[i]) + ': ' + parts.join(' \u00b7 ');
    });
  }
  function hide() {
    figures.forEach(function (fig) {
      fig.querySelector('.cursor').setAttribute('visibility', 'hidden');
      fig.querySelector('.readout').textContent = '';
    });
  }
  figures.forEach(function (fig) {
    var svg = fig.querySelector('svg');
    svg.addEventListener('mousemove', function (e) {
      var box = svg.getBoundingClientRect();
      var x = (e.clientX - box.left) * (+svg.viewBox.baseVal.width) / box.width;
      var x0 = +svg.getAttribute('data-x0'), w = +svg.getAttribute('data-w');
      show(nearest(Math.min(Math.max((x - x0) / w, 0), 1) * data.span));
    });
    svg.addEventListener('mouseleave', hide);
  });
})();
