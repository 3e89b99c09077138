import { cleanup, configure } from '@testing-library/react';
import type * as ReactRouter from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { pageNavigation } from '../lib/page-navigation';
import { FakeWebSocket } from './fake-web-socket';
import { mediaQueryList } from './viewport';

// findBy… and waitFor wait this long: a debounced search, its request and the render after it
// take more than the default second on a busy machine.
configure({ asyncUtilTimeout: 3000 });

// jsdom lacks the layout APIs Mantine reads; these stand-ins answer 'no match, no size'.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => mediaQueryList(query, false),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};

// Mantine's autosizing Textarea listens for web fonts loading; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

// Mantine passes a pseudo-element argument that jsdom does not implement.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// jsdom plays no media: a ringtone's play() resolves (as if allowed) and pause() does nothing.
Object.defineProperty(window.HTMLMediaElement.prototype, 'play', {
  configurable: true,
  writable: true,
  value: () => Promise.resolve(),
});
Object.defineProperty(window.HTMLMediaElement.prototype, 'pause', {
  configurable: true,
  writable: true,
  value: () => {},
});

// No test talks to a real server: the live socket is a fake the test drives.
beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  // jsdom cannot load another page (sign-in and the app are two entries): tests watch these.
  vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
  vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

// In a test, React runs a transition only inside act(): a navigation that a timer starts (a
// debounced search writing the URL) would wait for ever. Tests' MemoryRouters navigate
// without a transition; the app's router keeps them.
vi.mock('react-router', async (importOriginal) => {
  const router = await importOriginal<typeof ReactRouter>();
  const { createElement } = await import('react');
  return {
    ...router,
    MemoryRouter: (props: Parameters<typeof router.MemoryRouter>[0]) =>
      createElement(router.MemoryRouter, { useTransitions: false, ...props }),
  };
});
