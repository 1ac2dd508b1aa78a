// What @jupyter-widgets/base-manager asks of sanitize-html (a description's HTML, with the
// tags and attributes it allows), done with the browser's own parser: sanitize-html brings
// a CSS parser and Node's path module with it.
const DROP_WHOLE = new Set(["script", "style", "iframe", "object", "embed", "template", "textarea", "noscript"]);

function allowed(name, tag, rules) {
  const names = [...(rules["*"] || []), ...(rules[tag] || [])];
  return names.some((n) => (n.endsWith("*") ? name.startsWith(n.slice(0, -1)) : n === name));
}

export default function sanitize(html, { allowedTags = [], allowedAttributes = {} } = {}) {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  const clean = (node) => {
    for (const child of [...node.childNodes]) {
      if (child.nodeType === Node.COMMENT_NODE) {
        child.remove();
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const tag = child.tagName.toLowerCase();
        clean(child);
        if (DROP_WHOLE.has(tag)) {
          child.remove();
        } else if (!allowedTags.includes(tag)) {
          child.replaceWith(...child.childNodes); // its text stays, as sanitize-html keeps it
        } else {
          for (const a of [...child.attributes]) {
            const bad = /^\s*(javascript|vbscript|data):/i.test(a.value) && a.name !== "src";
            if (!allowed(a.name, tag, allowedAttributes) || bad) child.removeAttribute(a.name);
          }
        }
      }
    }
  };
  clean(doc.body);
  return doc.body.innerHTML;
}
