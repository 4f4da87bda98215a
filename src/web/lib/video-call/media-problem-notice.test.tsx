// @vitest-environment jsdom
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeMediaProblem } from './media';
import { MediaProblemNotice } from './media-problem-notice';

afterEach(cleanup);

const blocked = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
const notFound = Object.assign(new Error('none'), { name: 'NotFoundError' });
const buttons = () => screen.getAllByRole('button').map((b) => b.textContent);

/** The notice for a camera call that failed with `error` on this device. */
function renderNotice(
  error: Error,
  device: Parameters<typeof describeMediaProblem>[2],
  onChoose: ComponentProps<typeof MediaProblemNotice>['onChoose'] = () => {},
) {
  render(
    <MediaProblemNotice
      problem={describeMediaProblem(error, 'camera', device)}
      mode="camera"
      onChoose={onChoose}
      onCancel={() => {}}
    />,
  );
}

describe('MediaProblemNotice', () => {
  it('a blocked microphone: one message, and no microphone-only button', () => {
    renderNotice(blocked, { microphoneBlocked: true });
    expect(screen.getByRole('heading').textContent).toBe('Your camera and microphone are blocked');
    expect(buttons()).toEqual(['Try again', 'Join without camera or microphone', 'Cancel']);
    expect(screen.getByRole('alert').textContent).not.toMatch(/microphone only/);
  });

  it('no camera but a microphone: says so, and the microphone-only button joins with it', async () => {
    const onChoose = vi.fn();
    renderNotice(notFound, { hasCamera: false, hasMicrophone: true }, onChoose);
    expect(screen.getByRole('heading').textContent).toBe('No camera found');
    await userEvent.click(screen.getByRole('button', { name: 'Join with microphone only' }));
    expect(onChoose).toHaveBeenCalledWith('audio');
  });

  it('nothing found: the title and the offers agree', () => {
    renderNotice(notFound, { hasCamera: false, hasMicrophone: false });
    expect(screen.getByRole('heading').textContent).toBe('No camera or microphone found');
    expect(buttons()).toEqual(['Try again', 'Join without camera or microphone', 'Cancel']);
  });
});
