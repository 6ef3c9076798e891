/*
 * The rulebook website's one script (loaded from the site's own folder; the pages allow no inline script):
 * hover and tap previews of a reference's target, full-text search over a MiniSearch index built at export time,
 * and the skills table's sorting and filtering. The pages read fine without it.
 */
(function () {
  'use strict';
  var here = document.currentScript ? document.currentScript.src : '';
  var assets = here.slice(0, here.lastIndexOf('/') + 1);

  // The site's words in the book's language, which every page hands over (shared/model/book-words.ts, scriptWords).
  var WORDS = JSON.parse(document.body.getAttribute('data-words'));
  var plurals = new Intl.PluralRules(WORDS.lang);
  var collator = new Intl.Collator(WORDS.lang);
  function say(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, key) { return key in values ? String(values[key]) : whole; });
  }
  function counted(forms, n, values) {
    values = values || {};
    values.n = n.toLocaleString(WORDS.lang);
    return say(forms[plurals.select(n)] || forms.other, values);
  }

  function loadScript(name) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      script.src = assets + name;
      script.onload = resolve;
      script.onerror = function () { reject(new Error('could not load ' + name)); };
      document.head.appendChild(script);
    });
  }

  /** "chapter.html#r702-19b" for a link, the key previews and search results use. */
  function keyOf(link) {
    var url = new URL(link.getAttribute('href'), location.href);
    var page = url.pathname.slice(url.pathname.lastIndexOf('/') + 1) || 'index.html';
    return page + url.hash;
  }

  // ---- Reference previews -------------------------------------------------------------------------------------
  var previews = null;
  var tip = null;
  var tipFor = null;
  var hideTimer = 0;
  var lastPointer = 'mouse';

  function previewOf(link) {
    if (!previews || !link.closest('main') || link.closest('.search-results')) return null;
    if (link.classList.contains('permalink') || link.classList.contains('permalink-number')) return null;
    var href = link.getAttribute('href');
    if (!href || href.indexOf('#') === -1) return null;
    return previews[keyOf(link)] || null;
  }

  function hideTip() {
    clearTimeout(hideTimer);
    if (tip) tip.hidden = true;
    if (tipFor) tipFor.removeAttribute('aria-describedby');
    tipFor = null;
  }

  function showTip(link, preview, withGo) {
    clearTimeout(hideTimer);
    if (!tip) {
      tip = document.createElement('div');
      tip.className = 'ref-preview';
      tip.id = 'ref-preview';
      tip.setAttribute('role', 'tooltip');
      tip.addEventListener('mouseenter', function () { clearTimeout(hideTimer); });
      tip.addEventListener('mouseleave', function () { hideTimer = setTimeout(hideTip, 200); });
      document.body.appendChild(tip);
    }
    tip.textContent = '';
    var title = document.createElement('p');
    title.className = 'ref-title';
    title.textContent = preview.title;
    tip.appendChild(title);
    if (preview.text) {
      var text = document.createElement('p');
      text.textContent = preview.text;
      tip.appendChild(text);
    }
    if (withGo) {
      var go = document.createElement('a');
      go.className = 'ref-go';
      go.href = link.getAttribute('href');
      go.textContent = say(WORDS.goTo, { title: preview.title });
      tip.appendChild(go);
    }
    tip.hidden = false;
    tipFor = link;
    link.setAttribute('aria-describedby', 'ref-preview');
    var box = link.getBoundingClientRect();
    var width = tip.offsetWidth;
    var left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
    tip.style.left = left + window.scrollX + 'px';
    var below = box.bottom + 6;
    var top = below + tip.offsetHeight > window.innerHeight && box.top > tip.offsetHeight + 12 ? box.top - tip.offsetHeight - 6 : below;
    tip.style.top = top + window.scrollY + 'px';
  }

  document.addEventListener('pointerdown', function (e) { lastPointer = e.pointerType || 'mouse'; }, true);
  document.addEventListener('mouseover', function (e) {
    var link = e.target.closest && e.target.closest('a[href]');
    if (!link || lastPointer === 'touch') return;
    var preview = previewOf(link);
    if (preview) showTip(link, preview, false);
  });
  document.addEventListener('mouseout', function (e) {
    var link = e.target.closest && e.target.closest('a[href]');
    if (link && link === tipFor) hideTimer = setTimeout(hideTip, 200);
  });
  document.addEventListener('focusin', function (e) {
    var link = e.target.closest && e.target.closest('a[href]');
    var preview = link && previewOf(link);
    if (preview) showTip(link, preview, false);
    else if (tip && !(tip.contains(e.target))) hideTip();
  });
  // A first tap on a reference shows its target (a phone has no hover); the preview's link, or a second tap, goes there.
  document.addEventListener('click', function (e) {
    var link = e.target.closest && e.target.closest('a[href]');
    if (!link || lastPointer !== 'touch' || link === tipFor) return;
    var preview = previewOf(link);
    if (!preview) return;
    e.preventDefault();
    showTip(link, preview, true);
  });
  document.addEventListener('keydown', function (e) { if (e.key === 'Escape') hideTip(); });

  // ---- Search --------------------------------------------------------------------------------------------------
  var input = document.getElementById('site-search');
  var results = document.getElementById('search-results');
  var status = document.getElementById('search-status');
  var engine = null;
  var loading = null;

  function loadSearch() {
    loading = loading || loadScript('minisearch.js').then(function () { return loadScript('search-index.js'); }).then(function () {
      var data = window.RULEBOOK_SEARCH;
      engine = window.MiniSearch.loadJS(data.index, data.options);
      runSearch();
    }).catch(function (error) { status.textContent = say(WORDS.searchUnavailable, { error: error.message }); });
    return loading;
  }

  var KIND = WORDS.kinds;

  function runSearch() {
    if (!input || !engine) return;
    var query = input.value.trim();
    results.textContent = '';
    if (!query) { results.hidden = true; status.textContent = ''; return; }
    // Typos are forgiven in longer words only: "fire" must not find "fine".
    var found = engine.search(query, { prefix: true, fuzzy: function (term) { return term.length > 5 ? 0.2 : false; }, boost: { title: 3 }, combineWith: 'AND' }).slice(0, 25);
    found.forEach(function (hit) {
      var item = document.createElement('li');
      var link = document.createElement('a');
      link.href = hit.id;
      var kind = document.createElement('span');
      kind.className = 'kind';
      kind.textContent = KIND[hit.kind] || hit.kind;
      link.appendChild(kind);
      link.appendChild(document.createTextNode(hit.title));
      if (hit.snippet) {
        var snippet = document.createElement('span');
        snippet.className = 'snippet';
        snippet.textContent = hit.snippet;
        link.appendChild(snippet);
      }
      link.addEventListener('click', function () { results.hidden = true; });
      item.appendChild(link);
      results.appendChild(item);
    });
    results.hidden = found.length === 0;
    status.textContent = found.length === 0 ? WORDS.noResults : counted(WORDS.resultCount, found.length);
  }

  if (input) {
    input.addEventListener('focus', loadSearch);
    input.addEventListener('input', function () { if (engine) runSearch(); else loadSearch(); });
    input.addEventListener('keydown', function (e) {
      var first = results.querySelector('a');
      if (e.key === 'Enter' && first) { e.preventDefault(); first.click(); location.href = first.href; }
      else if (e.key === 'ArrowDown' && first) { e.preventDefault(); first.focus(); }
      else if (e.key === 'Escape') { results.hidden = true; }
    });
    results.addEventListener('keydown', function (e) {
      var links = Array.prototype.slice.call(results.querySelectorAll('a'));
      var at = links.indexOf(document.activeElement);
      if (e.key === 'ArrowDown' && at < links.length - 1) { e.preventDefault(); links[at + 1].focus(); }
      else if (e.key === 'ArrowUp') { e.preventDefault(); (at > 0 ? links[at - 1] : input).focus(); }
      else if (e.key === 'Escape') { results.hidden = true; input.focus(); }
    });
    document.addEventListener('click', function (e) { if (!e.target.closest('.search')) results.hidden = true; });
  }

  // ---- Skills table: sort by a column, filter by text and category ------------------------------------------------
  var table = document.getElementById('skills-table');
  if (table) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var filter = document.getElementById('skill-filter');
    var category = document.getElementById('skill-category');
    var count = document.getElementById('skill-count');
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, column) {
      if (!th.dataset.sort) return;
      var button = document.createElement('button');
      button.type = 'button';
      button.textContent = th.textContent;
      th.textContent = '';
      th.appendChild(button);
      th.setAttribute('aria-sort', 'none');
      button.addEventListener('click', function () {
        var ascending = th.getAttribute('aria-sort') !== 'ascending';
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (other) { if (other.dataset.sort) other.setAttribute('aria-sort', 'none'); });
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var numeric = th.dataset.type === 'number';
        var value = function (row) {
          var cell = row.cells[column];
          if (numeric) return cell.dataset.value === '' ? Infinity : Number(cell.dataset.value);
          return cell.textContent.trim().toLowerCase();
        };
        rows.sort(function (a, b) {
          var x = value(a), y = value(b);
          var order = numeric ? x - y : collator.compare(x, y);
          if (x === '' || x === Infinity) order = y === '' || y === Infinity ? 0 : 1;
          else if (y === '' || y === Infinity) order = -1;
          else if (!ascending) order = -order;
          return order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
    var applyFilter = function () {
      var words = filter.value.trim().toLowerCase();
      var wanted = category.value;
      var shown = 0;
      rows.forEach(function (row) {
        var ok = (!words || row.textContent.toLowerCase().indexOf(words) !== -1) && (!category.value || row.dataset.category === wanted);
        row.hidden = !ok;
        if (ok) shown++;
      });
      count.textContent = shown === rows.length ? '' : counted(WORDS.showingSkills, rows.length, { shown: shown.toLocaleString(WORDS.lang) });
    };
    if (filter) filter.addEventListener('input', applyFilter);
    if (category) category.addEventListener('change', applyFilter);
  }

  // ---- Previews data: one file for the whole site, loaded once the page is shown ---------------------------------
  loadScript('previews.js').then(function () { previews = window.RULEBOOK_PREVIEWS || {}; }).catch(function () { previews = {}; });
})();
