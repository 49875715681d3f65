(function () {
  'use strict';

  // Each body cell carries its raw value in data-sort; the formatted text is only for reading.
  function keyOf(row, index) {
    var cell = row.cells[index];
    if (!cell) {
      return '';
    }
    var key = cell.getAttribute('data-sort');
    return key === null ? cell.textContent.trim() : key;
  }

  function isNumber(key) {
    return key.trim() !== '' && !isNaN(Number(key));
  }

  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

  function sortBy(th) {
    var table = th.closest('table');
    var body = table && table.tBodies[0];
    if (!body) {
      return;
    }
    var index = th.cellIndex;
    var entries = [];
    var numeric = true;
    var any = false;
    for (var i = 0; i < body.rows.length; i++) {
      var key = keyOf(body.rows[i], index);
      if (key !== '') {
        any = true;
        numeric = numeric && isNumber(key);
      }
      entries.push({ row: body.rows[i], key: key, order: i });
    }
    numeric = numeric && any;

    var descending;
    if (th.classList.contains('desc')) {
      descending = false;
    } else if (th.classList.contains('asc')) {
      descending = true;
    } else {
      descending = numeric; // biggest numbers first, text A to Z
    }
    if (numeric) {
      entries.forEach(function (e) { e.value = e.key === '' ? NaN : Number(e.key); });
    }

    entries.sort(function (a, b) {
      var aEmpty = a.key === '';
      var bEmpty = b.key === '';
      if (aEmpty || bEmpty) {
        return aEmpty === bEmpty ? a.order - b.order : (aEmpty ? 1 : -1); // blanks stay last
      }
      var c = numeric ? (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)
                      : collator.compare(a.key, b.key);
      if (descending) {
        c = -c;
      }
      return c !== 0 ? c : a.order - b.order;
    });

    var fragment = document.createDocumentFragment();
    entries.forEach(function (e) { fragment.appendChild(e.row); });
    body.appendChild(fragment);

    var headers = th.parentNode.cells;
    for (var h = 0; h < headers.length; h++) {
      headers[h].classList.remove('asc', 'desc');
      headers[h].removeAttribute('aria-sort');
    }
    th.classList.add(descending ? 'desc' : 'asc');
    th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
  }

  function copyFallback(text) {
    var area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.top = '-1000px';
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try {
      ok = document.execCommand('copy');
    } catch (e) {
      ok = false;
    }
    document.body.removeChild(area);
    return ok;
  }

  function copy(button) {
    var cell = button.closest('td');
    var source = cell && (cell.querySelector('.sample') || cell.querySelector('.fp'));
    if (!source) {
      return;
    }
    var text = source.textContent;
    function done(ok) {
      button.textContent = ok ? 'copied' : 'copy failed';
      setTimeout(function () { button.textContent = 'copy'; }, 1500);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
          function () { done(true); },
          function () { done(copyFallback(text)); });
    } else {
      done(copyFallback(text));
    }
  }

  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element)) {
      return;
    }
    var button = target.closest('button.copy');
    if (button) {
      copy(button);
      return;
    }
    var th = target.closest('table.sortable thead th');
    if (th) {
      sortBy(th);
    }
  });

  document.addEventListener('keydown', function (event) {
    var target = event.target;
    if ((event.key === 'Enter' || event.key === ' ') && target instanceof Element
        && target.matches('table.sortable thead th')) {
      event.preventDefault();
      sortBy(target);
    }
  });
})();
