import { describe, expect, it } from 'vitest';
import { inboxOf } from './email-inbox';

describe('inboxOf', () => {
  it('drops a +tag at any domain and lower-cases', () => {
    expect(inboxOf('Victim+1@Example.com')).toBe('victim@example.com');
    expect(inboxOf('victim+a+b@example.com')).toBe('victim@example.com');
    expect(inboxOf('victim@example.com')).toBe('victim@example.com');
  });

  it('keeps dots outside Gmail, where they name another mailbox', () => {
    expect(inboxOf('jose.nunez+x@example.com')).toBe('jose.nunez@example.com');
  });

  it('drops dots at Gmail, googlemail.com being gmail.com', () => {
    expect(inboxOf('Jose.Nunez+clinic@gmail.com')).toBe('josenunez@gmail.com');
    expect(inboxOf('j.o.s.e.nunez@googlemail.com')).toBe('josenunez@gmail.com');
  });

  it('leaves a local part that is only a tag, or no address at all, as it is', () => {
    expect(inboxOf('+tag@example.com')).toBe('+tag@example.com');
    expect(inboxOf('not-an-address')).toBe('not-an-address');
  });
});
