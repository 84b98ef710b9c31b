// Only files that run in jsdom use the DOM matchers and Testing Library: a node test file (the api's) would spend
// a few hundred milliseconds loading them, and react-dom with them, for nothing.
if (typeof window !== 'undefined') {
  require('@testing-library/jest-dom');
  // Lazy chunks (popup, layouts) can take over a second to resolve when the whole suite
  // runs on two busy cores: give findBy*/waitFor more room than the 1 s default (CI once needed more than 5 s
  // for a debounced search while a test file took 100 s: the limit only matters when a test fails).
  require('@testing-library/react').configure({ asyncUtilTimeout: 12000 });
}
