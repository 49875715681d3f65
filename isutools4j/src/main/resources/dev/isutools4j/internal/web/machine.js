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
  var hover = window.isutoolsHover;

  function num(v) {
    var a = Math.abs(v);
    if (a >= 100 || v === Math.round(v)) { return Math.round(v).toLocaleString('en').replace(/,/g, '\u202f'); }
    return v.toFixed(2);
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
      case 'b': return hover.bytes(v);
      case 'bps': return hover.bytes(v) + '/s';
      case 'ms': return ms(v);
      case 'msps': return ms(v) + '/s';
      default: return num(v);
    }
  }
  hover.follow(figures, data, function (s) {
    var i = hover.nearest(t, s);
    figures.forEach(function (fig) {
      hover.cursor(fig, data, t[i]);
      var unit = fig.querySelector('svg').getAttribute('data-unit');
      var parts = [];
      fig.querySelectorAll('.key').forEach(function (key) {
        var values = data.v[key.getAttribute('data-key')];
        parts.push(key.textContent + ' ' + format(unit, values ? values[i] : null));
      });
      fig.querySelector('.readout').textContent = '+' + hover.clock(t[i]) + ': ' + parts.join(' \u00b7 ');
    });
  });
})();
