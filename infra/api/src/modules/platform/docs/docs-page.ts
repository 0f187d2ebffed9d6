// The script and style of the docs page: fetch the OpenAPI document and render it as HTML.
export const DOCS_STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
main{max-width:980px;margin:0 auto;padding:24px}
h1{margin:0 0 4px}h2{margin-top:32px;border-bottom:2px solid #E94935;padding-bottom:4px;text-transform:capitalize}
details{background:#fff;border:1px solid #ddd;border-radius:6px;margin:8px 0}
summary{cursor:pointer;padding:8px 12px;display:flex;gap:12px;align-items:center}
.m{font:600 12px monospace;padding:2px 8px;border-radius:4px;color:#fff;min-width:52px;text-align:center}
.GET{background:#2f7d32}.POST{background:#1f5fa8}.PUT{background:#8a5a00}.PATCH{background:#6b3fa0}.DELETE{background:#b3261e}
code,pre{font:13px ui-monospace,monospace}pre{background:#f3f3f3;padding:8px;overflow:auto;border-radius:4px;max-height:320px}
.body{padding:0 12px 12px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:4px;text-align:left;vertical-align:top}
`;

export const DOCS_SCRIPT = `
(async function () {
  var app = document.getElementById('app');
  function esc(s) { return String(s == null ? '' : s).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; }); }
  function json(o) { return '<pre>' + esc(JSON.stringify(o, null, 2)) + '</pre>'; }
  try {
    var res = await fetch('/api/docs/openapi.json');
    var doc = await res.json();
    var html = '<h1>' + esc(doc.info.title) + ' <small>' + esc(doc.info.version) + '</small></h1>';
    html += '<p>' + esc(doc.info.description) + '</p><p>OpenAPI ' + esc(doc.openapi) + ': <a href="/api/docs/openapi.json">openapi.json</a></p>';
    var byTag = {};
    Object.keys(doc.paths).forEach(function (path) {
      Object.keys(doc.paths[path]).forEach(function (method) {
        var op = doc.paths[path][method];
        var tag = (op.tags && op.tags[0]) || 'other';
        (byTag[tag] = byTag[tag] || []).push({ path: path, method: method.toUpperCase(), op: op });
      });
    });
    Object.keys(byTag).sort().forEach(function (tag) {
      html += '<h2>' + esc(tag) + '</h2>';
      byTag[tag].forEach(function (e) {
        var op = e.op;
        html += '<details><summary><span class="m ' + e.method + '">' + e.method + '</span><code>' + esc(e.path) + '</code> ' + esc(op.summary) + '</summary><div class="body">';
        if (op.description) html += '<p>' + esc(op.description) + '</p>';
        if (op.security && op.security.length) html += '<p><b>Auth:</b> ' + esc(op.security.map(function (s) { return Object.keys(s)[0] || 'none'; }).join(' or ')) + '</p>';
        if (op.parameters) {
          html += '<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>';
          op.parameters.forEach(function (p) { html += '<tr><td><code>' + esc(p.name) + '</code></td><td>' + esc(p.in) + '</td><td>' + (p.required ? 'yes' : 'no') + '</td><td>' + json(p.schema) + '</td></tr>'; });
          html += '</table>';
        }
        if (op.requestBody) {
          Object.keys(op.requestBody.content).forEach(function (type) { html += '<h4>Body <code>' + esc(type) + '</code></h4>' + json(op.requestBody.content[type].schema); });
        }
        html += '<h4>Responses</h4>';
        Object.keys(op.responses).forEach(function (status) {
          var r = op.responses[status];
          html += '<p><b>' + esc(status) + '</b> ' + esc(r.description) + '</p>';
          if (r.content) Object.keys(r.content).forEach(function (type) { html += '<code>' + esc(type) + '</code>' + json(r.content[type].schema); });
        });
        html += '</div></details>';
      });
    });
    html += '<h2>Schemas</h2>' + json(doc.components.schemas);
    app.innerHTML = html;
  } catch (err) {
    app.innerHTML = '<h1>Portal API</h1><p>Could not load the OpenAPI document: ' + esc(err) + '</p>';
  }
})();
`;
