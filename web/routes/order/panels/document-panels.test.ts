import { describe, expect, it } from 'vitest';
import type { Attachment } from '../../../../domain/contract/order-item';
import { approvalMessage } from './document-panels';

const file = (approved: boolean | null) => ({ approved }) as Attachment;

describe('approvalMessage: the approve-documents confirmation', () => {
  it('ends on the next state with one full stop, even after "Dispatch Reqd."', () => {
    expect(approvalMessage('100234-1', [file(true)], 'Dispatch Reqd.')).toBe(
      'Every file has been reviewed. 100234-1 moves on to Dispatch Reqd.',
    );
    expect(approvalMessage('100234-1', [file(null), file(false)], 'Ready for Translation')).toBe(
      '1 file not reviewed yet is marked approved by you. 1 rejected file stays rejected. ' +
        '100234-1 moves on to Ready for Translation.',
    );
  });
});
