import { Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Marks an element whose tooltip the SharedTooltip shows: `{...tooltip('Edit')}`. */
export const tooltip = (label: string) => ({ 'data-tooltip': label });

function markedElement(node: EventTarget | null) {
  return node instanceof Element ? node.closest<HTMLElement>('[data-tooltip]') : null;
}

/**
 * One tooltip for every element marked with `tooltip(label)` in the admin portal (its shell
 * holds it): a table's rows carry a few
 * icon buttons each, and a Mantine Tooltip apiece would cost each row a floating element's
 * hooks on every render. It shows while the pointer is over the element or the keyboard's
 * focus is on it, and goes on a press, on Escape, and when the element leaves the page.
 */
export function SharedTooltip() {
  const [target, setTarget] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const onPointerOver = (event: PointerEvent) => setTarget(markedElement(event.target));
    const onPointerOut = (event: PointerEvent) => {
      if (!event.relatedTarget) setTarget(null);
    };
    const onFocusIn = (event: FocusEvent) => {
      const element = markedElement(event.target);
      if (element?.matches(':focus-visible')) setTarget(element);
    };
    const hide = () => setTarget(null);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('pointerover', onPointerOver);
    document.addEventListener('pointerout', onPointerOut);
    document.addEventListener('pointerdown', hide);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', hide);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerover', onPointerOver);
      document.removeEventListener('pointerout', onPointerOut);
      document.removeEventListener('pointerdown', hide);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', hide);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  const label = target?.dataset.tooltip;
  return target && label ? <Tooltip key={label} target={target} label={label} opened /> : null;
}
