require('@testing-library/jest-dom');
// Lazy chunks (popup, layouts) can take over a second to resolve when the whole suite
// runs on two busy cores: give findBy*/waitFor more room than the 1 s default.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
