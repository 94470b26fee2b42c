/* One mailbox however its address is written (issue 66 item 8): the key mail limits count by. */
import { describe, expect, it } from 'vitest';
import { mailboxOf } from '../../server/lib/mailbox-key';

describe('mailboxOf', () => {
  it('lower-cases and folds the +tag of the local part only', () => {
    expect(mailboxOf('Asha+News@Example.COM')).toBe('asha@example.com');
    expect(mailboxOf('asha+a+b@example.com')).toBe('asha@example.com');
    expect(mailboxOf(' asha@example.com ')).toBe('asha@example.com');
    expect(mailboxOf('asha@sub+domain.example')).toBe('asha@sub+domain.example');
    // All tag: nothing to fold it to.
    expect(mailboxOf('+x@example.com')).toBe('+x@example.com');
  });
});
