// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ScrollRow } from './scroll-row';

afterEach(cleanup);

/** jsdom lays nothing out: the row's sizes are given as a 390px phone would have them. */
function sized(row: HTMLElement, { width, content }: { width: number; content: number }) {
  Object.defineProperty(row, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(row, 'scrollWidth', { configurable: true, value: content });
}

/** A row of six tabs at the given sizes, measured once as a first scroll would. */
function renderSized(size: { width: number; content: number }) {
  render(
    <ScrollRow>
      <div data-testid="tabs">six tabs</div>
    </ScrollRow>,
  );
  const row = screen.getByTestId('tabs').parentElement!;
  sized(row, size);
  fireEvent.scroll(row);
  return row;
}

function scrollTo(row: HTMLElement, left: number) {
  act(() => {
    row.scrollLeft = left;
  });
  fireEvent.scroll(row);
}

describe('ScrollRow', () => {
  it('marks the side that has more, and follows the scroll', () => {
    const row = renderSized({ width: 358, content: 560 });
    expect(screen.getByTestId('scroll-more-after')).toBeInTheDocument();
    expect(screen.queryByTestId('scroll-more-before')).toBeNull();

    scrollTo(row, 100);
    expect(screen.getByTestId('scroll-more-before')).toBeInTheDocument();
    expect(screen.getByTestId('scroll-more-after')).toBeInTheDocument();

    scrollTo(row, 202);
    expect(screen.queryByTestId('scroll-more-after')).toBeNull();
  });

  it('shows no hint where everything fits', () => {
    renderSized({ width: 900, content: 560 });
    expect(screen.queryByTestId('scroll-more-after')).toBeNull();
    expect(screen.queryByTestId('scroll-more-before')).toBeNull();
  });
});
