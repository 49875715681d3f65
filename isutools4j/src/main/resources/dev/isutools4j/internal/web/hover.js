// What the charts' hovers share: value formats, the sample nearest a time, and one cursor that
// follows the mouse across a set of charts. Pages may inline it more than once.
window.isutoolsHover = window.isutoolsHover || {
  bytes: function (v) {
    var units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
    var i = 0;
    while (Math.abs(v) >= 1024 && i < units.length - 1) { v /= 1024; i++; }
    return (i === 0 ? Math.round(v) : v.toFixed(1)) + ' ' + units[i];
  },
  clock: function (s) {
    s = Math.round(s);
    return s < 120 ? s + ' s' : Math.floor(s / 60) + ':' + (s % 60 < 10 ? '0' : '') + (s % 60);
  },
  // The index in the sorted times t of the one nearest s.
  nearest: function (t, s) {
    var lo = 0, hi = t.length - 1;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (t[mid] < s) { lo = mid + 1; } else { hi = mid; }
    }
    return lo > 0 && s - t[lo - 1] < t[lo] - s ? lo - 1 : lo;
  },
  // Moves a figure's cursor to s seconds into the run (of data.span).
  cursor: function (fig, data, s) {
    var svg = fig.querySelector('svg');
    var x = +svg.getAttribute('data-x0') + +svg.getAttribute('data-w') * s / data.span;
    var cursor = svg.querySelector('.cursor');
    cursor.setAttribute('x1', x); cursor.setAttribute('x2', x);
    cursor.setAttribute('visibility', 'visible');
  },
  // Calls show(seconds into the run) as the mouse moves over any figure's chart (data.span read
  // at each move: the live page extends it); hides the cursors and readouts when it leaves.
  follow: function (figures, data, show) {
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
  }
};
