// The till's stylesheet (cash-register.css) is imported for its side effect; rspack bundles it, jest stubs it.
declare module '*.css';
