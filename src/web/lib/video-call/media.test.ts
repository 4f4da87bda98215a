import { describe, expect, it, vi } from 'vitest';
import { acquireMedia, describeMediaProblem, MediaUnavailableError } from './media';

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('describeMediaProblem', () => {
  it('explains a refused permission and offers audio only or no devices', () => {
    const p = describeMediaProblem(domError('NotAllowedError'), 'camera');
    expect(p.kind).toBe('denied');
    expect(p.title).toBe('Your camera and microphone are blocked');
    expect(p.message).toMatch(/allow them in the site settings/);
    expect(p.fallbacks).toEqual(['audio', 'none']);
  });

  it('explains a missing device', () => {
    const p = describeMediaProblem(domError('NotFoundError'), 'camera');
    expect(p).toMatchObject({ kind: 'missing', title: 'No camera or microphone found' });
    expect(p.fallbacks).toEqual(['audio', 'none']);
    const mic = describeMediaProblem(domError('NotFoundError'), 'audio');
    expect(mic).toMatchObject({ title: 'No microphone found', fallbacks: ['none'] });
  });

  it('explains a device another app holds, and anything else', () => {
    expect(describeMediaProblem(domError('NotReadableError'), 'camera').kind).toBe('busy');
    expect(describeMediaProblem(new Error('odd'), 'audio')).toMatchObject({
      kind: 'other',
      fallbacks: ['none'],
    });
    expect(describeMediaProblem('not even an error', 'camera').kind).toBe('other');
  });
});

describe('acquireMedia', () => {
  it('asks for nothing in "none" mode', async () => {
    const getUserMedia = vi.fn();
    await expect(acquireMedia('none', { getUserMedia })).resolves.toBeNull();
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('asks for audio and video, or audio alone', async () => {
    const stream = {} as MediaStream;
    const getUserMedia = vi.fn().mockResolvedValue(stream);
    await expect(acquireMedia('camera', { getUserMedia })).resolves.toBe(stream);
    expect(getUserMedia.mock.calls[0]![0]).toMatchObject({ audio: {}, video: {} });
    await acquireMedia('audio', { getUserMedia });
    expect(getUserMedia.mock.calls[1]![0]).not.toHaveProperty('video');
  });

  it('turns a refusal into a MediaUnavailableError with the words to show', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(domError('NotAllowedError'));
    const error = await acquireMedia('camera', { getUserMedia }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaUnavailableError);
    expect((error as MediaUnavailableError).problem.kind).toBe('denied');
  });

  it('says the browser cannot do it when there is no mediaDevices (plain http)', async () => {
    const error = await acquireMedia('camera', undefined).catch((e: unknown) => e);
    expect((error as MediaUnavailableError).problem).toMatchObject({
      kind: 'unsupported',
      fallbacks: ['none'],
    });
  });
});
