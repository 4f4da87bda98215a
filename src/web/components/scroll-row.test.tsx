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

describe('ScrollRow', () => {
  it('marks the side that has more, and follows the scroll', () => {
    render(
      <ScrollRow>
        <div data-testid="tabs">six tabs</div>
      </ScrollRow>,
    );
    const row = screen.getByTestId('tabs').parentElement!;
    sized(row, { width: 358, content: 560 });
    fireEvent.scroll(row);
    expect(screen.getByTestId('scroll-more-after')).toBeInTheDocument();
    expect(screen.queryByTestId('scroll-more-before')).toBeNull();

    act(() => {
      row.scrollLeft = 100;
    });
    fireEvent.scroll(row);
    expect(screen.getByTestId('scroll-more-before')).toBeInTheDocument();
    expect(screen.getByTestId('scroll-more-after')).toBeInTheDocument();

    act(() => {
      row.scrollLeft = 202;
    });
    fireEvent.scroll(row);
    expect(screen.queryByTestId('scroll-more-after')).toBeNull();
  });

  it('shows no hint where everything fits', () => {
    render(
      <ScrollRow>
        <div data-testid="tabs">six tabs</div>
      </ScrollRow>,
    );
    const row = screen.getByTestId('tabs').parentElement!;
    sized(row, { width: 900, content: 560 });
    fireEvent.scroll(row);
    expect(screen.queryByTestId('scroll-more-after')).toBeNull();
    expect(screen.queryByTestId('scroll-more-before')).toBeNull();
  });
});
