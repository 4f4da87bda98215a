// DOM matchers for component tests (toBeInTheDocument, toHaveAccessibleName, …), so an
// assertion says what it checks rather than that something is truthy.
import '@testing-library/jest-dom/vitest';
