import { invalidMarks } from './invalidMarks';

describe('invalidMarks', () => {
  it('marks a refused control and names its error before its help', () => {
    expect(invalidMarks('amount-error', 'amount-help')).toEqual({
      isInvalid: true,
      'aria-invalid': true,
      'aria-describedby': 'amount-error amount-help',
    });
  });

  it.each([null, undefined, false, ''] as const)(
    'leaves a control not refused (%j) unmarked, described by its help only',
    (errorId) => {
      expect(invalidMarks(errorId, 'amount-help', false)).toEqual({
        isInvalid: false,
        'aria-invalid': undefined,
        'aria-describedby': 'amount-help',
      });
      expect(invalidMarks(errorId)['aria-describedby']).toBeUndefined();
    },
  );
});
