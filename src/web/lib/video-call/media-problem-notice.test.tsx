// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describeMediaProblem } from './media';
import { MediaProblemNotice } from './media-problem-notice';

afterEach(cleanup);

const blocked = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
const notFound = Object.assign(new Error('none'), { name: 'NotFoundError' });
const buttons = () => screen.getAllByRole('button').map((b) => b.textContent);

describe('MediaProblemNotice', () => {
  it('a blocked microphone: one message, and no microphone-only button', () => {
    render(
      <MediaProblemNotice
        problem={describeMediaProblem(blocked, 'camera', { microphoneBlocked: true })}
        mode="camera"
        onChoose={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('heading').textContent).toBe('Your camera and microphone are blocked');
    expect(buttons()).toEqual(['Try again', 'Join without camera or microphone', 'Cancel']);
    expect(screen.getByRole('alert').textContent).not.toMatch(/microphone only/);
  });

  it('no camera but a microphone: says so, and the microphone-only button joins with it', async () => {
    const onChoose = vi.fn();
    render(
      <MediaProblemNotice
        problem={describeMediaProblem(notFound, 'camera', {
          hasCamera: false,
          hasMicrophone: true,
        })}
        mode="camera"
        onChoose={onChoose}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('heading').textContent).toBe('No camera found');
    await userEvent.click(screen.getByRole('button', { name: 'Join with microphone only' }));
    expect(onChoose).toHaveBeenCalledWith('audio');
  });

  it('nothing found: the title and the offers agree', () => {
    render(
      <MediaProblemNotice
        problem={describeMediaProblem(notFound, 'camera', {
          hasCamera: false,
          hasMicrophone: false,
        })}
        mode="camera"
        onChoose={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('heading').textContent).toBe('No camera or microphone found');
    expect(buttons()).toEqual(['Try again', 'Join without camera or microphone', 'Cancel']);
  });
});
