// DOM matchers for component tests (toBeInTheDocument, toHaveAccessibleName, …), so an
// assertion says what it checks rather than that something is truthy.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s instead of 1 s: on a busy two-core machine a render after a
// mutation (a dialog closing once its request answers) once took longer than a second, and the
// suite failed on a page that was right. A wait still ends as soon as its assertion holds.
configure({ asyncUtilTimeout: 5_000 });
