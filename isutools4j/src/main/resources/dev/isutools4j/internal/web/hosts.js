// The per-host charts' hover: one cursor across them, and each host's value at its sample nearest
// to that time (hosts sample at their own times, already on the hub's clock).
(function () {
  var blob = document.getElementById('hosts-data');
  if (!blob) { return; }
  var data = JSON.parse(blob.textContent);
  var figures = Array.prototype.slice.call(document.querySelectorAll('figure.hostchart'));
  if (!figures.length) { return; }

  function bytes(v) {
    var units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    var i = 0;
    while (Math.abs(v) >= 1024 && i < units.length - 1) { v /= 1024; i++; }
    return (i === 0 ? Math.round(v) : v.toFixed(1)) + ' ' + units[i];
  }
  function format(series, v) {
    if (v === null || v === undefined) { return '\u2014'; }
    return series === 'cpu' ? v.toFixed(1) + ' %' : bytes(v) + '/s';
  }
  function clock(s) {
    s = Math.round(s);
    return s < 120 ? s + ' s' : Math.floor(s / 60) + ':' + (s % 60 < 10 ? '0' : '') + (s % 60);
  }
  function nearest(t, s) {
    var lo = 0, hi = t.length - 1;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (t[mid] < s) { lo = mid + 1; } else { hi = mid; }
    }
    return lo > 0 && s - t[lo - 1] < t[lo] - s ? lo - 1 : lo;
  }
  function show(s) {
    figures.forEach(function (fig) {
      var svg = fig.querySelector('svg');
      var x0 = +svg.getAttribute('data-x0'), w = +svg.getAttribute('data-w');
      var cursor = svg.querySelector('.cursor');
      cursor.setAttribute('x1', x0 + w * s / data.span); cursor.setAttribute('x2', x0 + w * s / data.span);
      cursor.setAttribute('visibility', 'visible');
      var series = fig.getAttribute('data-series');
      var parts = [];
      fig.querySelectorAll('.key').forEach(function (key) {
        var host = data.hosts[key.getAttribute('data-host')];
        var v = null;
        if (host && host.t.length) {
          var i = nearest(host.t, s);
          if (s >= host.t[0] - 1 && s <= host.t[host.t.length - 1] + 1) { v = host[series][i]; }
        }
        parts.push(key.textContent + ' ' + format(series, v));
      });
      fig.querySelector('.readout').textContent = '+' + clock(s) + ': ' + parts.join(' \u00b7 ');
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
      show(Math.min(Math.max((x - x0) / w, 0), 1) * data.span);
    });
    svg.addEventListener('mouseleave', hide);
  });
})();
