// Types of the @testing-library/jest-dom matchers (the runtime is loaded by tooling/jest-jsdom-after-env.cjs).
import '@testing-library/jest-dom';
