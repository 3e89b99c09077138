/**
 * The text a screen reader reads after an element's name: what its aria-describedby points
 * at. For fields without a role (password inputs), where getByRole's `description` can't look.
 */
export function describedByText(element: HTMLElement) {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}
