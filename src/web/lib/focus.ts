/** Nothing has the focus: the element that had it was removed, and it fell to the page's body. */
export function isFocusLost() {
  return document.activeElement === null || document.activeElement === document.body;
}
