// The language switcher opens the same place of the page in the other language: the #anchor is kept.
// It runs before Material's own handler, which would look the page up in a sitemap.
window.addEventListener("click", (event) => {
  const link = event.target instanceof Element && event.target.closest("a.md-select__link[hreflang]");
  if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const target = new URL(link.href, document.baseURI);
  target.hash = window.location.hash;
  window.location.assign(target.href);
}, true);
