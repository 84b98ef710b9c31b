// jsdom lacks the Fetch API classes that react-router's data router uses for navigations
// (new Request(url, { signal })): expose Node's, with Node's AbortController so undici
// accepts the signal.
const JsdomEnvironment = require('jest-environment-jsdom').default ?? require('jest-environment-jsdom');

module.exports = class ShellJsdomEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const key of [
      'Request',
      'Response',
      'Headers',
      'FormData',
      'ReadableStream',
      'AbortController',
      'AbortSignal',
      'structuredClone',
    ]) {
      if (globalThis[key]) this.global[key] = globalThis[key];
    }
  }
};
