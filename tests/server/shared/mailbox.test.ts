import { describe, expect, it } from 'vitest';
import { mailboxKey } from '@server/shared/mailbox';

describe('mailboxKey: one key per inbox', () => {
  it('lower-cases and trims, and removes a +tag on every domain', () => {
    expect(mailboxKey('  Victim@Example.TEST ')).toBe('victim@example.test');
    expect(mailboxKey('victim+1@example.test')).toBe('victim@example.test');
    expect(mailboxKey('Victim+news+2@example.test')).toBe(
      'victim@example.test',
    );
  });

  it('keeps dots where the provider may not ignore them', () => {
    expect(mailboxKey('vic.tim@example.test')).toBe('vic.tim@example.test');
    expect(mailboxKey('vic.tim@example.test')).not.toBe(
      mailboxKey('victim@example.test'),
    );
  });

  it('follows Gmail: dots do not count and googlemail.com is gmail.com', () => {
    for (const spelling of [
      'victim@gmail.com',
      'vic.tim@gmail.com',
      'V.I.C.T.I.M+1@GMAIL.com',
      'vic.tim+x@googlemail.com',
      'victim@gmail.com.',
    ])
      expect(mailboxKey(spelling), spelling).toBe('victim@gmail.com');
  });

  it('leaves what is not an address (or a bare +tag) alone but for case and spaces', () => {
    expect(mailboxKey(' Not-An-Address ')).toBe('not-an-address');
    expect(mailboxKey('+only@example.test')).toBe('+only@example.test');
    expect(mailboxKey('a@b@example.test')).toBe('a@b@example.test');
  });
});
