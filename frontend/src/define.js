// anywidget's published front end is an AMD module (define([...], factory)) for the classic
// notebook: imported before it, this catches its factory.
export const amd = { factory: null };
globalThis.define = (_deps, factory) => {
  amd.factory = factory;
};
