// The per-host charts' hover: one cursor across them, and each host's value at its sample nearest
// to that time (hosts sample at their own times, already on the hub's clock).
(function () {
  var blob = document.getElementById('hosts-data');
  if (!blob) { return; }
  var data = JSON.parse(blob.textContent);
  var figures = Array.prototype.slice.call(document.querySelectorAll('figure.hostchart'));
  if (!figures.length) { return; }
  var hover = window.isutoolsHover;

  function format(series, v) {
    if (v === null || v === undefined) { return '\u2014'; }
    return series === 'cpu' ? v.toFixed(1) + ' %' : hover.bytes(v) + '/s';
  }
  hover.follow(figures, data, function (s) {
    figures.forEach(function (fig) {
      hover.cursor(fig, data, s);
      var series = fig.getAttribute('data-series');
      var parts = [];
      fig.querySelectorAll('.key').forEach(function (key) {
        var host = data.hosts[key.getAttribute('data-host')];
        var v = null;
        if (host && host.t.length) {
          var i = hover.nearest(host.t, s);
          if (s >= host.t[0] - 1 && s <= host.t[host.t.length - 1] + 1) { v = host[series][i]; }
        }
        parts.push(key.textContent + ' ' + format(series, v));
      });
      fig.querySelector('.readout').textContent = '+' + hover.clock(s) + ': ' + parts.join(' \u00b7 ');
    });
  });
})();
