import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ITEMS, useFirstScreenFirst } from './list-panel';

/** A list that notes how many items each of its renders drew. */
function List({ items, drawn }: { items: number[]; drawn: number[] }) {
  const shown = useFirstScreenFirst(items);
  drawn.push(shown.length);
  return (
    <ul>
      {shown.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('useFirstScreenFirst', () => {
  it('draws a screen of items first, then the rest in the next render', () => {
    const drawn: number[] = [];
    const { container } = render(<List items={numbers(50)} drawn={drawn} />);
    expect(drawn[0]).toBe(FIRST_SCREEN_ITEMS);
    expect(drawn.at(-1)).toBe(50);
    expect(container.querySelectorAll('li')).toHaveLength(50);
  });

  it('draws a short list whole at once', () => {
    const drawn: number[] = [];
    render(<List items={numbers(FIRST_SCREEN_ITEMS)} drawn={drawn} />);
    expect(new Set(drawn)).toEqual(new Set([FIRST_SCREEN_ITEMS]));
  });

  it('draws a later change whole: another page or a search', () => {
    const drawn: number[] = [];
    const { rerender } = render(<List items={numbers(50)} drawn={drawn} />);
    drawn.length = 0;
    rerender(<List items={numbers(40)} drawn={drawn} />);
    expect(new Set(drawn)).toEqual(new Set([40]));
  });
});
