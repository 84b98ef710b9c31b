// Matchers added by tooling/jest-jsdom-after-env.cjs (@testing-library/jest-dom).
import '@testing-library/jest-dom';
