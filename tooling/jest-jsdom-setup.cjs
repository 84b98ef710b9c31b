// antd needs matchMedia and ResizeObserver, which jsdom lacks.
if (typeof window !== 'undefined') {
  window.matchMedia =
    window.matchMedia ||
    function matchMedia(query) {
      return {
        matches: false,
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent() {
          return false;
        },
      };
    };
  global.ResizeObserver =
    global.ResizeObserver ||
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  const { TextEncoder, TextDecoder } = require('node:util');
  global.TextEncoder = global.TextEncoder || TextEncoder;
  global.TextDecoder = global.TextDecoder || TextDecoder;
}

// antd injects thousands of CSS rules, and jsdom matches every one of them against every element each time
// getComputedStyle runs, which Testing Library's role queries and user-event's pointer check do for each node they
// look at: a role query on a list page took seconds. What a test can observe of antd's styles is whether an element
// is shown and clickable, so each antd stylesheet keeps only the rules that set display, visibility or pointer-events
// (a closed dropdown stays hidden, a disabled button stays unclickable); colours and sizes a test checks are inline.
if (typeof window !== 'undefined' && typeof HTMLStyleElement !== 'undefined') {
  const OBSERVABLE = ['display', 'visibility', 'pointer-events'];
  const pruneRules = (list) => {
    for (let i = list.cssRules.length - 1; i >= 0; i--) {
      const rule = list.cssRules[i];
      const grouping = !rule.style && rule.cssRules && typeof rule.deleteRule === 'function' && rule.media;
      if (grouping) {
        pruneRules(rule);
        if (rule.cssRules.length === 0) list.deleteRule(i);
      } else if (!rule.style || rule.cssRules || !OBSERVABLE.some((p) => rule.style.getPropertyValue(p) !== '')) {
        list.deleteRule(i);
      }
    }
  };
  const isAntdStyle = (node) => node instanceof HTMLStyleElement && node.hasAttribute('data-rc-order');
  const prune = (node) => {
    if (isAntdStyle(node) && node.sheet) pruneRules(node.sheet);
  };
  const innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    get() {
      return innerHTML.get.call(this);
    },
    set(css) {
      innerHTML.set.call(this, css);
      prune(this);
    },
  });
  for (const method of ['appendChild', 'insertBefore']) {
    const original = Node.prototype[method];
    Node.prototype[method] = function patched(node, ...rest) {
      const result = original.call(this, node, ...rest);
      prune(node);
      return result;
    };
  }
}
