import { describe, expect, it } from 'vitest';
import {
  describeBuffers,
  describeLengths,
  lengthLabel,
  offerFirst,
  toggleLength,
} from './service-form';

describe('a service’s lengths in the form', () => {
  it('keeps the one offered first when others are ticked or unticked', () => {
    expect(toggleLength([], 45, true)).toEqual([45]);
    expect(toggleLength([45], 15, true)).toEqual([45, 15]);
    expect(toggleLength([45, 15], 90, true)).toEqual([45, 15, 90]);
    expect(toggleLength([45, 15, 90], 15, false)).toEqual([45, 90]);
    expect(toggleLength([45, 15, 90], 45, false)).toEqual([15, 90]);
    expect(offerFirst([30, 15, 45, 60], 60)).toEqual([60, 15, 30, 45]);
  });

  it('are said in minutes and hours, the first as the one offered first', () => {
    expect(lengthLabel(45)).toBe('45 min');
    expect(lengthLabel(60)).toBe('1 h');
    expect(lengthLabel(90)).toBe('1 h 30 min');
    expect(describeLengths([45])).toBe('45 min');
    expect(describeLengths([30, 15])).toBe('30 min (also 15 min)');
    expect(describeLengths([30, 15, 45, 60])).toBe('30 min (also 15 min, 45 min and 1 h)');
    expect(describeBuffers({ bufferBeforeMinutes: 0, bufferAfterMinutes: 0 })).toBe('None');
    expect(describeBuffers({ bufferBeforeMinutes: 5, bufferAfterMinutes: 15 })).toBe(
      '5 min before, 15 min after',
    );
  });
});
