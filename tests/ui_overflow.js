// The overflow check of tests/ui_harness.py: run in the page with the allowed scrollers.
(scrollers) => {
  const W = window.innerWidth;
  const out = [];
  const doc = document.scrollingElement;
  if (doc.scrollWidth > W) out.push(`the page scrolls sideways: ${doc.scrollWidth}px wide in ${W}px`);
  const describe = (el) => {
    const cls = (el.getAttribute('class') || '').split(/\s+/).filter(Boolean).slice(0, 3).join('.');
    const text = (el.innerText || el.getAttribute('aria-label') || '').trim().slice(0, 40).replace(/\s+/g, ' ');
    return `<${el.tagName.toLowerCase()}${cls ? '.' + cls : ''}> "${text}"`;
  };
  const shown = (el) => {
    if (el.closest('.hk-sr')) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none';
  };
  const clipper = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if (ox !== 'visible') return p;
    }
    return null;
  };
  const reported = new Set();
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el)) continue;
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
    const r = el.getBoundingClientRect();
    const inScroller = el.parentElement && el.parentElement.closest(scrollers);
    if (r.right > W + 1 && !inScroller) {
      const key = describe(el);
      if (!reported.has(key)) { reported.add(key); out.push(`sticks out ${Math.round(r.right - W)}px past the screen: ${key}`); }
      continue;
    }
    const c = clipper(el);
    if (c && !c.matches(scrollers) && !inScroller) {
      const cr = c.getBoundingClientRect();
      if (r.right > cr.right + 1 && c.scrollWidth > c.clientWidth + 1) {
        const key = describe(el);
        if (!reported.has(key)) { reported.add(key); out.push(`cut or scrolled sideways by ${describe(c)}: ${key}`); }
      }
    }
  }
  for (const b of document.querySelectorAll('button, .widget-label, .widget-html-content')) {
    if (!shown(b)) continue;
    if (b.scrollWidth > b.clientWidth + 1 && getComputedStyle(b).textOverflow === 'ellipsis')
      out.push(`text cut off ("...") in ${describe(b)}`);
  }
  return out;
}
