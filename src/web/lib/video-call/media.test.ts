import { describe, expect, it, vi } from 'vitest';
import {
  acquireMedia,
  describeMediaProblem,
  MediaUnavailableError,
  readDeviceFacts,
} from './media';

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('describeMediaProblem', () => {
  it('blocked camera and microphone: only joining without them is offered', () => {
    for (const facts of [{}, { microphoneBlocked: true }]) {
      const p = describeMediaProblem(domError('NotAllowedError'), 'camera', facts);
      expect(p).toMatchObject({
        kind: 'denied',
        title: 'Your camera and microphone are blocked',
        fallbacks: ['none'],
      });
      expect(p.message).toMatch(/allow them in the site settings/);
      expect(p.message).not.toMatch(/microphone only/);
    }
  });

  it('only the camera blocked: the microphone alone is offered, and said so', () => {
    const p = describeMediaProblem(domError('NotAllowedError'), 'camera', {
      microphoneBlocked: false,
    });
    expect(p).toMatchObject({ title: 'Your camera is blocked', fallbacks: ['audio', 'none'] });
    expect(p.message).toMatch(/join with your microphone only/);
  });

  it('names what is missing, and offers the microphone only when there is one', () => {
    const noCamera = describeMediaProblem(domError('NotFoundError'), 'camera', {
      hasCamera: false,
      hasMicrophone: true,
    });
    expect(noCamera).toMatchObject({ title: 'No camera found', fallbacks: ['audio', 'none'] });
    expect(noCamera.message).toMatch(/join with your microphone only/);

    for (const facts of [{}, { hasCamera: false, hasMicrophone: false }]) {
      const nothing = describeMediaProblem(domError('NotFoundError'), 'camera', facts);
      expect(nothing).toMatchObject({
        title: 'No camera or microphone found',
        fallbacks: ['none'],
      });
      expect(nothing.message).not.toMatch(/microphone only/);
    }
    const noMic = describeMediaProblem(domError('NotFoundError'), 'camera', {
      hasCamera: true,
      hasMicrophone: false,
    });
    expect(noMic).toMatchObject({ title: 'No microphone found', fallbacks: ['none'] });
    const audioMode = describeMediaProblem(domError('NotFoundError'), 'audio');
    expect(audioMode).toMatchObject({ title: 'No microphone found', fallbacks: ['none'] });
  });

  it('never offers the microphone alone in words or buttons when it is known to be missing', () => {
    for (const name of ['NotReadableError', 'UnknownError']) {
      const p = describeMediaProblem(domError(name), 'camera', { hasMicrophone: false });
      expect(p.fallbacks).toEqual(['none']);
      expect(p.message).not.toMatch(/microphone only/);
    }
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

describe('readDeviceFacts', () => {
  it('reads the device kinds and whether the microphone is blocked', async () => {
    const facts = await readDeviceFacts(
      {
        getUserMedia: vi.fn(),
        enumerateDevices: vi.fn().mockResolvedValue([{ kind: 'audioinput' }]),
      },
      { query: vi.fn().mockResolvedValue({ state: 'denied' }) },
    );
    expect(facts).toEqual({ hasCamera: false, hasMicrophone: true, microphoneBlocked: true });
  });

  it('leaves out what the browser will not say', async () => {
    const facts = await readDeviceFacts(
      { getUserMedia: vi.fn() },
      { query: vi.fn().mockRejectedValue(new TypeError('unknown permission')) },
    );
    expect(facts).toEqual({});
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

  it('turns a refusal into a MediaUnavailableError with the words for this device', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(domError('NotFoundError'));
    const enumerateDevices = vi.fn().mockResolvedValue([{ kind: 'audioinput' }]);
    const permissions = { query: vi.fn().mockResolvedValue({ state: 'prompt' }) };
    const error = await acquireMedia(
      'camera',
      { getUserMedia, enumerateDevices },
      permissions,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaUnavailableError);
    expect((error as MediaUnavailableError).problem).toMatchObject({
      kind: 'missing',
      title: 'No camera found',
    });
  });

  it('says the browser cannot do it when there is no mediaDevices (plain http)', async () => {
    const error = await acquireMedia('camera', undefined).catch((e: unknown) => e);
    expect((error as MediaUnavailableError).problem).toMatchObject({
      kind: 'unsupported',
      fallbacks: ['none'],
    });
  });
});
