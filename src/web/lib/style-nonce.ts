/**
 * The server puts a fresh nonce in this meta tag on every page load; its CSP allows only
 * <style> tags carrying it, so every library that writes one must be given it.
 */
export function readStyleNonce() {
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
}

/**
 * react-remove-scroll (Mantine's Modal and Drawer) writes its <style> with the nonce it finds
 * in the `__webpack_nonce__` global (get-nonce), not Mantine's getStyleNonce.
 */
export function shareStyleNonceWithScrollLock(nonce: string) {
  (globalThis as typeof globalThis & { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
}
